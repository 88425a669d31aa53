"""The Sweep chart's legend names only what it draws: with a tokenizer that has no sweep (a
Unigram or WordPiece one: no curves), OpenAI's reference encodings were listed in the legend
with no symbol anywhere on the chart. Their symbols, when drawn, are tiktoken's counts."""

from __future__ import annotations

import pytest

from app.features.sweep.chart import SweepChart, text_colors
from app.features.sweep.heldout import HeldOutText
from app.features.sweep.job import SweepReference, sweep_curves
from bpe_engine import train_bpe

from ...conftest import data_text, tiktoken_encoding


def _legend(chart: SweepChart) -> list[str]:
    return [label.text for _sample, label in chart.legend.items]


def test_references_appear_in_the_legend_only_with_their_symbols(qtbot) -> None:
    enc = tiktoken_encoding("r50k_base")
    text = HeldOutText("English", data_text("english.txt")[:3000])
    count = len(enc.encode(text.text, allowed_special="all"))
    ref = SweepReference("r50k_base", enc.n_vocab, ((text.name, count),), ((text.name, text.size),))
    chart = SweepChart()
    qtbot.addWidget(chart.plot)
    colors = text_colors([text.name])
    chart.draw([], [ref], colors)  # no curve: the tokenizer has no sweep
    qtbot.waitUntil(lambda: not chart.drawing())  # (its items come one per turn)
    assert _legend(chart) == []
    tok = train_bpe(None, 300, [], text=data_text("english.txt"))
    curves = sweep_curves(tok, [text])
    chart.draw(curves, [ref], colors)
    qtbot.waitUntil(lambda: not chart.drawing())  # (its items come one per turn)
    assert [t for t in _legend(chart) if t.startswith("r50k_base")] == ["r50k_base (50,257)"]
    points = [item for item in chart.plot.getPlotItem().listDataItems() if item.opts["symbol"] is not None]
    xs, ys = points[0].getData()
    assert ys[0] == pytest.approx(text.size / count)


def _bottom_labels(chart: SweepChart) -> list[str]:
    axis = chart.plot.getAxis("bottom")
    low, high = axis.range
    labels: list[str] = []
    for spacing, values in axis.tickValues(low, high, 800):
        labels += [s for s in axis.tickStrings(values, 1, spacing) if s] if spacing else []
    return labels


def test_an_empty_chart_shows_vocabulary_sizes_a_tokenizer_may_have(qtbot) -> None:
    """Empty (no tokenizer with a sweep yet), the log axis was pyqtgraph's default 1 to 10:
    ticks 2…9, sizes no vocabulary has (a vocabulary has at least its 256 bytes)."""
    chart = SweepChart()
    qtbot.addWidget(chart.plot)
    chart.plot.resize(800, 400)
    for _ in range(2):  # when built, and when drawn with nothing
        labels = _bottom_labels(chart)
        assert labels and "1k" in labels and "10k" in labels and "100k" in labels, labels
        assert all(label.endswith("k") or int(label) >= 256 for label in labels), labels
        chart.draw([], [], {})
        qtbot.waitUntil(lambda: not chart.drawing())  # (its items come one per turn)
    tok = train_bpe(None, 300, [], text=data_text("english.txt"))
    text = HeldOutText("English", data_text("english.txt")[:3000])
    chart.draw(sweep_curves(tok, [text]), [], text_colors([text.name]))
    qtbot.waitUntil(lambda: not chart.drawing())  # (its items come one per turn)
    chart.plot.getViewBox().updateAutoRange()
    assert chart.plot.getAxis("bottom").range[1] < 3  # fitted to the curve again (up to 300 tokens)
