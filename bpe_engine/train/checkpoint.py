"""Checkpoint files: a paused or running training, saved to go on later in a new process.

A checkpoint is a NumPy ``.npz`` archive (never a pickle: opening one runs no code): the
merge loop's arrays (:meth:`~bpe_engine.train.merging.MergeLoop.export_state`), the merges
done so far with what their events said, and one JSON array with the settings, the corpus
and the counting totals. Resuming restores the loop exactly, so the merges that follow are
those an uninterrupted run would have made. A run saved while still counting keeps only its
settings and corpus: it counts again when resumed.

The file is written atomically; loading checks every array against the others and names
the first that does not fit.
"""

from __future__ import annotations

import io
import json
import os
import zipfile
from dataclasses import asdict
from typing import Any

import numpy as np

from .._files import file_problem
from ..errors import CheckpointError
from ..formats.atomic import atomic_writer
from .config import TrainerConfig
from .events import CountingDone, MergeEvent
from .merging import MergeLoop

__all__ = ["CHECKPOINT_FORMAT", "CHECKPOINT_VERSION", "Checkpoint", "save_checkpoint", "load_checkpoint"]

CHECKPOINT_FORMAT = "bpe-explorer-checkpoint"
CHECKPOINT_VERSION = 1
#: What to do when a file is not a checkpoint (part of the messages).
_CHOOSE = "choose a .ckpt file saved with Training > Save training as checkpoint"
#: How every ZIP archive (a NumPy ``.npz``) begins.
_ZIP_MAGIC = b"PK\x03\x04"
_HISTORY = ("left_id", "right_id", "count", "replaced", "tokens", "tied_left", "tied_right")


class Checkpoint:
    """What a checkpoint file holds (see :func:`load_checkpoint`)."""

    def __init__(
        self,
        config: TrainerConfig,
        paths: tuple[str, ...],
        text: str | None,
        counting: CountingDone | None,
        loop: MergeLoop | None,
        history: list[MergeEvent],
    ) -> None:
        self.config = config
        self.paths = paths
        self.text = text
        self.counting = counting
        self.loop = loop
        self.history = history


def save_checkpoint(
    path: str | os.PathLike[str],
    config: TrainerConfig,
    paths: tuple[str, ...],
    text: str | None,
    counting: CountingDone | None,
    loop: MergeLoop | None,
    history: list[MergeEvent],
) -> None:
    """Write a checkpoint atomically (a temporary file, then a rename); a path the OS refuses
    (a folder, a full disk, no permission) is a :class:`~bpe_engine.errors.CheckpointError`
    naming it and what to do."""
    if os.path.isdir(path):
        raise CheckpointError(
            f"{os.fspath(path)} is a folder: give the checkpoint a file name inside it "
            f"(e.g. {os.path.join(os.fspath(path), 'training.ckpt')})"
        )
    meta = {
        "format": CHECKPOINT_FORMAT,
        "version": CHECKPOINT_VERSION,
        "config": asdict(config),
        "paths": list(paths),
        "counting": asdict(counting) if counting is not None else None,
    }
    arrays: dict[str, np.ndarray] = {"meta": np.frombuffer(json.dumps(meta).encode("utf-8"), dtype=np.uint8)}
    if text is not None:
        arrays["text"] = np.frombuffer(text.encode("utf-8"), dtype=np.uint8)
    if loop is not None:
        arrays.update({f"loop.{k}": v for k, v in loop.export_state().items()})
        ids = {t: i for i, t in enumerate(loop.tok)} if any(e.tied_with for e in history) else {}
        tied = [(ids[e.tied_with[0]], ids[e.tied_with[1]]) if e.tied_with else (-1, -1) for e in history]
        columns = {
            "left_id": [e.left_id for e in history],
            "right_id": [e.right_id for e in history],
            "count": [e.count for e in history],
            "replaced": [e.replaced for e in history],
            "tokens": [e.tokens for e in history],
            "tied_left": [a for a, _ in tied],
            "tied_right": [b for _, b in tied],
        }
        arrays.update({f"history.{k}": np.asarray(v, dtype=np.int64) for k, v in columns.items()})
    try:
        with atomic_writer(path) as f:
            np.savez(f, **arrays)  # type: ignore[arg-type]
    except OSError as exc:
        raise CheckpointError(
            f"{os.fspath(path)}: cannot save the checkpoint ({exc.strerror or exc}); choose another folder or name"
        ) from None


