"""Shared tokenizers for the engine tests (built once per session)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bpe_engine import PRETOKENIZER_NAMES, Tokenizer, train_bpe

OPENAI = ("gpt2", "r50k_base", "p50k_base", "cl100k_base", "o200k_base")
EOT = "<|endoftext|>"


@pytest.fixture(scope="session")
def trained(fixtures: Path) -> dict[str, Tokenizer]:
    """A tokenizer per pre-tokenizer, trained on the TinyStories sample + German text."""
    text = (fixtures / "tinystories_sample.txt").read_text(encoding="utf-8")
    text += EOT + (fixtures / "german.txt").read_text(encoding="utf-8")
    text += EOT + "國語 日本語 Жизнь 🤚🏾 👍 def f(x):\n    return x  # ok\n"
    return {
        pre: train_bpe(None, 256 + 1 + 300, [EOT], text=text, pretokenizer=pre)
        for pre in PRETOKENIZER_NAMES
    }


@pytest.fixture(scope="session")
def openai() -> dict[str, Tokenizer]:
    return {name: Tokenizer.from_tiktoken(name) for name in OPENAI}


@pytest.fixture(scope="session")
def tiktoken_encodings() -> dict:
    import tiktoken

    return {name: tiktoken.get_encoding(name) for name in OPENAI}
