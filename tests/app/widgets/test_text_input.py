"""A long text goes into a text box over several event-loop turns (issue 20, F): Qt's
``setPlainText`` of a megabyte held the interpreter lock for ~45 ms in one turn, most of the
longest stall of pasting a megabyte. The text that ends up in the box, its undo history, the
cursor and ``textChanged`` must be what Qt's own call gives (the reference here: a plain
``QPlainTextEdit`` given the same text in one call)."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QMimeData, Qt
from PySide6.QtGui import QInputMethodEvent, QTextCursor
from PySide6.QtWidgets import QPlainTextEdit

from app.widgets import text_input
from app.widgets.text_input import TextInput

SLICE = text_input._SLICE


def _awkward_text() -> str:
    """Lines of every kind of break, then lines longer than a slice with a ``\\r\\n`` and an
    astral character right where a slice would end, U+00A0, U+2028 and U+2029."""
    lines = "The quick brown fox 国语 🔭\u00a0jumps\r\nover\rthe lazy\u2028dog.\u2029\n" * 6_000
    straddle = "a" * (SLICE - 1) + "\r\n" + "b" * (SLICE - 1) + "🔭" + "c" * (2 * SLICE) + "\n"
    return lines + straddle + lines[: SLICE + 17]


def _reference(text: str, before: str = "", select: tuple[int, int] | None = None) -> QPlainTextEdit:
    """Qt's own: ``setPlainText``, or a paste over the selection of ``before``."""
    box = QPlainTextEdit()
    if select is None:
        box.setPlainText(text)
        return box
    box.setPlainText(before)
    _select(box, *select)
    mime = QMimeData()
    mime.setText(text)
    box.insertFromMimeData(mime)
    return box


def _select(box: QPlainTextEdit, start: int, end: int) -> None:
    cursor = box.textCursor()
    cursor.setPosition(start)
    cursor.setPosition(end, QTextCursor.MoveMode.KeepAnchor)
    box.setTextCursor(cursor)


def _raw(box: QPlainTextEdit) -> str:
    return box.document().toRawText().replace("\u2029", "\n")


def _watch(box: TextInput) -> tuple[list[int], list[int]]:
    """The characters each change of the document added, and the ``textChanged`` signals."""
    added: list[int] = []
    changed: list[int] = []
    box.document().contentsChange.connect(lambda _pos, _removed, n: added.append(n))
    box.textChanged.connect(lambda: changed.append(1))
    return added, changed


def test_a_long_text_goes_in_one_slice_per_turn_and_ends_as_qts(qtbot) -> None:
    box = TextInput()
    qtbot.addWidget(box)
    box.setPlainText("what was there")
    text = _awkward_text()
    added, changed = _watch(box)
    box.set_text(text)
    assert box.is_filling()
    assert len(_raw(box)) <= SLICE  # only the first slice in the turn of the call
    qtbot.waitUntil(lambda: not box.is_filling(), timeout=10_000)
    reference = _reference(text)
    assert _raw(box) == _raw(reference)
    assert box.toPlainText() == reference.toPlainText()
    assert box.blockCount() == reference.blockCount()
    assert len(added) > len(text) // SLICE and max(added) <= SLICE + 1  # (+1: setPlainText's first block)
    assert changed == [1]  # once, for the whole text
    assert box.textCursor().position() == reference.textCursor().position() == 0
    assert not box.document().isUndoAvailable() and box.isUndoRedoEnabled()
    assert not box.document().isModified() and not reference.document().isModified()


