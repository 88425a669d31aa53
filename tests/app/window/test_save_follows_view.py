"""File > Save and Export follow the tokenizer the current view shows, in the real window: each
view says so with the View contract's ``tokenizer_changed`` alone (issue 20, D).

Save and Export are on exactly when the view on screen shows a loaded tokenizer: not while it
fails to load, not for a Compare column that changed away from it, and not while the Timeline
follows a training in progress (Save is then the Train tab's)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from app.window.main_window import MainWindow
from bpe_engine import Tokenizer, train_bpe

from ..hf_cache_support import add_model
from ..training_support import step_to, write_corpus

SPECIALS = ["<|endoftext|>"]


@pytest.fixture(scope="module")
def tok() -> Tokenizer:
    return train_bpe(None, 300, SPECIALS, text="en mix of words, words and more words " * 30)


def _actions(window: MainWindow) -> tuple[bool, bool]:
    return window.save_action.isEnabled(), window.export_action.isEnabled()


def test_tokenize_a_failed_load_and_a_failed_open(qtbot, settings, empty_hf_cache, tmp_path, tok) -> None:
    broken = tmp_path / "tokenizer.json"
    broken.write_text('{"model": {"type": "BPE", "vocab": {"a": 0}, "merges": ["a b"]}}', encoding="utf-8")
    add_model(empty_hf_cache, "org/broken", {"tokenizer.json": broken})
    window = MainWindow(settings)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    try:
        key = window.registry.add(tok, "mine")
        view = window.tokenize_view
        window.tabs.setCurrentWidget(view)
        assert view.tokenizer_key() == key and _actions(window) == (True, True)
        # A model of the Hugging Face cache that cannot be loaded: nothing to save or export.
        with qtbot.waitSignal(window.registry.failed, timeout=60_000):
            view.picker.set_current_key("org/broken")
        assert view.tokenizer_key() == "org/broken" and view.messages.kind == "error"
        assert _actions(window) == (False, False)
        # A local .tiktoken file that cannot be read changes nothing.
        with qtbot.waitSignal(view.opener.failed, timeout=30_000):
            view.opener.open(str(tmp_path / "missing.tiktoken"))
        assert _actions(window) == (False, False)
        # Back to a tokenizer that is there: Save and Export act on it.
        view.picker.set_current_key(key)
        assert _actions(window) == (True, True)
        # A file that fails to open (File > Open) leaves the view's tokenizer saveable.
        bad = tmp_path / "bad.json"
        bad.write_text("{not json", encoding="utf-8")
        with qtbot.waitSignal(window.train_view.file_failed, timeout=30_000):
            window.open_tokenizer(str(bad))
        qtbot.waitUntil(lambda: not window.file_busy.isVisible(), timeout=10_000)
        assert view.tokenizer_key() == key and _actions(window) == (True, True)
    finally:
        window.registry.wait(60_000)
        window.train_view.files.wait_idle(60)
        window.shutdown(0)


@pytest.mark.usefixtures("openai_encodings")
def test_compare_a_changed_column(qtbot, window, tok) -> None:
    key = window.registry.add(tok, "mine")
    view = window.compare_view
    window.tabs.setCurrentWidget(view)
    assert view.keys()[0] == key and _actions(window) == (True, True)
    # The only column of our own now shows another tokenizer: Save and Export follow it.
    view.columns()[0].set_key("o200k_base")
    qtbot.waitUntil(lambda: window.registry.get("o200k_base") is not None, timeout=60_000)
    assert view.tokenizer_key() != key
    assert _actions(window) == (True, True)  # an OpenAI encoding can be saved and exported too
    view.set_keys(["cl100k_base", "o200k_base"])
    qtbot.waitUntil(lambda: window.registry.get("cl100k_base") is not None, timeout=60_000)
    assert view.tokenizer_key() == "cl100k_base" and _actions(window) == (True, True)
    # Back to ours: Save names it again.
    view.columns()[1].set_key(key)
    assert view.tokenizer_key() == key and _actions(window) == (True, True)
    window.registry.remove(key)
    assert key not in view.keys() and view.tokenizer_key() in window.registry.keys()


@pytest.mark.usefixtures("openai_encodings")
def test_compare_columns_that_cannot_be_shown(qtbot, window, settings) -> None:
    view = window.compare_view
    window.tabs.setCurrentWidget(view)
    # Columns still loading: nothing on screen to save yet, then their tokenizer.
    view.set_keys(["p50k_base", "r50k_base"])
    if window.registry.get("p50k_base") is None:
        assert _actions(window) == (False, False)
    qtbot.waitUntil(lambda: window.registry.get("p50k_base") is not None, timeout=60_000)
    assert view.tokenizer_key() == "p50k_base" and _actions(window) == (True, True)


def test_timeline_following_a_training(qtbot, window, tmp_path, tok) -> None:
    key = window.registry.add(tok, "mine")
    train = window.train_view
    train.corpus.add_files([str(write_corpus(tmp_path, 30_000))])
    train.settings_panel.vocab_size.setValue(1500)
    step_to(qtbot, train, 30)  # a training in progress, paused
    timeline = window.timeline_view
    window.tabs.setCurrentWidget(timeline)
    assert timeline.tokenizer_key() == key and _actions(window) == (True, True)
    qtbot.mouseClick(timeline.live_box, Qt.MouseButton.LeftButton)
    assert timeline.live_box.isChecked()
    # The live view is no tokenizer of the session: Save is the Train tab's result, not this.
    assert timeline.tokenizer_key() == "" and _actions(window) == (False, False)
    qtbot.mouseClick(timeline.live_box, Qt.MouseButton.LeftButton)
    assert timeline.tokenizer_key() == key and _actions(window) == (True, True)
    train.cancel_action.trigger()
