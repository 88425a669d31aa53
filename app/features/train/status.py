"""The Train view's progress display: the progress bar and the three lines under the controls.

:class:`TrainStatus` owns those widgets and writes them from the training controller's state:

- the stage that is really running (``TrainingController.stage``): reading the corpus,
  counting bytes, combining the counts, building the pair index, merging. Stages that cannot
  say how far they are show a busy bar and the seconds spent, never a frozen figure;
- speed and time left: bytes per second while counting (even work, a sliding-window rate),
  and the merge loop's time left from :class:`~app.features.train.meter.MergeTimeEstimator`
  (merges get cheaper over a run); "estimating" until an honest estimate exists. Pauses do not
  count (:class:`~app.features.train.meter.ActiveClock`);
- the vocabulary line (bytes + merges + specials) and the corpus line: tokens now and bytes
  per token, from the newest ``MergeEvent.tokens`` (exact), or ``CountingDone.initial_tokens``
  before the first merge.

It leaves out the merges table, plots and step tables (the view's other parts).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QLabel, QSizePolicy

from app.core import i18n
from app.core.i18n import bind, noop, tr, tr_n
from app.core.training.controller import TrainingController
from app.core.training.events import TrainingStage, TrainingState
from app.core.weakly import weak_method
from app.display.format import format_bytes, format_count, format_duration
from app.features.train.meter import ActiveClock, MergeTimeEstimator, RateMeter
from app.widgets.progress_bar import ProgressBar
from bpe_engine import TrainingDone

__all__ = ["TrainStatus", "StatusLine", "IDLE_TEXT"]

IDLE_TEXT = noop("Ready: choose a corpus and press Start (F5), or Step (F10) to go merge by merge.")

_STAGE_WORDS = {
    TrainingStage.LOADING: noop("Loading the checkpoint (the merge loop's arrays and the merges made so far)"),
    TrainingStage.READING: noop("Reading the corpus and counting its first block"),
    TrainingStage.COMBINING: noop("Every byte is counted; combining the counts"),
    TrainingStage.INDEXING: noop("Building the pair index (every adjacent pair of every distinct pre-token)"),
}


def time_left_text(seconds: float | None) -> str:
    """``"about 12 s left"``, ``"under a second left"``, or ``"estimating time left…"``."""
    if seconds is None:
        return tr("estimating time left…")
    if seconds < 1:
        return tr("under a second left")
    return tr("about {time} left").format(time=format_duration(seconds))


class StatusLine(QLabel):
    """A status line that takes no height while it has nothing to say (three blank lines took
    ~35 pixels of a 1024x700 window). Hidden only once in the window: a label without a
    parent that is shown becomes a window of its own."""

    def setText(self, text: str) -> None:  # noqa: N802 (Qt naming)
        super().setText(text)
        if self.parentWidget() is not None and self.isHidden() == bool(text):
            self.setVisible(bool(text))


class TrainStatus(QObject):
    """The progress bar and the progress, vocabulary and corpus lines (see the module docstring)."""

    def __init__(self, controller: TrainingController, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        self.progress = ProgressBar()
        self.progress.setTextVisible(True)
        self.progress_label = StatusLine()
        self.vocab_label = StatusLine()
        bind(self.vocab_label, "setToolTip", "256 single bytes + one token per merge + the special tokens")
        self.stats_label = StatusLine()
        self.stats_label.setStyleSheet("color: #555;")
        for label in (self.progress_label, self.vocab_label, self.stats_label):
            # subtle: text that changes five times a second must not re-layout the window
            label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self.clock = ActiveClock()
        self.bytes_rate = RateMeter()
        self.estimator = MergeTimeEstimator(1)
        self._merge_clock_start = 0.0  # active seconds when the first merge could begin
        self._stage_since = 0.0  # active seconds when the current stage began
        self._stage: TrainingStage | None = None
        self.special_count = 0
        self._restored = 0  # merges a resumed run replays before it goes on: not timed
        # What the label and the bar show, composed again after a language switch (the
        # figures kept, the words new): set by the methods below.
        self._label_text: Callable[[], str] = lambda: tr(IDLE_TEXT)
        self._bar_format: Callable[[], str] | None = None  # None: Qt's own (a percentage)
        self.show_idle()
        i18n.connect(self._on_language_changed)

    # -- run events ------------------------------------------------------------------------

    def show_idle(self) -> None:
        self._set_label(lambda: tr(IDLE_TEXT))

    def show_cancelling(self) -> None:
        self._set_label(lambda: tr("Cancelling…"))

    def _set_label(self, compose: Callable[[], str]) -> None:
        self._label_text = compose
        self.progress_label.setText(compose())

    def _set_format(self, compose: Callable[[], str] | None) -> None:
        self._bar_format = compose
        self.progress.setFormat(compose() if compose is not None else "")

    def _on_language_changed(self, _language: str) -> None:
        self.progress_label.setText(self._label_text())
        if self._bar_format is not None:
            self.progress.setFormat(self._bar_format())
        if self.vocab_label.text():
            self._update_stats()

    def begin(self, special_count: int) -> None:
        """A new run: forget every figure of the previous one."""
        self.special_count = special_count
        self.clock.reset()
        self.clock.start()
        self.bytes_rate.reset()
        self.estimator.reset(1)
        self._merge_clock_start = 0.0
        self._restored = 0
        self._stage = None
        self._stage_since = 0.0
        self.vocab_label.setText("")
        self.stats_label.setText("")
        self.progress.setRange(0, 1000)
        self.progress.setValue(0)
        self._set_format(None)

    def running(self) -> None:
        """Started, resumed or stepping: the clock runs again."""
        self.clock.start()
        self.bytes_rate.reset()  # a rate across a pause would read the pause as slowness

    def stopped(self) -> None:
        """Paused, ended, cancelled or failed: the clock stops (time left ignores pauses)."""
        self.clock.stop()

    def merging_began(self) -> None:
        """The first merge can begin (for a resumed run: the merges made before its
        checkpoint come first, replayed at once, and are left out of speed and time left)."""
        self._restored = self.controller.restored_merges
        self._merge_clock_start = self.clock.seconds()
        self.estimator.reset(max(1, self.controller.target_merges - self._restored))

    def counting_progress(self, done: int) -> None:
        self.bytes_rate.add(done)

    def merges_added(self) -> None:
        n = len(self.controller.merges) - self._restored
        if n <= 0:
            self._merge_clock_start = self.clock.seconds()  # still replaying the checkpoint's merges
            return
        self.estimator.add(n, self.clock.seconds() - self._merge_clock_start)

    # -- writing ---------------------------------------------------------------------------

    def refresh(self) -> None:
        """Bring the bar and the three lines up to date with the controller."""
        c = self.controller
        stage = c.stage
        if stage != self._stage:
            self._stage = stage
            self._stage_since = self.clock.seconds()
        if c.state == TrainingState.FAILED:
            self._show_ended_bar(noop("Training failed"))  # (a refresh after the failure: none of its figures)
        elif c.state == TrainingState.CANCELLED and not c.merges:
            self._show_ended_bar(noop("Cancelled"))
        elif stage == TrainingStage.MERGING:
            n, target = len(c.merges), c.target_merges
            self.progress.setRange(0, max(1, target))
            self.progress.setValue(n)
            self._set_format(lambda: tr_n("{n} of %n merge(s)", target).format(n=format_count(n)))
        elif stage == TrainingStage.COUNTING:
            total = c.bytes_total
            self.progress.setRange(0, 1000)
            self.progress.setValue(int(1000 * c.bytes_done / total) if total else 0)
            done = c.bytes_done
            self._set_format(
                lambda: tr("counting: {done} of {total}").format(done=format_bytes(done), total=format_bytes(total))
            )
        else:
            self.progress.setRange(0, 0)  # busy: this stage cannot say how far it is
            self._set_format(None)
        if c.state == TrainingState.FAILED:
            self._clear_stats()  # (no tokenizer came of it: "Vocabulary: … = 257 tokens" described none)
        else:
            self._update_stats()
        if c.state.running:
            self._set_label(weak_method(self.progress_text, ""))  # (kept: weakly, app.core.weakly)
        elif c.state == TrainingState.PAUSED:
            # Merges made before the worker saw the pause arrive after it: the label follows
            # them as the bar does (it read "Paused: Merging: 49" over "54 of" merges).
            progress = weak_method(self.progress_text, "")  # (kept: weakly, app.core.weakly)
            self._set_label(lambda: tr("Paused: {what}").format(what=progress(live=False)))

    def progress_text(self, *, live: bool = True) -> str:
        """What the run is doing, with speed and time left while it runs (``live``)."""
        c = self.controller
        stage = c.stage
        if stage in _STAGE_WORDS:
            text = tr(_STAGE_WORDS[stage])
            if stage == TrainingStage.READING and c.bytes_total:
                text += tr(" ({size} in all)").format(size=format_bytes(c.bytes_total))
            if live:
                text += f"… {format_duration(self.clock.seconds() - self._stage_since)}"
            return text
        if stage == TrainingStage.COUNTING:
            text = tr("Counting pre-tokens: {done} of {total}").format(
                done=format_bytes(c.bytes_done), total=format_bytes(c.bytes_total)
            )
            rate = self.bytes_rate.rate() if live else None
            if live:
                if rate:
                    left = self.bytes_rate.time_left(c.bytes_total)
                    text += f" · {format_bytes(rate)}/s · {time_left_text(left)}"
                else:
                    text += " · " + time_left_text(None)
            return text
        n, target = len(c.merges), c.target_merges
        text = tr_n("Merging: {n} of %n merge(s)", target).format(n=format_count(n))
        if live:
            seconds = self.clock.seconds() - self._merge_clock_start
            new = n - self._restored
            if seconds > 0.2 and new > 0:
                text += " · " + tr("{n} merges/s").format(n=format_count(int(new / seconds)))
            text += " · " + time_left_text(self.estimator.seconds_left())
        return text

    def show_paused(self) -> None:
        self.refresh()  # (writes the paused label)

    def show_finished(self, done: TrainingDone) -> None:
        self.refresh()
        self.progress.setRange(0, 1)
        self.progress.setValue(1)
        self._set_format(lambda: tr_n("%n merge(s)", done.merges))
        seconds = self.clock.seconds()
        restored = self._restored

        def compose() -> str:
            why = (
                tr("the vocabulary size was reached")
                if done.reason == "vocab_size"
                else tr("no pair was left to merge")
            )
            took = format_duration(seconds)
            if restored:  # a resumed run: its first merges were made in an earlier session
                made = tr_n("%n merge(s) ({restored} from the checkpoint, {more} more in {time})", done.merges).format(
                    restored=format_count(restored),
                    more=format_count(done.merges - restored),
                    time=took,
                )
            else:
                made = tr_n("%n merge(s) in {time}", done.merges).format(time=took)
            return tr("Done: {made} ({why}).").format(made=made, why=why)

        self._set_label(compose)

    def show_cancelled(self) -> None:
        self.refresh()  # (cancelled before the first merge: no counting figure stays, as for a failure)
        self._fill_bar_if_busy()
        n = len(self.controller.merges)
        self._set_label(
            lambda: (
                tr_n("Cancelled after %n merge(s); they are kept as a tokenizer.", n)
                if n
                else tr("Cancelled before the first merge; no merge was learned.")
            )
        )

    def show_failed(self) -> None:
        self._show_ended_bar(noop("Training failed"))
        self._clear_stats()
        self._set_label(lambda: tr("Training failed; see the message above the tables."))

    def _show_ended_bar(self, what: str) -> None:
        """The bar of a run that ended with nothing learned: ``what`` (an English source,
        marked with ``noop``), none of its figures: "counting: 1.2 MB of 3.1 MB" stayed on it,
        read as a run still counting."""
        self.progress.setRange(0, 1000)
        self.progress.setValue(0)
        self._set_format(lambda: tr(what))

    def _fill_bar_if_busy(self) -> None:
        if self.progress.maximum() == 0:  # a busy bar would keep moving after the run
            self.progress.setRange(0, 1000)
            self.progress.setValue(0)

    def elapsed(self) -> float:
        return self.clock.seconds()

    def _clear_stats(self) -> None:
        self.vocab_label.setText("")
        self.stats_label.setText("")

    def _update_stats(self) -> None:
        c = self.controller
        done = c.counting
        n = len(c.merges)
        specials = self.special_count
        text = tr_n(
            "Vocabulary: 256 bytes + {merges} + {specials} special = <b>%n</b> token(s)", 256 + n + specials
        ).format(merges=tr_n("%n merge(s)", n), specials=format_count(specials))
        if done:
            text += tr(" (target {n})").format(n=format_count(256 + c.target_merges + specials))
        self.vocab_label.setText(text)
        if done is not None:
            tokens = c.merges[-1].tokens if c.merges else done.initial_tokens
            bpt = done.total_bytes / tokens if tokens else 0.0
            self.stats_label.setText(
                tr("Corpus: {size}, {pretokens} ({distinct} distinct) · {tokens} now, {bpt} bytes per token").format(
                    size=format_bytes(done.total_bytes),
                    pretokens=tr_n("%n pre-token(s)", done.total_pretokens),
                    distinct=format_count(done.distinct_pretokens),
                    tokens=tr_n("%n token(s)", tokens),
                    bpt=f"{bpt:.2f}",
                )
            )
