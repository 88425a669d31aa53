"""The Stream-decode log's columns fit what the rows say: a SentencePiece text's first token,
"(20 dropped) 68 6f 74", was cut to "(20 ..." at the header's width (the columns sized
themselves to the header only). The ids are ``sentencepiece``'s."""

from __future__ import annotations

from PySide6.QtCore import Qt

from app.features.stream.view import StreamView

from ..sentencepiece_support import spm_model, spm_reference, spm_tokenizer  # noqa: F401


def test_the_bytes_column_fits_a_dropped_first_space(qtbot, registry, settings, spm_tokenizer, spm_reference) -> None:
    key = registry.add(spm_tokenizer, "small spm", kind="file")
    view = StreamView(registry, settings)
    qtbot.addWidget(view)
    view.resize(1200, 900)
    view.show()
    qtbot.waitExposed(view)
    view.picker.set_current_key(key)
    text = "hot tea"
    view.text_edit.setText(text)
    qtbot.waitUntil(lambda: view.is_prepared() and view.position == 0 and view.ids == spm_reference.encode(text))
    qtbot.mouseClick(view.step_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(view.step_button, Qt.MouseButton.LeftButton)
    cell = view.log.index(0, 2).data()  # "Token bytes"
    assert cell.startswith("(20 dropped) ")
    table = view.log_view
    needed = table.fontMetrics().horizontalAdvance(cell)
    assert table.columnWidth(2) >= needed
