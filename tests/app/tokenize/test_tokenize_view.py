"""The Tokenize view driven by typing and clicking: chips, ids, counts, pieces, Explain, specials."""

from __future__ import annotations

import html
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QTextDocument

from app.content.presets import PRESETS
from app.display.chips import PARTIAL, SPECIAL
from app.display.format import format_count
from app.features.tokenize.view import TokenizeView
from bpe_engine import SpecialMode, errors, train_bpe

from ..text_views_support import (  # noqa: F401
    load,
    openai_tokenizers,
    tiktoken_encodings,
    tiktoken_ids,
    trained,
    type_text,
)

ALL_OPENAI = ["r50k_base", "p50k_base", "cl100k_base", "o200k_base"]


@pytest.fixture
def view(qtbot, registry, settings, openai_tokenizers):
    load(qtbot, registry, "cl100k_base")
    v = TokenizeView(registry, settings)
    qtbot.addWidget(v)
    v.resize(1200, 900)
    v.show()
    qtbot.waitExposed(v)
    qtbot.waitUntil(v.is_settled)
    return v


def settle(qtbot, v: TokenizeView) -> None:
    qtbot.waitUntil(v.is_settled, timeout=20_000)


def shown_ids(v: TokenizeView) -> list[int]:
    return [int(t) for t in v.id_chips.chip_texts()]


def test_typing_shows_chips_ids_and_counts_like_tiktoken(qtbot, view, tiktoken_encodings):
    # A new user finds an example already tokenized.
    assert view.text().startswith("Type here") and view.token_chips.count() > 0
    view.editor.selectAll()
    qtbot.keyClick(view.editor, Qt.Key.Key_Delete)
    settle(qtbot, view)
    assert view.token_chips.count() == 0 and view.count_labels["tokens"].text() == "Tokens: <b>0</b>"
    view.editor.setFocus()
    type_text(qtbot, view.editor, "Hello 國語, Жизнь 🤚🏾!")
    settle(qtbot, view)
    text = "Hello 國語, Жизнь 🤚🏾!"
    assert view.text() == text
    expected = tiktoken_ids(tiktoken_encodings["cl100k_base"], text)
    assert shown_ids(view) == expected
    assert view.token_chips.chip_texts()[:3] == ["Hello", "·e5 9c→國", "8b→國"]
    assert view.token_chips.chip_kind(1) == PARTIAL
    assert not any("\ufffd" in t for t in view.token_chips.chip_texts())
    n_bytes = len(text.encode("utf-8"))
    labels = {k: lab.text() for k, lab in view.count_labels.items()}
    assert labels["chars"] == f"Characters: <b>{len(text)}</b>"
    assert labels["bytes"] == f"UTF-8 bytes: <b>{n_bytes}</b>"
    assert labels["tokens"] == f"Tokens: <b>{len(expected)}</b>"
    assert labels["bytes_per_token"] == f"Bytes/token: <b>{n_bytes / len(expected):.2f}</b>"
    assert labels["chars_per_token"] == f"Chars/token: <b>{len(text) / len(expected):.2f}</b>"


@pytest.mark.parametrize("name", ALL_OPENAI)
def test_every_openai_encoding_shows_tiktokens_ids_for_every_preset(
    qtbot, registry, settings, name, tiktoken_encodings, openai_tokenizers
):
    load(qtbot, registry, name)
    v = TokenizeView(registry, settings)
    qtbot.addWidget(v)
    v.show()
    v.picker.set_current_key(name)
    for index in range(1, v.preset_combo.count()):
        v.preset_combo.setCurrentIndex(index)
        v.preset_combo.activated.emit(index)
        settle(qtbot, v)
        text = PRESETS[index - 1][1]
        assert v.text() == text
        assert shown_ids(v) == tiktoken_ids(tiktoken_encodings[name], text), PRESETS[index - 1][0]
        chips = "".join(v.token_chips.chip_texts())
        assert "\ufffd" not in chips


def test_trained_tokenizer_becomes_the_default_and_is_used(qtbot, view, registry, trained):
    view.set_text("low lower 國 tech")
    key = registry.add(trained, "tiny (300)")
    assert view.current_key() == key
    settle(qtbot, view)
    assert shown_ids(view) == trained.encode("low lower 國 tech")
    assert view.picker.currentText().startswith("tiny (300)")


