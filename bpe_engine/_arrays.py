"""Small NumPy helpers shared by the vectorised merge passes (training and batch encoding)."""

from __future__ import annotations

import numpy as np

__all__ = ["hash_keys", "left_to_right", "left_to_right_after", "scatter_grouped"]

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
    if not (pos[1:] > pos[:-1]).all():
        # subtle: a pair's logged positions are nearly always ascending already; one pass to
        # check instead of a sort keeps a merge of 25 million positions linear
        pos = np.sort(pos, kind="stable")  # (a timsort: linear on a few ascending runs)
    overlap = pos[1:] == nxt[pos[:-1]]
    if not overlap.any():
        return pos
    if overlap.all():  # one chain ("a a a a ... a": one repeated character)
        return pos[::2]
    first = np.ones(pos.size, dtype=bool)
    first[1:] = ~overlap
    run_start = np.flatnonzero(first)
    run_id = np.cumsum(first) - 1
    taken: np.ndarray = pos[((np.arange(pos.size) - run_start[run_id]) & 1) == 0]
    return taken


def left_to_right_after(pos: np.ndarray, nxt: np.ndarray, last: int, last_taken: bool) -> np.ndarray:
    """:func:`left_to_right` for ascending ``pos`` that go on from an earlier slice, whose last
    occurrence was at ``last`` (-1: none) and was taken or not: a chain crossing the slice's
    edge goes on alternating."""
    if not pos.size:
        return pos
    first = np.empty(pos.size, dtype=bool)
    first[0] = last < 0 or nxt[last] != pos[0]
    np.not_equal(pos[1:], nxt[pos[:-1]], out=first[1:])
    if first.all():
        return pos
    if not first[1:].any():  # one chain (one repeated character): every other one
        return pos[0 if first[0] or not last_taken else 1 :: 2]
    index = np.arange(pos.size)
    # Each occurrence's chain start; before the first start in this slice, the chain from the
    # last slice: its next one is taken exactly when the last one was not.
    start = np.where(first, index, -1 if last_taken else 0)
    np.maximum.accumulate(start, out=start)
    taken: np.ndarray = pos[((index - start) & 1) == 0]
    return taken


def scatter_grouped(out: np.ndarray, cursor: np.ndarray, keys: np.ndarray, values: np.ndarray, n_keys: int) -> None:
    """A counting sort's placement, one slice at a time: each of ``values`` goes to ``out`` at
    its key's ``cursor`` plus its rank among this slice's values of that key (their order
    kept), then each ``cursor`` moves past them (in place). Keys are ``0 .. n_keys - 1``, below
    2**32; the stable sort is by 16-bit radix passes (NumPy sorts 16-bit keys by radix: 4x
    faster than one sort of 64-bit keys)."""
    if n_keys == 1:  # (one repeated character's merges: one new pair)
        start = int(cursor[0])
        out[start : start + values.size] = values
        cursor[0] += values.size
        return
    order = np.argsort(keys.astype(np.uint16), kind="stable")
    if n_keys > 1 << 16:
        order = order[np.argsort((keys[order] >> 16).astype(np.uint16), kind="stable")]
    here = np.bincount(keys, minlength=n_keys)
    where = (cursor - (np.cumsum(here) - here))[keys[order]]  # the key's cursor, then the rank
    where += np.arange(order.size)
    out[where] = values[order]
    cursor += here
