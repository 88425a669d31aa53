"""A session of training and typing leaves no garbage to the cyclic collector.

The job runner's guard (``app/core/jobs/runner.py``) makes a collection that starts in a job's
thread freeze every object rather than free any there (a Qt object freed outside the GUI
thread crashes the app), so garbage that exists at that moment is kept for the rest of the
session. That is a leak only if the app makes cyclic garbage: this checks that a session of
training, choosing tokenizers and typing in Tokenize, with a language switch, makes none
(views and their parts are freed by reference counting: ``test_views_freed.py``)."""

from __future__ import annotations

import gc
from collections import Counter

from app.core import i18n
from app.core.training.events import Finished

from ..freed_support import qt_cycles
from ..training_support import waiting_for, write_corpus


def _garbage() -> Counter[str]:
    """What a full collection of every object (frozen ones too) finds unreachable, by type."""
    gc.unfreeze()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        gc.collect()
        return Counter(
            type(o).__qualname__ + (":" + o.__module__ + "." + o.__qualname__ if isinstance(o, type) else "")
            for o in gc.garbage
        )
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        gc.collect()


def _session(qtbot, window) -> None:
    """Train, choose three tokenizers and type in Tokenize with each, switch the language."""
    train = window.train_view
    with waiting_for(qtbot, train.controller, Finished, timeout=120_000):
        train.start_action.trigger()
    assert len(train.controller.merges) == 600 - 257
    view = window.tokenize_view
    window.tabs.setCurrentWidget(view)
    for key in window.registry.keys()[:3]:  # the one trained, then OpenAI's r50k and p50k
        view.picker.set_current_key(key)
        for n in range(1, 8):  # typed a character at a time, the jobs of each overlapping
            view.set_text("the lower newest widest 國語 Жизнь " * n)
            qtbot.wait(40)
        window.registry.wait(60_000)
        qtbot.wait(300)
        assert view.tokenizer_key() == key
    try:
        assert i18n.set_language("zh_CN")
        qtbot.wait(100)
    finally:
        i18n.set_language("en")
    qtbot.wait(300)
    window.tabs.setCurrentWidget(train)


def test_training_choosing_and_typing_leave_no_cyclic_garbage(qtbot, window, tmp_path) -> None:
    train = window.train_view
    train.corpus.add_files([str(write_corpus(tmp_path, 3000))])
    train.settings_panel.vocab_size.setValue(600)
    qtbot.wait(300)
    window.registry.wait(60_000)
    # A first session imports what it uses (a module's import may leave garbage once: Python's
    # own http.HTTPMethod, when tiktoken tries a download) and loads the encodings.
    _session(qtbot, window)
    _garbage()
    _session(qtbot, window)
    assert _garbage() == Counter()
