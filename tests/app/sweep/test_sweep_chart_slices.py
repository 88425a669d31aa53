"""The Sweep chart adds its items in slices of the shared turn budget (issue 20, point 5):
opening the Sweep while a training ran held the GUI thread 110-125 ms, most of it drawing
every curve and reference (each pyqtgraph item is many calls into Python) in one turn of the
event loop. Here each turn of a scheduler whose clock moves only when a slice runs may run
one slice: every turn adds at most one item, and the chart ends as a whole draw would."""

from __future__ import annotations

from app.features.sweep import chart as chart_module
from app.features.sweep.chart import SweepChart, text_colors
from app.features.sweep.heldout import HeldOutText
from app.features.sweep.job import SweepReference, sweep_curves
from app.widgets import turn_budget
from bpe_engine import train_bpe

from ...conftest import data_text, tiktoken_encoding


def test_the_items_are_added_one_per_turn(qtbot, monkeypatch) -> None:
    now = [0.0]
    scheduler = turn_budget.TurnScheduler(clock=lambda: now[0])
    monkeypatch.setattr(turn_budget, "shared", lambda: scheduler)
    chart = SweepChart()
    qtbot.addWidget(chart.plot)
    slice_items: list[tuple[int, int]] = []  # items before and after each slice
    run = chart._draw_slice

    def one_slice() -> bool:
        before = len(chart.plot.getPlotItem().listDataItems())
        more = run()
        now[0] += 1.0  # a slice spends the whole budget of its turn
        slice_items.append((before, len(chart.plot.getPlotItem().listDataItems())))
        return more

    monkeypatch.setattr(chart, "_draw_slice", one_slice)
    assert chart_module.turn_budget is turn_budget
    tok = train_bpe(None, 300, [], text=data_text("english.txt"))
    texts = [HeldOutText(n, data_text(f"{n}.txt")[:3000]) for n in ("english", "chinese", "russian")]
    refs = []
    for key in ("r50k_base", "cl100k_base"):
        enc = tiktoken_encoding(key)
        counts = tuple((t.name, len(enc.encode(t.text, allowed_special="all"))) for t in texts)
        refs.append(SweepReference(key, enc.n_vocab, counts, tuple((t.name, t.size) for t in texts)))
    curves = sweep_curves(tok, texts)
    chart.draw(curves, refs, text_colors([t.name for t in texts]))
    assert chart.drawing() and chart.plot.getPlotItem().listDataItems() == []  # nothing in this turn
    qtbot.waitUntil(lambda: not chart.drawing(), timeout=10_000)
    assert len(slice_items) == len(curves) + len(refs)
    assert all(after - before == 1 for before, after in slice_items)  # one item a turn
    items = chart.plot.getPlotItem().listDataItems()
    assert len(items) == len(curves) + len(refs)
    assert [label.text for _sample, label in chart.legend.items][-2:] == ["r50k_base (50,257)", "cl100k_base (100,277)"]
    # A reference more: only its item is added, in a turn of its own.
    enc = tiktoken_encoding("o200k_base")
    counts = tuple((t.name, len(enc.encode(t.text, allowed_special="all"))) for t in texts)
    more = SweepReference("o200k_base", enc.n_vocab, counts, tuple((t.name, t.size) for t in texts))
    slice_items.clear()
    chart.draw(curves, [*refs, more], text_colors([t.name for t in texts]))
    qtbot.waitUntil(lambda: not chart.drawing(), timeout=10_000)
    assert slice_items == [(len(items), len(items) + 1)]
    # An export adds what is left at once.
    chart.draw(curves[:1], refs, text_colors([t.name for t in texts]))
    chart.finish()
    assert not chart.drawing() and len(chart.plot.getPlotItem().listDataItems()) == 1 + len(refs)
