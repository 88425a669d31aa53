"""Presentation mode takes three turns of the event loop (issue 20, F): the colors and
fonts at once, the panels (status bar, views' secondary panels) in the next turn, the
window's full screen state in the one after, so that the relayouts and paints at the new
fonts, the new panels and the new size never hold the GUI thread in one turn (fonts and
panels together: 114-166 ms of CPU while a Families training ran)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QEvent, QObject

from app.widgets.chip_painter import HIGH_CONTRAST_PROPERTY
from app.window.presentation import PRESENTATION_BOOST


class Changes(QObject):
    """The status bar hidden (the panels) and the window's state changed, in order."""

    def __init__(self) -> None:
        super().__init__()
        self.seen: list[str] = []

    def eventFilter(self, _watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt naming)
        kind = {QEvent.Type.Hide: "panels", QEvent.Type.WindowStateChange: "full screen"}.get(event.type())
        if kind is not None and kind not in self.seen:
            self.seen.append(kind)
        return False


def test_fonts_at_once_then_panels_then_full_screen(qtbot, window) -> None:
    presentation = window.presentation
    base = window.font().pointSizeF()
    changes = Changes()
    presentation.set_presenting(True)
    try:
        assert window.property(HIGH_CONTRAST_PROPERTY)
        assert window.font().pointSizeF() == pytest.approx(base * PRESENTATION_BOOST)
        assert window.statusBar().isVisible() and presentation.state_pending() and not window.isFullScreen()
        window.statusBar().installEventFilter(changes)
        window.installEventFilter(changes)
        qtbot.waitUntil(window.isFullScreen, timeout=5_000)
        assert changes.seen == ["panels", "full screen"] and not window.statusBar().isVisible()
        assert not presentation.state_pending()
    finally:
        window.removeEventFilter(changes)
        window.statusBar().removeEventFilter(changes)
        presentation.set_presenting(False)
    qtbot.waitUntil(lambda: not window.isFullScreen(), timeout=5_000)
    assert window.font().pointSizeF() == pytest.approx(base)


def test_on_and_off_in_one_turn_leave_the_window_as_it_was(qtbot, window) -> None:
    presentation = window.presentation
    state = window.windowState()
    base = window.font().pointSizeF()
    presentation.set_presenting(True)
    presentation.set_presenting(False)
    qtbot.waitUntil(lambda: not presentation.state_pending(), timeout=5_000)
    qtbot.wait(50)
    assert not window.isFullScreen() and window.windowState() == state
    assert window.statusBar().isVisible() and window.font().pointSizeF() == pytest.approx(base)
