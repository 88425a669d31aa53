"""Issue 20's real-window look at quitting, saving and the File menu (points 1, 2, 3, D, G).

Runs the application exactly as ``python -m app [FILES]`` does (``app.__main__.main``: its
icon, settings and start language from the environment) on ``$DISPLAY`` (xcb), and drives it
from a timer the way a user would: menus, buttons and the file dialogs (Qt's own, answered by
typing a path). Every few steps it saves the whole screen (``import -window root``) as
``<out>/<point>-<width>-<language>-<what>.png`` and prints the figures shown next to the
figures of the run, so that the picture can be checked.

Scenarios (``--scenario``):

- ``quit``: train on ``../shared/corpora/en_mix_36MB.txt`` (100,000 tokens); quit during the run (the question, live and paused);
  Cancel (the run goes on); quit again, Save & quit into a checkpoint folder, then the window
  closes. Prints the checkpoint's path: ``python -m app FILE.ckpt`` resumes it.
- ``unsaved``: train twice on 300 kB of ``zh_classical_poetry_25MB.txt``; File > Save's dialog (folder and name),
  File > Export's dialog; then quit: the Save / Discard / Cancel question lists both.
- ``resume``: started with the checkpoint on the command line (``LOOK_RESTORED``: its merges):
  pauses once they are back and prints the last restored row of the Train table.
- ``menu``: the File menu open after a failed load and a failed open in Tokenize (a broken
  model in a temporary Hugging Face cache; a text file named .tiktoken), a changed Compare
  column, and the Timeline's "Follow the training" on and off.
- ``follow``: the Timeline following a long training, with and without the File menu open.
- ``messages``: resuming from a file that is not a checkpoint, a checkpoint saved to a folder,
  a tokenizer saved into a read-only folder (``LOOK_READ_ONLY``, default /tmp/look20a-ro: as
  root only a read-only file system refuses, e.g. ``mount -t tmpfs -o ro tmpfs DIR``).

Run: ``DISPLAY=:21 XDG_CONFIG_HOME=$(mktemp -d) LANG=zh_CN.UTF-8 python tools/look_quit.py --scenario quit``
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Generator
from pathlib import Path
from typing import Any

os.environ["QT_QPA_PLATFORM"] = "xcb"
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from PySide6.QtCore import QTimer  # noqa: E402
from PySide6.QtWidgets import QApplication, QFileDialog, QLineEdit, QMessageBox, QWidget  # noqa: E402

Step = Generator[float | Callable[[], bool], None, None]
CORPUS = Path(__file__).resolve().parent.parent.parent / "shared" / "corpora" / "en_mix_36MB.txt"


class Driver:
    """Runs a scenario's steps from a timer: a yielded number waits that many seconds, a
    yielded callable waits until it is true (the timer also fires inside modal dialogs)."""

    def __init__(self, out: Path, tag: str, scenario: Callable[[Driver], Step]) -> None:
        self.out, self.tag = out, tag
        self._steps = scenario(self)
        self._wait: float | Callable[[], bool] = 0.0
        self._since = time.monotonic()
        self._busy = False
        self.timer = QTimer()
        self.timer.timeout.connect(self._tick)
        self.timer.start(50)

    def _tick(self) -> None:
        if self._busy:
            return
        w = self._wait
        ready = time.monotonic() - self._since >= w if isinstance(w, float) else w()
        if not ready:
            if time.monotonic() - self._since > 600:
                raise TimeoutError(f"step waited 10 minutes: {w}")
            return
        self._busy = True
        try:
            self._wait = next(self._steps)
            self._since = time.monotonic()
        except StopIteration:
            self.timer.stop()
        finally:
            self._busy = False

    @property
    def window(self) -> Any:
        from app.window.main_window import MainWindow

        return next(w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow))

    def shot(self, point: str, what: str) -> None:
        path = self.out / f"{point}-{self.tag}-{what}.png"
        subprocess.run(["import", "-display", os.environ["DISPLAY"], "-window", "root", str(path)], check=True)
        print("shot", path, flush=True)

    def later(self, fn: Callable[[], object]) -> None:
        """Run ``fn`` from the event loop (a dialog it opens blocks there, not in a step)."""
        QTimer.singleShot(0, fn)

    def file_dialog(self) -> Step:
        yield lambda: isinstance(QApplication.activeModalWidget(), QFileDialog)
        yield 1.0

    def answer_file(self, path: str | None) -> None:
        """Type ``path`` in the file dialog and accept it; None accepts what it proposes, ""
        cancels it."""
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, QFileDialog), dialog
        print("file dialog:", dialog.windowTitle(), "| folder:", dialog.directory().absolutePath(), flush=True)
        print("  proposed:", dialog.selectedFiles(), flush=True)
        if path == "":
            dialog.reject()
            return
        if path is not None:  # typed into Qt's own dialog's name field, as a user types it
            edit = dialog.findChild(QLineEdit, "fileNameEdit")
            assert edit is not None, "not Qt's own file dialog"
            edit.setText(path)
        self.later(dialog.accept)

    def box_button(self, box: QMessageBox, role: QMessageBox.ButtonRole) -> None:
        button = next(b for b in box.buttons() if box.buttonRole(b) == role)
        print("click:", button.text(), flush=True)
        self.later(button.click)


def _table_last_row(train: Any) -> str:
    model = train.merges_model
    rows = model.rowCount()
    if not rows:
        return "(empty)"
    cells = [model.index(rows - 1, col).data() for col in range(model.columnCount())]
    return f"{rows} rows; last: {cells}"


def quit_scenario(d: Driver) -> Step:
    from app.core.settings import FileKind

    w = d.window
    train, c = w.train_view, w.train_view.controller
    folders = Path(tempfile.mkdtemp(prefix="look20-"))
    (folders / "checkpoints").mkdir()
    w.settings.remember_folder(FileKind.CHECKPOINT, folders / "checkpoints")
    train.corpus.add_files([str(CORPUS)])
    train.settings_panel.vocab_size.setValue(100_000)
    train.start_action.trigger()
    yield lambda: len(c.merges) >= 300
    d.later(w.close)
    yield lambda: w.quitting.box is not None and w.quitting.box.isVisible()
    yield 1.0
    box = w.quitting.box
    print("question:", box.text(), "| merges:", len(c.merges), "| state:", c.state, "|", _table_last_row(train))
    d.shot("1", "question")
    shown = len(c.merges)
    yield 3.0
    print("3 s later:", box.text(), "| merges:", len(c.merges), "| state:", c.state, flush=True)
    assert len(c.merges) == shown, "the run went on behind the question"
    d.box_button(box, QMessageBox.ButtonRole.RejectRole)
    yield 1.5
    print("after Cancel:", len(c.merges), "merges, state", c.state, flush=True)
    d.shot("1", "cancel-resumed")
    d.later(w.close)
    yield lambda: w.quitting.box is not None and w.quitting.box.isVisible()
    yield 1.0
    box = w.quitting.box
    print("question again:", box.text(), "| merges:", len(c.merges), "|", _table_last_row(train), flush=True)
    d.shot("1", "question-again")
    d.box_button(box, QMessageBox.ButtonRole.AcceptRole)
    yield from d.file_dialog()
    d.shot("3", "checkpoint-dialog")
    print("merges when saved:", len(c.merges), flush=True)
    d.answer_file(None)
    yield 0.5


def unsaved_scenario(d: Driver) -> Step:
    from app.core.settings import FileKind

    w = d.window
    train, c = w.train_view, w.train_view.controller
    folders = Path(tempfile.mkdtemp(prefix="look20-"))
    for name in ("tokenizers", "exports"):
        (folders / name).mkdir()
    w.settings.remember_folder(FileKind.TOKENIZER, folders / "tokenizers")
    w.settings.remember_folder(FileKind.EXPORT, folders / "exports")
    poetry = folders / "corpora" / "zh_classical_poetry_25MB.txt"  # the example name, 300 kB of it
    poetry.parent.mkdir()
    with open(CORPUS.parent / "zh_classical_poetry_25MB.txt", "rb") as f:
        data = f.read(300_000)
    poetry.write_bytes(data[: data.rfind(b"\n") + 1])
    train.corpus.add_files([str(poetry)])
    train.settings_panel.vocab_size.setValue(2000)
    for _ in range(2):
        train.start_action.trigger()
        yield lambda: c.state == "finished"
        yield 1.0
    print("session:", [(k, w.registry.entry(k).label, len(w.registry.get(k))) for k in w.registry.unsaved_keys()])
    d.later(w.save_action.trigger)
    yield from d.file_dialog()
    d.shot("3", "save-dialog")
    d.answer_file("")
    yield 0.5
    w.tabs.setCurrentWidget(w.vocab_view)
    yield 1.0
    w.export_action.trigger()
    yield lambda: w.saving.export_dialog is not None and w.saving.export_dialog.isVisible()
    yield 1.0
    print("export dialog proposes:", w.saving.export_dialog.path(), flush=True)
    d.shot("3", "export-dialog")
    w.saving.export_dialog.close()
    d.later(w.close)
    yield lambda: w.quitting.unsaved.box is not None and w.quitting.unsaved.box.isVisible()
    yield 1.0
    print("question:", w.quitting.unsaved.box.text(), flush=True)
    d.shot("2", "question")
    d.box_button(w.quitting.unsaved.box, QMessageBox.ButtonRole.RejectRole)
    yield 1.0
    assert w.isVisible(), "Cancel closed the window"
    d.later(w.close)
    yield lambda: w.quitting.unsaved.box is not None and w.quitting.unsaved.box.isVisible()
    d.box_button(w.quitting.unsaved.box, QMessageBox.ButtonRole.DestructiveRole)
    yield 0.5


def _show_file_menu(d: Driver, what: str) -> Step:
    w = d.window
    menu = w.menuBar().actions()[0].menu()
    states = {a.text(): a.isEnabled() for a in (w.save_action, w.export_action)}
    print(what, "view:", type(w.tabs.currentWidget()).__name__, "| key:", w.view_tokenizer_key(), "|", states)
    d.later(lambda: w.menuBar().setActiveAction(w.menuBar().actions()[0]))
    yield lambda: menu.isVisible()
    yield 1.0
    d.shot("D", what)
    menu.close()
    yield 0.5


def menu_scenario(d: Driver) -> Step:
    w = d.window
    train = w.train_view
    folder = Path(tempfile.mkdtemp(prefix="look20-"))
    mine = folder / "mine.json"
    from bpe_engine import train_bpe

    train_bpe(None, 300, ["<|endoftext|>"], text="en mix of words, words and more words " * 30).save(mine)
    w.open_tokenizer(str(mine))
    yield lambda: w.registry.keys() and not w.file_busy.isVisible()
    yield 1.0
    view = w.tokenize_view
    w.tabs.setCurrentWidget(view)
    view.editor.setPlainText("Save and Export follow the view's tokenizer. 保存和导出跟随视图。")
    yield 1.0
    yield from _show_file_menu(d, "tokenize-ok")
    mine_key = view.tokenizer_key()
    # a model of the Hugging Face cache that cannot be loaded (made in main(): org/broken)
    view.picker.set_current_key("org/broken")
    yield lambda: view.messages.kind == "error"
    yield 1.0
    yield from _show_file_menu(d, "tokenize-failed-load")
    view.picker.set_current_key(mine_key)
    yield 1.0
    # a failed open in Tokenize: a rank file that cannot be read
    (folder / "broken.tiktoken").write_text("not a rank file\n", encoding="utf-8")
    view.opener.open(str(folder / "broken.tiktoken"))
    yield 3.0
    yield from _show_file_menu(d, "tokenize-failed-open")
    compare = w.compare_view
    w.tabs.setCurrentWidget(compare)
    yield 2.0
    compare.columns()[0].set_key("o200k_base")
    yield lambda: w.registry.get("o200k_base") is not None
    yield 2.0
    yield from _show_file_menu(d, "compare-changed-column")
    train.corpus.add_files([str(CORPUS)])
    train.settings_panel.vocab_size.setValue(100_000)
    train.start_action.trigger()
    yield lambda: len(train.controller.merges) >= 50
    timeline = w.timeline_view
    w.tabs.setCurrentWidget(timeline)
    yield 1.0
    timeline.live_box.click()
    yield 2.0
    print("following:", timeline.live_box.isChecked(), "| training:", train.controller.state, flush=True)
    yield from _show_file_menu(d, "timeline-follow")
    timeline.live_box.click()
    yield 1.0
    yield from _show_file_menu(d, "timeline-unfollow")
    train.cancel_action.trigger()
    yield lambda: not train.controller.is_active
    w.quitting.unsaved.give_up(set(w.quitting.unsaved.keys()))
    d.later(w.close)
    yield 0.5


def _message(w: Any) -> str:
    bar = w.message_bar()
    return bar.label.text() if bar is not None and bar.isVisible() else "(no message)"


def messages_scenario(d: Driver) -> Step:
    w = d.window
    train, c = w.train_view, w.train_view.controller
    folder = Path(tempfile.mkdtemp(prefix="look20-"))
    w.tabs.setCurrentWidget(train)
    (folder / "notes.ckpt").write_text("these are my notes, not a checkpoint\n", encoding="utf-8")
    d.later(train.resume_file_action.trigger)
    yield from d.file_dialog()
    d.answer_file(str(folder / "notes.ckpt"))
    yield lambda: not c.is_active
    yield 2.0
    print("not a checkpoint:", _message(w), flush=True)
    d.shot("G", "not-a-checkpoint")
    train.corpus.add_files([str(CORPUS)])
    train.settings_panel.vocab_size.setValue(100_000)
    train.start_action.trigger()
    yield lambda: len(c.merges) >= 100
    train.pause_action.trigger()
    d.later(train.checkpoint_action.trigger)
    yield from d.file_dialog()
    (folder / "a folder.ckpt").mkdir()
    d.answer_file(str(folder / "a folder.ckpt"))
    yield 1.5
    d.shot("G", "checkpoint-dialog-given-a-folder")  # Qt's own dialog opens the folder instead
    d.answer_file("")
    yield 0.5
    train.save_checkpoint(folder / "a folder.ckpt")  # what a native dialog (or a typed path) may give
    yield 3.0
    print("checkpoint to a folder:", _message(w), flush=True)
    d.shot("G", "checkpoint-to-folder")
    train.cancel_action.trigger()
    yield lambda: not c.is_active
    yield 1.0
    d.later(w.save_action.trigger)
    yield from d.file_dialog()
    d.answer_file(os.environ.get("LOOK_READ_ONLY", "/tmp/look20a-ro") + "/tok.json")  # a read-only file system
    yield 3.0
    print("save error:", _message(w), flush=True)
    d.shot("G", "save-error")
    w.quitting.unsaved.give_up(set(w.quitting.unsaved.keys()))
    d.later(w.close)
    yield 0.5


def resume_scenario(d: Driver) -> Step:
    """Started with a checkpoint on the command line: its merges come back, then it goes on."""
    w = d.window
    train, c = w.train_view, w.train_view.controller
    restored = int(os.environ["LOOK_RESTORED"])
    yield lambda: len(c.merges) >= restored
    train.pause_action.trigger()
    yield 1.5
    row = [train.merges_model.index(restored - 1, col).data() for col in range(train.merges_model.columnCount())]
    print("resumed:", len(c.merges), "merges | row", restored - 1, row, "| target", c.target_merges, flush=True)
    d.shot("1", "resumed")
    c.cancel()
    yield lambda: not c.is_active
    w.quitting.unsaved.give_up(set(w.quitting.unsaved.keys()))
    d.later(w.close)
    yield 0.5


def follow_scenario(d: Driver) -> Step:
    """The Timeline following a training: pictures a few seconds apart, then paused."""
    w = d.window
    train, timeline = w.train_view, w.timeline_view
    train.corpus.add_files([str(CORPUS)])
    train.settings_panel.vocab_size.setValue(100_000)
    train.start_action.trigger()
    yield lambda: len(train.controller.merges) >= 50
    w.tabs.setCurrentWidget(timeline)
    yield 1.0
    timeline.live_box.click()
    for seconds in (2.0, 3.0, 5.0):
        yield seconds
        print("following:", timeline.live_box.isChecked(), len(train.controller.merges), flush=True)
        d.shot("D", f"follow-{seconds:.0f}s")
    menu = w.menuBar().actions()[0].menu()
    d.later(lambda: w.menuBar().setActiveAction(w.menuBar().actions()[0]))
    for seconds in (1.0, 3.0, 5.0):  # the chips under an open menu, while updates go on
        yield seconds
        print("menu open:", menu.isVisible(), len(train.controller.merges), flush=True)
        d.shot("D", f"follow-menu-{seconds:.0f}s")
    menu.close()
    train.pause_action.trigger()
    yield 4.0
    d.shot("D", "follow-paused")
    train.cancel_action.trigger()
    yield lambda: not train.controller.is_active
    w.quitting.unsaved.give_up(set(w.quitting.unsaved.keys()))
    d.later(w.close)
    yield 0.5


SCENARIOS = {
    "follow": follow_scenario,
    "resume": resume_scenario,
    "quit": quit_scenario,
    "unsaved": unsaved_scenario,
    "menu": menu_scenario,
    "messages": messages_scenario,
}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scenario", choices=sorted(SCENARIOS), required=True)
    parser.add_argument("--out", type=Path, default=Path("/work/shots-20"))
    parser.add_argument(
        "--own-resources",
        action="store_true",
        help="read resources/ (translations) from this checkout, not from the installed package's "
        "(an editable install of another checkout maps app.resources to its own folder)",
    )
    parser.add_argument("files", nargs="*")
    args = parser.parse_args()
    if args.own_resources:
        import app as package

        package.__path__.insert(0, str(Path(__file__).resolve().parent.parent))  # finds resources/ as app.resources
    args.out.mkdir(parents=True, exist_ok=True)
    if args.scenario == "menu":  # a Hugging Face cache holding one model that cannot be loaded
        cache = Path(tempfile.mkdtemp(prefix="look20-hf-"))
        snapshot = cache / "models--org--broken" / "snapshots" / "0123"
        snapshot.mkdir(parents=True)
        (cache / "models--org--broken" / "refs").mkdir()
        (cache / "models--org--broken" / "refs" / "main").write_text("0123", encoding="ascii")
        broken = '{"model": {"type": "BPE", "vocab": {"a": 0}, "merges": ["a b"]}}'
        (snapshot / "tokenizer.json").write_text(broken, encoding="utf-8")
        os.environ["HF_HUB_CACHE"] = str(cache)
    app = QApplication(["bpe-explorer"])
    screen = app.primaryScreen().size()
    language = "zh" if os.environ.get("LANG", "").startswith("zh") else "en"
    driver = Driver(args.out, f"{screen.width()}-{language}", SCENARIOS[args.scenario])
    from app.__main__ import main as app_main

    QTimer.singleShot(0, lambda: _maximize())
    rc = app_main(list(args.files))
    print("app exited with", rc, "| steps left:", driver.timer.isActive(), flush=True)
    return rc


def _maximize() -> None:
    for widget in QApplication.topLevelWidgets():
        if isinstance(widget, QWidget) and widget.isWindow() and widget.isVisible():
            widget.showMaximized()


if __name__ == "__main__":  # subtle: required, counting starts worker processes (forkserver)
    sys.exit(main())
