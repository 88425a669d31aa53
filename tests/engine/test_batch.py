"""The vectorised encoders of many pieces (bpe_engine.encode.batch) equal the per-piece reference.

Two exact algorithms live there: rounds (every piece merges its lowest-ranked pair each
round) and rank by rank (the merges in order over all pieces); ``bpe_flat`` picks one per
piece length and puts the results back in order. All are checked against
``bpe_piece``, the obviously-correct loop, on real vocabularies and on adversarial ones.
"""

from __future__ import annotations

import tracemalloc
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from bpe_engine import Tokenizer, train_bpe
from bpe_engine.encode import batch, by_rank
from bpe_engine.encode.batch import bpe_by_rank, bpe_flat, bpe_many, bpe_rounds

from ..conftest import data_text
from .conftest import BIG_CORPORA, DATA_FILES, head, texts_of
from .test_charcut import _per_piece, _tokenizer
from .test_roundtrip import texts


def _check_all(tok: Tokenizer, pieces: list[bytes]) -> None:
    flat, counts = _per_piece(tok, pieces)
    for fn in (bpe_rounds, bpe_by_rank, bpe_flat):
        ids, n = fn(tok.encoder.tables, pieces)
        assert ids.tolist() == flat, fn.__name__
        assert n.tolist() == counts, fn.__name__
    assert bpe_many(tok.encoder.tables, pieces) == [tok.encoder.bpe(p) for p in pieces]


def _head(path: Path, size: int = 150_000) -> str:
    with open(path, "rb") as f:
        return f.read(size).decode("utf-8", errors="ignore")


BIG = ["en_mix_36MB.txt", "code_python311_stdlib_32MB.txt", "zh_classical_poetry_25MB.txt"]


@pytest.mark.parametrize("name", ["gpt2", "cl100k_base", "o200k_base"])
@pytest.mark.parametrize("corpus", [*DATA_FILES, pytest.param(BIG_CORPORA, marks=pytest.mark.slow)])
def test_distinct_pieces_of_real_text(name: str, corpus: str, openai: dict) -> None:
    tok = openai[name]
    for label, text in texts_of(corpus, BIG, _head):
        pieces = sorted(set(tok.encoder.pieces(text)))
        assert len(pieces) > 400, label
        _check_all(tok, pieces)


def test_pair_hash_finds_every_merge_and_nothing_else(openai: dict) -> None:
    tok = openai["o200k_base"]
    tables = batch.pair_tables(tok.encoder.tables)
    pairs = np.array(tok.encoder.tables.pair_ids, dtype=np.uint64)
    keys = pairs[:, 0] << np.uint64(20) | pairs[:, 1]
    assert tables.pair_ranks(keys).tolist() == list(range(len(keys)))
    rng = np.random.default_rng(7)
    others = rng.integers(0, tok.max_id, size=(50_000, 2)).astype(np.uint64)
    known = set(tok.encoder.tables.ranks)
    other_keys = others[:, 0] << np.uint64(20) | others[:, 1]
    expected = [tok.encoder.tables.ranks.get(int(k), 2**31 - 1) for k in other_keys.tolist()]
    assert any(int(k) not in known for k in other_keys.tolist())
    assert tables.pair_ranks(other_keys).tolist() == expected


def test_mixed_lengths_are_put_back_in_order(openai: dict, monkeypatch: pytest.MonkeyPatch) -> None:
    """With little room for long pieces, bpe_flat splits short and long ones between the two
    algorithms; the merged result must keep every piece in its place."""
    monkeypatch.setattr(batch, "_ROUNDS_LONG_BYTES", 0)
    tok = openai["cl100k_base"]
    words = [
        b" the",
        b" internationalization",
        b"a",
        b"    ",
        b" \xe5\x9c\x8b\xe8\xaa\x9e\xe6\x97\xa5\xe6\x9c\xac",
        b" x",
        b"================================",
        b"\xf0\x9f\xa4\x9a\xf0\x9f\x8f\xbe",
        b" Mississippi",
    ]
    pieces = [words[i % len(words)] + bytes([65 + i % 26]) * (i % 3) for i in range(400)]
    _check_all(tok, pieces)


