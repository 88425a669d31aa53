"""Choosing the merge loop's next pair (:class:`~.merging.MergeLoop`): the lazy heap of pairs by
(count, tie-break key), and the rare pairs waiting below a threshold until the best count
comes near them (arrays, no Python work each).
"""

from __future__ import annotations

import heapq

import numpy as np

from .merge_state import _SLICE, LoopState

__all__ = ["Choosing"]


class Choosing(LoopState):
    """The heap and the waiting pairs: the best pair, and new pairs queued."""

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
        self.heap = [
            (-c, tkey[left] + tkey[right], pid)
            for pid, left, right, c in zip(
                big.tolist(), pairs["left"][big].tolist(), pairs["right"][big].tolist(), counts[big].tolist()
            )
        ]
        heapq.heapify(self.heap)
        self.low = [waiting[i : i + _SLICE] for i in range(0, waiting.size, _SLICE)]
        self.low_ids = []  # more waiting pairs, gathered into `low` _SLICE at a time
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

    def settle(self) -> None:
        """After merges made from outside (:class:`~bpe_engine.train.replay.Replay`: no pair
        was chosen, so the threshold never came down), bring the threshold to the best count
        in one step rather than in the geometric steps of :meth:`_clean_top` (each a pass
        over a million waiting pairs on Chinese)."""
        self.threshold = self.pcount_max() // 4
        self._flush_low()

    def pcount_max(self) -> int:
        return int(self.pcount.view().max()) if self.pcount.n else 0

    def pair(self, pid: int) -> tuple[int, int]:
        return self.pairs.left_m[pid], self.pairs.right_m[pid]

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
