"""What a training run tells the GUI, on one channel, and the run's states as types.

The training worker sends every happening of a run as a tuple of typed events on one signal
(:attr:`~app.core.training.worker.TrainingWorker.events`), and the controller relays the
tuple on one signal (:attr:`~app.core.training.controller.TrainingController.events`) once
its own state is up to date. Views ``match`` on the event types they show and ignore the rest,
so a new event of the engine reaches a view with no change in between.

The events are the engine's own (:class:`bpe_engine.CountingProgress`,
:class:`~bpe_engine.CountingDone`, :class:`~bpe_engine.MergeEvent`), step mode's
:class:`~app.core.messages.StepSnapshot` (a pause, or the state a run ended in), a resumed
run's :class:`~app.core.messages.ResumedRun`, and the few below that only the app has: what
the run's thread did (parked, ended with a tokenizer, failed, built a tokenizer, wrote a
checkpoint).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from app.core.messages import StepSnapshot
from bpe_engine import Tokenizer, TrainingDone

__all__ = [
    "TrainingState",
    "TrainingStage",
    "TrainingAction",
    "Paused",
    "Finished",
    "Cancelled",
    "Failed",
    "TokenizerBuilt",
    "CheckpointSaved",
    "CheckpointFailed",
]


class TrainingState(StrEnum):
    """Where a run is in the controller's state machine (see its module docstring).

    A ``StrEnum``: it equals the plain strings other code compared with before."""

    IDLE = "idle"
    COUNTING = "counting"
    MERGING = "merging"
    PAUSED = "paused"
    CANCELLING = "cancelling"
    FINISHED = "finished"
    CANCELLED = "cancelled"
    FAILED = "failed"

    @property
    def active(self) -> bool:
        """A run is under way (a new one cannot start)."""
        return self in (TrainingState.COUNTING, TrainingState.MERGING, TrainingState.PAUSED, TrainingState.CANCELLING)

    @property
    def running(self) -> bool:
        """The worker is pulling events (counting or merging, not parked)."""
        return self in (TrainingState.COUNTING, TrainingState.MERGING)


class TrainingStage(StrEnum):
    """What a run is really doing (``TrainingController.stage``), finer than its state."""

    LOADING = "loading"  # a resumed run is reading its checkpoint file
    READING = "reading"  # counting began, no byte counted yet
    COUNTING = "counting"  # bytes are being counted
    COMBINING = "combining"  # every byte counted, the counts being put together
    INDEXING = "indexing"  # the merge loop's pair index is being built
    MERGING = "merging"  # merges are being made


class TrainingAction(StrEnum):
    """What a user may ask of a run (``TrainingController.can``)."""

    START = "start"
    PAUSE = "pause"
    RESUME = "resume"
    STEP = "step"
    CANCEL = "cancel"
    SAVE = "save"
    CHECKPOINT = "checkpoint"


@dataclass(frozen=True, slots=True)
class Paused:
    """The worker is parked; the snapshot is None while the run is still counting."""

    snapshot: StepSnapshot | None


@dataclass(frozen=True, slots=True)
class Finished:
    """The run ended by itself (the engine's ``done``); ``tokenizer`` is its result."""

    done: TrainingDone
    tokenizer: Tokenizer


@dataclass(frozen=True, slots=True)
class Cancelled:
    """The run was cancelled; ``tokenizer`` holds the merges done so far."""

    tokenizer: Tokenizer


@dataclass(frozen=True, slots=True)
class Failed:
    """The run (or its settings) failed; ``message`` says why and how to fix it."""

    message: str


@dataclass(frozen=True, slots=True)
class TokenizerBuilt:
    """The tokenizer asked for with ``TrainingController.request_tokenizer``."""

    tokenizer: Tokenizer


@dataclass(frozen=True, slots=True)
class CheckpointSaved:
    """A checkpoint was written to ``path``, holding ``merges`` merges."""

    path: str
    merges: int


@dataclass(frozen=True, slots=True)
class CheckpointFailed:
    """The checkpoint for ``path`` could not be written; ``message`` says why."""

    path: str
    message: str
