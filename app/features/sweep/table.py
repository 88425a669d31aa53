"""The Sweep's table: each shown text's bytes per token at round vocabulary sizes (the
smallest, those of :data:`TABLE_SIZES` the tokenizer passes, and its own), then with each
OpenAI encoding.

Its own module because choosing the round sizes and the rows is plain arithmetic on the
curves (:func:`round_size_rows`), apart from the widget that shows them.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableWidget, QTableWidgetItem, QWidget

from app.core.i18n import bind, tr, tr_n
from app.display.format import format_count, format_ratio
from app.features.sweep.heldout import display_name
from app.features.sweep.job import SweepCurve, SweepReference

__all__ = ["SweepTable", "TABLE_SIZES", "round_size_rows"]

#: Vocabulary sizes the table shows (those a tokenizer reaches, and its own size).
TABLE_SIZES = (512, 1_000, 2_000, 5_000, 10_000, 20_000, 32_000, 50_000, 100_000, 200_000)

#: A row of the table: its label and one cell per text.
Row = tuple[str, list[str]]


def round_size_rows(curves: Sequence[SweepCurve], references: Sequence[SweepReference]) -> list[Row]:
    """The rows for ``curves`` (all of one tokenizer) and ``references``; none without curves."""
    if not curves:
        return []
    sizes = curves[0].vocab_sizes()
    low, top = int(sizes[0]), int(sizes[-1])
    rows: list[Row] = []
    for size in [low] + [s for s in TABLE_SIZES if low < s < top] + [top]:
        # the first number of merges that makes the vocabulary this big (all of them for
        # the tokenizer's own size: later merges may make no new token)
        k = len(sizes) - 1 if size == top else int(np.searchsorted(sizes, size))
        label = tr_n("{size} (%n merge(s))", k).format(size=format_count(size))
        rows.append((label, [format_ratio(c.bytes / max(int(c.tokens[k]), 1)) for c in curves]))
    for ref in references:
        label = f"{ref.key} ({format_count(ref.vocab_size)})"
        rows.append((label, [format_ratio(ref.bytes_per_token(c.name)) for c in curves]))
    return rows


class SweepTable(QTableWidget):
    """The figures at round sizes, a column per shown text (see the module docstring)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(0, 0, parent)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        bind(self, "setToolTip", "Bytes per token at round vocabulary sizes, and with OpenAI's encodings")

    def show_rows(self, curves: Sequence[SweepCurve], rows: Sequence[Row]) -> None:
        """Show ``rows`` under a column per curve's text."""
        self.clear()
        self.setColumnCount(len(curves))
        self.setRowCount(len(rows))
        self.setHorizontalHeaderLabels([tr("{name}: bytes/token").format(name=display_name(c.name)) for c in curves])
        self.setVerticalHeaderLabels([label for label, _ in rows])
        for r, (_, cells) in enumerate(rows):
            for c, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                self.setItem(r, c, item)

    def rows(self) -> list[Row]:
        """The table as text: (row label, cells)."""
        out = []
        for r in range(self.rowCount()):
            header = self.verticalHeaderItem(r)
            items = [self.item(r, c) for c in range(self.columnCount())]
            cells = [item.text() if item is not None else "" for item in items]
            out.append((header.text() if header is not None else "", cells))
        return out
