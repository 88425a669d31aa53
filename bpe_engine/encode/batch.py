"""Encoding many distinct pieces at once, vectorised: two exact ways.

``Tokenizer`` encodes a piece by applying its lowest-ranked applicable merge until none
applies. A pair that contains a freshly merged token always ranks after the merge that
made it, so once a piece's lowest-ranked pair is chosen, all its occurrences in the piece
are merged (left to right) before anything else. Hence:

- *rounds* (short pieces): every round, each piece merges all occurrences of its own
  lowest-ranked pair; ranks of all adjacent pairs are looked up at once in a hash table.
  The work is (bytes x rounds), a handful of NumPy calls per round: best for short pieces
  (English words, code, characters), 4x faster than one piece at a time.
- *rank by rank* (many long pieces): running the merges in rank order over *all* pieces
  together gives the same result as running each piece on its own: one index of positions
  per rank that occurs, a heap of those ranks, and per merge only its own positions are
  touched (NumPy for many, plain Python for a few). Its cost is per rank that occurs, so it
  wins when there is a lot of long text (Chinese pieces of 10-60 bytes by the hundred thousand).

It is used for batches of pieces the cache has not seen; :func:`.piece.bpe_piece` stays the
per-piece reference (tests/engine/test_batch.py checks all three agree).
"""

from __future__ import annotations

import heapq
from array import array
from typing import Any

import numpy as np

from .._arrays import hash_keys, left_to_right
from .._vocab import SHIFT
from .tables import EncoderTables

__all__ = ["PairTables", "bpe_many", "bpe_flat", "bpe_rounds", "bpe_by_rank", "pair_tables", "rounds_exact"]

_SMALL = 16  # ranks with at most this many positions are merged in plain Python
# Pieces of at most this many bytes always go through rounds; longer ones too unless there
# are more than _ROUNDS_LONG_BYTES of them (measured: tests/engine/test_batch.py has the cases).
_ROUNDS_SHORT = 8
_ROUNDS_LONG_BYTES = 256 * 1024
# A piece longer than this never goes through rounds: its rounds would number the distinct
# merges it uses, each over the whole piece (a 2 MB piece of letters: minutes).
ROUNDS_MAX = 1024
_EMPTY = np.uint64(0xFFFF_FFFF_FFFF_FFFF)
_NO_RANK = np.int32(2**31 - 1)


class PairTables:
    """NumPy tables of the merges (built once per tokenizer, see :func:`pair_tables`)."""

    def __init__(self, tables: EncoderTables) -> None:
        size = tables.max_id + 2
        self.new_ids = np.asarray(tables.new_ids, dtype=np.int32)
        if tables.merge_all_safe:
            pair_ids = tables.pair_ids
            n = len(pair_ids)
            lefts = np.fromiter((a for a, _ in pair_ids), dtype=np.int64, count=n)
            rights = np.fromiter((b for _, b in pair_ids), dtype=np.int64, count=n)
            ranks = np.arange(n, dtype=np.int64)
            #: Whether each rank's token is in no pair of a lower rank (see bpe_rounds).
            self.rank_safe: np.ndarray | None = None
        else:
            # Every pair the one-at-a-time merge looks up (tiktoken's rule adds the other
            # splits of each token at its rank), exactly as tables.ranks holds them.
            n = len(tables.ranks)
            codes = np.fromiter(tables.ranks.keys(), dtype=np.int64, count=n)
            ranks = np.fromiter(tables.ranks.values(), dtype=np.int64, count=n)
            lefts = codes >> SHIFT
            rights = codes & ((1 << SHIFT) - 1)
            self.rank_safe = _rank_safe(lefts, rights, ranks, self.new_ids, size)
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
        byte_id = np.asarray(tables.byte_id, dtype=np.int32)
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
        self._build_pair_hash(lefts.astype(np.uint64) << np.uint64(SHIFT) | rights.astype(np.uint64), ranks)

    def _build_pair_hash(self, keys: np.ndarray, ranks: np.ndarray) -> None:
        """Open addressing (linear probing, load <= 1/2): rank of the pair with key
        ``left << SHIFT | right`` (``ranks[k]`` for ``keys[k]``); empty slots hold the key _EMPTY."""
        m = int(keys.size)
        self.hash_bits = max(10, m.bit_length() + 1)
        size = 1 << self.hash_bits
        mask = size - 1
        self.hash_keys = np.full(size, _EMPTY, dtype=np.uint64)
        self.hash_rank = np.full(size, _NO_RANK, dtype=np.int32)
        slot = hash_keys(keys, self.hash_bits)
        pending = np.arange(m)
        while pending.size:
            at = slot[pending]
            free = self.hash_keys[at] == _EMPTY
            taken, first = np.unique(at[free], return_index=True)  # one key per free slot
            won = pending[free][first]
            self.hash_keys[taken] = keys[won]
            self.hash_rank[taken] = ranks[won]
            placed = np.zeros(m, dtype=bool)
            placed[won] = True
            pending = pending[~placed[pending]]
            slot[pending] = (slot[pending] + 1) & mask

    def pair_ranks(self, keys: np.ndarray) -> np.ndarray:
        """Ranks of the pairs with ``uint64`` keys ``left << SHIFT | right`` (_NO_RANK: none)."""
        out = np.full(keys.size, _NO_RANK, dtype=np.int32)
        slot = hash_keys(keys, self.hash_bits)
        idx = np.arange(keys.size)
        mask = (1 << self.hash_bits) - 1
        while idx.size:
            found = self.hash_keys[slot]
            hit = found == keys
            out[idx[hit]] = self.hash_rank[slot[hit]]
            go = ~hit & (found != _EMPTY)  # occupied by another key: probe the next slot
            idx, keys, slot = idx[go], keys[go], (slot[go] + 1) & mask
        return out

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
        return self._lookup(
            self.by_left_keys, self.by_left_rank, int(self.by_left_off[z]), int(self.by_left_off[z + 1]), partners
        )

    def ranks_with_right(self, z: int, partners: np.ndarray) -> np.ndarray:
        """Ranks of the pairs (partner, z), -1 where that pair is not a merge."""
        return self._lookup(
            self.by_right_keys, self.by_right_rank, int(self.by_right_off[z]), int(self.by_right_off[z + 1]), partners
        )


