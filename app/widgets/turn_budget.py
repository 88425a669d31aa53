"""One budget of GUI-thread time per turn of the event loop, shared by every widget that works
in slices between events (the chip views' lazy layout).

Each chip view used to run its own zero-interval timer, each with a budget of 12 ms: the
timers of all the views fire in the same turn of the event loop, so Compare's columns (one
view each) together took 12 ms times the columns in one turn (115 ms seen after a large paste,
issue 20 F). The views now hand their slices to :func:`shared`, one
:class:`TurnScheduler` whose single timer runs the slices of every waiting widget in turns
(one slice each, round and round) until the budget of the turn is spent, then yields to the
event loop: a turn stays within the budget (plus at most one slice) whatever the number of
views.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import shiboken6
from PySide6.QtCore import QCoreApplication, QObject, QTimer, Slot

__all__ = ["TURN_BUDGET", "TurnScheduler", "shared"]

#: The time the slices of one turn of the event loop may take together (seconds).
TURN_BUDGET = 0.012

#: One slice of a widget's work; returns whether work remains after it.
Slice = Callable[[], bool]


class TurnScheduler(QObject):
    """Runs the slices of the widgets :meth:`add` gave it, at most ``budget`` seconds of them
    per turn of the event loop (the slice running when the budget is spent finishes)."""

    def __init__(
        self, budget: float = TURN_BUDGET, clock: Callable[[], float] | None = None, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self.budget = budget
        self._clock = clock if clock is not None else _now
        # (a dict: ordered; a widget added again keeps its place in the round)
        self._waiting: dict[QObject, Slice] = {}
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self._on_timer_timeout)

    def add(self, owner: QObject, work: Slice) -> None:
        """Run ``work`` in the coming turns until it returns False (``owner``'s only work: a
        second call replaces the first)."""
        self._waiting[owner] = work
        self._timer.start()

    def remove(self, owner: QObject) -> None:
        self._waiting.pop(owner, None)

    def waiting(self, owner: QObject) -> bool:
        return owner in self._waiting

    @Slot()
    def _on_timer_timeout(self) -> None:
        end = self._clock() + self.budget
        while self._waiting and self._clock() < end:
            # the first waiting widget runs a slice and waits again last: all of them move on
            owner, work = next(iter(self._waiting.items()))
            del self._waiting[owner]
            if shiboken6.isValid(owner) and work():  # (a widget deleted while it waited is dropped)
                self._waiting.setdefault(owner, work)  # (unless it gave new work during its slice)
        if self._waiting:
            self._timer.start()


def _now() -> float:
    return time.perf_counter()  # (looked up at each call: a test may give the module a clock of its own)


_SHARED: list[TurnScheduler] = []


def shared() -> TurnScheduler:
    """The application's scheduler (made on first use, a child of the application: deleted with it)."""
    if not _SHARED or not shiboken6.isValid(_SHARED[0]):
        _SHARED[:] = [TurnScheduler(parent=QCoreApplication.instance())]
    return _SHARED[0]
