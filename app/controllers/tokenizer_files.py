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
import traceback

from PySide6.QtCore import QCoreApplication, QObject, QRunnable, QThreadPool, Signal

from bpe_engine import Tokenizer, errors

__all__ = ["TokenizerFileController"]


class _Relay(QObject):
    """Carries a job's result from the pool thread to the controller.

    Subtle: it has no parent and the job keeps it alive, so deleting the controller (and the
    view that owns it) while a job runs never deletes the object the job emits on; the
    queued delivery to a deleted controller is simply dropped by Qt.
    """

    done = Signal(int, str, str, object, str)  # job id, "open"/"save", path, tokenizer or None, error


class _Job(QRunnable):
    def __init__(self, relay: _Relay, job_id: int, kind: str, path: str, tokenizer: Tokenizer | None,
                 idle: threading.Event) -> None:
        super().__init__()
        self.relay = relay
        self.job_id = job_id
        self.kind = kind
        self.path = path
        self.tokenizer = tokenizer
        self.idle = idle

    def run(self) -> None:
        try:
            result, message = self._run(), ""
        except (errors.BPEError, OSError) as exc:
            result, message = None, self._message(exc)
        except Exception as exc:  # a bad file must never take the app down
            traceback.print_exc()
            result, message = None, self._message(exc)
        try:
            self.relay.done.emit(self.job_id, self.kind, self.path, result, message)
        finally:
            self.idle.set()

    def _run(self) -> Tokenizer:
        if self.kind == "open":
            return Tokenizer.load(self.path)
        assert self.tokenizer is not None
        self.tokenizer.save(self.path)
        return self.tokenizer

    def _message(self, exc: Exception) -> str:
        if isinstance(exc, OSError):
            reason = exc.strerror or str(exc)
        elif isinstance(exc, errors.BPEError):
            reason = str(exc)
        else:
            reason = f"unexpected error ({type(exc).__name__}: {exc})"
        if self.kind == "open":
            hint = "; check the path and permissions." if isinstance(exc, OSError) else ""
            return f"Cannot open {self.path}: {reason}{hint}"
        return f"Cannot save the tokenizer to {self.path}: {reason}. Choose another folder or name."


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
        self._job: _Job | None = None  # subtle: keep the running job referenced
        #: "open" or "save" while busy, and the path of that job.
        self.kind = ""
        self.path = ""
        self._relay = _Relay()
        self._relay.done.connect(self._on_relay_done)
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
        self._job = _Job(self._relay, self._job_id, kind, path, tokenizer, self._idle)
        self.busy_changed.emit(True)
        QThreadPool.globalInstance().start(self._job)
        return True

    def _on_relay_done(self, job_id: int, kind: str, path: str, result: object, message: str) -> None:
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
