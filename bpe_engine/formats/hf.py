"""Hugging Face ``tokenizer.json`` files with a BPE model (a WordPiece model is
:mod:`.hf_wordpiece`'s, whose format is asked first).

Two BPE families are read, each exactly as Hugging Face's ``tokenizers`` encodes it:

- byte-level BPE (GPT-2, Llama 3, Qwen2): a ``ByteLevel`` pre-tokenizer, alone (GPT-2's
  regex) or after a ``Split`` regex with ``Isolated`` behaviour; the vocabulary is written in
  GPT-2's byte-to-unicode alphabet. Returns :class:`~.data.TokenizerData` with
  ``pair_ranks`` (Hugging Face merges by the rank of the pair: see
  :class:`~bpe_engine.Tokenizer`) and ``ignore_merges`` as the file says.
- SentencePiece-style BPE (Llama 2, Mistral): spaces become ``▁`` (a ``Replace`` normalizer
  or a ``Metaspace`` pre-tokenizer), ``▁`` put before the text (``Prepend`` or Metaspace's
  ``prepend_scheme``), ``<0xNN>`` tokens for byte fallback. Returns
  :class:`~.data.SentencePieceData` with the merge list.
- a ``Unigram`` model (T5, ALBERT) with the SentencePiece-style normalizer and pre-tokenizer:
  :mod:`.hf_unigram`.

The SentencePiece-style normalizer may also hold SentencePiece's ``remove_extra_whitespaces``
as transformers' ``SpmConverter`` writes it: ``Strip`` then ``Replace`` of the regex ``" {2,}"``
(no other regex is read, so none is run), read as ``tokenizers`` runs it (:class:`~.data.Trim`):
Strip takes every Unicode White_Space character, at both ends or (``left: false``) the right
only, of each part of the text between two added tokens, and Prepend's ``▁`` goes before each
part left non-empty.

Added tokens become special tokens (matched in the text when allowed, longest first, as
Hugging Face does; ``normalized`` ones by their normalized text). A byte-level file may have a
Unicode normal form as its normalizer (``NFC`` in Qwen2's). What these families cannot
express is refused, naming the component and the file: another model type (WordLevel), a normalizer or pre-tokenizer we do not reproduce, ``add_prefix_space``
(it prepends a space that decoding cannot take away), added tokens with ``lstrip``,
``rstrip`` or ``single_word``, dropout, subword prefixes or suffixes. Post-processors (they
only add tokens such as BOS around the ids of a text) and truncation/padding are not applied:
ids are those of ``encode(text, add_special_tokens=False)``.
"""

from __future__ import annotations

import base64
import os
from itertools import accumulate
from operator import add, itemgetter
from typing import TYPE_CHECKING, Any, cast

from .._vocab import byte_ids, resolve_merges, split_pairs
from ..errors import TokenizerFileError, short
from ..kinds import MergeRule
from .base import (
    Content,
    Format,
    ReadRequest,
    Writer,
    check_special_ids,
    check_specials,
    display_name,
    json_bytes,
    no_arguments,
    ordinary_tokens,
    pattern_of,
    pretokenizer_for,
    refuse,
)
from .data import BYTE, CONTROL, NORMAL, UNKNOWN, AnyTokenizerData, SentencePieceData, TokenizerData, Trim
from .gpt2 import gpt2_bytes_to_unicode
from .hf_unigram import unigram_from_hf
from .post_processor import additions_from_hf

if TYPE_CHECKING:
    from ..interface import ByteLevelTokenizerLike as Tokenizer

__all__ = [
    "HF_BYTE_LEVEL_PATTERN",
    "data_from_hf",
    "split_pattern",
    "added_tokens",
    "is_hf_tokenizer",
    "template_bos",
    "hf_json",
    "FORMAT",
]

