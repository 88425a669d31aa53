"""Reading and writing tokenizers.

Our format is one JSON object (UTF-8), versioned::

    {
      "format": "bpe-explorer-tokenizer",
      "version": 1,
      "name": "trained on corpus.en",            # or null
      "pretokenizer": "gpt2",                     # a name or "regex:<pattern>"
      "vocab": {"0": "00", "1": "01", ...},       # id -> token bytes in hex
      "merges": [[left_id, right_id, new_id], ...],   # in merge order
      "merge_counts": [count or null, ...],       # the pair's count when it was merged
      "special_tokens": {"<|endoftext|>": 500}
    }

Version 2 adds how the merges are read, written only when they are not read our way (so
files of our own training stay version 1): ``"merge_rule": "pair_ranks"`` (Hugging Face's
pair priorities), ``"ignore_merges": true`` (a piece that is a token is that token) and
``"rank_splits": true`` (tiktoken's rule), ``"normalizer": "NFC"`` (a Unicode normal form
applied before encoding), ``"bos": "<s>", "adds_bos": true`` (the beginning-of-sequence
special token and whether the model adds it); see :class:`~bpe_engine.Tokenizer`.

Saving is atomic (:mod:`.atomic`). Reading checks every field and says which one is wrong;
the tokenizer checks the rest (every merge's parts exist before it, ...) when it is built.
"""

from __future__ import annotations

import json
import os
from typing import TYPE_CHECKING, Any

from ..errors import TokenizerFileError
from ..kinds import MergeRule
from .atomic import atomic_write_bytes
from .base import Content, Format, ReadRequest, Writer, check_special_ids, check_specials, no_arguments
from .data import TokenizerData
from .jsonfile import load_json, short

if TYPE_CHECKING:
    from ..interface import ByteLevelTokenizerLike as Tokenizer

__all__ = [
    "FORMAT_NAME",
    "FORMAT_VERSION",
    "save_tokenizer",
    "tokenizer_json",
    "read_tokenizer",
    "tokenizer_to_dict",
    "data_from_dict",
    "FORMAT",
]

FORMAT_NAME = "bpe-explorer-tokenizer"
FORMAT_VERSION = 2  # the newest version this reads


def tokenizer_to_dict(tok: Tokenizer) -> dict[str, Any]:
    merge_ids = tok.merge_ids()
    rules: dict[str, Any] = {}
    if tok.pair_ranks:
        rules["merge_rule"] = "pair_ranks"
    if tok.ignore_merges:
        rules["ignore_merges"] = True
    if tok.rank_splits:
        rules["rank_splits"] = True
    if tok.normalizer is not None:
        rules["normalizer"] = tok.normalizer
    if tok.bos is not None:
        rules["bos"] = tok.bos
        rules["adds_bos"] = tok.adds_bos
    return {
        "format": FORMAT_NAME,
        "version": 2 if rules else 1,
        **rules,
        "name": tok.name,
        "pretokenizer": tok.pretokenizer.spec,
        "vocab": {str(i): tok.vocab[i].hex() for i in sorted(tok.vocab) if not tok.is_special(i)},
        "merges": [list(m) for m in merge_ids],
        "merge_counts": list(tok.merge_counts),
        "special_tokens": dict(tok.special_tokens),
    }


