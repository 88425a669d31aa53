"""The training worker: pulls the engine's training events off the GUI thread.

:class:`TrainingWorker` runs in a job thread (:mod:`app.core.jobs.runner`) started by
:class:`app.core.training.controller.TrainingController`. It iterates ``BpeTrainer.events()`` and
turns the stream into a few batched signals (at most one every ``batch_interval`` seconds), so
30 000 merges become a few hundred repaints. Pause, resume, step and cancel are plain
thread-safe methods backed by ``threading.Event`` (a queued slot on a busy worker would never
be delivered): the worker checks them between two events, and while paused it waits on an
event instead of pulling the next one (the engine stops exactly there).

When it parks (pause, or the end of a step) it reads the trainer's step-mode tables (top
pairs, pre-tokens with their current segmentation) *in this thread*, where touching the
trainer is safe, and sends them as a :class:`~app.core.messages.StepSnapshot`. Checkpoints
are saved here too, between two events (``BpeTrainer.save_checkpoint`` must run in the
thread that pulls the events), and a run resumed from a checkpoint file is loaded here
(``BpeTrainer.resume``: reading the merge loop's arrays takes a moment on a big corpus).

It does not decide what the GUI shows, and it never touches a widget.
"""

from __future__ import annotations

import logging
import threading
import time
import traceback
from collections.abc import Callable, Generator
from typing import cast

from PySide6.QtCore import Signal

from app.core.i18n import tr
from app.core.jobs.runner import Worker
from app.core.messages import ResumedRun, StepSnapshot
from bpe_engine import (
    BpeTrainer,
    CountingDone,
    CountingProgress,
    MergeEvent,
    Tokenizer,
    TrainingDone,
    TrainingEvent,
    errors,
)

__all__ = ["TrainingWorker"]

log = logging.getLogger(__name__)

#: ``BpeTrainer.events()`` is a generator: closing it ends the counting processes.
_Events = Generator[TrainingEvent, None, None]


