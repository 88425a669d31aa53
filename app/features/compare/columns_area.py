"""Compare's columns side by side: two to eight :class:`~app.features.compare.column.CompareColumn`.

:class:`ColumnsArea` adds, removes and reorders the columns, and shows in each whether its
tokenizer is loading or why it cannot be loaded (with Retry and "Open .tiktoken file…"), so
that a column that cannot load leaves the others working (each column's
:class:`~app.widgets.picked_tokenizer.PickedTokenizer` loads its tokenizer once it is on screen).

It leaves out encoding the text and showing the chips (the view does, for all columns at once).
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtWidgets import QSplitter, QWidget

from app.core.registry import TokenizerRegistry
from app.core.tokenizer_files import TiktokenFileOpener
from app.features.compare.column import ColumnState, CompareColumn

__all__ = ["ColumnsArea", "MIN_COLUMNS", "MAX_COLUMNS"]

MIN_COLUMNS, MAX_COLUMNS = 2, 8
#: A column no narrower than this: the chips and counts stay readable; the view's scroll area
#: scrolls sideways instead (eight columns at 1024 pixels).
READABLE_WIDTH = 170


class ColumnsArea(QSplitter):
    """The columns (see the module docstring).

    Signals:
        keys_changed(): a column was added or removed, or shows another tokenizer.
    """

    keys_changed = Signal()

    def __init__(self, registry: TokenizerRegistry, opener: TiktokenFileOpener, parent: QWidget | None = None) -> None:
        super().__init__(Qt.Orientation.Horizontal, parent)
        self.setChildrenCollapsible(False)
        self.registry = registry
        self.opener = opener
        self._columns: list[CompareColumn] = []
        opener.opened.connect(self._on_opener_opened)

    def columns(self) -> list[CompareColumn]:
        return list(self._columns)

    def keys(self) -> list[str]:
        return [c.key() for c in self._columns]

    def can_add(self) -> bool:
        return len(self._columns) < MAX_COLUMNS

    def add_column(self, key: str, index: int | None = None) -> CompareColumn | None:
        """Add a column showing ``key`` (at ``index``, default last); None when there are eight."""
        if not self.can_add():
            return None
        col = CompareColumn(self.registry, self.opener, self)
        col.setMinimumWidth(READABLE_WIDTH)
        col.set_key(key)
        col.picked.update()  # (loading, or why it cannot load: the column says it)
        col.key_changed.connect(self._on_column_key_changed)
        col.remove_requested.connect(self._on_column_remove_requested)
        index = len(self._columns) if index is None else max(0, min(index, len(self._columns)))
        self._columns.insert(index, col)
        self.insertWidget(index, col)
        self._update_remove_buttons()
        self.keys_changed.emit()
        return col

    def remove_column(self, index: int) -> None:
        if len(self._columns) <= MIN_COLUMNS or not (0 <= index < len(self._columns)):
            return
        col = self._columns.pop(index)
        col.hide()
        col.setParent(None)
        col.deleteLater()
        self._update_remove_buttons()
        self.keys_changed.emit()

    def set_keys(self, keys: list[str]) -> None:
        """Show exactly these tokenizers (2 to 8), in this order."""
        keys = keys[:MAX_COLUMNS]
        while len(self._columns) < len(keys):
            self.add_column(keys[len(self._columns)])
        while len(self._columns) > max(len(keys), MIN_COLUMNS):
            self.remove_column(len(self._columns) - 1)
        for col, key in zip(self._columns, keys):
            if col.key() != key:
                col.set_key(key)

    def next_free_key(self) -> str:
        """A tokenizer no column shows yet (for "+ Add tokenizer")."""
        used = set(self.keys())
        return next((k for k in self.registry.keys() if k not in used), "cl100k_base")

    def _update_remove_buttons(self) -> None:
        for c in self._columns:
            c.remove_button.setEnabled(len(self._columns) > MIN_COLUMNS)

    # -- each column's tokenizer ------------------------------------------------------------

    @Slot(str)
    def _on_opener_opened(self, key: str) -> None:
        # Put the opened file where the failing column was (or add it).
        for col in self._columns:
            if col.state == ColumnState.ERROR:
                col.set_key(key)
                return
        self.add_column(key)

    @Slot(str)
    def _on_column_key_changed(self, _key: str) -> None:
        self.keys_changed.emit()

    @Slot()
    def _on_column_remove_requested(self) -> None:
        col = self.sender()
        if isinstance(col, CompareColumn) and col in self._columns:
            self.remove_column(self._columns.index(col))
