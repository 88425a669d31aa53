"""The merge loop's storage (:mod:`bpe_engine.train.merging`): record layouts, growable
columns, the tie-break keys, the stable orders that group positions by pair, and the
compaction of the position log. No merge logic: what the loop keeps, and how it grows.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from ..kinds import TieBreak

_SLICE = 65_536  # words (or 4x as many positions) handled per call while setting up
_DENSE_CODES = 1 << 22  # pair codes counted in a table (16 MB of int32 at most), not sorted
_COPY = 1 << 19  # elements copied per call when a column grows (2-4 MB)
# What the loop keeps per position, side by side in one record: a merge reads and writes
# several of them at each of its (scattered) positions, and this way one cache miss brings
# them all (a merge on 10 MB of Chinese runs 2x faster than with one array per field).
_POSITION = np.dtype([("sym", "<i4"), ("nxt", "<i4"), ("prv", "<i4"), ("ppid", "<i4"), ("wt", "<i8")])
# The same with 32-bit weights, used whenever every pre-token count fits (20 bytes a position
# instead of 24: 28 MB less on 10 MB of Chinese). Pair counts stay 64-bit.
_POSITION32 = np.dtype([("sym", "<i4"), ("nxt", "<i4"), ("prv", "<i4"), ("ppid", "<i4"), ("wt", "<i4")])
# Per pair: its two tokens, its count, and its block of positions in the log.
# (Counts are a column of their own: NumPy's subtract.at is 4x slower on a strided field.)
_PAIR = np.dtype([("left", "<i4"), ("right", "<i4"), ("off", "<i8"), ("len", "<i8")])


def _key_greatest(tok: bytes) -> str:
    # Inverted byte order plus a terminator above every byte: comparing these strings
    # ascending orders (left, right) tuples descending, prefixes included.
    return "".join([chr(255 - b) for b in tok]) + "\u0100"


def _key_smallest(tok: bytes) -> str:
    return "".join([chr(b + 1) for b in tok]) + "\x00"


def tie_key(tie_break: TieBreak | str) -> Callable[[bytes], str]:
    """The per-token sort key of a tie-break rule (pair key = left key + right key)."""
    return _key_greatest if TieBreak(tie_break) is TieBreak.GREATEST else _key_smallest


def _view(array: np.ndarray) -> memoryview:
    """A memoryview of ``array`` (subtle: NumPy's stubs declare the buffer protocol only for
    Python 3.12+, although arrays have always supported it)."""
    buffer: Any = array
    return memoryview(buffer)


def _position_dtype(max_count: int) -> np.dtype:
    return _POSITION32 if max_count < 2**31 else _POSITION


def _stable_order(keys: np.ndarray, bound: int) -> np.ndarray:
    """``np.argsort(keys, kind="stable")`` for keys in ``[0, bound)``: one or two passes of
    NumPy's radix sort on 16-bit halves (a stable sort of millions of int32 keys is a merge
    sort, 5-10x slower)."""
    if bound <= 1 << 16:
        return np.argsort(keys.astype(np.uint16), kind="stable")
    order = np.argsort((keys & 0xFFFF).astype(np.uint16), kind="stable").astype(np.int32)
    high = (keys[order] >> 16).astype(np.uint16)
    return order[np.argsort(high, kind="stable")]


def _group_by_pair(at: np.ndarray, pid: np.ndarray, sizes: np.ndarray) -> np.ndarray:
    """The positions ``at`` (ascending) grouped by their pair ``pid`` (``sizes[q]`` of pair
    ``q``), each group in ascending order: a stable counting sort, a slice at a time.

    subtle: sliced (one stable sort of 3.6 million keys held the GIL ~100 ms, and slices that
    fit in the cache sort faster); each slice's entries go to their pair's cursor plus their
    rank among that pair's entries in the slice."""
    n_pairs = int(sizes.size)
    cursor = np.zeros(n_pairs, dtype=np.int64)
    if n_pairs > 1:
        np.cumsum(sizes[:-1], out=cursor[1:])
    log = np.empty(at.size, dtype=np.int32)
    step = 4 * _SLICE
    for i in range(0, at.size, step):
        keys = pid[i : i + step]
        order = _stable_order(keys, n_pairs)
        here = np.bincount(keys, minlength=n_pairs)
        shift = cursor - (np.cumsum(here) - here)
        log[shift[keys[order]] + np.arange(order.size)] = at[i : i + step][order]
        cursor += here
    return log


def _fill(array: np.ndarray, value: int) -> None:
    for i in range(0, array.size, _COPY):
        array[i : i + _COPY] = value


