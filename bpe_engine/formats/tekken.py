"""Mistral's Tekken tokenizer files (``tekken.json``, as ``mistral-common`` reads them).

One JSON object: ``config`` (``pattern``, ``default_vocab_size``,
``default_num_special_tokens``, ``version``), ``vocab`` (``{rank, token_bytes (base64),
token_str}`` in rank order) and, from version 7 on, ``special_tokens``
(``{rank, token_str, is_control}``). As in ``mistral-common``'s ``Tekkenizer``: the first
``default_num_special_tokens`` ids are reserved for special tokens (the listed ones, older
files get the fixed list of version 3, the rest are ``<SPECIAL_n>``), ordinary tokens are
shifted by that number, and the vocabulary is cut at ``default_vocab_size``. The ranks are a
tiktoken rank table, merged by tiktoken's rule (``rank_splits``, as for rank files). Special
tokens are never matched in text by Mistral's own encoder: ``encode_ordinary`` (or
``encode``, which refuses their text by default) gives its ids.
"""

from __future__ import annotations

import base64
import binascii
import functools
import operator
import os
import re
from itertools import islice
from typing import Any

from .._vocab import MAX_VOCAB
from ..errors import TokenizerFileError, short
from ..kinds import MergeRule
from .base import Content, Format, ReadRequest, no_arguments
from .data import TokenizerData
from .tekken_rows import TekkenRows
from .tiktoken import merge_triples_from_ranks, pretokenizer_for

__all__ = ["is_tekken", "data_from_tekken", "DEPRECATED_SPECIAL_TOKENS", "FORMAT"]

# mistral-common's Tekkenizer.DEPRECATED_SPECIAL_TOKENS (files of version 7 and older list none).
DEPRECATED_SPECIAL_TOKENS = (
    "<unk>",
    "<s>",
    "</s>",
    "[INST]",
    "[/INST]",
    "[AVAILABLE_TOOLS]",
    "[/AVAILABLE_TOOLS]",
    "[TOOL_RESULTS]",
    "[/TOOL_RESULTS]",
    "[TOOL_CALLS]",
    "[IMG]",
    "<pad>",
    "[IMG_BREAK]",
    "[IMG_END]",
    "[PREFIX]",
    "[MIDDLE]",
    "[SUFFIX]",
    "[SYSTEM_PROMPT]",
    "[/SYSTEM_PROMPT]",
    "[TOOL_CONTENT]",
)


def _fail(path: str, what: str) -> TokenizerFileError:
    return TokenizerFileError(f"{path}: {what}")


def is_tekken(obj: object) -> bool:
    """True for the parsed JSON of a Tekken file (a ``config`` with a ``pattern``, a ``vocab`` list)."""
    return (
        isinstance(obj, dict)
        and isinstance(obj.get("config"), dict)
        and "pattern" in obj["config"]
        and isinstance(obj.get("vocab"), (list, TekkenRows))
    )


def _whole(config: dict[str, Any], key: str, path: str) -> int:
    value = config.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise _fail(path, f"config.{key} must be a whole number of 0 or more, got {short(value)}")
    return value


def _specials(obj: dict[str, Any], version: int, count: int, path: str) -> dict[str, int]:
    raw = obj.get("special_tokens")
    if raw is None:
        if version > 7:
            raise _fail(path, f"has no special_tokens, which files of version {version} must list")
        names = list(DEPRECATED_SPECIAL_TOKENS)
    else:
        if not isinstance(raw, list):
            raise _fail(path, f"special_tokens must be a list, got {short(raw)}")
        names = []
        for k, entry in enumerate(raw):
            if not isinstance(entry, dict) or not isinstance(entry.get("token_str"), str) or not entry["token_str"]:
                raise _fail(path, f"special_tokens[{k}] must have a non-empty token_str, got {short(entry)}")
            if entry.get("rank") != k:
                raise _fail(path, f"special_tokens[{k}] has rank {short(entry.get('rank'))}, expected {k}")
            names.append(entry["token_str"])
    if len(set(names)) != len(names):
        raise _fail(path, "two special tokens have the same text")
    if len(names) > count:
        raise _fail(path, f"lists {len(names)} special tokens, more than config.default_num_special_tokens ({count})")
    names += [f"<SPECIAL_{i}>" for i in range(len(names), count)]
    if len(set(names)) != count:
        raise _fail(path, "a listed special token has the name of a filler <SPECIAL_n>")
    return {name: i for i, name in enumerate(names)}


