"""Long trainings survive: a training saved as a checkpoint from the Train tab (paused or
running, or by Save & quit when the window closes) and resumed with File > Resume training…
makes exactly the merges of one uninterrupted run (compared with ``train_bpe`` on the same
corpus), with its merges table and plots restored; also when the checkpoint is resumed by
the app's controller in a new process."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog, QMessageBox

from app.core.messages import ResumedRun
from app.core.training.events import Cancelled, Failed, Finished
from app.window.main_window import MainWindow
from bpe_engine import BpeTrainer, MergeEvent, Tokenizer, train_bpe

from ..training_support import step_to, waiting_for, write_corpus

REPO = Path(__file__).resolve().parents[3]
VOCAB = 1800


@pytest.fixture(scope="module")
def corpus(tmp_path_factory) -> Path:
    return write_corpus(tmp_path_factory.mktemp("ckpt"), 40_000)


@pytest.fixture(scope="module")
def uninterrupted(corpus) -> Tokenizer:
    return train_bpe(corpus, VOCAB, ["<|endoftext|>"], workers=1)


def _choose_file(monkeypatch, path: Path, *, save: bool) -> list[str]:
    """Answer the next file dialog with ``path``, as a user would pick it; returns the titles asked."""
    asked: list[str] = []

    def dialog(_parent, title, *_args, **_kwargs):
        asked.append(title)
        return str(path), ""

    name = "getSaveFileName" if save else "getOpenFileName"
    monkeypatch.setattr(QFileDialog, name, staticmethod(dialog))
    return asked


def _start_and_pause(qtbot, window: MainWindow, corpus: Path) -> int:
    train = window.train_view
    train.corpus.add_files([str(corpus)])
    train.settings_panel.vocab_size.setValue(VOCAB)
    step_to(qtbot, train, 50)  # Step (F10): counted, then 50 merges, paused there
    return 50


def _check_restored(train, reference: Tokenizer) -> None:
    """The finished run: the reference's merges, and every figure of the table and plots."""
    controller = train.controller
    tok = controller.tokenizer()
    assert tok is not None and tok.merges == reference.merges
    assert [(e.left, e.right) for e in controller.merges] == reference.merges
    assert [e.rank for e in controller.merges] == list(range(len(reference.merges)))
    assert train.merges_model.rowCount() == len(reference.merges)
    counts = train.plots.pair_counts()
    assert counts.tolist() == [e.count for e in controller.merges] == list(reference.merge_counts)
    total = controller.counting.total_bytes
    expected = [total / controller.counting.initial_tokens] + [total / e.tokens for e in controller.merges]
    assert np.allclose(train.plots.bytes_per_token(), expected)


def test_save_a_paused_training_and_resume_it_with_file_menu(
    qtbot, window, tmp_path, monkeypatch, corpus, uninterrupted
):
    train = window.train_view
    done = _start_and_pause(qtbot, window, corpus)
    path = tmp_path / "run.ckpt"
    asked = _choose_file(monkeypatch, path, save=True)
    assert train.checkpoint_action.isEnabled()
    with qtbot.waitSignal(train.checkpoint_saved, timeout=60_000):
        train.checkpoint_action.trigger()  # Training > Save training as checkpoint… (Ctrl+Shift+S)
    assert asked == ["Save the training as a checkpoint"] and path.is_file()
    assert f"{done} merges" in train.messages.text()
    assert train.controller.state == "paused"  # saving does not stop the run
    with waiting_for(qtbot, train.controller, Cancelled, timeout=60_000):
        train.cancel_action.trigger()

    _choose_file(monkeypatch, path, save=False)
    resume = next(a for a in window.menuBar().actions()[0].menu().actions() if a.text().startswith("Resume"))
    assert resume is train.resume_file_action and resume.shortcut().toString() == "Ctrl+Shift+O"
    with waiting_for(qtbot, train.controller, ResumedRun, timeout=60_000) as loaded:
        resume.trigger()
    assert loaded.event.merges == done
    assert train.settings_panel.vocab_size.value() == VOCAB  # the run's own settings are shown
    assert f"Resumed “{corpus.name}” from run.ckpt: {done} merges restored first." in train.messages.text()
    qtbot.waitUntil(lambda: train.controller.state == "finished", timeout=120_000)
    assert "Resuming" not in train.messages.text()  # (the line stays after the run: it said "Resuming")
    _check_restored(train, uninterrupted)
    assert window.registry.get(train.result_key).merges == uninterrupted.merges  # usable in every view


