"""A view off screen is told of a tokenizer loaded for another view (Compare loads OpenAI's
encodings at start) only once it is shown: until then it encodes nothing, so Compare's own
encoding does not wait behind it; shown, it encodes as tiktoken does."""

from __future__ import annotations

import pytest
import tiktoken

from app.features.stream.view import StreamView
from app.features.tokenize.view import TokenizeView

NAME = "r50k_base"
# The views open OpenAI's encodings themselves.
pytestmark = pytest.mark.usefixtures("openai_encodings")

TEXT = "Hidden views wait: 國語 Жизнь 🤚🏾 <|endoftext|>"


def test_tokenize_off_screen_encodes_once_shown(qtbot, registry) -> None:
    view = TokenizeView(registry)
    qtbot.addWidget(view)
    view.picker.set_current_key(NAME)
    view.set_text(TEXT)
    registry.request(NAME)  # as Compare, on screen, asks
    qtbot.waitUntil(lambda: registry.get(NAME) is not None, timeout=60_000)
    qtbot.wait(200)
    assert view.table() is None and view.controller.generation == 0  # nothing encoded off screen
    view.show()
    qtbot.waitUntil(view.is_settled, timeout=30_000)
    table = view.table()
    assert table is not None
    assert list(table.ids) == tiktoken.get_encoding(NAME).encode(TEXT, allowed_special="all")
    view.explain.merges_maker.wait(60)  # (Explain, on screen, makes the merges: its job ends first)
    view.shutdown()


def test_stream_off_screen_prepares_once_shown(qtbot, registry) -> None:
    view = StreamView(registry)
    qtbot.addWidget(view)
    view.picker.set_current_key(NAME)
    view.set_text(TEXT)
    registry.request(NAME)
    qtbot.waitUntil(lambda: registry.get(NAME) is not None, timeout=60_000)
    qtbot.wait(200)
    assert view.controller.generation == 0  # nothing encoded off screen
    with qtbot.waitSignal(view.prepared, timeout=30_000):
        view.show()
    view.shutdown()
