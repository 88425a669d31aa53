"""decode(encode(s)) == s for any text, every pre-tokenizer, trained and OpenAI vocabularies."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

SNIPPETS = [
    "🤚🏾",
    "👩‍👩‍👧‍👦",
    "🇯🇵",
    "國語",
    "日本語",
    "Жизнь",
    "é",
    "e\u0301",
    "ñ\u0303\u0304",
    "\x00",
    "\x1b[0m",
    "\r\n",
    "\t\t",
    "   ",
    "\n\n\n",
    "\u2028",
    "\u00a0",
    "\u3000",
    "<|endoftext|>",
    "<|endoftext",
    "endoftext|>",
    "1234567890",
    "'s",
    "'LL",
    "  x",
    "▁",
    "def f(x):\n    return x\n",
]

texts = st.lists(st.one_of(st.text(max_size=30), st.sampled_from(SNIPPETS)), max_size=12).map("".join)

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(text=texts)
def test_trained_round_trip_every_pretokenizer(trained: dict, text: str) -> None:
    for pre, tok in trained.items():
        ids = tok.encode(text, allowed_special="all")
        assert tok.decode(ids) == text, pre
        assert tok.decode_bytes(ids) == text.encode("utf-8"), pre
        assert tok.decode(tok.encode_ordinary(text)) == text, pre


@pytest.mark.slow
@SETTINGS
@given(text=texts)
def test_openai_round_trip(openai: dict, text: str) -> None:
    for name, tok in openai.items():
        assert tok.decode(tok.encode(text, allowed_special="all")) == text, name
        assert tok.decode(tok.encode_ordinary(text)) == text, name


@pytest.mark.slow
@SETTINGS
@given(text=texts)
def test_openai_ids_equal_tiktoken_on_random_text(openai: dict, tiktoken_encodings: dict, text: str) -> None:
    for name, tok in openai.items():
        enc = tiktoken_encodings[name]
        assert tok.encode_ordinary(text) == enc.encode_ordinary(text), name
        assert tok.encode(text, allowed_special="all") == enc.encode(text, allowed_special="all"), name


@SETTINGS
@given(text=texts, pieces=st.lists(st.integers(min_value=1, max_value=40), max_size=30))
def test_encode_iterable_equals_encode(trained: dict, openai: dict, text: str, pieces: list[int]) -> None:
    chunks = []
    pos = 0
    for n in pieces:
        chunks.append(text[pos : pos + n])
        pos += n
    chunks.append(text[pos:])
    for tok in (*trained.values(), openai["cl100k_base"], openai["o200k_base"]):
        assert list(tok.encode_iterable(chunks, allowed_special="all")) == tok.encode(text, allowed_special="all")
