"""The fast trainer matches the slow reference trainer merge for merge, for every pre-tokenizer."""

from __future__ import annotations

import pytest

from bpe_engine import PRETOKENIZER_NAMES, train_bpe
from bpe_engine.reference import reference_encode, reference_train

from ..conftest import data_text
from .conftest import head

PRETOKENIZERS = (*PRETOKENIZER_NAMES, r"regex:\w+|[^\w\s]+")


@pytest.fixture(scope="module")
def texts() -> dict[str, str]:
    """A few KB of each kind of text (the reference trainer is slow), from tests/data."""
    return {
        "english": head(data_text("english.txt"), 3800),
        "multiscript": head(data_text("multiscript.txt"), 2500),
        "chinese": head(data_text("chinese.txt"), 2500),
        "russian": head(data_text("russian.txt"), 3000),
        "python": head(data_text("python_code.txt"), 4000),
        "overlaps": "aaaa aaa aa a abab ababab aaaaaaa baaab\n\n  \t x  " * 4,
    }


@pytest.mark.parametrize("pretokenizer", PRETOKENIZERS)
@pytest.mark.parametrize("language", ["english", "multiscript", "chinese", "russian", "python", "overlaps"])
def test_fast_trainer_matches_reference(texts: dict[str, str], language: str, pretokenizer: str) -> None:
    text = texts[language]
    vocab_size = 256 + 1 + 150
    vocab, merges, counts = reference_train(text, vocab_size, ["<|endoftext|>"], pretokenizer)
    tok = train_bpe(None, vocab_size, ["<|endoftext|>"], text=text, pretokenizer=pretokenizer)
    assert len(merges) >= 10  # the comparison is not vacuous
    assert tok.merges == merges
    assert tok.merge_counts == counts
    assert tok.encode(text, allowed_special="all") == reference_encode(
        text, merges, vocab, ["<|endoftext|>"], pretokenizer
    )


@pytest.mark.parametrize("language", ["english", "chinese", "overlaps"])
def test_smallest_tie_break_matches_reference(texts: dict[str, str], language: str) -> None:
    text = texts[language]
    _, merges, counts = reference_train(text, 256 + 120, (), "gpt2", tie_break="smallest")
    tok = train_bpe(None, 256 + 120, text=text, tie_break="smallest")
    assert tok.merges == merges and tok.merge_counts == counts


def test_special_tokens_never_join_a_merge() -> None:
    text = "<|endoftext|>ab<|endoftext|>ab<|endoftext|><|endoftext|>"
    tok = train_bpe(None, 300, ["<|endoftext|>"], text=text, pretokenizer="none")
    assert tok.merges == [(b"a", b"b")]
    assert tok.encode(text, allowed_special="all") == [257, 256, 257, 256, 257, 257]
