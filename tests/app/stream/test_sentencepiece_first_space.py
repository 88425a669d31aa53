"""Stream decode names the bytes of a SentencePiece text's first token and why its leading
``▁`` does not print (issue 20, point 10): it showed "brings bytes ." and a blank cell.
Checked against ``sentencepiece``'s own decoding of the ids."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from app.features.stream.view import StreamView

from ..sentencepiece_support import spm_model, spm_reference, spm_tokenizer  # noqa: F401


@pytest.fixture
def view(qtbot, registry, settings, spm_tokenizer):
    key = registry.add(spm_tokenizer, "small spm", kind="file")
    v = StreamView(registry, settings)
    qtbot.addWidget(v)
    v.resize(1200, 900)
    v.show()
    qtbot.waitExposed(v)
    v.picker.set_current_key(key)
    return v


def _first_step(qtbot, v: StreamView, text: str, sp) -> tuple[str, str]:
    v.text_edit.setText(text)
    qtbot.waitUntil(lambda: v.is_prepared() and v.position == 0 and v.ids == sp.encode(text))
    qtbot.mouseClick(v.step_button, Qt.MouseButton.LeftButton)
    cell = v.log.index(0, 2).data()  # the "Token bytes" column
    return v.step_label.text(), cell


@pytest.mark.parametrize("text", ["hot tea", "🤚 hot tea"])
def test_the_first_tokens_space_is_shown_and_explained(qtbot, view, spm_reference, text) -> None:
    sp = spm_reference
    first = sp.encode(text)[0]
    piece = sp.id_to_piece(first)
    assert piece.startswith("▁")  # the dummy prefix: the test's point
    own = piece.replace("▁", " ").encode("utf-8")
    printed = sp.decode([first]).encode("utf-8")  # the reference drops the leading space
    assert own == b" " + printed
    line, cell = _first_step(qtbot, view, text, sp)
    word = "byte" if len(own) == 1 else "bytes"
    assert f"brings {word} <b>{own.hex(' ')}</b>." in line
    assert "dummy prefix" in line and "(20)" in line
    if printed:
        assert f"so only <b>{printed.hex(' ')}</b> enter the queue" in line
        assert cell == f"(20 dropped) {printed.hex(' ')}"
    else:
        assert "no byte enters the queue" in line
        assert cell == "(20 dropped)"
        assert "No byte entered the queue" in view.queue_box.queue._message
    assert view.output_text == sp.decode(sp.encode(text)[:1])


def test_in_chinese_the_output_characters_are_listed_the_chinese_way(qtbot, view, spm_reference) -> None:
    """The Chinese step line listed the characters a token completes with an English ", "
    ("'h'（U+0068 …，1 字节 68）, 'o'…"): the list takes the catalog's separator (、)."""
    from app.core import i18n
    from app.core.i18n import catalog

    separator = catalog.read_ts(catalog.ts_path("zh_CN"))[", "]
    sp = spm_reference
    # a text whose first token completes several characters (a word the small model knows)
    text = next(t for t in ("the tea", "the", "and the", "tea") if len(sp.decode(sp.encode(t)[:1])) >= 2)
    printed = sp.decode(sp.encode(text)[:1])
    assert i18n.set_language("zh_CN")
    try:
        line, _ = _first_step(qtbot, view, text, sp)
    finally:
        i18n.set_language("en")
    assert separator == "、" and ", " not in line, line
    assert line.count(separator) == len(printed) - 1, line
