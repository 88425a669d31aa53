"""Opening and saving tokenizer files off the GUI thread.

``Tokenizer.load`` of a 200 000-token file takes seconds and ``Tokenizer.save`` about one:
far too long for the GUI thread. :class:`TokenizerFileController` runs one such job at a time
on Qt's global thread pool and reports in the GUI thread, where views and tests wait on its
signals. A request while a job runs is refused (views disable their open/save buttons while
:meth:`TokenizerFileController.is_busy`). Saves are atomic (the engine writes a temporary file
and renames it), so a failed save leaves any older file as it was.

It leaves out choosing the file (dialogs are the view's) and what an opened tokenizer is used
for (the view registers it).

Signals:
    busy_changed(bool): a job started (True) or its result was delivered (False).
    opened(str, object): the path and the :class:`~bpe_engine.Tokenizer` loaded from it.
    saved(str, object): the path and the tokenizer written there.
    failed(str, str, str): the job ("open" or "save"), the path, and a message for the user
        that names the file and says how to fix the problem.
"""

from __future__ import annotations

import os
import threading

from PySide6.QtCore import QCoreApplication, QObject, QThreadPool, Signal

from bpe_engine import Tokenizer, errors

from ..workers.background import BackgroundCall, ResultRelay

__all__ = ["TokenizerFileController"]


def _run(kind: str, path: str, tokenizer: Tokenizer | None) -> Tokenizer:
    if kind == "open":
        return Tokenizer.load(path)
    assert tokenizer is not None
    tokenizer.save(path)
    return tokenizer


def _message(kind: str, path: str, exc: BaseException) -> str:
    if isinstance(exc, OSError):
        reason = exc.strerror or str(exc)
    elif isinstance(exc, errors.BPEError):
        reason = str(exc)
    else:
        reason = f"unexpected error ({type(exc).__name__}: {exc})"
    if kind == "open":
        hint = "; check the path and permissions." if isinstance(exc, OSError) else ""
        return f"Cannot open {path}: {reason}{hint}"
    return f"Cannot save the tokenizer to {path}: {reason}. Choose another folder or name."


class TokenizerFileController(QObject):
    """Opens and saves tokenizers in the background (see the module docstring)."""

    busy_changed = Signal(bool)
    opened = Signal(str, object)
    saved = Signal(str, object)
    failed = Signal(str, str, str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._idle = threading.Event()  # set by the pool thread when no job runs
        self._idle.set()
        self._busy = False  # GUI-thread view: True from start until the result is delivered
        self._job_id = 0
        self._job: BackgroundCall | None = None  # subtle: keep the running job referenced
        #: "open" or "save" while busy, and the path of that job.
        self.kind = ""
        self.path = ""
        self._relay = ResultRelay()  # parentless: see app/workers/background.py
        self._relay.delivered.connect(self._on_relay_delivered)
        app = QCoreApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(self.shutdown)

    def is_busy(self) -> bool:
        return self._busy

    def open(self, path: str | os.PathLike[str]) -> bool:
        """Load ``path`` in the background (``opened`` or ``failed``); False while busy."""
        return self._start("open", os.fspath(path), None)

    def save(self, tokenizer: Tokenizer, path: str | os.PathLike[str]) -> bool:
        """Write ``tokenizer`` to ``path`` atomically in the background (``saved`` or ``failed``)."""
        return self._start("save", os.fspath(path), tokenizer)

    def wait_idle(self, seconds: float = 30.0) -> bool:
        """Block until no job runs (shutdown and tests only; the GUI never waits on this)."""
        return self._idle.wait(seconds)

    def shutdown(self, seconds: float = 30.0) -> bool:
        """Let a running job end (window closing): a save the user asked for is finished."""
        return self._idle.wait(seconds)

    def _start(self, kind: str, path: str, tokenizer: Tokenizer | None) -> bool:
        if self._busy:
            return False
        self._job_id += 1
        self._busy = True
        self.kind, self.path = kind, path
        self._idle.clear()
        self._job = BackgroundCall(
            self._relay,
            (self._job_id, kind, path),
            lambda: _run(kind, path, tokenizer),
            lambda exc: _message(kind, path, exc),
            on_end=self._idle.set,
        )
        self.busy_changed.emit(True)
        QThreadPool.globalInstance().start(self._job)
        return True

    def _on_relay_delivered(self, tag: tuple[int, str, str], result: object, message: str) -> None:
        job_id, kind, path = tag
        if job_id != self._job_id:
            return
        self._busy = False
        self.kind = self.path = ""
        self.busy_changed.emit(False)
        if result is None:
            self.failed.emit(kind, path, message)
        elif kind == "open":
            self.opened.emit(path, result)
        else:
            self.saved.emit(path, result)
