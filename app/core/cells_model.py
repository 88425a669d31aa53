"""A small table whose cells are made when its rows are set and kept in Qt's own item store.

Qt asks a table's model for every cell's text, alignment, color and size hint several times
per relayout (columns sized to their contents, a repaint, a zoom, a presentation toggle), and
its header for every section's; with ``data``/``headerData`` in Python each ask was a call
from Qt into Python (~650 per presentation toggle in the Families tab; each ``headerData``
also made a Python enum of its orientation), and each call waited for the interpreter lock
while a job ran Python (a training; issue 20, F). Here Qt reads a :class:`QStandardItemModel`
and calls no Python; the cells are made once per set of rows, and again after a language
switch. For tables of a few rows (a row per family, per compared tokenizer); long ones stay
:class:`~app.core.rows_model.RowsModel`, which makes a cell only when it is seen.
"""

from __future__ import annotations

from typing import Any, Generic, TypeVar

from PySide6.QtCore import QObject, Qt, Slot
from PySide6.QtGui import QStandardItem, QStandardItemModel

from app.core.i18n import connect, tr

__all__ = ["CellsModel", "ROLES"]

Row = TypeVar("Row")

#: The roles a cell may answer (any other is None).
ROLES = (
    Qt.ItemDataRole.DisplayRole,
    Qt.ItemDataRole.UserRole,
    Qt.ItemDataRole.TextAlignmentRole,
    Qt.ItemDataRole.ForegroundRole,
    Qt.ItemDataRole.ToolTipRole,
)
_FLAGS = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable  # (shown, never edited)


class CellsModel(QStandardItemModel, Generic[Row]):
    """Subclasses set ``HEADERS`` (header and tooltip of each column, English sources shown
    through :func:`~app.core.i18n.tr`) and implement :meth:`cell`."""

    HEADERS: tuple[tuple[str, str], ...] = ()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(0, len(self.HEADERS), parent)
        self._rows: list[Row] = []
        self._set_headers()
        connect(self._on_language_changed)

    def cell(self, row: int, col: int, role: int) -> Any:
        """The answer of cell (``row``, ``col``) for ``role`` (None: none)."""
        raise NotImplementedError

    def rows(self) -> list[Row]:
        return list(self._rows)

    def set_rows(self, rows: list[Row]) -> None:
        """Every cell of ``rows`` made now; views hear of it once (a reset when the number of
        rows changes, else one ``dataChanged`` over the table)."""
        rows = list(rows)
        reset = len(rows) != len(self._rows)
        self._rows = rows
        if reset:
            self.beginResetModel()
        blocked = self.blockSignals(True)  # (the one signal below instead of one per cell)
        try:
            if reset:
                self.setRowCount(len(rows))
            for r in range(len(rows)):
                for c in range(len(self.HEADERS)):
                    self.setItem(r, c, self._item(r, c))
        finally:
            self.blockSignals(blocked)
        if reset:
            self.endResetModel()
        elif rows:
            self.dataChanged.emit(self.index(0, 0), self.index(len(rows) - 1, len(self.HEADERS) - 1))

    def _item(self, row: int, col: int) -> QStandardItem:
        item = QStandardItem()
        item.setFlags(_FLAGS)
        for role in ROLES:
            value = self.cell(row, col, role)
            if value is not None:
                item.setData(value, role)
        return item

    def _set_headers(self) -> None:
        for c, (name, tip) in enumerate(self.HEADERS):
            self.setHeaderData(c, Qt.Orientation.Horizontal, tr(name), Qt.ItemDataRole.DisplayRole)
            self.setHeaderData(c, Qt.Orientation.Horizontal, tr(tip), Qt.ItemDataRole.ToolTipRole)

    @Slot(str)
    def _on_language_changed(self, _language: str) -> None:
        """Headers and cells again, said in the new language."""
        blocked = self.blockSignals(True)
        try:
            self._set_headers()
        finally:
            self.blockSignals(blocked)
        if self.HEADERS:
            self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, len(self.HEADERS) - 1)
        self.set_rows(self._rows)