# Hugging Face's ByteLevel regex (pre_tokenizers/byte_level.rs), used when use_regex is true.
HF_BYTE_LEVEL_PATTERN = r"'s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+"
_SPACE = "▁"
# Byte-level alphabet -> the byte it stands for (as a latin-1 character); every other character
# of latin-1 maps outside it, so that encoding the result to latin-1 fails on it.
_BYTE_LEVEL_TABLE = {ord(c): chr(b) for b, c in gpt2_bytes_to_unicode().items()}
_BYTE_LEVEL_TABLE.update({c: "\uffff" for c in range(256) if c not in _BYTE_LEVEL_TABLE})
_NORMAL_FORMS = ("NFC", "NFD", "NFKC", "NFKD")  # normalizers a byte-level tokenizer applies as they are
_POST_PROCESSORS = {"ByteLevel", "TemplateProcessing", "RobertaProcessing", "BertProcessing", "Sequence"}


def _fail(path: str, what: str) -> TokenizerFileError:
    return TokenizerFileError(f"{path}: {what}")


def is_hf_tokenizer(obj: object) -> bool:
    """True for the parsed JSON of a Hugging Face ``tokenizer.json`` (it has a ``model`` object)."""
    return isinstance(obj, dict) and isinstance(obj.get("model"), dict)


def _type(component: Any, where: str, path: str) -> str:
    if not isinstance(component, dict) or not isinstance(component.get("type"), str):
        raise _fail(path, f"{where} must be an object with a 'type', got {short(component)}")
    kind: str = component["type"]
    return kind


def _flag(component: dict[str, Any], key: str, default: bool, where: str, path: str) -> bool:
    value = component.get(key, default)
    if value is None:
        return default
    if not isinstance(value, bool):
        raise _fail(path, f"{where}.{key} must be true or false, got {short(value)}")
    return value


def _flatten(component: Any, key: str, where: str, path: str) -> list[tuple[dict[str, Any], str]]:
    """The parts of a component, with their place in the file (a ``Sequence`` is unfolded)."""
    if component is None:
        return []
    kind = _type(component, where, path)
    if kind != "Sequence":
        return [(component, where)]
    items = component.get(key)
    if not isinstance(items, list):
        raise _fail(path, f"{where}.{key} must be a list, got {short(items)}")
    out: list[tuple[dict[str, Any], str]] = []
    for k, item in enumerate(items):
        out += _flatten(item, key, f"{where}.{key}[{k}]", path)
    return out


def split_pattern(part: dict[str, Any], where: str, path: str) -> str:
    """The regex of a ``Split`` pre-tokenizer that isolates its matches (the only behaviour our
    pre-tokenizers express: every match and every stretch between matches is a piece)."""
    behavior = part.get("behavior")
    if behavior != "Isolated":
        raise _fail(
            path,
            f"{where}: Split with behavior {short(behavior)} is not supported; only 'Isolated' (every match "
            "and every stretch between matches is a piece) can be expressed by our pre-tokenizers",
        )
    # With Isolated, invert changes nothing: matches and the text between them are pieces alike.
    pattern = part.get("pattern")
    if isinstance(pattern, dict) and isinstance(pattern.get("Regex"), str) and len(pattern) == 1:
        regex_text: str = pattern["Regex"]
        return regex_text
    if isinstance(pattern, dict) and isinstance(pattern.get("String"), str) and len(pattern) == 1:
        import regex

        literal: str = regex.escape(pattern["String"])
        return literal
    raise _fail(path, f"{where}.pattern must be {{'Regex': ...}} or {{'String': ...}}, got {short(pattern)}")


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


