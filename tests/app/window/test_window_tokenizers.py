"""The window's one tokenizer list and Save (Ctrl+S) acting on the tokenizer on screen, the
remembered layout, Help, and a bad file opened from the Vocabulary tab (driven as a user
does: keys, menus, dialogs answered through their functions)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QFileDialog, QInputDialog, QMessageBox

import bpe_engine
from app.core.settings import Settings
from app.core.training.events import Failed, Finished
from app.window.main_window import MainWindow
from bpe_engine import Tokenizer, train_bpe

from ..training_support import choose_sample, syllable_text, waiting_for


def _train_sample(qtbot, window: MainWindow, key: str = "hello_helo") -> str:
    train = window.train_view
    choose_sample(qtbot, train, key)
    with waiting_for(qtbot, train.controller, Finished, timeout=60_000):
        train.start_action.trigger()
    assert train.result_key is not None
    return train.result_key


def test_save_acts_on_the_tokenizer_of_the_current_view(qtbot, window, tmp_path, monkeypatch) -> None:
    sample_key = _train_sample(qtbot, window)
    other = train_bpe(None, 300, ["<|endoftext|>"], text="en mix of words, words and more words " * 30)
    other_key = window.registry.add(other, "en_mix")
    titles: list[str] = []

    def ask(_parent, title, start, _filter):
        titles.append(title)
        return str(tmp_path / "out.json"), ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(ask))
    window.tabs.setCurrentWidget(window.vocab_view)
    window.vocab_view.show_key(other_key)
    assert window.save_action.isEnabled()
    with qtbot.waitSignal(window.train_view.file_saved, timeout=30_000):
        qtbot.keyClick(window.vocab_view, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    assert titles == ["Save tokenizer “en_mix”"]
    saved = Tokenizer.load(tmp_path / "out.json")
    assert saved.merges == other.merges and len(saved) == len(other)  # not the 262-token sample
    # On the Train tab, Save is that view's result.
    window.tabs.setCurrentWidget(window.train_view)
    with qtbot.waitSignal(window.train_view.file_saved, timeout=30_000):
        qtbot.keyClick(window.train_view, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    assert window.registry.entry(sample_key).label in titles[-1]
    assert len(Tokenizer.load(tmp_path / "out.json")) == len(window.registry.get(sample_key))


def test_a_failed_run_leaves_the_previous_result_saveable(qtbot, window, tmp_path) -> None:
    key = _train_sample(qtbot, window)
    train = window.train_view
    # Valid UTF-8 at the start (the quick check passes), Latin-1 later: the engine fails the run.
    bad = tmp_path / "mixed.txt"
    bad.write_bytes(syllable_text(30_000).encode() + "naïve".encode("latin-1"))
    assert train.corpus.add_files([str(bad)]) == []
    with waiting_for(qtbot, train.controller, Failed, timeout=30_000):
        train.start_action.trigger()
    assert train.save_action.isEnabled() and window.save_action.isEnabled()
    assert "can still be saved" in train.result_label.text()
    with qtbot.waitSignal(train.file_saved, timeout=30_000):
        assert train.save_tokenizer(tmp_path / "kept.json")
    assert Tokenizer.load(tmp_path / "kept.json").merges == window.registry.get(key).merges


def test_one_list_with_unique_names_rename_and_remove(qtbot, window, monkeypatch) -> None:
    first = _train_sample(qtbot, window)
    second = _train_sample(qtbot, window)
    labels = [window.registry.entry(k).label for k in (first, second)]
    assert labels[0] != labels[1] and labels[1] == labels[0] + " (2)"
    for picker in (window.vocab_view.picker, window.tokenize_view.picker, window.stream_view.picker):
        texts = [picker.itemText(i) for i in range(picker.count())]
        assert len(texts) == len(set(texts))  # no identical entries
        tip = picker.itemData(picker.findData(second), Qt.ItemDataRole.ToolTipRole)
        assert "trained on" in tip and "trained " in tip.splitlines()[-1]
    # The newest trained one is the default of every view that follows it.
    assert window.tokenize_view.current_key() == second
    assert window.vocab_view.key == second
    assert window.stream_view.picker.current_key() == second

    monkeypatch.setattr(QInputDialog, "getText", staticmethod(lambda *a, **k: ("greetings", True)))
    window.list_action.trigger()
    dialog = window.saving.list_dialog
    assert dialog.keys() == [second, first] and dialog.current_key() == window.view_tokenizer_key()
    dialog.select(first)
    qtbot.mouseClick(dialog.rename_button, Qt.MouseButton.LeftButton)
    assert window.registry.entry(first).label == "greetings"
    assert window.tokenize_view.picker.findText("greetings") >= 0
    dialog.select(second)
    qtbot.mouseClick(dialog.remove_button, Qt.MouseButton.LeftButton)
    assert second not in window.registry.keys()
    assert window.tokenize_view.picker.findData(second) < 0
    assert window.tokenize_view.current_key() != second
    dialog.close()


def test_geometry_and_splitters_are_remembered(qtbot, tmp_path) -> None:
    settings = Settings(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    w = MainWindow(settings)
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    w.resize(760, 580)  # within the test screen (800x800), above the minimum size
    sizes = w.train_view.outer_splitter.sizes()
    w.train_view.outer_splitter.setSizes([sizes[0] + 60, sizes[1] - 60])
    want = w.train_view.outer_splitter.sizes()
    assert w.close()
    again = MainWindow(settings)
    qtbot.addWidget(again)
    again.show()
    qtbot.waitExposed(again)
    assert (again.width(), again.height()) == (760, 580)
    assert again.train_view.outer_splitter.sizes() == want
    # Neither pane can be dragged away entirely.
    assert not again.train_view.outer_splitter.childrenCollapsible()
    assert not again.train_view.top_splitter.childrenCollapsible()
    again.close()


def test_help_has_a_guide_and_about_says_the_version(qtbot, window, monkeypatch) -> None:
    window.guide_action.trigger()
    guide = window.help.guide
    assert guide.isVisible() and "Vocabulary" in guide.text() and "F10" in guide.text() and "Ctrl+T" in guide.text()
    assert "&lt;e3 80&gt;" in guide.text()  # the byte notation explained
    guide.close()
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "about", staticmethod(lambda _p, _t, text: shown.append(text)))
    about = next(a for a in window.menuBar().actions()[-1].menu().actions() if "About" in a.text())
    about.trigger()
    assert bpe_engine.__version__ in shown[0]


def test_a_bad_file_opened_from_the_vocabulary_tab_is_explained_there(qtbot, window, tmp_path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": null}', encoding="utf-8")
    window.tabs.setCurrentWidget(window.vocab_view)
    with qtbot.waitSignal(window.train_view.file_failed, timeout=30_000):
        assert window.open_tokenizer(str(bad))
    assert window.tabs.currentWidget() is window.vocab_view  # no jump to the Train tab
    text = window.vocab_view.messages.text()
    assert text.count(str(bad)) == 1 and "None" not in text and '"format" is null' in text


def test_train_tab_file_busy_blocks_nothing_else(window) -> None:
    # Save is off where the view shows no tokenizer (nothing trained, vocabulary empty).
    window.tabs.setCurrentWidget(window.vocab_view)
    assert not window.save_action.isEnabled()
    assert Path(window.settings.last_folder or ".").exists()


def test_a_window_remembered_on_a_larger_screen_fits_this_one(qtbot, tmp_path) -> None:
    """A size saved on a 1280x820 screen (or the default size) must not put the buttons off
    a smaller screen: the window shrinks and moves onto it."""
    settings = Settings(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    big = MainWindow(settings)  # nothing remembered yet: the default 1280x820
    qtbot.addWidget(big)
    room = big.screen().availableGeometry()
    assert room.width() < 1280  # the test screen is smaller than the default size
    assert big.width() <= room.width() and big.height() <= room.height()
    big.setGeometry(room.left() + 300, room.top() + 200, room.width() + 500, room.height() + 400)
    settings.window_geometry = bytes(big.saveGeometry().data())
    big.close()
    again = MainWindow(settings)
    qtbot.addWidget(again)
    assert again.width() <= room.width() and again.height() <= room.height()
    assert room.contains(again.geometry().topLeft()) and room.contains(again.geometry().bottomRight())
