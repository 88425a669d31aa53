"""The merge loops of one chunk, by SentencePiece's rule and by Hugging Face's.

SentencePiece's (``bpe_model.cc``): any two adjacent symbols whose concatenation is a piece
may merge, the highest score first, the leftmost on ties. Three loops give the same merges in
the same order: :func:`scan_merge` for a short chunk (the best pair by ``min`` over a list of
scores, in C: no heap, no stale entries), :func:`heap_merge` for a long one (the time of
encoding English or code goes there, once per distinct chunk), and :func:`merge_with_steps`
where symbols are frozen (user-defined) or each merge is reported (for explaining). Each hands
back the symbols left, in order, and ``rev``: the two symbols that made each merged piece of
type UNUSED (which :class:`~bpe_engine.spm.model.CharBpeModel` splits again).

Hugging Face's (``Word::merge_all``): :func:`merge_by_rank`, on ids.

Plain functions of the model's tables (passed in): the model cuts text into chunks, caches
them and turns the symbols into ids; these loops only decide which symbols merge.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable

from ..encode.piece import BpeStep

__all__ = ["SHIFT", "scan_merge", "heap_merge", "merge_with_steps", "merge_by_rank"]

#: A pair of ids as one dict key: ``left << SHIFT | right``.
SHIFT = 20
_INF = float("inf")

#: A piece's (negated score, id) in one lookup, or None (``CharBpeModel._merge_info.get``).
MergeInfo = Callable[[str], "tuple[float, int] | None"]
Merged = tuple[list[str], dict[str, tuple[str, str]]]


def scan_merge(text: str, info: MergeInfo, unused: frozenset[int]) -> Merged:
    """:func:`heap_merge` for a short chunk: the best pair found by ``min`` over a list of
    scores (in C) instead of a heap (no stale entries), the same merges in the same order
    (highest score, leftmost on ties) and the same pairs recorded for UNUSED."""
    syms = list(text)
    rev: dict[str, tuple[str, str]] = {}
    inf = _INF
    scores: list[float] = []
    for k in range(len(syms) - 1):
        piece = syms[k] + syms[k + 1]
        found = info(piece)
        if found is None:
            scores.append(inf)
        else:
            scores.append(found[0])
            if unused and found[1] in unused:
                rev[piece] = (syms[k], syms[k + 1])
    while scores:
        best = min(scores)
        if best == inf:
            break
        k = scores.index(best)
        ab = syms[k] + syms[k + 1]
        syms[k] = ab
        del syms[k + 1]
        del scores[k]
        if k:
            piece = syms[k - 1] + ab
            found = info(piece)
            scores[k - 1] = inf if found is None else found[0]
            if found is not None and unused and found[1] in unused:
                rev[piece] = (syms[k - 1], ab)
        if k < len(scores):
            piece = ab + syms[k + 1]
            found = info(piece)
            scores[k] = inf if found is None else found[0]
            if found is not None and unused and found[1] in unused:
                rev[piece] = (ab, syms[k + 1])
    return syms, rev


def heap_merge(text: str, info: MergeInfo, unused: frozenset[int]) -> Merged:
    """:func:`merge_with_steps` without steps or frozen symbols, its loop inlined."""
    syms = list(text)
    n = len(syms)
    nxt = list(range(1, n + 1))
    nxt[-1] = -1
    prv = list(range(-1, n - 1))
    rev: dict[str, tuple[str, str]] = {}
    heap: list[tuple[float, int, int, int]] = []
    for k in range(n - 1):
        piece = syms[k] + syms[k + 1]
        found = info(piece)
        if found is not None:
            heap.append((found[0], k, k + 1, len(piece)))
            if unused and found[1] in unused:
                rev[piece] = (syms[k], syms[k + 1])
    heapq.heapify(heap)
    pop, push = heapq.heappop, heapq.heappush
    while heap:
        _, left, right, size = pop(heap)
        a, b = syms[left], syms[right]
        if not a or not b or len(a) + len(b) != size:
            continue
        ab = a + b
        syms[left] = ab
        syms[right] = ""
        after = nxt[right]
        nxt[left] = after
        if after >= 0:
            prv[after] = left
        before = prv[left]
        if before >= 0:
            piece = syms[before] + ab
            found = info(piece)
            if found is not None:
                push(heap, (found[0], before, left, len(piece)))
                if unused and found[1] in unused:
                    rev[piece] = (syms[before], ab)
        if after >= 0:
            piece = ab + syms[after]
            found = info(piece)
            if found is not None:
                push(heap, (found[0], left, after, len(piece)))
                if unused and found[1] in unused:
                    rev[piece] = (ab, syms[after])
    # (a merged-away symbol is emptied; a symbol never is otherwise: the rest, in order)
    return [sym for sym in syms if sym], rev


def merge_with_steps(
    syms: list[str],
    freeze: list[bool],
    piece_id: Callable[[str], int | None],
    scores: list[float],
    unused: frozenset[int],
    on_merge: Callable[[list[str], int, str], None] | None,
) -> Merged:
    """SentencePiece's loop on ``syms`` (``freeze[k]``: symbol k never merges), with a heap;
    ``on_merge(syms, left, piece)`` is called before each merge (merged-away symbols are
    empty strings in ``syms``)."""
    n = len(syms)
    nxt = list(range(1, n + 1))
    nxt[-1] = -1
    prv = list(range(-1, n - 1))
    heap: list[tuple[float, int, int, int]] = []
    rev: dict[str, tuple[str, str]] = {}

    def add(left: int, right: int) -> None:
        if left < 0 or right < 0 or freeze[left] or freeze[right]:
            return
        piece = syms[left] + syms[right]
        pid = piece_id(piece)
        if pid is None:
            return
        heapq.heappush(heap, (-scores[pid], left, right, len(piece)))
        if pid in unused:
            rev[piece] = (syms[left], syms[right])

    for k in range(1, n):
        add(k - 1, k)
    while heap:
        _, left, right, size = heapq.heappop(heap)
        a, b = syms[left], syms[right]
        if not a or not b or len(a) + len(b) != size:
            continue
        if on_merge is not None:
            on_merge(syms, left, a + b)
        syms[left] = a + b
        syms[right] = ""
        nxt[left] = nxt[right]
        if nxt[right] >= 0:
            prv[nxt[right]] = left
        add(prv[left], left)
        add(left, nxt[left])
    return [sym for sym in syms if sym], rev


def merge_by_rank(ids: list[int], pair_rank: dict[int, tuple[int, int]], steps: list[BpeStep] | None) -> list[int]:
    """Hugging Face's ``Word::merge_all``: lowest rank, leftmost first, one pair at a time; an
    entry is still used when its position now holds another pair making the same token."""
    n = len(ids)
    if n < 2:
        return ids
    get = pair_rank.get
    nxt = list(range(1, n + 1))
    nxt[-1] = -1
    prv = list(range(-1, n - 1))
    heap = []
    for i in range(n - 1):
        found = get(ids[i] << SHIFT | ids[i + 1])
        if found is not None:
            heap.append((found[0], i, found[1]))
    heapq.heapify(heap)
    alive = [True] * n
    while heap:
        _, i, z = heapq.heappop(heap)
        if not alive[i] or nxt[i] < 0:
            continue
        j = nxt[i]
        found = get(ids[i] << SHIFT | ids[j])
        if found is None or found[1] != z:
            continue
        if steps is not None:
            parts = tuple(ids[k] for k in range(n) if alive[k])
            steps.append(BpeStep(parts, sum(alive[:i]), found[0], z))
        ids[i] = z
        alive[j] = False
        k = nxt[j]
        nxt[i] = k
        if k >= 0:
            prv[k] = i
            found = get(z << SHIFT | ids[k])
            if found is not None:
                heapq.heappush(heap, (found[0], i, found[1]))
        p = prv[i]
        if p >= 0:
            found = get(ids[p] << SHIFT | z)
            if found is not None:
                heapq.heappush(heap, (found[0], p, found[1]))
    return [ids[k] for k in range(n) if alive[k]]
