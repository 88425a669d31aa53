"""One budget of GUI-thread time per turn of the event loop, shared by every widget that works
in slices between events (the chip views' lazy layout).

Each chip view used to run its own zero-interval timer, each with a budget of 12 ms: the
timers of all the views fire in the same turn of the event loop, so Compare's columns (one
view each) together took 12 ms times the columns in one turn (115 ms seen after a large paste,
issue 20 F). The views now hand their slices to :func:`shared`, one
:class:`TurnScheduler` whose single timer runs the slices of every waiting widget in turns
(one slice each, round and round) until the budget of the turn is spent, then yields to the
event loop: a turn stays within the budget (plus at most one slice) whatever the number of
views. Work done in a turn outside the slices (a chip view painting new chip images, e.g. all
of them at a new size) is counted too (:meth:`TurnScheduler.spend`), and what is over the
budget waits for the next turns (:meth:`TurnScheduler.left`); not in an export
(:meth:`TurnScheduler.unbudgeted`), which paints everything at once. A view whose paint drew
blank boxes for want of budget (:meth:`TurnScheduler.owe`) gets the next turns before the slices:
what is on screen first, the layout of what is not yet shown after.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import shiboken6
from PySide6.QtCore import QCoreApplication, QObject, QTimer, Slot

__all__ = ["TURN_BUDGET", "TurnScheduler", "shared"]

#: The time the slices of one turn of the event loop may take together (seconds).
TURN_BUDGET = 0.012

#: Turns in a row the slices give to paints owed (then the slices run: a paint never done
#: after all, e.g. a window minimized, does not stop them).
OWED_TURNS = 100

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
        self._spent = 0.0  # in this turn
        self._unbudgeted = 0
        self._fresh = QTimer(self)  # a new turn: nothing spent yet
        self._fresh.setSingleShot(True)
        self._fresh.setInterval(0)
        self._fresh.timeout.connect(self._on_fresh_timeout)
        self._owed: set[QObject] = set()  # views with chip images still to paint
        self._yielded = 0  # turns in a row the slices gave to them

    def add(self, owner: QObject, work: Slice) -> None:
        """Run ``work`` in the coming turns until it returns False (``owner``'s only work: a
        second call replaces the first)."""
        self._waiting[owner] = work
        self._timer.start()

    def remove(self, owner: QObject) -> None:
        self._waiting.pop(owner, None)

    def waiting(self, owner: QObject) -> bool:
        return owner in self._waiting

    def owe(self, owner: QObject, owed: bool = True) -> None:
        """``owner`` painted blank boxes for want of budget (``owed``), or painted all it shows."""
        if owed:
            self._owed.add(owner)
        else:
            self._owed.discard(owner)

    def spend(self, seconds: float) -> None:
        """Count ``seconds`` of work done in this turn of the event loop outside the slices."""
        self._spent += seconds
        if not self._fresh.isActive():
            self._fresh.start()

    def left(self) -> float:
        """The time left in this turn's budget (infinite: :meth:`unbudgeted`)."""
        return math.inf if self._unbudgeted else self.budget - self._spent

    @contextmanager
    def unbudgeted(self) -> Iterator[None]:
        """No budget while in this context (an export paints everything at once)."""
        self._unbudgeted += 1
        try:
            yield
        finally:
            self._unbudgeted -= 1

    @Slot()
    def _on_fresh_timeout(self) -> None:
        self._spent = 0.0

    @Slot()
    def _on_timer_timeout(self) -> None:
        self._owed = {owner for owner in self._owed if shiboken6.isValid(owner)}
        if self._owed and self._waiting and self._yielded < OWED_TURNS:
            self._yielded += 1  # this turn's budget goes to the paints owed
            self._timer.start()
            return
        self._owed.clear()
        self._yielded = 0
        start = self._clock()
        end = start + self.budget - self._spent
        while self._waiting and self._clock() < end:
            # the first waiting widget runs a slice and waits again last: all of them move on
            owner, work = next(iter(self._waiting.items()))
            del self._waiting[owner]
            if shiboken6.isValid(owner) and work():  # (a widget deleted while it waited is dropped)
                self._waiting.setdefault(owner, work)  # (unless it gave new work during its slice)
        self.spend(self._clock() - start)
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
