"""The training controller: one training run at a time, its thread, and its state machine.

:class:`TrainingController` lives in the GUI thread. It is given a :class:`TrainingRequest`:
the corpus and the engine's :class:`bpe_engine.TrainerConfig`, which checked every setting
when it was made (settings it refused reach the controller as :meth:`TrainingController.refuse`,
with the engine's message). ``start`` builds a ``BpeTrainer`` (a corpus it cannot use fails
at once, with the engine's message), starts a :class:`~app.core.training.worker.TrainingWorker` in a job thread
(:mod:`app.core.jobs.runner`) and re-emits the worker's batched signals here, in the GUI thread,
where views and tests may wait on them.

States::

    idle ──start──► counting ──► merging ──► finished
                      │  ▲          │  ▲
                  pause│  │resume pause│ │resume/step
                      ▼  │          ▼  │
                      paused ◄──────────┘        any running state ──error──► failed
    counting/merging/paused ──cancel──► cancelling ──► cancelled

Pause, resume, step and cancel are plain methods that set ``threading.Event``s on the
worker; they never wait for the worker. Cancelling while the trainer is still counting takes
effect at once: the counting processes are stopped by the worker as soon as the engine hands
control back, in a thread the runner keeps until it ends. Cancelling while merging (or
parked between two merges) takes effect after the merge in progress (milliseconds); the
worker then sends the tokenizer of the merges done.

The GUI thread never builds a tokenizer (thousands of merges take tens of milliseconds, a
200 000-token vocabulary much longer): a finished or cancelled run's tokenizer comes from the
worker, and a paused run's is built by the parked worker on request
(:meth:`TrainingController.request_tokenizer`, answered by ``tokenizer_built``).

Long trainings survive: :meth:`TrainingController.save_checkpoint` saves a paused or running
run to a checkpoint file (in the worker's thread, between two events), and
:meth:`TrainingController.resume_from` goes on from one, in this process or a later one. A
resumed run loads the file in its job thread (stage ``"loading"``), then replays the merges
made before the checkpoint (they fill the merges table and plots again) and goes on with the
merges an uninterrupted run would make.

It leaves out everything about display: views read ``merges``, ``counting`` and
``snapshot`` and listen to the signals.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from PySide6.QtCore import QObject, Signal, Slot

from app.core.i18n import tr
from app.core.jobs import runner
from app.core.messages import ResumedRun, StepSnapshot
from app.core.training.worker import TrainingWorker
from bpe_engine import BpeTrainer, CountingDone, MergeEvent, Tokenizer, TrainerConfig, TrainingDone, errors

__all__ = ["TrainingRequest", "TrainingController", "STATES"]

STATES = ("idle", "counting", "merging", "paused", "cancelling", "finished", "cancelled", "failed")
_RUNNING = ("counting", "merging")
_ACTIVE = ("counting", "merging", "paused", "cancelling")


@dataclass(frozen=True)
class TrainingRequest:
    """What to train on, with the engine's settings for it.

    ``config`` holds every training setting (the engine's :class:`bpe_engine.TrainerConfig`,
    which checked them when it was made: a bad value raised ``ConfigError`` naming it). The
    rest is not a training setting: the corpus (files ``paths``, or one ``text``), how the UI
    names it (``label``: "tiny.txt", "Sample: ..."), and the seconds between two batches of
    the worker's signals.
    """

    config: TrainerConfig
    paths: tuple[str, ...] = ()
    text: str | None = None
    label: str = ""
    batch_interval: float = 0.05

    def make_trainer(self) -> BpeTrainer:
        """The engine's trainer; raises ``errors.BPEError`` for a corpus it cannot use."""
        if self.text is None and not self.paths:
            raise errors.EmptyCorpusError(
                tr("no corpus chosen: pick a built-in sample, add text files, or paste some text")
            )
        # Qt runs threads of its own that Python cannot see: never fork the counting processes.
        config = self.config.replace(fork_workers=False, name=self.name)
        return BpeTrainer(None if self.text is not None else list(self.paths), config, text=self.text)

    @property
    def name(self) -> str | None:
        """The trained tokenizer's name: the config's, else the corpus label."""
        return self.config.name if self.config.name is not None else (self.label or None)

    def describe(self) -> str:
        if self.label:
            return self.label
        if self.text is not None:
            return tr("pasted text")
        return ", ".join(os.path.basename(p) for p in self.paths)


