"""The shared part of the app's table models: a plain Python list of rows, named columns.

Each model supplies its rows' ``data``; none draws or sorts here.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt

__all__ = ["RowsModel"]

_Index = QModelIndex | QPersistentModelIndex
_ROOT = QModelIndex()  # the invalid index: a flat table's rows hang off it


class RowsModel(QAbstractTableModel):
    """A flat table over ``self._rows``; subclasses set ``COLUMNS`` (headers), ``_TIPS``
    (header tooltips) and implement ``data``. Plain lists keep 200 000 rows instant."""

    COLUMNS: tuple[str, ...] = ()
    _TIPS: tuple[str, ...] = ()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rows: list[Any] = []

    def rowCount(self, parent: _Index = _ROOT) -> int:  # noqa: N802 (Qt naming)
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: _Index = _ROOT) -> int:  # noqa: N802
        return 0 if parent.isValid() else len(self.COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:  # noqa: N802
        if orientation == Qt.Orientation.Horizontal and 0 <= section < len(self.COLUMNS):
            if role == Qt.ItemDataRole.DisplayRole:
                return self.COLUMNS[section]
            if role == Qt.ItemDataRole.ToolTipRole and section < len(self._TIPS):
                return self._TIPS[section]
        return None
