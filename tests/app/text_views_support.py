"""Shared fixtures and helpers for the tests of the Tokenize, Compare and Stream-decode views.

OpenAI encodings take 1–6 s to build, so they are loaded once per session (the engine
caches them per process; the registry's background loader then returns at once). Test
modules import the fixtures they use from here.
"""

from __future__ import annotations

import pytest
import tiktoken

from app.core.registry import OPENAI_KEYS, TokenizerRegistry
from bpe_engine import SpecialMode, Tokenizer, train_bpe

from ..conftest import tiktoken_encoding

TRAIN_TEXT = (
    "low low low low low lower lower widest widest widest newest newest newest newest\n"
    "Hello helo, I'm here. The tech team tests the tech stack.\n"
    "國語 國語 Жизнь Жизнь 🤚🏾 🤚🏾\n"
    "    def f(x):\n        return x + 1\n"
) * 20


@pytest.fixture(scope="session")
def openai_tokenizers() -> dict[str, Tokenizer]:
    """All four OpenAI encodings as engine tokenizers (loaded once per session)."""
    return {name: Tokenizer.from_tiktoken(name) for name in OPENAI_KEYS}


@pytest.fixture(scope="session")
def tiktoken_encodings() -> dict[str, tiktoken.Encoding]:
    # (offline without ../shared's cache: a skip saying how to get them, not a network error)
    return {name: tiktoken_encoding(name) for name in OPENAI_KEYS}


@pytest.fixture(scope="session")
def trained() -> Tokenizer:
    """A tiny tokenizer trained on text with English, Chinese, Russian, emoji and code."""
    return train_bpe(None, 300, ["<|endoftext|>"], text=TRAIN_TEXT)


def load(qtbot, registry: TokenizerRegistry, *keys: str) -> None:
    """Make OpenAI encodings ready in ``registry`` (fast: the session fixture built them)."""
    for key in keys:
        registry.request(key)
    qtbot.waitUntil(lambda: all(registry.get(k) is not None for k in keys), timeout=60_000)


def tiktoken_ids(enc: tiktoken.Encoding, text: str, mode: SpecialMode = SpecialMode.ALLOW) -> list[int]:
    """tiktoken's own ids for ``text`` under a special-token mode (the reference)."""
    if mode is SpecialMode.ALLOW:
        return enc.encode(text, allowed_special="all")
    if mode is SpecialMode.ORDINARY:
        return enc.encode(text, disallowed_special=())
    return enc.encode(text)


def type_text(qtbot, widget, text: str) -> None:
    """Type ``text`` into ``widget`` key by key, like a user (and an input method for CJK/emoji).

    Subtle: QTest.keyClicks asserts on characters outside ASCII, so those are sent as key
    events that carry their text, as an input method delivers them.
    """
    from PySide6.QtCore import QEvent, Qt
    from PySide6.QtGui import QKeyEvent
    from PySide6.QtWidgets import QApplication

    for ch in text:
        if ch.isascii() and ch != "\n":
            qtbot.keyClicks(widget, ch)
        elif ch == "\n":
            qtbot.keyClick(widget, Qt.Key.Key_Return)
        else:
            for kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
                QApplication.sendEvent(widget, QKeyEvent(kind, 0, Qt.KeyboardModifier.NoModifier, ch))
