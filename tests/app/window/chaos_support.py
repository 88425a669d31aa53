"""A seeded random user for the real main window (the chaos test and ``tools/chaos.py``).

Every choice is drawn from one ``random.Random(seed)``, so a seed replays the same session
(timing aside: background jobs may finish a little earlier or later). Each action is written
to the log before it runs; a failure names the seed and the last actions. Modal file dialogs
and message boxes are replaced by canned answers (valid files, hostile files, Cancel); any
other modal dialog is cancelled a moment after it opens, as a user pressing Escape.

What counts as a failure here: an uncaught exception (``sys.excepthook``,
``threading.excepthook``) and a GUI stall, measured by a heartbeat timer: the GUI thread did
not run it for over :data:`STALL_S` seconds. Qt warnings fail the test through pytest-qt
(``qt_log_level_fail``); the tool records them with its own message handler.
"""

from __future__ import annotations

import json
import os
import random
import sys
import threading
import time
import traceback
from collections import deque
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from PySide6.QtCore import QTimer
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractSpinBox,
    QApplication,
    QCheckBox,
    QComboBox,
    QDialog,
    QFileDialog,
    QLineEdit,
    QMessageBox,
    QPlainTextEdit,
    QSlider,
    QSpinBox,
    QTabWidget,
    QTextEdit,
    QWidget,
)

STALL_S = 1.5  # the GUI thread not answering this long is a stall (a user sees a frozen window)
HEARTBEAT_MS = 50


def stall_limit() -> float:
    """:data:`STALL_S`, stretched by how oversubscribed the machine's processors are: a GUI
    thread that gets a fifth of a core (load 10 on 2 cores) is not stalled by the app."""
    return STALL_S * max(1.0, os.getloadavg()[0] / (os.cpu_count() or 1))


TEXTS = [
    "hello world",
    "國語 中文 的 是 不 了 人 我 在 有 他 这",
    "🤚🏾 👩‍👩‍👧 🇫🇷 😀😃",
    "tab\there\r\nnull\x00bell\x07esc\x1b del\x7f",
    "<|endoftext|> <s> [INST] special?",
    "\ud800 lone surrogate",
    "    def f(x):\n        return x + 1\n",
    "Жизнь прекрасна. Ελληνικά. العربية. हिन्दी.",
]

CORPUS = (
    "low low low low low lower lower widest widest widest newest newest newest newest\n"
    "Hello helo, I'm here. The tech team tests the tech stack. 國語 Жизнь 🤚🏾\n"
)


@dataclass
class Files:
    """The files the canned dialogs answer with: valid ones and hostile ones."""

    folder: Path
    valid: list[Path] = field(default_factory=list)
    corpora: list[Path] = field(default_factory=list)
    hostile: list[Path] = field(default_factory=list)

    @classmethod
    def make(cls, folder: Path) -> Files:
        from bpe_engine import train_bpe

        folder.mkdir(parents=True, exist_ok=True)
        files = cls(folder)
        small = folder / "small.txt"
        small.write_text(CORPUS * 40, encoding="utf-8")
        bigger = folder / "bigger.txt"
        bigger.write_text((CORPUS * 400) + "".join(TEXTS[:3]) * 50, encoding="utf-8")
        files.corpora = [small, bigger]
        tok = train_bpe(None, 300, ["<|endoftext|>"], text=CORPUS * 20)
        ours = folder / "tiny-300.json"
        tok.save(ours)
        files.valid = [ours, small]
        garbage = folder / "garbage.json"
        garbage.write_bytes(random.Random(0).randbytes(4096))
        deep = folder / "deep.json"
        deep.write_text("[" * 500_000 + "]" * 500_000, encoding="ascii")  # 1 MB of nesting
        notjson = folder / "not-a-tokenizer.json"
        notjson.write_text(json.dumps({"hello": [1, 2, 3]}), encoding="utf-8")
        empty = folder / "empty.model"
        empty.write_bytes(b"")
        bad_checkpoint = folder / "not-a-checkpoint.npz"
        bad_checkpoint.write_bytes(b"PK\x03\x04" + random.Random(1).randbytes(2000))
        files.hostile = [garbage, deep, notjson, empty, bad_checkpoint, folder]
        return files


