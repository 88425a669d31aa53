"""Presentation mode takes three turns of the event loop (issue 20, F): the colors and
panels at once, the fonts in the next turn, the window's full screen state in the one after,
so that the relayouts and paints at the new panels, the new fonts and the new size never
hold the GUI thread in one turn (fonts and panels together: 114-166 ms of CPU while a
Families training ran)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QEvent, QObject

from app.widgets.chip_painter import HIGH_CONTRAST_PROPERTY
from app.window.presentation import PRESENTATION_BOOST


class Changes(QObject):
    """The window's font and state changes, in order."""

    def __init__(self) -> None:
        super().__init__()
        self.seen: list[str] = []

    def eventFilter(self, _watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt naming)
        kind = {QEvent.Type.FontChange: "fonts", QEvent.Type.WindowStateChange: "full screen"}.get(event.type())
        if kind is not None and kind not in self.seen:
            self.seen.append(kind)
        return False


def test_panels_at_once_then_fonts_then_full_screen(qtbot, window) -> None:
    presentation = window.presentation
    base = window.font().pointSizeF()
    changes = Changes()
    window.installEventFilter(changes)
    presentation.set_presenting(True)
    try:
        assert window.property(HIGH_CONTRAST_PROPERTY) and not window.statusBar().isVisible()
        assert window.font().pointSizeF() == pytest.approx(base) and changes.seen == []
        assert presentation.state_pending() and not window.isFullScreen()
        qtbot.waitUntil(window.isFullScreen, timeout=5_000)
        assert window.font().pointSizeF() == pytest.approx(base * PRESENTATION_BOOST)
        assert changes.seen == ["fonts", "full screen"]
        assert not presentation.state_pending()
    finally:
        window.removeEventFilter(changes)
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
