"""Text boxes for text that is tokenized: a monospace font, tabs four spaces wide, and
Shift+Enter that types a newline.

Tokenization is about exact characters: indentation must be visible (a proportional font
hides it), a tab should look like one indentation step (Qt's default tab is 80 pixels), and
Shift+Enter must not slip in U+2028 (Qt's line separator, a character tokenizers see as
something else entirely).
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QFontDatabase, QKeyEvent
from PySide6.QtWidgets import QPlainTextEdit, QWidget

__all__ = ["TextInput", "use_monospace", "TAB_SPACES"]

TAB_SPACES = 4
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


class TextInput(QPlainTextEdit):
    """A plain-text box in a monospace font where Shift+Enter types ``\\n`` like Enter."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        use_monospace(self)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 (Qt naming)
        if (
            event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
            and event.modifiers() & Qt.KeyboardModifier.ShiftModifier
        ):
            self.insertPlainText("\n")  # subtle: Qt would insert U+2028 (LINE SEPARATOR)
            return
        super().keyPressEvent(event)
