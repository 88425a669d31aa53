"""Sorting in blocks gives what ``sorted`` gives (the app's training thread must not hold the
interpreter lock for the whole of one long C sort)."""

from __future__ import annotations

import random

from hypothesis import given, strategies as st

from bpe_engine._sorting import _BLOCK, sorted_in_blocks
from bpe_engine.families import WordTokenizer


@given(st.lists(st.tuples(st.integers(-5, 5), st.binary(max_size=4))))
def test_sorted_in_blocks_equals_sorted_for_short_lists(items):
    assert sorted_in_blocks(items, key=lambda x: x) == sorted(items)


def test_sorted_in_blocks_equals_sorted_across_many_blocks():
    rng = random.Random(3)
    words = {f"w{rng.randrange(10**9)}": rng.randrange(1, 50) for _ in range(5 * _BLOCK + 17)}
    key = lambda w: (-words[w], w.encode("utf-8"))  # noqa: E731 (the key WordTokenizer sorts by)
    assert sorted_in_blocks(words, key) == sorted(words, key=key)
    assert WordTokenizer.from_counts(words).words == sorted(words, key=key)
