"""Cutting pieces where no token can cross (bpe_engine.encode.charcut) changes no id."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bpe_engine import Tokenizer, train_bpe
from bpe_engine.encode.batch import bpe_flat
from bpe_engine.encode.charcut import bpe_cut, worth_cutting

MULTIBYTE = ["zh_classical_poetry_25MB.txt", "ja_novels_2MB.txt", "ru_fortunes_4MB.txt"]


def _slice(corpora: Path, name: str, size: int) -> str:
    path = corpora / name
    with open(path, "rb") as f:
        f.seek(path.stat().st_size // 3)
        return f.read(size).decode("utf-8", errors="ignore")


def _per_piece(tok: Tokenizer, pieces: list[bytes]) -> tuple[list[int], list[int]]:
    """The slow reference: each piece on its own, merge by merge."""
    encoded = [tok.encoder.bpe(p) for p in pieces]
    return [i for ids in encoded for i in ids], [len(ids) for ids in encoded]


@pytest.mark.parametrize("name", ["gpt2", "cl100k_base", "o200k_base"])
@pytest.mark.parametrize("corpus", MULTIBYTE)
def test_cut_encoding_is_tiktokens(name: str, corpus: str, corpora: Path, openai: dict, tiktoken_encodings: dict) -> None:
    tok = openai[name]
    text = _slice(corpora, corpus, 200_000)
    pieces = [p.encode("utf-8") for p in tok.pretokenizer.split(text)]
    assert worth_cutting(np.frombuffer(b"".join(pieces), dtype=np.uint8))
    ids, counts = bpe_cut(tok.encoder, pieces)
    assert ids.tolist() == tiktoken_encodings[name].encode_ordinary(text)
    flat_ids, flat_counts = bpe_flat(tok.encoder.tables, pieces)
    assert counts.tolist() == flat_counts.tolist()
    assert ids.tolist() == flat_ids.tolist()


@pytest.mark.parametrize("name", ["gpt2", "cl100k_base"])
def test_long_chinese_text_with_special_tokens(name: str, corpora: Path, openai: dict, tiktoken_encodings: dict) -> None:
    """Big enough for encode() to take the flat path, special tokens put back in place."""
    tok = openai[name]
    part = _slice(corpora, "zh_classical_poetry_25MB.txt", 400_000)
    text = part + "<|endoftext|>" + part[::-1] + "<|endoftext|>"
    assert tok.encode(text) == tiktoken_encodings[name].encode(text, allowed_special="all")


def _tokenizer(merges: list[tuple[bytes, bytes]]) -> Tokenizer:
    vocab = {i: bytes([i]) for i in range(256)}
    vocab.update((256 + k, a + b) for k, (a, b) in enumerate(merges))
    return Tokenizer(vocab, merges, pretokenizer="none")


@pytest.fixture(scope="module")
def crossing(corpora: Path) -> Tokenizer:
    """Merges across characters: trained with pre-tokenizer ``none`` on Chinese and Russian,
    then hand-made ones that join the end of one character to the start of the next, some
    before the characters themselves are whole (國 E5 9C 8B, 語 E8 AA 9E, 本 E6 9C AC,
    🤚 F0 9F A4 9A, 🏾 F0 9F 8F BE)."""
    text = _slice(corpora, "zh_classical_poetry_25MB.txt", 20_000) + _slice(corpora, "ru_fortunes_4MB.txt", 20_000)
    merges = list(train_bpe(None, 256 + 300, [], text=text, pretokenizer="none").merges)
    merges += [
        (b"\x8b", b"\xe8"), (b"\xe5", b"\x9c"), (b"\xe8", b"\xaa"), (b"\xe5\x9c", b"\x8b"), (b"\xaa", b"\x9e"),
        (b"\xe8\xaa", b"\x9e"), (b"\x8b\xe8", b"\xaa"), (b"\xe5\x9c\x8b", b"\xe8\xaa\x9e"), (b"\xe6", b"\x9c"),
        (b"\xe6\x9c", b"\xac"), (b"\xac", b"\xe5"), (b" ", b"\xe6"), (b"\xf0", b"\x9f"), (b"\x9a", b"\xf0\x9f"),
        (b"\xa4", b"\x9a"), (b"\xf0\x9f", b"\xa4\x9a"), (b"\xf0\x9f\xa4\x9a", b"\xf0\x9f"), (b"a", b"\xe5\x9c"),
    ]
    seen: set[tuple[bytes, bytes]] = set()
    unique = [m for m in merges if not (m in seen or seen.add(m))]  # type: ignore[func-returns-value]
    return _tokenizer(unique)


def test_crossing_vocabulary_has_fragments(crossing: Tokenizer) -> None:
    """The fixture really has tokens that hold part of a character next to another one."""
    fragments = [b for b in crossing.vocab.values() if len(b) > 1 and 0x80 <= b[0] <= 0xBF and any(x >= 0xC0 for x in b[1:])]
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


@settings(max_examples=100, deadline=None)
@given(st.text(alphabet=ALPHABET, min_size=1, max_size=300))
def test_openai_cut_equals_piece_by_piece(openai: dict, text: str) -> None:
    for name in ("cl100k_base", "o200k_base"):
        tok = openai[name]
        pieces = [p.encode("utf-8") for p in tok.pretokenizer.split(text)]
        ids, counts = bpe_cut(tok.encoder, pieces)
        assert (ids.tolist(), counts.tolist()) == _per_piece(tok, pieces)
