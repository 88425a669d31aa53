"""The Families tab's five rows of chips, one per family: a label with the family's name and
its token count (or why it has none: training, not trained, loading) and the chips of its
tokens, unknown ones outlined. The view decides what each row says; this panel lays the rows
out and shows it.
"""

from __future__ import annotations

import html
from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QGridLayout, QLabel, QSizePolicy, QWidget

from app.core.i18n import tr_n
from app.features.families.display import unknown_marks
from app.features.families.family import Family
from app.features.families.job import FamiliesOutcome
from app.widgets.token_chips import ChipView
from bpe_engine import FamilyResult

__all__ = ["ChipRows"]


class ChipRows(QWidget):
    """A label and a :class:`~app.widgets.token_chips.ChipView` per family, in a grid.

    ``tooltip(family, index)`` says what chip ``index`` of ``family``'s row is.
    """

    def __init__(self, tooltip: Callable[[Family, int], str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setVerticalSpacing(4)
        self.row_labels: dict[Family, QLabel] = {}
        self.chip_views: dict[Family, ChipView] = {}
        for i, family in enumerate(Family):
            self.row_labels[family] = self._build_label()
            self.chip_views[family] = self._build_chips(family, tooltip)
            grid.addWidget(self.row_labels[family], i, 0)
            grid.addWidget(self.chip_views[family], i, 1)
            grid.setRowStretch(i, 1)
        grid.setColumnStretch(1, 1)

    def _build_label(self) -> QLabel:
        label = QLabel(self)
        label.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        label.setMinimumWidth(130)
        label.setWordWrap(True)
        # (its second line, the count, may be cut: zoomed in presentation mode at 1280x720 the
        # five rows and the table of figures must still all fit)
        label.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Ignored)
        return label

    def _build_chips(self, family: Family, tooltip: Callable[[Family, int], str]) -> ChipView:
        view = ChipView(self)
        view.setFrameShape(QFrame.Shape.StyledPanel)
        view.setMinimumHeight(30)  # a row of chips, even zoomed
        view.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        view.tooltip_provider = lambda k: tooltip(family, k)
        return view

    def show_outcome(self, outcome: FamiliesOutcome) -> None:
        """Every row's chips from ``outcome`` (a row without a result: empty)."""
        for row in outcome.rows:
            view = self.chip_views[row.family]
            if row.result is not None and row.chips is not None:
                view.set_chips(row.chips, marks=unknown_marks(row.result), generation=outcome.generation)
            else:
                view.clear()

    def show_row(
        self, family: Family, name: str, tooltip: str, result: FamilyResult | None, status: str, note: str = ""
    ) -> None:
        """``family``'s label: its ``name`` and ``result``'s token count (then ``note``, rich
        text), or its ``status`` (which also replaces the chips when not empty)."""
        label = self.row_labels[family]
        if result is not None:
            count = tr_n("<b>{name}</b><br>%n token(s)", result.count)
            label.setText(count.format(name=html.escape(name)) + note)
            self.chip_views[family].set_placeholder("")
        else:
            label.setText(f"<b>{html.escape(name)}</b><br>{html.escape(status)}")  # i18n: none (markup)
            self.chip_views[family].set_placeholder(status)
            if status:
                self.chip_views[family].clear()
        label.setToolTip(tooltip)
