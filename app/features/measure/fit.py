"""Tables whose columns fit their width: when the columns sized to their contents are wider
than the table, each header wraps onto several lines and its column keeps only the width of
its cells and its header's longest word.

In presentation mode at 1024 pixels the efficiency table's columns, as wide as their
one-line headers ("Rényi efficiency", "Gini (premiums)"), ran 50 % past the right edge and
the Rényi efficiency and Gini columns needed scrolling. Where even the headers' longest words
do not fit (a wide font: DejaVu Sans), the headers are set a little smaller, down to 3/4 of
the cells' font. The fit is made again whenever the table is resized, its font changes
(zoom, presentation) or its contents change.

It leaves out what the tables hold (:mod:`app.features.measure.tables`).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QRect, Qt, QTimer
from PySide6.QtGui import QFont, QFontMetrics
from PySide6.QtWidgets import QTableView

__all__ = ["ColumnFit"]

_PAD = 16  # a header section's margins and sort arrow room, in pixels
_LEAST_HEADER_SCALE = 0.75  # headers no smaller than 3/4 of the cells' font (as plot titles)


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
        """Columns to their contents; headers wrapped when that is wider than the table, and
        set a little smaller when even their longest words do not fit."""
        table, header = self.table, self.table.horizontalHeader()
        header.setFont(QFont())  # the table's again (the last fit may have set a smaller one)
        header.setDefaultAlignment(Qt.AlignmentFlag.AlignCenter)
        header.setMinimumHeight(0)
        table.resizeColumnsToContents()
        room = table.viewport().width()
        self.wrapped = header.length() > room > 0
        if not self.wrapped:
            return
        texts = [str(table.model().headerData(c, Qt.Orientation.Horizontal) or "") for c in range(header.count())]
        cells = [table.sizeHintForColumn(c) for c in range(header.count())]
        font = QFont(header.font())
        widths = _widths(QFontMetrics(font), texts, cells)
        points = font.pointSizeF()
        smaller = points - 0.5
        # subtle: a word does not wrap ("Bytes/token", "(premiums)"): in a wide font (DejaVu
        # Sans at 13.5 pt) the longest words alone were 44 px wider than 996 px (by half
        # points: hinting is not linear)
        while sum(widths) > room and points > 0 and smaller >= points * _LEAST_HEADER_SCALE:
            font.setPointSizeF(smaller)
            widths = _widths(QFontMetrics(font), texts, cells)
            smaller -= 0.5
        if font.pointSizeF() != points:
            header.setFont(font)
        metrics = QFontMetrics(font)
        lines = 1
        for column, (text, width) in enumerate(zip(texts, widths, strict=True)):
            header.resizeSection(column, width)
            box = metrics.boundingRect(QRect(0, 0, width - _PAD, 10_000), Qt.TextFlag.TextWordWrap, text)
            lines = max(lines, round(box.height() / metrics.lineSpacing()))
        header.setDefaultAlignment(Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap)
        header.setMinimumHeight(lines * metrics.lineSpacing() + _PAD // 2)


def _widths(metrics: QFontMetrics, texts: list[str], cells: list[int]) -> list[int]:
    """Each column's width with its header wrapped: its cells', or its header's longest word's."""
    return [
        max(cell, max((metrics.horizontalAdvance(w) for w in text.split()), default=0) + _PAD)
        for text, cell in zip(texts, cells, strict=True)
    ]