def added_tokens(obj: dict[str, Any], path: str) -> list[tuple[str, int, bool, bool]]:
    """``(content, id, special, normalized)`` of every added token (``lstrip``, ``rstrip`` and
    ``single_word`` are refused: they change where a token matches in ways we do not)."""
    raw = obj.get("added_tokens")
    raw = [] if raw is None else raw
    if not isinstance(raw, list):
        raise _fail(path, f"added_tokens must be a list, got {short(raw)}")
    out: list[tuple[str, int, bool, bool]] = []
    for k, entry in enumerate(raw):
        where = f"added_tokens[{k}]"
        if not isinstance(entry, dict):
            raise _fail(path, f"{where} must be an object, got {short(entry)}")
        content, i = entry.get("content"), entry.get("id")
        if not isinstance(content, str) or not content:
            raise _fail(path, f"{where}.content must be a non-empty string, got {short(content)}")
        if not isinstance(i, int) or isinstance(i, bool) or i < 0:
            raise _fail(path, f"{where}.id must be a token id, got {short(i)}")
        for key in ("lstrip", "rstrip", "single_word"):
            if _flag(entry, key, False, where, path):
                raise _fail(
                    path,
                    f"{where} ({short(content)}) has {key}: true, which changes where the token matches; not supported",
                )
        out.append(
            (content, i, _flag(entry, "special", False, where, path), _flag(entry, "normalized", False, where, path))
        )
    check_special_ids(((c, i) for c, i, _, _ in out), path, "added_tokens")
    return out


def _merges(model: dict[str, Any], path: str) -> list[tuple[str, str]]:
    raw = model.get("merges")
    if not isinstance(raw, list):
        raise _fail(path, f"model.merges must be a list, got {short(raw)}")
    out: list[tuple[str, str]] = []
    for r, m in enumerate(raw):
        if isinstance(m, str):
            parts = m.split(" ")
        elif isinstance(m, list) and all(isinstance(x, str) for x in m):
            parts = m
        else:
            parts = []
        if len(parts) != 2 or not parts[0] or not parts[1]:
            raise _fail(path, f"model.merges[{r}] must be 'left right' or [left, right], got {short(m)}")
        out.append((parts[0], parts[1]))
    return out


def _vocab(model: dict[str, Any], path: str) -> dict[str, int]:
    raw = model.get("vocab")
    if not isinstance(raw, dict):
        raise _fail(path, f"model.vocab must be an object mapping tokens to ids, got {short(raw)}")
    ids = list(raw.values())
    if set(map(type, ids)) <= {int} and min(ids, default=0) >= 0 and len(set(ids)) == len(ids):
        return raw  # checked in C (a quarter of a second for 128,000 tokens one at a time)
    owner: dict[int, str] = {}  # (one at a time: to name the bad entry)
    for token, i in raw.items():
        if not isinstance(i, int) or isinstance(i, bool) or i < 0:
            raise _fail(path, f"model.vocab[{short(token)}] must be a token id, got {short(i)}")
        if i in owner:
            raise _fail(
                path, f"model.vocab: {short(owner[i])} and {short(token)} both have id {i}; the file is damaged"
            )
        owner[i] = token
    return raw


def _check_model(model: dict[str, Any], path: str) -> None:
    kind = model.get("type", "BPE" if "merges" in model else None)
    if kind != "BPE":
        raise _fail(
            path,
            f"model type {short(kind)} is not supported; only BPE (byte-level or SentencePiece-style) and "
            "WordPiece models are",
        )
    dropout = model.get("dropout")
    if dropout not in (None, 0, 0.0):
        raise _fail(path, f"model.dropout is {short(dropout)}: random merges are not supported (set it to null)")
    for key in ("continuing_subword_prefix", "end_of_word_suffix"):
        if model.get(key) not in (None, ""):
            raise _fail(path, f"model.{key} is {short(model.get(key))}; not supported")


def _check_post_processor(obj: dict[str, Any], path: str) -> None:
    for part, where in _flatten(obj.get("post_processor"), "processors", "post_processor", path):
        if part["type"] not in _POST_PROCESSORS:
            raise _fail(path, f"{where}: post-processor {short(part['type'])} is not supported")


def template_bos(obj: dict[str, Any], path: str) -> str | None:
    """The special token that the file's ``TemplateProcessing`` post-processor puts before
    every single text (the BOS it adds: Llama 3's ``<|begin_of_text|>``), or None."""
    for part, _ in _flatten(obj.get("post_processor"), "processors", "post_processor", path):
        single = part.get("single") if part["type"] == "TemplateProcessing" else None
        if isinstance(single, list) and single and isinstance(single[0], dict):
            first = single[0].get("SpecialToken")
            if isinstance(first, dict) and isinstance(first.get("id"), str):
                bos: str = first["id"]
                return bos
    return None


