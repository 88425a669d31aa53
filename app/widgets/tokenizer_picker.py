"""Choosing a tokenizer: a combo box over the registry, a message banner, a .tiktoken file.

- :class:`TokenizerPicker` lists the registry's tokenizers (trained ones first, then OpenAI's
  encodings) with their load state, and keeps the selection when the list changes.
- :class:`MessageBanner` is the strip where a view says "loading…", or why something
  failed and how to fix it, with buttons for the fix.
- :func:`open_tiktoken_file` asks for a local ``.tiktoken`` file, the offline fix for an
  encoding tiktoken cannot download (loading it is the controller's job).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QComboBox, QFileDialog, QFrame, QHBoxLayout, QLabel, QPushButton, QWidget

from ..controllers.registry import RegistryEntry, TokenizerRegistry
from ..controllers.tokenizer_files import TiktokenFileOpener

__all__ = ["TokenizerPicker", "MessageBanner", "entry_text", "unavailable_help", "open_tiktoken_file"]

_STATUS = {"loading": " (loading…)", "error": " (unavailable)", "idle": ""}


def entry_text(entry: RegistryEntry) -> str:
    return entry.label + _STATUS.get(entry.status, "")


def unavailable_help(key: str) -> str:
    """How to fix an OpenAI encoding that cannot be loaded (shown under the engine's message)."""
    return (
        f"To fix it: connect to the internet once (tiktoken downloads {key} and caches it), or set the "
        "environment variable TIKTOKEN_CACHE_DIR to a folder that holds tiktoken's cached files and "
        f"restart BPE Explorer, or open a local {key}.tiktoken file with the button here."
    )


class TokenizerPicker(QComboBox):
    key_changed = Signal(str)

    def __init__(self, registry: TokenizerRegistry, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.registry = registry
        self.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.setMinimumContentsLength(18)
        self.setToolTip(
            "The tokenizer to use. Trained tokenizers come first; OpenAI's encodings load the first time "
            "they are chosen (a few seconds)."
        )
        self._key = ""
        self._refresh()
        registry.changed.connect(self._refresh)
        self.currentIndexChanged.connect(self._on_self_index_changed)

    def current_key(self) -> str:
        return self._key

    def set_current_key(self, key: str) -> None:
        i = self.findData(key)
        if i >= 0:
            self.setCurrentIndex(i)

    def _refresh(self) -> None:
        keys = self.registry.keys()
        self.blockSignals(True)
        try:
            self.clear()
            for key in keys:
                entry = self.registry.entry(key)
                self.addItem(entry_text(entry), key)
                self.setItemData(self.count() - 1, entry.message or entry.label, 3)  # ToolTipRole
            i = self.findData(self._key)
            self.setCurrentIndex(i if i >= 0 else 0)
        finally:
            self.blockSignals(False)
        new = self.currentData() or ""
        if new != self._key:
            self._key = new
            self.key_changed.emit(new)

    def _on_self_index_changed(self, index: int) -> None:
        key = self.itemData(index) or ""
        if key != self._key:
            self._key = key
            self.key_changed.emit(key)


class MessageBanner(QFrame):
    """A colored strip with a message and optional buttons; hidden when there is nothing to say."""

    _STYLES = {
        "info": "background:#e3f2fd; border:1px solid #90caf9; border-radius:4px;",
        "error": "background:#ffebee; border:1px solid #ef9a9a; border-radius:4px;",
        "warning": "background:#fff8e1; border:1px solid #ffcc80; border-radius:4px;",
    }

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("banner")
        layout = QHBoxLayout(self)
        layout.setContentsMargins(8, 4, 8, 4)
        self.label = QLabel(self)
        self.label.setWordWrap(True)
        self.label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.label.setStyleSheet("border:none; background:transparent;")
        layout.addWidget(self.label, 1)
        self._buttons: list[QPushButton] = []
        self.kind = ""
        self.hide()

    def show_message(self, kind: str, text: str, actions: list[tuple[str, Callable[[], None]]] | None = None) -> None:
        self.kind = kind
        self.setStyleSheet(f"QFrame#banner {{{self._STYLES.get(kind, self._STYLES['info'])}}}")
        self.label.setText(text)
        for b in self._buttons:
            b.deleteLater()
        self._buttons = []
        for label, callback in actions or []:
            b = QPushButton(label, self)
            b.clicked.connect(lambda _=False, cb=callback: cb())
            self.layout().addWidget(b)
            self._buttons.append(b)
        self.show()

    def buttons(self) -> list[QPushButton]:
        return list(self._buttons)

    def text(self) -> str:
        return "" if self.isHidden() else self.label.text()

    def clear(self) -> None:
        self.kind = ""
        self.label.clear()
        self.hide()


def open_tiktoken_file(parent: QWidget, opener: TiktokenFileOpener, name_hint: str = "") -> None:
    """Ask for a local ``.tiktoken`` file and let ``opener`` load and register it."""
    path, _ = QFileDialog.getOpenFileName(
        parent,
        f"Open a local {name_hint or 'OpenAI'} .tiktoken file",
        "",
        "tiktoken files (*.tiktoken);;All files (*)",
    )
    if path:
        opener.open(path)
