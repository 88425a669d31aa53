"""Batches of merges of the merge loop (:meth:`~.merging.MergeLoop.step_batch`): where the
chosen pairs stand, how many of them merge together exactly, and all of them merged with one
set of NumPy calls.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

import numpy as np

from .merge_state import LoopState
from .tiekeys import TokenKey

__all__ = ["BatchMerges"]

_RADIX = 4096  # keys from which a batch's new pairs are grouped by two 16-bit radix sorts


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


class BatchMerges(LoopState):
    """Several pairs that share no token merged at once, as one after the other would."""

    if TYPE_CHECKING:

        def queue_new(self, base: int, end: int, cnts: np.ndarray) -> None: ...
        def _make_room(self, extra: int) -> None: ...
        def _joined_key(self, a: int, b: int) -> str | TokenKey: ...

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
