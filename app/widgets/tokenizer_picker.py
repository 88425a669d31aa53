"""Choosing a tokenizer: a combo box over the registry, and a local .tiktoken file as a fix.

- :class:`TokenizerPicker` lists the registry's tokenizers (trained ones first, then OpenAI's
  encodings) with their load state, and keeps the selection when the list changes.
- :func:`open_tiktoken_file` asks for a local ``.tiktoken`` file, the offline fix for an
  encoding tiktoken cannot download (loading it is the controller's job).
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtWidgets import QComboBox, QFileDialog, QWidget

from ..controllers.registry import RegistryEntry, TokenizerRegistry
from ..controllers.tokenizer_files import TiktokenFileOpener

__all__ = ["TokenizerPicker", "entry_text", "unavailable_help", "open_tiktoken_file"]

_STATUS = {"loading": " (loading…)", "error": " (unavailable)", "idle": ""}


def entry_text(entry: RegistryEntry) -> str:
    return entry.label + _STATUS.get(entry.status, "")


def unavailable_help(key: str) -> str:
    """What the app adds to the engine's message (which says what to set or open)."""
    return (
        f"Connecting to the internet once also works (tiktoken downloads {key} and keeps it); after "
        "setting TIKTOKEN_CACHE_DIR, restart BPE Explorer."
    )


class TokenizerPicker(QComboBox):
    """The registry's tokenizers in a combo box: every view chooses its tokenizer with one.

    Entries show their load state ("loading…", "unavailable", the reason in the tooltip) and
    the selection is kept, by key, when the registry changes. With a ``placeholder`` the
    picker starts with nothing chosen (the Vocabulary view until a tokenizer is shown);
    without one it chooses the first entry.

    Signals:
        key_changed(str): another tokenizer was chosen (by the user or :meth:`set_current_key`).
    """

    key_changed = Signal(str)

    def __init__(self, registry: TokenizerRegistry, parent: QWidget | None = None, *, placeholder: str = "") -> None:
        super().__init__(parent)
        self.registry = registry
        self.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.setMinimumContentsLength(18)
        self.setToolTip(
            "The tokenizer to use. Trained tokenizers come first; OpenAI's encodings load the first time "
            "they are chosen (a few seconds)."
        )
        self._placeholder = placeholder
        if placeholder:
            self.setPlaceholderText(placeholder)
        self._key = ""
        self.refresh()
        registry.changed.connect(self.refresh)
        self.currentIndexChanged.connect(self._on_self_current_index_changed)

    def current_key(self) -> str:
        return self._key

    @Slot(str)
    def set_current_key(self, key: str) -> None:
        i = self.findData(key)
        if i >= 0:
            self.setCurrentIndex(i)

    @Slot()
    def refresh(self) -> None:
        """List the registry's entries as they are now (done on every ``registry.changed``)."""
        keys = self.registry.keys()
        self.blockSignals(True)
        try:
            self.clear()
            for key in keys:
                entry = self.registry.entry(key)
                self.addItem(entry_text(entry), key)
                self.setItemData(self.count() - 1, entry.tooltip(), Qt.ItemDataRole.ToolTipRole)
            i = self.findData(self._key)
            self.setCurrentIndex(i if i >= 0 or self._placeholder else 0)
        finally:
            self.blockSignals(False)
        new = self.currentData() or ""
        if new != self._key:
            self._key = new
            self.key_changed.emit(new)

    @Slot(int)
    def _on_self_current_index_changed(self, index: int) -> None:
        key = self.itemData(index) or ""
        if key != self._key:
            self._key = key
            self.key_changed.emit(key)


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
