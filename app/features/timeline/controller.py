"""The training timeline's background work (the "as of merge k" others follow is :mod:`app.core.timeline_position`).

- :class:`TimelineController`: encodes the sample text as of merge ``k`` (newest request
  wins, through an :class:`~app.core.encoding.EncodeController`), computes the text's
  token count after every merge at once (``Tokenizer.token_curve``), and builds the tokenizer
  of a training still in progress from its merges so far. All of it off the GUI thread;
  results come back here, in it.

It leaves out drawing (the Timeline view) and training (the training controller).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

import numpy as np
from PySide6.QtCore import QObject, Signal, Slot

from app.core.encoding import EncodeController
from app.core.jobs.calls import CallQueue
from app.features.timeline.job import token_curve, tokenizer_of_merges
from bpe_engine import MergeEvent, SpecialMode, Tokenizer, TrainerConfig

__all__ = ["TimelineController", "TIMELINE_KEY"]

#: The job key of the Timeline's encodings.
TIMELINE_KEY = "timeline"


class TimelineController(QObject):
    """The Timeline's work off the GUI thread (see the module docstring).

    Signals:
        encoded(EncodeResult): the newest text as of merge k (``EncodeController.finished``).
        curve_ready(object, object): a tag given to :meth:`request_curve` and the curve
            (``numpy`` array: the token count after each number of merges, 0..all).
        live_ready(Tokenizer): the tokenizer of a training in progress (:meth:`build_live`).
        failed(str): a job failed; the message says why.
    """

    curve_ready = Signal(object, object)
    live_ready = Signal(Tokenizer)
    failed = Signal(str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.encoder = EncodeController(self)
        self.encoded = self.encoder.finished
        self.encoder.failed.connect(self.failed)
        self._curves = CallQueue("timeline-curve", self, latest_only=True)
        self._curves.delivered.connect(self._on_curves_delivered)
        self._live = CallQueue("timeline-live", self, latest_only=True)
        self._live.delivered.connect(self._on_live_delivered)

    def encode(self, text: str, tokenizer: Tokenizer, merges: int) -> int:
        """Encode ``text`` as ``tokenizer`` after ``merges`` merges; returns the generation."""
        return self.encoder.request(text, SpecialMode.ALLOW, [(TIMELINE_KEY, tokenizer)], as_of={TIMELINE_KEY: merges})

    @property
    def generation(self) -> int:
        """The newest encoding's generation (results of older ones are never shown)."""
        return self.encoder.generation

    def is_busy(self) -> bool:
        return self.encoder.is_busy()

    def request_curve(self, tag: object, tokenizer: Tokenizer, text: str) -> None:
        """Compute ``text``'s token count after every merge; ``curve_ready(tag, curve)``."""
        self._curves.submit(tag, partial(token_curve, tokenizer, text), lambda exc: f"{type(exc).__name__}: {exc}")

    def build_live(self, events: Sequence[MergeEvent], config: TrainerConfig, name: str) -> None:
        """Build the tokenizer of a training's merges so far; ``live_ready`` brings it."""
        self._live.submit(
            len(events),
            partial(tokenizer_of_merges, list(events), config, name),
            lambda exc: f"{type(exc).__name__}: {exc}",
        )

    def wait_idle(self, seconds: float = 30.0) -> bool:
        """Block until no job runs (tests and shutdown only)."""
        ok = self.encoder.wait_idle(seconds)
        return self._curves.wait(seconds) and self._live.wait(seconds) and ok

    @Slot()
    def shutdown(self) -> None:
        """Drop waiting jobs (the window is closing); running ones end on their own, kept
        alive by the job runner (the GUI thread never blocks on an engine call)."""
        self.encoder.shutdown()
        for queue in (self._curves, self._live):
            queue.close()

    @Slot(object, object, str)
    def _on_curves_delivered(self, tag: object, curve: object, message: str) -> None:
        if isinstance(curve, np.ndarray):
            self.curve_ready.emit(tag, curve)
        elif message:
            self.failed.emit(message)

    @Slot(object, object, str)
    def _on_live_delivered(self, _tag: object, tokenizer: object, message: str) -> None:
        if isinstance(tokenizer, Tokenizer):
            self.live_ready.emit(tokenizer)
        elif message:
            self.failed.emit(message)
