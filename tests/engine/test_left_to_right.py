"""Which overlapping occurrences of a pair ``(a, a)`` a left-to-right merge takes, against a
plain scan of each word (positions given in any order, one chain or many)."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings, strategies as st

from bpe_engine._arrays import left_to_right, left_to_right_after

words = st.lists(st.lists(st.sampled_from([0, 0, 0, 1]), min_size=1, max_size=12), min_size=1, max_size=6)


def _layout(ws: list[list[int]]) -> tuple[np.ndarray, np.ndarray, list[int]]:
    """Words laid end to end as a linked list (``nxt`` -1 at each word's end), and the
    occurrences a scan from each word's left merges."""
    sym = [t for w in ws for t in w]
    nxt = np.arange(1, len(sym) + 1, dtype=np.int32)
    taken: list[int] = []
    start = 0
    for w in ws:
        nxt[start + len(w) - 1] = -1
        i = 0
        while i + 1 < len(w):
            if w[i] == w[i + 1] == 0:
                taken.append(start + i)
                i += 2
            else:
                i += 1
        start += len(w)
    return np.asarray(sym), nxt, taken


@settings(max_examples=300, deadline=None)
@given(words, st.randoms(use_true_random=False))
def test_matches_a_scan_in_any_order(ws: list[list[int]], rnd: object) -> None:
    sym, nxt, taken = _layout(ws)
    occurrences = [i for i in range(len(sym)) if nxt[i] >= 0 and sym[i] == sym[nxt[i]] == 0]
    shuffled = list(occurrences)
    rnd.shuffle(shuffled)  # type: ignore[attr-defined]
    for given_pos in (occurrences, shuffled):
        got = left_to_right(np.asarray(given_pos, dtype=np.intp), nxt)
        assert sorted(got.tolist()) == taken


def test_one_long_chain() -> None:
    """One repeated character: every other position from the word's start."""
    n = 10_001
    nxt = np.arange(1, n + 1, dtype=np.int32)
    nxt[-1] = -1
    got = left_to_right(np.arange(n - 1, dtype=np.intp), nxt)
    assert got.tolist() == list(range(0, n - 1, 2))


@settings(max_examples=300, deadline=None)
@given(words, st.lists(st.integers(0, 40), max_size=5))
def test_in_slices_matches_a_scan(ws: list[list[int]], cuts: list[int]) -> None:
    """The positions cut into slices anywhere (a chain across a cut goes on alternating)."""
    sym, nxt, taken = _layout(ws)
    occurrences = np.asarray([i for i in range(len(sym)) if nxt[i] >= 0 and sym[i] == sym[nxt[i]] == 0], dtype=np.intp)
    edges = sorted({min(c, occurrences.size) for c in cuts} | {0, occurrences.size})
    got: list[int] = []
    last, last_taken = -1, False
    for lo, hi in zip(edges, edges[1:]):
        part = occurrences[lo:hi]
        chosen = left_to_right_after(part, nxt, last, last_taken)
        got += chosen.tolist()
        if part.size:
            last_taken = bool(chosen.size) and chosen[-1] == part[-1]
            last = int(part[-1])
    assert got == taken
