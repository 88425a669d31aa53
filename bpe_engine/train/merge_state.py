"""The merge loop's state (:class:`~.merging.MergeLoop`): the growable NumPy columns it keeps
(the position log, the pair table, the pair counts), the records of positions, and
:class:`LoopState`, the attributes every part of the loop shares (each part a base class of
``MergeLoop`` over this one state: set-up, choosing, one merge, batches, words).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .tiekeys import PairKey, TokenKey

_SLICE = 65_536  # words (or 4x as many positions) handled per call while setting up
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


def _view(array: np.ndarray) -> memoryview:
    """A memoryview of ``array`` (subtle: NumPy's stubs declare the buffer protocol only for
    Python 3.12+, although arrays have always supported it)."""
    buffer: Any = array
    return memoryview(buffer)


def _position_dtype(max_count: int) -> np.dtype:
    return _POSITION32 if max_count < 2**31 else _POSITION


def _fill(array: np.ndarray, value: int) -> None:
    for i in range(0, array.size, _COPY):
        array[i : i + _COPY] = value


def _fill_runs(out: np.ndarray, values: np.ndarray, lengths: np.ndarray) -> None:
    """``out[:] = np.repeat(values, lengths)``, _COPY elements at a time: one pre-token can be
    a whole 50 MB line, whose repeat was a temporary of 400 MB (fresh memory costs more to
    touch here than the work done in it)."""
    total = int(out.size)
    if total <= _COPY:
        out[:] = np.repeat(values, lengths)
        return
    ends = np.cumsum(lengths)
    for i in range(0, total, _COPY):
        stop = min(i + _COPY, total)
        first = int(ends.searchsorted(i, side="right"))  # the word holding position i
        last = int(ends.searchsorted(stop, side="left"))  # ... and position stop - 1
        runs = np.minimum(ends[first : last + 1], stop) - np.maximum(
            ends[first : last + 1] - lengths[first : last + 1], i
        )
        out[i:stop] = np.repeat(values[first : last + 1], runs)


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
        n = self.n
        if n + k <= self.data.size and k <= _COPY:  # the common case: one call (a merge's few values)
            self.data[n : n + k] = values
            self.n = n + k
            return
        self.reserve(k)
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


class LoopState:
    """What the parts of the loop share (set by :mod:`.merge_setup` or :mod:`.merge_words`)."""

    # Per position (fields of one record array ``records``), as arrays for the vectorised
    # path and as memoryviews of the same memory for the plain-Python path of small merges.
    records: np.ndarray
    sym: np.ndarray
    nxt: np.ndarray
    prv: np.ndarray
    ppid: np.ndarray
    wt: np.ndarray
    sym_m: memoryview
    nxt_m: memoryview
    prv_m: memoryview
    wt_m: memoryview
    ppid_m: memoryview
    mark: np.ndarray
    done: bool
    live: int
    # Per distinct pre-token
    word_start: np.ndarray
    word_len: np.ndarray
    word_count: np.ndarray
    # Tokens and their tie-break keys
    greatest: bool
    tok: list[bytes]
    tkey: list[str | TokenKey]
    # Pairs: the table, the counts, the position log
    log: _Column
    pairs: _Pairs
    pcount: _Column
    # Choosing: the heap and the pairs waiting below the threshold
    threshold: int
    heap: list[tuple[int, str | PairKey, int]]
    low: list[np.ndarray]
    low_ids: list[int]
    low_parts: list[np.ndarray]
    low_size: int

    def _positions(self, records: np.ndarray) -> None:
        self.records = records
        self.sym, self.nxt, self.prv = records["sym"], records["nxt"], records["prv"]
        self.ppid, self.wt = records["ppid"], records["wt"]
        self.sym_m, self.nxt_m, self.prv_m = _view(self.sym), _view(self.nxt), _view(self.prv)
        self.wt_m, self.ppid_m = _view(self.wt), _view(self.ppid)
