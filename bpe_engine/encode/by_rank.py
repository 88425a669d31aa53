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

from .._arrays import left_to_right
from .._vocab import SHIFT
from .pairs import PairTables, pair_tables
from .tables import EncoderTables

__all__ = ["bpe_by_rank"]

_SMALL = 16  # ranks with at most this many positions are merged in plain Python


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
    sym_a = array("i", t.byte_id[raw].tobytes())
    nxt_np = np.arange(1, n + 1, dtype=np.int32)
    prv_np = np.arange(-1, n - 1, dtype=np.int32)
    nxt_np[starts + lengths - 1] = -1
    prv_np[starts] = -1
    return starts, sym_a, array("i", nxt_np.tobytes()), array("i", prv_np.tobytes())


def _byte_pair_index(t: PairTables, raw: np.ndarray, nxt: np.ndarray) -> dict[int, list[Any]]:
    """The positions of the initial byte pairs that a merge makes, grouped by rank
    (contiguous slices, no gathers: this is the largest step for big inputs)."""
    codes = raw[:-1].astype(np.int32)
    codes <<= 8
    codes |= raw[1:]
    r_all = t.byte_pair_rank32[codes]
    left = np.flatnonzero((r_all >= 0) & (nxt[:-1] >= 0))
    r0 = r_all[left]
    del codes, r_all
    index: dict[int, list[Any]] = {}
    if left.size:
        order = np.argsort(r0)  # positions within one rank need no particular order
        left, r0 = left[order], r0[order]
        cut = np.flatnonzero(np.diff(r0)) + 1
        for r, block in zip(r0[np.concatenate(([0], cut))].tolist(), np.split(left, cut)):
            index[r] = [block]
    return index


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
        # no np.unique.
        pos = (
            np.concatenate([np.asarray(x, dtype=np.intp) for x in blocks])
            if len(blocks) > 1
            else np.asarray(blocks[0], dtype=np.intp)
        )
        j = nxt[pos]
        ok = (sym[pos] == a) & (j >= 0) & (sym[j] == b)  # subtle: sym[-1] read for j == -1, masked
        pos = pos[ok]
        if a == b:
            pos = left_to_right(pos, nxt)  # "a a a a": overlapping occurrences
        if not pos.size:
            continue
        j = nxt[pos].astype(np.intp)
        nn = nxt[j].astype(np.intp)
        sym[pos] = z
        sym[j] = -1
        nxt[pos] = nn
        has_n = nn >= 0
        prv[nn[has_n]] = pos[has_n]
        # New pairs, read after the update so that touching merges give (z, z).
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

    return sym, starts
