"""Runs the Measure tab's :class:`~app.features.measure.job.MeasureWorker` off the GUI thread and
re-emits its reports here, in the GUI thread; one run at a time, Cancel through a
``threading.Event`` (a queued slot on the busy worker would never be delivered).

It leaves out what is measured (the view) and how it is shown (the panels).
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QObject, Signal, Slot

from app.core.jobs.runner import JobThread, start
from app.features.measure.job import Figures, MeasureState, MeasureWorker, Reachability
from app.features.measure.texts import MeasureText
from bpe_engine import TokenizerLike

__all__ = ["MeasureController"]


class MeasureController(QObject):
    """One measuring run at a time (see the module docstring).

    Signals:
        progress(int, int): steps done and the total.
        figures_ready(object): the :class:`~app.features.measure.job.Figures` of one tokenizer.
        state_changed(str): a :class:`~app.features.measure.job.MeasureState`.
        failed(str): why the run stopped.
    """

    progress = Signal(int, int)
    figures_ready = Signal(object)
    state_changed = Signal(str)
    failed = Signal(str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.state = MeasureState.IDLE
        self._worker: MeasureWorker | None = None
        self._thread: JobThread | None = None

    def is_running(self) -> bool:
        return self.state in (MeasureState.RUNNING, MeasureState.CANCELLING)

    def start(
        self,
        tokenizers: Sequence[tuple[str, str, TokenizerLike]],
        texts: Sequence[MeasureText],
        *,
        parallel: bool,
        health: bool,
        reachable: dict[str, Reachability] | None = None,
    ) -> None:
        """Measure ``tokenizers`` (key, label, tokenizer) on ``texts``; a run still going is
        cancelled. ``reachable``: reachabilities already known, by key."""
        self.cancel()
        worker = MeasureWorker(tokenizers, texts, parallel=parallel, health=health, reachable=reachable)
        worker.progress.connect(self._on_worker_progress)
        worker.figures.connect(self._on_worker_figures)
        worker.finished.connect(self._on_worker_finished)
        worker.failed.connect(self._on_worker_failed)
        self._worker = worker
        self._set(MeasureState.RUNNING)
        self._thread = start(worker, "measure")

    def cancel(self) -> None:
        if self._worker is not None and self.is_running():
            self._worker.cancel()
            self._set(MeasureState.CANCELLING)

    def wait(self, msecs: int = 60_000) -> bool:
        """Wait for the run's thread (tests and shutdown only)."""
        return self._thread.wait(msecs) if self._thread is not None else True

    def shutdown(self) -> None:
        if self._worker is not None:
            self._worker.cancel()  # no wait: the runner keeps the thread until it ends

    def _set(self, state: MeasureState) -> None:
        self.state = state
        self.state_changed.emit(state.value)

    def _current(self) -> bool:
        return self.sender() is self._worker

    @Slot(int, int)
    def _on_worker_progress(self, done: int, total: int) -> None:
        if self._current():
            self.progress.emit(done, total)

    @Slot(object)
    def _on_worker_figures(self, figures: Figures) -> None:
        if self._current():
            self.figures_ready.emit(figures)

    @Slot(str)
    def _on_worker_finished(self, state: str) -> None:
        if self._current():
            self._set(MeasureState(state))

    @Slot(str)
    def _on_worker_failed(self, message: str) -> None:
        if self._current():
            self._set(MeasureState.FAILED)
            self.failed.emit(message)
