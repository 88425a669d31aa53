"""The main window: opens and closes cleanly, its menus, closing while training, opening files;
the entry point; and the signal canary (PySide6 6.12 on Python 3.11 aborted after a few
hundred emits, see docs/DESIGN.md)."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from app.core.training.events import Cancelled, Finished, Paused
from app.window.main_window import MainWindow
from bpe_engine import MergeEvent, train_bpe

from ..training_support import choose_sample, waiting_for, write_corpus

REPO = Path(__file__).resolve().parents[3]


def _menu(window: MainWindow, title: str):
    for action in window.menuBar().actions():
        if action.text().replace("&", "") == title:
            return action.menu()
    raise AssertionError(f"no menu {title}")


def test_opens_and_closes_without_qt_warnings(qtbot, settings) -> None:
    w = MainWindow(settings)
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    assert [w.tabs.tabText(i) for i in range(2)] == ["Train", "Vocabulary"]
    assert w.tabs.currentWidget() is w.train_view
    assert w.close()
    assert w.train_view.controller.state == "idle"


def test_file_and_training_menus(window) -> None:
    file_items = {a.text().replace("&", ""): a for a in _menu(window, "File").actions() if not a.isSeparator()}
    assert {"Open tokenizer…", "Save tokenizer…", "Quit"} <= set(file_items)
    assert file_items["Open tokenizer…"].shortcut().toString() == "Ctrl+O"
    assert file_items["Save tokenizer…"].shortcut().toString() == "Ctrl+S"
    assert not file_items["Save tokenizer…"].isEnabled()  # nothing trained yet
    training = [a.text().replace("&", "") for a in _menu(window, "Training").actions()]
    assert training == [
        "Start",
        "Pause",
        "Resume",
        "Step",
        "Back",
        "Cancel",
        "",
        "Save training as checkpoint…",
        "Export step handout…",
    ]
    assert "Resume training from checkpoint…" in file_items


def test_a_trained_tokenizer_opens_in_the_vocabulary_view(qtbot, window) -> None:
    train = window.train_view
    choose_sample(qtbot, train, "hello_helo")
    with waiting_for(qtbot, train.controller, Finished, timeout=60_000):
        train.start_action.trigger()
    assert window.save_action.isEnabled()
    assert window.vocab_view.key == train.result_key
    assert window.vocab_view.model.rowCount() == len(train.controller.tokenizer())
    train.browse_button.click()
    assert window.tabs.currentWidget() is window.vocab_view


def test_open_tokenizer_through_the_window(qtbot, window, tmp_path) -> None:
    tok = train_bpe(None, 270, ["<|endoftext|>"], text="low lower lowest newest " * 20)
    good = tmp_path / "good.json"
    tok.save(good)
    window.tabs.setCurrentWidget(window.stream_view)
    with qtbot.waitSignal(window.train_view.file_opened, timeout=30_000) as opened:
        assert window.open_tokenizer(str(good))
        assert not window.open_action.isEnabled()  # File > Open waits for the running job
    key = opened.args[0]
    assert window.tabs.currentWidget() is window.vocab_view and window.open_action.isEnabled()
    assert window.vocab_view.key == key and window.vocab_view.model.rowCount() == len(tok)
    assert "Opened" in window.statusBar().currentMessage()
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "bpe-explorer", "version": 1, "vocab": 5}', encoding="utf-8")
    with qtbot.waitSignal(window.train_view.file_failed, timeout=30_000):
        assert window.open_tokenizer(str(bad))
    assert window.tabs.currentWidget() is window.vocab_view  # the error is shown where the user is
    assert "bad.json" in window.vocab_view.messages.text() and "bad.json" in window.train_view.messages.text()
    assert window.vocab_view.key == key  # the good one is still browsed


def test_file_save_writes_the_trained_tokenizer(qtbot, window, tmp_path) -> None:
    train = window.train_view
    choose_sample(qtbot, train, "hello_helo")
    with waiting_for(qtbot, train.controller, Finished, timeout=60_000):
        train.start_action.trigger()
    path = tmp_path / "result.json"
    with qtbot.waitSignal(train.file_saved, timeout=30_000):
        assert train.save_tokenizer(path)
        assert not window.save_action.isEnabled()  # File > Save waits for the running job
    assert window.save_action.isEnabled() and "Saved" in window.statusBar().currentMessage()
    from bpe_engine import Tokenizer

    assert Tokenizer.load(path).merges == train.controller.tokenizer().merges


def test_training_shortcuts_work_from_every_tab(qtbot, window) -> None:
    train = window.train_view
    choose_sample(qtbot, train, "hello_helo")
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    window.tabs.setCurrentWidget(window.tokenize_view)
    window.tokenize_view.editor.setFocus()
    with waiting_for(qtbot, train.controller, Paused, timeout=30_000):
        qtbot.keyClick(window.tokenize_view.editor, Qt.Key.Key_F10)  # Step, typed in another tab
    assert window.tabs.currentWidget() is train  # the run is shown where its controls are
    with waiting_for(qtbot, train.controller, Paused, timeout=30_000):
        qtbot.keyClick(train.merges_view, Qt.Key.Key_F10)  # and inside the Train view (one shortcut, no ambiguity)
    assert len(train.controller.merges) == 1
    window.tabs.setCurrentWidget(window.compare_view)
    with waiting_for(qtbot, train.controller, Cancelled, timeout=30_000):
        qtbot.keyClick(window.compare_view, Qt.Key.Key_F5, Qt.KeyboardModifier.ShiftModifier)
    assert window.tabs.currentWidget() is train


def test_closing_during_a_corpus_run_and_playback_stops_them(qtbot, window, tmp_path) -> None:
    # Views are child widgets: they get no close event, the window shuts them down.
    tok = train_bpe(None, 300, ["<|endoftext|>"], text="low lower lowest newest " * 50)
    key = window.registry.add(tok, "tiny")
    compare = window.compare_view
    compare.set_keys([key])
    path = write_corpus(tmp_path, 200_000, "big.txt")
    compare.set_corpus_path(str(path))
    compare.limit_spin.setValue(0)
    compare.run_corpus()
    thread = compare.corpus._thread
    assert compare.corpus.is_running()
    stream = window.stream_view
    stream.picker.set_current_key(key)
    stream.set_text("low lower lowest")
    qtbot.waitUntil(stream.is_prepared, timeout=20_000)
    stream.play()
    assert stream.is_playing()
    assert not window.close()  # "tiny" was trained and never saved: it asks first
    discard = next(b for b in window.quitting.unsaved.box.buttons() if b.text() == "Discard")
    qtbot.mouseClick(discard, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not window.isVisible(), timeout=5_000)
    assert thread.isFinished()
    assert not stream.is_playing()
    assert not window.tokenize_view.controller.is_busy() and not compare.controller.is_busy()


def test_closing_while_training_asks_then_quit_stops_within_half_a_second(qtbot, window, tmp_path) -> None:
    train = window.train_view
    train.corpus.add_files([str(write_corpus(tmp_path, 60_000))])
    train.settings_panel.vocab_size.setValue(3300)
    with waiting_for(qtbot, train.controller, MergeEvent, timeout=60_000):
        train.start_action.trigger()
    run = train.controller._run
    assert not window.close()  # it asks: Save & quit, Quit, Cancel (tests/app/test_checkpoints.py)
    box = window.quit_box
    assert box is not None and "A training is paused" in box.text() and window.isVisible()
    assert train.controller.state == "paused"  # nothing happens behind the question
    quit_button = next(b for b in box.buttons() if b.text() == "Quit")
    qtbot.mouseClick(quit_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not window.isVisible(), timeout=500)
    assert train.controller.state == "cancelled"
    qtbot.waitUntil(lambda: not run.thread.isRunning(), timeout=30_000)  # it ends by itself


def test_the_entry_point_starts_the_app(tmp_path) -> None:
    # What `bpe-explorer` runs, in a fresh process with its own settings folder; quits itself.
    script = textwrap.dedent("""
        import sys
        from PySide6.QtCore import QTimer
        from PySide6.QtWidgets import QApplication
        from app.__main__ import main
        app = QApplication(sys.argv)
        def check_and_quit():
            window = next(w for w in app.topLevelWidgets() if w.objectName() == "" and w.windowTitle() == "BPE Explorer")
            print("tabs:", [window.tabs.tabText(i) for i in range(window.tabs.count())][:2])
            print("sample:", window.train_view.corpus.current_sample().title)
            print("start enabled:", window.train_view.start_action.isEnabled())
            window.close()
        QTimer.singleShot(500, check_and_quit)
        sys.exit(main())
    """)
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", XDG_CONFIG_HOME=str(tmp_path), HOME=str(tmp_path))
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=REPO, env=env, timeout=120)
    assert out.returncode == 0, out.stderr
    assert "tabs: ['Train', 'Vocabulary']" in out.stdout
    assert "sample: English: a short story" in out.stdout
    assert "start enabled: True" in out.stdout


def test_signal_canary_thousands_of_emits_in_a_subprocess() -> None:
    # PySide6 6.12.0 on CPython 3.11 lost a reference to True on each emit and aborted
    # (bool_dealloc). Emit many bool and object signals, across threads as the worker does.
    script = textwrap.dedent("""
        import sys, threading
        from PySide6.QtCore import QCoreApplication, QObject, QThread, Signal

        class Sender(QObject):
            flag = Signal(bool)
            batch = Signal(int, object)
            done = Signal()
            def run(self):
                for i in range(20000):
                    self.flag.emit(i % 2 == 0)
                    self.batch.emit(i, [True, i])
                self.done.emit()

        class Receiver(QObject):
            def __init__(self):
                super().__init__()
                self.flags = 0
                self.batches = 0
            def on_flag(self, value):
                self.flags += 1
            def on_batch(self, i, payload):
                self.batches += 1

        app = QCoreApplication(sys.argv)
        receiver = Receiver()
        local = Sender()
        local.flag.connect(receiver.on_flag)
        for i in range(20000):
            local.flag.emit(True)
        thread = QThread()
        sender = Sender()
        sender.moveToThread(thread)
        sender.flag.connect(receiver.on_flag)
        sender.batch.connect(receiver.on_batch)
        sender.done.connect(thread.quit)
        thread.finished.connect(app.quit)
        thread.started.connect(sender.run)
        thread.start()
        app.exec()
        thread.wait()
        print(receiver.flags, receiver.batches, sys.getrefcount(True) > 0)
    """)
    out = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        cwd=REPO,
        env=dict(os.environ, QT_QPA_PLATFORM="offscreen"),
        timeout=300,
    )
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.split() == ["40000", "20000", "True"]
