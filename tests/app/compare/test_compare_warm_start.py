"""Compare after a warm start (issue 21): its three default columns load OpenAI's encodings
from our cache and show tiktoken's ids for the short default text before any tiktoken core
is built (by the ranks); the cores are then built in the background, and a long text pasted
afterwards is tiktoken's too."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.core.registry import TokenizerRegistry
from app.features.compare.column import ColumnState
from app.features.compare.view import CompareView
from bpe_engine import Tokenizer

from ..text_views_support import tiktoken_encodings, tiktoken_ids  # noqa: F401

KEYS = ["r50k_base", "cl100k_base", "o200k_base"]


@pytest.fixture
def warm(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Our cache filled by an earlier start; this process has opened no encoding yet."""
    from bpe_engine import tokenizer as tokenizer_module

    monkeypatch.setenv("BPE_EXPLORER_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(tokenizer_module, "_openai", {})
    for key in KEYS:
        Tokenizer.from_tiktoken(key)
    monkeypatch.setattr(tokenizer_module, "_openai", {})


def test_a_warm_start_shows_tiktokens_ids_then_builds_the_cores(qtbot, warm, settings, tiktoken_encodings):  # noqa: F811
    registry = TokenizerRegistry()
    view = CompareView(registry, settings)
    qtbot.addWidget(view)
    view.resize(1200, 800)
    view.show()
    qtbot.waitUntil(lambda: all(c.state == ColumnState.CHIPS for c in view.columns()), timeout=60_000)
    assert view.keys() == KEYS
    qtbot.waitUntil(view.is_settled, timeout=20_000)
    for i, key in enumerate(KEYS):
        assert list(view.columns()[i].table.ids) == tiktoken_ids(tiktoken_encodings[key], view.text())
    assert registry.wait(60_000)
    toks = [registry.get(key) for key in KEYS]
    assert all(isinstance(tok, Tokenizer) and tok._core is not None for tok in toks)  # built after the chips
    long_text = "Long text, pasted later: 國語 Жизнь 🤚🏾 <|endoftext|> it's 12345.\n" * 80  # > 4096 characters
    view.set_text(long_text)
    qtbot.waitUntil(view.is_settled, timeout=20_000)
    for i, key in enumerate(KEYS):
        assert list(view.columns()[i].table.ids) == tiktoken_ids(tiktoken_encodings[key], long_text)
    view.shutdown()
