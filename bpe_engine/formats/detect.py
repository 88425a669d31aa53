"""Which format a tokenizer file is, told from its content (not only its name), and reading it.

:func:`read_any` takes a file or a folder and returns the parts of a tokenizer:
:class:`~.data.TokenizerData` (byte-level BPE), :class:`~.data.SentencePieceData`
(character-level BPE with byte fallback) or :class:`~.data.WordPieceData` (WordPiece).
:func:`bpe_engine.load_tokenizer` builds the tokenizer from them. Recognised:

- JSON: our format (``"format": "bpe-explorer-tokenizer"``), a Hugging Face
  ``tokenizer.json`` (a ``model`` object), a Tekken file (``config`` and a ``vocab`` list), a
  GPT-2 ``vocab.json`` (token -> id; its ``merges.txt`` is looked for beside it);
- a GPT-2 ``merges.txt`` (its ``vocab.json`` beside it);
- a tiktoken rank file (``base64 rank`` lines, whatever its name: Llama 3 calls its one
  ``tokenizer.model``): the pattern and special tokens come from the arguments, from a known
  OpenAI encoding of the same name, or from a ``tokenizer.json`` / ``tokenizer_config.json``
  beside it; without any, the error says what to pass;
- a SentencePiece model (a protocol buffer);
- a BERT ``vocab.txt`` (one WordPiece token a line; a ``tokenizer_config.json`` beside it may
  say ``do_lower_case``);
- a folder holding one of these (``tokenizer.json`` first).

Each format says itself how it is recognised and read (its ``FORMAT``, collected by
:mod:`.registry`); this module only reads the file and asks them in turn.
"""

from __future__ import annotations

import fnmatch
import os

from ..errors import TokenizerFileError
from .base import Content, ReadRequest, SpecialTokens, display_name, files_read, read_file, record
from .data import AnyTokenizerData
from .registry import FORMATS, folder_names, folder_patterns

__all__ = ["read_any", "display_name", "FOLDER_FILES", "SpecialTokens"]

#: What a folder is searched for, in this order (from the formats' ``folder_files``).
FOLDER_FILES = tuple(folder_names())


def read_any(
    path: str | os.PathLike[str],
    *,
    pattern: str | None = None,
    special_tokens: SpecialTokens | None = None,
    files: list[str] | None = None,
    data: bytes | None = None,
) -> AnyTokenizerData:
    """The parts of the tokenizer in a file or folder (see the module docstring). ``files``,
    when given, receives the absolute path of every file read (what an output must not
    overwrite). ``data``: the bytes of the file ``path``, when the caller has read them."""
    token = files_read.set(files)
    try:
        return _read_any(os.fspath(path), ReadRequest(pattern, special_tokens), data)
    finally:
        files_read.reset(token)


def _known() -> str:
    return ", ".join(f.title for f in FORMATS)


def _read_any(path: str, request: ReadRequest, data: bytes | None = None) -> AnyTokenizerData:
    if data is not None:
        record(path)
    elif os.path.isdir(path):
        path = _in_folder(path)
    content = Content(path, read_file(path) if data is None else data)
    del data  # (the content holds the bytes: dropped with it)
    for fmt in FORMATS:
        if fmt.detect(content):
            return fmt.read(content, request)
    obj = content.json  # raises for broken JSON, naming the place
    if isinstance(obj, dict) and ("added_tokens_decoder" in obj or "tokenizer_class" in obj):
        raise TokenizerFileError(
            f"{path}: is a tokenizer_config.json (settings only, no vocabulary); open the tokenizer.json or "
            "tokenizer.model beside it"
        )
    if content.is_json:
        raise TokenizerFileError(f"{path}: is JSON but no tokenizer format this program knows ({_known()})")
    if not content.data.strip():
        raise TokenizerFileError(f"{path}: is empty; it is not a tokenizer file")
    raise TokenizerFileError(f"{path}: is not a tokenizer file this program knows ({_known()})")


def _in_folder(folder: str) -> str:
    for name in FOLDER_FILES:
        candidate = os.path.join(folder, name)
        if os.path.isfile(candidate):
            return candidate
    patterns = folder_patterns()
    found = sorted(f for f in os.listdir(folder) if any(fnmatch.fnmatch(f, p) for p in patterns))
    if found:
        return os.path.join(folder, found[0])
    raise TokenizerFileError(
        f"{folder}: is a folder without a tokenizer file (looked for {', '.join(FOLDER_FILES + tuple(patterns))}); "
        "choose the file itself"
    )
