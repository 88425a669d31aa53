"""Text views as a user meets them: monospace input with 4-space tabs, Shift+Enter that types a
newline, a preset name that goes when its text does, the Error mode that shows no special
token, and a vocabulary search that ignores case unless asked and starts afresh for another
tokenizer."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QFontInfo

from app.features.tokenize.view import TokenizeView
from app.features.vocabulary.view import VocabView
from app.widgets.text_input import TAB_SPACES
from bpe_engine import SpecialMode, train_bpe

from ..text_views_support import load, openai_tokenizers, tiktoken_encodings  # noqa: F401
from .test_tokenize_view import settle, view  # noqa: F401


def test_input_boxes_are_monospace_with_4_space_tabs_and_shift_enter_is_a_newline(qtbot, view) -> None:
    editor = view.editor
    assert QFontInfo(editor.font()).fixedPitch()
    space = editor.fontMetrics().horizontalAdvance(" ")
    assert editor.tabStopDistance() == pytest.approx(TAB_SPACES * space)
    editor.setFocus()
    editor.clear()
    qtbot.keyClicks(editor, "def f():")
    qtbot.keyClick(editor, Qt.Key.Key_Return, Qt.KeyboardModifier.ShiftModifier)
    qtbot.keyClicks(editor, "    return 1")
    assert view.text() == "def f():\n    return 1"
    assert "\u2028" not in view.text()
    settle(qtbot, view)


def test_the_preset_name_goes_when_the_text_is_replaced(qtbot, view) -> None:
    combo = view.preset_combo
    combo.setCurrentIndex(2)
    combo.activated.emit(2)
    settle(qtbot, view)
    assert combo.currentIndex() == 2 and view.text() == combo.itemData(2)
    view.editor.selectAll()
    qtbot.keyClicks(view.editor, "my own words")
    assert combo.currentIndex() == 0 and combo.currentText() == "Choose a preset…"


def test_error_mode_draws_no_special_token_in_the_pieces_or_explain(qtbot, view, registry) -> None:
    tok = train_bpe(None, 270, ["<|endoftext|>"], text="low lower lowest " * 20)
    registry.add(tok, "small")
    qtbot.waitUntil(lambda: view.tokenizer() is tok)
    view.set_mode(SpecialMode.ALLOW)
    view.set_text("low<|endoftext|>er")
    settle(qtbot, view)
    assert "<|endoftext|>" in "".join(view.piece_chips.chip_texts())
    view.set_mode(SpecialMode.RAISE)
    settle(qtbot, view)
    assert view.messages.kind == "warning"
    assert view.piece_chips.chip_texts() == [] and view.token_chips.chip_texts() == []
    assert "special token" not in view.explain.title.text() and view.explain.piece == ""


@pytest.fixture
def vocab(qtbot, registry, settings):
    v = VocabView(registry, settings)
    qtbot.addWidget(v)
    v.resize(1200, 800)
    v.show()
    qtbot.waitExposed(v)
    return v


def test_vocabulary_search_ignores_case_unless_asked_and_resets_for_another_tokenizer(qtbot, vocab, registry) -> None:
    tok = train_bpe(None, 400, ["<|endoftext|>"], text="The the THE theory There " * 40)
    registry.add(tok, "cases")
    qtbot.waitUntil(lambda: vocab.model.total() == len(tok))
    qtbot.keyClicks(vocab.search, "the")
    vocab.apply_search()
    texts = [vocab.model.index(r, 1).data() for r in range(vocab.model.rowCount())]
    folded = [t for i, t in tok.vocab.items() if b"the" in t.lower()]
    assert vocab.model.rowCount() == len(folded) and any("T" in t for t in texts)
    vocab.case_box.click()
    assert vocab.model.rowCount() == sum(1 for t in tok.vocab.values() if b"the" in t)
    vocab.special_filter.click()
    assert vocab.model.rowCount() == 0
    # Another tokenizer: a fresh start, not "0 of 262".
    other = train_bpe(None, 262, ["<|endoftext|>"], text="Hello helo, I'm")
    registry.add(other, "hello")
    qtbot.waitUntil(lambda: vocab.model.total() == len(other))
    assert vocab.search.text() == "" and not vocab.special_filter.isChecked()
    assert vocab.model.rowCount() == len(other)
    assert vocab.count_label.text() == f"{len(other)} of {len(other)}"
