"""Many distinct pieces merged in rounds, vectorised: each round, every piece merges all
occurrences of its own lowest-ranked pair (left to right), the ranks of its adjacent pairs
looked up at once.

The work is (bytes x rounds), a handful of NumPy calls per round: best for short pieces
(English words, code, characters). Apart from :mod:`.batch`, which decides which pieces go
here and which to :mod:`.by_rank`; :func:`rounds_exact` says for which tables this is the
one-at-a-time merge's answer (the other encoders ask it too).
"""

from __future__ import annotations

import numpy as np

from .._vocab import SHIFT
from .pairs import NO_RANK, PairTables, pair_tables
from .tables import EncoderTables

__all__ = ["bpe_rounds", "rounds_exact"]


def rounds_exact(tables: EncoderTables) -> bool:
    """Whether :func:`bpe_rounds` gives :func:`.piece.bpe_piece`'s ids for these tables:
    always when merging all occurrences is safe; otherwise when each token is made at one
    rank only (tiktoken's rule; Hugging Face files whose merges make distinct tokens), where
    the one-at-a-time merge is "lowest rank, leftmost" and a round merges, per piece, every
    occurrence of a safe rank (see :func:`.pairs._rank_safe`) or the leftmost one of another."""
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


def bpe_rounds(
    tables: EncoderTables, pieces: list[bytes], lengths: np.ndarray | None = None
) -> tuple[np.ndarray, np.ndarray]:
    """:func:`.batch.bpe_flat` in rounds: each round, every piece merges all occurrences of its
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
    rank = _first_ranks(t, raw, head)  # of the pair starting here (NO_RANK: none)
    new_ids = t.new_ids
    done_owner: list[np.ndarray] = []
    done_ids: list[np.ndarray] = []
    while ids.size:
        best = np.minimum.reduceat(rank, np.flatnonzero(head))  # per piece
        piece_of = np.cumsum(head) - 1
        finished = best == NO_RANK
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
    """The rank of the pair of bytes starting at each position (NO_RANK for none, and for a
    piece's last byte)."""
    rank = np.full(raw.size, NO_RANK, dtype=np.int32)
    if raw.size > 1:
        codes = raw[:-1].astype(np.int32)
        codes <<= 8
        codes |= raw[1:]
        found = t.byte_pair_rank32[codes]
        found[head[1:] | (found < 0)] = NO_RANK
        rank[:-1] = found
    return rank


def _update_ranks(t: PairTables, ids: np.ndarray, head: np.ndarray, rank: np.ndarray, at: np.ndarray) -> None:
    """Look up again the rank of the pair starting at each position ``at`` (in place)."""
    nxt = at + 1
    inner = nxt < ids.size
    inner[inner] = ~head[nxt[inner]]
    rank[at[~inner]] = NO_RANK
    at, nxt = at[inner], nxt[inner]
    if at.size:
        shift = np.uint64(SHIFT)
        rank[at] = t.pair_ranks(ids[at].astype(np.uint64) << shift | ids[nxt].astype(np.uint64))
