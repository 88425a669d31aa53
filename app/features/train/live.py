"""The Train view's *Live* tab: the merges table streaming in beside the two plots.

:class:`LivePanel` receives merges in batches (:meth:`LivePanel.append`) and keeps the newest
in view while "Follow new merges" is checked. The plots take each merge's pair count and the
exact corpus length after it (``MergeEvent.tokens``). When to redraw is the view's choice: it
spreads the work over several event-loop turns while training runs.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import QCheckBox, QHeaderView, QSplitter, QTableView, QVBoxLayout, QWidget

from app.core.i18n import bind
from app.features.train.merges_model import MergesModel
from app.widgets.plots import TrainingPlots
from bpe_engine import MergeEvent

__all__ = ["LivePanel"]


class LivePanel(QSplitter):
    """Merges table (with "Follow new merges") and :class:`TrainingPlots`, side by side."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(Qt.Orientation.Horizontal, parent)
        self.merges_model = MergesModel(self)
        self.merges_view = QTableView()
        self.merges_view.setModel(self.merges_model)
        self.merges_view.verticalHeader().hide()
        self.merges_view.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        self.merges_view.verticalHeader().setDefaultSectionSize(22)
        self.merges_view.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
        self.merges_view.setAlternatingRowColors(True)
        # The columns follow the table's width (and font): fixed widths (530 px) put Count
        # behind a sideways scroll in the ~440 px a 1024-pixel window leaves the table.
        self.merges_view.installEventFilter(self)
        self.merges_view.viewport().installEventFilter(self)  # a scroll bar coming narrows it
        self._fit_columns()
        self.follow = QCheckBox()
        bind(self.follow, "setText", "Follow new merges")
        self.follow.setChecked(True)
        bind(self.follow, "setToolTip", "Keep the newest merge in view while training runs")
        # subtle: the table lays new rows out later than they are inserted, so scrollToBottom
        # right after an insert stopped at the old end (10-20 rows short of the last merge);
        # the scroll bar's new range is when the last row can be reached.
        self.merges_view.verticalScrollBar().rangeChanged.connect(self._on_range_changed)
        merges_box = QWidget()
        mv = QVBoxLayout(merges_box)
        mv.setContentsMargins(0, 0, 0, 0)
        mv.addWidget(self.merges_view, 1)
        mv.addWidget(self.follow)
        self.plots = TrainingPlots()
        self.addWidget(merges_box)
        self.addWidget(self.plots)
        self.setStretchFactor(0, 1)
        self.setStretchFactor(1, 1)
        self.setSizes([560, 700])
        self.setChildrenCollapsible(False)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        view = self.merges_view
        if watched in (view, view.viewport()) and event.type() in (QEvent.Type.Resize, QEvent.Type.FontChange):
            self._fit_columns()
        return super().eventFilter(watched, event)

    def _fit_columns(self) -> None:
        """Rank and Count as wide as their figures; Left, Right and New token share the rest
        (New token the largest), each at least a few characters wide."""
        view = self.merges_view
        header = view.horizontalHeader()
        metrics = view.fontMetrics()
        pad = 3 * metrics.horizontalAdvance("0")
        figure = metrics.horizontalAdvance("999,999") + pad
        sides = [header.sectionSizeHint(c) for c in range(header.count())]
        rank, count = max(figure, sides[0]), max(figure, sides[-1])
        room = view.viewport().width() - rank - count
        least = 3 * metrics.horizontalAdvance("M")
        side = max(least, int(room / 3.5))
        widths = (rank, side, side, max(least, room - 2 * side), count)
        for column, width in enumerate(widths):
            header.resizeSection(column, width)

    def clear(self) -> None:
        self.merges_model.clear()
        self.plots.reset()

    def append(self, events: list[MergeEvent]) -> None:
        """Show a batch of merges (table and plot data; the plots redraw when told)."""
        if not events:
            return
        self.merges_model.append(events)
        self.plots.add_merges([e.count for e in events], [e.tokens for e in events])
        if self.follow.isChecked():
            self.merges_view.scrollToBottom()

    def _on_range_changed(self, _low: int, high: int) -> None:
        if self.follow.isChecked():
            self.merges_view.verticalScrollBar().setValue(high)
