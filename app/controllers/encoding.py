"""Live encoding off the GUI thread, newest request wins.

The tokenize, compare and stream views call :meth:`EncodeController.request` on every
keystroke. At most one job per controller runs at a time (on Qt's global thread pool);
requests that arrive meanwhile replace each other, so only the newest waits. Each request
gets a generation number and a result is delivered only if it belongs to the newest
generation: typing fast never shows an old text's tokens.

Signals:
    finished(object): the :class:`~app.workers.encode.EncodeResult` of the newest request (GUI thread).
    failed(str): a job raised an unexpected error (message for the user).
"""

from __future__ import annotations

import threading
import traceback
from collections.abc import Sequence

from PySide6.QtCore import QCoreApplication, QObject, QRunnable, QThreadPool, Signal

from bpe_engine import Tokenizer

from ..workers.encode import EncodeJob, EncodeResult, run_job

__all__ = ["EncodeController"]


class _Relay(QObject):
    """Carries results from the pool thread to the controller.

    Subtle: it has no parent, so deleting the view (and with it the controller) never
    deletes the object a running job emits on; the queued delivery to a deleted controller
    is simply dropped by Qt.
    """

    done = Signal(object)
    error = Signal(int, str)


class _Runner(QRunnable):
    def __init__(self, controller: EncodeController) -> None:
        super().__init__()
        self.controller = controller

    def run(self) -> None:
        self.controller._run_loop()


class EncodeController(QObject):
    finished = Signal(object)
    failed = Signal(str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._lock = threading.Lock()
        self._pending: EncodeJob | None = None
        self._running = False
        self._idle = threading.Event()
        self._idle.set()
        self._closed = False
        self._runner: _Runner | None = None
        #: Generation of the newest request; results of older ones are dropped.
        self.generation = 0
        #: How many requests were superseded before their result was shown (for the benchmark).
        self.dropped = 0
        self._relay = _Relay()
        self._relay.done.connect(self._on_runner_done)
        self._relay.error.connect(self._on_runner_error)
        app = QCoreApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(self.shutdown)

    def request(
        self, text: str, mode: str, tokenizers: Sequence[tuple[str, Tokenizer]], *, want_pieces: bool = False
    ) -> int:
        """Encode ``text`` with each ``(key, tokenizer)``; returns the request's generation."""
        self.generation += 1
        job = EncodeJob(self.generation, text, mode, tuple(tokenizers), want_pieces)
        with self._lock:
            if self._closed:
                return self.generation
            if self._pending is not None:
                self.dropped += 1
            self._pending = job
            start = not self._running
            if start:
                self._running = True
                self._idle.clear()
        if start:
            self._runner = _Runner(self)
            QThreadPool.globalInstance().start(self._runner)
        return self.generation

    def is_busy(self) -> bool:
        return not self._idle.is_set()

    def wait_idle(self, seconds: float = 10.0) -> bool:
        """Block until no job runs (tests and shutdown only; the GUI never waits on this)."""
        return self._idle.wait(seconds)

    def shutdown(self) -> None:
        """Drop pending work and wait for a running job to end (app quit, window closing)."""
        with self._lock:
            self._closed = True
            self._pending = None
        self._idle.wait(10.0)

    # -- pool thread ------------------------------------------------------------------------

    def _take(self) -> EncodeJob | None:
        with self._lock:
            job = self._pending
            self._pending = None
            if job is None:
                self._running = False
                self._idle.set()
            return job

    def _is_stale(self) -> bool:
        return self._pending is not None or self._closed

    def _run_loop(self) -> None:
        while True:
            job = self._take()
            if job is None:
                return
            try:
                result = run_job(job, self._is_stale)
            except Exception as exc:  # an engine bug must not kill the view
                traceback.print_exc()
                if not self._closed:
                    self._relay.error.emit(job.generation, f"{type(exc).__name__}: {exc}")
                continue
            if result is None or self._closed:
                continue
            self._relay.done.emit(result)

    # -- GUI thread -------------------------------------------------------------------------

    def _on_runner_done(self, result: EncodeResult) -> None:
        if result.generation != self.generation:
            self.dropped += 1  # a newer request is on its way: never show old tokens
            return
        self.finished.emit(result)

    def _on_runner_error(self, generation: int, message: str) -> None:
        if generation == self.generation:
            self.failed.emit(message)