def data_from_tekken(obj: Any, path: str) -> TokenizerData:
    """The tokenizer of a parsed Tekken file (see the module docstring)."""
    if not is_tekken(obj):
        raise _fail(path, "is not a Tekken tokenizer (it needs 'config' with a 'pattern' and a 'vocab' list)")
    config: dict[str, Any] = obj["config"]
    pattern = config.get("pattern")
    if not isinstance(pattern, str) or not pattern:
        raise _fail(path, f"config.pattern must be a regex, got {short(pattern)}")
    size = _whole(config, "default_vocab_size", path)
    count = _whole(config, "default_num_special_tokens", path)
    version_text = config.get("version")
    m = re.fullmatch(r"v(\d+)", version_text) if isinstance(version_text, str) else None
    if m is None:
        raise _fail(path, f"config.version must be like 'v3', got {short(version_text)}")
    specials = _specials(obj, int(m.group(1)), count, path)
    inner = size - count
    vocab_list: list[Any] | TekkenRows = obj["vocab"]
    if inner < 256 or inner > len(vocab_list):
        raise _fail(
            path,
            f"config.default_vocab_size - default_num_special_tokens is {inner}, but the vocab holds "
            f"{len(vocab_list)} tokens (and at least the 256 bytes are needed)",
        )
    tokens = _tokens(vocab_list, inner, path)
    vocab = dict(zip(range(count, count + inner), tokens))
    name = os.path.splitext(os.path.basename(path))[0] or None
    return TokenizerData(
        vocab,
        [],
        specials,
        pretokenizer=pretokenizer_for(pattern),
        # rebuilt on first use: exact splits never fail (merge_triples_from_ranks)
        # (the rank table made then too: 20 ms of an open that does not need it)
        merge_source=lambda: merge_triples_from_ranks(dict(zip(tokens, range(inner))), strict=False, offset=count),
        name=name,
        merge_rule=MergeRule.tiktoken(),
        # mistral-common's Tekkenizer names <s> its BOS; the caller of its encode decides to add it.
        bos="<s>" if "<s>" in specials else None,
        source=path,
        # (the ids are count.. and _tokens checked them: the 256 bytes first, then longer tokens)
        byte_id=list(range(count, count + 256)) if count + inner <= MAX_VOCAB else None,
    )


def _tokens(entries: list[Any] | TekkenRows, inner: int, path: str) -> list[bytes]:
    """The token bytes of ``entries[:inner]``, checked at C speed; the first bad entry, if
    any, is named by :func:`_tokens_slowly`."""
    # One pass per field, no Python-level call per entry: an entry that is not an object, or
    # a token_bytes that is not a string, makes itemgetter or a2b_base64 raise TypeError (no
    # pass of its own to check the types: each pass over 130k entries is 2-20 ms). No copy
    # of the entries or the tokens (islice): a list of 130k is 1 MB of fresh memory.
    try:
        if isinstance(entries, TekkenRows):  # (its ranks checked in place)
            tokens = list(map(_b64, entries.b64(inner)))
        else:
            if not all(map(operator.eq, map(_RANK, islice(entries, inner)), range(inner))):
                raise ValueError
            tokens = list(map(_b64, map(_TOKEN_BYTES, islice(entries, inner))))
    except (ValueError, KeyError, TypeError, binascii.Error):
        return _tokens_slowly(_head(entries, inner), path)
    if (
        tokens[:256] != _BYTES
        or min(map(len, islice(tokens, 256, None)), default=2) < 2
        or len(set(tokens)) != len(tokens)
    ):
        return _tokens_slowly(_head(entries, inner), path)
    return tokens


def _head(entries: list[Any] | TekkenRows, count: int) -> list[Any]:
    return (entries.entries() if isinstance(entries, TekkenRows) else entries)[:count]


_BYTES = [bytes([b]) for b in range(256)]
_RANK = operator.itemgetter("rank")
_TOKEN_BYTES = operator.itemgetter("token_bytes")
_b64 = functools.partial(binascii.a2b_base64, strict_mode=True)


def _tokens_slowly(entries: list[Any], path: str) -> list[bytes]:
    ranks: dict[bytes, int] = {}
    for r, entry in enumerate(entries):
        if not isinstance(entry, dict) or entry.get("rank") != r or not isinstance(entry.get("token_bytes"), str):
            raise _fail(path, f"vocab[{r}] must be {{'rank': {r}, 'token_bytes': base64, ...}}, got {short(entry)}")
        try:
            token = base64.b64decode(entry["token_bytes"], validate=True)
        except ValueError:
            raise _fail(path, f"vocab[{r}].token_bytes is not base64: {short(entry['token_bytes'])}") from None
        if (r < 256 and token != bytes([r])) or (r >= 256 and len(token) < 2):
            raise _fail(path, f"vocab[{r}] is {short(token)}; ranks 0-255 must be the single bytes, the rest longer")
        if token in ranks:
            raise _fail(path, f"vocab[{r}] repeats the token of vocab[{ranks[token]}]")
        ranks[token] = r
    return list(ranks)


def _read(content: Content, request: ReadRequest) -> TokenizerData:
    no_arguments(content.path, "Tekken tokenizer", request)
    return data_from_tekken(content.json, content.path)


FORMAT = Format(
    name="tekken",
    title="Mistral Tekken JSON",
    patterns=("tekken*.json", "*.json"),
    detect=lambda content: is_tekken(content.json),
    read=_read,
    order=40,
    folder_files=("tekken.json", "*tekken*.json"),
    folder_rank=1,
    cannot_write=(
        "Tekken files are mistral-common's, with its own special-token layout; export to tiktoken "
        "(the same rank table) or to a Hugging Face tokenizer.json instead"
    ),
    menu_rank=5,
)
