"""Short rows of chips: step mode's pre-token segmentations and the pre-tokenizer preview.

- :func:`paint_chips` draws a row of :class:`~app.display.chips.Chip`\\ s (one per token or
  piece) with a painter, where :func:`chip_rects` puts them.
- :class:`SegmentationDelegate` draws a table cell's chips (read from a custom role).
- :class:`ChipStrip` is a small widget that shows a list of chips and wraps them onto lines.

The chips look as in every token view (:mod:`app.widgets.chip_painter`: the same palette,
so a token has the same color here as in Tokenize), plus two marks of their own: a red
outline (the token the last merge made) and an amber bar under a chip (part of the pair the
next merge joins). This module draws; it does not tokenize (the callers hand it chips).
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QModelIndex, QObject, QPersistentModelIndex, QRect, QRectF, QSize, Qt
from PySide6.QtGui import QFontMetrics, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QStyle, QStyledItemDelegate, QStyleOptionViewItem, QWidget

from app.display.chips import Chip
from app.widgets.chip_painter import NEW_TOKEN, NEXT_PAIR, chip_color, high_contrast, paint_chip_box, text_color

__all__ = ["chip_rects", "paint_chips", "chips_width", "SegmentationDelegate", "ChipStrip"]

_PAD_X = 4
_GAP = 3


def _chip_width(chip: Chip, metrics: QFontMetrics) -> int:
    return metrics.horizontalAdvance(chip.label or " ") + 2 * _PAD_X


def chips_width(chips: Sequence[Chip], metrics: QFontMetrics) -> int:
    return sum(_chip_width(c, metrics) + _GAP for c in chips)


def chip_rects(rect: QRect, chips: Sequence[Chip], metrics: QFontMetrics) -> list[QRectF]:
    """Where each chip of a one-line row in ``rect`` is drawn (those past its right end: none)."""
    x = rect.left() + 2
    h = min(rect.height() - 7, metrics.height() + 4)
    y = rect.top() + (rect.height() - h - 3) // 2
    out = []
    for chip in chips:
        if x > rect.right():
            break
        w = _chip_width(chip, metrics)
        out.append(QRectF(x, y, w, h))
        x += w + _GAP
    return out


def _paint_chip(painter: QPainter, box: QRectF, chip: Chip, contrast: bool) -> None:
    paint_chip_box(painter, box, chip_color(chip.color, chip.kind, contrast), chip.kind, contrast)
    if chip.outlined:
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(NEW_TOKEN, 2))
        painter.drawRoundedRect(box, 4, 4)
    if chip.marked:
        painter.fillRect(QRectF(box.left() - _GAP / 2, box.bottom(), box.width() + _GAP, 3), NEXT_PAIR)
    painter.setPen(text_color(chip.kind))
    painter.drawText(box, int(Qt.AlignmentFlag.AlignCenter), chip.label)


def paint_chips(
    painter: QPainter, rect: QRect, chips: Sequence[Chip], metrics: QFontMetrics, contrast: bool = False
) -> None:
    """Draw ``chips`` left to right in ``rect`` (one line; what does not fit is left out);
    ``contrast``: presentation mode's high-contrast chips."""
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    for chip, box in zip(chips, chip_rects(rect, chips, metrics)):
        _paint_chip(painter, box, chip, contrast)
    painter.restore()


class SegmentationDelegate(QStyledItemDelegate):
    """Paints a cell's chips, read from ``role`` (a list of :class:`~app.display.chips.Chip`)."""

    def __init__(self, role: int, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.role = role

    def paint(
        self, painter: QPainter, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> None:
        chips = index.data(self.role)
        if not chips:
            super().paint(painter, option, index)
            return
        if option.state & QStyle.StateFlag.State_Selected:
            painter.fillRect(option.rect, option.palette.highlight())
        painter.save()
        painter.setFont(option.font)
        widget = option.widget
        contrast = isinstance(widget, QWidget) and high_contrast(widget)
        paint_chips(painter, option.rect, chips, option.fontMetrics, contrast)
        painter.restore()

    def sizeHint(self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex) -> QSize:  # noqa: N802
        chips = index.data(self.role)
        base = super().sizeHint(option, index)
        if not chips:
            return base
        metrics = option.fontMetrics
        return QSize(chips_width(chips, metrics) + 6, max(base.height(), metrics.height() + 8))


class ChipStrip(QWidget):
    """A read-only row of chips that wraps onto as many lines as it needs."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._chips: list[Chip] = []
        sp = QSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        sp.setHeightForWidth(True)
        self.setSizePolicy(sp)

    def set_chips(self, chips: Sequence[Chip]) -> None:
        self._chips = list(chips)
        self.updateGeometry()
        self.update()

    def chips(self) -> list[Chip]:
        return list(self._chips)

    def _layout(self, width: int) -> list[tuple[QRect, Chip]]:
        fm = QFontMetrics(self.font())
        h = fm.height() + 4
        x, y = 0, 0
        out = []
        for chip in self._chips:
            w = _chip_width(chip, fm)
            if x > 0 and x + w > width:
                x, y = 0, y + h + _GAP
            out.append((QRect(x, y, w, h), chip))
            x += w + _GAP
        return out

    def hasHeightForWidth(self) -> bool:  # noqa: N802 (Qt naming)
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802
        boxes = self._layout(max(width, 50))
        fm = QFontMetrics(self.font())
        return (boxes[-1][0].bottom() + 2) if boxes else fm.height() + 4

    def sizeHint(self) -> QSize:  # noqa: N802
        return QSize(300, self.heightForWidth(max(self.width(), 300)))

    def minimumSizeHint(self) -> QSize:  # noqa: N802
        fm = QFontMetrics(self.font())
        return QSize(50, fm.height() + 4)

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        contrast = high_contrast(self)
        for rect, chip in self._layout(self.width()):
            _paint_chip(painter, QRectF(rect), chip, contrast)
        painter.end()
