"""The merges as NumPy tables for the vectorised encoders (:mod:`.rounds`, :mod:`.by_rank`):
a hash table of every pair's rank, the ranks of raw byte pairs, the pairs by left and by right
token, and which ranks may merge every occurrence at once.

Apart from the encoders because both read them and they are built once per tokenizer
(:func:`pair_tables`, through ``tables.derived``), not per call.
"""

from __future__ import annotations

import numpy as np

from .._arrays import hash_keys
from .._vocab import SHIFT
from .tables import EncoderTables

__all__ = ["NO_RANK", "PairTables", "pair_tables"]

_EMPTY = np.uint64(0xFFFF_FFFF_FFFF_FFFF)
NO_RANK = np.int32(2**31 - 1)


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
            #: Whether each rank's token is in no pair of a lower rank (see .rounds.bpe_rounds).
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
        self.hash_rank = np.full(size, NO_RANK, dtype=np.int32)
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
        """Ranks of the pairs with ``uint64`` keys ``left << SHIFT | right`` (NO_RANK: none)."""
        out = np.full(keys.size, NO_RANK, dtype=np.int32)
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


def pair_tables(tables: EncoderTables) -> PairTables:
    """The :class:`PairTables` of these tables (built on first use)."""
    return tables.derived("pairs", PairTables)
