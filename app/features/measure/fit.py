"""Tables whose columns fit their width: when the columns sized to their contents are wider
than the table, each header wraps onto several lines and its column keeps only the width of
its cells and its header's longest word.

In presentation mode at 1024 pixels the efficiency table's columns, as wide as their
one-line headers ("Rényi efficiency", "Gini (premiums)"), ran 50 % past the right edge and
the Rényi efficiency and Gini columns needed scrolling. The fit is made again whenever the
table is resized, its font changes (zoom, presentation) or its contents change.

It leaves out what the tables hold (:mod:`app.features.measure.tables`).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QRect, Qt, QTimer
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QTableView

__all__ = ["ColumnFit"]

_PAD = 16  # a header section's margins and sort arrow room, in pixels


class ColumnFit(QObject):
    """Keeps ``table``'s columns within its width (see the module docstring)."""

    def __init__(self, table: QTableView) -> None:
        super().__init__(table)
        self.table = table
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self.fit)
        table.installEventFilter(self)
        table.model().modelReset.connect(self._timer.start)
        self.wrapped = False  # whether the last fit wrapped the headers (tests)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt naming)
        if event.type() in (QEvent.Type.Resize, QEvent.Type.FontChange, QEvent.Type.Show):
            self._timer.start()
        return False

    def fit(self) -> None:
        """Columns to their contents; headers wrapped when that is wider than the table."""
        table, header = self.table, self.table.horizontalHeader()
        model = table.model()
        header.setDefaultAlignment(Qt.AlignmentFlag.AlignCenter)
        header.setMinimumHeight(0)
        table.resizeColumnsToContents()
        self.wrapped = header.length() > table.viewport().width() > 0
        if not self.wrapped:
            return
        metrics = QFontMetrics(header.font())
        lines = 1
        for column in range(header.count()):
            text = str(model.headerData(column, Qt.Orientation.Horizontal) or "")
            word = max((metrics.horizontalAdvance(w) for w in text.split()), default=0) + _PAD
            width = max(table.sizeHintForColumn(column), word)
            header.resizeSection(column, width)
            box = metrics.boundingRect(QRect(0, 0, width - _PAD, 10_000), Qt.TextFlag.TextWordWrap, text)
            lines = max(lines, round(box.height() / metrics.lineSpacing()))
        header.setDefaultAlignment(Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap)
        header.setMinimumHeight(lines * metrics.lineSpacing() + _PAD // 2)
