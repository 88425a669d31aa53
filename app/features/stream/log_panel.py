"""The Stream-decode view's log: a table of the steps so far (:class:`.log_model.StreamLogModel`),
following the last row as tokens are fed."""

from __future__ import annotations

from PySide6.QtWidgets import QHeaderView, QTableView, QWidget

from app.features.stream.log_model import StepRecord, StreamLogModel

__all__ = ["LogPanel"]


class LogPanel(QTableView):
    """One row per token fed; the newest stays in view."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.log = StreamLogModel(self)
        self.setModel(self.log)
        self.verticalHeader().setVisible(False)
        self.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.horizontalHeader().setStretchLastSection(True)

    def append(self, record: StepRecord) -> None:
        self.log.append(record)
        self.scrollToBottom()
        # (ResizeToContents sizes a column when the header changes, not when rows are added:
        # "(20 dropped) 74 68" stayed cut to the header's width)
        self.horizontalHeader().resizeSections()

    def clear(self) -> None:
        self.log.clear()
