"""The checkpoint file's format, which writing (:mod:`.checkpoint`) and reading
(:mod:`.checkpoint_read`) share: what a checkpoint holds (:class:`Checkpoint`, :class:`Saved`,
:class:`CorpusFile`, :class:`SavedWords`), and how its integer columns are stored.

The file is a NumPy ``.npz`` archive of ``uint8`` arrays (never a pickle: opening one runs no
code): ``meta``, a JSON object (format, version, settings, corpus, and the type and length of
every other array), and each array zlib-compressed in the narrowest unsigned type
(:func:`pack_columns`; :func:`unpack_column` reads one back, never inflating it beyond the size
``meta`` gives it).
"""

from __future__ import annotations

import zlib
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

import numpy as np

from .config import TrainerConfig
from .events import CountingDone, MergeEvent

__all__ = [
    "CHECKPOINT_FORMAT",
    "CHECKPOINT_VERSION",
    "HISTORY",
    "LEVEL",
    "Checkpoint",
    "CorpusFile",
    "Saved",
    "SavedWords",
    "pack_columns",
    "packed_size",
    "unpack_column",
]

CHECKPOINT_FORMAT = "bpe-explorer-checkpoint"
CHECKPOINT_VERSION = 2
_UNSIGNED = {np.dtype(t).name: np.dtype(t).newbyteorder("<") for t in (np.uint8, np.uint16, np.uint32, np.uint64)}
# History columns (tied ids are stored + 1: 0 means no tie); a merge's `tokens` is derived.
HISTORY = ("left", "right", "count", "replaced", "tied_left", "tied_right")
LEVEL = 1  # zlib level: 3x faster than the default here, 5% larger


class Saved(StrEnum):
    """What a checkpoint holds besides the settings, corpus and merges (see the module)."""

    COUNTING = "counting"
    WORDS = "words"
    MERGES = "merges"


@dataclass(frozen=True)
class CorpusFile:
    """A corpus file (its absolute path) as it was when the checkpoint was saved."""

    path: str
    size: int
    sha256: str


@dataclass(frozen=True)
class SavedWords:
    """The distinct pre-tokens: their current token ids (concatenated), how many each has,
    how often each occurs (see :meth:`MergeLoop.export_words`)."""

    ids: np.ndarray
    lens: np.ndarray
    counts: np.ndarray


@dataclass
class Checkpoint:
    """What a checkpoint file holds (see :func:`.checkpoint_read.load_checkpoint`). ``tok`` is
    every token's bytes: the 256 bytes, then one per merge of ``history``."""

    config: TrainerConfig
    paths: tuple[str, ...]
    text: str | None
    saved: Saved
    counting: CountingDone | None
    history: list[MergeEvent]
    tok: list[bytes]
    words: SavedWords | None = None
    files: tuple[CorpusFile, ...] = ()


def _narrow(values: np.ndarray | list[int]) -> np.ndarray:
    """Non-negative integers in the narrowest unsigned type that holds them (little-endian)."""
    array = np.asarray(values, dtype=np.int64)
    top = int(array.max()) if array.size else 0
    for dtype in _UNSIGNED.values():
        if top < 1 << (8 * dtype.itemsize):
            return array.astype(dtype)
    raise AssertionError("unreachable: int64 values fit uint64")


def pack_columns(columns: Mapping[str, np.ndarray | list[int]]) -> tuple[dict[str, Any], dict[str, np.ndarray]]:
    """Each column narrowed and compressed: its description for ``meta``, and its bytes."""
    specs: dict[str, Any] = {}
    blobs: dict[str, np.ndarray] = {}
    for name, values in columns.items():
        array = _narrow(values)
        specs[name] = {"dtype": array.dtype.name, "size": int(array.size)}
        blobs[name] = np.frombuffer(zlib.compress(array.tobytes(), LEVEL), dtype=np.uint8)
    return specs, blobs


def packed_size(blobs: Mapping[str, np.ndarray]) -> int:
    return sum(int(b.size) for b in blobs.values())


def unpack_column(
    arrays: Mapping[str, np.ndarray], specs: Mapping[str, Any], name: str, size: int | None
) -> np.ndarray:
    """The column ``name``, decompressed (never beyond the size ``meta`` gives it), of the type
    ``meta`` gives, with ``size`` values if given."""
    spec = specs.get(name)
    blob = arrays.get(name)
    if not isinstance(spec, dict) or blob is None:
        raise ValueError(f"the array {name!r} is missing")
    dtype = _UNSIGNED.get(spec.get("dtype"))  # type: ignore[arg-type]
    count = spec.get("size")
    if dtype is None or not isinstance(count, int) or not 0 <= count < 1 << 40 or (size is not None and count != size):
        raise ValueError(f"the array {name!r} is described as {spec!r}" + (f"; {size} values expected" if size else ""))
    if blob.dtype != np.uint8 or blob.ndim != 1:
        raise ValueError(f"the array {name!r} is not stored as bytes")
    expected = count * dtype.itemsize
    inflate = zlib.decompressobj()
    raw = inflate.decompress(blob.tobytes(), expected + 1)
    if len(raw) != expected or not inflate.eof:
        raise ValueError(f"the array {name!r} holds {len(raw)} bytes where {expected} were expected")
    return np.frombuffer(raw, dtype=dtype)