class ChaosUser:
    """Drives ``window`` with ``steps`` random actions drawn from ``random.Random(seed)``."""

    def __init__(self, window: QWidget, seed: int, files: Files, log: Callable[[str], None] = print) -> None:
        self.window = window
        self.seed = seed
        self.rng = random.Random(seed)
        self.files = files
        self.log = log
        self.step = 0
        self.last: deque[str] = deque(maxlen=25)
        self.failures: list[str] = []
        self.slow: list[str] = []  # stalls over STALL_S that the machine's load may explain
        self._beat = time.monotonic()
        self.longest = 0.0
        self._stall_stack = ""
        self._watch_stop = threading.Event()
        self.heart = QTimer()
        self.heart.setInterval(HEARTBEAT_MS)
        self.heart.timeout.connect(self._on_heart_timeout)
        self.closer = QTimer()
        self.closer.setInterval(150)
        self.closer.timeout.connect(self._on_closer_timeout)

    # -- failure detection --------------------------------------------------------------------

    def _on_heart_timeout(self) -> None:
        now = time.monotonic()
        gap = now - self._beat
        self._beat = now
        self.longest = max(self.longest, gap)
        if gap > STALL_S:
            where = self._stall_stack or "(no stack caught)"
            limit = stall_limit()
            text = (
                f"GUI stall of {gap:.1f} s (limit {limit:.1f} s on this machine's load) at step {self.step}: "
                f"{self.last[-1] if self.last else ''}\nthe GUI thread was in:\n{where}"
            )
            # Over the stretched limit: a failure; between the two: noted, for a person to judge.
            (self.failures if gap > limit else self.slow).append(text)
        self._stall_stack = ""

    def _watch(self) -> None:
        """In a thread of its own: when the heartbeat is late, note where the GUI thread is."""
        main = threading.main_thread().ident
        while not self._watch_stop.wait(0.25):
            if time.monotonic() - self._beat > STALL_S * 0.75 and not self._stall_stack:
                frame = sys._current_frames().get(main)  # noqa: SLF001 (the one way to see it)
                if frame is not None:
                    self._stall_stack = "".join(traceback.format_stack(frame)[-12:])

    def _on_closer_timeout(self) -> None:
        modal = QApplication.activeModalWidget()
        if isinstance(modal, QDialog) and modal.isVisible():
            self._note(f"  (cancel the dialog {type(modal).__name__} {modal.windowTitle()!r})")
            modal.reject()

    def report(self) -> str:
        """What failed, the seed to replay it and the last actions."""
        lines = [
            *self.failures,
            f"seed {self.seed}; replay: python tools/chaos.py --seed {self.seed} --steps {self.step}",
            "last actions:",
            *self.last,
        ]
        return "\n".join(lines)

    # -- canned dialogs -----------------------------------------------------------------------

    def _answer_path(self, saving: bool = False) -> str:
        r = self.rng.random()
        if r < 0.25:
            return ""  # Cancel
        if saving:
            return str(self.files.folder / f"saved-{self.step}.json") if r < 0.85 else str(self.files.folder)
        pool = self.files.valid if r < 0.7 else self.files.hostile
        return str(self.rng.choice(pool))

    @contextmanager
    def canned_dialogs(self, patch: Callable[[object, str, object], None]) -> Iterator[None]:
        """Replace the modal static dialogs with answers drawn from the seed; ``patch`` is
        ``monkeypatch.setattr`` (or an equivalent that undoes itself)."""

        def open_one(*_a: object, **_k: object) -> tuple[str, str]:
            path = self._answer_path()
            self._note(f"  (Open dialog answers {path!r})")
            return path, ""

        def open_many(*_a: object, **_k: object) -> tuple[list[str], str]:
            if self.rng.random() < 0.25:
                self._note("  (Open dialog: Cancel)")
                return [], ""
            paths = [str(self.rng.choice(self.files.corpora))]
            if self.rng.random() < 0.2:
                paths.append(str(self.rng.choice(self.files.hostile[:4])))
            self._note(f"  (Open dialog answers {paths})")
            return paths, ""

        def save(*_a: object, **_k: object) -> tuple[str, str]:
            path = self._answer_path(saving=True)
            self._note(f"  (Save dialog answers {path!r})")
            return path, ""

        def folder(*_a: object, **_k: object) -> str:
            return "" if self.rng.random() < 0.3 else str(self.files.folder)

        def button(*_a: object, **_k: object) -> QMessageBox.StandardButton:
            answer = self.rng.choice(
                [QMessageBox.StandardButton.Cancel, QMessageBox.StandardButton.No, QMessageBox.StandardButton.Ok]
            )
            self._note(f"  (message box answers {answer.name})")
            return answer

        patch(QFileDialog, "getOpenFileName", staticmethod(open_one))
        patch(QFileDialog, "getOpenFileNames", staticmethod(open_many))
        patch(QFileDialog, "getSaveFileName", staticmethod(save))
        patch(QFileDialog, "getExistingDirectory", staticmethod(folder))
        for name in ("question", "warning", "information", "critical"):
            patch(QMessageBox, name, staticmethod(button))
        patch(QMessageBox, "about", staticmethod(lambda *_a, **_k: None))
        yield

    # -- the session --------------------------------------------------------------------------

    @contextmanager
    def watching(self) -> Iterator[None]:
        """Heartbeat, modal closer and exception hooks on, for the time of the session."""
        old_sys, old_thread = sys.excepthook, threading.excepthook

        def on_exception(kind: type[BaseException], value: BaseException, tb: object) -> None:
            self.failures.append(f"uncaught {kind.__name__}: {value} at step {self.step}")
            old_sys(kind, value, tb)  # type: ignore[arg-type]

        def on_thread_exception(args: threading.ExceptHookArgs) -> None:
            self.failures.append(
                f"uncaught {args.exc_type.__name__} in thread {args.thread}: {args.exc_value} at step {self.step}"
            )
            old_thread(args)

        sys.excepthook, threading.excepthook = on_exception, on_thread_exception
        self._beat = time.monotonic()
        self.heart.start()
        self.closer.start()
        self._watch_stop.clear()
        watcher = threading.Thread(target=self._watch, name="chaos-watch", daemon=True)
        watcher.start()
        try:
            yield
        finally:
            self._watch_stop.set()
            watcher.join()
            self.heart.stop()
            self.closer.stop()
            sys.excepthook, threading.excepthook = old_sys, old_thread

    def run(self, steps: int | None = None, seconds: float | None = None, stop_on_failure: bool = True) -> None:
        """``steps`` actions (or as many as fit in ``seconds``: the tool's --minutes)."""
        end = None if seconds is None else time.monotonic() + seconds
        while (steps is None or self.step < steps) and (end is None or time.monotonic() < end):
            self.step += 1
            self.act()
            self.pause(self.rng.randrange(0, 120))
            if self.failures and stop_on_failure:
                return

    def pause(self, ms: int) -> None:
        """Let the event loop run ``ms`` milliseconds (what a user's hesitation gives it)."""
        end = time.monotonic() + ms / 1000
        while True:
            QApplication.processEvents()
            if time.monotonic() >= end:
                return
            time.sleep(0.005)

    def _note(self, text: str) -> None:
        self.last.append(text)
        self.log(text)

    def act(self) -> None:
        actions = [
            (6, self.switch_tab),
            (4, self.trigger_menu_action),
            (7, self.click_button),
            (6, self.type_text),
            (4, self.choose_combo),
            (2, self.change_number),
            (3, self.drive_training),
            (2, self.open_file),
            (1, self.switch_language),
        ]
        total = sum(w for w, _ in actions)
        r = self.rng.uniform(0, total)
        chosen = actions[-1][1]
        for weight, action in actions:
            r -= weight
            if r <= 0:
                chosen = action
                break
        chosen()

    # -- the actions ----------------------------------------------------------------------

    def _current(self) -> QWidget:
        tabs: QTabWidget = self.window.tabs  # type: ignore[attr-defined]
        return tabs.currentWidget()

    def _visible(self, cls: type, root: QWidget | None = None) -> list:
        root = root or self._current()
        return sorted(
            (w for w in root.findChildren(cls) if w.isVisible() and w.isEnabled()),
            key=lambda w: (type(w).__name__, w.objectName(), w.mapTo(root, w.rect().topLeft()).toTuple()),
        )

    def switch_tab(self) -> None:
        tabs: QTabWidget = self.window.tabs  # type: ignore[attr-defined]
        i = self.rng.randrange(tabs.count())
        self._note(f"step {self.step}: tab {i} ({tabs.tabText(i)})")
        tabs.setCurrentIndex(i)

    def _menu_actions(self) -> list[QAction]:
        out: list[QAction] = []

        def walk(actions: list[QAction]) -> None:
            for a in actions:
                if a.menu() is not None:
                    walk(a.menu().actions())
                elif not a.isSeparator() and a.isEnabled():
                    out.append(a)

        walk(self.window.menuBar().actions())  # type: ignore[attr-defined]
        banned = ("quit", "exit", "close", "install")
        return [a for a in out if not any(b in a.text().casefold() for b in banned)]

    def trigger_menu_action(self) -> None:
        actions = self._menu_actions()
        if not actions:
            return
        a = self.rng.choice(actions)
        self._note(f"step {self.step}: menu {a.text()!r}")
        a.trigger()

    def click_button(self) -> None:
        buttons = [b for b in self._visible(QAbstractButton) if "quit" not in b.text().casefold()]
        if not buttons:
            return
        b = self.rng.choice(buttons)
        self._note(f"step {self.step}: click {type(b).__name__} {b.text()!r}")
        b.click()

    def _text_for_typing(self) -> str:
        r = self.rng.random()
        if r < 0.06:
            size = self.rng.choice([20_000, 60_000, 200_000])
            unit = self.rng.choice(TEXTS[:3] + [CORPUS])
            return (unit * (size // len(unit) + 1))[:size]
        return "".join(self.rng.choice(TEXTS) for _ in range(self.rng.randrange(1, 4)))

    def type_text(self) -> None:
        editors = [
            e
            for e in self._visible(QWidget)
            if isinstance(e, (QPlainTextEdit, QTextEdit, QLineEdit)) and not e.isReadOnly()
        ]
        if not editors:
            return
        e = self.rng.choice(editors)
        text = self._text_for_typing()
        replace = self.rng.random() < 0.5
        self._note(
            f"step {self.step}: {'replace' if replace else 'type into'} {type(e).__name__} "
            f"{e.objectName() or ''}: {len(text)} characters {text[:40]!r}"
        )
        e.setFocus()
        if isinstance(e, QLineEdit):
            e.setText(text[:2000] if replace else e.text() + text[:200])
        elif replace:
            e.setPlainText(text)
        else:
            e.insertPlainText(text)

    def choose_combo(self) -> None:
        combos = [c for c in self._visible(QComboBox) if c.count() > 0]
        if not combos:
            return
        c = self.rng.choice(combos)
        i = self.rng.randrange(c.count())
        self._note(f"step {self.step}: combo {c.objectName() or type(c.parent()).__name__} -> {i} {c.itemText(i)!r}")
        c.setCurrentIndex(i)
        c.activated.emit(i)

    def change_number(self) -> None:
        widgets = [w for w in self._visible(QWidget) if isinstance(w, (QSpinBox, QSlider))]
        widgets = [w for w in widgets if not (isinstance(w, QAbstractSpinBox) and w.isReadOnly())]
        if not widgets:
            return
        w = self.rng.choice(widgets)
        value = self.rng.randint(w.minimum(), min(w.maximum(), w.minimum() + 5000))
        self._note(f"step {self.step}: {type(w).__name__} {w.objectName()} -> {value}")
        w.setValue(value)

    def drive_training(self) -> None:
        train = self.window.train_view  # type: ignore[attr-defined]
        what = self.rng.choice(["corpus", "size", "start", "pause", "resume", "step", "cancel", "checkpoint"])
        self._note(f"step {self.step}: training {what}")
        if what == "corpus":
            train.corpus.add_files([str(self.rng.choice(self.files.corpora))])
        elif what == "size":
            train.settings_panel.vocab_size.setValue(self.rng.choice([300, 600, 1500]))
        else:
            action = {
                "start": train.start_action,
                "pause": train.pause_action,
                "resume": train.resume_action,
                "step": train.step_action,
                "cancel": train.cancel_action,
                "checkpoint": train.checkpoint_action,
            }[what]
            if action.isEnabled():
                action.trigger()

    def open_file(self) -> None:
        pool = self.files.valid + self.files.hostile
        path = self.rng.choice(pool)
        self._note(f"step {self.step}: open {path.name}")
        self.window.open_tokenizer(str(path))  # type: ignore[attr-defined]

    def switch_language(self) -> None:
        language = self.rng.choice(["en", "zh_CN"])
        self._note(f"step {self.step}: language {language}")
        self.window.choose_language(language)  # type: ignore[attr-defined]

    def finish(self) -> None:
        """End what the session started: a training cancelled, background work waited for."""
        w = self.window
        self._note("end: cancel the training, wait for background work")
        if w.train_view.cancel_action.isEnabled():  # type: ignore[attr-defined]
            w.train_view.cancel_action.trigger()  # type: ignore[attr-defined]
        self.pause(200)