def test_a_long_paste_is_one_undo_step_and_leaves_the_cursor_as_qts(qtbot) -> None:
    box = TextInput()
    qtbot.addWidget(box)
    before = "first line\nabcXYZdef\nlast line"
    box.setPlainText(before)
    box.document().clearUndoRedoStacks()
    _select(box, 13, 16)  # "XYZ"
    text = _awkward_text()
    mime = QMimeData()
    mime.setText(text)
    added, changed = _watch(box)
    box.insertFromMimeData(mime)
    assert box.is_filling()
    qtbot.waitUntil(lambda: not box.is_filling(), timeout=10_000)
    reference = _reference(text, before, (13, 16))
    assert _raw(box) == _raw(reference)
    assert box.textCursor().position() == reference.textCursor().position()
    assert max(added) <= SLICE + 1 and changed == [1]  # (+1: Qt counts a block's end)
    box.undo()
    assert _raw(box) == before  # one step takes the whole paste back
    assert not box.document().isUndoAvailable()


def test_a_key_during_a_fill_is_typed_after_it_not_lost(qtbot) -> None:
    box = TextInput()
    qtbot.addWidget(box)
    text = "x" * (3 * SLICE)
    box.set_text(text)
    assert box.is_filling()
    qtbot.keyClick(box, Qt.Key.Key_End, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClick(box, "!")
    assert not box.is_filling()
    assert _raw(box) == text + "!"


def test_a_read_during_a_fill_sees_the_whole_text(qtbot) -> None:
    box = TextInput()
    qtbot.addWidget(box)
    text = "y" * (3 * SLICE) + "\r\nend"
    box.set_text(text)
    assert box.text() == _raw(_reference(text))
    assert not box.is_filling()


def test_a_new_text_during_a_fill_replaces_it(qtbot) -> None:
    box = TextInput()
    qtbot.addWidget(box)
    box.set_text("z" * (4 * SLICE))
    qtbot.wait(1)  # (a slice or two in)
    box.set_text("short")
    assert not box.is_filling()
    qtbot.wait(20)
    assert box.text() == "short"


def test_a_read_only_box_stays_read_only_after_a_fill(qtbot) -> None:
    box = TextInput()
    qtbot.addWidget(box)
    box.setReadOnly(True)
    box.set_text("w" * (2 * SLICE))
    qtbot.waitUntil(lambda: not box.is_filling(), timeout=10_000)
    assert box.isReadOnly() and box.text() == "w" * (2 * SLICE)


def test_the_box_stays_editable_during_a_fill_and_an_input_method_types_after_it(qtbot) -> None:
    """Made read-only during a fill, the box refused drops and lost its input method (Chinese
    typed right after a long paste came as raw keys) and its context menu's Undo and Paste."""
    box = TextInput()
    qtbot.addWidget(box)
    text = "x" * (3 * SLICE)
    box.set_text(text)
    assert box.is_filling() and not box.isReadOnly()
    assert box.testAttribute(Qt.WidgetAttribute.WA_InputMethodEnabled)
    event = QInputMethodEvent()
    event.setCommitString("中")
    QCoreApplication.sendEvent(box, event)
    assert not box.is_filling() and _raw(box) == "中" + text  # at the cursor (the start), after the fill


def test_a_long_paste_says_the_cursor_moved(qtbot) -> None:
    """The editor's signals are held during a fill: the cursor's move is said at the end (the
    piece at the cursor is explained from it)."""
    box = TextInput()
    qtbot.addWidget(box)
    moved: list[int] = []
    box.cursorPositionChanged.connect(lambda: moved.append(box.textCursor().position()))
    mime = QMimeData()
    mime.setText("v" * (2 * SLICE))
    box.insertFromMimeData(mime)
    qtbot.waitUntil(lambda: not box.is_filling(), timeout=10_000)
    assert moved and moved[-1] == 2 * SLICE


def test_a_chat_message_is_read_whole_during_a_fill(qtbot) -> None:
    from app.features.tokenize.chat_editor import ChatEditor

    editor = ChatEditor()
    qtbot.addWidget(editor)
    editor.add_message(text="hi")
    box = editor.rows[0].text_box
    box.selectAll()
    big = "word\u00a0" * SLICE
    mime = QMimeData()
    mime.setText(big)
    box.insertFromMimeData(mime)
    assert box.is_filling()
    assert editor.messages()[0].content == big  # whole, U+00A0 kept
