"""Checkpoint files: a paused or running training, saved to go on later in a new process.

A checkpoint holds what the rest of the training needs, never the merge loop's per-position
arrays (28x the corpus on Chinese): the settings, the corpus (file names with their sizes and
SHA-256, or the text itself), the counting totals, the merges so far with what their events
said, and, when they are small, the distinct pre-tokens as they stand:

- :attr:`Saved.WORDS`: each distinct pre-token's current tokens and its count (a few percent
  of the corpus for English). Resuming rebuilds the pair counts and indexes from them
  (linear); the corpus files are not needed any more.
- :attr:`Saved.MERGES`: when those words would take more than :data:`WORDS_SHARE` of the
  corpus (Chinese: its pre-tokens are most of the text), only the merges. Resuming counts
  the corpus again (its files must be there, unchanged: sizes and SHA-256 are checked) and
  makes the saved merges again, checking each count, before going on.
- :attr:`Saved.COUNTING`: a run saved while counting keeps only its settings and corpus, and
  counts again.

Either way the merges that follow are those an uninterrupted run would have made.

The file (a NumPy ``.npz`` archive of compressed integer columns, never a pickle) is written
here, atomically; its format is :mod:`.checkpoint_format`. Loading it
(:func:`~.checkpoint_read.load_checkpoint`, re-exported here with the format's names) checks
every array against the settings and the others and names the first that does not fit.
Version 1 files (the loop's arrays) still load.
"""

from __future__ import annotations

import json
import os
import zlib
from collections.abc import Sequence
from dataclasses import asdict
from typing import Any

import numpy as np

from ..errors import CheckpointError, CheckpointProblem
from ..formats.atomic import atomic_writer
from .checkpoint_format import (
    CHECKPOINT_FORMAT,
    CHECKPOINT_VERSION,
    LEVEL,
    Checkpoint,
    CorpusFile,
    Saved,
    SavedWords,
    pack_columns,
    packed_size,
)
from .checkpoint_read import checked_words, load_checkpoint
from .config import TrainerConfig
from .events import CountingDone, MergeEvent
from .merging import MergeLoop

__all__ = [
    "CHECKPOINT_FORMAT",
    "CHECKPOINT_VERSION",
    "WORDS_SHARE",
    "Checkpoint",
    "CorpusFile",
    "Saved",
    "SavedWords",
    "checked_words",
    "corpus_file",
    "load_checkpoint",
    "save_checkpoint",
    "too_many_words",
]

#: The words are saved only while they take at most this share of the corpus (compressed).
WORDS_SHARE = 0.1


def corpus_file(path: str, cache: dict[str, tuple[int, int, str]] | None = None) -> CorpusFile:
    """``path``'s size and SHA-256 (``cache`` keeps them per path, size and modification time:
    a run saved several times reads its corpus once)."""
    st = os.stat(path)
    known = cache.get(path) if cache is not None else None
    if known is not None and known[:2] == (st.st_size, st.st_mtime_ns):
        return CorpusFile(path, st.st_size, known[2])
    # subtle: imported here, not with this module (which every trainer imports): hashlib maps
    # OpenSSL's library (3.6 MB resident), which a run that saves no checkpoint never uses
    import hashlib

    with open(path, "rb") as f:
        digest = hashlib.file_digest(f, "sha256").hexdigest()
    if cache is not None:
        cache[path] = (st.st_size, st.st_mtime_ns, digest)
    return CorpusFile(path, st.st_size, digest)


def too_many_words(live: int, tokens: int, budget: float) -> bool:
    """Whether ``live`` token positions of a vocabulary of ``tokens`` cannot fit in ``budget``
    bytes even compressed (zlib shrinks token ids 1.2-1.5x, never 2x here)."""
    width = 1 if tokens <= 256 else 2 if tokens <= 65536 else 4
    return live * width > 2 * budget


def _words(loop: MergeLoop, total_bytes: int, spent: int) -> tuple[dict[str, Any], dict[str, np.ndarray]] | None:
    """The words' arrays if, compressed, they fit in :data:`WORDS_SHARE` of the corpus along
    with the ``spent`` bytes of the rest; else None (and nothing compressed when even the
    raw token ids alone are far too many: Chinese, where compressing them would take 0.5 s)."""
    budget = WORDS_SHARE * total_bytes - spent
    if too_many_words(loop.live, len(loop.tok), budget):
        return None
    ids, lens = loop.export_words()
    specs, blobs = pack_columns({"words.ids": ids, "words.lens": lens, "words.counts": loop.word_count})
    return (specs, blobs) if packed_size(blobs) <= budget else None


