"""Following the Train tab's run: the tokenizer of its merges so far, built off the GUI thread
(:meth:`~app.features.timeline.controller.TimelineController.build_live`) at most once a
second while the Timeline follows it, and at once when the run pauses or ends.

Its own module because the Timeline needs only what the run makes (a tokenizer, through the
controller's ``live_ready``) and whether there is a run to follow (:attr:`TrainingFollower.available`);
the run's states are compared as strings (the training controller owns their names).
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QTimer, Signal, Slot

from app.core.i18n import tr
from app.core.training.controller import TrainingController
from app.features.timeline.controller import TimelineController

__all__ = ["TrainingFollower"]

_LIVE_MS = 1000  # a training in progress: its tokenizer is rebuilt at most once a second
#: The training's states in which it has merges to follow.
_LIVE_STATES = frozenset({"merging", "paused", "counting", "cancelling"})


class TrainingFollower(QObject):
    """Builds the tokenizer of a training in progress (see the module docstring).

    Signals:
        available(bool): whether the training is in a state with merges to follow.
    """

    available = Signal(bool)

    def __init__(self, controller: TimelineController, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        self.training: TrainingController | None = None
        self._built = -1  # merges of the training's tokenizer built last
        self._timer = QTimer(self)
        self._timer.setInterval(_LIVE_MS)
        self._timer.timeout.connect(self.build)

    def set_training(self, training: TrainingController) -> None:
        self.training = training
        training.state_changed.connect(self._on_training_state_changed)
        self._on_training_state_changed(training.state)

    def is_following(self) -> bool:
        return self._timer.isActive()

    def start(self) -> None:
        """Follow the training: its tokenizer now, then as its merges grow."""
        self._built = -1
        self._timer.start()
        self.build()

    def stop(self) -> None:
        self._timer.stop()

    @Slot()
    def build(self) -> None:
        """Build the training's tokenizer if it has new merges (``live_ready`` brings it)."""
        c = self.training
        if c is None or c.request is None or not self.is_following():
            return
        n = len(c.merges)
        if n != self._built:
            self._built = n
            self.controller.build_live(
                c.merges, c.request.config, tr("{name} (training)").format(name=c.request.describe())
            )

    @Slot(str)
    def _on_training_state_changed(self, state: str) -> None:
        self.available.emit(str(state) in _LIVE_STATES)
        self.build()  # a pause or the end: show the merges so far at once
