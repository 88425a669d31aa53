"""The Families tab's table of figures (:class:`~app.features.families.model.FamiliesTableModel`)
as a widget: one line per family, columns sized to their contents, nothing to select, and
tall enough that every family's line stays in sight when the chips above give way.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QTimer
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import QHeaderView, QTableView, QWidget

from app.features.families.family import Family
from app.features.families.model import FamiliesTableModel

__all__ = ["FamiliesTableView"]


class FamiliesTableView(QTableView):
    def __init__(self, model: FamiliesTableModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setModel(model)
        self.verticalHeader().setVisible(False)
        header = self.horizontalHeader()
        # Sized to the contents once per turn of the event loop after a change (new figures,
        # a font): in ResizeToContents mode Qt measured every cell in each layout pass, ~2 000
        # calls into Python per presentation toggle, each waiting for the interpreter lock
        # while a training ran (issue 20, F).
        header.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        self._sizer = QTimer(self)
        self._sizer.setSingleShot(True)
        self._sizer.setInterval(0)
        self._sizer.timeout.connect(self._size_columns)
        self._size_when_shown = False  # new contents came while the tab was off screen
        for changed in (model.modelReset, model.dataChanged, model.layoutChanged, model.headerDataChanged):
            changed.connect(self._sizer.start)
        header.setStretchLastSection(True)
        self.setSelectionMode(QTableView.SelectionMode.NoSelection)
        self.setWordWrap(False)
        rows_header = self.verticalHeader()
        rows_header.setDefaultSectionSize(self.fontMetrics().height() + 8)
        # Fitted again when the header or the scroll range change (a zoom, presentation mode),
        # once per turn of the event loop: overriding updateGeometries, which Qt calls many
        # times per relayout, ran Python there, each call waiting for the interpreter lock
        # while a training ran (issue 20, F).
        self._fitter = QTimer(self)
        self._fitter.setSingleShot(True)
        self._fitter.setInterval(0)
        self._fitter.timeout.connect(self._fit_height)
        for signal in (header.geometriesChanged, rows_header.geometriesChanged):
            signal.connect(self._fitter.start)
        self.horizontalScrollBar().rangeChanged.connect(self._fitter.start)
        self._fit_height()
        self.resizeColumnsToContents()

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt naming)
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:
            self._sizer.start()

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 (Qt naming)
        super().showEvent(event)
        if self._size_when_shown:  # now, before the first paint shows the old widths
            self._sizer.stop()
            self._size_columns()

    def _size_columns(self) -> None:
        # Off screen, sized when shown: measuring every cell took 0.15 s of the GUI thread
        # when the Families tab's first result came, while the app started (Compare's loads).
        self._size_when_shown = not self.isVisible()
        if not self._size_when_shown:
            self.resizeColumnsToContents()

    def sizing_pending(self) -> bool:
        """The columns are to be sized to new contents or a new font (in this turn, or when
        the table is next shown)."""
        return self._sizer.isActive() or self._size_when_shown

    def _fit_height(self) -> None:
        """Every family's row stays in sight, at any zoom: the chips give way first."""
        height = (
            self.verticalHeader().defaultSectionSize() * len(Family)
            + self.horizontalHeader().sizeHint().height()
            + 2 * self.frameWidth()
            + 2
        )
        if self.horizontalHeader().length() > self.viewport().width():
            height += self.horizontalScrollBar().sizeHint().height()
        if height != self.minimumHeight():
            self.setMinimumHeight(height)