def load_checkpoint(path: str | os.PathLike[str]) -> Checkpoint:
    """Read a checkpoint; :class:`~bpe_engine.errors.CheckpointError` says what is wrong."""
    path = os.fspath(path)
    problem = file_problem(path)
    if problem is not None:
        raise CheckpointError(f"{path}: {problem}")
    try:
        # subtle: our own file object, closed even when NumPy's zip reader fails half-way
        with open(path, "rb") as f:
            if f.read(len(_ZIP_MAGIC)) != _ZIP_MAGIC:
                # NumPy would try it as a pickle and advise allow_pickle, which must never be done here
                raise CheckpointError(f"{path} is not a BPE Explorer training checkpoint; {_CHOOSE}")
            f.seek(0)
            with np.load(f, allow_pickle=False) as archive:
                arrays = {name: archive[name] for name in archive.files}
    except CheckpointError:
        raise
    except (OSError, zipfile.BadZipFile, EOFError, KeyError) as exc:
        raise CheckpointError(f"{path}: is not a BPE Explorer checkpoint or is damaged ({exc}); {_CHOOSE}") from None
    except ValueError:  # e.g. an array of Python objects: NumPy's message advises pickles
        raise CheckpointError(
            f"{path}: is not a BPE Explorer checkpoint (it holds arrays of Python objects); {_CHOOSE}"
        ) from None
    except MemoryError:
        raise CheckpointError(f"{path}: is damaged (an array claims more memory than there is)") from None
    try:
        return _parse(arrays)
    except (ValueError, TypeError, KeyError) as exc:
        raise CheckpointError(f"{path}: is damaged or not a BPE Explorer checkpoint: {exc}") from None


def _parse(arrays: dict[str, np.ndarray]) -> Checkpoint:
    meta_raw = arrays.get("meta")
    if meta_raw is None or meta_raw.dtype != np.uint8:
        raise ValueError("it holds no settings ('meta')")
    meta: Any = json.load(io.BytesIO(meta_raw.tobytes()))
    if not isinstance(meta, dict) or meta.get("format") != CHECKPOINT_FORMAT:
        raise ValueError("its settings do not say it is a checkpoint")
    version = meta.get("version")
    if version != CHECKPOINT_VERSION:
        raise ValueError(f"format version {version!r}; this BPE Explorer reads version {CHECKPOINT_VERSION}")
    config_fields = meta.get("config")
    if not isinstance(config_fields, dict):
        raise ValueError("the settings are missing")
    specials = config_fields.get("special_tokens")
    if isinstance(specials, list):
        config_fields["special_tokens"] = tuple(specials)
    config = TrainerConfig(**config_fields)  # checks every setting
    paths = meta.get("paths")
    if not isinstance(paths, list) or not all(isinstance(p, str) for p in paths):
        raise ValueError("the list of corpus files is damaged")
    text = arrays["text"].tobytes().decode("utf-8") if "text" in arrays else None
    counting_fields = meta.get("counting")
    counting = CountingDone(**counting_fields) if isinstance(counting_fields, dict) else None
    loop_state = {k[len("loop.") :]: v for k, v in arrays.items() if k.startswith("loop.")}
    if not loop_state:
        return Checkpoint(config, tuple(paths), text, None, None, [])
    if counting is None:
        raise ValueError("it has a merge loop but no counting totals")
    loop = MergeLoop.import_state(loop_state, config.tie_break)
    columns = [arrays[f"history.{k}"] for k in _HISTORY]
    n = len(loop.tok) - 256
    if any(c.ndim != 1 or c.size != n for c in columns):
        raise ValueError(f"the merge history does not have the {n} merges the loop has made")
    tok = loop.tok
    history = []
    for rank, (a, b, count, replaced, tokens, ta, tb) in enumerate(zip(*(c.tolist() for c in columns))):
        if not (0 <= a < 256 + rank and 0 <= b < 256 + rank and tok[256 + rank] == tok[a] + tok[b]):
            raise ValueError(f"merge {rank} of the history is not the loop's merge {rank}")
        if not (-1 <= ta < len(tok) and -1 <= tb < len(tok)):
            raise ValueError(f"merge {rank} of the history ties with a token that does not exist")
        tied = (tok[ta], tok[tb]) if ta >= 0 and tb >= 0 else None
        history.append(MergeEvent(rank, a, b, tok[a], tok[b], 256 + rank, count, replaced, tokens, tied))
    return Checkpoint(config, tuple(paths), text, counting, loop, history)
