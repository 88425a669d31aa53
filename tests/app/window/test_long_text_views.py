"""A long text going into a text view over several turns (issue 20, F): the view counts as
unsettled until the whole text is in, never encodes a part of it, and then shows the ids of the
whole text (tiktoken's, for every view and column)."""

from __future__ import annotations

import pytest

from app.widgets import text_input

from ..text_views_support import load, openai_tokenizers, tiktoken_encodings, tiktoken_ids  # noqa: F401

LINE = "The quick brown fox 國語 🔭\u00a0jumps\r\nover the lazy dog.<|endoftext|>\n"


@pytest.fixture
def small_slices(monkeypatch) -> int:
    """Slices of 500 characters: a text of a few thousand fills over several turns (and the
    encodes stay quick)."""
    monkeypatch.setattr(text_input, "_SLICE", 500)
    return 500


def _record_texts(controller, monkeypatch) -> list[str]:
    """The texts the view hands its encode controller (first argument of ``request``)."""
    texts: list[str] = []
    original = controller.request

    def request(text: str, *args, **kwargs):
        texts.append(text)
        return original(text, *args, **kwargs)

    monkeypatch.setattr(controller, "request", request)
    return texts


def _set_long_text(qtbot, window, view, monkeypatch, text: str) -> None:
    """Show ``view``, let it settle, set ``text``; it is unsettled until the text is in and
    encoded, and what it encoded was only ever the whole text."""
    window.tabs.setCurrentWidget(view)
    qtbot.waitUntil(view.is_settled, timeout=60_000)
    asked = _record_texts(view.controller, monkeypatch)
    view.set_text(text)
    assert view.editor.is_filling() and not view.is_settled()
    qtbot.waitUntil(view.is_settled, timeout=60_000)
    assert asked and set(asked) == {text.replace("\r\n", "\n")}  # never a part of the text


def test_tokenize_and_compare_encode_the_whole_long_text_once_it_is_in(
    qtbot, window, small_slices, monkeypatch, tiktoken_encodings
) -> None:
    load(qtbot, window.registry, "cl100k_base", "r50k_base", "o200k_base")
    text = LINE * 80
    expected = text.replace("\r\n", "\n")  # (one line break in a text box, as Qt reads the pair)
    tokenize = window.tokenize_view
    _set_long_text(qtbot, window, tokenize, monkeypatch, text)
    key = tokenize.current_key()
    assert [int(t) for t in tokenize.id_chips.chip_texts()] == tiktoken_ids(tiktoken_encodings[key], expected)

    compare = window.compare_view
    _set_long_text(qtbot, window, compare, monkeypatch, text)
    for column in compare.columns():
        assert list(column.table.ids) == tiktoken_ids(tiktoken_encodings[column.key()], expected), column.key()


def test_families_and_timeline_wait_for_the_whole_long_text(qtbot, window, small_slices, monkeypatch) -> None:
    text = LINE * 40
    expected = text.replace("\r\n", "\n")
    families = window.families_view
    _set_long_text(qtbot, window, families, monkeypatch, text)
    assert families.text() == expected

    timeline = window.timeline_view
    window.tabs.setCurrentWidget(timeline)
    timeline.set_text(text)
    qtbot.waitUntil(lambda: not timeline.editor.is_filling(), timeout=30_000)
    assert timeline.text() == expected
