"""Encoding as of merge k, and token counts for every k, against tokenizers built with only
the first k merges (the independent reference)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from bpe_engine import Tokenizer, errors, train_bpe
from bpe_engine.reference import reference_encode

from .test_roundtrip import texts

DATA = Path(__file__).resolve().parents[1] / "data"
EOT = "<|endoftext|>"


@pytest.fixture(scope="module")
def trained() -> dict[str, Tokenizer]:
    text = (DATA / "english.txt").read_text(encoding="utf-8")[:60_000] + (DATA / "chinese.txt").read_text(
        encoding="utf-8"
    )[:20_000]
    return {pre: train_bpe(None, 1200, [EOT], text=text, pretokenizer=pre) for pre in ("gpt2", "o200k", "none")}


def _first(tok: Tokenizer, k: int) -> Tokenizer:
    """The tokenizer a training stopped after ``k`` merges would have given."""
    vocab = {i: tok.vocab[i] for i in range(256 + k)}
    return Tokenizer(vocab, tok.merges[:k], [EOT], pretokenizer=tok.pretokenizer)


def _same_ids(full: Tokenizer, part: Tokenizer, ids: list[int]) -> list[int]:
    """``part``'s ids with its special token renumbered as ``full`` numbers it."""
    return [full.special_tokens[EOT] if i == part.special_tokens[EOT] else i for i in ids]


@settings(max_examples=60, deadline=None)
@given(text=texts, where=st.floats(0, 1))
def test_encode_as_of_is_the_partial_tokenizer(trained: dict[str, Tokenizer], text: str, where: float) -> None:
    for tok in trained.values():
        k = int(where * len(tok.merges))
        part = _first(tok, k)
        expected = _same_ids(tok, part, part.encode(text, allowed_special="all"))
        assert tok.encode_as_of(text, k, allowed_special="all") == expected


@pytest.mark.slow
def test_token_curve_at_every_sampled_k(trained: dict[str, Tokenizer]) -> None:
    text = (
        (DATA / "multiscript.txt").read_text(encoding="utf-8")
        + EOT
        + (DATA / "python_code.txt").read_text(encoding="utf-8")[:20_000]
    )
    for tok in trained.values():
        curve = tok.token_curve(text)
        assert len(curve) == len(tok.merges) + 1
        assert all(curve[i] >= curve[i + 1] for i in range(len(curve) - 1))
        for k in (0, 1, 2, 50, 333, len(tok.merges)):
            assert curve[k] == len(_first(tok, k).encode(text, allowed_special="all")), k


@pytest.mark.slow
def test_openai_encodings_at_the_end_of_their_curve(openai: dict) -> None:
    text = (DATA / "english.txt").read_text(encoding="utf-8")[:30_000]
    for name in ("gpt2", "cl100k_base"):
        tok = openai[name]
        assert tok.token_curve(text)[-1] == len(tok.encode(text, allowed_special="all"))
        assert tok.encode_as_of(text, len(tok.merges), allowed_special="all") == tok.encode(text, allowed_special="all")
        assert tok.encode_as_of("hello", 0) == [tok.byte_ids()[b] for b in b"hello"]  # bytes only


def test_bad_merge_counts_and_specials(trained: dict[str, Tokenizer]) -> None:
    tok = trained["gpt2"]
    with pytest.raises(errors.ConfigError, match="merges must be a whole number from 0"):
        tok.encode_as_of("x", len(tok.merges) + 1)
    with pytest.raises(errors.SpecialTokenError):
        tok.encode_as_of(f"x{EOT}", 3)


def _reference_as_of(tok: Tokenizer, text: str, k: int) -> list[int]:
    """Brute force: every one of the first ``k`` merges applied in order to every piece."""
    vocab = {i: tok.vocab[i] for i in range(256 + k)}
    vocab[tok.special_tokens[EOT]] = EOT.encode("utf-8")
    return reference_encode(text, tok.merges[:k], vocab, [EOT], tok.pretokenizer)


# Long runs of one piece: the per-piece loop was quadratic there, the fast path must agree.
LONG_TEXTS = [
    "a" * 3000,
    "ab" * 900 + " the" * 50,
    "x" + "aa" * 700 + f"{EOT}" + "e" * 513,
    "的" * 700 + "了是" * 200,
    " " * 1500 + "tt" * 300,
    "hello world, " * 40 + "z" * 2049,
]


@pytest.mark.parametrize("index", range(len(LONG_TEXTS)))
def test_encode_as_of_equals_the_brute_force_reference_on_long_runs(trained: dict[str, Tokenizer], index: int) -> None:
    text = LONG_TEXTS[index]
    for tok in trained.values():
        n = len(tok.merges)
        for k in (0, 7, n // 3, n):
            assert tok.encode_as_of(text, k, allowed_special="all") == _reference_as_of(tok, text, k), (tok, k)


@settings(max_examples=40, deadline=None)
@given(text=texts, where=st.floats(0, 1))
def test_encode_as_of_equals_the_brute_force_reference(trained: dict[str, Tokenizer], text: str, where: float) -> None:
    for tok in trained.values():
        k = int(where * len(tok.merges))
        assert tok.encode_as_of(text, k, allowed_special="all") == _reference_as_of(tok, text, k)