class _Column:
    """A growable NumPy array: ``data[:n]`` holds the values, ``mv`` is a memoryview of
    ``data`` (element access from Python as fast as ``array.array``).

    Growing allocates an array twice as large and copies the old values over in slices; so
    does a large extend. (An ``array.array`` grows by ``realloc``, which copies the whole
    buffer in one call once it is big: 20-30 ms for 20 MB here, with the GIL held.)
    """

    __slots__ = ("data", "mv", "n")

    def __init__(self, data: np.ndarray, n: int = 0) -> None:
        self.data = data
        self.mv = _view(data)
        self.n = n

    @classmethod
    def empty(cls, dtype: type, capacity: int = 1024) -> _Column:
        return cls(np.empty(capacity, dtype=dtype))

    def reserve(self, extra: int) -> None:
        need = self.n + extra
        if need > self.data.size:
            old = self.data
            new = np.empty(max(need, 2 * old.size), dtype=old.dtype)
            for i in range(0, self.n, _COPY):
                e = min(i + _COPY, self.n)
                new[i:e] = old[i:e]
            self.data = new
            self.mv = _view(new)

    def extend(self, values: np.ndarray | list[int]) -> None:
        k = len(values)
        self.reserve(k)
        n = self.n
        for i in range(0, k, _COPY):
            e = min(i + _COPY, k)
            self.data[n + i : n + e] = values[i:e]
        self.n = n + k

    def view(self) -> np.ndarray:
        return self.data[: self.n]


class _Pairs(_Column):
    """The pair table: a growable record array (:data:`_PAIR`), with each field as an array
    and as a memoryview (rebuilt whenever the table grows: fetch them after a reserve)."""

    __slots__ = ("left", "right", "off", "len", "left_m", "right_m", "off_m", "len_m")

    def __init__(self, data: np.ndarray, n: int = 0) -> None:
        super().__init__(data, n)
        self._fields()

    def _fields(self) -> None:
        data = self.data
        self.left, self.right, self.off, self.len = data["left"], data["right"], data["off"], data["len"]
        self.left_m, self.right_m = _view(self.left), _view(self.right)
        self.off_m, self.len_m = _view(self.off), _view(self.len)

    def reserve(self, extra: int) -> None:
        if self.n + extra > self.data.size:
            super().reserve(extra)
            self._fields()

    def add(self, m: int) -> np.ndarray:
        """Room for ``m`` more pairs: their records (to be filled in), now counted in ``n``."""
        self.reserve(m)
        block = self.data[self.n : self.n + m]
        self.n += m
        return block


def make_room(log: _Column, pairs: _Pairs, ppid: np.ndarray, pcount: np.ndarray, extra: int) -> None:
    """Room for ``extra`` more log entries: first drop the stale ones (positions whose pair
    has changed, the blocks of merged pairs), in place, pair by pair; grow only if the
    live entries still fill most of the log. Without this the append-only log ends at
    twice the positions on 10 MB of Chinese (and four times its memory while it doubles).

    Each pair's block keeps its order (a merge reads only the entries still valid, in
    order), so merges are unchanged. The blocks tile the log in pair order (each pair
    gets its block when created, right after the previous one), which lets the live
    entries move down in place; a log that is not tiled (never seen) just grows."""
    n_pairs = pairs.n
    off, length = pairs.off[:n_pairs], pairs.len[:n_pairs]
    tiled = n_pairs > 0 and off[0] == 0 and bool((off[1:] == off[:-1] + length[:-1]).all())
    if tiled and int(off[-1] + length[-1]) == log.n:
        data = log.data
        write = 0
        p = 0
        while p < n_pairs:
            start = int(off[p])
            # Pairs p..q-1: about 4 * _SLICE entries (at least one pair) per NumPy pass.
            q = max(int(np.searchsorted(off, start + 4 * _SLICE, side="left")), p + 1)
            lens = length[p:q]
            entries = data[start : int(off[q - 1] + lens[-1])]
            # A pair counting 0 has no position left: its block goes unread (the merged
            # pairs' blocks are most of the log; reading ppid at random costs the time).
            alive = pcount[p:q] > 0
            entries = entries[np.repeat(alive, lens)]
            owner = np.repeat(np.arange(p, q, dtype=np.int32)[alive], lens[alive])
            keep = ppid[entries] == owner
            kept = entries[keep]
            new_len = np.bincount(owner[keep] - p, minlength=q - p)
            data[write : write + kept.size] = kept
            off[p] = write
            np.cumsum(new_len[:-1], out=off[p + 1 : q])
            off[p + 1 : q] += write
            length[p:q] = new_len
            write += int(kept.size)
            p = q
        log.n = write
    if log.n + extra > log.data.size - log.n // 2:
        log.reserve(extra + log.n)  # doubles at least (untouched pages cost nothing)
