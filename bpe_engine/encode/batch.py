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

This module decides which pieces go which way (:func:`bpe_flat`) and puts their ids back in
order; the two ways are :mod:`.rounds` and :mod:`.by_rank`, over the tables of :mod:`.pairs`
(their names are re-exported here, where the other encoders and the tests import them).
"""

from __future__ import annotations

import numpy as np

from .by_rank import bpe_by_rank
from .pairs import PairTables, pair_tables
from .rounds import bpe_rounds, rounds_exact
from .tables import EncoderTables

__all__ = ["PairTables", "bpe_many", "bpe_flat", "bpe_rounds", "bpe_by_rank", "pair_tables", "rounds_exact"]

# Pieces of at most this many bytes always go through rounds; longer ones too unless there
# are more than _ROUNDS_LONG_BYTES of them (measured: tests/engine/test_batch.py has the cases).
_ROUNDS_SHORT = 8
_ROUNDS_LONG_BYTES = 256 * 1024
# A piece longer than this never goes through rounds: its rounds would number the distinct
# merges it uses, each over the whole piece (a 2 MB piece of letters: minutes).
ROUNDS_MAX = 1024


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
