"""Colored chips for a segmentation: step mode's pre-token table and the pre-tokenizer preview.

- :func:`paint_chips` draws a row of rounded chips (one per token or piece) with a painter.
- :class:`SegmentationDelegate` draws a table cell's ``SEGMENTS_ROLE`` data as chips.
- :class:`ChipStrip` is a small widget that shows a list of chips and wraps them onto lines.

Colors follow the chip's key (a token id), so the same token has the same color in every
row, and two neighbouring chips never share a color. This module draws; it does not
tokenize (the callers hand it labels).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QRect, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QStyle, QStyledItemDelegate, QStyleOptionViewItem, QWidget

__all__ = ["Chip", "chip_colors", "paint_chips", "chips_width", "SegmentationDelegate", "ChipStrip", "monospace_font"]

_PALETTE = [
    QColor(c)
    for c in (
        "#bbdefb",
        "#c8e6c9",
        "#ffe0b2",
        "#f8bbd0",
        "#d1c4e9",
        "#b2ebf2",
        "#fff59d",
        "#ffccbc",
        "#dcedc8",
        "#cfd8dc",
        "#f0f4c3",
        "#b3e5fc",
    )
]
_SPECIAL = QColor("#e1bee7")
_MARK = QColor("#ff8f00")
_PAD_X = 4
_GAP = 3


class Chip(NamedTuple):
    """One chip: its text, the key that picks its color, an outline (new token), special style,
    and a mark (an amber bar under it: part of the pair the next merge joins)."""

    label: str
    key: int
    outlined: bool = False
    special: bool = False
    marked: bool = False


def chip_colors(chips: Sequence[Chip]) -> list[QColor]:
    """A color per chip: by key, shifted where it would equal its left neighbour's."""
    colors: list[QColor] = []
    prev = -1
    for chip in chips:
        if chip.special:
            colors.append(_SPECIAL)
            prev = -1
            continue
        k = (chip.key * 7) % len(_PALETTE)
        if k == prev:
            k = (k + 1) % len(_PALETTE)
        colors.append(_PALETTE[k])
        prev = k
    return colors


def _as_chips(items: Sequence) -> list[Chip]:
    return [c if isinstance(c, Chip) else Chip(*c) for c in items]


def chips_width(chips: Sequence, metrics: QFontMetrics) -> int:
    return sum(metrics.horizontalAdvance(c[0] or " ") + 2 * _PAD_X + _GAP for c in chips)


def paint_chips(painter: QPainter, rect: QRect, items: Sequence, metrics: QFontMetrics) -> None:
    """Draw ``items`` (``Chip``s or tuples of its fields) left to right in ``rect``."""
    chips = _as_chips(items)
    colors = chip_colors(chips)
    x = rect.left() + 2
    h = min(rect.height() - 7, metrics.height() + 4)
    y = rect.top() + (rect.height() - h - 3) // 2
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    for chip, color in zip(chips, colors):
        w = metrics.horizontalAdvance(chip.label or " ") + 2 * _PAD_X
        if x > rect.right():
            break
        box = QRectF(x, y, w, h)
        painter.setBrush(color)
        if chip.outlined:
            painter.setPen(QPen(QColor("#c62828"), 2))
        else:
            painter.setPen(QPen(color.darker(130), 1))
        painter.drawRoundedRect(box, 4, 4)
        if chip.marked:
            painter.fillRect(QRectF(x - _GAP / 2, y + h, w + _GAP, 3), _MARK)
        painter.setPen(QColor("#212121"))
        painter.drawText(box, int(Qt.AlignmentFlag.AlignCenter), chip.label)
        x += w + _GAP
    painter.restore()


class SegmentationDelegate(QStyledItemDelegate):
    """Paints a cell's chips, read from ``role`` (a list of chips or chip tuples)."""

    def __init__(self, role: int, parent=None) -> None:
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
        paint_chips(painter, option.rect, chips, option.fontMetrics)
        painter.restore()

    def sizeHint(self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex) -> QSize:  # noqa: N802
        chips = index.data(self.role)
        base = super().sizeHint(option, index)
        if not chips:
            return base
        return QSize(chips_width(chips, option.fontMetrics) + 6, max(base.height(), option.fontMetrics.height() + 8))


class ChipStrip(QWidget):
    """A read-only row of chips that wraps onto as many lines as it needs."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._chips: list[Chip] = []
        sp = QSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        sp.setHeightForWidth(True)
        self.setSizePolicy(sp)

    def set_chips(self, chips: Sequence) -> None:
        self._chips = _as_chips(chips)
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
            w = fm.horizontalAdvance(chip.label or " ") + 2 * _PAD_X
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
        boxes = self._layout(self.width())
        colors = chip_colors([c for _, c in boxes])
        for (rect, chip), color in zip(boxes, colors):
            painter.setBrush(color)
            painter.setPen(QPen(QColor("#c62828"), 2) if chip.outlined else QPen(color.darker(130), 1))
            painter.drawRoundedRect(QRectF(rect), 4, 4)
            painter.setPen(QColor("#212121"))
            painter.drawText(rect, int(Qt.AlignmentFlag.AlignCenter), chip.label)
        painter.end()


def monospace_font(base: QFont | None = None) -> QFont:
    font = QFont(base) if base is not None else QFont()
    font.setFamily("DejaVu Sans Mono")
    font.setStyleHint(QFont.StyleHint.Monospace)
    return font