class _Run:
    """One training run: its worker and the job thread it runs in."""

    def __init__(self, run_id: int, thread: runner.JobThread, worker: TrainingWorker) -> None:
        self.run_id = run_id
        self.thread = thread
        self.worker = worker

    @property
    def trainer(self) -> BpeTrainer | None:
        """The run's trainer (None while a checkpoint is still being loaded)."""
        return self.worker.trainer


class TrainingController(QObject):
    """Owns the training thread and the state machine (see the module docstring).

    Signals:
        state_changed(str): the new state (one of :data:`STATES`).
        counting_progress(int, int): bytes counted, bytes in the corpus (``stage`` says what
            the run is doing: reading, counting, combining or indexing).
        counting_done(CountingDone): the engine's ``CountingDone`` (totals, ``initial_tokens``).
        merges_added(list): a batch of ``MergeEvent``, in rank order.
        paused(object): the worker is parked; a ``StepSnapshot``, or None while counting.
        finished(TrainingDone): the engine's ``TrainingDone``; ``tokenizer()`` is the result.
        cancelled(): the run was cancelled; ``tokenizer()`` holds the merges done so far.
        failed(str): the run (or its settings) failed; the message says why and how to fix it.
        tokenizer_built(Tokenizer): the tokenizer asked for with :meth:`request_tokenizer`.
        snapshot_changed(object): a new ``StepSnapshot`` (a pause, or the end of a run).
        loaded(ResumedRun): a run started with :meth:`resume_from` has read its checkpoint
            (``request`` now holds its settings and corpus).
        checkpoint_saved(str, int): a checkpoint was written to this path, holding this many merges.
        checkpoint_failed(str, str): the checkpoint for this path could not be written; why.
    """

    state_changed = Signal(str)
    counting_progress = Signal(int, int)
    counting_done = Signal(CountingDone)
    merges_added = Signal(list)
    paused = Signal(object)
    finished = Signal(TrainingDone)
    cancelled = Signal()
    failed = Signal(str)
    tokenizer_built = Signal(Tokenizer)
    snapshot_changed = Signal(object)
    loaded = Signal(ResumedRun)
    checkpoint_saved = Signal(str, int)
    checkpoint_failed = Signal(str, str)

    HOLD_WAIT = 0.005  # seconds the GUI waits at most for the worker to stand still before drawing

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._state = "idle"
        self._run: _Run | None = None
        # Earlier runs whose thread had not ended yet (the runner keeps them alive; shutdown
        # waits for them).
        self._retiring: list[_Run] = []
        self._next_id = 0
        self._parked = False
        self._result_tokenizer: Tokenizer | None = None
        self._paused_tokenizer: Tokenizer | None = None  # built by the parked worker for this pause
        self._tokenizer_requested = False
        self.request: TrainingRequest | None = None
        self.merges: list[MergeEvent] = []
        self.counting: CountingDone | None = None
        self.result: TrainingDone | None = None
        self.snapshot: StepSnapshot | None = None
        self.error = ""
        self.bytes_done = 0
        self.bytes_total = 0
        self._stage = "counting"  # the engine's counting stage: "counting" or "indexing"
        self._phase = "counting"  # the phase a pause returns to
        #: The checkpoint file of a resumed run ("" for a run started from a corpus).
        self.resume_path = ""
        #: Merges a resumed run had made before its checkpoint (replayed first).
        self.restored_merges = 0
        self._loading = False  # a resumed run is reading its checkpoint
        self._checkpoints_pending = 0

    # -- queries ---------------------------------------------------------------------------

    @property
    def state(self) -> str:
        return self._state

    @property
    def phase(self) -> str:
        """``"counting"`` or ``"merging"``: where the current run is (or was when paused)."""
        return self._phase

    @property
    def stage(self) -> str:
        """What the run is really doing (or was doing when paused):

        - ``"loading"``: a resumed run is reading its checkpoint file;
        - ``"reading"``: counting began but no byte is counted yet (reading the corpus,
          starting the counting processes, counting the first block);
        - ``"counting"``: bytes are being counted (``bytes_done`` of ``bytes_total``);
        - ``"combining"``: every byte is counted; the counts are being put together;
        - ``"indexing"``: the merge loop's pair index is being built;
        - ``"merging"``: merges are being made (``merges`` of ``target_merges``).
        """
        if self._phase == "merging":
            return "merging"
        if self._loading:
            return "loading"
        if self._stage == "indexing":
            return "indexing"
        if self.bytes_done <= 0:
            return "reading"
        return "combining" if self.bytes_done >= self.bytes_total else "counting"

    @property
    def is_active(self) -> bool:
        return self._state in _ACTIVE

    @property
    def target_merges(self) -> int:
        if self.counting is not None:
            return self.counting.target_merges
        trainer = self._run.trainer if self._run is not None else None
        return trainer.target_merges if trainer is not None else 0

    def can(self, action: str) -> bool:
        """Whether ``action`` (start, pause, resume, step, cancel, save, checkpoint) makes sense now."""
        s = self._state
        if action == "start":
            return s not in _ACTIVE
        if action == "pause":
            return s in _RUNNING
        if action == "resume":
            return s == "paused"
        if action == "step":
            return s not in _ACTIVE or s == "paused"
        if action == "cancel":
            return s in ("counting", "merging", "paused")
        if action == "save":
            return self.tokenizer_available()
        if action == "checkpoint":
            return s in ("counting", "merging", "paused") and not self._loading
        raise ValueError(f"unknown action {action!r}")

    def tokenizer_available(self) -> bool:
        if self._run is None:
            return False
        if self._state in ("finished", "cancelled"):
            return True
        return self._state == "paused" and self._parked

    def tokenizer(self) -> Tokenizer | None:
        """The tokenizer of the merges done so far if it is built already, else None.

        After ``finished`` or ``cancelled`` it is the run's result. While paused it is there
        once :meth:`request_tokenizer` was answered (``tokenizer_built``) and until the run
        moves on. Never built here: this is the GUI thread.
        """
        if not self.tokenizer_available():
            return None
        if self._state == "paused":
            return self._paused_tokenizer
        return self._result_tokenizer

    def request_tokenizer(self) -> bool:
        """Ask for the tokenizer of the merges done so far; ``tokenizer_built`` brings it.

        When it is built already, ``tokenizer_built`` is emitted before this returns. While
        paused, the parked worker builds it (off the GUI thread). False when there is none to
        have (see :meth:`tokenizer_available`).
        """
        if not self.tokenizer_available():
            return False
        ready = self.tokenizer()
        if ready is not None:
            self.tokenizer_built.emit(ready)
            return True
        assert self._run is not None
        if not self._tokenizer_requested:  # one build answers every request of this pause
            self._tokenizer_requested = True
            self._run.worker.request_tokenizer()
        return True

    # -- commands --------------------------------------------------------------------------

    def start(self, request: TrainingRequest, *, step_mode: bool = False) -> bool:
        """Start training; with ``step_mode`` it parks after counting, before the first merge.

        A corpus the engine cannot use (a missing file, no text) fails at once: ``failed`` is
        emitted with the engine's message and False returned.
        """
        self._begin(request)
        try:
            trainer = request.make_trainer()
        except errors.BPEError as exc:
            self._fail(str(exc))
            return False
        except (OSError, ValueError) as exc:  # e.g. a corpus path the OS rejects
            self._fail(tr("cannot start training: {reason}").format(reason=exc))
            return False
        worker = TrainingWorker(trainer, self._next_id + 1, step_mode=step_mode, batch_interval=request.batch_interval)
        self._launch(worker)
        return True

    def resume_from(self, path: str | os.PathLike[str], *, workers: int | None = None) -> bool:
        """Go on with a training saved by :meth:`save_checkpoint` (here or in another session).

        The file is read in the job thread (``stage`` is ``"loading"``); ``loaded`` follows
        with its settings, then the events of the run: the counting totals, the merges made
        before the checkpoint, then the rest. A file that cannot be resumed (damaged, not a
        checkpoint, its corpus gone for a run saved while counting) ends as ``failed``, with
        the engine's message. ``workers``: counting processes for a run saved while counting.
        """
        self._begin(None)
        path = os.fspath(path)
        self.resume_path = path
        self._loading = True
        settings: dict[str, object] = {"fork_workers": False}  # Qt's threads: never fork (see make_trainer)
        if workers is not None:
            settings["workers"] = workers

        def load() -> BpeTrainer:
            return BpeTrainer.resume(path, **settings)

        self._launch(TrainingWorker(None, self._next_id + 1, load=load))
        return True

    def save_checkpoint(self, path: str | os.PathLike[str]) -> bool:
        """Save the active run to a checkpoint file (``checkpoint_saved`` or ``checkpoint_failed``).

        Done by the worker between two events: at once while paused, within a merge while
        running. A run still counting is saved with its settings and corpus only (it counts
        again when resumed). False when no run can be saved now (see ``can("checkpoint")``).
        """
        if not self.can("checkpoint") or self._run is None:
            return False
        self._checkpoints_pending += 1
        self._run.worker.request_checkpoint(os.fspath(path))
        return True

    @property
    def saving_checkpoint(self) -> bool:
        """A checkpoint was asked for and is not written yet."""
        return self._checkpoints_pending > 0

    def _launch(self, worker: TrainingWorker) -> None:
        self._next_id = worker.run_id
        worker.counting_progress.connect(self._on_worker_counting_progress)
        worker.final_snapshot.connect(self._on_worker_final_snapshot)
        worker.counting_done.connect(self._on_worker_counting_done)
        worker.merges.connect(self._on_worker_merges)
        worker.paused.connect(self._on_worker_paused)
        worker.finished.connect(self._on_worker_finished)
        worker.cancelled.connect(self._on_worker_cancelled)
        worker.failed.connect(self._on_worker_failed)
        worker.tokenizer_built.connect(self._on_worker_tokenizer_built)
        worker.loaded.connect(self._on_worker_loaded)
        worker.checkpoint_saved.connect(self._on_worker_checkpoint_saved)
        worker.checkpoint_failed.connect(self._on_worker_checkpoint_failed)
        self._set_state("counting")
        self._run = _Run(self._next_id, runner.start(worker, f"training-{self._next_id}"), worker)

    def refuse(self, message: str) -> None:
        """A run that cannot start: its settings were refused before any request existed (the
        engine's ``ConfigError``, which names the bad value). Reported as a run that failed at
        once: ``failed`` with ``message``."""
        self._begin(None)
        self._fail(message)

    def _begin(self, request: TrainingRequest | None) -> None:
        """Forget the previous run's results: a new run (or a refused one) starts."""
        if self._state in _ACTIVE:
            raise RuntimeError(f"training is already {self._state}; cancel it before starting again")
        self._drop_finished_run()
        self.request = request
        self.merges = []
        self.counting = None
        self.result = None
        self.snapshot = None
        self.error = ""
        self.bytes_done = 0
        self.bytes_total = 0
        self._stage = "counting"
        self._phase = "counting"
        self.resume_path = ""
        self.restored_merges = 0
        self._loading = False
        self._checkpoints_pending = 0
        self._parked = False
        self._result_tokenizer = None
        self._forget_paused_tokenizer()
        self._tokenizer_requested = False  # an answer for the previous run is ignored (run id)

    def pause(self) -> None:
        if self._state in _RUNNING and self._run is not None:
            self._run.worker.pause()
            self._set_state("paused")

    def resume(self) -> None:
        if self._state == "paused" and self._run is not None:
            self._parked = False
            self._forget_paused_tokenizer()
            self._run.worker.resume()
            self._set_state(self._phase)

    def step(self, request: TrainingRequest | None = None) -> bool:
        """Apply exactly one merge (when paused), or start a run in step mode (when idle).

        Starting needs ``request``; returns False if nothing was done.
        """
        if self._state == "paused" and self._run is not None:
            self._parked = False
            self._forget_paused_tokenizer()
            self._run.worker.step()
            self._set_state(self._phase)
            return True
        if self._state not in _ACTIVE and request is not None:
            return self.start(request, step_mode=True)
        return False

    def cancel(self) -> None:
        """Stop the run; the merges done so far stay (``tokenizer()`` after ``cancelled``)."""
        run = self._run
        if run is None or self._state not in ("counting", "merging", "paused"):
            return
        run.worker.cancel()
        self._forget_paused_tokenizer()
        if self._state == "counting" or (self._state == "paused" and self._phase == "counting"):
            # subtle: while counting, the engine may not hand control back for a while
            # (worker processes starting). No merge has reached this thread, so the result is
            # the bytes-only tokenizer, built here: the worker may still be touching the
            # trainer. The thread finishes the close in the background; what it still sends
            # is ignored.
            self._retiring.append(run)
            self._result_tokenizer = self._bytes_only(self.request)
            self._finish_cancel()
        else:
            # The worker answers within a merge (at once when parked) with the tokenizer of
            # the merges done, built in its thread.
            self._set_state("cancelling")

    @contextmanager
    def gui_priority(self) -> Iterator[None]:
        """Keep the worker between two events while the GUI thread draws (see ``TrainingWorker.hold``).

        Use it around Python-heavy display updates that are repainted synchronously.
        """
        worker = self._run.worker if self._run is not None and self._state in _RUNNING else None
        if worker is not None:
            worker.hold()
            if self._state == "merging":
                # Bounded: the worker reaches the next event boundary within a merge (usually
                # well under a millisecond); drawing while it still runs would cost more.
                # (While counting it may sit inside the engine for long: no wait then.)
                worker.wait_held(self.HOLD_WAIT)
        try:
            yield
        finally:
            if worker is not None:
                worker.release()

    @Slot()
    def shutdown(self, timeout_ms: int = 10_000) -> bool:
        """Cancel any run and wait (at most ``timeout_ms``) for every training thread to end.

        The window is closing: the workers are cancelled quietly (no tokenizer is built, no
        signal sent). With ``timeout_ms`` 0 this does not wait; a thread that has not ended
        is kept alive by the job runner until it does (``runner.wait_all``).
        """
        runs = ([self._run] if self._run is not None else []) + self._retiring
        for run in runs:
            run.worker.cancel(quiet=True)
        ok = True
        for run in runs:
            if run.thread.isRunning():
                ok = run.thread.wait(timeout_ms) and ok
        if self._state in _ACTIVE:
            self._set_state("cancelled")
        self._retiring = [r for r in self._retiring if r.thread.isRunning()]
        return ok

    # -- worker signals (delivered here, in the GUI thread) --------------------------------

    def _current(self, run_id: int) -> bool:
        return self._run is not None and self._run.run_id == run_id and self._state in _ACTIVE

    @Slot(int, int, int, str)
    def _on_worker_counting_progress(self, run_id: int, done: int, total: int, stage: str) -> None:
        if not self._current(run_id):
            return
        self.bytes_done, self.bytes_total = done, total
        self._stage = stage
        self.counting_progress.emit(done, total)

    @Slot(int, StepSnapshot)
    def _on_worker_final_snapshot(self, run_id: int, snapshot: StepSnapshot) -> None:
        if not self._current(run_id):
            return
        self.snapshot = snapshot
        self.snapshot_changed.emit(snapshot)

    @Slot(int, CountingDone)
    def _on_worker_counting_done(self, run_id: int, event: CountingDone) -> None:
        if not self._current(run_id):
            return
        self.counting = event
        self._phase = "merging"
        self.bytes_done = self.bytes_total = event.total_bytes
        if self._state == "counting":
            self._set_state("merging")
        self.counting_done.emit(event)

    @Slot(int, list)
    def _on_worker_merges(self, run_id: int, events: list[MergeEvent]) -> None:
        if not self._current(run_id):
            return
        self.merges.extend(events)
        self.merges_added.emit(events)

    @Slot(int, object)
    def _on_worker_paused(self, run_id: int, snapshot: StepSnapshot | None) -> None:
        if not self._current(run_id) or self._state == "cancelling":
            return
        self._parked = True
        self.snapshot = snapshot
        self._set_state("paused")  # also after a step: the worker parked by itself
        if snapshot is not None:
            self.snapshot_changed.emit(snapshot)
        self.paused.emit(snapshot)

    @Slot(int, TrainingDone, Tokenizer)
    def _on_worker_finished(self, run_id: int, event: TrainingDone, tokenizer: Tokenizer) -> None:
        if not self._current(run_id):
            return
        self.result = event
        self._result_tokenizer = tokenizer
        self._set_state("finished")
        self.finished.emit(event)

    @Slot(int, Tokenizer)
    def _on_worker_cancelled(self, run_id: int, tokenizer: Tokenizer) -> None:
        if not self._current(run_id):
            return
        self._result_tokenizer = tokenizer
        self._finish_cancel()

    @Slot(int, str)
    def _on_worker_failed(self, run_id: int, message: str) -> None:
        if not self._current(run_id):
            return
        self._fail(message)

    @Slot(int, Tokenizer)
    def _on_worker_tokenizer_built(self, run_id: int, tokenizer: Tokenizer) -> None:
        if self._run is None or self._run.run_id != run_id or not self._tokenizer_requested:
            return
        self._tokenizer_requested = False
        if self._state == "paused" and self._parked and len(tokenizer.merges) == len(self.merges):
            self._paused_tokenizer = tokenizer  # still this pause: later requests get it at once
        # Delivered even if the run moved on meanwhile: it is the state the request was made in.
        self.tokenizer_built.emit(tokenizer)

    @Slot(int, ResumedRun)
    def _on_worker_loaded(self, run_id: int, run: ResumedRun) -> None:
        if not self._current(run_id):
            return
        self._loading = False
        self.restored_merges = run.merges
        label = run.config.name or (
            tr("pasted text") if run.text is not None else ", ".join(os.path.basename(p) for p in run.paths)
        )
        self.request = TrainingRequest(run.config, paths=run.paths, text=run.text, label=label)
        self.loaded.emit(run)

    @Slot(int, str, int)
    def _on_worker_checkpoint_saved(self, run_id: int, path: str, merges: int) -> None:
        if self._run is None or self._run.run_id != run_id:
            return
        self._checkpoints_pending = max(0, self._checkpoints_pending - 1)
        self.checkpoint_saved.emit(path, merges)

    @Slot(int, str, str)
    def _on_worker_checkpoint_failed(self, run_id: int, path: str, message: str) -> None:
        if self._run is None or self._run.run_id != run_id:
            return
        self._checkpoints_pending = max(0, self._checkpoints_pending - 1)
        self.checkpoint_failed.emit(path, message)

    # -- helpers ---------------------------------------------------------------------------

    def _forget_paused_tokenizer(self) -> None:
        # subtle: a request still being served is kept (_tokenizer_requested): the worker
        # answers it before it moves on, and the answer goes to whoever asked.
        self._paused_tokenizer = None

    def _finish_cancel(self) -> None:
        self._loading = False
        self._parked = False
        self._set_state("cancelled")
        self.cancelled.emit()

    def _fail(self, message: str) -> None:
        self._loading = False
        self.error = message
        self._set_state("failed")
        self.failed.emit(message)

    @staticmethod
    def _bytes_only(request: TrainingRequest | None) -> Tokenizer:
        """The tokenizer of a run cancelled before its first merge: 256 bytes and the specials."""
        config = request.config if request is not None else TrainerConfig()
        return Tokenizer(
            {i: bytes([i]) for i in range(256)},
            [],
            list(config.special_tokens),
            pretokenizer=config.pretokenizer,
            name=request.name if request is not None else None,
        )

    def _drop_finished_run(self) -> None:
        """Release the previous run (its thread has ended, or it is retiring)."""
        run = self._run
        if run is None:
            return
        # It has sent its last signal; at most closing the event stream is left.
        if run.thread.isRunning() and run not in self._retiring:
            self._retiring.append(run)
        self._retiring = [r for r in self._retiring if r.thread.isRunning()]
        self._run = None

    def _set_state(self, state: str) -> None:
        if state != self._state:
            self._state = state
            self.state_changed.emit(state)