def test_hover_and_selection_highlight_both_ways(qtbot, view):
    view.set_text("one two three four")
    settle(qtbot, view)
    qtbot.mouseMove(view.token_chips.viewport(), view.token_chips.chip_rect(2).toRect().center())
    qtbot.waitUntil(lambda: view.id_chips.highlighted_index() == 2)
    qtbot.mouseMove(view.id_chips.viewport(), view.id_chips.chip_rect(1).toRect().center())
    qtbot.waitUntil(lambda: view.token_chips.highlighted_index() == 1)
    qtbot.mouseClick(
        view.id_chips.viewport(), Qt.MouseButton.LeftButton, pos=view.id_chips.chip_rect(3).toRect().center()
    )
    assert view.token_chips.selected_index() == 3
    assert "id" in view.info_label.text() and view.id_chips.chip_texts()[3] in view.info_label.text()
    qtbot.mouseClick(
        view.token_chips.viewport(), Qt.MouseButton.LeftButton, pos=view.token_chips.chip_rect(0).toRect().center()
    )
    assert view.id_chips.selected_index() == 0
    # The editor shades the selected token's characters.
    sel = view.editor.extraSelections()
    assert len(sel) == 1 and sel[0].cursor.selectedText() == "one"


def test_special_token_switch(qtbot, view, tiktoken_encodings, openai_tokenizers):
    enc = tiktoken_encodings["cl100k_base"]
    text = "end<|endoftext|>start"
    view.set_text(text)
    view.set_mode(SpecialMode.ALLOW)
    settle(qtbot, view)
    assert 100257 in shown_ids(view)
    assert view.token_chips.chip_kind(shown_ids(view).index(100257)) == SPECIAL
    assert shown_ids(view) == enc.encode(text, allowed_special="all")

    view.mode_combo.setCurrentIndex(view.mode_combo.findData(SpecialMode.RAISE.value))
    settle(qtbot, view)
    with pytest.raises(ValueError):
        enc.encode(text)  # what tiktoken does by default
    with pytest.raises(errors.SpecialTokenError) as exc:
        openai_tokenizers["cl100k_base"].encode(text, allowed_special=set(), disallowed_special="all")
    assert view.messages.kind == "warning"
    # The user reads the engine's message exactly (quotes, <, > and & escaped for rich text).
    shown = QTextDocument()
    shown.setHtml(view.messages.text())
    assert str(exc.value) in shown.toPlainText()
    assert html.escape(str(exc.value)) in view.messages.text()
    assert view.token_chips.count() == 0 and view.id_chips.count() == 0
    assert view.count_labels["tokens"].text() == "Tokens: <b>—</b>"

    view.mode_combo.setCurrentIndex(view.mode_combo.findData(SpecialMode.ORDINARY.value))
    settle(qtbot, view)
    assert view.messages.isHidden()
    assert shown_ids(view) == enc.encode(text, disallowed_special=())
    assert 100257 not in shown_ids(view)


def test_refused_banner_shows_special_token_text_exactly(qtbot, view, registry):
    # A special token that looks like markup: the banner must show it as typed, not render it.
    special = "<b>&amp;</b>"
    tok = train_bpe(None, 270, [special], text="low lower lowest " * 20)
    registry.add(tok, "markup special")  # the newest trained tokenizer becomes the current one
    qtbot.waitUntil(lambda: view.tokenizer() is tok)
    view.set_mode(SpecialMode.RAISE)
    view.set_text(f"low{special}er")
    settle(qtbot, view)
    assert view.messages.kind == "warning"
    shown = QTextDocument()
    shown.setHtml(view.messages.text())
    with pytest.raises(errors.SpecialTokenError) as exc:
        tok.encode_with(f"low{special}er", "raise")
    assert special in str(exc.value) and str(exc.value) in shown.toPlainText()


def test_whitespace_toggle(qtbot, view):
    view.set_text("a b\tc\nd")
    settle(qtbot, view)
    assert "".join(view.token_chips.chip_texts()) == "a·b→c⏎d"
    view.whitespace_box.click()
    assert not view.whitespace_box.isChecked()
    assert "".join(view.token_chips.chip_texts()) == "a b    cd"
    assert view.settings.show_whitespace is False


