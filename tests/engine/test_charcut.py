"""Cutting pieces where no token can cross (bpe_engine.encode.charcut) changes no id."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from bpe_engine import Tokenizer, train_bpe
from bpe_engine.encode import charcut
from bpe_engine.encode.batch import bpe_flat
from bpe_engine.encode.charcut import bpe_cut, worth_cutting

from ..conftest import data_path, data_text, shared_corpus
from .conftest import BIG_CORPORA, MULTIBYTE_DATA, texts_of

MULTIBYTE = ["zh_classical_poetry_25MB.txt", "ja_novels_2MB.txt", "ru_fortunes_4MB.txt"]


def _slice(path: Path, size: int) -> str:
    with open(path, "rb") as f:
        f.seek(path.stat().st_size // 3)
        return f.read(size).decode("utf-8", errors="ignore")


def _per_piece(tok: Tokenizer, pieces: list[bytes]) -> tuple[list[int], list[int]]:
    """The slow reference: each piece on its own, merge by merge."""
    encoded = [tok.encoder.bpe(p) for p in pieces]
    return [i for ids in encoded for i in ids], [len(ids) for ids in encoded]


@pytest.mark.parametrize("name", ["gpt2", "cl100k_base", "o200k_base"])
@pytest.mark.parametrize("corpus", [*MULTIBYTE_DATA, pytest.param(BIG_CORPORA, marks=pytest.mark.slow)])
def test_cut_encoding_is_tiktokens(name: str, corpus: str, openai: dict, tiktoken_encodings: dict) -> None:
    tok = openai[name]
    for label, text in texts_of(corpus, MULTIBYTE, lambda path: _slice(path, 200_000)):
        pieces = [p.encode("utf-8") for p in tok.pretokenizer.split(text)]
        assert worth_cutting(np.frombuffer(b"".join(pieces), dtype=np.uint8)), label
        ids, counts = bpe_cut(tok.encoder, pieces)
        assert ids.tolist() == tiktoken_encodings[name].encode_ordinary(text), label
        flat_ids, flat_counts = bpe_flat(tok.encoder.tables, pieces)
        assert counts.tolist() == flat_counts.tolist(), label
        assert ids.tolist() == flat_ids.tolist(), label


def _long_chinese_text_with_special_tokens(tok: Tokenizer, enc: object, part: str) -> None:
    text = part + "<|endoftext|>" + part[::-1] + "<|endoftext|>"
    # Our own encoder (encode() hands long texts to tiktoken's core when it is equivalent).
    ours = tok.encoder.encode(text, frozenset({"<|endoftext|>"}))
    assert ours == enc.encode(text, allowed_special="all")  # type: ignore[attr-defined]


@pytest.mark.slow
@pytest.mark.parametrize("name", ["gpt2", "cl100k_base"])
def test_long_chinese_text_with_special_tokens(name: str, openai: dict, tiktoken_encodings: dict) -> None:
    """Big enough for encode() to take the flat path, special tokens put back in place."""
    part = _slice(shared_corpus("zh_classical_poetry_25MB.txt"), 400_000)
    _long_chinese_text_with_special_tokens(openai[name], tiktoken_encodings[name], part)


@pytest.mark.parametrize("name", ["gpt2", "cl100k_base"])
def test_chinese_text_of_tests_data_takes_the_flat_path(
    name: str, openai: dict, tiktoken_encodings: dict, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same on tests/data's Chinese, smaller than the flat path's size threshold, so the
    thresholds are lowered here; the flat path is seen to run."""
    from bpe_engine.encode import encoder

    monkeypatch.setattr(encoder, "_BATCH_MIN_BYTES", 20_000)
    monkeypatch.setattr(encoder, "_FLAT_SHARE", 0.2)
    calls = []
    flat = encoder.Encoder._ids_flat

    def spy(self: object, *args: object) -> list[int]:
        calls.append(1)
        return flat(self, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(encoder.Encoder, "_ids_flat", spy)
    tok = openai[name]
    tok.clear_cache()  # pieces already cached would not count as new
    _long_chinese_text_with_special_tokens(tok, tiktoken_encodings[name], data_text("chinese.txt"))
    assert calls


def _tokenizer(merges: list[tuple[bytes, bytes]]) -> Tokenizer:
    vocab = {i: bytes([i]) for i in range(256)}
    vocab.update((256 + k, a + b) for k, (a, b) in enumerate(merges))
    return Tokenizer(vocab, merges, pretokenizer="none")


@pytest.fixture(scope="module")
def crossing() -> Tokenizer:
    """Merges across characters: trained with pre-tokenizer ``none`` on Chinese and Russian,
    then hand-made ones that join the end of one character to the start of the next, some
    before the characters themselves are whole (國 E5 9C 8B, 語 E8 AA 9E, 本 E6 9C AC,
    🤚 F0 9F A4 9A, 🏾 F0 9F 8F BE)."""
    text = _slice(data_path("chinese.txt"), 20_000) + _slice(data_path("russian.txt"), 20_000)
    merges = list(train_bpe(None, 256 + 300, [], text=text, pretokenizer="none").merges)
    merges += [
        (b"\x8b", b"\xe8"),
        (b"\xe5", b"\x9c"),
        (b"\xe8", b"\xaa"),
        (b"\xe5\x9c", b"\x8b"),
        (b"\xaa", b"\x9e"),
        (b"\xe8\xaa", b"\x9e"),
        (b"\x8b\xe8", b"\xaa"),
        (b"\xe5\x9c\x8b", b"\xe8\xaa\x9e"),
        (b"\xe6", b"\x9c"),
        (b"\xe6\x9c", b"\xac"),
        (b"\xac", b"\xe5"),
        (b" ", b"\xe6"),
        (b"\xf0", b"\x9f"),
        (b"\x9a", b"\xf0\x9f"),
        (b"\xa4", b"\x9a"),
        (b"\xf0\x9f", b"\xa4\x9a"),
        (b"\xf0\x9f\xa4\x9a", b"\xf0\x9f"),
        (b"a", b"\xe5\x9c"),
    ]
    seen: set[tuple[bytes, bytes]] = set()
    unique = [m for m in merges if not (m in seen or seen.add(m))]  # type: ignore[func-returns-value]
    return _tokenizer(unique)


def test_crossing_vocabulary_has_fragments(crossing: Tokenizer) -> None:
    """The fixture really has tokens that hold part of a character next to another one."""
    fragments = [
        b for b in crossing.vocab.values() if len(b) > 1 and 0x80 <= b[0] <= 0xBF and any(x >= 0xC0 for x in b[1:])
    ]
    assert len(fragments) >= 3


ALPHABET = "國語日本の Жизнь🤚🏾👍∑∂aé\n床前明月光疑是地上霜"


@settings(max_examples=200, deadline=None)
@given(st.lists(st.text(alphabet=ALPHABET, min_size=1, max_size=12), min_size=1, max_size=40))
def test_cut_equals_piece_by_piece(crossing: Tokenizer, words: list[str]) -> None:
    pieces = [w.encode("utf-8") for w in words]
    ids, counts = bpe_cut(crossing.encoder, pieces)
    ref_ids, ref_counts = _per_piece(crossing, pieces)
    assert ids.tolist() == ref_ids
    assert counts.tolist() == ref_counts


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.text(alphabet=ALPHABET, min_size=1, max_size=40), min_size=1, max_size=20),
    st.integers(1, 30),
    st.integers(1, 9),
)
def test_cut_in_windows_equals_piece_by_piece(crossing: Tokenizer, words: list[str], window: int, search: int) -> None:
    """A long text is cut ``charcut._WINDOW`` bytes at a time, each window ending where no
    token crosses (found ``_SEARCH`` bytes at a time): tiny ones here, pieces split between two."""
    pieces = [w.encode("utf-8") for w in words]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(charcut, "_WINDOW", window)
        patch.setattr(charcut, "_SEARCH", search)
        ids, counts = bpe_cut(crossing.encoder, pieces)
    ref_ids, ref_counts = _per_piece(crossing, pieces)
    assert ids.tolist() == ref_ids
    assert counts.tolist() == ref_counts


@settings(max_examples=100, deadline=None)
@given(st.text(alphabet=ALPHABET, min_size=1, max_size=300))
def test_openai_cut_equals_piece_by_piece(openai: dict, text: str) -> None:
    for name in ("cl100k_base", "o200k_base"):
        tok = openai[name]
        pieces = [p.encode("utf-8") for p in tok.pretokenizer.split(text)]
        ids, counts = bpe_cut(tok.encoder, pieces)
        assert (ids.tolist(), counts.tolist()) == _per_piece(tok, pieces)
