"""What Tokenize tokenizes: the text typed (mode Text) or a chat rendered with a chat
template (mode Chat, :mod:`.chat_editor`). A switch above a stack holding both; the view asks
:attr:`InputArea.mode` and hears :attr:`InputArea.mode_changed`."""

from __future__ import annotations

from enum import StrEnum

from PySide6.QtCore import Signal, Slot
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QButtonGroup, QHBoxLayout, QRadioButton, QStackedWidget, QVBoxLayout, QWidget

from app.core.i18n import bind
from app.features.tokenize.chat_editor import ChatEditor
from app.widgets.text_input import TextInput

__all__ = ["InputArea", "InputMode", "SWITCH_SHORTCUT"]

SWITCH_SHORTCUT = "Ctrl+Shift+T"


class InputMode(StrEnum):
    """What is tokenized."""

    TEXT = "text"  #: the editor's text
    CHAT = "chat"  #: the chat's messages rendered by a chat template


class InputArea(QWidget):
    """The Text/Chat switch over the editor and the chat editor.

    Signals:
        mode_changed(str): the :class:`InputMode` now shown.
    """

    mode_changed = Signal(str)

    def __init__(self, editor: TextInput, chat: ChatEditor, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.editor, self.chat = editor, chat
        self.text_button = QRadioButton(self)
        bind(self.text_button, "setText", "Text")
        bind(self.text_button, "setToolTip", "Tokenize the text typed (Ctrl+Shift+T switches)")
        self.chat_button = QRadioButton(self)
        bind(self.chat_button, "setText", "Chat")
        bind(
            self.chat_button,
            "setToolTip",
            "Tokenize a chat: messages rendered with the tokenizer's chat template, as the model gets them "
            "(Ctrl+Shift+T switches)",
        )
        self.text_button.setChecked(True)
        group = QButtonGroup(self)
        group.addButton(self.text_button)
        group.addButton(self.chat_button)
        self.stack = QStackedWidget(self)
        self.stack.addWidget(editor)
        self.stack.addWidget(chat)
        self._switch = switch = QHBoxLayout()
        switch.addWidget(self.text_button)
        switch.addWidget(self.chat_button)
        switch.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(switch)
        layout.addWidget(self.stack, 1)
        self.chat_button.toggled.connect(self._on_chat_button_toggled)
        shortcut = QShortcut(QKeySequence(SWITCH_SHORTCUT), self)
        shortcut.activated.connect(self.toggle)

    def add_to_switch_row(self, *widgets: QWidget) -> None:
        """Put ``widgets`` at the right end of the Text/Chat row (the top bar's check boxes)."""
        for widget in widgets:
            self._switch.addWidget(widget)

    @property
    def mode(self) -> InputMode:
        return InputMode.CHAT if self.chat_button.isChecked() else InputMode.TEXT

    def set_mode(self, mode: InputMode) -> None:
        (self.chat_button if mode is InputMode.CHAT else self.text_button).setChecked(True)

    @Slot()
    def toggle(self) -> None:
        self.set_mode(InputMode.TEXT if self.mode is InputMode.CHAT else InputMode.CHAT)

    @Slot(bool)
    def _on_chat_button_toggled(self, on: bool) -> None:
        self.stack.setCurrentWidget(self.chat if on else self.editor)
        self.mode_changed.emit(self.mode.value)
