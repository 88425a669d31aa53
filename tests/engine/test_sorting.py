"""Sorting in blocks gives what ``sorted`` gives (the app's training thread must not hold the
interpreter lock for the whole of one long C sort): WordTokenizer's words, the Unigram seed."""

from __future__ import annotations

import math
import random
from collections import Counter

from hypothesis import given, strategies as st

from bpe_engine._sorting import _BLOCK, sorted_in_blocks
from bpe_engine.families import WordTokenizer
from bpe_engine.unigram.train import UnigramTrainerConfig, _seed


@given(st.lists(st.tuples(st.integers(-5, 5), st.binary(max_size=4))))
def test_sorted_in_blocks_equals_sorted_for_short_lists(items):
    assert sorted_in_blocks(items, key=lambda x: x) == sorted(items)


def test_sorted_in_blocks_equals_sorted_across_many_blocks():
    rng = random.Random(3)
    words = {f"w{rng.randrange(10**9)}": rng.randrange(1, 50) for _ in range(5 * _BLOCK + 17)}
    key = lambda w: (-words[w], w.encode("utf-8"))  # noqa: E731 (the key WordTokenizer sorts by)
    assert sorted_in_blocks(words, key) == sorted(words, key=key)
    assert WordTokenizer.from_counts(words).words == sorted(words, key=key)


def test_the_first_items_in_blocks_are_sorteds_first_items():
    rng = random.Random(5)
    items = [(rng.randrange(40), rng.randrange(10**6)) for _ in range(3 * _BLOCK + 11)]
    whole = sorted(items)
    for first in (0, 1, _BLOCK - 1, _BLOCK, _BLOCK + 1, 2 * _BLOCK + 3, len(items), len(items) + 9, None):
        assert sorted_in_blocks(items, key=lambda x: x, first=first) == whole[:first]
    assert sorted_in_blocks(items[:50], key=lambda x: x, first=7) == sorted(items[:50])[:7]


def _plain_seed(words: Counter[str], size: int, longest: int) -> tuple[dict[str, float], int]:
    """The Unigram seed as one ``sorted`` makes it (brute force: every substring counted), and
    how many substrings were sorted."""
    counts: Counter[str] = Counter()
    chars: Counter[str] = Counter()
    for word, n in words.items():
        for i in range(len(word)):
            chars[word[i]] += n
            for j in range(i + 2, min(len(word), i + longest) + 1):
                if "▁" not in word[i + 1 : j]:
                    counts[word[i:j]] += n
    frequent = [kv for kv in counts.items() if kv[1] >= 2]
    best = sorted(frequent, key=lambda kv: (-kv[1] * len(kv[0]), kv[0]))[:size]
    scored = {p: float(c * len(p)) for p, c in best} | {c: float(n) for c, n in chars.items()}
    total = math.log(sum(scored.values()))
    return {p: math.log(v) - total for p, v in scored.items()}, len(frequent)


def test_the_unigram_seed_sorted_in_blocks_is_the_plain_sorts():
    # Many more frequent substrings than a block holds, the seed cut inside a block and beyond
    # them all: the same pieces, in the same order, with the same scores.
    rng = random.Random(11)
    words = Counter(
        {"▁" + "".join(rng.choices("abcdef", k=rng.randrange(3, 12))): rng.randrange(1, 6) for _ in range(4000)}
    )
    for size in (5_000, _BLOCK + 5, 10**7):
        config = UnigramTrainerConfig(vocab_size=100, seed_size=size)
        plain, sorted_items = _plain_seed(words, size, config.max_piece_length)
        assert sorted_items > 2 * _BLOCK  # (three blocks at least)
        assert list(_seed(words, config).items()) == list(plain.items())
