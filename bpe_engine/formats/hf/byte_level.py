"""Byte-level BPE files (GPT-2, Llama 3, Qwen2): the pre-tokenizer (``ByteLevel``, alone or
after an ``Isolated`` ``Split``), a Unicode normal form as the only normalizer, the vocabulary
in GPT-2's byte-to-unicode alphabet, and the merges, resolved on first use. Vocabulary and
merges are made at once where every entry is plain (:func:`_bulk_vocab`,
:func:`_bulk_merges`), else one at a time to name the bad entry."""

from __future__ import annotations

from itertools import accumulate
from operator import add, itemgetter
from typing import Any, cast

from ..._vocab import byte_ids, resolve_merges
from ...errors import TokenizerFileError, short
from ...kinds import MergeRule
from ..base import pretokenizer_for
from ..data import TokenizerData
from ..gpt2 import gpt2_bytes_to_unicode
from .components import _fail, _flag, _flatten, _type, added_tokens, split_pattern
from .model import _merges, _vocab

__all__ = ["HF_BYTE_LEVEL_PATTERN"]


# Hugging Face's ByteLevel regex (pre_tokenizers/byte_level.rs), used when use_regex is true.
HF_BYTE_LEVEL_PATTERN = r"'s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+"
# Byte-level alphabet -> the byte it stands for (as a latin-1 character); every other character
# of latin-1 maps outside it, so that encoding the result to latin-1 fails on it.
_BYTE_LEVEL_TABLE = {ord(c): chr(b) for b, c in gpt2_bytes_to_unicode().items()}
_BYTE_LEVEL_TABLE.update({c: "\uffff" for c in range(256) if c not in _BYTE_LEVEL_TABLE})
_NORMAL_FORMS = ("NFC", "NFD", "NFKC", "NFKD")  # normalizers a byte-level tokenizer applies as they are


def _byte_level_pretokenizer(obj: dict[str, Any], path: str) -> str:
    """Our pre-tokenizer spec for a byte-level file's ``pre_tokenizer``."""
    parts = _flatten(obj.get("pre_tokenizer"), "pretokenizers", "pre_tokenizer", path)
    pattern: str | None = None
    for k, (part, where) in enumerate(parts):
        kind = part["type"]
        if kind == "ByteLevel":
            if k != len(parts) - 1:
                raise _fail(path, f"{where}: ByteLevel must be the last pre-tokenizer")
            if _flag(part, "add_prefix_space", True, where, path):
                raise _fail(
                    path,
                    f"{where}.add_prefix_space is true: a space is put before the text, which decoding cannot "
                    "take away again; not supported (our tokenizers decode to exactly the text they encoded)",
                )
            if _flag(part, "use_regex", True, where, path):
                if pattern is not None:
                    raise _fail(
                        path,
                        f"{where}: ByteLevel with use_regex after a Split cuts the text with two regexes in a row, "
                        "which our pre-tokenizers cannot express",
                    )
                pattern = HF_BYTE_LEVEL_PATTERN
        elif kind == "Split":
            if pattern is not None:
                raise _fail(path, f"{where}: a second Split is not supported (one regex cuts the text)")
            pattern = split_pattern(part, where, path)
        else:
            raise _fail(path, f"{where}: pre-tokenizer {short(kind)} is not supported in a byte-level tokenizer")
    if pattern is None:
        return "none"
    return pretokenizer_for(pattern)  # our names for tiktoken's own patterns (gpt2, cl100k, o200k)


def _byte_level(obj: dict[str, Any], model: dict[str, Any], path: str, name: str | None) -> TokenizerData:
    normalizer: str | None = None
    if obj.get("normalizer") is not None:
        kind = _type(obj["normalizer"], "normalizer", path)
        if kind not in _NORMAL_FORMS:
            raise _fail(
                path,
                f"normalizer {short(kind)} is not supported in a byte-level tokenizer (only the Unicode normal "
                f"forms {', '.join(_NORMAL_FORMS)} are)",
            )
        normalizer = kind
    decoder = obj.get("decoder")
    if decoder is not None and _type(decoder, "decoder", path) != "ByteLevel":
        raise _fail(path, f"decoder {short(decoder['type'])} is not supported in a byte-level tokenizer")
    pretokenizer = _byte_level_pretokenizer(obj, path)
    raw_vocab = _vocab(model, path)
    added = {i: content for content, i, _, _ in added_tokens(obj, path)}
    vocab: dict[int, bytes] = _bulk_vocab(raw_vocab, added) or {}
    table = _BYTE_LEVEL_TABLE
    for token, i in raw_vocab.items() if not vocab else ():  # (one at a time: to name a bad token)
        if added.get(i) == token:
            vocab[i] = token.encode("utf-8")  # an added token, in the vocabulary as its text
            continue
        try:
            vocab[i] = token.translate(table).encode("latin-1")
        except UnicodeEncodeError as exc:
            raise _fail(
                path,
                f"model.vocab token {short(token)} has the character {token[exc.start]!r}, which is not in the "
                "byte-level alphabet (GPT-2's byte-to-unicode table)",
            ) from None
        if not token:
            raise _fail(path, "model.vocab holds an empty token")
    specials: dict[str, int] = {}
    for i, content in added.items():
        if i in vocab and vocab[i] != content.encode("utf-8"):
            raise _fail(path, f"added token {short(content)} has id {i}, which model.vocab gives to another token")
        specials[content] = i
    ignore = _flag(model, "ignore_merges", False, "model", path)
    if not isinstance(model.get("merges"), list):  # (its entries are checked when first used)
        raise _fail(path, f"model.merges must be a list, got {short(model.get('merges'))}")
    return TokenizerData(
        vocab,
        [],
        specials,
        pretokenizer=pretokenizer,
        name=name,
        merge_rule=MergeRule.hugging_face(ignore_merges=ignore),
        normalizer=normalizer,
        source=path,
        merge_source=lambda: _resolve(model, raw_vocab, vocab, specials, path),
    )