@pytest.fixture(scope="module")
def repetitive() -> Tokenizer:
    """Merges of repeated symbols ("a a", "aa a", "aa aa") and overlapping pairs ("a b", "b a"),
    where merging left to right matters."""
    merges = [
        (b"a", b"a"),
        (b"a", b"b"),
        (b"b", b"a"),
        (b"aa", b"a"),
        (b"aa", b"aa"),
        (b"ab", b"a"),
        (b"b", b"b"),
        (b" ", b" "),
        (b"  ", b"  "),
        (b"ba", b"b"),
        (b"aaaa", b"a"),
    ]
    return _tokenizer(merges)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.text(alphabet="ab ", min_size=1, max_size=40), min_size=1, max_size=60))
def test_runs_and_overlaps(repetitive: Tokenizer, words: list[str]) -> None:
    _check_all(repetitive, [w.encode("ascii") for w in words])


@settings(max_examples=200, deadline=None)
@given(st.lists(st.text(alphabet="aab ", min_size=1, max_size=60), min_size=1, max_size=30), st.integers(1, 7))
def test_rank_by_rank_in_slices(repetitive: Tokenizer, words: list[str], slice_size: int) -> None:
    """Every merge of the rank-by-rank encoder through its NumPy steps in tiny slices (a merge
    of millions of positions goes so): runs of "a" cross the slices' edges."""
    pieces = [w.encode("ascii") for w in words]
    flat, counts = _per_piece(repetitive, pieces)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(by_rank, "_SLICE", slice_size)
        patch.setattr(by_rank, "_SMALL", 0)
        ids, n = bpe_by_rank(repetitive.encoder.tables, pieces)
    assert ids.tolist() == flat and n.tolist() == counts


def test_ascending_slices_of_a_long_run_are_not_copied_and_sorted() -> None:
    """A run of one character, its occurrences ascending in many slices: they are taken left
    to right slice by slice, never joined into one array of all of them and sorted (the
    slicing keeps a merge of millions of positions to temporaries of one slice)."""
    n, size = 400_000, 1000
    sym = np.zeros(n, dtype=np.int32)
    nxt = np.arange(1, n + 1, dtype=np.int32)
    nxt[-1] = -1
    blocks = [np.arange(n - 1)]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(by_rank, "_SLICE", size)
        tracemalloc.start()
        try:
            taken = by_rank._occurrences(blocks, 0, 0, sym, nxt)
            kept, peak = tracemalloc.get_traced_memory()
        finally:
            tracemalloc.stop()
    assert np.concatenate(taken).tolist() == list(range(0, n - 1, 2))
    # beyond what it returns and keeps: a few slices (a joined copy of the 399 999 positions: 3.2 MB)
    assert peak - kept < 50 * size * 8


def test_byte_pairs_are_indexed_in_ascending_positions(repetitive: Tokenizer) -> None:
    """The first index lists each rank's positions in ascending order, slice by slice, also
    where other ranks are mixed in: a run of "a" with other bytes in it then goes through
    the rank-by-rank merge slice by slice, not joined and sorted whole."""
    raw = np.frombuffer((b"aaaab aab ba" * 500), dtype=np.uint8)
    nxt = np.arange(1, raw.size + 1, dtype=np.int32)
    nxt[-1] = -1
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(by_rank, "_SLICE", 1000)
        index = by_rank._byte_pair_index(by_rank.pair_tables(repetitive.encoder.tables), raw, nxt)
    assert len(index) > 1
    for blocks in index.values():
        positions = np.concatenate(blocks)
        assert (positions[1:] > positions[:-1]).all()


@pytest.fixture(scope="module")
def small_trained() -> Tokenizer:
    text = head(data_text("english.txt"), 4000)
    return train_bpe(None, 256 + 400, [], text=text + " 國語 日本語 Жизнь 🤚🏾", pretokenizer="none")


@settings(max_examples=100, deadline=None)
@given(st.lists(texts, min_size=1, max_size=30))
def test_random_text_with_a_trained_vocabulary(small_trained: Tokenizer, parts: list[str]) -> None:
    pieces = [p.encode("utf-8") for p in parts if p]
    if pieces:
        _check_all(small_trained, pieces)
