"""A message strip for a view: errors, warnings and notes shown in place, never in a modal box.

Bad input must leave the view usable, so a view shows what went wrong here (with the
engine's own wording) and carries on. The bar hides itself when cleared or closed.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QToolButton, QWidget

__all__ = ["MessageBar"]

_STYLES = {
    "error": ("#fdecea", "#b71c1c", "✖"),
    "warning": ("#fff8e1", "#8d6e00", "⚠"),
    "info": ("#e8f4fd", "#0d47a1", "ℹ"),
}


class MessageBar(QFrame):
    """Shows one message at a time with a severity (``error``, ``warning``, ``info``)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("messageBar")
        layout = QHBoxLayout(self)
        layout.setContentsMargins(8, 4, 4, 4)
        self.icon = QLabel()
        self.label = QLabel()
        self.label.setWordWrap(True)
        self.label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.close_button = QToolButton()
        self.close_button.setText("×")
        self.close_button.setAutoRaise(True)
        self.close_button.setToolTip("Dismiss this message")
        self.close_button.clicked.connect(self.clear)
        layout.addWidget(self.icon)
        layout.addWidget(self.label, 1)
        layout.addWidget(self.close_button, 0, Qt.AlignmentFlag.AlignTop)
        self.kind = ""
        self.hide()

    def show_message(self, text: str, kind: str = "info") -> None:
        background, color, icon = _STYLES.get(kind, _STYLES["info"])
        self.kind = kind
        self.setStyleSheet(
            f"#messageBar {{ background: {background}; border: 1px solid {color}; border-radius: 4px; }}"
            f"#messageBar QLabel {{ color: {color}; }}"
        )
        self.icon.setText(icon)
        self.label.setText(text)
        self.show()

    def error(self, text: str) -> None:
        self.show_message(text, "error")

    def warning(self, text: str) -> None:
        self.show_message(text, "warning")

    def info(self, text: str) -> None:
        self.show_message(text, "info")

    def text(self) -> str:
        return "" if self.isHidden() else self.label.text()

    def clear(self) -> None:
        self.kind = ""
        self.label.setText("")
        self.hide()