def test_a_running_training_saves_without_stopping(qtbot, window, tmp_path, monkeypatch):
    big = 4000  # long enough to be still running when the shortcut arrives
    corpus = write_corpus(tmp_path, 60_000)
    train = window.train_view
    train.corpus.add_files([str(corpus)])
    train.settings_panel.vocab_size.setValue(big)
    path = tmp_path / "running.ckpt"
    _choose_file(monkeypatch, path, save=True)
    with waiting_for(qtbot, train.controller, MergeEvent, timeout=120_000):
        train.start_action.trigger()
    with qtbot.waitSignal(train.checkpoint_saved, timeout=60_000):
        qtbot.keyClick(
            train.merges_view, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
        )
    qtbot.waitUntil(lambda: train.controller.state == "finished", timeout=120_000)  # it went on to its end
    reference = train_bpe(corpus, big, ["<|endoftext|>"], workers=1)
    assert train.controller.tokenizer().merges == reference.merges
    with waiting_for(qtbot, train.controller, Finished, timeout=120_000):
        assert train.resume_training(path)
    _check_restored(train, reference)


def test_resumed_by_the_app_in_a_new_process(qtbot, window, tmp_path, monkeypatch, corpus, uninterrupted):
    train = window.train_view
    _start_and_pause(qtbot, window, corpus)
    path = tmp_path / "other.ckpt"
    with qtbot.waitSignal(train.checkpoint_saved, timeout=60_000):
        assert train.save_checkpoint(path)
    script = textwrap.dedent("""
        import json, sys
        from PySide6.QtCore import QCoreApplication, QTimer
        from app.core.training.controller import TrainingController
        from app.core.training.events import Failed, Finished
        app = QCoreApplication(sys.argv)
        c = TrainingController()

        def on_events(events):
            for event in events:
                match event:
                    case Finished():
                        app.quit()
                    case Failed(message=message):
                        print(message, file=sys.stderr)
                        app.exit(1)

        c.events.connect(on_events)
        QTimer.singleShot(0, lambda: c.resume_from(sys.argv[1]))
        code = app.exec()
        print(json.dumps([[e.rank, e.left_id, e.right_id, e.count, e.tokens] for e in c.merges]))
        sys.exit(code)
    """)
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    out = subprocess.run(
        [sys.executable, "-c", script, str(path)], capture_output=True, text=True, cwd=REPO, env=env, timeout=600
    )
    assert out.returncode == 0, out.stderr[-2000:]
    rows = json.loads(out.stdout)
    assert [(r[1], r[2]) for r in rows] == [(a, b) for a, b, _ in uninterrupted.merge_ids()]
    assert [r[0] for r in rows] == list(range(len(uninterrupted.merges)))
    assert [r[3] for r in rows] == list(uninterrupted.merge_counts)


def test_closing_during_training_offers_save_and_quit(qtbot, window, tmp_path, monkeypatch, corpus, uninterrupted):
    _start_and_pause(qtbot, window, corpus)  # paused (a running one would finish too soon here)
    assert not window.close()  # it asks instead
    box = window.quit_box
    assert box is not None and box.isVisible() and box.text().startswith("A training is paused (50 of")
    labels = [b.text() for b in box.buttons()]
    assert {"Save && quit…", "Quit", "Cancel"} <= set(labels)
    path = tmp_path / "on-close.ckpt"
    asked = _choose_file(monkeypatch, path, save=True)
    save = next(b for b in box.buttons() if b.text() == "Save && quit…")
    qtbot.mouseClick(save, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not window.isVisible(), timeout=60_000)
    assert asked == ["Save the training, then quit"] and path.is_file()
    resumed = [e for e in BpeTrainer.resume(path, workers=1).events() if isinstance(e, MergeEvent)]
    assert [(e.left, e.right) for e in resumed] == uninterrupted.merges


