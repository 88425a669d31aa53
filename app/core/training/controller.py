"""The training controller: one training run at a time, its thread, and its state machine.

:class:`TrainingController` lives in the GUI thread. It is given a :class:`TrainingRequest`:
the corpus and the engine's :class:`bpe_engine.TrainerConfig`, which checked every setting
when it was made (settings it refused reach the controller as :meth:`TrainingController.refuse`,
with the engine's message). ``start`` builds a ``BpeTrainer`` (a corpus it cannot use fails
at once, with the engine's message), starts a :class:`~app.core.training.worker.TrainingWorker` in a job thread
(:mod:`app.core.jobs.runner`) and relays the worker's batches of events (its one signal) here,
in the GUI thread, on its one ``events`` signal, where views and tests may wait on them.

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

The GUI thread never builds a tokenizer (a 200 000-token vocabulary takes long): a finished
or cancelled run's comes from the worker, a paused run's from the parked worker on request
(:meth:`TrainingController.request_tokenizer`, answered by ``TokenizerBuilt``).

Long trainings survive: :meth:`TrainingController.save_checkpoint` saves a paused or running
run to a checkpoint file (in the worker's thread, between two events), and
:meth:`TrainingController.resume_from` goes on from one, in this process or a later one. A
resumed run loads the file in its job thread (stage ``"loading"``), then replays the merges
made before the checkpoint (they fill the merges table and plots again) and goes on with the
merges an uninterrupted run would make. A checkpoint that holds the merges only (its corpus's
words were too many to keep) counts its corpus files again first (stage ``"counting"``).

It leaves out everything about display: views read ``merges``, ``counting`` and
``snapshot`` and match on the events.
"""

from __future__ import annotations

import os
from contextlib import AbstractContextManager, nullcontext

from PySide6.QtCore import QObject, Signal, Slot

from app.core.i18n import tr
from app.core.jobs import runner
from app.core.messages import ResumedRun, StepSnapshot
from app.core.training.events import (
    Cancelled,
    CheckpointFailed,
    CheckpointSaved,
    Failed,
    Finished,
    Paused,
    TokenizerBuilt,
    TrainingAction,
    TrainingStage,
    TrainingState,
)
from app.core.training.request import TrainingRequest, bytes_only_tokenizer
from app.core.training.worker import TrainingRun, TrainingWorker
from bpe_engine import (
    BpeTrainer,
    CountingDone,
    CountingProgress,
    MergeEvent,
    Tokenizer,
    TrainingDone,
    errors,
)

__all__ = ["TrainingRequest", "TrainingController", "TrainingState", "STATES"]

#: Every state, in the order of the state machine.
STATES = tuple(TrainingState)
_S = TrainingState
_A = TrainingAction