def data_from_hf(obj: Any, path: str) -> TokenizerData | SentencePieceData:
    """The tokenizer of a parsed ``tokenizer.json`` (see the module docstring)."""
    if not is_hf_tokenizer(obj):
        raise _fail(path, "is not a Hugging Face tokenizer.json (it has no 'model' object)")
    model: dict[str, Any] = obj["model"]
    unigram = model.get("type") == "Unigram"
    if not unigram:
        _check_model(model, path)
    _check_post_processor(obj, path)
    pre = _flatten(obj.get("pre_tokenizer"), "pretokenizers", "pre_tokenizer", path)
    name = os.path.basename(os.path.dirname(os.path.abspath(path))) or None
    found: TokenizerData | SentencePieceData
    if unigram:
        found = unigram_from_hf(obj, model, pre, path, name, _sentencepiece_style)
    elif any(part["type"] == "ByteLevel" for part, _ in pre):
        found = _byte_level(obj, model, path, name)
    elif _sentencepiece_signs(obj, model, pre, path):
        found = _sentencepiece_style(obj, model, pre, path, name)
    else:
        raise _fail(
            path,
            "is neither byte-level BPE (no ByteLevel pre-tokenizer) nor SentencePiece-style BPE (no Metaspace, "
            "▁ replacement or byte fallback); not supported",
        )
    bos = template_bos(obj, path)
    if bos is not None and bos in found.special_tokens:  # a template may name an ordinary token
        found.bos, found.adds_bos = bos, True
    _read_additions(obj, found, path)
    return found


def _read_additions(obj: dict[str, Any], found: TokenizerData | SentencePieceData, path: str) -> None:
    """What the file's post-processor adds around a text (kept apart from the model reading)."""
    specials = found.special_tokens
    if isinstance(found, TokenizerData):
        known: set[int] | range = set(found.vocab).union(specials.values() if isinstance(specials, dict) else ())
    else:
        known = range(len(found.pieces))
    found.additions = additions_from_hf(obj, path, known)


def _sentencepiece_signs(
    obj: dict[str, Any], model: dict[str, Any], pre: list[tuple[dict[str, Any], str]], path: str
) -> bool:
    """Whether a file that is not byte-level is SentencePiece-style (Metaspace, ▁, byte fallback)."""
    sp_signs = any(part["type"] == "Metaspace" for part, _ in pre) or _flag(
        model, "byte_fallback", False, "model", path
    )
    sp_signs = sp_signs or any(
        part["type"] in ("Replace", "Prepend")
        for part, _ in _flatten(obj.get("normalizer"), "normalizers", "normalizer", path)
    )
    return sp_signs


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


def _strip(part: dict[str, Any], prefix_follows: bool) -> Trim | None:
    """SentencePiece's trimming as ``tokenizers`` writes it: Strip at the right, and at the left
    too unless a ``▁`` is put before the text anyway (transformers' SpmConverter: ``left: false``
    with Metaspace's prefix, where a leading space becomes that ``▁``); None for another Strip."""
    right, left = part.get("strip_right"), part.get("strip_left")
    if right is not True:
        return None
    if left is True:
        return Trim.STRIP
    return Trim.STRIP_RIGHT if left is False and prefix_follows else None


def _is_extra_spaces(part: dict[str, Any]) -> bool:
    """A run of two or more spaces made one (``Replace`` with exactly the regex ``" {2,}"``:
    no other regex is run, so none can be slow or mean something else)."""
    return part.get("pattern") == {"Regex": " {2,}"} and part.get("content") in (" ", _SPACE)


