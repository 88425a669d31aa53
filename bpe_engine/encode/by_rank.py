"""Many distinct pieces merged rank by rank, vectorised: running the merges in rank order
over *all* pieces together gives the same result as running each piece on its own.

One index of positions per rank that occurs, a heap of those ranks, and per merge only its own
positions are touched (NumPy for many, plain Python for a few). Its cost is per rank that
occurs, so it wins when there is a lot of long text (Chinese pieces of 10-60 bytes by the
hundred thousand). Apart from :mod:`.batch`, which decides which pieces come here; only for
tables that are ``merge_all_safe`` (every occurrence of a rank merged at once), and with a
``limit`` it is the tokenizer of the first merges (:mod:`.partial`).
"""

from __future__ import annotations

import heapq
from array import array
from typing import Any

import numpy as np

from .._arrays import left_to_right, left_to_right_after
from .._vocab import SHIFT
from .pairs import PairTables, pair_tables
from .tables import EncoderTables

__all__ = ["bpe_by_rank"]

_SMALL = 16  # ranks with at most this many positions are merged in plain Python
_SLICE = 1 << 20  # positions per NumPy pass (temporaries of 8 MB: reused memory, not fresh)


def bpe_by_rank(tables: EncoderTables, pieces: list[bytes], limit: int | None = None) -> tuple[np.ndarray, np.ndarray]:
    """:func:`.batch.bpe_flat` by running the merges rank by rank over all pieces together; with
    ``limit``, only the merges of rank below it (the tokenizer of the first ``limit`` merges)."""
    sym, starts = _merge_all(tables, pieces, limit)
    alive = sym >= 0
    return sym[alive], np.add.reduceat(alive.astype(np.int64), starts)


def _linked_symbols(
    t: Any, raw: np.ndarray, pieces: list[bytes]
) -> tuple[np.ndarray, array[int], array[int], array[int]]:
    """The pieces' starts in ``raw`` (their concatenation), and its bytes as symbols in a
    linked list that never crosses from one piece to the next: ``(starts, sym, nxt, prv)``
    as ``array``s (plain indexing is fastest for the merges made one position at a time)."""
    n = int(raw.size)
    lengths = np.fromiter(map(len, pieces), dtype=np.int64, count=len(pieces))
    starts = np.zeros(len(pieces), dtype=np.int64)
    np.cumsum(lengths[:-1], out=starts[1:])
    nxt_np = np.arange(1, n + 1, dtype=np.int32)
    prv_np = np.arange(-1, n - 1, dtype=np.int32)
    nxt_np[starts + lengths - 1] = -1
    prv_np[starts] = -1
    return starts, _as_array(t.byte_id[raw].astype(np.int32, copy=False)), _as_array(nxt_np), _as_array(prv_np)


def _as_array(values: np.ndarray) -> array[int]:
    """An ``int32`` NumPy array's values in an ``array`` (one copy: no ``bytes`` between)."""
    out = array("i")
    out.frombytes(values.data.cast("B"))
    return out


def _byte_pair_index(t: PairTables, raw: np.ndarray, nxt: np.ndarray) -> dict[int, list[Any]]:
    """The positions of the initial byte pairs that a merge makes, grouped by rank
    (contiguous slices, no gathers: this is the largest step for big inputs), _SLICE bytes at
    a time."""
    index: dict[int, list[Any]] = {}
    last = int(raw.size) - 1  # pairs start before the last byte
    for i in range(0, last, _SLICE):
        e = min(i + _SLICE, last)
        codes = raw[i:e].astype(np.int32)
        codes <<= 8
        codes |= raw[i + 1 : e + 1]
        r_all = t.byte_pair_rank32[codes]
        left = np.flatnonzero((r_all >= 0) & (nxt[i:e] >= 0))
        if not left.size:
            continue
        r0 = r_all[left]
        left += i
        # stable: each rank's positions stay ascending (a pair (a, a) then needs no sort of all
        # of its positions in _occurrences; as fast as the default sort on int32 ranks)
        order = np.argsort(r0, kind="stable")
        left, r0 = left[order], r0[order]
        cut = np.flatnonzero(np.diff(r0)) + 1
        for r, block in zip(r0[np.concatenate(([0], cut))].tolist(), np.split(left, cut)):
            blocks = index.get(r)
            if blocks is None:
                index[r] = [block]
            else:
                blocks.append(block)
    return index


def _occurrences(blocks: list[Any], a: int, b: int, sym: np.ndarray, nxt: np.ndarray) -> list[np.ndarray]:
    """Where ``(a, b)`` still stands among a rank's ``blocks``, in slices of at most _SLICE
    positions; for a pair ``(a, a)``, ascending and only those a left-to-right pass takes."""
    # Blocks (one per merge or slice that made the pair) joined or split into slices
    groups: list[list[Any]] = [[]]
    size = 0
    for x in blocks:
        for i in range(0, len(x), _SLICE):
            chunk = x[i : i + _SLICE]
            if size + len(chunk) > _SLICE and size:
                groups.append([])
                size = 0
            groups[-1].append(chunk)
            size += len(chunk)
    parts: list[np.ndarray] = []
    for group in groups:
        pos = (
            np.concatenate([np.asarray(x, dtype=np.intp) for x in group])
            if len(group) > 1
            else np.asarray(group[0], dtype=np.intp)
        )
        j = nxt[pos]
        pos = pos[(sym[pos] == a) & (j >= 0) & (sym[j] == b)]  # subtle: sym[-1] read for j == -1, masked
        if pos.size:
            parts.append(pos)
    if a != b or not parts:
        return parts
    # subtle: the first part is compared with nothing before it (comparing it with its own
    # first position made every multi-slice merge sort a copy of all of its positions)
    if len(parts) > 1 and not all(
        (q is None or q[-1] < p[0]) and (p[1:] > p[:-1]).all() for q, p in zip([None, *parts], parts)
    ):
        # (int32: half the memory; "stable" is a timsort here, linear on a few ascending runs)
        whole = np.sort(np.concatenate(parts).astype(np.int32), kind="stable")
        parts = [whole[i : i + _SLICE].astype(np.intp) for i in range(0, whole.size, _SLICE)]
    taken: list[np.ndarray] = []
    last, last_taken = -1, False
    for pos in parts:  # "a a a a": overlapping occurrences; a chain may cross a slice's edge
        chosen = left_to_right_after(pos, nxt, last, last_taken) if last >= 0 else left_to_right(pos, nxt)
        last_taken = bool(chosen.size) and chosen[-1] == pos[-1]
        last = int(pos[-1])
        taken.append(chosen)
    return taken


