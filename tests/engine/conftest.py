"""Shared tokenizers for the engine tests (built once per session)."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest

from bpe_engine import PRETOKENIZER_NAMES, BpeTrainer, MergeEvent, Tokenizer, tokenizer_core, train_bpe

from ..conftest import data_text, shared_corpus, tiktoken_encoding

OPENAI = ("gpt2", "r50k_base", "p50k_base", "cl100k_base", "o200k_base")
EOT = "<|endoftext|>"

# The texts of tests/data (written by the project, always present). Tests that check
# something on real text run on each of them; many also take BIG_CORPORA as one more
# parameter value: the same check on every big corpus of ../shared/corpora it names, as one
# test that is skipped (with the reason) where ../shared is absent.
DATA_FILES = ("english.txt", "chinese.txt", "russian.txt", "multiscript.txt", "python_code.txt")
MULTIBYTE_DATA = ("chinese.txt", "russian.txt", "multiscript.txt")
BIG_CORPORA = "big-corpora"


def texts_of(source: str, shared_names: Sequence[str], read: Callable[[Path], str]) -> list[tuple[str, str]]:
    """``[(label, text)]``: a tests/data file whole, or for BIG_CORPORA, ``read(path)`` of
    each named corpus of ../shared/corpora (skips, or fails under CI, when absent)."""
    if source == BIG_CORPORA:
        return [(name, read(shared_corpus(name))) for name in shared_names]
    return [(source, data_text(source))]


def paused_trainer(text: str, vocab_size: int, at: int) -> tuple[BpeTrainer, Iterator[object]]:
    """A training on ``text`` (special token ``<|endoftext|>``) stopped after ``at`` merges,
    and its event stream, to go on with."""
    trainer = BpeTrainer(None, vocab_size, ["<|endoftext|>"], text=text)
    events = trainer.events()
    made = 0
    while made < at:
        made += isinstance(next(events), MergeEvent)
    return trainer, events


def head(text: str, n_chars: int) -> str:
    """The first ``n_chars`` characters of ``text``, cut back to the end of a line."""
    part = text[:n_chars]
    return part[: part.rfind("\n") + 1] or part


def training_text() -> str:
    """About 5 KB of English, other scripts and code: what ``trained`` learns from."""
    text = head(data_text("english.txt"), 4000)
    text += EOT + head(data_text("multiscript.txt"), 1200)
    text += EOT + "國語 日本語 Жизнь 🤚🏾 👍 def f(x):\n    return x  # ok\n"
    return text


@pytest.fixture(scope="session")
def trained() -> dict[str, Tokenizer]:
    """A tokenizer per pre-tokenizer, trained on a few KB of tests/data (English, many scripts, code)."""
    text = training_text()
    return {pre: train_bpe(None, 256 + 1 + 300, [EOT], text=text, pretokenizer=pre) for pre in PRETOKENIZER_NAMES}


class _OpenAI(Mapping[str, Any]):
    """The OpenAI encodings by name, each loaded on first use; a test that uses one that cannot
    be loaded (no tiktoken cache, no network) is skipped with a reason saying how to get it."""

    def __init__(self, load: Callable[[str], Any]) -> None:
        self._load = load
        self._loaded: dict[str, Any] = {}

    def __getitem__(self, name: str) -> Any:
        if name not in OPENAI:
            raise KeyError(name)
        if name not in self._loaded:
            self._loaded[name] = self._load(name)
        return self._loaded[name]

    def __iter__(self) -> Iterator[str]:
        return iter(OPENAI)

    def __len__(self) -> int:
        return len(OPENAI)


def _our_tokenizer(name: str) -> Tokenizer:
    tiktoken_encoding(name)  # skips, with a reason, when the encoding's data cannot be had
    return Tokenizer.from_tiktoken(name)


@pytest.fixture(scope="session")
def openai() -> Mapping[str, Tokenizer]:
    return _OpenAI(_our_tokenizer)


@pytest.fixture(scope="session")
def tiktoken_encodings() -> Mapping[str, Any]:
    return _OpenAI(tiktoken_encoding)


@pytest.fixture
def pure(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """``Tokenizer.encode`` never hands a text to tiktoken's core."""
    monkeypatch.setattr(tokenizer_core, "_CORE_MIN", 1 << 62)
    monkeypatch.setattr(tokenizer_core, "_CORE_BUILT_MIN", 1 << 62)
    yield
