"""Corpus mode: one file encoded by several tokenizers in a worker thread, cancellable.

:class:`CorpusCompareController` lives in the GUI thread, starts the
:class:`~app.features.compare.corpus_job.CorpusEncodeWorker` in a job thread (:mod:`app.core.jobs.runner`,
which keeps it alive until it ends, even if this controller is deleted first), and re-emits
the worker's signals here so that views and tests wait on GUI-thread signals only.

States: ``idle ──start──► running ──► done | failed``; ``running ──cancel──► cancelling ──► cancelled``.
Cancel is a plain method (a ``threading.Event`` on the worker) and never waits.

It leaves out reading and encoding the file (the worker) and showing the figures (the view).
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QCoreApplication, QObject, Signal, Slot

from app.core.jobs import runner
from app.core.messages import CorpusStats
from app.features.compare.corpus_job import CorpusEncodeWorker, CorpusState
from bpe_engine import TokenizerLike

__all__ = ["CorpusCompareController", "CorpusState"]


class CorpusCompareController(QObject):
    """Runs corpus mode, one run at a time (see the module docstring).

    Signals:
        state_changed(str): the new state (a :class:`CorpusState`).
        progress(int, int): bytes processed (over all tokenizers) and the total.
        column_done(CorpusStats): the :class:`~app.core.messages.CorpusStats` of one tokenizer.
        finished(str): ``CorpusState.DONE`` or ``CorpusState.CANCELLED``.
        failed(str): why the file could not be used.
    """

    state_changed = Signal(str)
    progress = Signal(int, int)
    column_done = Signal(CorpusStats)
    finished = Signal(str)
    failed = Signal(str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.state = CorpusState.IDLE
        self.results: dict[str, CorpusStats] = {}
        self.add_specials = False  # whether the results count the models' BOS/EOS
        self._thread: runner.JobThread | None = None
        self._worker: CorpusEncodeWorker | None = None
        app = QCoreApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(self.shutdown)
        # A plain callable, not a slot of this (dying) object: it runs at once, and cancelling
        # is thread-safe even while the worker is busy. The thread is kept alive by the runner.
        self.destroyed.connect(lambda *_: self._worker is not None and self._worker.cancel())

    def is_running(self) -> bool:
        return self.state in (CorpusState.RUNNING, CorpusState.CANCELLING)

    def start(
        self, path: str, limit_bytes: int, tokenizers: Sequence[tuple[str, TokenizerLike]], add_specials: bool = False
    ) -> None:
        """Encode ``path`` (its first ``limit_bytes``, 0 = all) with each ``(key, tokenizer)``
        (``add_specials``: count the BOS/EOS each model adds, once per non-blank line)."""
        if self.is_running():
            raise RuntimeError("a corpus run is already in progress; cancel it first")
        if not tokenizers:
            raise ValueError("no tokenizer to run")
        self._join()
        self.results = {}
        self.add_specials = add_specials
        worker = CorpusEncodeWorker(path, limit_bytes, tokenizers, add_specials)
        worker.progress.connect(self._on_worker_progress)
        worker.column_done.connect(self._on_worker_column_done)
        worker.finished.connect(self._on_worker_finished)
        worker.failed.connect(self._on_worker_failed)
        self._worker = worker
        self._set_state(CorpusState.RUNNING)
        self._thread = runner.start(worker, "corpus-encode")

    @Slot()
    def cancel(self) -> None:
        if self.state == CorpusState.RUNNING and self._worker is not None:
            self._worker.cancel()
            self._set_state(CorpusState.CANCELLING)

    @Slot()
    def shutdown(self, timeout_ms: int = 10_000) -> bool:
        """Cancel a run and wait for its thread to end (window closing, app quitting)."""
        if self._worker is not None:
            self._worker.cancel()
        return self._join(timeout_ms)

    def _join(self, timeout_ms: int = 10_000) -> bool:
        return self._thread is None or self._thread.wait(timeout_ms)

    def _set_state(self, state: CorpusState) -> None:
        if state != self.state:
            self.state = state
            self.state_changed.emit(state)

    # -- worker signals, delivered in the GUI thread -----------------------------------------

    @Slot(int, int)
    def _on_worker_progress(self, done: int, total: int) -> None:
        if self.is_running():
            self.progress.emit(done, total)

    @Slot(CorpusStats)
    def _on_worker_column_done(self, stats: CorpusStats) -> None:
        self.results[stats.key] = stats
        self.column_done.emit(stats)

    @Slot(str)
    def _on_worker_finished(self, reason: str) -> None:
        self._set_state(CorpusState.CANCELLED if reason == CorpusState.CANCELLED else CorpusState.DONE)
        self.finished.emit(reason)

    @Slot(str)
    def _on_worker_failed(self, message: str) -> None:
        self._set_state(CorpusState.FAILED)
        self.failed.emit(message)