def test_closing_during_training_quit_and_cancel(qtbot, window, tmp_path, monkeypatch, corpus, request):
    # The run is held after its second merge until the window has closed: a training this
    # small could otherwise end before close() asks (it did, once merges came in batches). The
    # second merge comes a batch interval after the first, so the worker sends both to the
    # window (it sends at most one batch an interval) before it waits for the third.
    gate = threading.Event()
    events = BpeTrainer.events

    def held(trainer: BpeTrainer):  # type: ignore[no-untyped-def]
        stream = events(trainer)
        merges = 0
        try:
            for event in stream:
                if isinstance(event, MergeEvent):
                    merges += 1
                    if merges == 2:
                        time.sleep(0.2)
                    elif merges == 3:
                        gate.wait(60)
                yield event
        finally:
            stream.close()

    monkeypatch.setattr(BpeTrainer, "events", held)
    request.addfinalizer(gate.set)  # (a failed test must not leave the run held for a minute)
    train = window.train_view
    train.corpus.add_files([str(corpus)])
    train.settings_panel.vocab_size.setValue(VOCAB)
    with waiting_for(qtbot, train.controller, MergeEvent, timeout=120_000):
        train.start_action.trigger()
    run = train.controller._run
    assert not window.close()
    cancel = next(b for b in window.quit_box.buttons() if b.text() == "Cancel")
    qtbot.mouseClick(cancel, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.quit_box is None)
    assert window.isVisible() and train.controller.is_active  # Cancel: the window and the run stay
    assert not window.close()
    quit_button = next(b for b in window.quit_box.buttons() if b.text() == "Quit")
    qtbot.mouseClick(quit_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not window.isVisible(), timeout=5_000)  # at once: the run is not waited for
    assert train.controller.state == "cancelled"
    gate.set()
    qtbot.waitUntil(lambda: not run.thread.isRunning(), timeout=30_000)


def test_a_damaged_checkpoint_is_explained(qtbot, window, tmp_path) -> None:
    train = window.train_view
    bad = tmp_path / "bad.ckpt"
    bad.write_bytes(b"PK\x03\x04 not really an archive")
    with waiting_for(qtbot, train.controller, Failed, timeout=30_000) as failed:
        assert train.resume_training(bad)
    assert "bad.ckpt" in failed.event.message and failed.event.message in train.messages.text()
    assert train.controller.state == "failed"
    assert not train.checkpoint_action.isEnabled() and train.resume_file_action.isEnabled()


def test_a_checkpoint_on_the_command_line_is_resumed(qtbot, window, tmp_path, corpus, uninterrupted):
    """``bpe-explorer run.ckpt`` (a file manager's double click) goes on with the training,
    instead of offering the binary file as a corpus."""
    from app.launch import PathKind, classify, open_paths

    trainer = BpeTrainer(corpus, VOCAB, ["<|endoftext|>"], workers=1)
    events = trainer.events()
    made = 0
    while made < 40:
        made += isinstance(next(events), MergeEvent)
    path = tmp_path / "saved run.ckpt"
    trainer.save_checkpoint(path)
    assert classify(str(path)) is PathKind.CHECKPOINT
    train = window.train_view
    with waiting_for(qtbot, train.controller, ResumedRun, timeout=60_000) as loaded:
        open_paths(window, [str(path)])
    assert loaded.event.merges == 40
    assert window.tabs.currentWidget() is train
    # the corpus panel shows the run's corpus, not the checkpoint taken as text nor the sample before
    assert train.corpus.source == "files" and train.corpus.paths() == [str(corpus)]
    qtbot.waitUntil(lambda: train.controller.state == "finished", timeout=120_000)
    _check_restored(train, uninterrupted)


def test_checkpoint_messages_are_in_the_apps_language(qtbot, window, tmp_path, corpus) -> None:
    """In Chinese, a file that is not a checkpoint and a checkpoint saved to a folder are
    explained in Chinese, naming the Chinese menu, not in the engine's English (issue 20 G,
    seen on a real window)."""
    from app.core import i18n

    train = window.train_view
    notes = tmp_path / "notes.ckpt"
    notes.write_text("these are my notes, not a checkpoint\n", encoding="utf-8")
    try:
        assert i18n.set_language("zh_CN")
        with waiting_for(qtbot, train.controller, Failed, timeout=30_000) as failed:
            assert train.resume_training(notes)
        message = failed.event.message
        assert str(notes) in message and "不是 BPE Explorer 的训练检查点" in message, message
        assert "训练 > 将训练保存为检查点" in message and "Training >" not in message, message
        train.corpus.add_files([str(corpus)])
        train.settings_panel.vocab_size.setValue(VOCAB)
        step_to(qtbot, train, 5)
        folder = tmp_path / "a folder.ckpt"
        folder.mkdir()
        with qtbot.waitSignal(train.file_failed, timeout=30_000) as refused:
            assert train.save_checkpoint(folder)
        message = refused.args[2]
        assert "是一个文件夹" in message and str(folder / "training.ckpt") in message, message
        assert "is a folder" not in message, message
        train.cancel_action.trigger()
    finally:
        i18n.set_language("en")
