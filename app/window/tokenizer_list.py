"""The window's one tokenizer list as a dialog: every tokenizer of the session, to rename,
remove or save.

:class:`TokenizerListDialog` shows the registry's trained and opened tokenizers (newest first)
with where each came from and when. Rename and Remove act on the registry at once (every
picker follows); Save asks the owner to save the chosen one (the window's file jobs do the
writing).
"""

from __future__ import annotations

import time

from PySide6.QtCore import Signal, Slot
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QHeaderView,
    QInputDialog,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app.core import i18n
from app.core.i18n import bind, noop, tr
from app.core.registry import RegistryKind, TokenizerRegistry

__all__ = ["TokenizerListDialog"]

_KINDS: dict[str, str] = {
    RegistryKind.TRAINED: noop("trained"),
    RegistryKind.FILE: noop("opened"),
    RegistryKind.TIKTOKEN: noop(".tiktoken file"),
}
_HEADERS = (noop("Name"), noop("Kind"), noop("Source"), noop("Added"))


class TokenizerListDialog(QDialog):
    """Rename, remove or save the session's tokenizers (see the module docstring).

    Signals:
        save_requested(str): the user asked to save this registry key.
    """

    save_requested = Signal(str)

    def __init__(self, registry: TokenizerRegistry, parent: QWidget | None = None, *, current: str = "") -> None:
        super().__init__(parent)
        bind(self, "setWindowTitle", "Tokenizers of this session")
        self.registry = registry
        self.table = QTableWidget(0, 4)
        self.table.setSelectionBehavior(QTableWidget.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QTableWidget.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().hide()
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        self.empty = QLabel()
        bind(
            self.empty,
            "setText",
            "No tokenizer trained or opened yet: train one in the Train tab, or open a file (Ctrl+O).",
        )
        self.empty.setWordWrap(True)
        self.rename_button = QPushButton()
        bind(self.rename_button, "setText", "Rename…")
        self.remove_button = QPushButton()
        bind(self.remove_button, "setText", "Remove")
        self.save_button = QPushButton()
        bind(self.save_button, "setText", "Save…")
        self.rename_button.clicked.connect(self._on_rename_button_clicked)
        self.remove_button.clicked.connect(self._on_remove_button_clicked)
        self.save_button.clicked.connect(self._on_save_button_clicked)
        buttons = QHBoxLayout()
        for b in (self.rename_button, self.remove_button, self.save_button):
            buttons.addWidget(b)
        buttons.addStretch(1)
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close.rejected.connect(self.reject)
        buttons.addWidget(close)
        layout = QVBoxLayout(self)
        layout.addWidget(self.empty)
        layout.addWidget(self.table, 1)
        layout.addLayout(buttons)
        self.resize(760, 320)
        registry.changed.connect(self.refresh)
        self.table.itemSelectionChanged.connect(self._update_buttons)
        i18n.connect(self._on_language_changed)
        self.refresh()
        self.select(current)

    def keys(self) -> list[str]:
        return self.registry.own_keys()

    def current_key(self) -> str:
        row = self.table.currentRow()
        keys = self.keys()
        return keys[row] if 0 <= row < len(keys) else ""

    def select(self, key: str) -> None:
        keys = self.keys()
        if key in keys:
            self.table.selectRow(keys.index(key))
        elif keys:
            self.table.selectRow(0)
        self._update_buttons()

    @Slot(str)
    def _on_language_changed(self, _language: str) -> None:
        self.refresh()

    @Slot()
    def refresh(self) -> None:
        """The table as the registry is now, in the current language."""
        self.table.setHorizontalHeaderLabels([tr(h) for h in _HEADERS])
        keep = self.current_key()
        keys = self.keys()
        self.table.setRowCount(len(keys))
        for row, key in enumerate(keys):
            e = self.registry.entry(key)
            added = time.strftime("%H:%M:%S", time.localtime(e.created)) if e.created else ""
            kind = tr(_KINDS[e.kind]) if e.kind in _KINDS else e.kind
            for col, text in enumerate((e.label, kind, e.source_text(), added)):
                item = QTableWidgetItem(text)
                item.setToolTip(e.tooltip())
                self.table.setItem(row, col, item)
        self.empty.setVisible(not keys)
        self.select(keep)

    @Slot()
    def _update_buttons(self) -> None:
        chosen = bool(self.current_key())
        for b in (self.rename_button, self.remove_button, self.save_button):
            b.setEnabled(chosen)

    @Slot()
    def _on_rename_button_clicked(self) -> None:
        key = self.current_key()
        if not key:
            return
        label, ok = QInputDialog.getText(
            self, tr("Rename tokenizer"), tr("New name:"), text=self.registry.entry(key).label
        )
        if ok and label.strip():
            self.registry.rename(key, label)
            self.select(key)

    @Slot()
    def _on_remove_button_clicked(self) -> None:
        key = self.current_key()
        if key:
            self.registry.remove(key)

    @Slot()
    def _on_save_button_clicked(self) -> None:
        key = self.current_key()
        if key:
            self.save_requested.emit(key)