def save_checkpoint(
    path: str | os.PathLike[str],
    config: TrainerConfig,
    paths: tuple[str, ...],
    text: str | None,
    counting: CountingDone | None,
    loop: MergeLoop | None,
    history: Sequence[MergeEvent],
    digests: dict[str, tuple[int, int, str]] | None = None,
) -> Saved:
    """Write a checkpoint atomically (a temporary file, then a rename) and say what it holds.

    ``loop`` is None while counting, or while a resumed run makes its saved merges again
    (``counting`` and ``history`` are then those of the checkpoint it resumed). A path the OS
    refuses (a folder, a full disk, no permission) is a
    :class:`~bpe_engine.errors.CheckpointError` naming it and what to do."""
    if os.path.isdir(path):
        raise CheckpointError(
            f"{os.fspath(path)} is a folder: give the checkpoint a file name inside it "
            f"(e.g. {os.path.join(os.fspath(path), 'training.ckpt')})",
            path=os.fspath(path),
            problem=CheckpointProblem.IS_A_FOLDER,
        )
    specs: dict[str, Any] = {}
    blobs: dict[str, np.ndarray] = {}
    saved = Saved.COUNTING
    files: list[CorpusFile] = []
    if counting is not None:
        specs, blobs = pack_columns(_history_columns(history))
        # A text corpus is saved whole anyway: the words' share is counted without it.
        words = _words(loop, counting.total_bytes, packed_size(blobs)) if loop is not None else None
        if words is not None:
            saved = Saved.WORDS
            specs.update(words[0])
            blobs.update(words[1])
        else:
            saved = Saved.MERGES
    if text is not None:
        raw = text.encode("utf-8")
        specs["text"] = {"dtype": "uint8", "size": len(raw)}
        blobs["text"] = np.frombuffer(zlib.compress(raw, LEVEL), dtype=np.uint8)
    if saved is Saved.MERGES and text is None:
        try:
            # absolute: a checkpoint of the merges is resumed from any folder
            files = [corpus_file(os.path.abspath(p), digests) for p in paths]
        except OSError as exc:
            raise CheckpointError(
                f"{exc.filename}: cannot read the corpus file to save the checkpoint ({exc.strerror or exc}); "
                "the checkpoint names its corpus files, which must be there"
            ) from None
    meta = {
        "format": CHECKPOINT_FORMAT,
        "version": CHECKPOINT_VERSION,
        "saved": saved.value,
        "config": asdict(config),
        "paths": list(paths),
        "files": [asdict(f) for f in files],
        "counting": asdict(counting) if counting is not None else None,
        "arrays": specs,
    }
    arrays = {"meta": np.frombuffer(json.dumps(meta).encode("utf-8"), dtype=np.uint8), **blobs}
    try:
        with atomic_writer(path) as f:
            np.savez(f, **arrays)  # type: ignore[arg-type]
    except OSError as exc:
        raise CheckpointError(
            f"{os.fspath(path)}: cannot save the checkpoint ({exc.strerror or exc}); choose another folder or name"
        ) from None
    return saved


def _history_columns(history: Sequence[MergeEvent]) -> dict[str, np.ndarray]:
    n = len(history)
    left = np.fromiter((e.left_id for e in history), dtype=np.int64, count=n)
    right = np.fromiter((e.right_id for e in history), dtype=np.int64, count=n)
    count = np.fromiter((e.count for e in history), dtype=np.int64, count=n)
    replaced = np.fromiter((e.replaced for e in history), dtype=np.int64, count=n)
    tied_left = np.zeros(n, dtype=np.int64)
    tied_right = np.zeros(n, dtype=np.int64)
    tied = [(rank, e.tied_with) for rank, e in enumerate(history) if e.tied_with is not None]
    if tied:
        ids = {bytes([i]): i for i in range(256)}
        ids.update((e.left + e.right, e.new_id) for e in history)
        for rank, (a, b) in tied:
            tied_left[rank] = ids[a] + 1
            tied_right[rank] = ids[b] + 1
    return {
        "history.left": left,
        "history.right": right,
        "history.count": count,
        "history.replaced": replaced,
        "history.tied_left": tied_left,
        "history.tied_right": tied_right,
    }