def tokenizer_json(tok: Tokenizer) -> bytes:
    """The file's bytes: UTF-8 JSON, compact. Two special tokens with one id are refused (the
    reader refuses such a file: which token would the id decode to?)."""
    check_specials(tok, "our format")
    return json.dumps(tokenizer_to_dict(tok), ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def save_tokenizer(tok: Tokenizer, path: str | os.PathLike[str]) -> None:
    data = tokenizer_json(tok)
    try:
        atomic_write_bytes(path, data)
    except OSError as exc:
        raise TokenizerFileError(f"{os.fspath(path)}: cannot save ({exc.strerror}); choose another folder") from None


def _fail(path: str, what: str) -> TokenizerFileError:
    return TokenizerFileError(f"{path}: {what}")


def data_from_dict(obj: Any, path: str = "<data>") -> TokenizerData:
    """The parts of a tokenizer from the parsed JSON of our format, every field checked."""
    _check_header(obj, path)
    name = obj.get("name")
    if name is not None and not isinstance(name, str):
        raise _fail(path, f"field 'name' must be a string or null, got {short(name)}")
    pretokenizer = obj["pretokenizer"]
    if not isinstance(pretokenizer, str):
        raise _fail(path, f"field 'pretokenizer' must be a string, got {short(pretokenizer)}")
    vocab = _vocab(obj["vocab"], path)
    merges, merge_ids = _merges(obj["merges"], vocab, path)
    counts = obj.get("merge_counts")
    if counts is not None:
        if not isinstance(counts, list) or len(counts) != len(merges):
            raise _fail(path, f"field 'merge_counts' must be a list of {len(merges)} counts (or nulls)")
        for r, c in enumerate(counts):
            if c is not None and (not isinstance(c, int) or isinstance(c, bool) or c < 0):
                raise _fail(path, f"merge_counts[{r}] must be a non-negative whole number or null, got {short(c)}")
    specials = _specials(obj["special_tokens"], vocab, path)
    normalizer = obj.get("normalizer")
    if normalizer is not None and normalizer not in ("NFC", "NFD", "NFKC", "NFKD"):
        raise _fail(path, f"field 'normalizer' must be NFC, NFD, NFKC, NFKD or null, got {short(normalizer)}")
    bos, adds_bos = obj.get("bos"), obj.get("adds_bos", False)
    if bos is not None and bos not in specials:
        raise _fail(path, f"field 'bos' must name one of the special tokens or be null, got {short(bos)}")
    if not isinstance(adds_bos, bool):
        raise _fail(path, f"field 'adds_bos' must be true or false, got {short(adds_bos)}")
    return TokenizerData(
        vocab,
        merges,
        specials,
        pretokenizer=pretokenizer,
        bos=bos,
        adds_bos=adds_bos,
        merge_counts=counts,
        merge_ids=merge_ids,
        name=name,
        merge_rule=_merge_rule(obj, path),
        normalizer=normalizer,
        source=path,
    )


def _check_header(obj: Any, path: str) -> None:
    """The top level is our format, of a version this reader knows, with every required field."""
    if not isinstance(obj, dict):
        raise _fail(path, "is not a BPE Explorer tokenizer (the top level is not a JSON object)")
    if "format" not in obj:
        raise _fail(path, "is not a BPE Explorer tokenizer (it has no field 'format', which ours always has)")
    if obj["format"] != FORMAT_NAME:
        raise _fail(
            path,
            # JSON's own notation for the value found (null, not Python's None): the reader wrote JSON
            f'is not a BPE Explorer tokenizer (its "format" is {json.dumps(obj["format"], default=str)[:80]}, '
            f'where ours have "format": "{FORMAT_NAME}")',
        )
    version = obj.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise _fail(path, f"field 'version' must be a whole number, got {short(version)}")
    if version > FORMAT_VERSION:
        raise _fail(
            path,
            f"was written by a newer BPE Explorer (format version {version}; this one reads up to {FORMAT_VERSION}); update BPE Explorer",
        )
    if version < 1:
        raise _fail(path, f"has an invalid format version {version}")
    for field in ("pretokenizer", "vocab", "merges", "special_tokens"):
        if field not in obj:
            raise _fail(path, f"field {field!r} is missing; the file is incomplete")


def _vocab(raw_vocab: Any, path: str) -> dict[int, bytes]:
    if not isinstance(raw_vocab, dict):
        raise _fail(path, "field 'vocab' must be an object mapping ids to hex bytes")
    vocab: dict[int, bytes] = {}
    for key, value in raw_vocab.items():
        try:
            i = int(key)
            if str(i) != key or i < 0:
                raise ValueError
        except ValueError:
            raise _fail(path, f"vocab key {short(key)} is not a token id (a non-negative whole number)") from None
        if not isinstance(value, str):
            raise _fail(path, f"vocab[{key}] must be a hex string, got {short(value)}")
        try:
            vocab[i] = bytes.fromhex(value)
        except ValueError:
            raise _fail(path, f"vocab[{key}] = {short(value)} is not valid hex") from None
    return vocab


def _merges(
    raw_merges: Any, vocab: dict[int, bytes], path: str
) -> tuple[list[tuple[bytes, bytes]], list[tuple[int, int]]]:
    if not isinstance(raw_merges, list):
        raise _fail(path, "field 'merges' must be a list of [left_id, right_id, new_id]")
    merges: list[tuple[bytes, bytes]] = []
    merge_ids: list[tuple[int, int]] = []
    for r, m in enumerate(raw_merges):
        if not isinstance(m, list) or len(m) != 3 or not all(isinstance(x, int) and not isinstance(x, bool) for x in m):
            raise _fail(path, f"merges[{r}] must be [left_id, right_id, new_id], got {short(m)}")
        a, b, z = m
        for x in (a, b, z):
            if x not in vocab:
                raise _fail(path, f"merges[{r}] refers to id {x}, which is not in 'vocab'")
        if vocab[z] != vocab[a] + vocab[b]:
            raise _fail(path, f"merges[{r}]: token {z} is not the concatenation of tokens {a} and {b}")
        merges.append((vocab[a], vocab[b]))
        merge_ids.append((a, b))
    return merges, merge_ids


def _specials(specials: Any, vocab: dict[int, bytes], path: str) -> dict[str, int]:
    if not isinstance(specials, dict):
        raise _fail(path, "field 'special_tokens' must be an object mapping token text to id")
    for tok, i in specials.items():
        if not isinstance(i, int) or isinstance(i, bool) or i < 0:
            raise _fail(path, f"special_tokens[{short(tok)}] must be a token id, got {short(i)}")
        if i in vocab:
            raise _fail(path, f"special token {short(tok)} has id {i}, which 'vocab' already uses")
    check_special_ids(specials.items(), path, "field 'special_tokens'")
    return specials


def _merge_rule(obj: dict[str, Any], path: str) -> MergeRule:
    rule = obj.get("merge_rule", "learned")
    if rule not in ("learned", "pair_ranks"):
        raise _fail(path, f"field 'merge_rule' must be 'learned' or 'pair_ranks', got {short(rule)}")
    flags = {}
    for key in ("ignore_merges", "rank_splits"):
        value = obj.get(key, False)
        if not isinstance(value, bool):
            raise _fail(path, f"field {key!r} must be true or false, got {short(value)}")
        flags[key] = value
    return MergeRule(
        pair_ranks=rule == "pair_ranks", ignore_merges=flags["ignore_merges"], rank_splits=flags["rank_splits"]
    )


def read_tokenizer(path: str | os.PathLike[str]) -> TokenizerData:
    """Read a file of our format (see the module docstring)."""
    path = os.fspath(path)
    return data_from_dict(load_json(path, "BPE Explorer tokenizer"), path)


def _detect(content: Content) -> bool:
    # Any JSON object with a "format" field (the sidecar of a rank file is asked first): a
    # wrong format value is then reported by data_from_dict, which says what ours look like.
    obj = content.json
    return isinstance(obj, dict) and "format" in obj


def _read(content: Content, request: ReadRequest) -> TokenizerData:
    no_arguments(content.path, "BPE Explorer tokenizer", request)
    return data_from_dict(content.json, content.path)


def _paths(path: str, folder: bool) -> list[str]:
    return [os.path.join(path, "tokenizer.json") if folder else path]


FORMAT = Format(
    name="ours",
    title="BPE Explorer tokenizer",
    patterns=("*.json",),
    detect=_detect,
    read=_read,
    order=20,
    writer=Writer(paths=_paths, files=lambda tok, paths: [tokenizer_json(tok)], suffix=".json"),
    menu_rank=0,
)
