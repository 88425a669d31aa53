"""Small NumPy helpers shared by the vectorised merge passes (training and batch encoding)."""

from __future__ import annotations

import numpy as np

__all__ = ["hash_keys", "left_to_right"]

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)


def hash_keys(keys: np.ndarray, bits: int) -> np.ndarray:
    """Fibonacci hashing of ``uint64`` keys into ``bits`` bits (slot indices)."""
    return ((keys * _GOLDEN) >> np.uint64(64 - bits)).astype(np.intp)


def left_to_right(pos: np.ndarray, nxt: np.ndarray) -> np.ndarray:
    """Of the occurrences of a pair ``(a, a)`` at ``pos``, those a left-to-right merge takes.

    In "a a a a" the pair stands at three overlapping positions; merging from the left takes
    the 1st and the 3rd. In each chain of overlapping occurrences (one starts where the
    previous one's right element is), every other one from the chain's start merges.
    """
    if pos.size < 2:
        return pos
    pos = np.sort(pos)
    overlap = pos[1:] == nxt[pos][:-1]
    if not overlap.any():
        return pos
    first = np.ones(pos.size, dtype=bool)
    first[1:] = ~overlap
    run_start = np.flatnonzero(first)
    run_id = np.cumsum(first) - 1
    taken: np.ndarray = pos[((np.arange(pos.size) - run_start[run_id]) & 1) == 0]
    return taken
