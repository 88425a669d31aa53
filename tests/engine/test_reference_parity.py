"""The fast trainer matches the slow reference trainer merge for merge, for every pre-tokenizer."""

from __future__ import annotations

from pathlib import Path

import pytest

from bpe_engine import PRETOKENIZER_NAMES, train_bpe
from bpe_engine.reference import reference_encode, reference_train

PRETOKENIZERS = (*PRETOKENIZER_NAMES, r"regex:\w+|[^\w\s]+")


def _sample(path: Path, n_chars: int) -> str:
    with open(path, encoding="utf-8") as f:
        return f.read(n_chars)


@pytest.fixture(scope="module")
def texts(fixtures: Path, corpora: Path) -> dict[str, str]:
    return {
        "english": (fixtures / "tinystories_sample.txt").read_text(encoding="utf-8"),
        "german": (fixtures / "german.txt").read_text(encoding="utf-8"),
        "chinese": _sample(corpora / "zh_classical_poetry_25MB.txt", 2500),
        "russian": _sample(corpora / "ru_fortunes_4MB.txt", 3000),
        "python": _sample(corpora / "code_python311_stdlib_32MB.txt", 4000),
        "overlaps": "aaaa aaa aa a abab ababab aaaaaaa baaab\n\n  \t x  " * 4,
    }


@pytest.mark.parametrize("pretokenizer", PRETOKENIZERS)
@pytest.mark.parametrize("language", ["english", "german", "chinese", "russian", "python", "overlaps"])
def test_fast_trainer_matches_reference(texts: dict[str, str], language: str, pretokenizer: str) -> None:
    text = texts[language]
    vocab_size = 256 + 1 + 150
    vocab, merges, counts = reference_train(text, vocab_size, ["<|endoftext|>"], pretokenizer)
    tok = train_bpe(None, vocab_size, ["<|endoftext|>"], text=text, pretokenizer=pretokenizer)
    assert len(merges) >= 10  # the comparison is not vacuous
    assert tok.merges == merges
    assert tok.merge_counts == counts
    assert tok.encode(text) == reference_encode(text, merges, vocab, ["<|endoftext|>"], pretokenizer)


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
    assert tok.encode(text) == [257, 256, 257, 256, 257, 257]
