"""Every tab's view, built alone, shown, switched to Chinese and back, and closed, is kept by
no Python object and leaves nothing holding a Qt object to the cyclic collector, which runs
in whichever thread allocates (issue 20, point E: a job's thread freeing a closed test's
widgets crashed a later test)."""

from __future__ import annotations

import gc
import weakref

import pytest

from app.core import i18n
from app.core.jobs import runner
from app.core.registry import TokenizerRegistry
from app.widgets.view import View
from app.window.tabs import TABS

from ..freed_support import close_and_delete, qt_cycles


@pytest.mark.parametrize("tab", TABS, ids=[t.view.__name__ for t in TABS])
def test_a_closed_view_goes_without_the_cyclic_collector(qtbot, settings, tab) -> None:
    registry = TokenizerRegistry()
    view = tab.view(registry, settings)
    view.resize(1200, 800)
    view.show()
    qtbot.waitExposed(view)
    qtbot.wait(300)  # its first loads and jobs start
    registry.wait(60_000)
    qtbot.wait(300)  # their results shown
    try:  # texts composed again in Chinese, then in English (the views' language listeners)
        assert i18n.set_language("zh_CN")
        qtbot.wait(100)
    finally:
        i18n.set_language("en")
    qtbot.wait(100)
    _closed_and_freed(view, registry)


def _closed_and_freed(view: View, registry: TokenizerRegistry) -> None:
    """Close ``view`` with the collector off: no Python object keeps it, and nothing it held
    is left in a cycle (what the collector would free, in whichever thread).

    subtle: run alone, a view may stay referenced from Qt's side (no Python referrer) for a
    while after it is deleted; the collector never frees such an object, so that is not
    asserted here (it is a leak to find, not a crash)."""
    view.shutdown()
    runner.wait_all(60_000)
    qt_cycles()  # what earlier tests left is not this view's
    gc.disable()
    try:
        ref = weakref.ref(view)
        close_and_delete(view)
        i18n.forget_deleted()  # (bound texts keep their widgets until the next language switch)
        del view, registry
        gc.unfreeze()  # (a job started meanwhile froze every object: get_referrers skips frozen ones)
        left = ref()
        held = [_holder(h) for h in gc.get_referrers(left)] if left is not None else []
        del left
        assert not held, f"still referenced by {held}; cycles: {qt_cycles()}"
        assert not qt_cycles()
    finally:
        gc.enable()


def _holder(o: object) -> str:
    if isinstance(o, dict):
        return (
            f"the attributes of {[type(h).__name__ for h in gc.get_referrers(o) if getattr(h, '__dict__', None) is o]}"
        )
    return type(o).__qualname__