def _merge_all(tables: EncoderTables, pieces: list[bytes], limit: int | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Run every merge (of rank below ``limit``, if given) over the concatenated pieces, rank by
    rank: the final symbols (-1 where merged into the left neighbour) and the piece starts."""
    t = pair_tables(tables)
    raw = np.frombuffer(b"".join(pieces), dtype=np.uint8)
    starts, sym_a, nxt_a, prv_a = _linked_symbols(t, raw, pieces)
    sym = np.frombuffer(sym_a, dtype=np.int32)
    nxt = np.frombuffer(nxt_a, dtype=np.int32)
    prv = np.frombuffer(prv_a, dtype=np.int32)
    index = _byte_pair_index(t, raw, nxt)
    heap = list(index)
    heapq.heapify(heap)

    ranks = tables.ranks
    pair_ids = tables.pair_ids
    new_ids = tables.new_ids

    def add(r: int, block: Any) -> None:
        lst = index.get(r)
        if lst is None:
            index[r] = [block]
            heapq.heappush(heap, r)
        else:
            lst.append(block)

    # Ranks only grow along the run, so stopping at the first rank past the limit leaves
    # exactly what the first ``limit`` merges make.
    end = len(new_ids) if limit is None else limit
    while heap and heap[0] < end:
        r = heapq.heappop(heap)
        blocks = index.pop(r)
        a, b = pair_ids[r]
        z = new_ids[r]
        size = sum(len(x) for x in blocks)
        if size <= _SMALL:
            # A few positions: one at a time, left to right (overlaps take care of themselves).
            cand = sorted({i for x in blocks for i in (x.tolist() if isinstance(x, np.ndarray) else x)})
            for i in cand:
                if sym_a[i] != a:
                    continue
                j = nxt_a[i]
                if j < 0 or sym_a[j] != b:
                    continue
                nn = nxt_a[j]
                sym_a[i] = z
                sym_a[j] = -1
                nxt_a[i] = nn
                if nn >= 0:
                    prv_a[nn] = i
                    r2 = ranks.get(z << SHIFT | sym_a[nn])
                    if r2 is not None:
                        add(r2, [i])
                p = prv_a[i]
                if p >= 0:
                    r2 = ranks.get(sym_a[p] << SHIFT | z)
                    if r2 is not None:
                        add(r2, [p])
            continue
        # No duplicates can be in the blocks (see the filter of left neighbours below), so
        # no np.unique. A merge of millions of positions (one repeated character) goes in
        # slices: its temporaries stay small (fresh memory costs more to touch than the work
        # done in it); every write first, then every read, as in one pass over all of them.
        parts = _occurrences(blocks, a, b, sym, nxt)
        for pos in parts:
            j = nxt[pos].astype(np.intp)
            nn = nxt[j].astype(np.intp)
            sym[pos] = z
            sym[j] = -1
            nxt[pos] = nn
            has_n = nn >= 0
            prv[nn[has_n]] = pos[has_n]
        for pos in parts:
            _new_pairs(t, sym, nxt, prv, pos, z, add)

    return sym, starts


def _new_pairs(
    t: PairTables, sym: np.ndarray, nxt: np.ndarray, prv: np.ndarray, pos: np.ndarray, z: int, add: Any
) -> None:
    """The pairs a merge into ``z`` at ``pos`` makes that have a rank, added to the index (read
    after the update of every position, so that touching merges give (z, z))."""
    nn = nxt[pos].astype(np.intp)
    has_n = nn >= 0
    p = prv[pos].astype(np.intp)
    p = p[p >= 0]
    left_tok = sym[p]
    # subtle: a left neighbour that was merged in this same step holds z and already gets
    # its (z, z) pair as a merged position below; listing it twice would merge it twice.
    keep = left_tok != z
    p, left_tok = p[keep], left_tok[keep]
    rp = t.ranks_with_right(z, left_tok.astype(np.int64))
    pr = pos[has_n]
    rn = t.ranks_with_left(z, sym[nn[has_n]].astype(np.int64))
    cand_pos = np.concatenate((p[rp >= 0], pr[rn >= 0]))
    if cand_pos.size:
        cand_rank = np.concatenate((rp[rp >= 0], rn[rn >= 0]))
        order = np.argsort(cand_rank, kind="stable")
        cand_rank, cand_pos = cand_rank[order], cand_pos[order]
        cut = np.flatnonzero(np.diff(cand_rank)) + 1
        for r2, block in zip(cand_rank[np.concatenate(([0], cut))].tolist(), np.split(cand_pos, cut)):
            add(r2, block)