def _sp_normalizer(obj: dict[str, Any], path: str, prefix_follows: bool) -> tuple[str, bool, bytes, Trim | None]:
    """``(prefix rule, spaces escaped, charsmap, how extra whitespace is removed or None)`` of a
    SentencePiece-style normalizer (``prefix_follows``: Metaspace puts a ``▁`` before the text)."""
    prefix, escaped, charsmap = "never", False, b""
    trimmed: Trim | None = None
    parts = _flatten(obj.get("normalizer"), "normalizers", "normalizer", path)
    for k, (part, where) in enumerate(parts):
        kind = part["type"]
        if k and parts[k - 1][0]["type"] == "Strip":  # (a Strip is read only with this Replace after it)
            if kind != "Replace" or not _is_extra_spaces(part):
                raise _fail(
                    path,
                    f"{where}: normalizer {short(kind)} after Strip is not supported; only "
                    "Replace(Regex(' {2,}'), ' ' or '▁') (SentencePiece's remove_extra_whitespaces) is",
                )
        elif kind == "Prepend" and part.get("prepend") == _SPACE and prefix == "never":
            prefix = "always"
        elif kind == "Replace" and part.get("pattern") == {"String": " "} and part.get("content") == _SPACE:
            escaped = True
        elif kind == "Precompiled" and isinstance(part.get("precompiled_charsmap"), str) and prefix == "never":
            try:
                charsmap = base64.b64decode(part["precompiled_charsmap"], validate=True)
            except ValueError:
                raise _fail(path, f"{where}.precompiled_charsmap is not base64") from None
        elif kind == "Strip" and not (trimmed or escaped or prefix != "never") and _strip(part, prefix_follows):
            trimmed = _strip(part, prefix_follows)
        else:
            raise _fail(
                path,
                f"{where}: normalizer {short(kind)} (with these settings, at this place) is not supported; "
                "SentencePiece-style files may use Precompiled, Strip with Replace(Regex(' {2,}'), ' ') "
                "(remove_extra_whitespaces), Prepend('▁') and Replace(' ', '▁')",
            )
    if parts and parts[-1][0]["type"] == "Strip":
        raise _fail(path, f"{parts[-1][1]}: a Strip without Replace(Regex(' {{2,}}'), ' ') after it is not supported")
    return prefix, escaped, charsmap, trimmed


def _check_sp_decoder(obj: dict[str, Any], path: str) -> None:
    """The decoder must undo what the normalizer did (▁ to space, bytes, the first ▁)."""
    for part, where in _flatten(obj.get("decoder"), "decoders", "decoder", path):
        kind = part["type"]
        if kind == "Replace" and part.get("pattern") == {"String": _SPACE} and part.get("content") == " ":
            continue
        if kind in ("ByteFallback", "Fuse", "Metaspace") or (kind == "Strip" and part.get("content") == " "):
            continue
        raise _fail(
            path,
            f"{where}: decoder {short(kind)} (with these settings) is not supported in a SentencePiece-style tokenizer",
        )