def _rank_safe(lefts: np.ndarray, rights: np.ndarray, ranks: np.ndarray, new_ids: np.ndarray, size: int) -> np.ndarray:
    """For each rank r: True when every pair holding the token that r makes ranks after r.

    Then, once r is a piece's lowest rank, merging one occurrence leaves r the lowest, so
    all its occurrences merge (left to right) before anything else, as one at a time would.
    """
    first_use = np.full(size, np.iinfo(np.int64).max, dtype=np.int64)
    np.minimum.at(first_use, lefts, ranks)
    np.minimum.at(first_use, rights, ranks)
    out: np.ndarray = first_use[new_ids] > np.arange(new_ids.size)
    return out


def rounds_exact(tables: EncoderTables) -> bool:
    """Whether :func:`bpe_rounds` gives :func:`.piece.bpe_piece`'s ids for these tables:
    always when merging all occurrences is safe; otherwise when each token is made at one
    rank only (tiktoken's rule; Hugging Face files whose merges make distinct tokens), where
    the one-at-a-time merge is "lowest rank, leftmost" and a round merges, per piece, every
    occurrence of a safe rank (see :func:`_rank_safe`) or the leftmost one of another."""
    if tables.merge_all_safe:
        return True
    exact = tables.derived("rounds_exact", lambda t: [len(set(t.new_ids)) == len(t.new_ids) or _concatenating(t)])
    return exact[0]


def _concatenating(tables: EncoderTables) -> bool:
    """Whether every merge makes the token of its two parts' bytes joined (Hugging Face's BPE
    always does; Llama 3.2's ``tokenizer.json`` makes one token by several merges).

    Then the one-at-a-time merge is "lowest rank, leftmost" too: the pair at a position only
    ever grows in bytes, so a stale heap entry of :func:`.piece._bpe_long` never makes the same
    token as the pair now there (Hugging Face's check of the new id is the check of the rank),
    and each rank is one pair, which the rounds merge as they merge tiktoken's.
    """
    id_bytes = tables.id_bytes
    return all(
        id_bytes[z] is not None
        and id_bytes[a] is not None
        and id_bytes[b] is not None
        and id_bytes[z] == id_bytes[a] + id_bytes[b]  # type: ignore[operator]
        for (a, b), z in zip(tables.pair_ids, tables.new_ids)
    )


def pair_tables(tables: EncoderTables) -> PairTables:
    """The :class:`PairTables` of these tables (built on first use)."""
    return tables.derived("pairs", PairTables)


def bpe_many(tables: EncoderTables, pieces: list[bytes]) -> list[tuple[int, ...]]:
    """The token ids of each piece, equal to ``[bpe_piece(tables, p) for p in pieces]``."""
    flat_ids, counts = bpe_flat(tables, pieces)
    flat = flat_ids.tolist()
    out = []
    pos0 = 0
    for k in counts.tolist():
        out.append(tuple(flat[pos0 : pos0 + k]))
        pos0 += k
    return out


