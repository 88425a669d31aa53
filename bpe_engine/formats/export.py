"""Writing a byte-level tokenizer in other programs' formats (``Tokenizer.export``).

- ``"ours"``: our JSON (:mod:`.ours`);
- ``"hf"``: a Hugging Face ``tokenizer.json`` (BPE model, ``Split`` + ``ByteLevel``
  pre-tokenizer, added tokens) that ``tokenizers.Tokenizer.from_file`` loads;
- ``"tiktoken"``: a rank file plus a JSON sidecar (pattern, special tokens, and the three
  lines of Python that build a ``tiktoken.Encoding`` from the two);
- ``"gpt2"``: ``vocab.json`` + ``merges.txt``.

Each target must encode exactly as the tokenizer does, or the export is refused with the
reason (:class:`~bpe_engine.errors.ExportError`): tiktoken merges by the rank of the result,
so the ids must follow the merge order (or the tokenizer must use tiktoken's rule already);
``merges.txt`` holds no pre-tokenizer (readers assume GPT-2's) and our GPT-2 reader takes
merges in learned order. Every file is written atomically (:mod:`.atomic`).

Each format's writer lives in its own module (its ``FORMAT.writer``, collected by
:mod:`.registry`); this module picks it, and keeps the writers' names importable from here.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from ..errors import ConfigError, ExportError, short
from .atomic import atomic_write_bytes
from .base import Writer, pattern_of
from .gpt2 import gpt2_files
from .hf import hf_json
from .registry import FORMATS, writable_formats
from .tiktoken import SIDECAR_FORMAT, tiktoken_files, tiktoken_problem, tiktoken_python

if TYPE_CHECKING:
    from ..interface import ByteLevelTokenizerLike as Tokenizer

__all__ = [
    "EXPORT_FORMATS",
    "SIDECAR_FORMAT",
    "export_paths",
    "export_tokenizer",
    "tiktoken_python",
    "pattern_of",
    "hf_json",
    "gpt2_files",
    "tiktoken_files",
    "tiktoken_problem",
]

#: The names of the formats :meth:`bpe_engine.Tokenizer.export` writes, ours first.
EXPORT_FORMATS = tuple(f.name for f in writable_formats())


def _writer(format: str) -> Writer:
    """The writer of ``format``; ConfigError for an unknown or unwritable one, saying why."""
    known = {f.name: f for f in FORMATS}
    fmt = known.get(format) if isinstance(format, str) else None
    if fmt is None:
        raise ConfigError(f"unknown export format {short(format)}; use one of {', '.join(EXPORT_FORMATS)}")
    if fmt.writer is None:
        raise ConfigError(f"cannot export to {fmt.title}: {fmt.cannot_write}")
    return fmt.writer


def export_paths(path: str | os.PathLike[str], format: str) -> list[str]:
    """The files an export to ``path`` writes (a folder gets the usual names)."""
    writer = _writer(format)
    path = os.fspath(path)
    return writer.paths(path, os.path.isdir(path))


def export_tokenizer(tok: Tokenizer, path: str | os.PathLike[str], format: str) -> list[str]:
    """Write ``tok`` in ``format`` (see the module docstring); returns the paths written."""
    paths = export_paths(path, format)
    writer = _writer(format)
    facts = getattr(tok, "facts", None)
    if facts is not None and not facts.has_merges:
        # Every written format holds BPE merges: a WordPiece (or Unigram) model has none.
        raise ExportError(
            f"cannot export to {format}: the tokenizer is {facts.algorithm.value}, not BPE; "
            "these formats hold BPE merges and would give other ids"
        )
    for target, data in zip(paths, writer.files(tok, paths)):
        try:
            atomic_write_bytes(target, data)
        except OSError as exc:
            raise ExportError(f"{target}: cannot save ({exc.strerror}); choose another folder") from None
    return paths
