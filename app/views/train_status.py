"""The Train view's progress display: the progress bar and the three lines under the controls.

:class:`TrainStatus` owns those widgets and writes them from the training controller's state:

- the stage that is really running (``TrainingController.stage``): reading the corpus,
  counting bytes, combining the counts, building the pair index, merging. Stages that cannot
  say how far they are show a busy bar and the seconds spent, never a frozen figure;
- speed and time left: bytes per second while counting (even work, a sliding-window rate),
  and the merge loop's time left from :class:`~app.display.meter.MergeTimeEstimator`
  (merges get cheaper over a run); "estimating" until an honest estimate exists. Pauses do not
  count (:class:`~app.display.meter.ActiveClock`);
- the vocabulary line (bytes + merges + specials) and the corpus line: tokens now and bytes
  per token, from the newest ``MergeEvent.tokens`` (exact), or ``CountingDone.initial_tokens``
  before the first merge.

It leaves out the merges table, plots and step tables (the view's other parts).
"""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QLabel, QProgressBar, QSizePolicy

from bpe_engine import TrainingDone

from ..controllers.training import TrainingController
from ..display.format import format_bytes, format_count, format_duration
from ..display.meter import ActiveClock, MergeTimeEstimator, RateMeter

__all__ = ["TrainStatus", "IDLE_TEXT"]

IDLE_TEXT = "Ready: choose a corpus and press Start (F5), or Step (F10) to go merge by merge."

_STAGE_WORDS = {
    "loading": "Loading the checkpoint (the merge loop's arrays and the merges made so far)",
    "reading": "Reading the corpus and counting its first block",
    "combining": "Every byte is counted; combining the counts",
    "indexing": "Building the pair index (every adjacent pair of every distinct pre-token)",
}


def time_left_text(seconds: float | None) -> str:
    """``"about 12 s left"``, ``"under a second left"``, or ``"estimating time left…"``."""
    if seconds is None:
        return "estimating time left…"
    if seconds < 1:
        return "under a second left"
    return f"about {format_duration(seconds)} left"


