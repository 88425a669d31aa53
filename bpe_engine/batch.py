"""Encoding many distinct pieces at once: the merge rule applied rank by rank, vectorised.

``Tokenizer`` encodes a piece by applying its lowest-ranked applicable merge until none
applies. A pair that contains a freshly merged token always ranks after the merge that
made it, so running the merges in rank order over *all* pieces together gives exactly the
same result as running each piece on its own. This module does that on flat arrays: one
index of positions per rank that occurs, a heap of those ranks, and per merge only its own
positions are touched (NumPy for many, plain Python for a few).

It is used for large batches of pieces the cache has not seen (Chinese text has hundreds
of thousands of distinct pieces); :meth:`Tokenizer._bpe` stays the per-piece reference.
"""

from __future__ import annotations

import heapq
from array import array
from typing import TYPE_CHECKING, Callable, TypeVar

import numpy as np

from ._arrays import left_to_right
from ._vocab import SHIFT

if TYPE_CHECKING:
    from .tokenizer import Tokenizer

T = TypeVar("T")

__all__ = ["bpe_many", "bpe_flat"]

_SMALL = 16  # ranks with at most this many positions are merged in plain Python


class _Tables:
    """Per-tokenizer lookup tables (built once, kept on the tokenizer)."""

    def __init__(self, tok: "Tokenizer") -> None:
        pair_ids = tok._pair_ids
        n = len(pair_ids)
        size = tok.max_id + 2
        lefts = np.fromiter((a for a, _ in pair_ids), dtype=np.int64, count=n)
        rights = np.fromiter((b for _, b in pair_ids), dtype=np.int64, count=n)
        ranks = np.arange(n, dtype=np.int64)
        self.new_ids = np.asarray(tok._new_ids, dtype=np.int32)
        self.lefts = lefts
        self.rights = rights
        # Pairs (z, y) by z: partners y sorted, with ranks; and pairs (x, z) by z.
        order = np.lexsort((rights, lefts))
        self.by_left_keys = rights[order]
        self.by_left_rank = ranks[order]
        self.by_left_off = np.searchsorted(lefts[order], np.arange(size + 1))
        order = np.lexsort((lefts, rights))
        self.by_right_keys = lefts[order]
        self.by_right_rank = ranks[order]
        self.by_right_off = np.searchsorted(rights[order], np.arange(size + 1))
        byte_id = np.asarray(tok._byte_id, dtype=np.int32)
        self.byte_id = byte_id
        # Rank of every pair of raw bytes (-1: not a merge).
        table = np.full(65536, -1, dtype=np.int64)
        inv = np.full(size, -1, dtype=np.int64)
        inv[byte_id] = np.arange(256)
        both = (lefts < size) & (rights < size)
        la = inv[lefts[both]]
        rb = inv[rights[both]]
        ok = (la >= 0) & (rb >= 0)
        table[la[ok] * 256 + rb[ok]] = ranks[both][ok]
        self.byte_pair_rank = table
        self.byte_pair_rank32 = table.astype(np.int32)

    @staticmethod
    def _lookup(keys: np.ndarray, rank: np.ndarray, lo: int, hi: int, partners: np.ndarray) -> np.ndarray:
        if hi <= lo or not partners.size:
            return np.full(partners.size, -1, dtype=np.int64)
        seg = keys[lo:hi]
        idx = np.searchsorted(seg, partners)
        idx[idx >= seg.size] = 0
        hit = seg[idx] == partners
        return np.where(hit, rank[lo:hi][idx], -1)

    def ranks_with_left(self, z: int, partners: np.ndarray) -> np.ndarray:
        """Ranks of the pairs (z, partner), -1 where that pair is not a merge."""
        return self._lookup(self.by_left_keys, self.by_left_rank, int(self.by_left_off[z]), int(self.by_left_off[z + 1]), partners)

    def ranks_with_right(self, z: int, partners: np.ndarray) -> np.ndarray:
        """Ranks of the pairs (partner, z), -1 where that pair is not a merge."""
        return self._lookup(self.by_right_keys, self.by_right_rank, int(self.by_right_off[z]), int(self.by_right_off[z + 1]), partners)


