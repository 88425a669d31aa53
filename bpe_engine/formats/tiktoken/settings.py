"""Rank files completed by what lies beside them: a rank file holds no pattern and no
special tokens, so they come from the caller, our export's sidecar, a ``tokenizer.json`` and
``tokenizer_config.json`` beside it, or a known OpenAI encoding of the same name."""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from typing import Any

from ...errors import PatternNeededError, TokenizerFileError
from ..base import (
    OPENAI_PATTERNS,
    SpecialTokens,
    beside,
    check_special_ids,
    display_name,
    load_recorded_json,
    load_recorded_settings,
)
from ..data import TokenizerData
from ..hf import added_tokens, is_hf_tokenizer, split_pattern, template_bos
from ..jsonfile import short
from .encodings import OPENAI_ENCODINGS
from .merges import data_from_rank_file
from .write import SIDECAR_FORMAT

__all__ = ["is_rank_file"]


_RANK_LINE = re.compile(rb"[A-Za-z0-9+/]+=* [0-9]+\r?")


def is_rank_file(data: bytes) -> bool:
    """Whether ``data`` starts like a rank file (``base64 rank``)."""
    # The head first: stripping and splitting all of the data copied it twice (a 0.6 MB
    # SentencePiece .model, asked here before its own format, starts with a newline byte).
    head = data[:_HEAD].lstrip(b"\n")
    if b"\n" not in head and len(data) > _HEAD:  # the first line (or the newlines) run on
        head = data.lstrip(b"\n")
    first = head.split(b"\n", 1)[0]
    return bool(_RANK_LINE.fullmatch(first))


_HEAD = 4096


def _read_ranks(path: str, data: bytes, pattern: str | None, special_tokens: SpecialTokens | None) -> TokenizerData:
    """A rank file, completed by the arguments or by what :func:`_settings_for` finds."""
    found_pattern, found_specials, where = (None, None, "")
    loaded: dict[str, Any] = {}  # the files beside it, each parsed once (a tokenizer.json: 9 MB)
    if pattern is None or special_tokens is None:
        found_pattern, found_specials, where = _settings_for(path, loaded)
    final_pattern = pattern if pattern is not None else found_pattern
    if final_pattern is None:
        raise PatternNeededError(path, found_specials, where)
    if special_tokens is None:
        specials = found_specials or {}
    elif isinstance(special_tokens, Mapping):
        specials = dict(special_tokens)
    else:
        specials = {}
        next_id = _max_rank(data) + 1
        for tok in special_tokens:
            if tok not in specials:
                specials[tok] = next_id
                next_id += 1
    found = data_from_rank_file(data, path, final_pattern, specials, display_name(path))
    if where:
        found.extra["settings_from"] = where
    found.bos, found.adds_bos = _bosbeside(path, specials, loaded)
    return found


_HF = "Hugging Face tokenizer.json"
# What a rank file takes from a tokenizer.json beside it; its "model" (8 of Llama 3.2's 8.2 MB,
# written last) is not parsed for them: parsing it took three times as long as the rank file.
_HF_SETTINGS = ("added_tokens", "pre_tokenizer", "post_processor")


def _load_beside(path: str, what: str, loaded: dict[str, Any]) -> Any:
    """``load_recorded_json``, once per file for one open (``loaded`` keeps what was parsed)."""
    if path not in loaded:
        loaded[path] = load_recorded_json(path, what)
    return loaded[path]


def _hf_beside(path: str, loaded: dict[str, Any]) -> Any:
    """The settings of a ``tokenizer.json`` beside a rank file, once per file for one open."""
    if path not in loaded:
        loaded[path] = load_recorded_settings(path, _HF, "model", _HF_SETTINGS)
    return loaded[path]


def _bosbeside(path: str, specials: Mapping[str, int], loaded: dict[str, Any] | None = None) -> tuple[str | None, bool]:
    """``(bos, adds_bos)`` for a rank file, from the ``tokenizer.json`` beside it (its
    template's first special token, which it adds), else ``tokenizer_config.json``'s
    ``bos_token`` and ``add_bos_token``; ``(None, False)`` when neither names a special token."""
    stem = os.path.splitext(os.path.basename(path))[0]
    loaded = {} if loaded is None else loaded
    hf = beside(path, f"{stem}.json", "tokenizer.json")
    if hf is not None:
        obj = _hf_beside(hf, loaded)
        bos = template_bos(obj, hf) if is_hf_tokenizer(obj) else None
        if bos is not None and bos in specials:
            return bos, True
    config = beside(path, f"{stem}_config.json", "tokenizer_config.json")
    if config is not None:
        obj = _load_beside(config, "tokenizer_config.json", loaded)
        if isinstance(obj, dict):
            bos = obj.get("bos_token")
            if isinstance(bos, dict):  # older files: {"content": ..., "lstrip": ...}
                bos = bos.get("content")
            if isinstance(bos, str) and bos in specials:
                return bos, obj.get("add_bos_token") is True
    return None, False


