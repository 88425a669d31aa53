"""The Train view's *Live* tab: the merges table streaming in beside the two plots.

:class:`LivePanel` receives merges in batches (:meth:`LivePanel.append`) and keeps the newest
in view while "Follow new merges" is checked. The plots take each merge's pair count and the
exact corpus length after it (``MergeEvent.tokens``). When to redraw is the view's choice: it
spreads the work over several event-loop turns while training runs.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
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
        header = self.merges_view.horizontalHeader()
        for col, width in enumerate((60, 110, 110, 160, 90)):
            header.resizeSection(col, width)
        header.setStretchLastSection(True)
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
