"""One merge of the merge loop (:class:`~.merging.MergeLoop`): every occurrence of a pair
replaced, in plain Python for a few positions, with NumPy for many (:mod:`.merge_huge` for
millions), its new pairs created, logged and queued; room made in the position log.
"""

from __future__ import annotations

import heapq
from typing import TYPE_CHECKING

import numpy as np

from .._arrays import left_to_right
from . import merge_huge, tiekeys
from .merge_state import _SLICE, LoopState
from .tiekeys import TokenKey

__all__ = ["OneMerge"]

# Pairs with at most this many logged positions are merged in plain Python, one position
# at a time; above it, the fixed cost of the ~40 NumPy calls of a vectorised merge pays off
# (~60-80 µs a merge on 10 MB of Chinese against ~1.5 µs a position in Python: 40 measured
# best there, 24-40 alike; English is the same at 32 and 128).
_SMALL_MERGE = 40


class OneMerge(LoopState):
    """:meth:`merge`: one pair merged at all of its positions."""

    if TYPE_CHECKING:

        def queue_new(self, base: int, end: int, cnts: np.ndarray) -> None: ...
        def _gather_low(self, least: int) -> None: ...

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
