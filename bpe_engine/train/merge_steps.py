"""One merge's updates of the merge loop (:mod:`bpe_engine.train.merging`): a pair with few
positions merged one position at a time in plain Python, one with many all at once with NumPy;
both log the new pairs' positions and queue the new pairs (heap or waiting list).
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable
from typing import TYPE_CHECKING

import numpy as np

from .._arrays import left_to_right
from .loop_arrays import _SLICE

if TYPE_CHECKING:
    from .merging import MergeLoop

__all__ = ["add_pairs", "log_new_pairs", "merge_large", "merge_small"]


def merge_small(loop: MergeLoop, pid: int, z: int, cand: list[int]) -> int:
    """Few positions: merge them one at a time, left to right, in plain Python.

    Sequential updates make overlaps ("a b a b", "a a a") come out right by themselves.
    """
    sym, nxt, prv, wt, ppid = loop.sym_m, loop.nxt_m, loop.prv_m, loop.wt_m, loop.ppid_m
    pairs = loop.pairs
    pairs.reserve(2 * len(cand))  # at most two new pairs per position
    loop.pcount.reserve(2 * len(cand))
    pcount, pleft, pright = loop.pcount.mv, pairs.left_m, pairs.right_m
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
    loop.live -= merged
    pairs.n = loop.pcount.n = n_pairs
    if not where:
        return total
    log_new_pairs(loop, base, where)
    return total


def log_new_pairs(loop: MergeLoop, base: int, where: list[list[int]]) -> None:
    """Log the positions of a small merge's new pairs (ids from ``base``, ``where[k]``
    the positions of pair ``base + k``, ascending) and queue each: the heap if it counts
    at least the threshold, else the waiting pairs. (Offsets and the split done with
    NumPy instead were slower: a small merge makes ~80 new pairs on Chinese.)"""
    pairs, log = loop.pairs, loop.log
    poff, plen, pcount = pairs.off_m, pairs.len_m, loop.pcount.mv
    flat: list[int] = []
    at = log.n
    heap = loop.heap
    tkey = loop.tkey
    pleft, pright = pairs.left_m, pairs.right_m
    floor = max(loop.threshold, 1)
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
        loop.low_ids += low
        if len(loop.low_ids) >= _SLICE:
            loop._gather_low(_SLICE)
    if at > log.data.size:
        log.reserve(len(flat))
    log.data[log.n : at] = flat
    log.n = at


def merge_large(loop: MergeLoop, pid: int, a: int, b: int, z: int, pos: np.ndarray) -> int:
    """Many positions: all at once with NumPy (index arrays kept as intp, the fast kind).

    subtle: each field is gathered and scattered on its own (a whole-record gather of a
    structured array is 20x slower); the record layout still makes them cheap, since
    the fields of a position share a cache line."""
    sym, nxt, prv, wt, mark, ppid = loop.sym, loop.nxt, loop.prv, loop.wt, loop.mark, loop.ppid
    valid = ppid[pos] == pid  # positions where this pair still stands
    if not valid.all():
        pos = pos[valid]
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
    if a == b or bool((right_tok == a).any()):
        # Two occurrences may touch ("a b a b"): mark right elements (1) and left
        # elements (2) to see which neighbours are part of this merge themselves.
        mark[j] = 1
        mark[pos] = 2
        p_free = (p >= 0) & (mark[p] != 1)  # subtle: mark[-1] is read for p == -1, then masked
        n_merged = mark[nr] == 2
        mark[j] = 0
        mark[pos] = 0
        if n_merged.any():
            right_tok = np.where(n_merged, np.int32(z), right_tok)  # (z, z) where merges touch
    else:
        p_free = p >= 0
    pl = p[p_free]
    wl = w[p_free]
    wr = w[has_n]
    pcount = loop.pcount.data
    # The pairs on either side lose the merged weight; so does the merged pair itself.
    np.subtract.at(pcount, ppid[pl], wl)
    np.subtract.at(pcount, ppid[j[has_n]], wr)
    replaced = int(w.sum())
    loop.live -= int(pos.size)
    pcount[pid] -= replaced

    # New pairs: (p, z) at each left neighbour p, (z, n) at each merged position.
    add_pairs(loop, z, sym[pl], pl, wl, right_tok, pr, wr)

    # Structural update.
    sym[pos] = z
    sym[j] = -1
    ppid[j] = -1
    ppid[pos[~has_n]] = -1
    nxt[pos] = nn
    prv[nr] = pr
    return replaced


def add_pairs(
    loop: MergeLoop,
    z: int,
    left_tok: np.ndarray,
    left_pos: np.ndarray,
    left_w: np.ndarray,
    right_tok: np.ndarray,
    right_pos: np.ndarray,
    right_w: np.ndarray,
) -> None:
    """Create the new pairs ``(left_tok, z)`` and ``(z, right_tok)`` of one merge.

    All of them are new (each holds the new token ``z``), so pair ids are handed out
    here: one per distinct neighbour token, in the order of one stable sort, which also
    lays each new pair's positions out contiguously in the log.
    """
    n_tok = len(loop.tok)
    k = left_tok.size + right_tok.size
    if not k:
        return
    # Left partners keep their ids, right partners are shifted by n_tok: one sort groups
    # the pairs of both kinds (left kinds first).
    keys = np.concatenate((left_tok, right_tok + np.int32(n_tok)))
    order = np.argsort(keys.astype(np.uint16) if 2 * n_tok <= 65536 else keys, kind="stable")
    keys = keys[order]
    first = np.empty(k, dtype=bool)
    first[0] = True
    np.not_equal(keys[1:], keys[:-1], out=first[1:])
    starts = np.flatnonzero(first)
    uniq = keys[starts]
    m = int(starts.size)
    ml = int(np.searchsorted(uniq, n_tok))
    positions = np.concatenate((left_pos, right_pos))[order]
    pairs = loop.pairs
    base = pairs.n
    group = np.cumsum(first)
    group += base - 1
    loop.ppid[positions] = group
    cnts = np.add.reduceat(np.concatenate((left_w, right_w))[order], starts, dtype=np.int64)
    block = pairs.add(m)
    block["left"][:ml] = uniq[:ml]
    block["left"][ml:] = z
    block["right"][:ml] = z
    block["right"][ml:] = uniq[ml:] - n_tok
    loop.pcount.extend(cnts)
    block["off"] = starts + loop.log.n
    block["len"][:-1] = np.diff(starts)
    block["len"][-1] = k - starts[-1]
    loop.log.extend(positions)
    heap = loop.heap
    tkey = loop.tkey
    push = heapq.heappush
    big = cnts >= max(loop.threshold, 1)
    ids: Iterable[int]
    if not big.all():
        loop.low_ids += (np.flatnonzero(~big) + base).tolist()
        if len(loop.low_ids) >= _SLICE:
            loop._gather_low(_SLICE)
        ids = (np.flatnonzero(big) + base).tolist()
        block = block[big]
        cnts = cnts[big]
    else:
        ids = range(base, base + m)
    for pid, left, right, c in zip(ids, block["left"].tolist(), block["right"].tolist(), cnts.tolist()):
        push(heap, (-c, tkey[left] + tkey[right], pid))