def test_pretokenization_strip_and_explain_tech(qtbot, view, openai_tokenizers, tiktoken_encodings):
    tok = openai_tokenizers["cl100k_base"]
    view.set_text("intj intj tech tech")
    settle(qtbot, view)
    assert view.piece_chips.chip_texts() == ["intj", "·intj", "·tech", "·tech"]
    assert view.pieces() == [(p, s, e, sp) for p, s, e, sp in tok.pieces("intj intj tech tech")]
    qtbot.mouseClick(
        view.piece_chips.viewport(), Qt.MouseButton.LeftButton, pos=view.piece_chips.chip_rect(2).toRect().center()
    )
    ex = view.explain
    assert ex.piece == " tech"
    steps = tok.bpe_steps(" tech")
    assert ex.page == 0 and ex.current_parts() == steps[0].parts
    ranks = []
    for k, step in enumerate(steps):
        rows = ex.candidate_rows()
        chosen = [r for r in rows if r[2].startswith("★")]
        assert len(chosen) == 1 and chosen[0][1] == format_count(step.rank)
        listed = [int(r[1].replace(",", "")) for r in rows if r[1] != "—"]
        assert step.rank == min(listed)  # the lowest rank is merged first
        ranks.append(step.rank)
        qtbot.mouseClick(ex.next_button, Qt.MouseButton.LeftButton)
        assert ex.page == k + 1
    assert ranks == sorted(ranks)  # in a piece like ' tech', merges come in rank order
    assert list(ex.current_parts()) == tiktoken_encodings["cl100k_base"].encode(" tech")
    assert not ex.next_button.isEnabled()
    qtbot.mouseClick(ex.first_button, Qt.MouseButton.LeftButton)
    assert ex.page == 0 and b"".join(tok.id_to_bytes(i) for i in ex.current_parts()) == b" tech"
    assert len(ex.current_parts()) == 5  # single bytes


def test_explain_with_trained_tokenizer_and_special_piece(qtbot, view, registry, trained):
    registry.add(trained, "tiny")
    view.set_text("lowest<|endoftext|>")
    settle(qtbot, view)
    # The piece at the cursor is explained 60 ms after the chips: let that happen first, or
    # it may select and explain a piece between the clicks below (a race on a loaded machine).
    qtbot.waitUntil(lambda: not view.links.timer.isActive())
    qtbot.mouseClick(
        view.piece_chips.viewport(), Qt.MouseButton.LeftButton, pos=view.piece_chips.chip_rect(0).toRect().center()
    )
    assert view.explain.piece == "lowest"
    assert view.explain.steps == trained.bpe_steps("lowest")
    view.explain.set_page(len(view.explain.steps))
    assert list(view.explain.current_parts()) == trained.encode("lowest")
    qtbot.mouseClick(
        view.piece_chips.viewport(), Qt.MouseButton.LeftButton, pos=view.piece_chips.chip_rect(1).toRect().center()
    )
    assert "special token" in view.explain.title.text()
    assert view.explain.current_parts() == (trained.special_tokens["<|endoftext|>"],)


def test_stale_results_are_dropped(qtbot, view, tiktoken_encodings):
    shown = []
    view.displayed.connect(shown.append)
    for k in range(20):
        view.set_text("word " * (k + 1))  # no event processing in between: all but the last are stale
    settle(qtbot, view)
    assert shown == [view.controller.generation]
    assert view.table().text == "word " * 20
    assert shown_ids(view) == tiktoken_ids(tiktoken_encodings["cl100k_base"], "word " * 20)


def test_loading_and_failure_are_shown(qtbot, view, registry, tmp_path: Path):
    # Loading: the o200k entry has not been requested in this registry yet.
    view.picker.set_current_key("o200k_base")
    assert view.messages.kind == "info" and "Loading o200k_base" in view.messages.text()
    qtbot.waitUntil(lambda: registry.get("o200k_base") is not None, timeout=60_000)
    settle(qtbot, view)
    assert view.messages.isHidden()
    # Failure: a local .tiktoken file that is not there.
    missing = tmp_path / "cl100k_base.tiktoken"
    with qtbot.waitSignal(view.opener.failed) as failed:
        view.opener.open(str(missing))
    assert "no such file" in failed.args[0]
    assert view.messages.kind == "error" and str(missing) in view.messages.text()


def test_a_split_character_is_shaded_whole_in_the_editor_after_an_emoji(qtbot, view):
    # Qt counts an emoji as two UTF-16 units; the shading must still land on 國.
    view.set_text("🤚🏾 國 x")
    settle(qtbot, view)
    texts = view.token_chips.chip_texts()
    k = max(i for i, t in enumerate(texts) if t.endswith("→國"))  # '8b→國': only a byte of 國
    qtbot.mouseClick(
        view.token_chips.viewport(), Qt.MouseButton.LeftButton, pos=view.token_chips.chip_rect(k).toRect().center()
    )
    sel = view.editor.extraSelections()
    assert sel[0].cursor.selectedText() == "國"
    k0 = min(i for i, t in enumerate(texts) if t.endswith("→國"))  # '·e5 9c→國': the space and 2 bytes
    qtbot.mouseClick(
        view.token_chips.viewport(), Qt.MouseButton.LeftButton, pos=view.token_chips.chip_rect(k0).toRect().center()
    )
    assert view.editor.extraSelections()[0].cursor.selectedText() == " 國"
    assert view.token_chips.related(k) == [i for i, t in enumerate(texts) if t.endswith("→國")]
    assert "of '國' (U+570B" in view.info_label.text()
