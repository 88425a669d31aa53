"""The progress bar paints a new value with the window's next paint, never at once (a
QProgressBar repaints synchronously, painting every pending update of the window in the
middle of a relayout: issue 20, F)."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QProgressBar

from app.widgets.progress_bar import ProgressBar


class PaintCounter(QObject):
    def __init__(self) -> None:
        super().__init__()
        self.paints = 0

    def eventFilter(self, _watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt naming)
        if event.type() == QEvent.Type.Paint:
            self.paints += 1
        return False


def painted_at_once(qtbot, bar: QProgressBar) -> tuple[int, int]:  # type: ignore[no-untyped-def]
    qtbot.addWidget(bar)
    bar.setRange(0, 1000)
    bar.resize(1200, 20)
    bar.show()
    qtbot.waitExposed(bar)
    qtbot.wait(50)
    counter = PaintCounter()
    bar.installEventFilter(counter)
    bar.setValue(500)
    at_once = counter.paints
    qtbot.waitUntil(lambda: counter.paints > 0, timeout=2000)
    return at_once, bar.value()


def test_the_new_value_is_painted_later_not_at_once(qtbot) -> None:
    assert painted_at_once(qtbot, ProgressBar()) == (0, 500)


def test_qt_own_bar_paints_at_once(qtbot) -> None:
    """(the reference: what the subclass is for)"""
    assert painted_at_once(qtbot, QProgressBar())[0] >= 1
