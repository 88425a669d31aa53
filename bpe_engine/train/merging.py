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
from collections.abc import Sequence

import numpy as np

from ..kinds import TieBreak
from .merge_batch import BatchMerges
from .merge_choose import Choosing
from .merge_one import OneMerge
from .merge_setup import LoopSetup, WordSlices
from .merge_state import _Column
from .merge_words import LoopWords
from .tiekeys import PairKey, tie_key

__all__ = ["MergeLoop", "WordSlices", "tie_key"]


class MergeLoop(LoopSetup, LoopWords, Choosing, OneMerge, BatchMerges):
    """Pre-token counts in, merges out (one :meth:`pop_best` + :meth:`merge` per merge).

    Its parts, over one state (:class:`~.merge_state.LoopState`): the set-up from pre-token
    counts (:mod:`.merge_setup`, the constructor), choosing the next pair (:mod:`.merge_choose`),
    one merge (:mod:`.merge_one`), batches of merges (:mod:`.merge_batch`), the words exported
    and rebuilt (:mod:`.merge_words`)."""

    def step(self) -> tuple[int, int, int, int, int, int | None] | None:
        """Choose the best pair and merge it: ``(left, right, new token, count, replaced,
        the pair id it was tied with or None)``, or None when no pair is left (one call per
        merge: :meth:`pop_best` and :meth:`merge` in one)."""
        if self.done:
            raise RuntimeError("this merge loop has finished (MergeLoop.finish); it makes no more merges")
        best = self.pop_best()
        if best is None:
            return None
        pid, count, tied = best
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

    def finish(self) -> None:
        """No more merges: give back what only merging reads (the position log, the marks, the
        heap and the waiting pairs; 7 MB of 36 MB of English), before a tokenizer is built.
        Inspection (:meth:`top_pairs`, :meth:`segmentation`) and checkpoints still work."""
        self.done = True
        self.log = _Column(np.empty(0, dtype=np.int32))
        self.mark = np.empty(0, dtype=np.int8)
        self.heap, self.low, self.low_ids, self.low_parts = [], [], [], []

    # -- checkpoints --------------------------------------------------------------------------

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
