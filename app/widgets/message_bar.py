"""The message strip of every view: errors, warnings and notes shown in place, never in a modal box.

Bad input must leave the view usable, so a view shows what went wrong here (with the
engine's own wording), with buttons for the fixes when there are some ("Retry", "Open
.tiktoken file…"), and carries on. The bar hides itself when cleared or dismissed.

A message given as a function (``bar.error(lambda: tr("…").format(…))``), and buttons whose
text is one, are written again in the new language after a switch (:func:`app.core.i18n.connect`);
a plain string stays as it was written.

It leaves out deciding what to say (the views).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import Qt, Slot
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QToolButton, QWidget

from app.core import i18n
from app.core.i18n import bind

__all__ = ["MessageBar", "Action", "Text"]

#: A text to show: as it is, or a function giving it in the current language.
Text = str | Callable[[], str]
#: A button of a message: its text and what it does.
Action = tuple[Text, Callable[[], None]]


def _render(text: Text) -> str:
    return text() if callable(text) else text


_STYLES = {
    "error": ("#fdecea", "#b71c1c", "✖"),
    "warning": ("#fff8e1", "#8d6e00", "⚠"),
    "info": ("#e8f4fd", "#0d47a1", "ℹ"),
}


class MessageBar(QFrame):
    """Shows one message at a time with a severity (``error``, ``warning``, ``info``) and
    optional action buttons; ``kind`` is the severity shown ("" when hidden)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("messageBar")
        self._layout = QHBoxLayout(self)
        self._layout.setContentsMargins(8, 4, 4, 4)
        self.icon = QLabel()
        self.label = QLabel()
        self.label.setWordWrap(True)
        self.label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.close_button = QToolButton()
        self.close_button.setText("×")
        self.close_button.setAutoRaise(True)
        bind(self.close_button, "setToolTip", "Dismiss this message")
        self.close_button.clicked.connect(self.clear)
        self._layout.addWidget(self.icon)
        self._layout.addWidget(self.label, 1)
        self._layout.addWidget(self.close_button, 0, Qt.AlignmentFlag.AlignTop)
        self._buttons: list[QPushButton] = []
        self.kind = ""
        self._shown: tuple[Text, Sequence[Action]] = ("", ())
        self.hide()
        i18n.connect(self._on_language_changed)

    def show_message(self, text: Text, kind: str = "info", actions: Sequence[Action] = ()) -> None:
        """Show ``text`` (plain or rich text, or a function giving it) with a button per action,
        before the close button."""
        self._shown = (text, actions)
        background, color, icon = _STYLES.get(kind, _STYLES["info"])
        self.kind = kind
        self.setStyleSheet(
            f"#messageBar {{ background: {background}; border: 1px solid {color}; border-radius: 4px; }}"
            f"#messageBar QLabel {{ color: {color}; }}"
        )
        self.icon.setText(icon)
        self.label.setText(_render(text))
        self._set_actions(actions)
        self.show()

    @Slot(str)
    def error(self, text: Text, actions: Sequence[Action] = ()) -> None:
        self.show_message(text, "error", actions)

    @Slot(str)
    def warning(self, text: Text, actions: Sequence[Action] = ()) -> None:
        self.show_message(text, "warning", actions)

    @Slot(str)
    def info(self, text: Text, actions: Sequence[Action] = ()) -> None:
        self.show_message(text, "info", actions)

    @Slot(str)
    def _on_language_changed(self, _language: str) -> None:
        """Write a message given as a function (and such buttons) again in the new language."""
        text, actions = self._shown
        if self.isHidden() or not self.kind:
            return
        if callable(text):
            self.label.setText(text())
        for button, (label, _callback) in zip(self._buttons, actions, strict=False):
            if callable(label):
                button.setText(label())

    def text(self) -> str:
        return "" if self.isHidden() else self.label.text()

    def buttons(self) -> list[QPushButton]:
        """The action buttons of the message shown."""
        return list(self._buttons)

    @Slot()
    def clear(self) -> None:
        self.kind = ""
        self._shown = ("", ())
        self.label.setText("")
        self._set_actions(())
        self.hide()

    def _set_actions(self, actions: Sequence[Action]) -> None:
        for button in self._buttons:
            button.hide()
            button.deleteLater()  # the bar holds the only reference, dropped just below
        self._buttons = []
        for text, callback in actions:
            button = QPushButton(_render(text), self)
            button.clicked.connect(lambda _checked=False, callback=callback: callback())
            self._layout.insertWidget(self._layout.count() - 1, button)
            self._buttons.append(button)