def _resolve(
    model: dict[str, Any], raw_vocab: dict[str, int], vocab: dict[int, bytes], specials: dict[str, int], path: str
) -> list[tuple[int, int, int]]:
    """``(left id, right id, new id)`` of a byte-level file's merges, made on first use (a
    second or more for Llama 3's 280,000: opening without them is 3x faster). Errors name the
    file and the merge, as an eager read would."""
    bulk = _bulk_merges(model, raw_vocab, vocab)
    merges, merge_ids = bulk if bulk is not None else ([], [])
    get = raw_vocab.get
    for r, (a, b) in enumerate(_merges(model, path) if bulk is None else ()):  # (one at a time: to name a bad one)
        ia, ib = get(a), get(b)
        if ia is None or ib is None or a + b not in raw_vocab:
            part = a if ia is None else b if ib is None else a + b
            raise _fail(path, f"model.merges[{r}] ({short(a)} {short(b)}): {short(part)} is not in model.vocab")
        merges.append((vocab[ia], vocab[ib]))
        merge_ids.append((ia, ib))
    try:
        new_ids, pair_ids, ordinary = resolve_merges(vocab, merges, merge_ids, byte_ids(vocab), pair_ranks=True)
    except TokenizerFileError as exc:
        raise _fail(path, str(exc)) from None
    for content, i in specials.items():
        if i in ordinary:
            raise _fail(path, f"special token {short(content)} has id {i}, which is an ordinary token")
    return list(zip(map(itemgetter(0), pair_ids), map(itemgetter(1), pair_ids), new_ids))


def _bulk_vocab(raw_vocab: dict[str, int], added: dict[int, str]) -> dict[int, bytes] | None:
    """:func:`_byte_level`'s vocabulary made at once (the tokens joined, translated, encoded
    and cut; 10x the speed of a token at a time), or None when a token is not in the
    byte-level alphabet or is empty (the loop then names it)."""
    tokens = list(raw_vocab)
    lengths = list(map(len, tokens))
    if not tokens or min(lengths) < 1:
        return None
    try:
        joined = "".join(tokens).translate(_BYTE_LEVEL_TABLE).encode("latin-1")  # a byte per character
    except UnicodeEncodeError:
        return None  # (an added token in its own text may leave the alphabet: the loop takes it)
    ends = list(accumulate(lengths))
    vocab = dict(zip(raw_vocab.values(), map(joined.__getitem__, map(slice, [0, *ends[:-1]], ends))))
    for i, content in added.items():
        if raw_vocab.get(content) == i:
            vocab[i] = content.encode("utf-8")  # an added token, in the vocabulary as its text
    return vocab


def _bulk_merges(
    model: dict[str, Any], raw_vocab: dict[str, int], vocab: dict[int, bytes]
) -> tuple[list[tuple[bytes, bytes]], list[tuple[int, int]]] | None:
    """:func:`_byte_level`'s merges (their bytes and ids) made at once when every merge is a
    string ``"left right"`` of known tokens: the strings joined and split in C, the ids looked
    up with ``map``. None otherwise (the loop then names the bad merge)."""
    raw = model.get("merges")
    if not vocab or not isinstance(raw, list) or not raw or set(map(type, raw)) != {str}:
        return None
    text = "\n".join(raw)
    if text.count(" ") != len(raw) or text.count("\n") != len(raw) - 1:
        return None
    parts = text.replace("\n", " ").split(" ")
    if "" in parts:
        return None
    lefts, rights = parts[0::2], parts[1::2]
    get = raw_vocab.get
    left_ids, right_ids = list(map(get, lefts)), list(map(get, rights))
    if None in left_ids or None in right_ids or not raw_vocab.keys() >= set(map(add, lefts, rights)):
        return None
    ids = cast(list[int], left_ids), cast(list[int], right_ids)
    merges = list(zip(map(vocab.__getitem__, ids[0]), map(vocab.__getitem__, ids[1])))
    return merges, list(zip(*ids))