def derived(tok: "Tokenizer", attr: str, build: "Callable[[Tokenizer], T]") -> T:
    """``build(tok)``, made once and kept on the tokenizer as ``attr`` (left out of pickles:
    see ``Tokenizer.__getstate__``)."""
    value = getattr(tok, attr, None)
    if value is None:
        value = build(tok)
        setattr(tok, attr, value)
    return value


def _tables(tok: "Tokenizer") -> _Tables:
    return derived(tok, "_batch_tables", _Tables)


def bpe_many(tok: "Tokenizer", pieces: list[bytes]) -> list[tuple[int, ...]]:
    """The token ids of each piece, equal to ``[tok._bpe(p) for p in pieces]``."""
    if not pieces:
        return []
    sym, starts = _merge_all(tok, pieces)
    alive = sym >= 0
    flat = sym[alive].tolist()
    per_piece = np.add.reduceat(alive.astype(np.int64), starts).tolist()
    out = []
    pos0 = 0
    for k in per_piece:
        out.append(tuple(flat[pos0:pos0 + k]))
        pos0 += k
    return out


def bpe_flat(tok: "Tokenizer", pieces: list[bytes]) -> tuple[np.ndarray, np.ndarray]:
    """All ids of ``pieces`` in order (one array) and how many ids each piece has.

    For texts whose pieces mostly differ (Chinese): no per-piece tuples, no cache.
    """
    if not pieces:
        return np.empty(0, dtype=np.int32), np.empty(0, dtype=np.int64)
    sym, starts = _merge_all(tok, pieces)
    alive = sym >= 0
    return sym[alive], np.add.reduceat(alive.astype(np.int64), starts)


def _merge_all(tok: "Tokenizer", pieces: list[bytes]) -> tuple[np.ndarray, np.ndarray]:
    """Run every merge over the concatenated pieces, rank by rank; returns the final symbol
    array (-1 where a position was merged into its left neighbour) and the piece starts."""
    t = _tables(tok)
    lengths = np.fromiter(map(len, pieces), dtype=np.int64, count=len(pieces))
    raw = np.frombuffer(b"".join(pieces), dtype=np.uint8)
    n = int(raw.size)
    starts = np.zeros(len(pieces), dtype=np.int64)
    np.cumsum(lengths[:-1], out=starts[1:])
    sym_a = array("i", t.byte_id[raw].tobytes())
    nxt_np = np.arange(1, n + 1, dtype=np.int32)
    prv_np = np.arange(-1, n - 1, dtype=np.int32)
    nxt_np[starts + lengths - 1] = -1
    prv_np[starts] = -1
    nxt_a = array("i", nxt_np.tobytes())
    prv_a = array("i", prv_np.tobytes())
    del nxt_np, prv_np
    sym = np.frombuffer(sym_a, dtype=np.int32)
    nxt = np.frombuffer(nxt_a, dtype=np.int32)
    prv = np.frombuffer(prv_a, dtype=np.int32)

    # Initial byte pairs, grouped by rank (contiguous slices, no gathers: this is the
    # largest step for big inputs).
    codes = raw[:-1].astype(np.int32)
    codes <<= 8
    codes |= raw[1:]
    r_all = t.byte_pair_rank32[codes]
    left = np.flatnonzero((r_all >= 0) & (nxt[:-1] >= 0))
    r0 = r_all[left]
    del codes, r_all
    index: dict[int, list] = {}
    if left.size:
        order = np.argsort(r0)  # positions within one rank need no particular order
        left, r0 = left[order], r0[order]
        cut = np.flatnonzero(np.diff(r0)) + 1
        for r, block in zip(r0[np.concatenate(([0], cut))].tolist(), np.split(left, cut)):
            index[r] = [block]
    heap = list(index)
    heapq.heapify(heap)

    ranks = tok._ranks
    pair_ids = tok._pair_ids
    new_ids = tok._new_ids

    def add(r: int, block) -> None:  # type: ignore[no-untyped-def]
        lst = index.get(r)
        if lst is None:
            index[r] = [block]
            heapq.heappush(heap, r)
        else:
            lst.append(block)

    while heap:
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
        pos = np.concatenate([np.asarray(x, dtype=np.intp) for x in blocks]) if len(blocks) > 1 else np.asarray(blocks[0], dtype=np.intp)
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
