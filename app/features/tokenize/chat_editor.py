"""Tokenize's Chat mode: a chat's messages (role and text), which template renders them, and
"Add generation prompt"; the line under them says which template was used and why (the
tokenizer's own file, or the built-in format guessed from its special tokens), how many of
the template's special tokens the rendered text holds, or why there is no template.

The editor only holds the messages and says what the encode job found
(:class:`~app.core.messages.ChatOutcome`); rendering and encoding happen in the job
(:mod:`app.core.chat_job`), never in the GUI thread.
"""

from __future__ import annotations

import html
import os

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtWidgets import (
    QComboBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QScrollArea,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from app.core.i18n import bind, noop, tr, tr_n
from app.core.messages import ChatOutcome, ChatRequest
from app.widgets import build
from app.widgets.text_input import TextInput
from bpe_engine import BuiltinFormat, ChatMessage, ChatRole, LookupBasis

__all__ = ["ChatEditor", "describe_outcome", "ROLE_LABELS", "ADD_MESSAGE_SHORTCUT"]

ADD_MESSAGE_SHORTCUT = "Ctrl+Shift+M"
ROLE_LABELS = (
    (ChatRole.SYSTEM, noop("System")),
    (ChatRole.USER, noop("User")),
    (ChatRole.ASSISTANT, noop("Assistant")),
)
_OWN = noop("The tokenizer's own")
_BUILTIN = noop("{name} format")  # a built-in format's name (a proper name) as a combo item
_FIRST_CHAT = (
    (ChatRole.SYSTEM, "You are a helpful assistant."),
    (ChatRole.USER, "How many tokens is 國語 🤚🏾?"),
)
_MESSAGE_LINES = 2  # a message box's height, in lines (it scrolls, and so does the list)


def _role_combo(parent: QWidget, role: ChatRole) -> QComboBox:
    combo = build.combo(parent, [(label, r.value) for r, label in ROLE_LABELS], tooltip="Who says this message")
    combo.setCurrentIndex(combo.findData(role.value))
    return combo


class _MessageRow(QFrame):
    """One message: its role, its text, and a button that removes it."""

    def __init__(self, role: ChatRole, text: str, parent: QWidget) -> None:
        super().__init__(parent)
        self.role_combo = _role_combo(self, role)
        self.text_box = TextInput(self)
        self.text_box.setPlainText(text)
        self.text_box.setTabChangesFocus(True)  # Tab moves to the next message, as in a form
        lines = self.text_box.fontMetrics().lineSpacing() * _MESSAGE_LINES
        self.text_box.setFixedHeight(lines + 2 * self.text_box.frameWidth() + 6)
        self.remove_button = QToolButton(self)
        self.remove_button.setText("✕")
        bind(self.remove_button, "setToolTip", "Remove this message")
        # one line of controls beside the text: a row is as tall as its text box (two lines)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.role_combo, 0, Qt.AlignmentFlag.AlignTop)
        layout.addWidget(self.text_box, 1)
        layout.addWidget(self.remove_button, 0, Qt.AlignmentFlag.AlignTop)

    def message(self) -> ChatMessage:
        return ChatMessage(ChatRole(self.role_combo.currentData()), self.text_box.text())

    def retranslate(self) -> None:
        for i, (_role, label) in enumerate(ROLE_LABELS):
            self.role_combo.setItemText(i, tr(label))


def describe_outcome(outcome: ChatOutcome | None) -> str:
    """The line under the messages: the template and why, its special tokens, or why none."""
    if outcome is None:
        return tr("The chat is rendered with the tokenizer's chat template, then tokenized.")
    if outcome.error and outcome.builtin is None and not outcome.path:
        if outcome.basis is LookupBasis.UNREADABLE:
            return tr("<b>No chat template:</b> {reason}").format(reason=html.escape(outcome.error))
        return tr(
            "<b>This tokenizer has no chat template</b> (no tokenizer_config.json or chat_template.jinja beside "
            "its file, and none of the special tokens of ChatML, Llama 3 or Mistral). Choose a built-in format "
            "under “Template” to see its text tokenized as plain text."
        )
    if outcome.builtin is not None:
        what = tr("built-in {name}").format(name=outcome.builtin.label)
    else:
        what = html.escape(os.path.basename(outcome.path))
    why = _why(outcome)
    line = tr("Template: <b>{what}</b> ({why})").format(what=what, why=why)
    if outcome.error:
        return line + "<br>" + tr("<b>It refused this chat:</b> {reason}").format(reason=html.escape(outcome.error))
    return line + " · " + tr_n("%n special token(s) in the rendered chat", outcome.special_tokens)


def _why(outcome: ChatOutcome) -> str:
    if outcome.basis is None:
        return tr("chosen by hand")
    if outcome.basis is LookupBasis.SPECIAL_TOKEN:
        return tr("guessed from its special token {token}").format(token=html.escape(outcome.marker))
    if outcome.basis is LookupBasis.FILE_NAME:
        return tr("guessed from the file's name: its [INST] is plain text")
    return tr("the file beside the tokenizer")


class ChatEditor(QWidget):
    """The messages of a chat and how it is rendered (see the module docstring).

    Signals:
        changed(): a message, a role, the template choice or the generation prompt changed.
    """

    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.rows: list[_MessageRow] = []
        self._outcome: ChatOutcome | None = None
        self.template_combo = build.combo(
            self,
            [(tr(_OWN), "")] + [(tr(_BUILTIN).format(name=fmt.label), fmt.value) for fmt in BuiltinFormat],
            translate=False,  # the items are translated here (and again in retranslate)
            tooltip="Which chat template renders the messages: the tokenizer's own (from the tokenizer_config.json "
            "or chat_template.jinja beside its file, else guessed from its special tokens), or a built-in format",
        )
        self.generation_box = build.check_box(
            self,
            "Add generation prompt",
            tooltip="End with the assistant's header, where the model starts its answer (add_generation_prompt=True)",
            checked=True,
        )
        self.add_button = build.button(
            self,
            "Add message",
            self.add_message,
            tooltip="Add a message after the last one (Ctrl+Shift+M)",
            shortcut=ADD_MESSAGE_SHORTCUT,
        )
        self.source_label = QLabel(self)
        self.source_label.setWordWrap(True)
        self.source_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self._list = QVBoxLayout()
        self._list.setContentsMargins(0, 0, 0, 0)
        self._build_layout()
        for role, text in _FIRST_CHAT:
            self.add_message(role=role, text=text)
        self.template_combo.currentIndexChanged.connect(self._on_changed)
        self.generation_box.toggled.connect(self._on_changed)
        self.show_outcome(None)

    def _build_layout(self) -> None:
        bar = QHBoxLayout()
        build.labelled(bar, self, "Template:", self.template_combo)
        bar.addWidget(self.generation_box)
        bar.addStretch(1)
        bar.addWidget(self.add_button)
        holder = QWidget(self)
        inner = QVBoxLayout(holder)
        inner.setContentsMargins(0, 0, 0, 0)
        inner.addLayout(self._list)
        inner.addStretch(1)
        self.list_area = QScrollArea(self)
        self.list_area.setWidget(holder)
        self.list_area.setWidgetResizable(True)
        self.list_area.setFrameShape(QFrame.Shape.NoFrame)
        self.list_area.setMinimumHeight(20)  # one message row; the splitter gives it more (1024x700)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(bar)
        layout.addWidget(self.list_area, 1)
        layout.addWidget(self.source_label)

    # -- messages -------------------------------------------------------------------------

    @Slot()
    def add_message(self, _checked: bool = False, *, role: ChatRole | None = None, text: str = "") -> None:
        """Add a message at the end (its role: the user's after anything but the user's)."""
        if role is None:
            last = self.rows[-1].message().role if self.rows else None
            role = ChatRole.ASSISTANT if last is ChatRole.USER else ChatRole.USER
        row = _MessageRow(role, text, self)
        row.role_combo.currentIndexChanged.connect(self._on_changed)
        row.text_box.textChanged.connect(self._on_changed)
        row.remove_button.clicked.connect(lambda _checked=False, r=row: self.remove_message(r))
        self.rows.append(row)
        self._list.addWidget(row)
        if text == "":
            row.text_box.setFocus()
            self.list_area.ensureWidgetVisible(row)
        self.changed.emit()

    def remove_message(self, row: _MessageRow) -> None:
        if row not in self.rows:
            return
        self.rows.remove(row)
        self._list.removeWidget(row)
        row.hide()
        row.deleteLater()
        self.changed.emit()

    def messages(self) -> tuple[ChatMessage, ...]:
        return tuple(row.message() for row in self.rows)

    def set_messages(self, messages: tuple[ChatMessage, ...] | list[ChatMessage]) -> None:
        """Replace the chat (tests, and a chat to start from)."""
        for row in list(self.rows):
            self.remove_message(row)
        for m in messages:
            self.add_message(role=m.role, text=m.content)

    def request(self, tokenizer_path: str) -> ChatRequest:
        """What the encode job renders: these messages, for the tokenizer read from ``tokenizer_path``."""
        value = self.template_combo.currentData()
        builtin = BuiltinFormat(value) if value else None
        return ChatRequest(self.messages(), self.generation_box.isChecked(), builtin, tokenizer_path)

    @Slot()
    def _on_changed(self, *_args: object) -> None:
        self.changed.emit()

    # -- what the job found ---------------------------------------------------------------

    def show_outcome(self, outcome: ChatOutcome | None) -> None:
        self._outcome = outcome
        self.source_label.setText(describe_outcome(outcome))

    @property
    def outcome(self) -> ChatOutcome | None:
        return self._outcome

    def retranslate(self) -> None:
        self.template_combo.setItemText(0, tr(_OWN))
        for i, fmt in enumerate(BuiltinFormat, start=1):
            self.template_combo.setItemText(i, tr(_BUILTIN).format(name=fmt.label))
        for row in self.rows:
            row.retranslate()
        self.show_outcome(self._outcome)
