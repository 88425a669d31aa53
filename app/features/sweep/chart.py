"""The Sweep's chart: one line per held-out text (bytes per token at every vocabulary size,
log scale) and OpenAI's encodings as symbols at their own sizes, in the text's color.

Its own module because drawing (pyqtgraph items, legend, colors and symbols) is apart from
choosing what to measure; the view hands it the figures and which texts are shown.

A draw adds its items one per slice of the shared turn budget (:mod:`app.widgets.turn_budget`):
every pyqtgraph item is many calls into Python, and the curves of eight texts and four
references in one turn held the GUI thread ~100 ms (more while a training's job held the
interpreter lock, issue 20, point 5).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial

import numpy as np
import pyqtgraph as pg

from app.core.i18n import bind, tr
from app.display.format import format_count
from app.features.sweep.heldout import display_name
from app.features.sweep.job import SweepCurve, SweepReference
from app.widgets import turn_budget
from app.widgets.plots import LogSizeAxis, without_scene_export

__all__ = ["SweepChart", "LINE_COLORS", "SYMBOLS", "text_colors"]

#: One color per held-out text (in order), the curve and its reference points.
LINE_COLORS = ("#1565c0", "#c62828", "#2e7d32", "#6a1b9a", "#ef6c00", "#00838f", "#5d4037", "#ad1457")
#: The vocabulary sizes and bytes per token an empty chart shows: pyqtgraph's default (1 to 10
#: on the log axis) labelled vocabulary sizes no tokenizer has.
EMPTY_SIZES = (256, 200_000)
EMPTY_BYTES_PER_TOKEN = (0.0, 6.0)
#: One symbol per OpenAI encoding.
SYMBOLS = {"r50k_base": "t", "p50k_base": "s", "cl100k_base": "o", "o200k_base": "star"}


def text_colors(names: Sequence[str]) -> dict[str, str]:
    """The color of each text, by name, in the order of the list."""
    return {name: LINE_COLORS[i % len(LINE_COLORS)] for i, name in enumerate(names)}


class SweepChart:
    """The plot widget (``plot``) and its legend (see the module docstring)."""

    def __init__(self) -> None:
        self.plot = without_scene_export(pg.PlotWidget(background="w", axisItems={"bottom": LogSizeAxis("bottom")}))
        # the items still to add, one a slice (each given the chart: a cycle through this
        # queue would leave a closed view to the cyclic collector, see app.core.weakly)
        self._pending: deque[Callable[[SweepChart], None]] = deque()
        self.retranslate()
        self.plot.setLogMode(x=True, y=False)
        self._show_empty()
        self.plot.showGrid(x=True, y=True, alpha=0.25)
        self.plot.getPlotItem().setDownsampling(auto=True, mode="peak")
        self.plot.setMouseEnabled(x=False, y=False)
        self.plot.hideButtons()
        for axis in ("left", "bottom"):
            self.plot.getAxis(axis).setPen("#555")
            self.plot.getAxis(axis).setTextPen("#333")
        self.legend = self.plot.addLegend(offset=(10, 10), labelTextColor="#222", brush=pg.mkBrush(255, 255, 255, 220))
        bind(
            self.plot,
            "setToolTip",
            "Each line: one held-out text, its bytes per token with the first merges of the tokenizer at every "
            "vocabulary size. Symbols: OpenAI's encodings at their own sizes, in the text's color.",
        )

    def retranslate(self) -> None:
        # (pyqtgraph keeps no source text: its title and axis labels are written again, and
        # the next draw draws everything, the legend's names too)
        self._drawn: _Drawn | None = None
        self.plot.setTitle(tr("Bytes per token against vocabulary size"), color="#333")
        self.plot.setLabel("bottom", tr("vocabulary size (log scale)"))
        self.plot.setLabel("left", tr("bytes per token (held-out text)"))

    def draw(self, curves: Sequence[SweepCurve], references: Sequence[SweepReference], colors: dict[str, str]) -> None:
        """Draw ``curves`` (the shown texts') and each of ``references`` on their texts.

        When only references were added since the last draw, only their symbols are added:
        each reference arrives from its own job, and drawing everything again for each held
        the GUI thread ~100 ms (every pyqtgraph item is many calls into Python). The items
        are added in the coming turns of the event loop (:meth:`drawing`, :meth:`finish`).
        """
        drawn = self._drawn
        names = [c.name for c in curves]
        if drawn is not None and _same(drawn.curves, curves) and drawn.colors == colors:
            if _same(drawn.references, references[: len(drawn.references)]):
                for ref in references[len(drawn.references) :]:
                    self._pending.append(partial(SweepChart._draw_reference, ref=ref, names=names, colors=colors))
                self._drawn = _Drawn(tuple(curves), tuple(references), dict(colors))
                self._schedule()
                return
        self.plot.clear()
        self.legend.clear()
        self._pending.clear()
        for curve in curves:
            self._pending.append(partial(SweepChart._draw_curve, curve=curve, colors=colors))
        for ref in references:
            self._pending.append(partial(SweepChart._draw_reference, ref=ref, names=names, colors=colors))
        self._drawn = _Drawn(tuple(curves), tuple(references), dict(colors))
        self._schedule()

    def drawing(self) -> bool:
        """Whether items of the last draw are still to be added (in the coming turns)."""
        return bool(self._pending)

    def finish(self) -> None:
        """Add the items still to add now (before an export)."""
        while self._draw_slice():
            pass

    def _schedule(self) -> None:
        if self._pending:
            turn_budget.shared().add(self.plot, self._draw_slice)
        else:
            turn_budget.shared().remove(self.plot)
            self._fit()

    def _draw_slice(self) -> bool:
        """Add one item; True while items remain (then the range fits them all)."""
        if self._pending:
            self._pending.popleft()(self)
        if self._pending:
            return True
        self._fit()
        return False

    def _fit(self) -> None:
        if self.plot.getPlotItem().listDataItems():
            self.plot.enableAutoRange()
        else:
            self._show_empty()

    def _draw_curve(self, curve: SweepCurve, colors: dict[str, str]) -> None:
        item = self.plot.plot(
            curve.vocab_sizes().astype(np.float64),
            curve.bytes_per_token(),
            pen=pg.mkPen(colors.get(curve.name, "#333"), width=2),
            name=display_name(curve.name),
        )
        item.setZValue(1)

    def _show_empty(self) -> None:
        self.plot.disableAutoRange()
        self.plot.setXRange(*(float(np.log10(size)) for size in EMPTY_SIZES), padding=0.02)
        self.plot.setYRange(*EMPTY_BYTES_PER_TOKEN, padding=0.02)

    def _draw_reference(self, ref: SweepReference, names: Sequence[str], colors: dict[str, str]) -> None:
        """The symbols of ``ref`` at its vocabulary size, one per text in the text's color (one
        item), and its legend entry."""
        values = [(ref.bytes_per_token(name), name) for name in names]
        points = [(value, name) for value, name in values if value is not None]
        if not points:
            return  # no text shown (a Unigram tokenizer has no sweep): a legend without symbols misled
        self.plot.plot(
            [float(ref.vocab_size)] * len(points),
            [value for value, _ in points],
            pen=None,
            symbol=SYMBOLS[ref.key],
            symbolSize=13,
            symbolBrush=[pg.mkBrush(colors.get(name, "#333")) for _, name in points],
            symbolPen=pg.mkPen("#000", width=1),
        )
        sample = pg.PlotDataItem(
            [], [], pen=None, symbol=SYMBOLS[ref.key], symbolSize=11, symbolBrush="#9e9e9e", symbolPen="#000"
        )
        self.legend.addItem(sample, f"{ref.key} ({format_count(ref.vocab_size)})")


@dataclass(frozen=True)
class _Drawn:
    """What the chart shows: the figures drawn (by identity) and the texts' colors."""

    curves: tuple[SweepCurve, ...]
    references: tuple[SweepReference, ...]
    colors: dict[str, str]


def _same(a: Sequence[object], b: Sequence[object]) -> bool:
    return len(a) == len(b) and all(x is y for x, y in zip(a, b, strict=True))
