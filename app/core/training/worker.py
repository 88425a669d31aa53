"""The training worker: pulls the engine's training events off the GUI thread.

:class:`TrainingWorker` runs in a job thread (:mod:`app.core.jobs.runner`) started by
:class:`app.core.training.controller.TrainingController`. It iterates ``BpeTrainer.events()`` and
sends it on one signal, ``events``: batches of typed events (:mod:`app.core.training.events`,
at most one batch every ``batch_interval`` seconds), so 30 000 merges become a few hundred
repaints. Pause, resume, step and cancel are plain
thread-safe methods backed by ``threading.Event`` (a queued slot on a busy worker would never
be delivered): the worker checks them between two events, and while paused it waits on an
event instead of pulling the next one (the engine stops exactly there).

When it parks (pause, or the end of a step) it reads the trainer's step-mode tables (top pairs,
pre-tokens with their current segmentation) *in this thread*, where touching the
trainer is safe, and sends them as a :class:`~app.core.messages.StepSnapshot`. Checkpoints
are saved here too, between two events (``BpeTrainer.save_checkpoint`` must run in the
thread that pulls the events), and a run resumed from a checkpoint file is loaded here
(``BpeTrainer.resume``: reading the merge loop's arrays takes a moment on a big corpus).

It does not decide what the GUI shows, and it never touches a widget.
"""

from __future__ import annotations

import logging
import os
import threading
import time
import traceback
from collections.abc import Callable, Generator, Iterator
from contextlib import contextmanager
from typing import cast

from PySide6.QtCore import Signal

from app.core.i18n import tr
from app.core.jobs import runner
from app.core.jobs.runner import Worker
from app.core.messages import ResumedRun, StepSnapshot
from app.core.training.events import (
    Cancelled,
    CheckpointFailed,
    CheckpointSaved,
    Failed,
    Finished,
    Paused,
    TokenizerBuilt,
    TrainingStage,
)
from bpe_engine import (
    BpeTrainer,
    CountingDone,
    CountingProgress,
    MergeEvent,
    TrainingDone,
    TrainingEvent,
    errors,
)

__all__ = ["TrainingWorker", "TrainingRun"]

log = logging.getLogger(__name__)


def checkpoint_words(exc: errors.BPEError | OSError) -> str:
    """``exc`` in the app's language when it is a checkpoint problem the app words itself
    (the engine's sentences are English and name no menu of ours); else the engine's words."""
    if isinstance(exc, errors.CheckpointError):
        path = exc.path
        if exc.problem is errors.CheckpointProblem.NOT_A_CHECKPOINT:
            return tr(
                "{path} is not a BPE Explorer training checkpoint (or it is damaged); choose a .ckpt file "
                "saved with Training > Save training as checkpoint"
            ).format(path=path)
        if exc.problem is errors.CheckpointProblem.IS_A_FOLDER:
            example = os.path.join(path, "training.ckpt")
            return tr("{path} is a folder: give the checkpoint a file name inside it (e.g. {example})").format(
                path=path, example=example
            )
    return str(exc)


#: ``BpeTrainer.events()`` is a generator: closing it ends the counting processes.
_Events = Generator[TrainingEvent, None, None]