class TrainStatus(QObject):
    """The progress bar and the progress, vocabulary and corpus lines (see the module docstring)."""

    def __init__(self, controller: TrainingController, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        self.progress = QProgressBar()
        self.progress.setTextVisible(True)
        self.progress_label = QLabel()
        self.vocab_label = QLabel()
        self.vocab_label.setToolTip("256 single bytes + one token per merge + the special tokens")
        self.stats_label = QLabel()
        self.stats_label.setStyleSheet("color: #555;")
        for label in (self.progress_label, self.vocab_label, self.stats_label):
            # subtle: text that changes five times a second must not re-layout the window
            label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self.clock = ActiveClock()
        self.bytes_rate = RateMeter()
        self.estimator = MergeTimeEstimator(1)
        self._merge_clock_start = 0.0  # active seconds when the first merge could begin
        self._stage_since = 0.0  # active seconds when the current stage began
        self._stage = ""
        self.special_count = 0
        self._restored = 0  # merges a resumed run replays before it goes on: not timed
        self.show_idle()

    # -- run events ------------------------------------------------------------------------

    def show_idle(self, text: str = IDLE_TEXT) -> None:
        self.progress_label.setText(text)

    def begin(self, special_count: int) -> None:
        """A new run: forget every figure of the previous one."""
        self.special_count = special_count
        self.clock.reset()
        self.clock.start()
        self.bytes_rate.reset()
        self.estimator.reset(1)
        self._merge_clock_start = 0.0
        self._restored = 0
        self._stage = ""
        self._stage_since = 0.0
        self.vocab_label.setText("")
        self.stats_label.setText("")
        self.progress.setRange(0, 1000)
        self.progress.setValue(0)
        self.progress.setFormat("")

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
        if stage == "merging":
            n, target = len(c.merges), c.target_merges
            self.progress.setRange(0, max(1, target))
            self.progress.setValue(n)
            self.progress.setFormat(f"{n} of {target} merges")
        elif stage == "counting":
            total = c.bytes_total
            self.progress.setRange(0, 1000)
            self.progress.setValue(int(1000 * c.bytes_done / total) if total else 0)
            self.progress.setFormat(f"counting: {format_bytes(c.bytes_done)} of {format_bytes(total)}")
        else:
            self.progress.setRange(0, 0)  # busy: this stage cannot say how far it is
            self.progress.setFormat("")
        self._update_stats()
        if c.state in ("counting", "merging"):
            self.progress_label.setText(self.progress_text())

    def progress_text(self, *, live: bool = True) -> str:
        """What the run is doing, with speed and time left while it runs (``live``)."""
        c = self.controller
        stage = c.stage
        if stage in _STAGE_WORDS:
            text = _STAGE_WORDS[stage]
            if stage == "reading" and c.bytes_total:
                text += f" ({format_bytes(c.bytes_total)} in all)"
            if live:
                text += f"… {format_duration(self.clock.seconds() - self._stage_since)}"
            return text
        if stage == "counting":
            text = f"Counting pre-tokens: {format_bytes(c.bytes_done)} of {format_bytes(c.bytes_total)}"
            rate = self.bytes_rate.rate() if live else None
            if live:
                if rate:
                    left = self.bytes_rate.time_left(c.bytes_total)
                    text += f" · {format_bytes(rate)}/s · {time_left_text(left)}"
                else:
                    text += " · " + time_left_text(None)
            return text
        n, target = len(c.merges), c.target_merges
        text = f"Merging: {format_count(n)} of {format_count(target)} merges"
        if live:
            seconds = self.clock.seconds() - self._merge_clock_start
            new = n - self._restored
            if seconds > 0.2 and new > 0:
                text += f" · {format_count(int(new / seconds))} merges/s"
            text += " · " + time_left_text(self.estimator.seconds_left())
        return text

    def show_paused(self) -> None:
        self.refresh()
        self.progress_label.setText("Paused: " + self.progress_text(live=False))

    def show_finished(self, done: TrainingDone) -> None:
        self.refresh()
        why = "the vocabulary size was reached" if done.reason == "vocab_size" else "no pair was left to merge"
        self.progress.setRange(0, 1)
        self.progress.setValue(1)
        self.progress.setFormat(f"{done.merges} merges")
        seconds = format_duration(self.clock.seconds())
        if self._restored:  # a resumed run: its first merges were made in an earlier session
            made = (
                f"{format_count(done.merges)} merges ({format_count(self._restored)} from the checkpoint, "
                f"{format_count(done.merges - self._restored)} more in {seconds})"
            )
        else:
            made = f"{format_count(done.merges)} merges in {seconds}"
        self.progress_label.setText(f"Done: {made} ({why}).")

    def show_cancelled(self) -> None:
        self.refresh()
        self._fill_bar_if_busy()
        n = len(self.controller.merges)
        self.progress_label.setText(
            f"Cancelled after {format_count(n)} merges; "
            + ("they are kept as a tokenizer." if n else "no merge was learned.")
        )

    def show_failed(self) -> None:
        self._fill_bar_if_busy()
        self.progress_label.setText("Training failed; see the message above the tables.")

    def _fill_bar_if_busy(self) -> None:
        if self.progress.maximum() == 0:  # a busy bar would keep moving after the run
            self.progress.setRange(0, 1000)
            self.progress.setValue(0)

    def elapsed(self) -> float:
        return self.clock.seconds()

    def _update_stats(self) -> None:
        c = self.controller
        done = c.counting
        n = len(c.merges)
        specials = self.special_count
        self.vocab_label.setText(
            f"Vocabulary: 256 bytes + {format_count(n)} merges + {specials} special = "
            f"<b>{format_count(256 + n + specials)}</b> tokens"
            + (f" (target {format_count(256 + c.target_merges + specials)})" if done else "")
        )
        if done is not None:
            tokens = c.merges[-1].tokens if c.merges else done.initial_tokens
            bpt = done.total_bytes / tokens if tokens else 0.0
            self.stats_label.setText(
                f"Corpus: {format_bytes(done.total_bytes)}, {format_count(done.total_pretokens)} pre-tokens "
                f"({format_count(done.distinct_pretokens)} distinct) · {format_count(tokens)} tokens now, "
                f"{bpt:.2f} bytes per token"
            )
