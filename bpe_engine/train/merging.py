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

This module holds :class:`MergeLoop`'s state and the choice of each merge (the heap); its
parts live beside it: :mod:`.loop_arrays` (the record layouts, growable columns, tie-break
keys, the log's compaction), :mod:`.loop_build` (the pair index of a new or rebuilt loop)
and :mod:`.merge_steps` (one merge's updates, small and large).
"""

from __future__ import annotations

import heapq
from collections.abc import Mapping, Sequence

import numpy as np

from ..errors import CorpusError
from ..kinds import TieBreak
from . import loop_build, merge_steps
from .loop_arrays import (
    _PAIR,
    _SLICE,
    _Column,
    _fill,
    _Pairs,
    _position_dtype,
    _view,
    make_room,
    tie_key,
)

__all__ = ["MergeLoop", "tie_key"]

# Pairs with at most this many logged positions are merged in plain Python, one position
# at a time; above it, the fixed cost of the ~40 NumPy calls of a vectorised merge pays off.
_SMALL_MERGE = 128


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
        slices: list[tuple[list[bytes], list[int]]] = []
        for group in groups:
            words = list(group)
            counts = list(group.values())
            for i in range(0, len(words), _SLICE):
                slices.append(
                    (words[i : i + _SLICE], counts[i : i + _SLICE]) if len(words) > _SLICE else (words, counts)
                )
        lengths = np.concatenate(
            [np.array(list(map(len, words)), dtype=np.int64) for words, _ in slices] or [np.empty(0, dtype=np.int64)]
        )
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
        self.word_count = np.concatenate(
            [np.array(counts, dtype=np.int64) for _, counts in slices] or [np.empty(0, dtype=np.int64)]
        )
        # Position arrays (fields of one record array): NumPy for the vectorised path,
        # memoryviews of the same memory for the plain-Python path of small merges.
        self._positions(np.empty(n, dtype=_position_dtype(int(self.word_count.max()) if n_words else 0)))
        w = 0
        for words, _ in slices:
            k = len(words)
            s, e = (int(starts[w]), int(starts[w + k - 1] + lengths[w + k - 1])) if k else (0, 0)
            self.sym[s:e] = np.frombuffer(b"".join(words), dtype=np.uint8 if width == 1 else "<u4")
            self.wt[s:e] = np.repeat(self.word_count[w : w + k], lengths[w : w + k])
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

        self.key_of = tie_key(tie_break)
        self.tok: list[bytes] = [bytes([i]) for i in range(256)] if units is None else [bytes(u) for u in units]
        self.tkey: list[str] = [self.key_of(t) for t in self.tok]
        if units is None:
            present, sizes, pair_counts, log = loop_build.byte_pairs(self, n, _SLICE)
        else:
            present, sizes, pair_counts, log = loop_build.unit_pairs(self, len(self.tok))
        base = 256 if units is None else max(len(self.tok), 1)
        self.set_pairs(present // base, present % base, sizes, pair_counts, log)

    def _positions(self, records: np.ndarray) -> None:
        self.records = records
        self.sym, self.nxt, self.prv = records["sym"], records["nxt"], records["prv"]
        self.ppid, self.wt = records["ppid"], records["wt"]
        self.sym_m, self.nxt_m, self.prv_m = _view(self.sym), _view(self.nxt), _view(self.prv)
        self.wt_m, self.ppid_m = _view(self.wt), _view(self.ppid)

    def set_pairs(
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
        self.heap: list[tuple[int, str, int]] = [
            (-c, tkey[left] + tkey[right], pid)
            for pid, left, right, c in zip(
                big.tolist(), pairs["left"][big].tolist(), pairs["right"][big].tolist(), counts[big].tolist()
            )
        ]
        heapq.heapify(self.heap)
        self.low: list[np.ndarray] = [waiting[i : i + _SLICE] for i in range(0, waiting.size, _SLICE)]
        self.low_ids: list[int] = []  # more waiting pairs, gathered into `low` _SLICE at a time

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
            if not self.low and not self.low_ids:
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
        """Move the pending ``low_ids`` into ``low`` as arrays (if there are ``least`` or more)."""
        ids = self.low_ids
        if ids and len(ids) >= least:
            for i in range(0, len(ids), _SLICE):
                self.low.append(np.array(ids[i : i + _SLICE], dtype=np.intp))
            self.low_ids = []

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
        self.heap, self.low, self.low_ids = [], [], []

    def pcount_max(self) -> int:
        return int(self.pcount.view().max()) if self.pcount.n else 0

    def pair(self, pid: int) -> tuple[int, int]:
        return self.pairs.left_m[pid], self.pairs.right_m[pid]

    # -- merging ----------------------------------------------------------------------------

    def _make_room(self, extra: int) -> None:
        """Room for ``extra`` more log entries (stale entries dropped first: :func:`make_room`)."""
        make_room(self.log, self.pairs, self.ppid, self.pcount.data, extra)

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
        tkey.append(tkey[a][:-1] + tkey[b])  # a key is one character per byte and a terminator
        size = pairs.len_m[pid]
        if self.log.n + 2 * size > self.log.data.size:  # a merge logs at most 2 new positions per position
            self._make_room(2 * size)
        off = pairs.off_m[pid]
        size = pairs.len_m[pid]
        if size <= _SMALL_MERGE:
            replaced = merge_steps.merge_small(self, pid, z, self.log.mv[off : off + size].tolist())
        else:
            replaced = merge_steps.merge_large(self, pid, a, b, z, self.log.data[off : off + size].astype(np.intp))
        return z, replaced

    # -- checkpoints --------------------------------------------------------------------------

    def export_words(self) -> tuple[np.ndarray, np.ndarray]:
        """Each distinct pre-token's tokens as they are now, concatenated, and how many each
        has: with ``word_count`` and ``tok``, all :meth:`from_words` needs to go on."""
        live = self.sym >= 0
        before = np.zeros(live.size + 1, dtype=np.int64)
        np.cumsum(live, out=before[1:])
        return self.sym[live], before[self.word_start + self.word_len] - before[self.word_start]

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
        each, occurring ``counts`` times) over the tokens ``tok`` (``n_units`` units, then one
        per merge): its merges from here on are those of the loop :meth:`export_words` saved
        (see :func:`~bpe_engine.train.loop_build.from_words`). Arguments are trusted: a
        checkpoint checks them first."""
        loop = cls.__new__(cls)
        loop_build.from_words(loop, ids, lens, counts, tok, n_units, tie_break)
        return loop

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
