"""The Train view's display of a run: what its states and events change on screen.

:class:`TrainRunDisplay` sits between :class:`~app.features.train.results.TrainResults` and
:class:`~app.features.train.view.TrainView` (it uses the view's controller, pacer, status and
panels). It listens to the controller's two signals: ``state_changed`` (the buttons, the
progress line, folding the settings away) and ``events``, where it ``match``es on the event
types it shows (:mod:`app.core.training.events`) and ignores the others, so a new engine event
needs a ``case`` here and nothing in between.
"""

from __future__ import annotations

import html

from PySide6.QtCore import Slot
from PySide6.QtWidgets import QTabWidget, QToolButton

from app.core.i18n import tr
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
    TrainingState,
)
from app.features.train.live import LivePanel
from app.features.train.pacing import DisplayPacer
from app.features.train.results import TrainResults
from app.features.train.step_back import StepRewinder
from app.features.train.step_panel import StepPanel
from app.widgets.plots import TrainingPlots, paint_pending
from bpe_engine import CountingDone, CountingProgress, MergeEvent, TrainingDone

__all__ = ["TrainRunDisplay"]

_S = TrainingState


class TrainRunDisplay(TrainResults):
    """A run's states and events on the Train view's widgets (see the module docstring)."""

    # Provided by TrainView.
    pacer: DisplayPacer
    live: LivePanel
    plots: TrainingPlots
    step_panel: StepPanel
    result_tabs: QTabWidget
    fold_button: QToolButton
    rewinder: StepRewinder
    #: The result of an ended run that Back replays (a replay that ends the same way is it).
    _replay_of: str | None = None

    @Slot(str)
    def _on_controller_state_changed(self, name: str) -> None:
        state = TrainingState(name)
        self._update_actions()
        c = self.controller
        if state == _S.IDLE:
            self.status.show_idle()
        elif state == _S.CANCELLING:
            self.status.show_cancelling()
        elif state.running:
            if state == _S.MERGING and c.counting is not None:
                self.plots.fix_ranges(c.target_merges)  # resumed: keep the axes still again
            self.status.running()
            self.step_panel.show_running(len(c.merges), c.target_merges, c.merges[-1] if c.merges else None)
            self.status.refresh()
        else:  # paused, finished, cancelled, failed
            self.status.stopped()
            if state == _S.PAUSED:
                self.status.show_paused()
        if state.active:
            self._fold_settings(True)
        else:
            # The final step state keeps the room, and so does a small window (1024x700: the
            # plots need the height); elsewhere the settings come back. A failure needs them.
            small = self.window().height() < 760
            self._fold_settings(
                (self.result_tabs.currentWidget() is self.step_panel or small) and state not in (_S.FAILED, _S.IDLE)
            )

    def _fold_settings(self, folded: bool) -> None:
        self.fold_button.setChecked(not folded)

    @Slot(object)
    def _on_controller_events(self, events: tuple[object, ...]) -> None:
        merged = False  # merges were queued and not yet counted in the status
        for event in events:
            if merged and not isinstance(event, MergeEvent):
                self._merges_arrived()  # before what follows them (a pause, the end)
                merged = False
            match event:
                case MergeEvent():
                    self.pacer.add_merge(event)
                    merged = True
                case CountingProgress():
                    self._show_counting_progress(event)
                case CountingDone():
                    self._show_counting_done(event)
                case StepSnapshot():
                    self.step_panel.set_snapshot(event)
                case Paused():
                    self._show_paused(event.snapshot)
                case Finished():
                    self._show_finished(event.done)
                case Cancelled():
                    self._show_cancelled()
                case Failed():
                    self._show_failed(event.message)
                case TokenizerBuilt():
                    self._save_built_tokenizer(event.tokenizer)
                case ResumedRun():
                    self._show_resumed(event)
                case CheckpointSaved():
                    self._show_checkpoint_saved(event.path, event.merges)
                case CheckpointFailed():
                    self._show_checkpoint_failed(event.path, event.message)
        if merged:
            self._merges_arrived()

    def _merges_arrived(self) -> None:
        self.status.merges_added()
        self.pacer.schedule()

    def _show_counting_progress(self, progress: CountingProgress) -> None:
        self.status.counting_progress(progress.bytes_done)
        if self.controller.stage in (TrainingStage.INDEXING, TrainingStage.COMBINING):
            self.pacer.refresh(final=False)  # a new stage is shown at once
        else:
            self.pacer.schedule()

    def _show_counting_done(self, done: CountingDone) -> None:
        self.status.merging_began()
        with self.controller.gui_priority():  # the axes are new: the heaviest redraw of a run
            self.plots.set_counting(done)
            paint_pending(self)
        self.pacer.refresh(final=False)

    def _show_paused(self, snapshot: StepSnapshot | None) -> None:
        if snapshot is not None:
            self.step_panel.set_snapshot(snapshot)  # first: the refresh then leaves it alone
        self.pacer.refresh()
        self.pacer.fit_plots_later()
        if snapshot is None:
            self.step_panel.show_counting()
        self.status.show_paused()
        self._update_actions()

    def _show_finished(self, done: TrainingDone) -> None:
        self.pacer.refresh()
        self.pacer.fit_plots_later()
        self.status.show_finished(done)
        if self._replays_result():
            self._update_actions()  # the run Back went into ended as before: its result stands
        else:
            self._register_result(cancelled=False)

    def _replays_result(self) -> bool:
        key, tok = self._replay_of, self.controller.tokenizer()
        if key is None or key != self.current_tokenizer_key() or tok is None:
            return False
        previous = self.registry.get(key)
        return previous is not None and list(previous.merges) == list(tok.merges)

    def _show_cancelled(self) -> None:
        self.pacer.refresh()
        self.pacer.fit_plots_later()
        self.status.show_cancelled()
        if self.controller.snapshot is None or not self.controller.snapshot.ended:
            self.step_panel.clear()  # cancelled while counting: there is no final state to show
        if self.rewinder.busy:
            self._update_actions()  # Back cancelled the run to replay it: no result of its own
        else:
            self._register_result(cancelled=True)

    def _show_failed(self, message: str) -> None:
        self.pacer.refresh()
        self.pacer.fit_plots_later()
        self.status.show_failed()
        self.step_panel.clear()
        previous = self.current_tokenizer_key()
        label = html.escape(self.registry.entry(previous).label) if previous else ""
        self._set_result(
            lambda: (
                tr("No new tokenizer: training failed. Fix what the message says and start again.")
                + (tr(" The previous result, <b>{label}</b>, can still be saved.").format(label=label) if label else "")
            )
        )
        self._say("error", lambda: tr("Training failed: {reason}").format(reason=message))
        self._update_actions()

    def _replay_step_mode(self) -> bool:
        """Start the run again in step mode with its own request (for Back); the result line
        stays, and so does an ended run's result (see :meth:`_replays_result`)."""
        c = self.controller
        request = c.request
        if request is None or c.is_active:
            return False
        if c.state in (_S.FINISHED, _S.CANCELLED):
            self._replay_of = self.current_tokenizer_key()
        kept = self._result_text
        self._begin_run(True, len(request.config.special_tokens))
        self._set_result(kept)
        return c.start(request, step_mode=True)

    def _begin_run(self, step_mode: bool, special_count: int) -> None:
        self._reset_display()
        self.status.begin(special_count)
        if step_mode:
            self.result_tabs.setCurrentWidget(self.step_panel)

    def _reset_display(self) -> None:
        self._set_result(
            lambda: tr(
                "Training… The result becomes a tokenizer when training ends or is "
                "cancelled; a paused training can be saved as it is."
            )
        )
        self.pacer.clear()
        self.messages.clear()
        self.live.clear()
        self.step_panel.clear()
