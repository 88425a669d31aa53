"""Corpus mode: one file encoded by several tokenizers in a worker thread, cancellable.

:class:`CorpusCompareController` lives in the GUI thread, owns the ``QThread`` and the
:class:`~app.workers.corpus_encode.CorpusEncodeWorker`, and re-emits the worker's signals
here so that views and tests wait on GUI-thread signals only.

States: ``idle ──start──► running ──► done | failed``; ``running ──cancel──► cancelling ──► cancelled``.
Cancel is a plain method (a ``threading.Event`` on the worker) and never waits.

Signals:
    state_changed(str): the new state.
    progress(int, int): bytes processed (over all tokenizers) and the total.
    column_done(object): :class:`~app.workers.corpus_encode.CorpusStats` of one tokenizer.
    finished(str): "done" or "cancelled".
    failed(str): why the file could not be used.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QCoreApplication, QObject, QThread, Signal

from bpe_engine import Tokenizer

from ..workers.corpus_encode import CorpusEncodeWorker, CorpusStats

__all__ = ["CorpusCompareController", "CorpusStats"]

# Subtle: a QThread destroyed while it runs aborts the process, and a worker deleted while
# its thread runs crashes it. If the window (and this controller) is deleted during a run, the
# thread and its worker stay referenced here until the thread has ended.
_LIVE_THREADS: dict[QThread, CorpusEncodeWorker] = {}


class CorpusCompareController(QObject):
    state_changed = Signal(str)
    progress = Signal(int, int)
    column_done = Signal(object)
    finished = Signal(str)
    failed = Signal(str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.state = "idle"
        self.results: dict[str, CorpusStats] = {}
        # Subtle: keep the worker and thread referenced until the next run; deleting a worker
        # that Python still references, or a running QThread, crashes.
        self._thread: QThread | None = None
        self._worker: CorpusEncodeWorker | None = None
        app = QCoreApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(self.shutdown)
        # A plain callable, not a worker slot: it runs at once, even while the worker is busy.
        self.destroyed.connect(lambda *_: self._worker is not None and self._worker.cancel())

    def is_running(self) -> bool:
        return self.state in ("running", "cancelling")

    def start(self, path: str, limit_bytes: int, tokenizers: Sequence[tuple[str, Tokenizer]]) -> None:
        """Encode ``path`` (its first ``limit_bytes``, 0 = all) with each ``(key, tokenizer)``."""
        if self.is_running():
            raise RuntimeError("a corpus run is already in progress; cancel it first")
        if not tokenizers:
            raise ValueError("no tokenizer to run")
        self._join()
        self.results = {}
        thread = QThread()
        worker = CorpusEncodeWorker(path, limit_bytes, tokenizers)
        worker.moveToThread(thread)
        thread.started.connect(worker.run)
        # The thread ends with the worker even when this controller is gone by then.
        worker.finished.connect(thread.quit)
        worker.failed.connect(thread.quit)
        worker.progress.connect(self._on_worker_progress)
        worker.column_done.connect(self._on_worker_column_done)
        worker.finished.connect(self._on_worker_finished)
        worker.failed.connect(self._on_worker_failed)
        self._thread, self._worker = thread, worker
        _LIVE_THREADS[thread] = worker
        self._set_state("running")
        thread.start()

    def cancel(self) -> None:
        if self.state == "running" and self._worker is not None:
            self._worker.cancel()
            self._set_state("cancelling")

    def shutdown(self, timeout_ms: int = 10_000) -> bool:
        """Cancel a run and wait for its thread to end (window closing, app quitting)."""
        if self._worker is not None:
            self._worker.cancel()
        return self._join(timeout_ms)

    def _join(self, timeout_ms: int = 10_000) -> bool:
        if self._thread is None:
            return True
        self._thread.quit()
        ended = self._thread.wait(timeout_ms)
        if ended:
            _LIVE_THREADS.pop(self._thread, None)
        return ended

    def _set_state(self, state: str) -> None:
        if state != self.state:
            self.state = state
            self.state_changed.emit(state)

    # -- worker signals, delivered in the GUI thread -----------------------------------------

    def _on_worker_progress(self, done: int, total: int) -> None:
        if self.is_running():
            self.progress.emit(done, total)

    def _on_worker_column_done(self, stats: CorpusStats) -> None:
        self.results[stats.key] = stats
        self.column_done.emit(stats)

    def _on_worker_finished(self, reason: str) -> None:
        if self._thread is not None:
            self._thread.quit()
        self._set_state("cancelled" if reason == "cancelled" else "done")
        self.finished.emit(reason)

    def _on_worker_failed(self, message: str) -> None:
        if self._thread is not None:
            self._thread.quit()
        self._set_state("failed")
        self.failed.emit(message)
