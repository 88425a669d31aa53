"""Text boxes for text that is tokenized: a monospace font, tabs four spaces wide, and
Shift+Enter that types a newline.

Tokenization is about exact characters: indentation must be visible (a proportional font
hides it), a tab should look like one indentation step (Qt's default tab is 80 pixels), and
Shift+Enter must not slip in U+2028 (Qt's line separator, a character tokenizers see as
something else entirely).
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QMimeData, QSignalBlocker, Qt, QTimer, Slot
from PySide6.QtGui import QContextMenuEvent, QFont, QFontDatabase, QInputMethodEvent, QKeyEvent, QTextCursor
from PySide6.QtWidgets import QPlainTextEdit, QWidget

__all__ = ["TextInput", "use_monospace", "TAB_SPACES"]

TAB_SPACES = 4
# Characters put in per event-loop turn: Qt takes ~4 ms per 100 KB (holding the interpreter
# lock), so a turn stays short whatever the text's size.
_SLICE = 1 << 17
_MONOSPACE_FAMILIES = (
    "DejaVu Sans Mono",
    "Noto Sans Mono",
    "Liberation Mono",
    "Cascadia Mono",
    "Consolas",
    "Menlo",
    "Courier New",
)


def use_monospace(widget: QWidget) -> None:
    """Give ``widget`` the system's fixed-width font at its current size (tabs 4 spaces wide)."""
    font = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
    # subtle: where the platform's generic "monospace" resolves to no fixed-pitch font (Qt's
    # own font database, without fontconfig), name common monospace families explicitly
    font.setFamilies([font.family(), *_MONOSPACE_FAMILIES])
    font.setStyleHint(QFont.StyleHint.Monospace)
    font.setFixedPitch(True)
    size = widget.font().pointSizeF()
    if size > 0:
        font.setPointSizeF(size)
    widget.setFont(font)
    if isinstance(widget, QPlainTextEdit):
        widget.setTabStopDistance(TAB_SPACES * widget.fontMetrics().horizontalAdvance(" "))


def _slice_end(text: str, start: int) -> int:
    """Where the slice of ``text`` from ``start`` ends: after a line break where there is one
    (whole lines), never between ``\r`` and ``\n`` (Qt reads the pair as one break)."""
    end = start + _SLICE
    if end >= len(text):
        return len(text)
    cut = text.rfind("\n", start, end)
    if cut > start:
        return cut + 1
    return end - 1 if text[end - 1] == "\r" else end


@dataclass
class _Fill:
    """A long text going into the box: the cursor where it goes, how much is in."""

    cursor: QTextCursor
    text: str
    done: int
    replaces: bool  # set_text (the undo history cleared at the end) or a paste (one undo step)
    had_undo: bool


class TextInput(QPlainTextEdit):
    """A plain-text box in a monospace font where Shift+Enter types ``\\n`` like Enter, and a
    long text goes in over several event-loop turns (see :meth:`set_text`)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        use_monospace(self)
        self._fill: _Fill | None = None
        self._fill_timer = QTimer(self)
        self._fill_timer.setInterval(0)
        self._fill_timer.timeout.connect(self._fill_next)

    def text(self) -> str:
        """The text as typed (Qt's paragraph separators as ``\\n``); a fill under way is
        finished first, so the answer is always the whole text."""
        self.finish_filling()
        return self.document().toRawText().replace("\u2029", "\n")

    def set_text(self, text: str) -> None:
        """Replace the text, like ``setPlainText`` (the undo history cleared, the cursor at the
        start, ``textChanged`` once), but a text longer than a slice goes in one slice per
        event-loop turn: Qt's work for a megabyte (~45 ms holding the interpreter lock) would
        otherwise be one long stall of the window. Meanwhile :meth:`is_filling` is True and
        every edit (a key, an input method, a paste or drop, the context menu) finishes the
        fill first; ``textChanged`` comes when the whole text is in."""
        self._stop_filling()
        if len(text) <= _SLICE:
            self.setPlainText(text)
            return
        head = _slice_end(text, 0)
        had_undo = self.isUndoRedoEnabled()
        with QSignalBlocker(self):  # (one textChanged, for the whole text, when it is in)
            self.setPlainText(text[:head])
            self.setUndoRedoEnabled(False)  # (setPlainText's history is empty: the slices add none)
        cursor = QTextCursor(self.document())
        cursor.movePosition(QTextCursor.MoveOperation.End)
        self._begin(_Fill(cursor, text, head, True, had_undo))

    def is_filling(self) -> bool:
        """True while a long text is still going in (the views wait for it before encoding)."""
        return self._fill is not None

    def finish_filling(self) -> None:
        """Put the rest of a text under way in now (a read or an edit cannot wait)."""
        while self._fill is not None:
            self._fill_next()

    def insertFromMimeData(self, source: QMimeData) -> None:  # noqa: N802 (Qt naming)
        """A paste or a drop: a long text goes in slice by slice (one undo step, as Qt's)."""
        self.finish_filling()
        text = source.text() if source.hasText() else ""
        if len(text) <= _SLICE or self.isReadOnly():
            super().insertFromMimeData(source)
            return
        cursor = self.textCursor()
        head = _slice_end(text, 0)
        with QSignalBlocker(self):
            cursor.beginEditBlock()
            cursor.removeSelectedText()
            cursor.insertText(text[:head])
            cursor.endEditBlock()
        self._begin(_Fill(cursor, text, head, False, self.isUndoRedoEnabled()))

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 (Qt naming)
        self.finish_filling()  # (an edit, or Ctrl+Z, acts on the whole text)
        if (
            event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
            and event.modifiers() & Qt.KeyboardModifier.ShiftModifier
        ):
            self.insertPlainText("\n")  # subtle: Qt would insert U+2028 (LINE SEPARATOR)
            return
        super().keyPressEvent(event)

    def inputMethodEvent(self, event: QInputMethodEvent) -> None:  # noqa: N802 (Qt naming)
        self.finish_filling()
        super().inputMethodEvent(event)

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:  # noqa: N802 (Qt naming)
        self.finish_filling()  # (its Undo, Cut, Delete act on the whole text)
        super().contextMenuEvent(event)

    def _begin(self, fill: _Fill) -> None:
        self._fill = fill
        self.viewport().setUpdatesEnabled(False)  # (a long line would be laid out at each slice)
        self._fill_timer.start()

    @Slot()
    def _fill_next(self) -> None:
        fill = self._fill
        if fill is None:
            self._fill_timer.stop()
            return
        end = _slice_end(fill.text, fill.done)
        with QSignalBlocker(self):
            fill.cursor.joinPreviousEditBlock()  # (the paste stays one undo step)
            fill.cursor.insertText(fill.text[fill.done : end])
            fill.cursor.endEditBlock()
        fill.done = end
        if end >= len(fill.text):
            self._stop_filling()
            self._end(fill)

    def _stop_filling(self) -> None:
        fill, self._fill = self._fill, None
        self._fill_timer.stop()
        if fill is not None:
            self.setUndoRedoEnabled(fill.had_undo)
            self.viewport().setUpdatesEnabled(True)

    def _end(self, fill: _Fill) -> None:
        if fill.replaces:
            self.document().setModified(False)  # (as setPlainText leaves it)
        else:
            self.setTextCursor(fill.cursor)  # after the pasted text, as Qt leaves it
            self.ensureCursorVisible()
        self.textChanged.emit()
        self.cursorPositionChanged.emit()  # (held with the rest: the piece at the cursor is explained)