def bpe_flat(tables: EncoderTables, pieces: list[bytes]) -> tuple[np.ndarray, np.ndarray]:
    """All ids of ``pieces`` in order (one array) and how many ids each piece has.

    For texts whose pieces mostly differ (Chinese): no per-piece tuples, no cache.
    """
    if not pieces:
        return np.empty(0, dtype=np.int32), np.empty(0, dtype=np.int64)
    lengths = np.fromiter(map(len, pieces), dtype=np.int64, count=len(pieces))
    if not tables.merge_all_safe:
        return _flat_one_rank(tables, pieces, lengths)
    long = lengths > _ROUNDS_SHORT
    if int(lengths[long].sum()) <= _ROUNDS_LONG_BYTES:
        long = lengths > ROUNDS_MAX
        if not long.any():
            return bpe_rounds(tables, pieces, lengths)
    short_at = np.flatnonzero(~long)
    long_at = np.flatnonzero(long)
    ids_s, counts_s = bpe_rounds(tables, [pieces[i] for i in short_at.tolist()], lengths[short_at])
    ids_l, counts_l = bpe_by_rank(tables, [pieces[i] for i in long_at.tolist()])
    return _in_order(len(pieces), (short_at, ids_s, counts_s), (long_at, ids_l, counts_l))


def _flat_one_rank(tables: EncoderTables, pieces: list[bytes], lengths: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """:func:`bpe_flat` for tables that are not ``merge_all_safe`` (see :func:`rounds_exact`):
    rounds for pieces up to ROUNDS_MAX bytes, the heap-based merge one piece at a time beyond
    (rank by rank merges every occurrence at once, which these tables do not allow)."""
    from .piece import bpe_piece

    long = lengths > ROUNDS_MAX
    if not long.any():
        return bpe_rounds(tables, pieces, lengths)
    short_at = np.flatnonzero(~long)
    long_at = np.flatnonzero(long)
    ids_s, counts_s = bpe_rounds(tables, [pieces[i] for i in short_at.tolist()], lengths[short_at])
    encoded = [bpe_piece(tables, pieces[i]) for i in long_at.tolist()]
    ids_l = np.fromiter((i for e in encoded for i in e), dtype=np.int32)
    counts_l = np.fromiter(map(len, encoded), dtype=np.int64, count=len(encoded))
    return _in_order(len(pieces), (short_at, ids_s, counts_s), (long_at, ids_l, counts_l))


_Group = tuple[np.ndarray, np.ndarray, np.ndarray]  # the pieces' places, their ids, ids per piece


def _in_order(n: int, *groups: _Group) -> tuple[np.ndarray, np.ndarray]:
    """The ids of ``n`` pieces encoded in groups, put back in the pieces' order."""
    counts = np.empty(n, dtype=np.int64)
    for at, _ids, group_counts in groups:
        counts[at] = group_counts
    dest = np.zeros(n, dtype=np.int64)
    np.cumsum(counts[:-1], out=dest[1:])
    flat = np.empty(int(counts.sum()), dtype=np.int32)
    for at, ids, group_counts in groups:
        flat[_spread(dest[at], group_counts)] = ids
    return flat, counts


def _spread(starts: np.ndarray, counts: np.ndarray) -> np.ndarray:
    """``concatenate([arange(s, s + c) for s, c in zip(starts, counts)])``, vectorised."""
    total = int(counts.sum())
    if not total:
        return np.empty(0, dtype=np.int64)
    offsets = np.zeros(counts.size, dtype=np.int64)
    np.cumsum(counts[:-1], out=offsets[1:])
    return np.arange(total, dtype=np.int64) + np.repeat(starts - offsets, counts)


def bpe_by_rank(tables: EncoderTables, pieces: list[bytes], limit: int | None = None) -> tuple[np.ndarray, np.ndarray]:
    """:func:`bpe_flat` by running the merges rank by rank over all pieces together; with
    ``limit``, only the merges of rank below it (the tokenizer of the first ``limit`` merges)."""
    sym, starts = _merge_all(tables, pieces, limit)
    alive = sym >= 0
    return sym[alive], np.add.reduceat(alive.astype(np.int64), starts)


def bpe_rounds(
    tables: EncoderTables, pieces: list[bytes], lengths: np.ndarray | None = None
) -> tuple[np.ndarray, np.ndarray]:
    """:func:`bpe_flat` in rounds: each round, every piece merges all occurrences of its
    lowest-ranked pair (left to right); pieces leave the arrays as soon as none applies.

    The rank of every adjacent pair is kept from round to round: the first round reads the
    byte pairs' ranks from a 65 536-entry table, later rounds look up only the pairs a merge
    changed (the merged token with its two neighbours), not every pair again.
    """
    t = pair_tables(tables)
    n_pieces = len(pieces)
    if lengths is None:
        lengths = np.fromiter(map(len, pieces), dtype=np.int64, count=n_pieces)
    if not n_pieces:
        return np.empty(0, dtype=np.int32), np.empty(0, dtype=np.int64)
    raw = np.frombuffer(b"".join(pieces), dtype=np.uint8)
    if not raw.size:
        raise ValueError("bpe_rounds: every piece is empty (the pre-tokenizer gives no empty pieces)")
    ids = t.byte_id[raw].astype(np.int64)  # current tokens of the pieces still merging
    owner = np.repeat(np.arange(n_pieces, dtype=np.int64), lengths)  # their piece
    head = np.empty(ids.size, dtype=bool)  # first position of its piece
    head[0] = True
    np.not_equal(owner[1:], owner[:-1], out=head[1:])
    rank = _first_ranks(t, raw, head)  # of the pair starting here (_NO_RANK: none)
    new_ids = t.new_ids
    done_owner: list[np.ndarray] = []
    done_ids: list[np.ndarray] = []
    while ids.size:
        best = np.minimum.reduceat(rank, np.flatnonzero(head))  # per piece
        piece_of = np.cumsum(head) - 1
        finished = best == _NO_RANK
        if finished.any():
            out = finished[piece_of]
            done_owner.append(owner[out])
            done_ids.append(ids[out])
            stay = ~out
            ids, owner, rank, head = ids[stay], owner[stay], rank[stay], head[stay]
            if not ids.size:
                break
            best = best[~finished]
            piece_of = np.cumsum(head) - 1
        hit = rank == best[piece_of]
        if t.rank_safe is not None:
            # A rank whose token some lower-ranked pair holds: only its leftmost occurrence
            # (the pair that merging it makes may come first for the next one).
            at = np.flatnonzero(hit)
            first = np.ones(at.size, dtype=bool)
            first[1:] = piece_of[at[1:]] != piece_of[at[:-1]]
            hit[at[~first & ~t.rank_safe[rank[at]]]] = False
        if (hit[:-1] & hit[1:]).any():
            # A pair (a, a) in "a a a": of each run of overlapping occurrences, the 1st, 3rd...
            at = np.flatnonzero(hit)
            run_head = np.ones(at.size, dtype=bool)
            run_head[1:] = at[1:] != at[:-1] + 1
            offset = np.arange(at.size) - np.flatnonzero(run_head)[np.cumsum(run_head) - 1]
            hit[at[(offset & 1) == 1]] = False
        at = np.flatnonzero(hit)
        ids[at] = new_ids[rank[at]]
        stay = np.ones(ids.size, dtype=bool)
        stay[at + 1] = False  # the right element joins its left neighbour
        ids, owner, rank, head = ids[stay], owner[stay], rank[stay], head[stay]
        # Where the merged tokens are now (no two merges are adjacent: each removes the
        # element after it), and the pairs that changed: theirs and their left neighbours'.
        merged = at - np.arange(at.size)
        changed = np.zeros(ids.size, dtype=bool)
        changed[merged] = True
        changed[merged[~head[merged]] - 1] = True
        _update_ranks(t, ids, head, rank, np.flatnonzero(changed))
    owners = np.concatenate(done_owner)
    order = np.argsort(owners, kind="stable")  # pieces back in order, tokens in order within
    return np.concatenate(done_ids)[order].astype(np.int32), np.bincount(owners, minlength=n_pieces)


def _first_ranks(t: PairTables, raw: np.ndarray, head: np.ndarray) -> np.ndarray:
    """The rank of the pair of bytes starting at each position (_NO_RANK for none, and for a
    piece's last byte)."""
    rank = np.full(raw.size, _NO_RANK, dtype=np.int32)
    if raw.size > 1:
        codes = raw[:-1].astype(np.int32)
        codes <<= 8
        codes |= raw[1:]
        found = t.byte_pair_rank32[codes]
        found[head[1:] | (found < 0)] = _NO_RANK
        rank[:-1] = found
    return rank


def _update_ranks(t: PairTables, ids: np.ndarray, head: np.ndarray, rank: np.ndarray, at: np.ndarray) -> None:
    """Look up again the rank of the pair starting at each position ``at`` (in place)."""
    nxt = at + 1
    inner = nxt < ids.size
    inner[inner] = ~head[nxt[inner]]
    rank[at[~inner]] = _NO_RANK
    at, nxt = at[inner], nxt[inner]
    if at.size:
        shift = np.uint64(SHIFT)
        rank[at] = t.pair_ranks(ids[at].astype(np.uint64) << shift | ids[nxt].astype(np.uint64))


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
