"""The main window is freed by reference counting once closed and let go, never only by the
cyclic garbage collector (which runs in whichever thread allocates: a job's thread must never
destroy Qt objects)."""

from __future__ import annotations

import gc
import weakref

from app.core.settings import Settings
from app.window.main_window import MainWindow

from ..freed_support import close_and_delete, qt_cycles


def test_a_closed_window_goes_without_the_cyclic_collector(qtbot, tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    window = MainWindow(Settings())
    window.show()
    qtbot.waitExposed(window)
    for view in window.views():  # every tab built and shown once
        window.tabs.setCurrentWidget(view)
        qtbot.wait(20)
    qt_cycles()  # (what earlier tests left, frozen or not, is not this window's)
    gc.disable()
    try:
        ref = weakref.ref(window)
        close_and_delete(window)
        del window
        alive = ref()
        referrers = [type(r).__name__ for r in gc.get_referrers(alive)] if alive is not None else []
        assert alive is None, f"still referenced by {referrers}"
        assert not qt_cycles()  # nor any of its parts
    finally:
        gc.enable()