class TrainingController(QObject):
    """Owns the training thread and the state machine (see the module docstring).

    Signals:
        state_changed(str): the new state, a :class:`TrainingState` value (Qt delivers its string).
        events(tuple): a batch of the run's events (:mod:`app.core.training.events`), relayed
            from the worker once this controller's state, ``merges``, ``counting``,
            ``snapshot`` and ``result`` are up to date with them; views ``match`` on the
            types they show. The controller's own answers come the same way (``Failed`` for
            a refused run, ``Cancelled`` for a run cancelled while counting, ``TokenizerBuilt``
            for a tokenizer already built).
    """

    state_changed = Signal(str)
    events = Signal(object)

    HOLD_WAIT = 0.005  # seconds the GUI waits at most for the worker to stand still before drawing

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._state = _S.IDLE
        self._run: TrainingRun | None = None
        # Earlier runs whose thread had not ended yet (the runner keeps them alive; shutdown
        # waits for them).
        self._retiring: list[TrainingRun] = []
        self._next_id = 0
        self.request: TrainingRequest | None = None
        self._forget_run()

    def _forget_run(self) -> None:
        """The state of no run at all (before the first, and when a new one begins)."""
        self._parked = False
        self._result_tokenizer: Tokenizer | None = None
        self._paused_tokenizer: Tokenizer | None = None  # built by the parked worker for this pause
        self._tokenizer_requested = False  # an answer for the previous run is ignored (run id)
        self.merges: list[MergeEvent] = []
        self.counting: CountingDone | None = None
        self.result: TrainingDone | None = None
        self.snapshot: StepSnapshot | None = None
        self.error = ""
        self.bytes_done = 0
        self.bytes_total = 0
        self._stage = TrainingStage.COUNTING  # the engine's counting stage: counting or indexing
        self._phase = _S.COUNTING  # the phase a pause returns to
        #: The checkpoint file of a resumed run ("" for a run started from a corpus).
        self.resume_path = ""
        #: Merges a resumed run had made before its checkpoint (replayed first).
        self.restored_merges = 0
        self._loading = False  # a resumed run is reading its checkpoint
        self._checkpoints_pending = 0

    # -- queries ---------------------------------------------------------------------------

    @property
    def state(self) -> TrainingState:
        return self._state

    @property
    def phase(self) -> TrainingState:
        """``COUNTING`` or ``MERGING``: where the current run is (or was when paused)."""
        return self._phase

    @property
    def stage(self) -> TrainingStage:
        """What the run is really doing (or was doing when paused): see :class:`TrainingStage`
        (counting shows ``bytes_done`` of ``bytes_total``, merging ``merges`` of
        ``target_merges``)."""
        if self._phase == _S.MERGING:
            return TrainingStage.MERGING
        if self._loading:
            return TrainingStage.LOADING
        if self._stage == TrainingStage.INDEXING:
            return TrainingStage.INDEXING
        if self.bytes_done <= 0:
            return TrainingStage.READING
        return TrainingStage.COMBINING if self.bytes_done >= self.bytes_total else TrainingStage.COUNTING

    @property
    def is_active(self) -> bool:
        return self._state.active

    @property
    def target_merges(self) -> int:
        if self.counting is not None:
            return self.counting.target_merges
        trainer = self._run.trainer if self._run is not None else None
        return trainer.target_merges if trainer is not None else 0

    def can(self, action: TrainingAction | str) -> bool:
        """Whether ``action`` (a :class:`TrainingAction`) makes sense now."""
        s = self._state
        cancellable = s in (_S.COUNTING, _S.MERGING, _S.PAUSED)
        match TrainingAction(action):
            case _A.START:
                return not s.active
            case _A.PAUSE:
                return s.running
            case _A.RESUME:
                return s == _S.PAUSED
            case _A.STEP:
                return not s.active or s == _S.PAUSED
            case _A.CANCEL:
                return cancellable
            case _A.SAVE:
                return self.tokenizer_available()
            case _A.CHECKPOINT:
                return cancellable and not self._loading

    def tokenizer_available(self) -> bool:
        if self._run is None:
            return False
        if self._state in (_S.FINISHED, _S.CANCELLED):
            return True
        return self._state == _S.PAUSED and self._parked

    def tokenizer(self) -> Tokenizer | None:
        """The tokenizer of the merges done so far if it is built already, else None.

        After ``finished`` or ``cancelled`` it is the run's result. While paused it is there
        once :meth:`request_tokenizer` was answered (``TokenizerBuilt``) and until the run
        moves on. Never built here: this is the GUI thread.
        """
        if not self.tokenizer_available():
            return None
        if self._state == _S.PAUSED:
            return self._paused_tokenizer
        return self._result_tokenizer

    def request_tokenizer(self) -> bool:
        """Ask for the tokenizer of the merges done so far; a ``TokenizerBuilt`` event brings it.

        When it is built already, the event is emitted before this returns. While paused, the
        parked worker builds it (off the GUI thread). False when there is none to have (see
        :meth:`tokenizer_available`).
        """
        if not self.tokenizer_available():
            return False
        ready = self.tokenizer()
        if ready is not None:
            self.events.emit((TokenizerBuilt(ready),))
            return True
        assert self._run is not None
        if not self._tokenizer_requested:  # one build answers every request of this pause
            self._tokenizer_requested = True
            self._run.worker.request_tokenizer()
        return True

    # -- commands --------------------------------------------------------------------------

    def start(self, request: TrainingRequest, *, step_mode: bool = False) -> bool:
        """Start training; with ``step_mode`` it parks after counting, before the first merge.

        A corpus the engine cannot use (a missing file, no text) fails at once: ``Failed`` is
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

        The file is read in the job thread (``stage`` is ``LOADING``); a ``ResumedRun`` event
        follows with its settings, then the events of the run: the counting totals, the merges
        made before the checkpoint, then the rest. A file that cannot be resumed (damaged, not
        a checkpoint, its corpus gone for a run saved while counting) ends as ``failed``, with
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
        """Save the active run to a checkpoint file (``CheckpointSaved`` or ``CheckpointFailed``).

        Done by the worker between two events: at once while paused, within a merge while
        running. A run still counting is saved with its settings and corpus only (it counts
        again when resumed). False when no run can be saved now (see ``can(CHECKPOINT)``).
        """
        if not self.can(_A.CHECKPOINT) or self._run is None:
            return False
        self._checkpoints_pending += 1
        self._run.worker.request_checkpoint(os.fspath(path))
        return True

    @property
    def saving_checkpoint(self) -> bool:  # a checkpoint was asked for and is not written yet
        return self._checkpoints_pending > 0

    def _launch(self, worker: TrainingWorker) -> None:
        self._next_id = worker.run_id
        worker.events.connect(self._on_worker_events)
        self._set_state(_S.COUNTING)
        self._run = TrainingRun(self._next_id, runner.start(worker, f"training-{self._next_id}"), worker)

    def refuse(self, message: str) -> None:
        """A run that cannot start: its settings were refused before any request existed (the
        engine's ``ConfigError``, which names the bad value). Reported as a run that failed at
        once: ``Failed`` with ``message``."""
        self._begin(None)
        self._fail(message)

    def _begin(self, request: TrainingRequest | None) -> None:
        """Forget the previous run's results: a new run (or a refused one) starts."""
        if self._state.active:
            raise RuntimeError(f"training is already {self._state}; cancel it before starting again")
        self._drop_finished_run()
        self.request = request
        self._forget_run()

    def pause(self) -> None:
        if self._state.running and self._run is not None:
            self._run.worker.pause()
            self._set_state(_S.PAUSED)

    def resume(self) -> None:
        if self._state == _S.PAUSED and self._run is not None:
            self._parked = False
            self._paused_tokenizer = None  # a request being served is still answered
            self._run.worker.resume()
            self._set_state(self._phase)

    def step(self, request: TrainingRequest | None = None) -> bool:
        """Apply exactly one merge (when paused), or start a run in step mode (when idle).

        Starting needs ``request``; returns False if nothing was done.
        """
        if self._state == _S.PAUSED and self._run is not None:
            self._parked = False
            self._paused_tokenizer = None  # a request being served is still answered
            self._run.worker.step()
            self._set_state(self._phase)
            return True
        if not self._state.active and request is not None:
            return self.start(request, step_mode=True)
        return False

    def cancel(self) -> None:
        """Stop the run; the merges done so far stay (``tokenizer()`` after ``cancelled``)."""
        run = self._run
        if run is None or not self.can(_A.CANCEL):
            return
        run.worker.cancel()
        self._paused_tokenizer = None  # a request being served is still answered
        if self._phase == _S.COUNTING:
            # subtle: while counting, the engine may not hand control back for a while
            # (worker processes starting). No merge has reached this thread, so the result is
            # the bytes-only tokenizer, built here: the worker may still be touching the
            # trainer. The thread finishes the close in the background; what it still sends
            # is ignored.
            self._retiring.append(run)
            cancelled = Cancelled(bytes_only_tokenizer(self.request))
            self._take(cancelled)
            self.events.emit((cancelled,))
        else:
            # The worker answers within a merge (at once when parked) with the tokenizer of
            # the merges done, built in its thread.
            self._set_state(_S.CANCELLING)

    def gui_priority(self) -> AbstractContextManager[None]:
        """Keep the worker between two events while the GUI thread draws (see ``TrainingWorker.hold``).

        Use it around Python-heavy display updates that are repainted synchronously.
        """
        if self._run is None or not self._state.running:
            return nullcontext()
        # While counting the worker may sit inside the engine for long: no wait then.
        return self._run.gui_priority(wait=self.HOLD_WAIT if self._state == _S.MERGING else 0.0)

    @Slot()
    def shutdown(self, timeout_ms: int = 10_000) -> bool:
        """Cancel any run and wait (at most ``timeout_ms``) for every training thread to end.

        The window is closing: the workers are cancelled quietly (no tokenizer is built, no
        event sent). With ``timeout_ms`` 0 this does not wait; a thread that has not ended
        is kept alive by the job runner until it does (``runner.wait_all``).
        """
        runs = ([self._run] if self._run is not None else []) + self._retiring
        for run in runs:
            run.worker.cancel(quiet=True)
        ok = True
        for run in runs:
            if run.thread.isRunning():
                ok = run.thread.wait(timeout_ms) and ok
        if self._state.active:
            self._set_state(_S.CANCELLED)
        self._retiring = [r for r in self._retiring if r.thread.isRunning()]
        return ok

    # -- the worker's events (delivered here, in the GUI thread) ---------------------------

    @Slot(int, object)
    def _on_worker_events(self, run_id: int, events: tuple[object, ...]) -> None:
        """Bring this controller up to date with a batch, then relay what still concerns it."""
        if self._run is None or self._run.run_id != run_id:
            return  # a run given up on (cancelled while counting, or replaced)
        kept = tuple(event for event in events if self._take(event))
        if kept:
            self.events.emit(kept)

    def _take(self, event: object) -> bool:
        """Apply ``event`` to the state; False when it no longer concerns anyone (dropped)."""
        match event:
            case TokenizerBuilt():
                return self._take_tokenizer(event.tokenizer)
            case CheckpointSaved() | CheckpointFailed():
                self._checkpoints_pending = max(0, self._checkpoints_pending - 1)
                return True
        if not self._state.active:
            return False  # the run ended (or was given up on) meanwhile
        match event:
            case CountingProgress():
                self.bytes_done, self.bytes_total = event.bytes_done, event.bytes_total
                self._stage = TrainingStage(event.stage)
            case CountingDone():
                self._take_counting_done(event)
            case MergeEvent():
                self.merges.append(event)
            case StepSnapshot():
                self.snapshot = event
            case Paused():
                return self._take_paused(event.snapshot)
            case Finished():
                self.result = event.done
                self._result_tokenizer = event.tokenizer
                self._set_state(_S.FINISHED)
            case Cancelled():
                self._result_tokenizer = event.tokenizer
                self._loading = self._parked = False
                self._set_state(_S.CANCELLED)
            case Failed():
                self._set_failed(event.message)
            case ResumedRun():
                self._take_resumed(event)
        return True

    def _take_counting_done(self, event: CountingDone) -> None:
        self.counting = event
        self._phase = _S.MERGING
        self.bytes_done = self.bytes_total = event.total_bytes
        if self._state == _S.COUNTING:
            self._set_state(_S.MERGING)

    def _take_paused(self, snapshot: StepSnapshot | None) -> bool:
        if self._state == _S.CANCELLING:
            return False  # the cancel is on its way: the run will not stay paused
        self._parked = True
        self.snapshot = snapshot
        self._set_state(_S.PAUSED)  # also after a step: the worker parked by itself
        return True

    def _take_tokenizer(self, tokenizer: Tokenizer) -> bool:
        if not self._tokenizer_requested:
            return False
        self._tokenizer_requested = False
        if self._state == _S.PAUSED and self._parked and len(tokenizer.merges) == len(self.merges):
            self._paused_tokenizer = tokenizer  # still this pause: later requests get it at once
        # Delivered even if the run moved on meanwhile: it is the state the request was made in.
        return True

    def _take_resumed(self, run: ResumedRun) -> None:
        self._loading = False
        self.restored_merges = run.merges
        self.request = TrainingRequest.resumed(run)

    # -- helpers ---------------------------------------------------------------------------

    def _fail(self, message: str) -> None:
        """The controller's own failure (a run that could not start), told like the worker's."""
        self._set_failed(message)
        self.events.emit((Failed(message),))

    def _set_failed(self, message: str) -> None:
        self._loading = False
        self.error = message
        self._set_state(_S.FAILED)

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

    def _set_state(self, state: TrainingState) -> None:
        if state != self._state:
            self._state = state
            self.state_changed.emit(state)
