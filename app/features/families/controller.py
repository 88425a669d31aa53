"""The Families tab's jobs: one training run at a time, and live tokenization, newest wins.

:class:`FamiliesController` lives in the GUI thread. Training runs a
:class:`~app.features.families.job.FamiliesTrainingWorker` in a job thread (:mod:`app.core.jobs.runner`
keeps it alive until it ends) and re-emits its signals here; Cancel is a plain method (a
``threading.Event``) that never waits. Tokenizing runs :func:`~app.features.families.job.run_families`
in a :class:`~app.core.jobs.calls.CallQueue` that keeps only the newest request; a result of an
older request is dropped, so typing fast never shows an old text's tokens.

States of training: ``idle ──train──► training ──► done | failed``;
``training ──cancel──► cancelling ──► cancelled``.

It leaves out what a family is (the engine) and how it is shown (the view).
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from functools import partial

from PySide6.QtCore import QCoreApplication, QObject, Signal, Slot

from app.core.jobs import runner
from app.core.jobs.calls import CallQueue
from app.features.families.job import (
    FamiliesCorpus,
    FamiliesJob,
    FamiliesOutcome,
    FamiliesTrainingWorker,
    TrainedFamilies,
    run_families,
)
from bpe_engine import FamilyTokenizer

__all__ = ["FamiliesController", "TrainingState"]


class TrainingState(StrEnum):
    """Where training is (see the module docstring)."""

    IDLE = "idle"
    TRAINING = "training"
    CANCELLING = "cancelling"
    DONE = "done"
    FAILED = "failed"
    CANCELLED = "cancelled"


def _describe(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {exc}"


class FamiliesController(QObject):
    """Training and tokenizing for the Families tab (see the module docstring).

    Signals:
        state_changed(str): the training state (a :class:`TrainingState`).
        progress(str, str, int, int): family, phase, done, total of the running training.
        family_failed(str, str): a family could not be trained, and why.
        trained(object): a :class:`~app.features.families.job.TrainedFamilies`.
        training_failed(str): the corpus could not be used (a message for a person).
        finished(object): the :class:`~app.features.families.job.FamiliesOutcome` of the newest request.
        failed(str): the newest tokenization failed unexpectedly.
    """

    state_changed = Signal(str)
    progress = Signal(str, str, int, int)
    family_failed = Signal(str, str)
    trained = Signal(object)
    training_failed = Signal(str)
    finished = Signal(object)
    failed = Signal(str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.state = TrainingState.IDLE
        self._worker: FamiliesTrainingWorker | None = None
        self._thread: runner.JobThread | None = None
        self._calls = CallQueue("families", self, latest_only=True)
        self._calls.delivered.connect(self._on_calls_delivered)
        #: Generation of the newest tokenization request; older results are dropped.
        self.generation = 0
        app = QCoreApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(self.shutdown)
        # A plain callable, not a slot of this (dying) object: cancelling is thread-safe.
        self.destroyed.connect(lambda *_: self._worker is not None and self._worker.cancel())

    # -- training ---------------------------------------------------------------------------

    def is_training(self) -> bool:
        return self.state in (TrainingState.TRAINING, TrainingState.CANCELLING)

    def train(self, corpus: FamiliesCorpus, vocab_size: int, *, train_byte_bpe: bool = True) -> bool:
        """Start training on ``corpus``; False when a run is still going (cancel it first)."""
        if self.is_training():
            return False
        self._join()
        worker = FamiliesTrainingWorker(corpus, vocab_size, train_byte_bpe=train_byte_bpe)
        worker.progress.connect(self._on_worker_progress)
        worker.family_failed.connect(self._on_worker_family_failed)
        worker.finished.connect(self._on_worker_finished)
        worker.cancelled.connect(self._on_worker_cancelled)
        worker.failed.connect(self._on_worker_failed)
        self._worker = worker
        self._set_state(TrainingState.TRAINING)
        self._thread = runner.start(worker, "families-train")
        return True

    @Slot()
    def cancel(self) -> None:
        if self.state == TrainingState.TRAINING and self._worker is not None:
            self._worker.cancel()
            self._set_state(TrainingState.CANCELLING)

    def _join(self, timeout_ms: int = 10_000) -> bool:
        return self._thread is None or self._thread.wait(timeout_ms)

    def _set_state(self, state: TrainingState) -> None:
        if state != self.state:
            self.state = state
            self.state_changed.emit(state)

    @Slot(str, str, int, int)
    def _on_worker_progress(self, family: str, phase: str, done: int, total: int) -> None:
        if self.state == TrainingState.TRAINING:
            self.progress.emit(family, phase, done, total)

    @Slot(str, str)
    def _on_worker_family_failed(self, family: str, message: str) -> None:
        self.family_failed.emit(family, message)

    @Slot(object)
    def _on_worker_finished(self, result: object) -> None:
        assert isinstance(result, TrainedFamilies)
        self._set_state(TrainingState.DONE)
        self.trained.emit(result)

    @Slot()
    def _on_worker_cancelled(self) -> None:
        self._set_state(TrainingState.CANCELLED)

    @Slot(str)
    def _on_worker_failed(self, message: str) -> None:
        self._set_state(TrainingState.FAILED)
        self.training_failed.emit(message)

    # -- tokenizing ---------------------------------------------------------------------------

    def request(self, text: str, tokenizers: Mapping[str, FamilyTokenizer], whitespace: bool = True) -> int:
        """Tokenize ``text`` with every family given; returns the request's generation."""
        self.generation += 1
        job = FamiliesJob(self.generation, text, tuple(tokenizers.items()), whitespace)
        self._calls.submit(job.generation, partial(run_families, job, self._calls.is_stale), _describe)
        return self.generation

    def is_busy(self) -> bool:
        return self._calls.is_busy()

    def wait_idle(self, seconds: float = 10.0) -> bool:
        """Block until no tokenization runs (tests and shutdown only)."""
        return self._calls.wait(seconds)

    @Slot(object, object, str)
    def _on_calls_delivered(self, generation: object, result: object, message: str) -> None:
        if not isinstance(result, FamiliesOutcome):
            if message and generation == self.generation:
                self.failed.emit(message)
            return
        if result.generation == self.generation:
            self.finished.emit(result)

    @Slot()
    def shutdown(self, training_wait_ms: int = 0) -> None:
        """Cancel training and drop waiting requests (window closing); wait for training only
        ``training_wait_ms``, never for a running tokenization.

        subtle: training may sit seconds in one engine step (building the pair index of a big
        corpus); its thread ends in the background and runner's exit hook waits for it.
        """
        if self._worker is not None:
            self._worker.cancel()
        self._calls.close()  # a running tokenization ends on its own (the runner keeps it)
        if training_wait_ms:
            self._join(training_wait_ms)
