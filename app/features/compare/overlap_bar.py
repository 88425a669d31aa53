"""Compare's vocabulary overlap drawn to scale: only in A, in both, only in B.

:class:`OverlapBar` paints the three parts of two vocabularies side by side, each in its
color with its count when it fits; :func:`share_text` writes a part of a whole as a
percentage. Kept apart from the panel, which composes the pickers, the summary and the lists.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent
from PySide6.QtWidgets import QSizePolicy, QWidget

from app.display import palette
from app.display.format import format_count

__all__ = ["OverlapBar", "share_text"]

_A, _SHARED, _B = palette.FILLS[0], palette.FILLS[2], palette.FILLS[1]


def share_text(part: int, whole: int) -> str:
    """``part`` of ``whole`` as a percentage with two decimals (``"48.21 %"``)."""
    return f"{100 * part / whole:.2f} %" if whole else "—"


class OverlapBar(QWidget):
    """Only-in-A, shared and only-in-B drawn to scale, each part with its count."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.parts = (0, 0, 0)
        self.setMinimumHeight(self.fontMetrics().height() + 10)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt naming)
        return QSize(400, self.fontMetrics().height() + 10)

    def set_parts(self, only_a: int, shared: int, only_b: int) -> None:
        self.parts = (only_a, shared, only_b)
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802
        total = sum(self.parts)
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        rect = QRectF(self.rect()).adjusted(1, 1, -1, -1)
        if not total:
            painter.setPen(QColor("#9e9e9e"))
            painter.drawRoundedRect(rect, 4, 4)
            return
        x = rect.left()
        for count, color in zip(self.parts, (_A, _SHARED, _B)):
            width = rect.width() * count / total
            box = QRectF(x, rect.top(), width, rect.height())
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor(color))
            painter.drawRect(box)
            text = format_count(count)
            if self.fontMetrics().horizontalAdvance(text) + 8 < width:
                painter.setPen(QColor(palette.TEXT))
                painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)
            x += width
        painter.setPen(QColor("#757575"))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRoundedRect(rect, 3, 3)
