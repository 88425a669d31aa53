"""The Families tab's rows of chips, one per family: a label with the family's name and
its token count (or why it has none: training, not trained, loading) and the chips of its
tokens, unknown ones outlined. The view decides what each row says; this panel lays the rows
out and shows it, in a scroll area (:class:`RowsArea`): each row shows at least one whole line
of chips, and when the rows do not all fit (a small screen, presentation mode) the pane scrolls.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence

from PySide6.QtCore import QEvent, QSize, Qt, QTimer, Slot
from PySide6.QtGui import QResizeEvent, QShowEvent
from PySide6.QtWidgets import QFrame, QLabel, QScrollArea, QWidget

from app.core.i18n import tr_n
from app.core.weakly import weak_method
from app.features.families.family import Family
from app.features.families.job import FamiliesOutcome
from app.widgets.token_chips import ChipView
from bpe_engine import FamilyResult

__all__ = ["ChipRows", "RowsArea", "share_lines"]

_LABEL_WIDTH, _SPACING = 130, 2  # the labels' least width; between rows


def share_lines(needs: Sequence[int], room: int) -> list[int]:
    """How many lines of chips each row shows when ``room`` lines fit in all: a line each,
    then one more for every row still short of its ``needs``, in turns, while there is room
    (a row never shows part of a line: it shows whole lines and scrolls to the rest)."""
    shown = [1] * len(needs)
    room -= len(needs)
    while room > 0:
        short = [i for i, need in enumerate(needs) if shown[i] < need]
        if not short:
            break
        for i in short[:room]:
            shown[i] += 1
        room -= len(short[:room])
    return shown


class ChipRows(QWidget):
    """A label and a :class:`~app.widgets.token_chips.ChipView` per family, one above the other.

    Each row is as high as whole lines of its chips (:func:`share_lines`): all of them when
    the room allows, else as many as fit and a scroll bar for the rest; the room a row does
    not need goes to the rows that show all their lines. ``tooltip(family, index)`` says what
    chip ``index`` of ``family``'s row is.
    """

    def __init__(self, tooltip: Callable[[Family, int], str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.row_labels: dict[Family, QLabel] = {}
        self.chip_views: dict[Family, ChipView] = {}
        self._least = -1  # the least height last said (minimumSizeHint)
        # (rows placed by hand, not by a layout: a layout's minimum would grow with the lines)
        self._placer = QTimer(self)
        self._placer.setSingleShot(True)
        self._placer.setInterval(0)
        self._placer.timeout.connect(self._place)
        for family in Family:
            self.row_labels[family] = self._build_label()
            self.chip_views[family] = self._build_chips(family, tooltip)
            self.chip_views[family].lines_changed.connect(self._placer.start)

    def _build_label(self) -> QLabel:
        label = QLabel(self)
        label.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        label.setWordWrap(True)  # (its row is as high as it: the pane scrolls when rows do not fit)
        return label

    def _build_chips(self, family: Family, tooltip: Callable[[Family, int], str]) -> ChipView:
        view = ChipView(self)
        view.setFrameShape(QFrame.Shape.StyledPanel)
        tip = weak_method(tooltip, "")  # (the view holds this panel)
        view.tooltip_provider = lambda k: tip(family, k)
        return view

    def _line_height(self) -> int:
        view = self.chip_views[Family.CHARACTERS]
        return view.height_for_lines(2) - view.height_for_lines(1)

    def minimumSizeHint(self) -> QSize:  # noqa: N802 (Qt naming)
        # a whole line of chips per row (rows of 24 pixels cut the chips of 40 in presentation
        # mode at 1024x700): the scroll area around the rows scrolls when they do not all fit
        # (said again by _place when it changes: Qt asks many times per relayout)
        return QSize(_LABEL_WIDTH + 100, self._least if self._least >= 0 else self._least_height())

    def _least_height(self) -> int:
        """A whole line of chips per row (of a row with more lines: none of the next), and
        its whole label."""
        labels = self._label_heights(self._label_width())
        views = self.chip_views
        rows = (max(views[f].height_for_lines(1, more=views[f].line_count() > 1), labels[f]) for f in Family)
        return sum(rows) + (len(Family) - 1) * _SPACING

    def _label_width(self) -> int:
        hints = [label.sizeHint().width() for label in self.row_labels.values()]
        return min(max(_LABEL_WIDTH, *hints), max(self.width() // 3, _LABEL_WIDTH))

    def _label_heights(self, width: int) -> dict[Family, int]:
        """Each label's height at ``width``: its name and count, whole (in Chinese two lines
        are higher than a line of chips)."""
        return {f: label.heightForWidth(width) for f, label in self.row_labels.items()}

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt naming)
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:
            self.updateGeometry()  # (a line's height changed: the least height too)
            self._placer.start()

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt naming)
        views = self.chip_views.values()
        tall = sum(v.height_for_lines(max(v.line_count(), 1)) for v in views) + (len(Family) - 1) * _SPACING
        return QSize(self.minimumSizeHint().width(), max(tall, self.minimumSizeHint().height()))

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt naming)
        super().resizeEvent(event)
        self._place()

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 (Qt naming)
        super().showEvent(event)
        self._place()  # (left undone while off screen)

    def rows_shown(self) -> dict[Family, int]:
        """The whole lines of chips each row has room for (:func:`share_lines`)."""
        views, labels = self.chip_views, self._label_heights(self._label_width())
        one, step = views[Family.CHARACTERS].height_for_lines(1), max(self._line_height(), 1)
        free = self.height() - (len(Family) - 1) * _SPACING - sum(max(one, labels[f]) for f in Family)
        needs = [max(views[f].line_count(), 1) for f in Family]
        return dict(zip(Family, share_lines(needs, len(Family) + max(free, 0) // step), strict=True))

    @Slot()
    def _place(self) -> None:
        """The rows' geometry (see the class docstring)."""
        if not self.isVisible():
            # subtle: laying out the chips to count their lines takes ~70 ms, and at start this
            # tab's first result comes while Compare, on screen, is loading; done when shown
            return
        least = self._least_height()
        if least != self._least:  # (a row's lines or their height changed)
            self._least = least
            self.updateGeometry()
        shown = self.rows_shown()
        complete = [f for f in Family if shown[f] >= self.chip_views[f].line_count()]
        heights = {f: self.chip_views[f].height_for_lines(n, more=f not in complete) for f, n in shown.items()}
        left = self._label_width()
        labels = self._label_heights(left)
        spare = self.height() - sum(max(heights[f], labels[f]) for f in Family) - (len(Family) - 1) * _SPACING
        for f in complete:  # never to a row with lines left: it would show part of one
            heights[f] += max(spare, 0) // len(complete)
        # (less than a line each, until the scroll area gives the least height: a line each)
        y = 0
        for family in Family:
            row = max(heights[family], labels[family])  # (a row with lines left: a gap below its chips)
            self.row_labels[family].setGeometry(0, y, left, row)
            self.chip_views[family].setGeometry(left + _SPACING, y, self.width() - left - _SPACING, heights[family])
            y += row + _SPACING

    def show_outcome(self, outcome: FamiliesOutcome) -> None:
        """Every row's chips from ``outcome`` (a row without a result: empty)."""
        for row in outcome.rows:
            view = self.chip_views[row.family]
            if row.result is not None and row.chips is not None:
                view.set_chips(row.chips, marks=row.marks, generation=outcome.generation)
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
        self._placer.start()  # (the label's width may have changed)


class RowsArea(QScrollArea):
    """The rows in a scroll area that scrolls when their least height (a line each) does not
    fit, and always shows at least one row."""

    def __init__(self, rows: ChipRows) -> None:
        super().__init__(rows.parentWidget())
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setWidget(rows)
        self._one = rows.chip_views[Family.CHARACTERS]
        self._one.lines_changed.connect(self._fit)  # (also when a line's height changed)
        self._fit()

    @Slot()
    def _fit(self) -> None:
        self.setMinimumHeight(self._one.height_for_lines(1))