def _settings_for(path: str, loaded: dict[str, Any] | None = None) -> tuple[str | None, dict[str, int] | None, str]:
    """``(pattern, special tokens, where they came from)`` for a rank file: its sidecar
    (``<file>.json``, written by our export), else a ``tokenizer.json`` and
    ``tokenizer_config.json`` beside it (also named ``<stem>.json``, ``<stem>_config.json``),
    else a known OpenAI encoding of the same name; None where nothing was found."""
    sidecar = beside(path, os.path.basename(path) + ".json")
    if sidecar is not None:
        spec = load_recorded_json(sidecar, "tiktoken sidecar")
        if isinstance(spec, dict) and spec.get("format") == SIDECAR_FORMAT:
            pattern, specials = _sidecar(spec, sidecar)
            return pattern, specials, os.path.basename(sidecar)
    stem = os.path.splitext(os.path.basename(path))[0]
    known = OPENAI_ENCODINGS.get(stem)
    found_pattern = OPENAI_PATTERNS[known[0]] if known else None
    found_specials = dict(known[1]) if known else None
    where = [f"OpenAI's {stem}"] if known else []
    hf = beside(path, f"{stem}.json", "tokenizer.json")
    if hf is not None:
        obj = _hf_beside(hf, {} if loaded is None else loaded)
        if is_hf_tokenizer(obj):
            found_pattern = _pattern_of(obj, hf)
            found_specials = {content: i for content, i, _, _ in added_tokens(obj, hf)}
            where = [os.path.basename(hf)]
    config = beside(path, f"{stem}_config.json", "tokenizer_config.json")
    if config is not None:
        specials = _config_specials(config)
        if specials:
            found_specials = specials
            where.append(os.path.basename(config))
    return found_pattern, found_specials, " and ".join(where)


def _sidecar(spec: dict[str, Any], path: str) -> tuple[str, dict[str, int]]:
    pattern, specials = spec.get("pattern"), spec.get("special_tokens")
    if not isinstance(pattern, str) or not pattern:
        raise TokenizerFileError(f"{path}: field 'pattern' must be a regex, got {short(pattern)}")
    if not isinstance(specials, dict) or not all(
        isinstance(i, int) and not isinstance(i, bool) and i >= 0 for i in specials.values()
    ):
        raise TokenizerFileError(f"{path}: field 'special_tokens' must map names to ids, got {short(specials)}")
    check_special_ids(specials.items(), path, "special_tokens")
    return pattern, specials


def _max_rank(data: bytes) -> int:
    last = -1
    for line in data.split(b"\n"):
        parts = line.split()
        if len(parts) == 2 and parts[1].isdigit():
            last = max(last, int(parts[1]))
    return last


def _pattern_of(obj: dict[str, Any], path: str) -> str:
    """The regex of a Hugging Face file's ``Split`` pre-tokenizer (what a rank file lacks)."""
    pre = obj.get("pre_tokenizer")
    parts = pre.get("pretokenizers") if isinstance(pre, dict) and pre.get("type") == "Sequence" else [pre]
    for k, part in enumerate(parts if isinstance(parts, list) else []):
        if isinstance(part, dict) and part.get("type") == "Split":
            return split_pattern(part, f"pre_tokenizer.pretokenizers[{k}]", path)
    raise TokenizerFileError(f"{path}: has no Split pre-tokenizer, so it gives no pattern for the rank file beside it")


def _config_specials(path: str) -> dict[str, int]:
    obj = load_recorded_json(path, "tokenizer_config.json")
    decoder = obj.get("added_tokens_decoder") if isinstance(obj, dict) else None
    if decoder is None:
        return {}
    if not isinstance(decoder, dict):
        raise TokenizerFileError(f"{path}: added_tokens_decoder must be an object, got {short(decoder)}")
    out: dict[str, int] = {}
    for key, entry in decoder.items():
        if not key.isdigit() or not isinstance(entry, dict) or not isinstance(entry.get("content"), str):
            raise TokenizerFileError(
                f"{path}: added_tokens_decoder[{short(key)}] must be {{'content': ...}} under an id"
            )
        out[entry["content"]] = int(key)
    check_special_ids(((entry["content"], int(key)) for key, entry in decoder.items()), path, "added_tokens_decoder")
    return out
