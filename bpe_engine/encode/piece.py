"""Encoding one piece: apply its lowest-ranked merge until none applies.

This is the reference rule every other encoder must equal (:mod:`.batch` and :mod:`.charcut`
are tested against :func:`bpe_piece`). :func:`bpe_steps` records the same procedure step by
step, for the explanation views.

One pair is merged at a time, the lowest-ranked, leftmost on ties, as Hugging Face's BPE
model does (``Word::merge_all``); when the tables are ``merge_all_safe`` (always, for merges
learned in order), merging every occurrence of that pair at once is the same and faster.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable
from dataclasses import dataclass

from .._vocab import SHIFT
from .tables import EncoderTables

__all__ = ["BpeStep", "bpe_piece", "bpe_piece_as_of", "bpe_pieces", "bpe_steps", "step_ranks"]

_LONG_PIECE = 48  # pieces longer than this use the heap-based merge (O(n log n))
_NONE = 1 << 62  # the "rank" of a pair that is not a merge


@dataclass(frozen=True, slots=True)
class BpeStep:
    """One merge while encoding a piece: ``parts[index]`` + ``parts[index+1]`` -> ``new_id``."""

    parts: tuple[int, ...]
    index: int
    rank: int
    new_id: int


def bpe_piece(t: EncoderTables, data: bytes) -> tuple[int, ...]:
    """Token ids of one piece (its UTF-8 bytes).

    The rank of every adjacent pair is kept in a list; each step merges the leftmost pair of
    the lowest rank and looks up only the two pairs that changed. (Merging one occurrence at
    a time equals merging all of them: a pair that holds the new token always ranks later,
    so the lowest rank stays the same until its last occurrence is merged.)
    """
    ids = list(data) if t.identity_bytes else [t.byte_id[x] for x in data]
    if len(ids) < 2:
        return tuple(ids)
    if len(ids) > _LONG_PIECE or not t.merge_all_safe:
        return tuple(_bpe_long(t, ids))
    get = t.ranks.get
    new_ids = t.new_ids
    # min() and index() run in C: on a short piece they cost less than any Python bookkeeping.
    ranks = [get(a << SHIFT | b, _NONE) for a, b in zip(ids, ids[1:])]
    while True:
        best = min(ranks)
        if best == _NONE:
            return tuple(ids)
        i = ranks.index(best)
        ids[i] = new_ids[best]
        del ids[i + 1]
        del ranks[i]
        if not ranks:
            return (ids[0],)
        if i < len(ranks):
            ranks[i] = get(ids[i] << SHIFT | ids[i + 1], _NONE)
        if i:
            ranks[i - 1] = get(ids[i - 1] << SHIFT | ids[i], _NONE)


def bpe_pieces(t: EncoderTables, pieces: list[bytes]) -> list[tuple[int, ...]]:
    """:func:`bpe_piece` of each of a few pieces, with its lookups hoisted out of the loop
    (a short call meets a handful of new pieces; per-call overhead is what it pays)."""
    get = t.ranks.get
    new_ids = t.new_ids
    byte_id = t.byte_id
    identity = t.identity_bytes
    out: list[tuple[int, ...]] = []
    for data in pieces:
        if len(data) > _LONG_PIECE:
            out.append(bpe_piece(t, data))
            continue
        ids = list(data) if identity else [byte_id[x] for x in data]
        if len(ids) < 2:
            out.append(tuple(ids))
            continue
        ranks = [get(a << SHIFT | b, _NONE) for a, b in zip(ids, ids[1:])]
        while True:
            best = min(ranks)
            if best == _NONE:
                out.append(tuple(ids))
                break
            i = ranks.index(best)
            ids[i] = new_ids[best]
            del ids[i + 1]
            del ranks[i]
            if not ranks:
                out.append((ids[0],))
                break
            if i < len(ranks):
                ranks[i] = get(ids[i] << SHIFT | ids[i + 1], _NONE)
            if i:
                ranks[i - 1] = get(ids[i - 1] << SHIFT | ids[i], _NONE)
    return out


def bpe_piece_as_of(t: EncoderTables, data: bytes, merges: int) -> tuple[int, ...]:
    """Token ids of one piece with only the first ``merges`` merges of the vocabulary: the
    same loop, with every later merge left out (what a tokenizer trained that far gives).
    A long piece takes the heap-based merge with the same limit (the list loop is quadratic)."""
    ids = list(data) if t.identity_bytes else [t.byte_id[x] for x in data]
    if len(ids) > _LONG_PIECE:
        return tuple(_bpe_long(t, ids, limit=merges))
    get = t.ranks.get
    new_ids = t.new_ids
    ranks = [get(a << SHIFT | b, _NONE) for a, b in zip(ids, ids[1:])]
    ranks = [r if r < merges else _NONE for r in ranks]
    while ranks:
        best = min(ranks)
        if best == _NONE:
            break
        i = ranks.index(best)
        ids[i] = new_ids[best]
        del ids[i + 1]
        del ranks[i]
        if i < len(ranks):
            r = get(ids[i] << SHIFT | ids[i + 1], _NONE)
            ranks[i] = r if r < merges else _NONE
        if i:
            r = get(ids[i - 1] << SHIFT | ids[i], _NONE)
            ranks[i - 1] = r if r < merges else _NONE
    return tuple(ids)


def step_ranks(t: EncoderTables, data: bytes) -> list[int]:
    """The rank of each merge that encoding this piece applies, in order. They never go
    down (a pair holding a new token always ranks after the merge that made it), so the
    piece has ``len(data) - (number of ranks below k)`` tokens with the first k merges."""
    ids = list(data) if t.identity_bytes else [t.byte_id[x] for x in data]
    get = t.ranks.get
    new_ids = t.new_ids
    ranks = [get(a << SHIFT | b, _NONE) for a, b in zip(ids, ids[1:])]
    applied: list[int] = []
    while ranks:
        best = min(ranks)
        if best == _NONE:
            break
        applied.append(best)
        i = ranks.index(best)
        ids[i] = new_ids[best]
        del ids[i + 1]
        del ranks[i]
        if i < len(ranks):
            ranks[i] = get(ids[i] << SHIFT | ids[i + 1], _NONE)
        if i:
            ranks[i - 1] = get(ids[i - 1] << SHIFT | ids[i], _NONE)
    return applied


def _bpe_long(t: EncoderTables, ids: list[int], steps: list[BpeStep] | None = None, limit: int = _NONE) -> list[int]:
    """The same merge rule in O(n log n), one pair at a time: linked list plus a heap of
    (rank, position, new id), as Hugging Face's ``Word::merge_all``.

    subtle: an entry whose position now holds another pair is still used when that pair
    makes the same token (Hugging Face compares the new id, not the rank); this matters only
    when several merges make one token, which merges learned in order never do.
    ``steps``, when given, receives each merge (for :func:`bpe_steps`); merges of rank
    ``limit`` or more are left out (:func:`bpe_piece_as_of`).
    """
    every = t.ranks.get

    def below_limit(key: int) -> int | None:
        r = every(key)
        return r if r is not None and r < limit else None

    get: Callable[[int], int | None] = every if limit >= _NONE else below_limit

    new_ids = t.new_ids
    n = len(ids)
    nxt = list(range(1, n + 1))
    nxt[-1] = -1
    prv = list(range(-1, n - 1))
    heap = []
    for i in range(n - 1):
        r = get(ids[i] << SHIFT | ids[i + 1])
        if r is not None:
            heap.append((r, i, new_ids[r]))
    heapq.heapify(heap)
    alive = [True] * n
    while heap:
        r, i, z = heapq.heappop(heap)
        if not alive[i]:
            continue
        j = nxt[i]
        if j < 0:
            continue
        now = get(ids[i] << SHIFT | ids[j])
        if now is None or new_ids[now] != z:
            continue  # stale entry
        if steps is not None:
            parts = [ids[k] for k in range(n) if alive[k]]
            steps.append(BpeStep(tuple(parts), sum(alive[:i]), now, z))
        ids[i] = z
        alive[j] = False
        k = nxt[j]
        nxt[i] = k
        if k >= 0:
            prv[k] = i
            r2 = get(ids[i] << SHIFT | ids[k])
            if r2 is not None:
                heapq.heappush(heap, (r2, i, new_ids[r2]))
        p = prv[i]
        if p >= 0:
            r2 = get(ids[p] << SHIFT | ids[i])
            if r2 is not None:
                heapq.heappush(heap, (r2, p, new_ids[r2]))
    return [ids[i] for i in range(n) if alive[i]]


def bpe_steps(t: EncoderTables, data: bytes) -> list[BpeStep]:
    """The merges that encode one piece, in the order they apply (for teaching)."""
    parts = [t.byte_id[x] for x in data]
    steps: list[BpeStep] = []
    if not t.merge_all_safe:
        if len(parts) > 1:
            _bpe_long(t, parts, steps)
        return steps
    # The loop of bpe_piece (lowest rank, leftmost on ties), recording each step.
    get = t.ranks.get
    new_ids = t.new_ids
    ranks = [get(a << SHIFT | b, _NONE) for a, b in zip(parts, parts[1:])]
    while ranks:
        best = min(ranks)
        if best == _NONE:
            break
        i = ranks.index(best)
        z = new_ids[best]
        steps.append(BpeStep(tuple(parts), i, best, z))
        parts[i] = z
        del parts[i + 1]
        del ranks[i]
        if i < len(ranks):
            ranks[i] = get(z << SHIFT | parts[i + 1], _NONE)
        if i:
            ranks[i - 1] = get(parts[i - 1] << SHIFT | z, _NONE)
    return steps
