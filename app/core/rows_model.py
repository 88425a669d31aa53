"""The shared part of the app's table models: a plain Python list of rows, named columns.

Each model supplies its rows' ``data``; none draws or sorts here. Headers and their tooltips
are English sources (marked with :func:`~app.core.i18n.noop`) translated when Qt asks for them; after a
language switch every model announces new headers and new cells, so views redraw them.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt, Slot

from app.core.i18n import connect, tr

__all__ = ["RowsModel"]

_Index = QModelIndex | QPersistentModelIndex
_ROOT = QModelIndex()  # the invalid index: a flat table's rows hang off it


class RowsModel(QAbstractTableModel):
    """A flat table over ``self._rows``; subclasses set ``COLUMNS`` (headers), ``_TIPS``
    (header tooltips), both shown through :func:`~app.core.i18n.tr`, and implement ``data`` (texts
    in it are translated when asked for). Plain lists keep 200 000 rows instant."""

    COLUMNS: tuple[str, ...] = ()
    _TIPS: tuple[str, ...] = ()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rows: list[Any] = []
        connect(self._on_language_changed)

    @Slot(str)
    def _on_language_changed(self, _language: str) -> None:
        """Views ask again for the headers and the cells (their texts are in the new language)."""
        columns = self.columnCount()
        if columns:
            self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, columns - 1)
            rows = self.rowCount()
            if rows:
                self.dataChanged.emit(self.index(0, 0), self.index(rows - 1, columns - 1))

    def rowCount(self, parent: _Index = _ROOT) -> int:  # noqa: N802 (Qt naming)
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: _Index = _ROOT) -> int:  # noqa: N802
        return 0 if parent.isValid() else len(self.COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:  # noqa: N802
        if orientation == Qt.Orientation.Horizontal and 0 <= section < len(self.COLUMNS):
            if role == Qt.ItemDataRole.DisplayRole:
                return tr(self.COLUMNS[section])
            if role == Qt.ItemDataRole.ToolTipRole and section < len(self._TIPS):
                return tr(self._TIPS[section])
        return None
