"""Which format a tokenizer file is, told from its content (not only its name), and reading it.

:func:`read_any` takes a file or a folder and returns the parts of a tokenizer:
:class:`~.data.TokenizerData` (byte-level BPE) or :class:`~.data.SentencePieceData`
(character-level BPE with byte fallback). :func:`bpe_engine.load_tokenizer` builds the
tokenizer from them. Recognised:

- JSON: our format (``"format": "bpe-explorer-tokenizer"``), a Hugging Face
  ``tokenizer.json`` (a ``model`` object), a Tekken file (``config`` and a ``vocab`` list), a
  GPT-2 ``vocab.json`` (token -> id; its ``merges.txt`` is looked for beside it);
- a GPT-2 ``merges.txt`` (its ``vocab.json`` beside it);
- a tiktoken rank file (``base64 rank`` lines, whatever its name: Llama 3 calls its one
  ``tokenizer.model``): the pattern and special tokens come from the arguments, from a known
  OpenAI encoding of the same name, or from a ``tokenizer.json`` / ``tokenizer_config.json``
  beside it; without any, the error says what to pass;
- a SentencePiece model (a protocol buffer);
- a folder holding one of these (``tokenizer.json`` first).
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Mapping
from contextvars import ContextVar
from typing import Any

from .._files import FileProblem, read_regular
from ..errors import ConfigError, PatternNeededError, TokenizerFileError, short
from .data import SentencePieceData, TokenizerData
from .gpt2 import read_gpt2_files
from .hf import added_tokens, data_from_hf, is_hf_tokenizer, split_pattern, template_bos
from .jsonfile import load_json, parse_json
from .ours import data_from_dict
from .sentencepiece import data_from_model_proto, looks_like_model_proto
from .tekken import data_from_tekken, is_tekken
from .tiktoken import OPENAI_ENCODINGS, OPENAI_PATTERNS, SIDECAR_FORMAT, data_from_rank_file, pretokenizer_for

__all__ = ["read_any", "display_name", "FOLDER_FILES", "SpecialTokens"]

SpecialTokens = Mapping[str, int] | Iterable[str]

#: What a folder is searched for, in this order.
FOLDER_FILES = ("tokenizer.json", "tekken.json", "tokenizer.model", "vocab.json")
_RANK_LINE = re.compile(rb"[A-Za-z0-9+/]+=* [0-9]+\r?")
_HF_CACHE_DIR = re.compile(r"models--([^/\\]+?)--([^/\\]+)[/\\]snapshots[/\\]")


def display_name(path: str) -> str:
    """A name for the tokenizer at ``path``: ``org/name`` inside a Hugging Face cache, else
    the file's name without extension, or its folder's when the file has a generic name."""
    m = _HF_CACHE_DIR.search(os.path.abspath(path))
    if m:
        return f"{m.group(1)}/{m.group(2)}"
    stem = os.path.splitext(os.path.basename(path))[0]
    if stem in ("tokenizer", "vocab", "merges", "tekken", ""):
        return os.path.basename(os.path.dirname(os.path.abspath(path))) or stem
    return stem


_files_read: ContextVar[list[str] | None] = ContextVar("files_read", default=None)


def _record(path: str) -> None:
    files = _files_read.get()
    if files is not None and os.path.abspath(path) not in files:
        files.append(os.path.abspath(path))


def _load_json(path: str, what: str) -> Any:
    _record(path)
    return load_json(path, what)


def _read(path: str) -> bytes:
    _record(path)
    try:
        return read_regular(path, what="tokenizer file")
    except FileProblem as exc:
        raise TokenizerFileError(str(exc)) from None


def _is_rank_file(data: bytes) -> bool:
    first = data.lstrip(b"\n").split(b"\n", 1)[0]
    return bool(_RANK_LINE.fullmatch(first))


def _is_merges_txt(data: bytes) -> bool:
    if data.startswith(b"#version"):
        return True
    first = data.split(b"\n", 1)[0].rstrip(b"\r")
    parts = first.split(b" ")
    return len(parts) == 2 and all(parts) and not parts[1].isdigit() and b"\x00" not in first


def _beside(path: str, *names: str) -> str | None:
    """The first of ``names`` that is a file in the folder of ``path`` (never ``path`` itself)."""
    folder = os.path.dirname(os.path.abspath(path))
    for name in names:
        candidate = os.path.join(folder, name)
        if os.path.isfile(candidate) and os.path.abspath(candidate) != os.path.abspath(path):
            return candidate
    return None


def _no_arguments(path: str, kind: str, pattern: str | None, special_tokens: object) -> None:
    if pattern is not None or special_tokens is not None:
        raise ConfigError(
            f"{path}: is a {kind}, which holds its own pre-tokenizer and special tokens; "
            "pattern and special_tokens are for tiktoken rank files and GPT-2 files"
        )


def read_any(
    path: str | os.PathLike[str],
    *,
    pattern: str | None = None,
    special_tokens: SpecialTokens | None = None,
    files: list[str] | None = None,
) -> TokenizerData | SentencePieceData:
    """The parts of the tokenizer in a file or folder (see the module docstring). ``files``,
    when given, receives the absolute path of every file read (what an output must not
    overwrite)."""
    token = _files_read.set(files)
    try:
        return _read_any(os.fspath(path), pattern, special_tokens)
    finally:
        _files_read.reset(token)


def _read_any(
    path: str, pattern: str | None, special_tokens: SpecialTokens | None
) -> TokenizerData | SentencePieceData:
    if os.path.isdir(path):
        path = _in_folder(path)
    data = _read(path)
    head = data[:64].lstrip(b"\xef\xbb\xbf \t\r\n")
    if head.startswith((b"{", b"[")):
        return _read_json(path, data, pattern, special_tokens)
    if _is_rank_file(data):
        return _read_ranks(path, data, pattern, special_tokens)
    if _is_merges_txt(data):
        vocab = _beside(path, os.path.basename(path).replace("merges.txt", "vocab.json"), "vocab.json")
        if vocab is None:
            raise TokenizerFileError(f"{path}: is a GPT-2 merges.txt, but no vocab.json is beside it")
        return _gpt2(vocab, path, pattern, special_tokens)
    if looks_like_model_proto(data):
        _no_arguments(path, "SentencePiece model", pattern, special_tokens)
        model = data_from_model_proto(data, path)
        model.name = display_name(path)
        return model
    if not data.strip():
        raise TokenizerFileError(f"{path}: is empty; it is not a tokenizer file")
    raise TokenizerFileError(
        f"{path}: is not a tokenizer file this program knows (ours, Hugging Face tokenizer.json, Tekken, "
        "GPT-2 vocab.json + merges.txt, a tiktoken rank file, a SentencePiece .model)"
    )


def _in_folder(folder: str) -> str:
    for name in FOLDER_FILES:
        candidate = os.path.join(folder, name)
        if os.path.isfile(candidate):
            return candidate
    found = sorted(f for f in os.listdir(folder) if f.endswith((".tiktoken", ".model")) or "tekken" in f)
    if found:
        return os.path.join(folder, found[0])
    raise TokenizerFileError(
        f"{folder}: is a folder without a tokenizer file (looked for {', '.join(FOLDER_FILES)}, "
        "*.tiktoken, *.model); choose the file itself"
    )


def _read_json(
    path: str, data: bytes, pattern: str | None, special_tokens: SpecialTokens | None
) -> TokenizerData | SentencePieceData:
    obj = parse_json(data, path, "tokenizer file")
    if isinstance(obj, dict) and obj.get("format") == SIDECAR_FORMAT:
        _no_arguments(path, "tiktoken sidecar (it names the pattern and special tokens)", pattern, special_tokens)
        ranks = obj.get("ranks")
        target = _beside(path, ranks) if isinstance(ranks, str) and os.path.basename(ranks) == ranks else None
        if target is None:
            raise TokenizerFileError(f"{path}: the rank file it names ({short(ranks)}) is not beside it")
        return _read_ranks(target, _read(target), None, None)
    if isinstance(obj, dict) and "format" in obj:
        _no_arguments(path, "BPE Explorer tokenizer", pattern, special_tokens)
        return data_from_dict(obj, path)
    if is_hf_tokenizer(obj):
        _no_arguments(path, "Hugging Face tokenizer.json", pattern, special_tokens)
        found = data_from_hf(obj, path)
        found.name = display_name(path)
        return found
    if is_tekken(obj):
        _no_arguments(path, "Tekken tokenizer", pattern, special_tokens)
        return data_from_tekken(obj, path)
    if isinstance(obj, dict) and ("added_tokens_decoder" in obj or "tokenizer_class" in obj):
        raise TokenizerFileError(
            f"{path}: is a tokenizer_config.json (settings only, no vocabulary); open the tokenizer.json or "
            "tokenizer.model beside it"
        )
    if isinstance(obj, dict) and len(obj) >= 256 and all(isinstance(v, int) for v in obj.values()):
        merges = _beside(path, os.path.basename(path).replace("vocab.json", "merges.txt"), "merges.txt")
        if merges is None:
            raise TokenizerFileError(f"{path}: is a GPT-2 vocab.json, but no merges.txt is beside it")
        return _gpt2(path, merges, pattern, special_tokens)
    raise TokenizerFileError(
        f"{path}: is JSON but no tokenizer format this program knows (ours, Hugging Face tokenizer.json, "
        "Tekken, GPT-2 vocab.json)"
    )


def _gpt2(vocab: str, merges: str, pattern: str | None, special_tokens: SpecialTokens | None) -> TokenizerData:
    if isinstance(special_tokens, Mapping):
        raise ConfigError("for GPT-2 files give special_tokens as a list of names (their ids are in vocab.json)")
    _record(vocab)
    _record(merges)
    found = read_gpt2_files(vocab, merges, special_tokens)
    if pattern is not None:
        found.pretokenizer = pretokenizer_for(pattern)
    found.name = display_name(vocab)
    return found


def _read_ranks(path: str, data: bytes, pattern: str | None, special_tokens: SpecialTokens | None) -> TokenizerData:
    """A rank file, completed by the arguments or by what :func:`_settings_for` finds."""
    found_pattern, found_specials, where = (None, None, "")
    if pattern is None or special_tokens is None:
        found_pattern, found_specials, where = _settings_for(path)
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
    found.bos, found.adds_bos = _bos_beside(path, specials)
    return found


def _bos_beside(path: str, specials: Mapping[str, int]) -> tuple[str | None, bool]:
    """``(bos, adds_bos)`` for a rank file, from the ``tokenizer.json`` beside it (its
    template's first special token, which it adds), else ``tokenizer_config.json``'s
    ``bos_token`` and ``add_bos_token``; ``(None, False)`` when neither names a special token."""
    stem = os.path.splitext(os.path.basename(path))[0]
    hf = _beside(path, f"{stem}.json", "tokenizer.json")
    if hf is not None:
        obj = _load_json(hf, "Hugging Face tokenizer.json")
        bos = template_bos(obj, hf) if is_hf_tokenizer(obj) else None
        if bos is not None and bos in specials:
            return bos, True
    config = _beside(path, f"{stem}_config.json", "tokenizer_config.json")
    if config is not None:
        obj = _load_json(config, "tokenizer_config.json")
        if isinstance(obj, dict):
            bos = obj.get("bos_token")
            if isinstance(bos, dict):  # older files: {"content": ..., "lstrip": ...}
                bos = bos.get("content")
            if isinstance(bos, str) and bos in specials:
                return bos, obj.get("add_bos_token") is True
    return None, False


def _settings_for(path: str) -> tuple[str | None, dict[str, int] | None, str]:
    """``(pattern, special tokens, where they came from)`` for a rank file: its sidecar
    (``<file>.json``, written by our export), else a ``tokenizer.json`` and
    ``tokenizer_config.json`` beside it (also named ``<stem>.json``, ``<stem>_config.json``),
    else a known OpenAI encoding of the same name; None where nothing was found."""
    sidecar = _beside(path, os.path.basename(path) + ".json")
    if sidecar is not None:
        spec = _load_json(sidecar, "tiktoken sidecar")
        if isinstance(spec, dict) and spec.get("format") == SIDECAR_FORMAT:
            pattern, specials = _sidecar(spec, sidecar)
            return pattern, specials, os.path.basename(sidecar)
    stem = os.path.splitext(os.path.basename(path))[0]
    known = OPENAI_ENCODINGS.get(stem)
    found_pattern = OPENAI_PATTERNS[known[0]] if known else None
    found_specials = dict(known[1]) if known else None
    where = [f"OpenAI's {stem}"] if known else []
    hf = _beside(path, f"{stem}.json", "tokenizer.json")
    if hf is not None:
        obj = _load_json(hf, "Hugging Face tokenizer.json")
        if is_hf_tokenizer(obj):
            found_pattern = _pattern_of(obj, hf)
            found_specials = {content: i for content, i, _, _ in added_tokens(obj, hf)}
            where = [os.path.basename(hf)]
    config = _beside(path, f"{stem}_config.json", "tokenizer_config.json")
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
    obj = _load_json(path, "tokenizer_config.json")
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
    return out
