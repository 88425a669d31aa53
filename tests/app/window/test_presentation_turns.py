"""Presentation mode takes two turns of the event loop (issue 20, F): the fonts, colors and
panels at once, the window's full screen state in the next turn, so that the relayout and
paint at the new fonts and those at the new size never hold the GUI thread in one turn."""

from __future__ import annotations

import pytest

from app.widgets.chip_painter import HIGH_CONTRAST_PROPERTY
from app.window.presentation import PRESENTATION_BOOST


def test_fonts_at_once_full_screen_in_the_next_turn(qtbot, window) -> None:
    presentation = window.presentation
    base = window.font().pointSizeF()
    presentation.set_presenting(True)
    try:
        assert window.font().pointSizeF() == pytest.approx(base * PRESENTATION_BOOST)
        assert window.property(HIGH_CONTRAST_PROPERTY) and not window.statusBar().isVisible()
        assert presentation.state_pending() and not window.isFullScreen()
        qtbot.waitUntil(window.isFullScreen, timeout=5_000)
        assert not presentation.state_pending()
    finally:
        presentation.set_presenting(False)
    qtbot.waitUntil(lambda: not window.isFullScreen(), timeout=5_000)
    assert window.font().pointSizeF() == pytest.approx(base)


def test_on_and_off_in_one_turn_leave_the_window_as_it_was(qtbot, window) -> None:
    presentation = window.presentation
    state = window.windowState()
    presentation.set_presenting(True)
    presentation.set_presenting(False)
    qtbot.waitUntil(lambda: not presentation.state_pending(), timeout=5_000)
    qtbot.wait(50)
    assert not window.isFullScreen() and window.windowState() == state
    assert window.statusBar().isVisible()
