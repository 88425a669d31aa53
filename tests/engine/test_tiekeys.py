"""Tie-break keys of long tokens compare exactly as the key strings they stand for."""

from __future__ import annotations

import itertools

from hypothesis import given, settings, strategies as st

from bpe_engine import train_bpe
from bpe_engine.kinds import TieBreak
from bpe_engine.reference import reference_train
from bpe_engine.train import tiekeys

tokens = st.binary(min_size=1, max_size=6)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(tokens, tokens), min_size=2, max_size=6), st.booleans(), st.data())
def test_pair_keys_order_as_their_strings(
    pairs: list[tuple[bytes, bytes]], greatest: bool, data: st.DataObject
) -> None:
    """With LONG lowered, some tokens get key objects: every comparison (object with object,
    object with string, either side) agrees with the strings' comparison."""
    key_of = tiekeys.tie_key(TieBreak.GREATEST if greatest else TieBreak.SMALLEST)
    limit = data.draw(st.integers(0, 6))
    strings = [key_of(a) + key_of(b) for a, b in pairs]
    mixed = []
    for a, b in pairs:
        ka = tiekeys.TokenKey(a, greatest) if len(a) > limit else key_of(a)
        kb = tiekeys.TokenKey(b, greatest) if len(b) > limit else key_of(b)
        mixed.append(ka + kb)
    for i, j in itertools.product(range(len(pairs)), repeat=2):
        x, y, sx, sy = mixed[i], mixed[j], strings[i], strings[j]
        assert (x < y, x <= y, x == y, x != y, x > y, x >= y) == (
            sx < sy,
            sx <= sy,
            sx == sy,
            sx != sy,
            sx > sy,
            sx >= sy,
        )
        assert (x < sy, sx < y, x == sy, sx == y) == (sx < sy, sx < sy, sx == sy, sx == sy)


@settings(max_examples=40, deadline=None)
@given(st.text(alphabet="aab b一", min_size=20, max_size=300), st.sampled_from(list(TieBreak)))
def test_training_with_long_token_keys_matches_reference(text: str, rule: TieBreak) -> None:
    """Every token longer than 2 bytes keyed by an object: the merges are the reference's."""
    _, merges, counts = reference_train(text, 256 + 1 + 40, ["<|endoftext|>"], "gpt2", tie_break=rule.value)
    try:
        old, tiekeys.LONG = tiekeys.LONG, 2
        tok = train_bpe(None, 256 + 1 + 40, ["<|endoftext|>"], text=text, tie_break=rule)
    finally:
        tiekeys.LONG = old
    assert tok.merges == merges and tok.merge_counts == counts