class TrainingWorker(Worker):
    """Runs one ``BpeTrainer`` in its job thread.

    Signals:
        events(int, tuple): the run id (so the controller can ignore a run it has given up
            on) and a batch of events, in the order they happened (see
            :mod:`app.core.training.events`): the engine's ``CountingProgress`` (only the
            newest of a batch; one with stage "indexing" is sent at once, as the engine goes
            quiet for seconds on a big corpus), ``CountingDone`` and ``MergeEvent`` (in rank
            order); ``Paused`` (the worker is parked and the trainer may be read until it is
            resumed); the final ``StepSnapshot`` just before ``Finished`` or ``Cancelled``
            (the tokenizer of the merges done, built here); ``Failed`` (a message for a
            person, the engine's own wording); ``TokenizerBuilt`` (answering
            :meth:`request_tokenizer`); ``ResumedRun`` (a worker made with ``load``: sent
            once the trainer is loaded, before its first event); ``CheckpointSaved`` and
            ``CheckpointFailed``. Any other engine event is passed on as it is.
    """

    events = Signal(int, object)

    HOLD_LIMIT = 0.25  # seconds: a hold never stops training for longer than this

    def __init__(
        self,
        trainer: BpeTrainer | None,
        run_id: int,
        *,
        load: Callable[[], BpeTrainer] | None = None,
        step_mode: bool = False,
        batch_interval: float = 0.05,
        snapshot_pairs: int = 30,
        snapshot_pretokens: int = 200,
    ) -> None:
        super().__init__()
        if (trainer is None) == (load is None):
            raise ValueError("give a trainer, or a function that loads one (a checkpoint), not both")
        #: The run's trainer; for a resumed run None until ``load`` has run in the job thread.
        self.trainer = trainer
        self._load = load
        self.run_id = run_id
        self.batch_interval = batch_interval
        self.snapshot_pairs = snapshot_pairs
        self.snapshot_pretokens = snapshot_pretokens
        self._lock = threading.Lock()
        self._cancel = threading.Event()
        self._running = threading.Event()  # set: may pull events; clear: parked
        self._running.set()
        self._wake = threading.Event()  # pulses a parked worker (resume, step, cancel)
        self._gui_idle = threading.Event()  # clear while the GUI thread draws (see hold())
        self._gui_idle.set()
        self._holding = threading.Event()  # set while this thread waits for the GUI to draw
        self._want_tokenizer = threading.Event()  # the GUI asked for the tokenizer so far
        self._quiet = threading.Event()  # cancelled by a closing window: nobody listens any more
        self._checkpoint_paths: list[str] = []  # checkpoints asked for, served between two events
        self._step_mode = step_mode  # stop after the next merge (or after counting)
        self._last_merge: MergeEvent | None = None
        self._merges_done = 0
        self._pending: list[object] = []  # events not sent yet (see _flush)
        self._progress: CountingProgress | None = None  # only the newest progress is worth sending
        self._last_emit = 0.0  # the first progress goes out at once
        self._counting_over = False

    # -- control (called from the GUI thread) --------------------------------------------

    def pause(self) -> None:
        with self._lock:
            self._step_mode = False
            self._running.clear()

    def resume(self) -> None:
        with self._lock:
            self._step_mode = False
            self._running.set()
        self._wake.set()

    def step(self) -> None:
        """Apply exactly one merge (or finish counting), then park again."""
        with self._lock:
            self._step_mode = True
            self._running.set()
        self._wake.set()

    def cancel(self, *, quiet: bool = False) -> None:
        """Stop after the current event; ``quiet`` (the window is closing): send nothing more,
        build no tokenizer, only end."""
        if quiet:
            self._quiet.set()
        self._cancel.set()
        self._wake.set()

    def request_tokenizer(self) -> None:
        """Build the tokenizer of the merges done so far and send it (``tokenizer_built``).

        Served while parked, or, if the run is resumed first, before the next event: the
        tokenizer always holds the merges done when this was called from a parked worker.
        """
        self._want_tokenizer.set()
        self._wake.set()

    def request_checkpoint(self, path: str) -> None:
        """Save the run to a checkpoint file at ``path`` (``checkpoint_saved`` or
        ``checkpoint_failed``), between two events: at once while parked, else before the
        next event is pulled."""
        with self._lock:
            self._checkpoint_paths.append(path)
        self._wake.set()

    def hold(self) -> None:
        """Stay between two events until :meth:`release` (at most ``HOLD_LIMIT`` seconds).

        subtle: the GUI thread shares the GIL with this thread. Drawing that calls back into
        Python many times (pyqtgraph, table models) takes several times longer while this
        thread runs Python, and the event loop stalls meanwhile. Holding the worker for the
        few milliseconds of a redraw keeps the GUI fluid and costs training very little.
        """
        self._gui_idle.clear()

    def wait_held(self, timeout: float) -> bool:
        """Wait (at most ``timeout`` s, GIL released) until the worker stands between two events."""
        return self._holding.wait(timeout)

    def release(self) -> None:
        self._gui_idle.set()

    @property
    def cancel_requested(self) -> bool:
        return self._cancel.is_set()

    # -- the loop (runs in the worker thread) --------------------------------------------

    def run(self) -> None:
        """Drive the event stream to its end, a cancel, or an error (its thread then ends)."""
        if self.trainer is None:
            if not self._load_trainer():
                return
        trainer = self.trainer
        assert trainer is not None
        stream = cast(_Events, trainer.events())
        try:
            self._loop(trainer, stream)
        except errors.BPEError as exc:
            self._close_quietly(stream)
            self._send(Failed(str(exc)))
        except Exception as exc:  # a training error must never take the app down
            log.error("training failed:\n%s", traceback.format_exc())  # i18n: none (the log, not the screen)
            self._close_quietly(stream)
            self._send(
                Failed(
                    tr("training stopped by an unexpected error: {error}").format(error=f"{type(exc).__name__}: {exc}")
                )
            )
        finally:
            # A checkpoint asked for as the run ended holds its last state (every merge made).
            self._serve_checkpoint_requests()

    def _load_trainer(self) -> bool:
        """Load a resumed run's trainer (``load``); False, having said why, if it cannot be."""
        assert self._load is not None
        try:
            trainer = self._load()
        except errors.BPEError as exc:
            self._send(Failed(checkpoint_words(exc)))
            return False
        except OSError as exc:
            self._send(Failed(tr("cannot read the checkpoint: {reason}").format(reason=exc)))
            return False
        except Exception as exc:  # a damaged file must never take the app down
            log.error("loading a checkpoint failed:\n%s", traceback.format_exc())  # i18n: none (the log)
            self._send(
                Failed(tr("cannot resume this checkpoint: {error}").format(error=f"{type(exc).__name__}: {exc}"))
            )
            return False
        self.trainer = trainer
        if not self._quiet.is_set():
            source = trainer.source
            self._send(ResumedRun(trainer.config, tuple(source.paths), source.text, len(trainer.merges)))
        return True

    @staticmethod
    def _close_quietly(stream: _Events) -> None:
        try:
            stream.close()
        except Exception:  # the original error is the one worth reporting
            log.debug("closing the event stream failed", exc_info=True)

    # -- sending -------------------------------------------------------------------------

    def _send(self, *events: object) -> None:
        """Send ``events`` now, after whatever is still waiting (order is kept)."""
        self._pending.extend(events)
        self._flush()

    def _flush(self) -> None:
        """Send the waiting events as one batch (one emit: PySide6 crashes after many)."""
        batch = ([self._progress] if self._progress is not None else []) + self._pending
        self._progress, self._pending = None, []
        if batch:
            self.events.emit(self.run_id, tuple(batch))
        self._last_emit = time.monotonic()

    # -- the event loop --------------------------------------------------------------------

    def _loop(self, trainer: BpeTrainer, stream: _Events) -> None:
        while True:
            self._serve_tokenizer_request()  # never leave a request unanswered
            self._serve_checkpoint_requests()
            if self._cancel.is_set():
                self._end_cancelled(trainer, stream)
                return
            if not self._running.is_set():
                self._send(Paused(self._snapshot() if self._counting_over else None))
                self._park()
                continue
            self._wait_for_gui()
            try:
                event = next(stream)
            except StopIteration:
                self._flush()
                return
            if self._take(event, trainer):
                stream.close()
                return
            if time.monotonic() - self._last_emit >= self.batch_interval:
                self._flush()

    def _take(self, event: TrainingEvent, trainer: BpeTrainer) -> bool:
        """Queue ``event`` (sending at once what is news at once); True when the run ended."""
        match event:
            case MergeEvent():
                self._pending.append(event)
                self._last_merge = event
                self._merges_done += 1
                self._end_of_step()
            case CountingProgress():
                self._progress = event
                if event.stage != TrainingStage.COUNTING:
                    self._flush()  # a new stage is news at once: the engine may be quiet for seconds
            case CountingDone():
                self._progress = CountingProgress(event.total_bytes, event.total_bytes, TrainingStage.INDEXING)
                self._counting_over = True
                self._send(event)
                self._end_of_step()
            case TrainingDone():
                # subtle: the tokenizer is built here, not in the GUI thread (tens of ms for
                # thousands of merges, a visible stall there)
                self._send(self._snapshot(event.reason), Finished(event, trainer.tokenizer()))
                return True
            case _:
                self._pending.append(event)  # an event the app does not know yet: passed on
        return False

    def _end_cancelled(self, trainer: BpeTrainer, stream: _Events) -> None:
        if self._quiet.is_set():
            stream.close()  # subtle: this also terminates the counting processes
            return
        self._flush()
        stream.close()
        final = [self._snapshot("cancelled")] if self._counting_over else []
        self._send(*final, Cancelled(trainer.tokenizer()))

    def _wait_for_gui(self) -> None:
        if not self._gui_idle.is_set():
            self._holding.set()
            self._gui_idle.wait(self.HOLD_LIMIT)  # releases the GIL to the drawing GUI thread
            self._holding.clear()

    def _end_of_step(self) -> bool:
        """In step mode, park after this event unless training is complete anyway."""
        with self._lock:
            if not self._step_mode:
                return False
            if self.trainer is not None and self._merges_done >= self.trainer.target_merges:
                return False  # the next event is TrainingDone: let it arrive instead of parking
            self._step_mode = False
            self._running.clear()
            return True

    def _park(self) -> None:
        while True:
            # subtle: read "leave" before serving a request. The GUI asks for the tokenizer
            # before it resumes, steps or cancels, so a request made before leaving is seen
            # here and served before the next event changes the trainer.
            leave = self._running.is_set() or self._cancel.is_set()
            self._serve_tokenizer_request()
            self._serve_checkpoint_requests()
            if leave:
                return
            self._wake.wait(0.25)
            self._wake.clear()

    def _serve_tokenizer_request(self) -> None:
        if self._want_tokenizer.is_set():
            self._want_tokenizer.clear()
            trainer = self.trainer
            assert trainer is not None
            self._send(TokenizerBuilt(trainer.tokenizer()))

    def _serve_checkpoint_requests(self) -> None:
        with self._lock:
            paths, self._checkpoint_paths = self._checkpoint_paths, []
        trainer = self.trainer
        for path in paths:
            assert trainer is not None
            try:
                trainer.save_checkpoint(path)
            except (errors.BPEError, OSError) as exc:
                self._send(CheckpointFailed(path, checkpoint_words(exc)))
            else:
                self._send(CheckpointSaved(path, len(trainer.merges)))

    def _snapshot(self, ended: str = "") -> StepSnapshot:
        trainer = self.trainer
        assert trainer is not None
        counting = trainer.counting
        pretokens = trainer.pretokens(self.snapshot_pretokens)
        used = {t for p in pretokens for t in p.token_ids if t >= 256}
        return StepSnapshot(
            merges_done=self._merges_done,
            last_merge=self._last_merge,
            next_pairs=trainer.top_pairs(self.snapshot_pairs),  # empty: no pair left
            pretokens=pretokens,
            distinct_pretokens=counting.distinct_pretokens if counting is not None else 0,
            tie_break=trainer.config.tie_break,
            token_bytes={t: trainer.token_bytes(t) for t in used},
            ended=ended,
        )


class TrainingRun:
    """One training run: its worker and the job thread it runs in."""

    def __init__(self, run_id: int, thread: runner.JobThread, worker: TrainingWorker) -> None:
        self.run_id = run_id
        self.thread = thread
        self.worker = worker

    @property
    def trainer(self) -> BpeTrainer | None:
        """The run's trainer (None while a checkpoint is still being loaded)."""
        return self.worker.trainer

    @contextmanager
    def gui_priority(self, wait: float) -> Iterator[None]:
        """Hold the worker between two events meanwhile, waiting at most ``wait`` seconds for it
        to get there (drawing while it still runs would cost more)."""
        self.worker.hold()
        if wait > 0:
            self.worker.wait_held(wait)  # bounded: the next event boundary is within a merge
        try:
            yield
        finally:
            self.worker.release()
