"""Single characters' ids from one table (``charcut.CharIds``), the fragment hash of the
character cuts and the segments' distinct keys: no id changes, against the one-piece merge
and tiktoken; each test counts what the table answered, so that it fails without it."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from bpe_engine import Tokenizer
from bpe_engine.encode import charcut, encoder as encoder_module
from bpe_engine.encode.piece import bpe_piece

from ..conftest import data_text
from .test_charcut import ALPHABET, crossing  # noqa: F401  (the fixture)
from .test_spans_path import _expected, _long_chinese, _pair, _Spy


class _Counting:
    """An encoder for :func:`charcut.bpe_cut_joined` that notes every segment asked of it."""

    def __init__(self, inner: charcut.DistinctEncoder) -> None:
        self.inner = inner
        self.asked: list[bytes] = []

    @property
    def tables(self) -> object:
        return self.inner.tables

    def encode_distinct_packed(self, pieces: list[bytes]) -> list[bytes]:
        self.asked += pieces
        return self.inner.encode_distinct_packed(pieces)


def _one_character(segment: bytes) -> bool:
    return len(segment) <= 3 and len(segment.decode("utf-8")) == 1


def test_char_ids_are_each_characters_merges(crossing: Tokenizer) -> None:  # noqa: F811
    """Every character of 1-3 bytes, in a vocabulary with merges across characters and
    inside them: the table's ids are the one-piece merge's."""
    tables = crossing.encoder.tables
    chars = charcut.char_ids(tables)
    assert chars is not None
    for c in [*range(0xD800), *range(0xE000, 0x10000)]:
        at, n = int(chars.offset[c]), int(chars.count[c])
        assert tuple(chars.ids[at : at + n].tolist()) == bpe_piece(tables, chr(c).encode("utf-8")), hex(c)
    assert not chars.count[0xD800:0xE000].any()


@pytest.mark.parametrize("name", ["o200k", "llama3", "tekken"])
def test_char_ids_of_real_tables(name: str) -> None:
    """The same on real tables, for the CJK block and a sample of the rest."""
    ours, _, _ = _pair(name)
    tables = ours.encoder.tables
    chars = charcut.char_ids(tables)
    assert chars is not None
    rng = np.random.default_rng(7)
    sample = [*range(0x4E00, 0x4E00 + 3000), *rng.integers(0, 0xD800, 2000).tolist(), *range(0, 0x800, 3)]
    for c in sample:
        at, n = int(chars.offset[c]), int(chars.count[c])
        assert tuple(chars.ids[at : at + n].tolist()) == bpe_piece(tables, chr(c).encode("utf-8")), hex(c)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.text(alphabet=ALPHABET, min_size=1, max_size=12), min_size=1, max_size=40))
def test_cut_with_the_table_equals_piece_by_piece(crossing: Tokenizer, words: list[str]) -> None:  # noqa: F811
    """Pieces of characters that merges join across and inside: the same ids and counts per
    piece with the table as with the one-piece merge; no one-character segment is asked of
    the encoder with the table, and without it every distinct one is."""
    pieces = [w.encode("utf-8") for w in words]
    lengths = np.fromiter(map(len, pieces), dtype=np.int64, count=len(pieces))
    encoded = [crossing.encoder.bpe(p) for p in pieces]
    expected = [i for ids in encoded for i in ids], [len(ids) for ids in encoded]
    asked = {}
    for table in (charcut.char_ids(crossing.encoder.tables), None):
        counting = _Counting(crossing.encoder)
        ids, counts = charcut.bpe_cut_joined(counting, b"".join(pieces), lengths, table)
        assert (ids.tolist(), counts.tolist()) == expected
        asked[table is None] = [s for s in counting.asked if _one_character(s)]
    assert not asked[False]
    cut = charcut.worth_cutting(np.frombuffer(b"".join(pieces), dtype=np.uint8))
    if cut and any(_one_character(p) for p in pieces):  # a piece of one character is a segment
        assert asked[True]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 2**64 - 1) | st.integers(0, 5), min_size=1, max_size=300))
def test_distinct_keys_are_numpys_unique(keys: list[int]) -> None:
    v = np.array(keys, dtype=np.uint64)
    uniq, inverse = charcut._distinct(v)
    ref_uniq, ref_inverse = np.unique(v, return_inverse=True)
    assert uniq.tolist() == ref_uniq.tolist()
    assert inverse.tolist() == ref_inverse.reshape(-1).tolist()


def test_the_fragment_hash_finds_every_tokens_crossing(crossing: Tokenizer) -> None:  # noqa: F811
    """Each token laid out alone in the text: every boundary inside it is found crossable
    (the hashed sets answer no only for fragments no token has)."""
    tables = crossing.encoder.tables
    tokens = [b for b in tables.id_bytes if b is not None and len(b) > 1]
    lengths = np.fromiter(map(len, tokens), dtype=np.int64, count=len(tokens))
    raw = np.frombuffer(b"".join(tokens), dtype=np.uint8)
    starts = np.cumsum(lengths) - lengths
    q, _, _ = charcut._boundaries(raw, starts, lengths)
    assert q.size > 100
    assert charcut._crossable(charcut.cross_table(tables), raw, q).all()


@pytest.mark.parametrize("name", ["llama3", "tekken"])
def test_long_chinese_takes_characters_from_the_table(name: str) -> None:
    """Long Chinese on the offsets path with Llama 3's rank file and Tekken: tiktoken's ids,
    and the segment cache holds no single character afterwards (the table answered them)."""
    ours, ref, offset = _pair(name)
    text = _long_chinese()
    with _Spy(encoder_module._SPANS_MIN) as s:
        ours.clear_cache()
        assert ours.encode_ordinary(text) == _expected(ref, offset, text)
        segments = ours.encoder._merge_only().cache
        assert segments and not [k for k in segments if _one_character(k)]
        assert ours.encode_ordinary(text) == _expected(ref, offset, text)
    assert s.calls == 2
