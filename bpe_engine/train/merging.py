"""The incremental BPE merge loop on flat arrays: a pair index and a lazy heap, never a recount.

Every distinct pre-token is laid out once in flat ``int32`` arrays:

- ``sym[i]``: the token at position ``i`` (``-1`` once merged into its left neighbour),
- ``nxt[i]``/``prv[i]``: links to the neighbouring live positions of the same pre-token,
- ``wt[i]``: the pre-token's count (the weight of every pair starting at ``i``),
- ``ppid[i]``: the id of the pair that starts at ``i`` (``-1`` if none).

Pairs get dense ids. Per pair: its two tokens, its count, and where its positions are in
an append-only log. A pair receives all of its positions at once, when the later of its two
tokens is created (or at the start, for byte pairs), so afterwards its count only ever
goes down. That makes the priority queue simple: a heap entry pushed at creation is an upper
bound forever; a popped entry whose count has dropped is pushed again with the current count
(lazy invalidation), and a position is still an occurrence exactly when ``ppid`` still says so.

A merge of ``(a, b)`` touches only its own positions: the pairs on either side lose the
merged weight (``(p, a)`` and ``(b, n)``), and new pairs ``(p, z)``/``(z, n)`` are created,
grouped with one sort. Everything is NumPy except one heap push per new pair.

Ties go to the highest count, then to the lexicographically greatest (or, optionally,
smallest) pair of byte strings ``(left, right)``.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, NamedTuple

import numpy as np

from .._arrays import left_to_right
from ..errors import CorpusError
from ..kinds import TieBreak
from . import merge_huge, tiekeys
from .keys import KeyedPieces
from .tiekeys import PairKey, TokenKey, tie_key, token_key

__all__ = ["MergeLoop", "WordSlices", "tie_key"]

# Pairs with at most this many logged positions are merged in plain Python, one position
# at a time; above it, the fixed cost of the ~40 NumPy calls of a vectorised merge pays off
# (~60-80 µs a merge on 10 MB of Chinese against ~1.5 µs a position in Python: 40 measured
# best there, 24-40 alike; English is the same at 32 and 128).
_SMALL_MERGE = 40
_RADIX = 4096  # keys from which a batch's new pairs are grouped by two 16-bit radix sorts
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


def _view(array: np.ndarray) -> memoryview:
    """A memoryview of ``array`` (subtle: NumPy's stubs declare the buffer protocol only for
    Python 3.12+, although arrays have always supported it)."""
    buffer: Any = array
    return memoryview(buffer)


def _position_dtype(max_count: int) -> np.dtype:
    return _POSITION32 if max_count < 2**31 else _POSITION


def _group_by_pair(at: np.ndarray, pid: np.ndarray, sizes: np.ndarray) -> _Column:
    """The positions ``at`` (ascending) grouped by their pair ``pid`` (``sizes[q]`` of pair
    ``q``), each group in ascending order: a stable sort, a slice at a time. The
    log holds room for as many entries again (see below).

    subtle: the room, because a log without any grew at the loop's first merge (a merge
    may log two new entries per position): a compaction that read ``ppid`` at random for
    the 3.2 million entries of 10 MB of Chinese, none stale yet, then a copy, 0.17-0.19 s.
    Pages never written cost no memory.

    subtle: sliced (one stable sort of 3.6 million keys held the GIL ~100 ms, and slices that
    fit in the cache sort faster); each slice's entries go to their pair's cursor plus their
    rank among that pair's entries in the slice."""
    n_pairs = int(sizes.size)
    cursor = np.zeros(n_pairs, dtype=np.int64)
    if n_pairs > 1:
        np.cumsum(sizes[:-1], out=cursor[1:])
    log = np.empty(2 * at.size, dtype=np.int32)
    step = 4 * _SLICE
    for i in range(0, at.size, step):
        keys = pid[i : i + step]
        # A stable radix sort by pair, 16 bits at a time (NumPy sorts 16-bit keys by radix:
        # 4x faster than sorting (pair << 32 | position) as uint64 on NumPy 2.4, x86)
        order = np.argsort(keys.astype(np.uint16), kind="stable")
        if n_pairs > 1 << 16:
            order = order[np.argsort((keys[order] >> 16).astype(np.uint16), kind="stable")]
        here = np.bincount(keys, minlength=n_pairs)
        shift = cursor - (np.cumsum(here) - here)
        where = shift[keys[order]]
        where += np.arange(order.size)
        log[where] = at[i : i + step][order]
        cursor += here
    return _Column(log, int(at.size))


class _Batch(NamedTuple):
    """Where a batch's pairs stand (``pos``, left elements, ascending per pair; ``label``: the
    pair's index in the batch; ``j`` the right elements, ``p`` and ``nn`` the neighbours), which
    neighbours are not merged themselves (``p_free``, ``has_n``: ``nn`` is a position), which
    right neighbours are (``n_merged``, indices into ``nn[has_n]``; ``other``: their pairs'
    indices in the batch) and the ids of the pairs
    across the junctions (``across``: at ``p[p_free]``, then at ``j[has_n]``)."""

    pos: np.ndarray
    label: np.ndarray
    j: np.ndarray
    p: np.ndarray
    nn: np.ndarray
    has_n: np.ndarray
    p_free: np.ndarray
    n_merged: np.ndarray
    other: np.ndarray
    across: np.ndarray


class _Keyed(NamedTuple):
    group: KeyedPieces
    start: int
    stop: int


class _Listed(NamedTuple):
    words: list[bytes]
    counts: list[int]


class WordSlices:
    """The distinct pre-tokens of groups of counts (dicts, or :class:`KeyedPieces` read as
    arrays) a slice of at most ``_SLICE`` words at a time: their lengths, their counts, and
    each slice's bytes concatenated (no ``bytes`` object per word for keyed pieces)."""

    def __init__(self, groups: Sequence[Mapping[bytes, int]]) -> None:
        self._parts: list[_Keyed | _Listed] = []
        words: list[bytes] = []
        counts: list[int] = []
        for group in groups:
            if isinstance(group, KeyedPieces):
                n = len(group)
                self._parts += [_Keyed(group, i, min(i + _SLICE, n)) for i in range(0, n, _SLICE)]
                continue
            # Small dicts (the shards of a count) share slices: a slice costs some NumPy calls.
            words += group
            counts += group.values()
            while len(words) >= _SLICE:
                self._parts.append(_Listed(words[:_SLICE], counts[:_SLICE]))
                del words[:_SLICE], counts[:_SLICE]
        if words:
            self._parts.append(_Listed(words, counts))

    def lengths(self) -> np.ndarray:
        """Each word's length in bytes (int64)."""
        return np.concatenate(
            [
                p.group.lengths(p.start, p.stop)
                if isinstance(p, _Keyed)
                else np.fromiter(map(len, p.words), dtype=np.int64, count=len(p.words))
                for p in self._parts
            ]
            or [np.empty(0, dtype=np.int64)]
        )

    def counts(self) -> np.ndarray:
        """Each word's count (int64)."""
        return np.concatenate(
            [
                p.group.counts[p.start : p.stop].astype(np.int64)
                if isinstance(p, _Keyed)
                else np.array(p.counts, dtype=np.int64)
                for p in self._parts
            ]
            or [np.empty(0, dtype=np.int64)]
        )

    def data(self) -> Iterator[tuple[np.ndarray, int]]:
        """Each slice's words concatenated (``uint8``) and how many words that is."""
        for p in self._parts:
            if isinstance(p, _Keyed):
                yield p.group.raw(p.start, p.stop)[0], p.stop - p.start
            else:
                yield np.frombuffer(b"".join(p.words), dtype=np.uint8), len(p.words)


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


