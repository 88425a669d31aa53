"""BERT's ``vocab.txt``: one WordPiece token a line (the line number is the id), read with
BERT's defaults, as ``tokenizers``' ``BertWordPieceTokenizer(vocab)`` builds it.

Defaults: BertNormalizer (clean text, Chinese characters apart, lower-casing and accents
stripped), BertPreTokenizer, ``##`` continuation, ``[UNK]``, 100 characters a word at most,
``[CLS]`` ... ``[SEP]`` added around a text, the WordPiece decoder with its cleanup. The
special tokens ``[PAD]``, ``[UNK]``, ``[CLS]``, ``[SEP]``, ``[MASK]`` are those of them the
vocabulary holds. A ``tokenizer_config.json`` beside the file may change ``do_lower_case``,
``strip_accents``, ``tokenize_chinese_chars`` and the names of the special tokens (as
Hugging Face's ``BertTokenizerFast`` reads it).
"""

from __future__ import annotations

import os
from typing import Any

from ..errors import TokenizerFileError, short
from .base import Content, Format, ReadRequest, beside, display_name, load_recorded_json, no_arguments
from .data import WordPieceData
from .post_processor import SpecialAdditions

__all__ = ["read_bert_vocab", "FORMAT"]

_SPECIALS = {
    "unk_token": "[UNK]",
    "sep_token": "[SEP]",
    "cls_token": "[CLS]",
    "pad_token": "[PAD]",
    "mask_token": "[MASK]",
}
_HEAD = 4096  # lines looked at to recognise the format
_HEAD_BYTES = 1 << 20  # at most this much of the file holds them (vocab.txt lines are short)


def _lines(content: Content) -> list[str] | None:
    try:
        text = content.data.decode("utf-8")
    except UnicodeDecodeError:
        return None
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return [line.rstrip("\r") for line in lines]


def _space_in_head(data: bytes) -> bool:
    """Whether a space or tab lies in one of the lines :func:`_detect` looks at (then it says
    no): found without splitting the head into 4096 lines (1 ms of every open of a binary
    ``.model``, asked here before its own format)."""
    found = [i for i in (data.find(b" ", 0, _HEAD_BYTES), data.find(b"\t", 0, _HEAD_BYTES)) if i >= 0]
    if not found:
        return False
    at = min(found)
    if data.count(b"\n", 0, at) >= _HEAD:
        return False
    # (the line cut at _HEAD_BYTES in a longer file is not looked at)
    return len(data) <= _HEAD_BYTES or data.find(b"\n", at, _HEAD_BYTES) >= 0


def _detect(content: Content) -> bool:
    """A ``vocab.txt``: text lines without spaces, one of them ``[UNK]`` (or the file is so
    named); a GPT-2 ``merges.txt`` and a tiktoken file have two fields a line, JSON on one
    line does not start with a bracketed token."""
    # The head first, cut from the bytes: decoding and splitting all of a 2 MB rank file cost
    # a third of a second of every open of one (whose first line has a space).
    data = content.data
    if _space_in_head(data):
        return False
    head_bytes = data[:_HEAD_BYTES].split(b"\n", _HEAD)[:_HEAD]
    if len(data) > _HEAD_BYTES and len(head_bytes) < _HEAD:
        # the cut fell inside a line: drop it (a 15 MB JSON on a few lines was decoded whole)
        head_bytes.pop()
        if not head_bytes:
            return False  # a first line of 1 MB is no vocab.txt line
    try:  # decoded at once (a line at a time cost 2 ms on a binary .model, 4096 short lines)
        head = [line.rstrip("\r") for line in b"\n".join(head_bytes).decode("utf-8").split("\n")]
    except UnicodeDecodeError:
        return False
    if head and head[-1] == "" and len(head_bytes) < _HEAD:
        head.pop()  # the end of the file, as _lines does
    if not head or any(" " in line or "\t" in line for line in head):
        return False
    if content.is_json and not (head[0].startswith("[") and head[0].endswith("]") and '"' not in head[0]):
        return False  # JSON written on one line (a token such as [PAD] starts a vocab.txt)
    named = os.path.basename(content.path) == "vocab.txt" or "[UNK]" in head
    return named and bool(_lines(content))  # (all of it UTF-8, as reading it needs)


def _config(path: str) -> dict[str, Any]:
    found = beside(path, "tokenizer_config.json")
    if found is None:
        return {}
    config = load_recorded_json(found, "tokenizer_config.json")
    if not isinstance(config, dict):
        raise TokenizerFileError(f"{found}: is not a JSON object")
    config["__path__"] = found
    return config


def _setting(config: dict[str, Any], key: str, default: bool) -> bool:
    value = config.get(key, default)
    if value is None:
        return default
    if not isinstance(value, bool):
        raise TokenizerFileError(f"{config['__path__']}: {key} must be true or false, got {short(value)}")
    return value


def _name(config: dict[str, Any], key: str) -> str:
    value = config.get(key, _SPECIALS[key])
    if isinstance(value, dict):
        value = value.get("content")
    if not isinstance(value, str) or not value:
        raise TokenizerFileError(f"{config['__path__']}: {key} must be a token, got {short(value)}")
    return value


def read_bert_vocab(path: str, lines: list[str]) -> WordPieceData:
    """The WordPiece tokenizer of a ``vocab.txt`` (see the module docstring)."""
    tokens = dict(enumerate(lines))
    seen = {line: i for i, line in enumerate(lines)}  # a repeated token keeps its last id, as tokenizers' reader
    config = _config(path)
    names = {key: _name(config, key) for key in _SPECIALS}
    if names["unk_token"] not in seen:
        raise TokenizerFileError(f"{path}: has no line {short(names['unk_token'])}, the unknown token BERT needs")
    specials = {
        names[k]: seen[names[k]]
        for k in ("unk_token", "sep_token", "cls_token", "pad_token", "mask_token")
        if names[k] in seen
    }
    lowercase = _setting(config, "do_lower_case", True)
    cls, sep = names["cls_token"], names["sep_token"]
    additions = (
        SpecialAdditions(((cls, seen[cls]),), ((sep, seen[sep]),))
        if cls in seen and sep in seen
        else SpecialAdditions()
    )
    return WordPieceData(
        tokens=tokens,
        unk_token=names["unk_token"],
        lowercase=lowercase,
        strip_accents=_setting(config, "strip_accents", lowercase),
        handle_chinese_chars=_setting(config, "tokenize_chinese_chars", True),
        special_tokens=specials,
        additions=additions,
        bos=cls if additions else None,
        adds_bos=bool(additions),
        name=display_name(path),
        source=path,
    )


def _read(content: Content, request: ReadRequest) -> WordPieceData:
    no_arguments(content.path, "BERT vocab.txt", request)
    lines = _lines(content)
    if not lines:
        raise TokenizerFileError(f"{content.path}: is not a BERT vocab.txt (no lines of UTF-8 text)")
    return read_bert_vocab(content.path, lines)


FORMAT = Format(
    name="bert_vocab",
    title="BERT WordPiece vocab.txt",
    patterns=("vocab.txt", "*.txt"),
    detect=_detect,
    read=_read,
    order=5,  # before the JSON formats: a vocab.txt may start with [PAD]
    folder_files=("vocab.txt",),
    folder_rank=4,
    cannot_write="WordPiece tokenizers are read, not written",
    menu_rank=6,
)