class TrainingWorker(Worker):
    """Runs one ``BpeTrainer`` in its job thread.

    Every signal carries the ``run_id`` first, so the controller can ignore a run it has
    already given up on.

    Signals:
        counting_progress(int, int, int, str): run id, bytes done, bytes total (batched), and
            the stage: "counting", or "indexing" (every byte counted, the pair index being
            built; sent at once, as the engine goes quiet for seconds on a big corpus).
        counting_done(int, CountingDone): run id, the engine's ``CountingDone``.
        merges(int, list): run id, a list of ``MergeEvent`` (batched, in rank order).
        paused(int, object): run id, a ``StepSnapshot`` (None while still counting);
            the worker is parked and the trainer may be read until it is resumed.
        final_snapshot(int, StepSnapshot): run id, what the trainer looks like at the end (sent
            just before ``finished`` or ``cancelled``, so step mode shows the final state).
        finished(int, TrainingDone, Tokenizer): run id, the engine's ``TrainingDone``, the tokenizer.
        cancelled(int, Tokenizer): run id, the tokenizer of the merges done (the event stream
            was closed, so the counting processes have ended).
        failed(int, str): run id, a message for a person (the engine's own wording).
        tokenizer_built(int, Tokenizer): run id, the tokenizer of the merges done when
            :meth:`request_tokenizer` was called (built in this thread, where reading the
            trainer is safe).
        loaded(int, ResumedRun): run id, what a checkpoint held (a worker made with ``load``:
            sent once the trainer is loaded, before its first event).
        checkpoint_saved(int, str, int): run id, the path, the merges the checkpoint holds.
        checkpoint_failed(int, str, str): run id, the path, why it could not be saved.
    """

    counting_progress = Signal(int, int, int, str)
    final_snapshot = Signal(int, StepSnapshot)
    counting_done = Signal(int, CountingDone)
    merges = Signal(int, list)
    paused = Signal(int, object)
    finished = Signal(int, TrainingDone, Tokenizer)
    cancelled = Signal(int, Tokenizer)
    failed = Signal(int, str)
    tokenizer_built = Signal(int, Tokenizer)
    loaded = Signal(int, ResumedRun)
    checkpoint_saved = Signal(int, str, int)
    checkpoint_failed = Signal(int, str, str)

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
            self.failed.emit(self.run_id, str(exc))
        except Exception as exc:  # a training error must never take the app down
            log.error("training failed:\n%s", traceback.format_exc())  # i18n: none (the log, not the screen)
            self._close_quietly(stream)
            self.failed.emit(
                self.run_id,
                tr("training stopped by an unexpected error: {error}").format(error=f"{type(exc).__name__}: {exc}"),
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
            self.failed.emit(self.run_id, str(exc))
            return False
        except OSError as exc:
            self.failed.emit(self.run_id, tr("cannot read the checkpoint: {reason}").format(reason=exc))
            return False
        except Exception as exc:  # a damaged file must never take the app down
            log.error("loading a checkpoint failed:\n%s", traceback.format_exc())  # i18n: none (the log)
            self.failed.emit(
                self.run_id,
                tr("cannot resume this checkpoint: {error}").format(error=f"{type(exc).__name__}: {exc}"),
            )
            return False
        self.trainer = trainer
        if not self._quiet.is_set():
            source = trainer.source
            self.loaded.emit(
                self.run_id, ResumedRun(trainer.config, tuple(source.paths), source.text, len(trainer.merges))
            )
        return True

    @staticmethod
    def _close_quietly(stream: _Events) -> None:
        try:
            stream.close()
        except Exception:  # the original error is the one worth reporting
            log.debug("closing the event stream failed", exc_info=True)

    def _loop(self, trainer: BpeTrainer, stream: _Events) -> None:
        pending: list[MergeEvent] = []
        progress: tuple[int, int, str] | None = None
        last_emit = 0.0  # the first progress goes out at once
        counting_over = False

        def flush() -> None:
            nonlocal pending, progress, last_emit
            if progress is not None:
                self.counting_progress.emit(self.run_id, *progress)
                progress = None
            if pending:
                self.merges.emit(self.run_id, pending)
                pending = []
            last_emit = time.monotonic()

        while True:
            self._serve_tokenizer_request()  # never leave a request unanswered
            self._serve_checkpoint_requests()
            if self._cancel.is_set():
                if self._quiet.is_set():
                    stream.close()  # subtle: this also terminates the counting processes
                    return
                flush()
                stream.close()
                if counting_over:
                    self.final_snapshot.emit(self.run_id, self._snapshot("cancelled"))
                # subtle: the tokenizer is built here, not in the GUI thread (tens of ms for
                # thousands of merges, a visible stall there)
                self.cancelled.emit(self.run_id, trainer.tokenizer())
                return
            if not self._running.is_set():
                flush()
                self.paused.emit(self.run_id, self._snapshot() if counting_over else None)
                self._park()
                continue
            if not self._gui_idle.is_set():
                self._holding.set()
                self._gui_idle.wait(self.HOLD_LIMIT)  # releases the GIL to the drawing GUI thread
                self._holding.clear()
            try:
                event = next(stream)
            except StopIteration:
                flush()
                return
            if isinstance(event, MergeEvent):
                pending.append(event)
                self._last_merge = event
                self._merges_done += 1
                if self._end_of_step():
                    continue
            elif isinstance(event, CountingProgress):
                progress = (event.bytes_done, event.bytes_total, event.stage)
                if event.stage != "counting":
                    flush()  # a new stage is news at once: the engine may be quiet for seconds
                    continue
            elif isinstance(event, CountingDone):
                progress = (event.total_bytes, event.total_bytes, "indexing")
                counting_over = True
                flush()
                self.counting_done.emit(self.run_id, event)
                self._end_of_step()
                continue
            elif isinstance(event, TrainingDone):
                flush()
                self.final_snapshot.emit(self.run_id, self._snapshot(event.reason))
                self.finished.emit(self.run_id, event, trainer.tokenizer())
                stream.close()
                return
            if time.monotonic() - last_emit >= self.batch_interval:
                flush()

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
            self.tokenizer_built.emit(self.run_id, trainer.tokenizer())

    def _serve_checkpoint_requests(self) -> None:
        with self._lock:
            paths, self._checkpoint_paths = self._checkpoint_paths, []
        trainer = self.trainer
        for path in paths:
            assert trainer is not None
            try:
                trainer.save_checkpoint(path)
            except (errors.BPEError, OSError) as exc:
                self.checkpoint_failed.emit(self.run_id, path, str(exc))
            else:
                self.checkpoint_saved.emit(self.run_id, path, len(trainer.merges))

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