def _sentencepiece_style(
    obj: dict[str, Any], model: dict[str, Any], pre: list[tuple[dict[str, Any], str]], path: str, name: str | None
) -> SentencePieceData:
    _check_sp_decoder(obj, path)
    prefix_follows = any(
        part["type"] == "Metaspace"
        and part.get("prepend_scheme", "always" if part.get("add_prefix_space", True) else "never") != "never"
        for part, _ in pre
    )
    prefix, escaped, charsmap, trimmed = _sp_normalizer(obj, path, prefix_follows)
    split = False
    for part, where in pre:
        if part["type"] != "Metaspace":
            raise _fail(
                path,
                f"{where}: pre-tokenizer {short(part['type'])} is not supported in a SentencePiece-style tokenizer",
            )
        if part.get("replacement") != _SPACE:
            raise _fail(path, f"{where}.replacement must be '▁', got {short(part.get('replacement'))}")
        scheme = part.get("prepend_scheme")
        if scheme is None:
            scheme = "always" if _flag(part, "add_prefix_space", True, where, path) else "never"
        rules = {"always": "if_missing", "first": "first_if_missing", "never": "never"}
        if scheme not in rules:
            raise _fail(path, f"{where}.prepend_scheme must be always, first or never, got {short(scheme)}")
        if prefix != "never" and rules[scheme] != "never":
            raise _fail(path, f"{where}: a ▁ would be put before the text twice (Prepend and Metaspace); not supported")
        if rules[scheme] != "never":
            prefix = rules[scheme]
        split = _flag(part, "split", True, where, path)
        escaped = True
    if not escaped:
        raise _fail(
            path,
            "spaces are not replaced by ▁ (no Replace normalizer or Metaspace); not a SentencePiece-style tokenizer",
        )
    raw_vocab = _vocab(model, path)
    size = max(raw_vocab.values(), default=-1) + 1
    added = added_tokens(obj, path)
    size = max([size] + [i + 1 for _, i, _, _ in added])
    pieces: list[str | None] = [None] * size
    for token, i in raw_vocab.items():
        pieces[i] = token
    byte_fallback = _flag(model, "byte_fallback", False, "model", path)
    kinds = [NORMAL] * size
    for i, p in enumerate(pieces):
        if p is not None and byte_fallback and _is_byte_piece(p):
            kinds[i] = BYTE
    specials: dict[str, int] = {}
    normalized: set[str] = set()
    for content, i, _, is_normalized in added:
        if pieces[i] is not None and pieces[i] != content:
            raise _fail(path, f"added token {short(content)} has id {i}, which model.vocab gives to {short(pieces[i])}")
        pieces[i] = content
        kinds[i] = CONTROL
        specials[content] = i
        if is_normalized:
            normalized.add(content)
    unk = model.get("unk_token")
    unk_id: int | None = None
    if unk is not None:
        if not isinstance(unk, str) or unk not in raw_vocab:
            raise _fail(path, f"model.unk_token {short(unk)} is not in model.vocab")
        unk_id = raw_vocab[unk]
        kinds[unk_id] = UNKNOWN
        specials.setdefault(unk, unk_id)
    missing = [i for i, p in enumerate(pieces) if p is None]
    if missing:
        raise _fail(
            path,
            f"model.vocab has no token with id {missing[0]} ({len(missing)} ids missing); ids must be 0 to {size - 1}",
        )
    merges = []
    for r, (a, b) in enumerate(_merges(model, path)):
        for token in (a, b, a + b):
            if token not in raw_vocab:
                raise _fail(path, f"model.merges[{r}] ({short(a)} {short(b)}): {short(token)} is not in model.vocab")
        merges.append((raw_vocab[a], raw_vocab[b]))
    return SentencePieceData(
        pieces=[p for p in pieces if p is not None],
        scores=[0.0] * size,
        kinds=kinds,
        merges=merges,
        byte_fallback=byte_fallback,
        unk_id=unk_id,
        fuse_unk=_flag(model, "fuse_unk", False, "model", path),
        ignore_merges=_flag(model, "ignore_merges", False, "model", path),
        charsmap=charsmap,
        remove_extra_whitespaces=trimmed is not None,
        trim=trimmed or Trim.STRIP,
        escape_whitespaces=True,
        prefix=prefix,
        split_at_space=split,
        special_tokens=specials,
        normalized_specials=frozenset(normalized),
        name=name,
        source=path,
    )


def _is_byte_piece(piece: str) -> bool:
    return (
        len(piece) == 6
        and piece.startswith("<0x")
        and piece.endswith(">")
        and all(c in "0123456789ABCDEF" for c in piece[3:5])
    )


# -- writing -------------------------------------------------------------------------------


def _gpt2_chars(data: bytes) -> str:
    table = gpt2_bytes_to_unicode()
    return "".join(table[b] for b in data)


