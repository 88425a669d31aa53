"""The Train tab's plot titles fit their plots: at 1024x700 the plots stand side by side, each
narrower than its title, and "Pair count per merge (log scale)" was cut at both ends. A
title too wide is set a little smaller (or, much too wide, on two lines), in English and in
Chinese."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QFontDatabase

from app.core import i18n
from app.core.i18n import catalog
from app.widgets.plots import TrainingPlots, set_fitted_title


@pytest.fixture
def chinese_files(qapp, monkeypatch):
    monkeypatch.setattr(i18n, "_translations_dir", lambda: catalog.TS_DIR)
    yield
    i18n.set_language("en")


def _fits(plot) -> bool:
    """The plot (axis, title and all) fits its view: a wider title widened it past the view's
    right edge, which cut the title."""
    item = plot.getPlotItem()
    return (
        item.geometry().width() <= plot.width() + 0.5 and item.titleLabel.item.boundingRect().width() <= item.vb.width()
    )


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_titles_fit_side_by_side_plots(qtbot, chinese_files, language) -> None:
    if language == "zh_CN" and not QFontDatabase.families(QFontDatabase.WritingSystem.SimplifiedChinese):
        # (Qt draws boxes, narrower than the glyphs: the title is no wider than its plot)
        pytest.skip("needs a font with Chinese glyphs (fonts-noto-cjk, fonts-wqy-microhei...)")
    assert i18n.set_language(language)
    plots = TrainingPlots()
    qtbot.addWidget(plots)
    plots.resize(570, 140)  # side by side (too short to stack), each narrower than its title
    plots.show()
    qtbot.waitExposed(plots)
    qtbot.wait(50)
    for plot in (plots.count_plot, plots.bpt_plot):
        assert plot.width() < 290
        assert _fits(plot), plot.getPlotItem().titleLabel.text
    # a little smaller, on one line: two lines cut the axis labels at the bottom of short plots
    expected = "Pair count per merge (log scale)" if language == "en" else "每次合并的相邻对计数（对数刻度）"
    label = plots.count_plot.getPlotItem().titleLabel
    assert label.text == expected and float(label.opts["size"].removesuffix("pt")) < 11
    for plot in (plots.count_plot, plots.bpt_plot):
        assert plot.getPlotItem().geometry().height() <= plot.height() + 0.5
    plots.resize(490, 140)  # narrower still: two lines, and still inside the plot
    qtbot.wait(50)
    assert "<br>" in label.text and all(_fits(p) for p in (plots.count_plot, plots.bpt_plot))
    plots.resize(1400, 600)  # room again: one line
    qtbot.wait(50)
    assert "<br>" not in label.text and label.opts["size"] == "11pt"
    assert all(_fits(p) for p in (plots.count_plot, plots.bpt_plot))


def test_titles_fit_in_the_window_at_1024_by_700(qtbot, window) -> None:
    """In the real window (its zoom sets the titles' size after they were fitted) at 1024x700."""
    window.resize(1024, 700)
    window.tabs.setCurrentWidget(window.train_view)
    qtbot.wait(200)
    plots = window.train_view.plots
    for plot in (plots.count_plot, plots.bpt_plot):
        assert plot.isVisible() and _fits(plot), plot.getPlotItem().titleLabel.text


@pytest.mark.parametrize("change", [40, -10])
def test_titles_fitted_again_when_the_left_axis_changes_width(qtbot, change) -> None:
    # The fit on the plot's resize used the left axis' width of that moment; the axis settles
    # its width after (its ticks follow the new height: 52.6 px, then 37.9), and the title
    # stayed fitted to the old room: two lines where one smaller fitted (DejaVu Sans).
    plots = TrainingPlots()
    qtbot.addWidget(plots)
    plots.resize(570, 140)
    plots.show()
    qtbot.waitExposed(plots)
    qtbot.wait(50)
    plot = plots.count_plot
    axis = plot.getAxis("left")
    axis.setWidth(axis.width() + change)  # (longer or shorter tick labels)
    qtbot.waitUntil(lambda: _fits(plot), timeout=2_000)
    label = plot.getPlotItem().titleLabel
    shown = (label.text, label.opts["size"])
    set_fitted_title(plot, "Pair count per merge (log scale)")  # a fit for the room it has now
    assert shown == (label.text, label.opts["size"])


@pytest.mark.parametrize("language", ["en", "zh_CN"])
@pytest.mark.parametrize("size", [(1024, 700), (1600, 1000)])
def test_side_by_side_titles_share_one_size_on_one_line(qtbot, window, chinese_files, language, size) -> None:
    """Fitted one by one, the pair-count title went on two lines beside a one-line neighbour
    (English) or was shrunk smaller than its neighbour (Chinese): the two share one size."""
    assert i18n.set_language(language)
    window.resize(*size)
    qtbot.waitUntil(lambda: (window.width(), window.height()) == size, timeout=5_000)
    window.tabs.setCurrentWidget(window.train_view)
    qtbot.wait(200)
    plots = window.train_view.plots
    labels = [plot.getPlotItem().titleLabel for plot in (plots.count_plot, plots.bpt_plot)]
    assert all("<br>" not in label.text for label in labels), [label.text for label in labels]
    assert labels[0].opts["size"] == labels[1].opts["size"], [label.opts["size"] for label in labels]
    assert all(_fits(plot) for plot in (plots.count_plot, plots.bpt_plot))
