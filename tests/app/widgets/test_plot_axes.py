"""The plots' axes write what they mean (issue 20, point 6): a log axis labels 1, 10, 100, 1k…
(never "10, 10, 10"), merge axes have whole-number ticks only, and an empty plot or one of a
single point shows 0..1, not the width of the run before (-40 000 .. 40 000).

The labels are read as pyqtgraph draws them: every tick level's values and their strings.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from app.features.timeline.curve_plot import CurvePlot
from app.widgets.plots import TrainingPlots
from bpe_engine import CountingDone


def _labels(plot, side: str) -> tuple[tuple[float, float], list[tuple[float, str]]]:
    """The axis range and every (value, text) pair pyqtgraph would draw (empty texts left out)."""
    axis = plot.getAxis(side)
    lo, hi = axis.range
    size = axis.geometry().height() if side == "left" else axis.geometry().width()
    out = []
    for spacing, values in axis.tickValues(lo, hi, max(size, 100)):
        out += [(v, t) for v, t in zip(values, axis.tickStrings(values, axis.scale, spacing)) if t]
    return (lo, hi), out


def _check_log(labels: list[tuple[float, str]]) -> None:
    """Each text is the value it stands at: 10**v written short (1, 20, 500, 1k, 10k)."""
    texts = [t for _, t in labels]
    assert len(texts) == len(set(texts)), texts
    for v, t in labels:
        n = 10**v
        number = float(t[:-1]) * (1000 if t.endswith("k") else 1_000_000) if t[-1] in "kM" else float(t)
        assert math.isclose(number, n, rel_tol=0.05), (v, t)


def _check_merges(labels: list[tuple[float, str]]) -> None:
    for v, t in labels:
        assert v == round(v) and v >= 0, (v, t)


@pytest.fixture
def plots(qtbot):
    widget = TrainingPlots()
    qtbot.addWidget(widget)
    widget.resize(700, 500)
    widget.show()
    return widget


def test_log_counts_and_merge_ticks(plots, qtbot) -> None:
    counts = [9000, 800, 120, 60, 33, 20, 11, 9, 5, 3, 2, 2, 1]
    plots.set_counting(CountingDone(1000, 10, 200, 1000, 0, len(counts)))
    plots.add_merges(counts, range(990, 990 - len(counts), -1))
    plots.redraw(now=True)
    plots.finish()
    plots.grab()
    _, left = _labels(plots.count_plot, "left")
    _check_log(left)
    assert {"1", "10", "100", "1k"} <= {t for _, t in left}
    for plot in (plots.count_plot, plots.bpt_plot):
        _check_merges(_labels(plot, "bottom")[1])
    # Less than two decades: 2 and 5 times each power get labels, still each at its value.
    plots.reset()
    plots.set_counting(CountingDone(1000, 10, 200, 1000, 0, 4))
    plots.add_merges([60, 50, 20, 11], [990, 980, 970, 960])
    plots.redraw(now=True)
    plots.finish()
    plots.grab()
    _, left = _labels(plots.count_plot, "left")
    _check_log(left)
    assert len(left) >= 2
    _check_merges(_labels(plots.count_plot, "bottom")[1])


def test_empty_plots_show_zero_to_one(plots, qtbot) -> None:
    plots.set_counting(CountingDone(1000, 10, 200, 1000, 0, 80_000))
    plots.add_merges(np.arange(80_000, 0, -1), np.arange(999, 999 - 80_000, -1).clip(1))
    plots.redraw(now=True)
    plots.finish()
    plots.reset()
    plots.set_counting(CountingDone(1000, 10, 200, 1000, 0, 0))  # one point: merge 0
    plots.finish()
    plots.grab()
    for plot in (plots.count_plot, plots.bpt_plot):
        (lo, hi), labels = _labels(plot, "bottom")
        assert -0.1 <= lo and hi <= 1.1
        assert [t for _, t in labels] == ["0", "1"]


def test_timeline_curve_cleared_forgets_the_old_axis(qtbot) -> None:
    curve = CurvePlot()
    qtbot.addWidget(curve.plot)
    curve.plot.resize(600, 300)
    curve.plot.show()
    curve.show_curve(np.linspace(5000, 1000, 50_000), 100)
    curve.plot.grab()
    _check_merges(_labels(curve.plot, "bottom")[1])
    curve.clear()
    curve.plot.grab()
    (lo, hi), labels = _labels(curve.plot, "bottom")
    assert -0.1 <= lo and hi <= 1.1 and [t for _, t in labels] == ["0", "1"]
    curve.show_curve(np.array([12.0]), 0)  # a tokenizer of no merge: one point
    curve.plot.grab()
    assert [t for _, t in _labels(curve.plot, "bottom")[1]] == ["0", "1"]


def test_timeline_token_axis_has_whole_counts_written_apart(qtbot) -> None:
    """The Timeline's token axis counts tokens: an empty plot shows 0 and 1 (not 0.2 … 0.8
    tokens), and a long text's counts in a narrow band get a label each, at its value (not
    "12k, 12k, 12k")."""
    curve = CurvePlot()
    qtbot.addWidget(curve.plot)
    curve.plot.resize(600, 400)
    curve.plot.show()
    curve.clear()
    curve.plot.grab()
    assert [t for _, t in _labels(curve.plot, "left")[1]] == ["0", "1"]
    curve.show_curve(np.linspace(12_400, 12_000, 3000).round(), 100)
    # (the fit to the new curve comes with the next turns of the event loop)
    qtbot.waitUntil(lambda: curve.plot.getAxis("left").range[0] < 12_100 < 12_300 < curve.plot.getAxis("left").range[1])
    curve.plot.grab()
    _, left = _labels(curve.plot, "left")
    texts = [t for _, t in left]
    assert len(texts) >= 2 and len(texts) == len(set(texts)), texts
    for v, t in left:
        assert v == round(v) and float(t.replace(",", "").removesuffix("k")) * (1000 if t.endswith("k") else 1) == v
