"""The training timeline's background work, and the "as of merge k" the other views follow.

- :class:`TimelinePosition`: where the Timeline's slider is (its tokenizer's registry key and
  the number of merges ``k``). The Vocabulary, Tokenize and Compare views follow it when
  asked to ("As of merge k"): they show that tokenizer as it was after its first ``k``
  merges.
- :class:`TimelineController`: encodes the sample text as of merge ``k`` (newest request
  wins, through an :class:`~app.controllers.encoding.EncodeController`), computes the text's
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

from bpe_engine import MergeEvent, Tokenizer, TrainerConfig

from ..jobs.calls import CallQueue
from ..jobs.timeline import token_curve, tokenizer_of_merges
from .encoding import EncodeController

__all__ = ["TimelinePosition", "TimelineController", "TIMELINE_KEY"]

#: The job key of the Timeline's encodings.
TIMELINE_KEY = "timeline"


class TimelinePosition(QObject):
    """The Timeline's "as of merge k", shared with the views that follow it.

    ``key`` is the registry key of the Timeline's tokenizer ("" when it shows a training in
    progress, which the other views cannot show), ``merges`` the slider's position and
    ``total`` how many merges that tokenizer has.

    Signals:
        moved(str, int): the key and the number of merges changed (either or both).
    """

    moved = Signal(str, int)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.key = ""
        self.merges = 0
        self.total = 0

    def set(self, key: str, merges: int, total: int) -> None:
        """Move to merge ``merges`` of ``key``'s ``total``; ``moved`` if anything changed."""
        if (key, merges, total) == (self.key, self.merges, self.total):
            return
        self.key, self.merges, self.total = key, merges, total
        self.moved.emit(key, merges)

    def limit_for(self, key: str) -> int | None:
        """The number of merges a view showing ``key`` should use, or None (not this tokenizer)."""
        return self.merges if key and key == self.key else None


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
        return self.encoder.request(text, "recognised", [(TIMELINE_KEY, tokenizer)], as_of={TIMELINE_KEY: merges})

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
        """Drop waiting jobs and wait for running ones (the window is closing)."""
        self.encoder.shutdown()
        for queue in (self._curves, self._live):
            queue.close()
            queue.wait(10.0)

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
