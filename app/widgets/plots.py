"""Live training plots (pyqtgraph): pair count per merge, and the corpus' bytes per token.

- *Pair count at merge* (log y): how often each merged pair occurred, against its rank; it
  falls steeply, then flattens into a long tail of rare pairs.
- *Bytes per token*: the training corpus' bytes divided by its length in tokens after each
  merge. Exact, not sampled: the corpus starts as ``CountingDone.initial_tokens`` tokens and
  each ``MergeEvent.tokens`` is its exact length after that merge (a pair's count would be
  wrong where occurrences overlap: "aaaa" holds ("a", "a") three times, merged twice).

The log axis labels only whole decades, written out (10, 100, 1k, 10k…), so labels never
overprint each other.

Data is kept in growing NumPy arrays. Adding data does not draw: the owner calls
:meth:`TrainingPlots.redraw` when it chooses (a few times a second while training; drawing
thousands of points in pyqtgraph is the most expensive thing the GUI thread does then). The
widget computes nothing about training itself; it is fed events.
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt, QTimer
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QBoxLayout, QWidget

from app.core import i18n
from app.core.i18n import bind, tr
from app.widgets.plot_titles import refit_title, refit_title_if_moved, set_fitted_title, share_title_size
from bpe_engine import CountingDone

#: The least height and width a plot is readable at (its title, axis labels and some curve).
MIN_PLOT_HEIGHT = 175
MIN_PLOT_WIDTH = 240

__all__ = [
    "TrainingPlots",
    "MIN_PLOT_HEIGHT",
    "MIN_PLOT_WIDTH",
    "LogCountAxis",
    "LogSizeAxis",
    "MergeAxis",
    "fit_or_empty",
    "short_count",
    "paint_pending",
    "refit_title",
    "refit_title_if_moved",
    "set_fitted_title",
    "without_scene_export",
]


def short_count(n: float) -> str:
    """``200000`` -> ``"200k"``, ``1500`` -> ``"1.5k"``, ``512`` -> ``"512"`` (axis labels)."""
    n = float(n)
    for scale, suffix in ((1e6, "M"), (1e3, "k")):
        if n >= scale:
            value = n / scale
            return f"{value:.0f}{suffix}" if value >= 10 or value == int(value) else f"{value:.1f}{suffix}"
    return f"{n:.0f}"


class LogCountAxis(pg.AxisItem):  # type: ignore[misc]  # pyqtgraph ships no type hints
    """A log-scale axis labelled 1, 10, 100, 1k… (and 2, 5, 20, 50… when less than two decades
    show), with unlabelled minor ticks.

    subtle: pyqtgraph asks :meth:`tickStrings` for the minor ticks too and draws their texts
    where they fit: labelling each with its decade wrote "10, 10, 10…". Only the values
    :meth:`tickValues` chose as major get a text.
    """

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)
        self._major: list[float] = []

    def tickValues(self, minVal: float, maxVal: float, size: float) -> list[tuple[float, list[float]]]:  # noqa: N802, N803
        lo, hi = int(np.floor(minVal)), int(np.ceil(maxVal))
        inside = [float(d) for d in range(lo, hi + 1) if minVal - 1e-9 <= d <= maxVal + 1e-9]
        if len(inside) < 2:  # less than two decades: 1, 2 and 5 times each power of ten
            inside = [
                d + float(np.log10(m))
                for d in range(lo, hi + 1)
                for m in (1, 2, 5)
                if minVal - 1e-9 <= d + np.log10(m) <= maxVal + 1e-9 and d + np.log10(m) >= 0
            ]
        step = max(1, int(np.ceil(len(inside) / max(1.0, size / 28))))  # a label per ~28 px at most
        self._major = inside[::step]
        minor = [
            d + float(np.log10(m))
            for d in range(lo - 1, hi + 1)
            for m in range(2, 10)
            if minVal <= d + np.log10(m) <= maxVal and all(abs(d + np.log10(m) - x) > 1e-6 for x in self._major)
        ]
        return [(1.0, self._major), (0.0, minor)]

    def tickStrings(self, values: list[float], scale: float, spacing: float) -> list[str]:  # noqa: N802
        return [short_count(round(10**v)) if any(abs(v - x) < 1e-6 for x in self._major) else "" for v in values]


class MergeAxis(pg.AxisItem):  # type: ignore[misc]  # pyqtgraph ships no type hints
    """An axis of whole numbers (merges, ranks, token counts): ticks only at integers, written
    short (pyqtgraph's own put ticks at 0.1 … 0.9 merges on a short range)."""

    def tickValues(self, minVal: float, maxVal: float, size: float) -> list[tuple[float, list[float]]]:  # noqa: N802, N803
        levels = super().tickValues(minVal, maxVal, size)
        out = []
        for spacing, values in levels:
            if spacing < 1:
                continue
            out.append((spacing, [v for v in values if abs(v - round(v)) < 1e-9]))
        if not out:
            out = [(1.0, [float(v) for v in range(int(np.ceil(minVal)), int(np.floor(maxVal)) + 1)])]
        return out

    def tickStrings(self, values: list[float], scale: float, spacing: float) -> list[str]:  # noqa: N802
        whole = [round(v) for v in values]
        short = [short_count(v) for v in whole]
        # subtle: "12k" stands for 12,000 to 12,499: ticks 100 apart there (a long text's token
        # counts) are written in full, else they would all read "12k"
        if any(_short_value(s) != v for s, v in zip(short, whole)):
            short = [f"{v:,}" for v in whole]
        return [s if v >= 0 else "" for s, v in zip(short, whole)]


def _short_value(text: str) -> float:
    """The number :func:`short_count` wrote as ``text``."""
    scale = {"k": 1e3, "M": 1e6}.get(text[-1:], 1.0)
    return float(text.rstrip("kM")) * scale


def fit_or_empty(plot: pg.PlotWidget, points: int, *, log_y: bool = False) -> None:
    """Fit ``plot`` to its data, or show 0..1 when it has at most one point.

    subtle: pyqtgraph fits a single point by keeping the width of the range before: one point
    at merge 0 after a run of 80 000 merges showed an axis from -40 000 to 40 000.
    """
    if points > 1:
        plot.enableAutoRange()
        return
    plot.disableAutoRange()
    plot.setXRange(0, 1, padding=0.02)
    plot.setYRange(0, 1, padding=0.02 if log_y else 0.05)


class LogSizeAxis(pg.AxisItem):  # type: ignore[misc]  # pyqtgraph ships no type hints
    """A log-scale axis for sizes: labels at 1, 2 and 5 times each power of ten that fit
    (300, 1k, 2k, 5k, 10k, 200k…), written short; unlabelled ticks between.

    subtle: pyqtgraph's own log axis writes "2·10³"-style labels at every minor tick, and
    they overprint each other.
    """

    def tickValues(self, minVal: float, maxVal: float, size: float) -> list[tuple[float, list[float]]]:  # noqa: N802, N803
        lo, hi = int(np.floor(minVal)), int(np.ceil(maxVal))
        candidates = {
            1: [float(d) for d in range(lo, hi + 1)],
            2: [d + np.log10(m) for d in range(lo, hi + 1) for m in (1, 2, 5)],
            3: [d + np.log10(m) for d in range(lo, hi + 1) for m in (1, 2, 3, 5)],
        }
        span = max(maxVal - minVal, 1e-9)
        major: list[float] = []
        for level in (3, 2, 1):
            values = [v for v in candidates[level] if minVal - 1e-9 <= v <= maxVal + 1e-9]
            gaps = np.diff(values) if len(values) > 1 else np.array([span])
            if len(values) and float(gaps.min()) / span * size >= 42:  # a label per ~42 px at most
                major = values
                break
        if not major:
            values = [v for v in candidates[1] if minVal - 1e-9 <= v <= maxVal + 1e-9]
            step = max(1, int(np.ceil(len(values) * 42 / max(size, 1))))
            major = values[::step]
        minor = [
            d + np.log10(m) for d in range(lo - 1, hi + 1) for m in range(1, 10) if minVal <= d + np.log10(m) <= maxVal
        ]
        return [(1.0, major), (0.0, [v for v in minor if all(abs(v - x) > 1e-6 for x in major)])]

    def tickStrings(self, values: list[float], scale: float, spacing: float) -> list[str]:  # noqa: N802
        return [short_count(round(10**v)) for v in values]


def without_scene_export(plot: pg.PlotWidget) -> pg.PlotWidget:
    """``plot`` without pyqtgraph's own right-click "Export..." (English only, and a second
    way to do what File > Export view does in the app's language)."""
    scene = plot.scene()
    for action in list(scene.contextMenu):
        action.setParent(None)
        action.deleteLater()
    scene.contextMenu = []
    return plot


class _Series:
    """A growable float array (amortised appends)."""

    def __init__(self) -> None:
        self._data = np.empty(1024, dtype=np.float64)
        self.size = 0

    def extend(self, values: Iterable[float]) -> None:
        arr = np.fromiter(values, dtype=np.float64)
        need = self.size + arr.size
        if need > self._data.size:
            grown = np.empty(max(need, 2 * self._data.size), dtype=np.float64)
            grown[: self.size] = self._data[: self.size]
            self._data = grown
        self._data[self.size : need] = arr
        self.size = need

    def clear(self) -> None:
        self.size = 0

    @property
    def values(self) -> np.ndarray:
        return self._data[: self.size]


class TrainingPlots(QWidget):
    """Two plots (stacked, or side by side), fed with ``set_counting`` and ``add_merges``."""

    def __init__(self, parent: QWidget | None = None, *, orientation: Qt.Orientation = Qt.Orientation.Vertical) -> None:
        super().__init__(parent)
        # subtle: colors are set per widget; pg.setConfigOptions would change every other plot too
        self.count_plot = without_scene_export(
            pg.PlotWidget(background="w", axisItems={"left": LogCountAxis("left"), "bottom": MergeAxis("bottom")})
        )
        self.count_plot.setLogMode(x=False, y=True)
        bind(self.count_plot, "setToolTip", "How often each merged pair occurred when it was merged (log scale)")
        self.count_curve = self.count_plot.plot(pen=pg.mkPen("#1565c0", width=1))

        self.bpt_plot = without_scene_export(pg.PlotWidget(background="w", axisItems={"bottom": MergeAxis("bottom")}))
        bind(
            self.bpt_plot,
            "setToolTip",
            "Corpus bytes ÷ corpus tokens after each merge (exact: the engine counts the tokens each merge replaces)",
        )
        share_title_size(self.count_plot, self.bpt_plot)  # side by side, one size (the smaller fit)
        self._write_titles()
        self._refit = QTimer(self, singleShot=True, interval=0)  # once the layout has settled
        self._refit.timeout.connect(self._refit_moved_titles)
        for watched in (self.count_plot, self.bpt_plot):
            watched.installEventFilter(self)
            watched.getAxis("left").geometryChanged.connect(self._refit.start)
        self.bpt_curve = self.bpt_plot.plot(pen=pg.mkPen("#2e7d32", width=1))
        for plot in (self.count_plot, self.bpt_plot):
            for side in ("left", "bottom"):
                plot.getAxis(side).setPen("#555")
                plot.getAxis(side).setTextPen("#333")
            plot.setMouseEnabled(x=True, y=False)
            plot.getPlotItem().setDownsampling(auto=True, mode="peak")
            plot.getPlotItem().setClipToView(True)

        direction = (
            QBoxLayout.Direction.TopToBottom
            if orientation == Qt.Orientation.Vertical
            else QBoxLayout.Direction.LeftToRight
        )
        layout = QBoxLayout(direction, self)
        self._stacked = orientation == Qt.Orientation.Vertical  # side by side when too short
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.count_plot)
        layout.addWidget(self.bpt_plot)
        self._layout = layout
        self.setMinimumHeight(MIN_PLOT_HEIGHT)

        self._counts = _Series()
        self._bpt = _Series()
        self._total_bytes = 0
        self._tokens = 0
        self._stale: set[str] = set()  # plots that lack data added since their last redraw
        self._bpt_top = 0.0
        self._count_top_set = False
        self.finish()
        i18n.connect(self._on_language_changed)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt naming)
        """Stacked plots too short to read (a 1024x700 screen) go side by side, each at full
        height; they stack again when there is room."""
        super().resizeEvent(event)
        if not self._stacked:
            return
        side_by_side = self.height() < 2 * MIN_PLOT_HEIGHT and self.width() >= 2 * MIN_PLOT_WIDTH
        self._layout.setDirection(
            QBoxLayout.Direction.LeftToRight if side_by_side else QBoxLayout.Direction.TopToBottom
        )

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt naming)
        if event.type() == QEvent.Type.Resize and watched in (self.count_plot, self.bpt_plot):
            self._write_titles()  # (a title wider than its plot was cut at both ends)
        return super().eventFilter(watched, event)

    def _write_titles(self) -> None:
        """The plots' titles and axis labels in the current language (the curves stay)."""
        set_fitted_title(self.count_plot, tr("Pair count per merge (log scale)"))
        self.count_plot.setLabel("bottom", tr("merge rank"))
        self.count_plot.setLabel("left", tr("count"))
        set_fitted_title(self.bpt_plot, tr("Bytes per token (training corpus)"))
        self.bpt_plot.setLabel("bottom", tr("merges"))
        self.bpt_plot.setLabel("left", tr("bytes/token"))

    def _refit_moved_titles(self) -> None:
        for plot in (self.count_plot, self.bpt_plot):
            refit_title_if_moved(plot)

    def _on_language_changed(self, _language: str) -> None:
        self._write_titles()

    def reset(self) -> None:
        self._stale = set()
        self._bpt_top = 0.0
        self._counts.clear()
        self._bpt.clear()
        self._total_bytes = 0
        self._tokens = 0
        self.count_curve.setData([], [])
        self.bpt_curve.setData([], [])
        self.finish()

    def set_counting(self, done: CountingDone) -> None:
        """Start the bytes-per-token curve at merge 0 (no merge yet); fix the x axes to the run.

        subtle: while merges stream in, the axes keep fixed ranges (x: all merges of the run;
        y: set from the first merge, grown rarely). Re-ranging on every redraw regenerates
        the axes and costs the GUI thread far more than drawing the curve.
        """
        self._counts.clear()
        self._bpt.clear()
        self._total_bytes = done.total_bytes
        self._tokens = done.initial_tokens
        if self._tokens > 0:
            self._bpt.extend([self._total_bytes / self._tokens])
        self.fix_ranges(done.target_merges)
        self.redraw()

    def fix_ranges(self, target_merges: int) -> None:
        """Keep the axes still while merges stream in (x: the whole run)."""
        for plot in (self.count_plot, self.bpt_plot):
            plot.disableAutoRange()
            plot.setXRange(0, max(1, target_merges), padding=0.02)
        self._bpt_top = 0.0
        self._count_top_set = False

    def finish(self) -> None:
        """Training paused or ended: fit both plots to their data again (0..1 when empty)."""
        fit_or_empty(self.count_plot, self._counts.size, log_y=True)
        fit_or_empty(self.bpt_plot, self._bpt.size)

    def add_merges(self, counts: Iterable[int], tokens: Iterable[int]) -> None:
        """Merges in rank order: their pair counts and the corpus length in tokens after each
        (``MergeEvent.count`` and ``MergeEvent.tokens``)."""
        counts = list(counts)
        if not counts:
            return
        self._counts.extend(counts)
        after = np.fromiter(tokens, dtype=np.float64)
        if after.size:
            self._tokens = int(after[-1])
            if self._total_bytes:
                self._bpt.extend(self._total_bytes / np.maximum(after, 1.0))
        self._stale = {"count", "bpt"}

    @property
    def tokens(self) -> int:
        """The corpus length in tokens after the merges seen so far."""
        return self._tokens

    def bytes_per_token(self) -> np.ndarray:
        return self._bpt.values.copy()

    def pair_counts(self) -> np.ndarray:
        return self._counts.values.copy()

    def redraw(self, which: str = "both", *, now: bool = False) -> None:
        """Give the curves their data (``which``: ``"count"``, ``"bpt"`` or ``"both"``).

        With ``now``, paint at once instead of at the next paint event. Redrawing one plot per
        call lets the owner spread the work over several event-loop turns.
        """
        counts = self._counts.values
        bpt = self._bpt.values
        fixed = not self.count_plot.getViewBox().autoRangeEnabled()[1]
        plots = []
        if which in ("count", "both"):
            if fixed and counts.size and not self._count_top_set:
                # log mode: the y range is in decades; counts never grow, so the first is the top
                self.count_plot.setYRange(0, np.log10(max(counts.max(), 10.0)), padding=0.05)
                self._count_top_set = True
            self.count_curve.setData(np.arange(counts.size, dtype=np.float64), np.maximum(counts, 1.0))
            self._stale.discard("count")
            plots.append(self.count_plot)
        if which in ("bpt", "both"):
            if fixed and bpt.size:
                top = float(bpt.max())
                if top > self._bpt_top:
                    self._bpt_top = max(top * 1.25, self._bpt_top * 1.5)
                    self.bpt_plot.setYRange(float(bpt[0]) * 0.95, self._bpt_top, padding=0)
            self.bpt_curve.setData(np.arange(bpt.size, dtype=np.float64), bpt)
            self._stale.discard("bpt")
            plots.append(self.bpt_plot)
        if now:
            for plot in plots:
                # subtle: the scene collects item changes in a queued call; deliver it now, then
                # paint every pending region of the window at once (not in a later turn).
                QCoreApplication.sendPostedEvents(plot.scene(), 0)
            paint_pending(self)

    @property
    def dirty(self) -> bool:
        """Data was added that a plot does not show yet."""
        return bool(self._stale)

    def stale(self) -> list[str]:
        return sorted(self._stale)


def paint_pending(widget: QWidget) -> None:
    """Paint every pending update of ``widget``'s window now, in this event-loop turn."""
    QCoreApplication.sendPostedEvents(widget.window(), QEvent.Type.UpdateRequest)
