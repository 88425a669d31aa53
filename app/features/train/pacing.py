"""How often the Train view repaints while a run goes on: :class:`DisplayPacer`.

Merges arrive in batches many times a second; showing each batch at once would starve the
event loop. The pacer keeps the merges received but not yet shown, and brings the merges
table, progress and plots up to date on a timer, one short job per turn. Its own module
because it is the one place that decides the view's repaint rhythm, apart from what the
events mean (the view) and how each part is drawn (the panels).
"""

from __future__ import annotations

import weakref

from PySide6.QtCore import QObject, QTimer, Slot
from PySide6.QtWidgets import QWidget

from app.core.training.controller import TrainingController
from app.features.train.live import LivePanel
from app.features.train.status import TrainStatus
from app.features.train.step_panel import StepPanel
from app.widgets.plots import paint_pending
from bpe_engine import MergeEvent

__all__ = ["DisplayPacer"]


class DisplayPacer(QObject):
    """Paces the Train view's repaints (see the module docstring); ``view`` is what is painted."""

    REFRESH_MS = 100  # a display turn every 100 ms: table and progress five times a second,
    #                   each plot 2.5 times a second

    def __init__(
        self, view: QWidget, controller: TrainingController, live: LivePanel, status: TrainStatus, step: StepPanel
    ) -> None:
        super().__init__(view)
        self._view = weakref.ref(view)  # (the view keeps this pacer: no cycle)
        self._controller = controller
        self._live = live
        self._status = status
        self._step = step
        self._pending: list[MergeEvent] = []  # merges received, not yet shown
        self._turn = 0  # refresh turns alternate: table and progress, then one plot
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(self.REFRESH_MS)
        self._timer.timeout.connect(self._on_timer_timeout)

    def add_merge(self, event: MergeEvent) -> None:
        """A merge arrived: shown at the next turn."""
        self._pending.append(event)

    def schedule(self) -> None:
        """Refresh at the next turn (unless one is due already)."""
        if not self._timer.isActive():
            self._timer.start()

    def clear(self) -> None:
        """A new run: forget what was not shown yet."""
        self._timer.stop()
        self._pending = []

    def stop(self) -> None:
        self._timer.stop()

    def fit_plots_later(self) -> None:
        # Fitting the axes to the data regenerates them (the costliest repaint): in its own turn.
        QTimer.singleShot(0, self._live.plots.finish)

    @Slot()
    def _on_timer_timeout(self) -> None:
        # One job per turn, in rotation: table and progress, then one plot. Each turn stays
        # short (~10 ms), so the event loop never stalls for long.
        self._turn += 1
        plots = self._live.plots
        stale = plots.stale()
        if self._turn % 2 == 0 and stale:
            with self._controller.gui_priority():
                plots.redraw(stale[(self._turn // 2) % len(stale)], now=True)
            if self._pending or plots.dirty:
                self.schedule()
        else:
            self.refresh(final=False)
            if self._controller.state.running:
                self.schedule()  # stages without events still show their seconds

    def refresh(self, *, final: bool = True) -> None:
        """Bring the table, plots, progress and labels up to date with the controller.

        subtle: while training runs this is called a few times a second, not per batch; it
        repaints synchronously inside ``controller.gui_priority()``, and the plots are redrawn
        in other event-loop turns (see ``_on_timer_timeout``). The GUI thread shares the GIL
        with the worker: painting the table (a Python ``data()`` call per cell and role) and
        the plots took several times longer under contention, and one long turn stalls the
        whole event loop.
        """
        self._timer.stop()
        c = self._controller
        with c.gui_priority():
            if self._pending:
                pending, self._pending = self._pending, []
                self._live.append(pending)
            self._status.refresh()
            if c.state.running and c.merges and self._step.snapshot is None:
                self._step.show_running(len(c.merges), c.target_merges, c.merges[-1])
            view = self._view()
            if not final and view is not None:
                paint_pending(view)
        plots = self._live.plots
        if final:
            if plots.dirty:
                plots.redraw()
        elif plots.dirty:
            self.schedule()