def hf_json(tok: Tokenizer) -> dict[str, Any]:
    """A ``tokenizer.json`` that Hugging Face's ``tokenizers`` encodes exactly as ``tok``:
    ``encode(text, add_special_tokens=False)`` gives ``tok.encode(text, allowed_special="all")``.

    Hugging Face merges one pair at a time by the pair's rank. Merges learned in order, or
    Hugging Face's own list, are written as they are; for tiktoken's rule (``rank_splits``)
    every split of a token is a merge, in token order, with ``ignore_merges`` as tiktoken's
    whole-piece shortcut.
    """
    check_specials(tok, "Hugging Face tokenizer.json")
    ordinary = ordinary_tokens(tok)
    vocab = {_gpt2_chars(b): i for i, b in sorted(ordinary.items())}
    if len(vocab) != len(ordinary):
        raise refuse("Hugging Face tokenizer.json", "two tokens have the same bytes")
    triples = tok.merge_ids()
    pairs = [(a, b) for a, b, _ in triples]
    if tok.rank_splits:
        new_ids = [z for _, _, z in triples]
        more = split_pairs(ordinary, new_ids, pairs)
        ranked = [(r, 0, a, b) for r, (a, b) in enumerate(pairs)] + [(r, 1, a, b) for a, b, r in more]
        ranked.sort()
        pairs = [(a, b) for _, _, a, b in ranked]
    merges = [[_gpt2_chars(ordinary[a]), _gpt2_chars(ordinary[b])] for a, b in pairs]
    # subtle: Hugging Face gives an added token the id of the model's token with its text, else
    # the next id after the model's vocabulary; so special tokens go into the vocabulary too.
    for t, i in tok.special_tokens.items():
        if vocab.setdefault(t, i) != i:
            raise refuse(
                "Hugging Face tokenizer.json", f"the special token {short(t)} has the text of an ordinary token"
            )
    split = {"type": "Split", "pattern": {"Regex": pattern_of(tok)}, "behavior": "Isolated", "invert": False}
    byte_level = {"type": "ByteLevel", "add_prefix_space": False, "trim_offsets": True, "use_regex": False}
    pre: dict[str, Any] = (
        byte_level if tok.pretokenizer.name == "none" else {"type": "Sequence", "pretokenizers": [split, byte_level]}
    )
    added = [
        {
            "id": i,
            "content": t,
            "single_word": False,
            "lstrip": False,
            "rstrip": False,
            "normalized": False,
            "special": True,
        }
        for t, i in sorted(tok.special_tokens.items(), key=lambda item: item[1])
    ]
    return {
        "version": "1.0",
        "truncation": None,
        "padding": None,
        "added_tokens": added,
        "normalizer": {"type": tok.normalizer} if tok.normalizer is not None else None,
        "pre_tokenizer": pre,
        "post_processor": {"type": "ByteLevel", "add_prefix_space": False, "trim_offsets": False, "use_regex": False},
        "decoder": {"type": "ByteLevel", "add_prefix_space": False, "trim_offsets": True, "use_regex": False},
        "model": {
            "type": "BPE",
            "dropout": None,
            "unk_token": None,
            "continuing_subword_prefix": None,
            "end_of_word_suffix": None,
            "fuse_unk": False,
            "byte_fallback": False,
            "ignore_merges": tok.ignore_merges,
            "vocab": vocab,
            "merges": merges,
        },
    }


def _read(content: Content, request: ReadRequest) -> AnyTokenizerData:
    no_arguments(content.path, "Hugging Face tokenizer.json", request)
    found = data_from_hf(content.json, content.path)
    found.name = display_name(content.path)
    return found


def _paths(path: str, folder: bool) -> list[str]:
    return [os.path.join(path, "tokenizer.json") if folder else path]


FORMAT = Format(
    name="hf",
    title="Hugging Face tokenizer.json",
    patterns=("tokenizer.json", "*.json"),
    detect=lambda content: is_hf_tokenizer(content.json),
    read=_read,
    order=30,
    folder_files=("tokenizer.json",),
    folder_rank=0,
    writer=Writer(paths=_paths, files=lambda tok, paths: [json_bytes(hf_json(tok))], suffix="-tokenizer.json"),
    menu_rank=1,
)
