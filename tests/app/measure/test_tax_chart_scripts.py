"""The language-tax chart names every script group under its bars, and the Measure tab's
script names follow the language: at 1024 pixels only Latin and Cyrillic were named on the
x axis (pyqtgraph left out the names of smaller groups that would overlap), and in Chinese
the scripts stayed English (Latin, Cyrillic, Han)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from app.core import i18n
from app.features.measure.job import measure_tokenizer
from app.features.measure.tables import TaxModel
from app.features.measure.tax_chart import TaxChart, layout
from app.features.measure.texts import sample_texts, script_name
from bpe_engine import dominant_script, train_bpe

from ...conftest import data_text


@pytest.fixture(scope="module")
def measured():
    texts = sample_texts()
    tok = train_bpe(None, 300, [], text=data_text("english.txt"))
    return texts, measure_tokenizer("bpe", "bpe", tok, texts, parallel=True, health=False)


@pytest.fixture(params=["en", "zh_CN"])
def language(request):
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language("en")


def test_every_script_group_is_named_under_its_bars(qtbot, measured, language) -> None:
    texts, figures = measured
    chart = TaxChart()
    qtbot.addWidget(chart.plot)
    chart.plot.resize(700, 420)  # (the chart's width in a 1024-pixel window)
    chart.plot.show()
    chart.draw(texts, [figures])
    chart.plot.getViewBox().updateAutoRange()
    qtbot.wait(20)  # (the axis grows to its rows)
    chart.plot.grab()  # (drawn: the axis lays out its names as it paints)
    groups = layout(texts).groups
    assert len(groups) >= 20
    view = chart.plot.getViewBox()
    shown = {name: (rect, text) for rect, name, text in chart.axis.shown}
    assert set(shown) == {script_name(name) for name, _a, _b in groups}
    written = [text for _rect, text in shown.values()]
    assert len(set(written)) == len(written), written  # no two groups alike ("Han." for Han, Hangul)
    for name, (_rect, text) in shown.items():  # "Han." for Hangul beside "Han", "Tha." for Thaana beside "Thai"
        stem = text.rstrip(".")
        others = [other for other in shown if other != name]
        assert text == name or not any(other.startswith(stem) for other in others), (text, name)
    for name, first, last in groups:
        rect, text = shown[script_name(name)]
        assert text == script_name(name) or text.rstrip(".") and len(text) < len(script_name(name)), text
        centre = chart.axis.mapToScene(rect.center())
        x = view.mapSceneToView(centre).x()
        assert first - 1 <= x <= last + 1, (name, x, first, last)  # under its own group
    rects = [rect for rect, _text in shown.values()]
    for i, a in enumerate(rects):
        assert all(not a.intersects(b) for b in rects[i + 1 :]), a
        assert chart.axis.boundingRect().contains(a), (a, chart.axis.boundingRect())


def test_script_names_follow_the_language(qtbot, measured, language) -> None:
    texts, figures = measured
    model = TaxModel()
    model.show(texts, [figures])
    column = [model.data(model.index(row, 2)) for row in range(model.rowCount())]
    expected = {"en": ("Latin", "Cyrillic", "Han"), "zh_CN": ("拉丁字母", "西里尔字母", "汉字")}[language]
    assert all(name in column for name in expected), sorted(set(column))
    if language == "zh_CN":  # every script of the sample has a Chinese name
        assert all(not any("a" <= ch <= "z" for ch in name) for name in column), sorted(set(column))
    assert (
        script_name(dominant_script("こんにちは、世界の人々"))
        in (("Han+Kana", "Kana"), ("汉字+假名", "假名"))[language == "zh_CN"]
    )


def test_the_names_keep_their_room_when_the_font_grows(qtbot, measured, language) -> None:
    # Presentation mode (and zoom) set a larger tick font after the names were placed: the
    # axis kept the room of the old font, and at 1024x700 in Chinese the fourth row of names
    # was cut off by the table below (seen on a real window).
    from PySide6.QtGui import QFont

    texts, figures = measured
    chart = TaxChart()
    qtbot.addWidget(chart.plot)
    chart.plot.resize(700, 420)
    chart.plot.show()
    chart.draw(texts, [figures])
    big = QFont()
    big.setPointSizeF(QFont().pointSizeF() * 1.5)
    chart.axis.setStyle(tickFont=big)
    chart.plot.getViewBox().updateAutoRange()
    qtbot.wait(20)
    chart.plot.grab()
    rows = {rect.top() for rect, _name, _text in chart.axis.shown}
    assert len(rows) >= 2
    for rect, _name, _text in chart.axis.shown:
        assert chart.axis.boundingRect().contains(rect), (rect, chart.axis.boundingRect())
