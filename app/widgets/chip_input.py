"""What a chip view does with the mouse and the keys: hover, click, arrows, Home and End,
Escape, and the tooltip of the chip under the mouse.

:class:`ChipInput` is the base of :class:`~app.widgets.token_chips.ChipView`, which says
where the chips are (:meth:`ChipInput.index_at`), how many there are and how to bring one
into view; this module keeps the hovered and the selected chip and signals them.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QPoint, QPointF, Qt, Signal
from PySide6.QtGui import QHelpEvent, QKeyEvent, QMouseEvent
from PySide6.QtWidgets import QAbstractScrollArea, QToolTip, QWidget

__all__ = ["ChipInput"]


class ChipInput(QAbstractScrollArea):
    """The hovered and the selected chip of a chip view (see the module docstring).

    Signals:
        hovered(int): index of the chip under the mouse, -1 when none.
        selected(int): index chosen by a click or the arrow keys, -1 when cleared.
    """

    hovered = Signal(int)
    selected = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._hover = -1
        self._selected = -1
        self.tooltip_provider: Callable[[int], str] | None = None
        self._tip: tuple[int, QPoint] | None = None  # the chip whose tooltip was shown, and where

    def count(self) -> int:
        """How many chips there are (the view's)."""
        raise NotImplementedError

    def index_at(self, pos: QPointF) -> int:
        """The chip at ``pos`` in viewport coordinates, -1 when none (the view's)."""
        raise NotImplementedError

    def ensure_visible(self, index: int) -> None:
        """Scroll chip ``index`` into view (the view's)."""
        raise NotImplementedError

    def hovered_index(self) -> int:
        return self._hover

    def selected_index(self) -> int:
        return self._selected

    def select(self, index: int, *, emit: bool = True) -> None:
        index = index if 0 <= index < self.count() else -1
        if index == self._selected:
            return
        self._selected = index
        if index >= 0:
            self.ensure_visible(index)
        self.viewport().update()
        if emit:
            self.selected.emit(index)

    # -- interaction ------------------------------------------------------------------------

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        self._set_hover(self.index_at(event.position()))
        super().mouseMoveEvent(event)

    def leaveEvent(self, event: QEvent) -> None:  # noqa: N802
        self._set_hover(-1)
        super().leaveEvent(event)

    def _set_hover(self, index: int) -> None:
        if index != self._hover:
            self._hover = index
            self.viewport().update()
            self.hovered.emit(index)

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        if event.button() == Qt.MouseButton.LeftButton:
            self.setFocus(Qt.FocusReason.MouseFocusReason)
            self.select(self.index_at(event.position()))
            event.accept()
            return
        super().mousePressEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        event.accept()

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802
        n = self.count()
        key = event.key()
        if n and key in (Qt.Key.Key_Right, Qt.Key.Key_Left, Qt.Key.Key_Home, Qt.Key.Key_End):
            cur = self._selected
            if key == Qt.Key.Key_Right:
                cur = min(cur + 1, n - 1)
            elif key == Qt.Key.Key_Left:
                cur = max(cur - 1, 0) if cur >= 0 else 0
            elif key == Qt.Key.Key_Home:
                cur = 0
            else:
                cur = n - 1
            self.select(cur)
            event.accept()
            return
        if key == Qt.Key.Key_Escape and self._selected >= 0:
            self.select(-1)
            event.accept()
            return
        super().keyPressEvent(event)

    def viewportEvent(self, event: QEvent) -> bool:  # noqa: N802
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            index = self.index_at(QPointF(event.pos()))
            if index >= 0 and self.tooltip_provider is not None:
                self._tip = (index, event.globalPos())
                QToolTip.showText(event.globalPos(), self.tooltip_provider(index), self.viewport())
            else:
                self._tip = None
                QToolTip.hideText()
            return True
        if event.type() == QEvent.Type.Leave:
            self._tip = None  # the tooltip shown now, if any, is another widget's
        return super().viewportEvent(event)

    def refresh_tooltip(self) -> None:
        """Write the tooltip shown for a chip again (what it says became known meanwhile)."""
        tip, provider = self._tip, self.tooltip_provider
        if tip is None or provider is None or not QToolTip.isVisible() or tip[0] >= self.count():
            return
        text = provider(tip[0])
        if text and text != QToolTip.text():
            QToolTip.showText(tip[1], text, self.viewport())