class MergeLoop:
    """Pre-token counts in, merges out (one :meth:`pop_best` + :meth:`merge` per merge)."""

    def __init__(
        self,
        groups: Sequence[Mapping[bytes, int]],
        tie_break: TieBreak | str = TieBreak.GREATEST,
        units: Sequence[bytes] | None = None,
    ) -> None:
        """``groups``: dicts of distinct pre-tokens and their counts (no pre-token in two).

        Byte-level (``units`` None): a pre-token is its bytes, and the first 256 tokens are
        the bytes. Otherwise ``units`` are the first tokens (characters, for a
        character-level vocabulary) and a pre-token is the sequence of their indices, as
        little-endian ``uint32`` values.
        """
        width = 1 if units is None else 4
        # subtle: everything here that is O(corpus) runs in slices of at most _SLICE words or
        # 4 * _SLICE positions, so that a GUI thread gets the GIL back every few milliseconds
        # (one call over the whole corpus would hold it for tens of milliseconds on 10 MB of
        # Chinese). Arrays are allocated empty (no page touched) and filled slice by slice.
        slices = WordSlices(groups)
        lengths = slices.lengths()
        if width > 1:
            lengths //= width
        n_words = int(lengths.size)
        n = int(lengths.sum())
        if n >= 2**31 - 2:
            raise CorpusError(
                f"the distinct pre-tokens hold {n} bytes, more than this trainer can index (2 GiB); "
                "use a pre-tokenizer that splits the text (gpt2, cl100k, o200k, whitespace)"
            )
        starts = np.zeros(n_words, dtype=np.int64)
        if n_words > 1:
            np.cumsum(lengths[:-1], out=starts[1:])
        self.word_start = starts
        self.word_len = lengths
        self.word_count = slices.counts()
        # Position arrays (fields of one record array): NumPy for the vectorised path,
        # memoryviews of the same memory for the plain-Python path of small merges.
        self._positions(np.empty(n, dtype=_position_dtype(int(self.word_count.max()) if n_words else 0)))
        w = 0
        for raw, k in slices.data():
            s, e = (int(starts[w]), int(starts[w + k - 1] + lengths[w + k - 1])) if k else (0, 0)
            self.sym[s:e] = raw if width == 1 else raw.view("<u4")
            _fill_runs(self.wt[s:e], self.word_count[w : w + k], lengths[w : w + k])
            w += k
        del slices
        step = 4 * _SLICE
        for i in range(0, n, step):
            k = min(step, n - i)
            self.nxt[i : i + k] = np.arange(i + 1, i + k + 1, dtype=np.int32)
            self.prv[i : i + k] = np.arange(i - 1, i + k - 1, dtype=np.int32)
            self.ppid[i : i + k] = -1
        for i in range(0, n_words, step):
            self.nxt[starts[i : i + step] + lengths[i : i + step] - 1] = -1
            self.prv[starts[i : i + step]] = -1
        self.mark = np.empty(n, dtype=np.int8)
        self.done = False
        self.live = n  # positions still holding a token (what a checkpoint of the words saves)
        _fill(self.mark, 0)

        self.greatest = TieBreak(tie_break) is TieBreak.GREATEST
        self.tok: list[bytes] = [bytes([i]) for i in range(256)] if units is None else [bytes(u) for u in units]
        self.tkey: list[str | TokenKey] = [token_key(t, self.greatest) for t in self.tok]
        if units is None:
            present, sizes, pair_counts, log = self._byte_pairs(n, _SLICE)
        else:
            present, sizes, pair_counts, log = self._unit_pairs(len(self.tok))
        base = 256 if units is None else max(len(self.tok), 1)
        self._set_pairs(present // base, present % base, sizes, pair_counts, log)

    def _positions(self, records: np.ndarray) -> None:
        self.records = records
        self.sym, self.nxt, self.prv = records["sym"], records["nxt"], records["prv"]
        self.ppid, self.wt = records["ppid"], records["wt"]
        self.sym_m, self.nxt_m, self.prv_m = _view(self.sym), _view(self.nxt), _view(self.prv)
        self.wt_m, self.ppid_m = _view(self.wt), _view(self.ppid)

    def _byte_pairs(self, n: int, step: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, _Column]:
        """The pairs of bytes: codes (left * 256 + right), how many positions and how much
        weight each has, and the position log grouped by pair; ppid is filled in.

        Codes are < 65536, so counting is a bincount and grouping a counting sort, both
        slice by slice (positions in each pair's block stay in ascending order)."""
        per_code = np.zeros(65536, dtype=np.int64)
        weights = np.zeros(65536, dtype=np.float64)
        for i in range(0, n, step):
            left = np.flatnonzero(self.nxt[i : i + step] >= 0) + i
            codes16 = (self.sym[left] << 8) | self.sym[left + 1]
            per_code += np.bincount(codes16, minlength=65536)
            weights += np.bincount(codes16, weights=self.wt[left], minlength=65536)
        present = np.flatnonzero(per_code)
        n_pairs = int(present.size)
        pid_of_code = np.full(65536, -1, dtype=np.int32)
        pid_of_code[present] = np.arange(n_pairs, dtype=np.int32)
        cursor = np.zeros(65536, dtype=np.int64)
        np.cumsum(per_code[:-1], out=cursor[1:])
        size = int(per_code.sum())
        # Room to grow (untouched pages cost nothing); when it runs out, stale entries go first.
        log = np.empty(size + size // 2, dtype=np.int32)
        _fill(log[:size], 0)  # first touch of fresh memory costs ~1.5 ms/MB here: pay it in slices
        for i in range(0, n, step):
            left = np.flatnonzero(self.nxt[i : i + step] >= 0) + i
            codes16 = (self.sym[left] << 8) | self.sym[left + 1]
            self.ppid[left] = pid_of_code[codes16]
            order = np.argsort(codes16.astype(np.uint16), kind="stable")
            # Entry k of the sorted slice goes to its code's cursor plus its rank among that
            # code's entries in this slice (k minus where the code's run starts).
            here = np.bincount(codes16, minlength=65536)
            shift = cursor - (np.cumsum(here) - here)
            log[shift[codes16[order]] + np.arange(order.size)] = left[order]
            cursor += here

        return present, per_code[present].astype(np.int64), weights[present].astype(np.int64), _Column(log, size)

    def _unit_pairs(self, n_units: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, _Column]:
        """:meth:`_byte_pairs` for an alphabet of ``n_units`` (codes left * n_units + right,
        grouped by sorting: character-level vocabularies train on small corpora)."""
        left = np.flatnonzero(self.nxt >= 0)
        codes = self.sym[left].astype(np.int64) * n_units + self.sym[left + 1]
        present, inverse, sizes = np.unique(codes, return_inverse=True, return_counts=True)
        counts = np.bincount(inverse, weights=self.wt[left], minlength=present.size).astype(np.int64)
        self.ppid[left] = inverse.astype(np.int32)
        log = left[np.argsort(inverse, kind="stable")].astype(np.int32)
        return present, sizes.astype(np.int64), counts, _Column(log, log.size)

    def _set_pairs(
        self, left: np.ndarray, right: np.ndarray, sizes: np.ndarray, counts: np.ndarray, log: _Column
    ) -> None:
        """The pair table of a new loop (pair ``i``: ``left[i]``, ``right[i]``, ``counts[i]``,
        its ``sizes[i]`` positions next in ``log``), then the heap."""
        n_pairs = int(left.size)
        self.log = log
        offsets = np.zeros(n_pairs, dtype=np.int64)
        if n_pairs > 1:
            np.cumsum(sizes[:-1], out=offsets[1:])
        self.pairs = _Pairs(np.empty(4 * n_pairs + 1024, dtype=_PAIR))
        self.pcount = _Column.empty(np.int64, 4 * n_pairs + 1024)
        block = self.pairs.add(n_pairs)
        block["left"] = left
        block["right"] = right
        self.pcount.extend(counts)
        block["off"] = offsets
        block["len"] = sizes
        self._init_heap()

    def _init_heap(self) -> None:
        # Pairs created with a count below `threshold` wait in `low` (arrays of pair ids, no
        # Python work each) until the best count comes near them: most new pairs are rare
        # and are never merged. Invariant: every pair counting >= threshold is in the heap.
        self.threshold = int(self.pcount_max()) // 4
        counts = self.pcount.view()
        floor = max(self.threshold, 1)
        big = np.flatnonzero(counts >= floor)
        waiting = np.flatnonzero((counts > 0) & (counts < floor))
        tkey = self.tkey
        pairs = self.pairs.view()
        self.heap: list[tuple[int, str | PairKey, int]] = [
            (-c, tkey[left] + tkey[right], pid)
            for pid, left, right, c in zip(
                big.tolist(), pairs["left"][big].tolist(), pairs["right"][big].tolist(), counts[big].tolist()
            )
        ]
        heapq.heapify(self.heap)
        self.low: list[np.ndarray] = [waiting[i : i + _SLICE] for i in range(0, waiting.size, _SLICE)]
        self.low_ids: list[int] = []  # more waiting pairs, gathered into `low` _SLICE at a time
        # ... and those of large merges, as arrays (a list of Python ints cost ~0.1 s on 10 MB
        # of Chinese, whose large merges leave ~700 000 rare new pairs waiting)
        self.low_parts: list[np.ndarray] = []
        self.low_size = 0

    # -- choosing ---------------------------------------------------------------------------

    def _clean_top(self) -> tuple[int, int] | None:
        """Bring a valid entry to the top of the heap; return ``(pair_id, count)`` or None."""
        heap = self.heap
        pcount = self.pcount.mv
        while True:
            while heap:
                negc, key, pid = heap[0]
                cur = pcount[pid]
                if cur == -negc:
                    break
                if cur > 0:  # counts only drop: re-queue with the current one
                    heapq.heapreplace(heap, (-cur, key, pid))
                else:
                    heapq.heappop(heap)
            else:
                cur = 0
            if cur >= self.threshold and heap:
                return heap[0][2], cur
            if not self.low and not self.low_ids and not self.low_parts:
                return None if not heap else (heap[0][2], cur)
            # The best known count fell below the threshold: lower it and let the waiting
            # pairs that now qualify into the heap (geometric steps keep this rare).
            self.threshold = cur // 4
            self._flush_low()

    def _flush_low(self) -> None:
        """Push the waiting pairs that now reach the threshold, a block at a time (a million
        pairs wait on 10 MB of Chinese: one pass over all of them would hold the GIL ~15 ms)."""
        self._gather_low(0)
        waiting, self.low = self.low, []
        heap = self.heap
        tkey = self.tkey
        pleft, pright = self.pairs.left_m, self.pairs.right_m
        floor = max(self.threshold, 1)
        batch: list[np.ndarray] = []
        size = 0
        for block in waiting:
            for i in range(0, block.size, _SLICE):
                pids = block[i : i + _SLICE]
                counts = self.pcount.data[pids]
                up = counts >= floor
                keep = pids[(~up) & (counts > 0)]
                for pid, c in zip(pids[up].tolist(), counts[up].tolist()):
                    heapq.heappush(heap, (-c, tkey[pleft[pid]] + tkey[pright[pid]], pid))
                if keep.size:  # still waiting: regrouped into blocks of about _SLICE pairs
                    batch.append(keep)
                    size += keep.size
                    if size >= _SLICE:
                        self.low.append(np.concatenate(batch))
                        batch, size = [], 0
        if batch:
            self.low.append(np.concatenate(batch))

    def _gather_low(self, least: int) -> None:
        """Move the pending ``low_ids`` and ``low_parts`` into ``low`` as arrays (if there are
        ``least`` or more of either)."""
        ids = self.low_ids
        if ids and len(ids) >= least:
            for i in range(0, len(ids), _SLICE):
                self.low.append(np.array(ids[i : i + _SLICE], dtype=np.intp))
            self.low_ids = []
        if self.low_parts and self.low_size >= least:
            self.low.append(np.concatenate(self.low_parts))
            self.low_parts, self.low_size = [], 0

    def peek_best(self) -> tuple[int, int] | None:
        """The best pair and its count, ``(pair_id, count)``, left in place (None: no pair)."""
        return self._clean_top()

    def pop_best(self) -> tuple[int, int, int | None] | None:
        """Remove and return the best pair: ``(pair_id, count, tied_pair_id_or_None)``."""
        top = self._clean_top()
        if top is None:
            return None
        heapq.heappop(self.heap)
        pid, count = top
        nxt_top = self._clean_top()
        tied = nxt_top[0] if nxt_top is not None and nxt_top[1] == count else None
        return pid, count, tied

    def step(self) -> tuple[int, int, int, int, int, int | None] | None:
        """Choose the best pair and merge it: ``(left, right, new token, count, replaced,
        the pair id it was tied with or None)``, or None when no pair is left (one call per
        merge: :meth:`pop_best` and :meth:`merge` in one)."""
        if self.done:
            raise RuntimeError("this merge loop has finished (MergeLoop.finish); it makes no more merges")
        top = self._clean_top()
        if top is None:
            return None
        heapq.heappop(self.heap)
        pid, count = top
        nxt_top = self._clean_top()
        tied = nxt_top[0] if nxt_top is not None and nxt_top[1] == count else None
        a, b = self.pairs.left_m[pid], self.pairs.right_m[pid]
        z, replaced = self.merge(pid)
        return a, b, z, count, replaced, tied

    def step_batch(self, limit: int) -> list[tuple[int, int, int, int, int, int | None]] | None:
        """:meth:`step` up to ``limit`` times at once where that provably makes the same merges,
        or None when no pair is left.

        The best pairs are taken off the heap in order (ties included) while none shares a
        token with another (nor is a pair ``(a, a)``): their counts and places then do not
        move as the others merge, and every pair left keeps its place behind them. A pair
        that one of their merges creates counts at most what the pair across the same
        junction counted before (each of its occurrences stands where one of that pair's
        did), so the batch runs up to the last pair that counts more than every such pair of
        the merges before it (:meth:`_batch_size`); each step's tie is then the pair after
        it in heap order. The batch is merged with one set of NumPy calls for all (a merge's
        fixed cost is ~60 calls over its positions)."""
        if self.done:
            raise RuntimeError("this merge loop has finished (MergeLoop.finish); it makes no more merges")
        top = self._clean_top()
        if top is None:
            return None
        heap = self.heap
        heapq.heappop(heap)
        pleft, pright = self.pairs.left_m, self.pairs.right_m
        chosen = [top]
        used = {pleft[top[0]], pright[top[0]]}
        taken: list[tuple[int, str | PairKey, int]] = []  # the heap entries of chosen[1:]
        nxt_top = self._clean_top()
        # (a pair (a, a) makes new pairs bounded by its own overlaps: it goes alone)
        while len(used) == 2 * len(chosen) and len(chosen) < limit and nxt_top is not None:
            a, b = pleft[nxt_top[0]], pright[nxt_top[0]]
            if a == b or a in used or b in used:
                break
            taken.append(heapq.heappop(heap))
            chosen.append(nxt_top)
            used.update((a, b))
            nxt_top = self._clean_top()
        pids = [pid for pid, _ in chosen]
        lefts, rights = [pleft[pid] for pid in pids], [pright[pid] for pid in pids]
        occ = self._occurrences(pids, lefts) if len(pids) > 1 else None
        k = 1 if occ is None else self._batch_size(occ, [count for _, count in chosen])
        for entry in taken[k - 1 :]:  # beyond the batch: back in the heap
            heapq.heappush(heap, entry)
        nexts = [*chosen[1 : k + 1], nxt_top][:k]  # the pair after each in heap order
        del lefts[k:], rights[k:]
        if occ is None or k == 1:
            done = [self.merge(top[0])]
        else:
            if k < len(pids):
                occ = self._occurrences(pids[:k], lefts)
            done = self._merge_batch(pids[:k], lefts, rights, occ)
        return [
            (a, b, z, count, replaced, nx[0] if nx is not None and nx[1] == count else None)
            for a, b, (_, count), (z, replaced), nx in zip(lefts, rights, chosen, done, nexts)
        ]

    def settle(self) -> None:
        """After merges made from outside (:class:`~bpe_engine.train.replay.Replay`: no pair
        was chosen, so the threshold never came down), bring the threshold to the best count
        in one step rather than in the geometric steps of :meth:`_clean_top` (each a pass
        over a million waiting pairs on Chinese)."""
        self.threshold = self.pcount_max() // 4
        self._flush_low()

    def finish(self) -> None:
        """No more merges: give back what only merging reads (the position log, the marks, the
        heap and the waiting pairs; 7 MB of 36 MB of English), before a tokenizer is built.
        Inspection (:meth:`top_pairs`, :meth:`segmentation`) and checkpoints still work."""
        self.done = True
        self.log = _Column(np.empty(0, dtype=np.int32))
        self.mark = np.empty(0, dtype=np.int8)
        self.heap, self.low, self.low_ids, self.low_parts = [], [], [], []

    def pcount_max(self) -> int:
        return int(self.pcount.view().max()) if self.pcount.n else 0

    def pair(self, pid: int) -> tuple[int, int]:
        return self.pairs.left_m[pid], self.pairs.right_m[pid]

    # -- merging ----------------------------------------------------------------------------

    def _make_room(self, extra: int) -> None:
        """Room for ``extra`` more log entries: first drop the stale ones (positions whose pair
        has changed, the blocks of merged pairs), in place, pair by pair; grow only if the
        live entries still fill most of the log. Without this the append-only log ends at
        twice the positions on 10 MB of Chinese (and four times its memory while it doubles).

        Each pair's block keeps its order (a merge reads only the entries still valid, in
        order), so merges are unchanged. The blocks tile the log in pair order (each pair
        gets its block when created, right after the previous one), which lets the live
        entries move down in place; a log that is not tiled (never seen) just grows."""
        log, pairs = self.log, self.pairs
        n_pairs = pairs.n
        off, length = pairs.off[:n_pairs], pairs.len[:n_pairs]
        tiled = n_pairs > 0 and off[0] == 0 and bool((off[1:] == off[:-1] + length[:-1]).all())
        if tiled and int(off[-1] + length[-1]) == log.n:
            data, ppid, pcount = log.data, self.ppid, self.pcount.data
            write = 0
            p = 0
            while p < n_pairs:
                start = int(off[p])
                # Pairs p..q-1: about 4 * _SLICE entries (at least one pair) per NumPy pass.
                q = max(int(np.searchsorted(off, start + 4 * _SLICE, side="left")), p + 1)
                if q == p + 1 and length[p] > 4 * _SLICE:
                    write += self._compact_block(p, write)
                    p = q
                    continue
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

    def _compact_block(self, p: int, write: int) -> int:
        """:meth:`_make_room` for one pair's block of millions of entries (one repeated
        character's first merges), 4 * _SLICE entries a pass: its live entries move down to
        ``write`` (never past the entries still to read). Returns how many stay."""
        data, ppid = self.log.data, self.ppid
        start, size = int(self.pairs.off[p]), int(self.pairs.len[p])
        kept = 0
        if self.pcount.data[p] > 0:  # a pair counting 0 has no position left
            for i in range(start, start + size, 4 * _SLICE):
                entries = data[i : min(i + 4 * _SLICE, start + size)]
                live = entries[ppid[entries] == p]
                data[write + kept : write + kept + live.size] = live
                kept += int(live.size)
        self.pairs.off[p] = write
        self.pairs.len[p] = kept
        return kept

    def _joined_key(self, a: int, b: int) -> str | TokenKey:
        """The key of the token just made of ``a`` and ``b`` (the last one)."""
        tok = self.tok[-1]
        if len(tok) > tiekeys.LONG:
            return TokenKey(tok, self.greatest)
        left, right = self.tkey[a], self.tkey[b]
        assert isinstance(left, str) and isinstance(right, str)  # both shorter than the token
        return left[:-1] + right  # a key is one character per byte and a terminator

    def merge(self, pid: int) -> tuple[int, int]:
        """Merge every occurrence of pair ``pid``; returns the new token id and how many
        occurrences were replaced (weighted by the pre-tokens' counts).

        That is the pair's count, except where occurrences overlap ("a a a" holds the pair
        ("a", "a") twice, but only one can merge): the corpus shrinks by exactly this many
        tokens.
        """
        pairs = self.pairs
        a, b = pairs.left_m[pid], pairs.right_m[pid]
        tok, tkey = self.tok, self.tkey
        z = len(tok)
        tok.append(tok[a] + tok[b])
        tkey.append(self._joined_key(a, b))
        size = pairs.len_m[pid]
        if self.log.n + 2 * size > self.log.data.size:  # a merge logs at most 2 new positions per position
            self._make_room(2 * size)
        off = pairs.off_m[pid]
        size = pairs.len_m[pid]
        if size <= _SMALL_MERGE:
            replaced = self._merge_small(pid, z, self.log.mv[off : off + size].tolist())
        else:
            block = self.log.data[off : off + size]
            huge = merge_huge.merge_huge(self, pid, a, b, z, block) if size > merge_huge.HUGE_MERGE else None
            replaced = self._merge_large(pid, a, b, z, block.astype(np.intp)) if huge is None else huge
        return z, replaced

    def _merge_small(self, pid: int, z: int, cand: list[int]) -> int:
        """Few positions: merge them one at a time, left to right, in plain Python.

        Sequential updates make overlaps ("a b a b", "a a a") come out right by themselves.
        """
        sym, nxt, prv, wt, ppid = self.sym_m, self.nxt_m, self.prv_m, self.wt_m, self.ppid_m
        pairs = self.pairs
        pairs.reserve(2 * len(cand))  # at most two new pairs per position
        self.pcount.reserve(2 * len(cand))
        pcount, pleft, pright = self.pcount.mv, pairs.left_m, pairs.right_m
        new_left: dict[int, int] = {}  # left token of a new pair (x, z) -> its id
        new_right: dict[int, int] = {}  # right token of a new pair (z, y) -> its id
        where: list[list[int]] = []  # positions of each new pair (by id - first new id)
        base = n_pairs = pairs.n
        total = merged = 0
        cand.sort()
        for i in cand:
            if ppid[i] != pid:
                continue  # no longer this pair (changed by an earlier merge or occurrence)
            j = nxt[i]
            w = wt[i]
            total += w
            merged += 1
            p = prv[i]
            if p >= 0:
                pcount[ppid[p]] -= w
                left = sym[p]
                q = new_left.get(left)
                if q is None:
                    q = new_left[left] = n_pairs
                    n_pairs += 1
                    pleft[q] = left
                    pright[q] = z
                    pcount[q] = w
                    where.append([p])
                else:
                    pcount[q] += w
                    where[q - base].append(p)
                ppid[p] = q
            n = nxt[j]
            if n >= 0:
                pcount[ppid[j]] -= w
                right = sym[n]
                q = new_right.get(right)
                if q is None:
                    q = new_right[right] = n_pairs
                    n_pairs += 1
                    pleft[q] = z
                    pright[q] = right
                    pcount[q] = w
                    where.append([i])
                else:
                    pcount[q] += w
                    where[q - base].append(i)
                ppid[i] = q
                prv[n] = i
            else:
                ppid[i] = -1
            sym[i] = z
            sym[j] = -1
            ppid[j] = -1
            nxt[i] = n
        pcount[pid] -= total
        self.live -= merged
        pairs.n = self.pcount.n = n_pairs
        if not where:
            return total
        self._log_new_pairs(base, where)
        return total

    def _log_new_pairs(self, base: int, where: list[list[int]]) -> None:
        """Log the positions of a small merge's new pairs (ids from ``base``, ``where[k]``
        the positions of pair ``base + k``, ascending) and queue each: the heap if it counts
        at least the threshold, else the waiting pairs. (Offsets and the split done with
        NumPy instead were slower: a small merge makes ~80 new pairs on Chinese.)"""
        pairs, log = self.pairs, self.log
        poff, plen, pcount = pairs.off_m, pairs.len_m, self.pcount.mv
        flat: list[int] = []
        at = log.n
        heap = self.heap
        tkey = self.tkey
        pleft, pright = pairs.left_m, pairs.right_m
        floor = max(self.threshold, 1)
        low = []
        for q, positions in enumerate(where, base):
            poff[q] = at
            plen[q] = len(positions)
            at += len(positions)
            flat += positions
            c = pcount[q]
            if c >= floor:
                heapq.heappush(heap, (-c, tkey[pleft[q]] + tkey[pright[q]], q))
            elif c > 0:
                low.append(q)
        if low:
            self.low_ids += low
            if len(self.low_ids) >= _SLICE:
                self._gather_low(_SLICE)
        if at > log.data.size:
            log.reserve(len(flat))
        log.data[log.n : at] = flat
        log.n = at

    def _merge_large(self, pid: int, a: int, b: int, z: int, pos: np.ndarray) -> int:
        """Many positions: all at once with NumPy (index arrays kept as intp, the fast kind).

        subtle: each field is gathered and scattered on its own (a whole-record gather of a
        structured array is 20x slower); the record layout still makes them cheap, since
        the fields of a position share a cache line."""
        sym, nxt, prv, wt, mark, ppid = self.sym, self.nxt, self.prv, self.wt, self.mark, self.ppid
        pos = pos[ppid[pos] == pid]  # positions where this pair still stands (always: cheaper than a test)
        if a == b:
            pos = left_to_right(pos, nxt)  # "a a a a": overlapping occurrences
        j = nxt[pos].astype(np.intp)
        w = wt[pos].astype(np.int64, copy=False)  # subtle: subtract.at with int32 values into int64 is 11x slower
        p = prv[pos].astype(np.intp)
        nn = nxt[j].astype(np.intp)
        has_n = nn >= 0
        pr = pos[has_n]
        nr = nn[has_n]
        right_tok = sym[nr]
        if a == b or np.logical_or.reduce(right_tok == a):
            # Two occurrences may touch ("a b a b"): mark right elements (1) and left
            # elements (2) to see which neighbours are part of this merge themselves.
            mark[j] = 1
            mark[pos] = 2
            p_free = (p >= 0) & (mark[p] != 1)  # subtle: mark[-1] is read for p == -1, then masked
            n_merged = mark[nr] == 2
            mark[j] = 0
            mark[pos] = 0
            if np.logical_or.reduce(n_merged):
                right_tok = np.where(n_merged, np.int32(z), right_tok)  # (z, z) where merges touch
        else:
            p_free = p >= 0
        pl = p[p_free]
        # The weights of the left pairs, then of the right ones (both lost, both new)
        weights = np.concatenate((w[p_free], w[has_n]))
        pcount = self.pcount.data
        # The pairs on either side lose the merged weight (one call for both sides); so does
        # the merged pair itself.
        np.subtract.at(pcount, np.concatenate((ppid[pl], ppid[j[has_n]])), weights)
        replaced = int(np.add.reduce(w))
        self.live -= int(pos.size)
        pcount[pid] -= replaced
        # No pair starts at a merged position, but for the new ones `_add_pairs` sets (the
        # left neighbours `pl` are never merged positions: `left_to_right` and the marks)
        ppid[pos] = -1
        ppid[j] = -1

        # New pairs: (p, z) at each left neighbour p, (z, n) at each merged position.
        self._add_pairs(z, sym[pl], pl, right_tok, pr, weights)

        # Structural update.
        sym[pos] = z
        sym[j] = -1
        nxt[pos] = nn
        prv[nr] = pr
        return replaced

    def _add_pairs(
        self,
        z: int,
        left_tok: np.ndarray,
        left_pos: np.ndarray,
        right_tok: np.ndarray,
        right_pos: np.ndarray,
        weights: np.ndarray,
    ) -> None:
        """Create the new pairs ``(left_tok, z)`` and ``(z, right_tok)`` of one merge
        (``weights``: those of the left positions, then of the right ones).

        All of them are new (each holds the new token ``z``), so pair ids are handed out
        here: one per distinct neighbour token, in the order of one stable sort, which also
        lays each new pair's positions out contiguously in the log.
        """
        n_tok = len(self.tok)
        k = left_tok.size + right_tok.size
        if not k:
            return
        # Left partners keep their ids, right partners are shifted by n_tok: one sort groups
        # the pairs of both kinds (left kinds first).
        keys = np.concatenate((left_tok, right_tok + np.int32(n_tok)))
        # subtle: method calls, not np.argsort(...) and the like (their Python wrappers cost
        # ~1 µs a call, and a large merge on Chinese makes ~40 calls over ~200 positions)
        order = (keys.astype(np.uint16) if 2 * n_tok <= 65536 else keys).argsort(kind="stable")
        keys = keys[order]
        first = np.empty(k, dtype=bool)
        first[0] = True
        np.not_equal(keys[1:], keys[:-1], out=first[1:])
        starts = first.nonzero()[0]
        uniq = keys[starts]
        m = int(starts.size)
        ml = int(uniq.searchsorted(n_tok))
        positions = np.concatenate((left_pos, right_pos))[order]
        pairs = self.pairs
        base = pairs.n
        cnts = np.add.reduceat(weights[order], starts)
        pairs.reserve(m)
        pairs.n += m
        # subtle: the fields as arrays of the table (`reserve` refreshed them), not views of a
        # block of records by name (a structured field lookup per statement)
        end = base + m
        sizes = pairs.len[base:end]
        sizes[:-1] = starts[1:]
        sizes[-1] = k
        sizes -= starts
        # each position's new pair id: the ids repeated by their sizes (a cumsum over the
        # group starts, bool to int32, cost more)
        self.ppid[positions] = np.arange(base, end, dtype=np.int32).repeat(sizes)
        pairs.left[base : base + ml] = uniq[:ml]
        pairs.left[base + ml : end] = z
        pairs.right[base : base + ml] = z
        pairs.right[base + ml : end] = uniq[ml:] - n_tok
        self.pcount.extend(cnts)
        pairs.off[base:end] = starts + self.log.n
        self.log.extend(positions)
        self.queue_new(base, end, cnts)

    def queue_new(self, base: int, end: int, cnts: np.ndarray) -> None:
        """Queue the new pairs ``base`` to ``end - 1`` (counting ``cnts``): the heap if they count
        at least the threshold, else the waiting pairs."""
        floor = max(self.threshold, 1)
        m = end - base
        big = (cnts >= floor).nonzero()[0]
        if big.size < m:  # most new pairs are rare (on Chinese, nearly every merge has none above)
            low = np.arange(base, end) if not big.size else (cnts < floor).nonzero()[0] + base
            self.low_parts.append(low)
            self.low_size += low.size
            if self.low_size >= _SLICE:
                self._gather_low(_SLICE)
        if big.size:
            heap, tkey, push = self.heap, self.tkey, heapq.heappush
            pleft, pright = self.pairs.left_m, self.pairs.right_m
            for q, c in zip((big + base).tolist(), cnts[big].tolist()):
                push(heap, (-c, tkey[pleft[q]] + tkey[pright[q]], q))

    def _occurrences(self, pids: list[int], lefts: list[int]) -> _Batch:
        """Where the pairs ``pids`` (left tokens ``lefts``; no token in two of them, none
        ``(a, a)``) stand, and their neighbours, as merging them all would see them (room made
        in the log first)."""
        pairs, log = self.pairs, self.log
        total = sum([pairs.len_m[pid] for pid in pids])
        if log.n + 2 * total > log.data.size:  # a merge logs at most 2 new positions per position
            self._make_room(2 * total)
        sizes = [pairs.len_m[pid] for pid in pids]  # (after the room: it moves the blocks)
        data, offs = log.data, [pairs.off_m[pid] for pid in pids]
        pos = np.concatenate([data[o : o + s] for o, s in zip(offs, sizes)]).astype(np.intp)
        nxt, prv, mark, ppid = self.nxt, self.prv, self.mark, self.ppid
        label = np.repeat(np.arange(len(pids), dtype=np.int32), sizes)
        keep = ppid[pos] == np.asarray(pids, dtype=np.int32)[label]
        pos = pos[keep]
        label = label[keep]
        j = nxt[pos].astype(np.intp)
        p = prv[pos].astype(np.intp)
        nn = nxt[j].astype(np.intp)
        has_n = nn >= 0
        # Marks: right elements (1) and left elements (2) of the occurrences, to see which
        # neighbours are merged themselves.
        mark[j] = 1
        mark[pos] = 2
        p_free = (p >= 0) & (mark[p] != 1)  # subtle: mark[-1] is read for p == -1, then masked
        n_merged = (mark[nn[has_n]] == 2).nonzero()[0]
        mark[j] = 0
        mark[pos] = 0
        other = np.empty(0, dtype=np.intp)
        if n_merged.size:  # the merge of each such neighbour, by its left token (in no other pair)
            firsts = np.asarray(lefts, dtype=np.int64)
            by_left = firsts.argsort()
            other = by_left[firsts[by_left].searchsorted(self.sym[nn[has_n][n_merged]])]
        # The pairs across the junctions, which the merges take away: at each free left
        # neighbour, and at each right element with a right neighbour.
        across = np.concatenate((ppid[p[p_free]], ppid[j[has_n]]))
        return _Batch(pos, label, j, p, nn, has_n, p_free, n_merged, other, across)

    def _batch_size(self, occ: _Batch, counts: list[int]) -> int:
        """How many of the pairs of ``occ`` (counting ``counts``) merge together exactly: up to
        the last one counting more than every pair across a junction of the merges before."""
        crossed = self.pcount.data[occ.across]
        k = len(counts)
        if not crossed.size or int(crossed.max()) < counts[-1]:
            return k
        # A junction between two occurrences gets its first new pair with the earlier merge.
        right_of = occ.label[occ.has_n]
        right_of[occ.n_merged] = np.minimum(right_of[occ.n_merged], occ.other)
        most = np.zeros(k, dtype=np.int64)
        np.maximum.at(most, np.concatenate((occ.label[occ.p_free], right_of)), crossed)
        before = np.maximum.accumulate(most).tolist()  # before[i]: the most across merges 0..i
        while k > 1 and before[k - 2] >= counts[k - 1]:
            k -= 1
        return k

    def _merge_batch(self, pids: list[int], lefts: list[int], rights: list[int], occ: _Batch) -> list[tuple[int, int]]:
        """Merge the pairs ``pids`` (``(lefts[i], rights[i])``, standing at ``occ``) as
        :meth:`merge` one after the other would: the new tokens, and how many occurrences
        each replaced. Occurrences of two of them may touch ("a b c d"): the pair across is
        then that of the two new tokens, made by the later merge, as in turn; pairs are
        numbered as in turn too (by the merge that made their newer token, then ``(x, z)``
        by ``x`` before ``(z, y)`` by ``y``), less those a later merge of the batch takes
        away whole."""
        tok, tkey = self.tok, self.tkey
        k = len(pids)
        z0 = len(tok)
        for a, b in zip(lefts, rights):
            tok.append(tok[a] + tok[b])
            tkey.append(self._joined_key(a, b))
        n_tok = len(tok)
        pos, label, j, p, nn, has_n, p_free, n_merged, other, across = occ
        sym, nxt, prv, ppid = self.sym, self.nxt, self.prv, self.ppid
        w = self.wt[pos].astype(np.int64, copy=False)  # subtle: subtract.at with int32 values into int64 is 11x slower
        pl = p[p_free]
        pr = pos[has_n]
        nr = nn[has_n]
        weights = np.concatenate((w[p_free], w[has_n]))
        pcount = self.pcount.data
        np.subtract.at(pcount, across, weights)
        replaced = np.bincount(label, weights=w, minlength=k).astype(np.int64)
        pcount[pids] -= replaced
        self.live -= int(pos.size)
        ppid[pos] = -1
        ppid[j] = -1
        born_r = label[has_n].astype(np.int64)
        part_r = sym[nr].astype(np.int64) + n_tok
        if n_merged.size:  # a right neighbour merged too: its pair's new token
            mine = born_r[n_merged]
            # (z_mine, z_other): the later merge's (x, z) with x = z_mine, or this one's (z, y)
            part_r[n_merged] = np.where(other > mine, mine + z0, other + z0 + n_tok)
            born_r[n_merged] = np.maximum(mine, other)
        born = np.concatenate((label[p_free], born_r))
        part = np.concatenate((sym[pl], part_r))
        keys = born * (2 * n_tok) + part
        if keys.size > _RADIX and 2 * n_tok <= 1 << 16:
            # Two stable 16-bit radix sorts (NumPy sorts 16-bit keys by radix) beat one of
            # int64 keys on large batches: 20 000 keys 0.17 against 0.65 ms.
            order = part.astype(np.uint16).argsort(kind="stable")
            order = order[born[order].astype(np.uint16).argsort(kind="stable")]
        else:
            order = keys.argsort(kind="stable")
        keys = keys[order]
        first = np.empty(keys.size, dtype=bool)
        first[:1] = True
        np.not_equal(keys[1:], keys[:-1], out=first[1:])
        starts = first.nonzero()[0]
        born, part = np.divmod(keys[starts], 2 * n_tok)  # each new pair's
        z_of = born + z0
        is_left = part < n_tok
        new_left = np.where(is_left, part, z_of)
        new_right = np.where(is_left, z_of, part - n_tok)
        positions = np.concatenate((pl, pr))[order]
        self._store_new_pairs(new_left, new_right, starts, positions, np.add.reduceat(weights[order], starts))
        sym[pos] = label + np.int32(z0)
        sym[j] = -1
        nxt[pos] = nn
        prv[nr] = pr
        return [(z0 + i, r) for i, r in enumerate(replaced.tolist())]

    def _store_new_pairs(
        self, left: np.ndarray, right: np.ndarray, starts: np.ndarray, positions: np.ndarray, cnts: np.ndarray
    ) -> None:
        """New pairs ``(left[i], right[i])`` counting ``cnts[i]``, their positions
        ``positions[starts[i]:starts[i + 1]]``: ids, the table, the log, the heap or waiting."""
        if not positions.size:
            return
        pairs = self.pairs
        m = int(starts.size)
        base = pairs.n
        pairs.reserve(m)
        pairs.n += m
        end = base + m
        sizes = pairs.len[base:end]
        sizes[:-1] = starts[1:]
        sizes[-1] = positions.size
        sizes -= starts
        self.ppid[positions] = np.arange(base, end, dtype=np.int32).repeat(sizes)
        pairs.left[base:end] = left
        pairs.right[base:end] = right
        self.pcount.extend(cnts)
        pairs.off[base:end] = starts + self.log.n
        self.log.extend(positions)
        self.queue_new(base, end, cnts)

    # -- checkpoints --------------------------------------------------------------------------

    def export_words(self) -> tuple[np.ndarray, np.ndarray]:
        """Each distinct pre-token's tokens as they are now, concatenated, and how many each
        has: with ``word_count`` and ``tok``, all :meth:`from_words` needs to go on."""
        live = self.sym >= 0
        before = np.zeros(live.size + 1, dtype=np.int64)
        np.cumsum(live, out=before[1:])
        return self.sym[live], before[self.word_start + self.word_len] - before[self.word_start]

    def rewound(self, parts: Sequence[tuple[int, int]], n_units: int, tie_break: TieBreak | str) -> MergeLoop:
        """This loop as it stood before its last ``len(parts)`` merges, rebuilt (:meth:`from_words`):
        ``parts[i]`` is the pair that made the ``i``-th of those tokens, of tokens made before
        them all (a batch of :meth:`step_batch`)."""
        ids, lens = self.export_words()
        first = len(self.tok) - len(parts)
        split = ids >= first
        at = np.flatnonzero(split)
        if at.size:
            halves = np.asarray(parts, dtype=ids.dtype).reshape(-1, 2)[ids[at] - first]
            out = np.repeat(ids, split.astype(np.intp) + 1)
            at += np.arange(at.size)  # where each split token starts in `out`
            out[at] = halves[:, 0]
            out[at + 1] = halves[:, 1]
            ends = np.zeros(lens.size + 1, dtype=np.int64)
            np.cumsum(lens, out=ends[1:])
            before = np.zeros(split.size + 1, dtype=np.int64)
            np.cumsum(split, out=before[1:])
            lens = lens + before[ends[1:]] - before[ends[:-1]]
            ids = out
        return MergeLoop.from_words(ids, lens, self.word_count, self.tok[:first], n_units, tie_break)

    @classmethod
    def from_words(
        cls,
        ids: np.ndarray,
        lens: np.ndarray,
        counts: np.ndarray,
        tok: Sequence[bytes],
        n_units: int,
        tie_break: TieBreak | str,
    ) -> MergeLoop:
        """The loop whose distinct pre-tokens hold the tokens ``ids`` now (concatenated, ``lens``
        each, occurring ``counts`` times), over the tokens ``tok``: ``n_units`` units (bytes or
        characters), then one per merge, in order. Its merges from here on are those of the
        loop :meth:`export_words` saved: pairs are counted and indexed afresh (linear), and
        pair ids, the last tie-break, are handed out in the order that loop created them (when
        its newer token was made; among the pairs of one merge, ``(x, z)`` by ``x``, then
        ``(z, y)`` by ``y``). Arguments are trusted: a checkpoint checks them first."""
        loop = cls.__new__(cls)
        lens = lens.astype(np.int64)
        n = int(lens.sum())
        starts = np.zeros(lens.size, dtype=np.int64)
        if lens.size > 1:
            np.cumsum(lens[:-1], out=starts[1:])
        loop.word_start, loop.word_len, loop.word_count = starts, lens, counts.astype(np.int64)
        loop._positions(np.empty(n, dtype=_position_dtype(int(loop.word_count.max()) if lens.size else 0)))
        loop._fill_positions(ids)
        del ids  # the caller's reference may be the last one
        loop.mark = np.zeros(n, dtype=np.int8)
        loop.done = False
        loop.live = n
        loop.greatest = TieBreak(tie_break) is TieBreak.GREATEST
        loop.tok = list(tok)
        loop.tkey = [token_key(t, loop.greatest) for t in loop.tok]
        n_tok = len(loop.tok)
        step = 4 * _SLICE
        # subtle: int32 (a quarter of the memory peak), a slice at a time (one call held the GIL ~50 ms)
        at = np.concatenate(
            [(np.flatnonzero(loop.nxt[i : i + step] >= 0) + i).astype(np.int32) for i in range(0, n, step)]
            or [np.empty(0, dtype=np.int32)]
        )
        if n_tok * n_tok <= _DENSE_CODES:
            # Few tokens (a loop started after the characters were formed): count the codes
            # directly (np.unique's sort of millions of codes took a second); int32 codes made
            # a slice at a time (the int64 temporaries of one expression were the memory peak).
            codes: np.ndarray = np.empty(at.size, dtype=np.int32)
            for i in range(0, at.size, 4 * _SLICE):
                part = at[i : i + 4 * _SLICE]
                codes[i : i + part.size] = loop.sym[part] * np.int32(n_tok) + loop.sym[part + 1]
            sizes = np.bincount(codes, minlength=n_tok * n_tok)
            present = np.flatnonzero(sizes)
            sizes = sizes[present]
            inverse: np.ndarray | None = None
        else:
            codes = loop.sym[at].astype(np.int64) * n_tok + loop.sym[at + 1]
            present, inverse, sizes = np.unique(codes, return_inverse=True, return_counts=True)
        left, right = present // n_tok, present % n_tok
        newer = np.maximum(left, right)
        born = np.where(newer >= n_units, newer, -1)  # the merge that made the pair; -1: a pair of units
        within = np.where(born < 0, present, np.where((right == born) & (left != born), left, n_tok + right))
        order = np.lexsort((within, born))
        pid = np.empty(order.size, dtype=np.int32)
        pid[order] = np.arange(order.size, dtype=np.int32)
        if inverse is None:  # each code's pair id straight from a table of the codes
            dense = np.zeros(n_tok * n_tok, dtype=np.int32)
            dense[present] = pid
            pid_at = dense[codes]
            del dense
        else:
            pid_at = pid[inverse.ravel()]
        del codes, inverse
        loop.ppid[at] = pid_at
        sizes = sizes[order].astype(np.int64)
        # A pair's weight: its positions, plus the counts above 1 of the words they are in
        # (most words occur once on Chinese: a weighted count of millions of positions was
        # ~0.1 s of its conversions to float and fresh memory)
        heavy, extra = loop._extra_weight(at)
        weights = sizes + np.bincount(pid_at[heavy], weights=extra, minlength=order.size).astype(np.int64)
        log = _group_by_pair(at, pid_at, sizes)
        del at, pid_at
        loop._set_pairs(left[order], right[order], sizes, weights, log)
        return loop

    def _extra_weight(self, at: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Where among the positions ``at`` the weight is not 1 (indices into ``at``), and the
        weight less 1 there (a slice at a time)."""
        where: list[np.ndarray] = [np.empty(0, dtype=np.intp)]
        extra: list[np.ndarray] = [np.empty(0, dtype=np.int64)]
        for i in range(0, at.size, 4 * _SLICE):
            w = self.wt[at[i : i + 4 * _SLICE]]
            k = np.flatnonzero(w != 1)
            where.append(k + i)
            extra.append(w[k].astype(np.int64) - 1)
        return np.concatenate(where), np.concatenate(extra)

    def _fill_positions(self, ids: np.ndarray) -> None:
        """Positions holding the tokens ``ids`` (of the words ``word_start``/``word_len``), each
        linked to its word's neighbours, weighted by its word's count, no pair yet.

        subtle: a slice of words at a time, so that a GUI thread gets the GIL back every few
        milliseconds (3.6 million positions on 10 MB of Chinese); small slices (~70 000
        positions, 1.4 MB of records), so that each slice's five strided field writes meet its
        records in the cache (10 MB of Chinese: 0.028-0.040 -> 0.022-0.025 s; 8x larger
        slices made five passes over the 72 MB of records)."""
        starts, lens, counts = self.word_start, self.word_len, self.word_count.astype(self.wt.dtype)
        step = _SLICE // 8
        for w in range(0, lens.size, step):
            e = min(w + step, lens.size)
            s, end = int(starts[w]), int(starts[e - 1] + lens[e - 1])
            self.sym[s:end] = ids[s:end]
            self.wt[s:end] = np.repeat(counts[w:e], lens[w:e])
            self.nxt[s:end] = np.arange(s + 1, end + 1, dtype=np.int32)
            self.prv[s:end] = np.arange(s - 1, end - 1, dtype=np.int32)
            self.nxt[starts[w:e] + lens[w:e] - 1] = -1
            self.prv[starts[w:e]] = -1
            self.ppid[s:end] = -1

    # -- inspection (step mode) -------------------------------------------------------------

    def top_pairs(self, k: int) -> list[tuple[int, int, int]]:
        """``(left, right, count)`` of the ``k`` best pairs, best first."""
        counts = self.pcount.view().copy()
        live = np.flatnonzero(counts > 0)
        if live.size > 4 * k + 64:
            # Only pairs whose count reaches the k-th largest can be in the answer.
            kth = np.partition(counts[live], live.size - k)[live.size - k]
            live = live[counts[live] >= kth]
        tkey = self.tkey
        rows = []
        for pid in live.tolist():
            left, right = self.pair(pid)
            rows.append((-int(counts[pid]), tkey[left] + tkey[right], left, right))
        rows.sort()
        return [(left, right, -c) for c, _, left, right in rows[:k]]

    def segmentation(self, word: int) -> tuple[int, ...]:
        s = int(self.word_start[word])
        e = s + int(self.word_len[word])
        return tuple(t for t in self.sym[s:e].tolist() if t >= 0)

    def frequent_words(self, limit: int) -> list[int]:
        words: list[int] = np.argsort(-self.word_count, kind="stable")[:limit].tolist()
        return words
