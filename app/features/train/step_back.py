"""Step mode's Back: go back one merge by replaying the same run to the merge before.

Training is deterministic, so the run is cancelled and started again in step mode with the
same request, then stepped until one merge fewer is done. Every panel (merges table, step
tables and sentences, plots, vocabulary size, status line) is rebuilt by the replay's own
events, exactly as on the way forward, and the engine's merge loop is untouched. Step after
Back applies the same merge again, and Resume continues as if Back had never been pressed.
A run that ended (finished, or cancelled after a merge) goes back the same way: its run is
started again in step mode and parked one merge before its last; its result stays registered,
and a replay that reaches the same end again does not register it a second time.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, QTimer, Signal, Slot

from app.core.training.controller import TrainingController
from app.core.training.events import TrainingState

_S = TrainingState


class StepRewinder(QObject):
    """Drives ``controller`` back one merge; ``restart`` starts the same run in step mode.

    Signals:
        done(int): the replay parked at this many merges (Back is finished).
    """

    done = Signal(int)

    def __init__(
        self, controller: TrainingController, restart: Callable[[], bool], parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self._controller = controller
        self._restart = restart
        self._target: int | None = None  # merges to stop at while a Back is under way
        self._restarted = False
        controller.state_changed.connect(self._on_state_changed)

    @property
    def busy(self) -> bool:
        return self._target is not None

    def can_back(self) -> bool:
        """A paused step-mode run, or a run that ended, with a merge to undo and its request
        known; and no Back under way."""
        c = self._controller
        snapshot = c.snapshot
        if self.busy or snapshot is None or not c.merges or c.request is None:
            return False
        if c.state == _S.PAUSED:
            return not snapshot.ended
        return c.state in (_S.FINISHED, _S.CANCELLED)

    def back(self) -> bool:
        if not self.can_back():
            return False
        ended = self._controller.state != _S.PAUSED
        self._target, self._restarted = len(self._controller.merges) - 1, ended
        if ended:
            QTimer.singleShot(0, self._start_again)  # nothing to cancel: the run is over
        else:
            self._controller.cancel()
        return True

    @Slot(str)
    def _on_state_changed(self, state: str) -> None:
        target = self._target
        if target is None:
            return
        if state == _S.CANCELLED and not self._restarted:
            self._restarted = True
            QTimer.singleShot(0, self._start_again)  # not inside the controller's own signal
        elif state == _S.PAUSED and self._restarted:
            if len(self._controller.merges) < target:
                QTimer.singleShot(0, self._controller.step)
            else:
                self._target = None
                self.done.emit(target)
        elif state in (_S.FINISHED, _S.FAILED, _S.IDLE):
            self._target = None  # the replay ended otherwise (cannot happen with the same request)

    @Slot()
    def _start_again(self) -> None:
        if not self._restart():
            self._target = None
