"""In front of a class: zoom that every view follows, presentation mode (large fonts,
high-contrast chips, secondary panels hidden), and exports of any view (PNG, SVG) and of a
tokenized text (standalone HTML, everything escaped)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from html.parser import HTMLParser

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QFileDialog, QTableView, QWidget

from app.display import palette
from app.display.format import visible
from app.widgets.token_chips import ChipView
from app.widgets.zoom import plot_point_size
from app.window.main_window import MainWindow
from app.window.presentation import PRESENTATION_BOOST
from bpe_engine import train_bpe

from ...conftest import data_text

HOSTILE = "Say \"hi\" & <script>alert('x')</script> to 國語 🤚🏾 <b>bold</b>\n  indented"


@pytest.fixture(scope="module")
def tok():
    return train_bpe(None, 256 + 300 + 1, ["<|endoftext|>"], text=data_text("english.txt"))


@pytest.fixture
def window(window, tok):
    window.resize(1280, 820)
    window.key = window.registry.add(tok, "english · 300 merges")
    return window


def views(window: MainWindow) -> list[QWidget]:
    return [window.tabs.widget(i) for i in range(window.tabs.count())]


def font_sizes(view: QWidget) -> dict[int, tuple[QWidget, float]]:
    """Every widget of ``view`` (popups aside: their owner sets their font when they open)."""
    widgets = [view, *(w for w in view.findChildren(QWidget) if w.window() is view.window())]
    return {id(w): (w, w.font().pointSizeF()) for w in widgets}


def press(qtbot, window, key, modifier=Qt.KeyboardModifier.ControlModifier) -> None:
    window.activateWindow()
    qtbot.keyClick(window.tabs.currentWidget(), key, modifier)
    qtbot.waitUntil(lambda: not window.presentation.zoom_pending())  # (own fonts follow a zoom a turn later)


def test_zoom_reaches_every_view_and_is_remembered(qtbot, window, settings) -> None:
    before = {i: font_sizes(v) for i, v in enumerate(views(window))}
    chips = {id(c): c._chip_h for c in window.findChildren(ChipView)}
    rows = {id(t): t.verticalHeader().defaultSectionSize() for t in window.findChildren(QTableView)}
    plots = [window.train_view.plots.count_plot, window.timeline_view.plot, window.sweep_view.plot]
    ticks = [p.getPlotItem().getAxis("bottom").style["tickFont"] for p in plots]
    base = window.font().pointSizeF()

    press(qtbot, window, Qt.Key.Key_Equal)  # Ctrl+=
    assert window.presentation.zoom == pytest.approx(1.15) and settings.zoom == pytest.approx(1.15)
    for i, view in enumerate(views(window)):
        window.tabs.setCurrentWidget(view)  # a hidden tab follows the zoom when shown
        grown = [size * 1.15 == pytest.approx(w.font().pointSizeF()) for w, size in before[i].values()]
        assert all(grown), f"{window.tabs.tabText(i)}: a widget's font did not follow the zoom"
        assert view.font().pointSizeF() == pytest.approx(base * 1.15)
    # What is measured in pixels follows too: chips, table rows, the plots' labels.
    for c in window.findChildren(ChipView):
        if id(c) in chips:
            assert c._chip_h > chips[id(c)]
    for t in window.findChildren(QTableView):
        if id(t) in rows:
            assert t.verticalHeader().defaultSectionSize() > rows[id(t)]
    for plot, tick in zip(plots, ticks):
        assert plot_point_size(plot) == pytest.approx(base * 1.15)
        assert plot.getPlotItem().getAxis("bottom").style["tickFont"].pointSizeF() == pytest.approx(base * 1.15)
        assert tick is None or tick.pointSizeF() < base * 1.15
    explain = window.tokenize_view.explain.parts
    assert explain.height() == round(46 * 1.15)  # a fixed height grows with its chips

    press(qtbot, window, Qt.Key.Key_Equal)
    press(qtbot, window, Qt.Key.Key_Minus)  # Ctrl+-
    assert window.presentation.zoom == pytest.approx(1.15)
    press(qtbot, window, Qt.Key.Key_0)  # Ctrl+0
    assert window.presentation.zoom == 1.0 and settings.zoom == 1.0
    for i, view in enumerate(views(window)):
        window.tabs.setCurrentWidget(view)
        assert all(size == pytest.approx(w.font().pointSizeF()) for w, size in before[i].values())
    assert explain.height() == 46

    press(qtbot, window, Qt.Key.Key_Equal)
    press(qtbot, window, Qt.Key.Key_Equal)
    assert settings.zoom == pytest.approx(1.3)
    again = MainWindow(settings)  # the next session starts at the same zoom
    qtbot.addWidget(again)
    assert again.presentation.zoom == pytest.approx(1.3)
    assert again.tokenize_view.editor.font().pointSizeF() == pytest.approx(
        window.tokenize_view.editor.font().pointSizeF()
    )
    again.close()


def test_a_view_made_after_the_zoom_follows_it(qtbot, window) -> None:
    press(qtbot, window, Qt.Key.Key_Equal)
    compare = window.compare_view
    window.tabs.setCurrentWidget(compare)
    column = compare.add_column("cl100k_base")
    window.tabs.setCurrentWidget(window.train_view)
    window.tabs.setCurrentWidget(compare)  # a tab change applies the zoom to what is new
    assert column.chips.font().pointSizeF() == pytest.approx(window.font().pointSizeF())


def test_presentation_mode(qtbot, window) -> None:
    tokenize = window.tokenize_view
    window.tabs.setCurrentWidget(tokenize)
    tokenize.set_text("the lowest newest widest")
    qtbot.waitUntil(tokenize.is_settled, timeout=20_000)
    normal = tokenize.token_chips.font().pointSizeF()
    fills = [tokenize.token_chips.chip_fill(i).name() for i in range(tokenize.token_chips.count())]
    assert set(fills) <= set(palette.FILLS)

    press(qtbot, window, Qt.Key.Key_F11, Qt.KeyboardModifier.NoModifier)
    assert window.presentation.presenting and window.presentation.presentation_action.isChecked()
    qtbot.waitUntil(window.isFullScreen, timeout=5_000)
    assert not window.statusBar().isVisible()
    assert tokenize.token_chips.font().pointSizeF() == pytest.approx(normal * PRESENTATION_BOOST)
    # High-contrast chips, on screen: the pixels inside each chip are the high-contrast fills.
    view = tokenize.token_chips
    qtbot.waitUntil(lambda: view.painted_generation == view.generation, timeout=5_000)
    qtbot.wait(50)
    image = view.viewport().grab().toImage()
    seen = [
        image.pixelColor(int(view.chip_rect(i).left()) + 3, int(view.chip_rect(i).center().y())).name()
        for i in range(view.count())
    ]
    expected = [palette.HIGH_CONTRAST_FILLS[c] for c in view.chips().colors]
    assert seen == expected
    assert [view.chip_fill(i).name() for i in range(view.count())] == expected
    # Secondary panels fold away.
    assert not tokenize.pieces_box.isVisible() and not tokenize.legend.isVisible()
    window.tabs.setCurrentWidget(window.compare_view)
    assert not window.compare_view.lower_tabs.isVisible()
    window.tabs.setCurrentWidget(window.sweep_view)
    assert not window.sweep_view.side.isVisible()
    window.tabs.setCurrentWidget(window.timeline_view)
    assert not window.timeline_view.editor.isVisible()
    window.tabs.setCurrentWidget(window.train_view)
    assert not window.train_view.top_splitter.isVisible()

    press(qtbot, window, Qt.Key.Key_F11, Qt.KeyboardModifier.NoModifier)
    assert not window.presentation.presenting
    qtbot.waitUntil(lambda: not window.isFullScreen(), timeout=5_000)
    assert window.statusBar().isVisible()
    window.tabs.setCurrentWidget(tokenize)  # hidden tabs follow the zoom when shown
    assert tokenize.token_chips.font().pointSizeF() == pytest.approx(normal)
    assert tokenize.pieces_box.isVisible()
    assert [tokenize.token_chips.chip_fill(i).name() for i in range(view.count())] == fills
    # The top bar is one row again, its widgets side by side (leaving once took them out of
    # their layout, drawn on each other).
    bar = tokenize.top
    qtbot.wait(50)
    row = [bar.combo_labels[0], bar.picker, bar.combo_labels[1], bar.preset_combo]
    row += [bar.combo_labels[2], bar.mode_combo]
    assert all(bar._layout.indexOf(w) >= 0 for w in row)
    shown = [w.geometry() for w in row if w.isVisible()]
    assert len(shown) == len(row)
    assert all(a.center().x() < b.left() for a, b in zip(shown, shown[1:])), shown  # in order, not on each other
    assert len({g.center().y() for g in shown}) <= 2
    boxes = [tokenize.input_area.text_button, tokenize.input_area.chat_button, bar.additions_box, bar.whitespace_box]
    assert all(b.isVisible() for b in boxes)
    places = [b.mapTo(tokenize, b.rect().center()) for b in boxes]  # the check boxes on the Text/Chat row
    assert all(a.x() < b.x() for a, b in zip(places, places[1:])) and len({p.y() for p in places}) == 1, places


def _save_as(monkeypatch, path) -> list[str]:
    asked: list[str] = []

    def dialog(_parent, title, *_args, **_kwargs):
        asked.append(title)
        return str(path), ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(dialog))
    return asked


@pytest.mark.parametrize("presenting", [False, True])
def test_export_any_view_as_png(qtbot, window, tmp_path, monkeypatch, presenting) -> None:
    if presenting:
        window.presentation.set_presenting(True)
        qtbot.waitUntil(lambda: not window.presentation.state_pending(), timeout=5_000)  # (panels, full screen)
    for view in views(window):
        window.tabs.setCurrentWidget(view)
        path = tmp_path / f"{window.tabs.tabText(window.tabs.currentIndex())}.png"
        asked = _save_as(monkeypatch, path)
        size = view.size()
        with qtbot.waitSignal(window.presentation.exported, timeout=10_000):
            press(qtbot, window, Qt.Key.Key_P, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
        assert asked and "as PNG" in asked[0]
        image = QImage(str(path))
        scale = 2 if presenting else 1
        assert (image.width(), image.height()) == (size.width() * scale, size.height() * scale)
    window.presentation.set_presenting(False)


def test_export_a_view_as_svg_keeps_chips_as_text_and_shapes(qtbot, window, tmp_path, monkeypatch) -> None:
    tokenize = window.tokenize_view
    window.tabs.setCurrentWidget(tokenize)
    tokenize.set_text("the lowest newest widest")
    qtbot.waitUntil(tokenize.is_settled, timeout=20_000)
    path = tmp_path / "tokenize.svg"
    _save_as(monkeypatch, path)
    with qtbot.waitSignal(window.presentation.exported, timeout=10_000):
        press(qtbot, window, Qt.Key.Key_E, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    root = ET.parse(path).getroot()
    svg = "{http://www.w3.org/2000/svg}"
    texts = [t.text or "" for t in root.iter(f"{svg}text")]
    labels = tokenize.token_chips.chip_texts()
    assert all(label in texts for label in labels)  # every chip's label, as text
    assert root.find(f"{svg}title").text == "BPE Explorer: Tokenize"
    assert root.get("viewBox") == f"0 0 {tokenize.width()} {tokenize.height()}"
    # The chips' fills are shapes in the palette's colors, not pictures.
    fills = {c.lower() for c in re.findall(r'fill="(#[0-9a-fA-F]{6})"', path.read_text(encoding="utf-8"))}
    assert {tokenize.token_chips.chip_fill(i).name() for i in range(len(labels))} <= fills


class _Chips(HTMLParser):
    """The chips of an exported page: (title, classes, style, text)."""

    def __init__(self) -> None:
        super().__init__()
        self.chips: list[list[str]] = []
        self.scripts = 0
        self._depth = 0

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "script":
            self.scripts += 1
        if tag == "span" and "t" in (a.get("class") or "").split():
            self.chips.append([a.get("title", ""), a.get("class", ""), a.get("style", ""), ""])
            self._depth = 1
        elif tag == "span" and self._depth:
            self._depth += 1

    def handle_endtag(self, tag):
        if tag == "span" and self._depth:
            self._depth -= 1

    def handle_data(self, data):
        if self._depth:
            self.chips[-1][3] += data


def test_export_tokens_as_html_escapes_everything(qtbot, window, tmp_path, monkeypatch, tok) -> None:
    tokenize = window.tokenize_view
    window.tabs.setCurrentWidget(tokenize)
    tokenize.set_text(HOSTILE)
    qtbot.waitUntil(tokenize.is_settled, timeout=20_000)
    path = tmp_path / "tokens.html"
    asked = _save_as(monkeypatch, path)
    assert window.presentation.export_html_action.isEnabled()
    with qtbot.waitSignal(window.presentation.exported, timeout=10_000):
        press(qtbot, window, Qt.Key.Key_H, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert asked and "as HTML" in asked[0]
    page = path.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and "<style>" in page
    assert "<script" not in page and "&lt;" in page and "<b>" not in page  # tags stay text
    parser = _Chips()
    parser.feed(page)
    assert parser.scripts == 0
    table = tokenize.table()
    ids = tok.encode(HOSTILE, allowed_special="all")
    assert list(table.ids) == ids
    assert len(parser.chips) == len(ids)
    colors = palette.stable_colors(ids)
    for k, (title, classes, style, text) in enumerate(parser.chips):
        assert title.startswith(f"id {ids[k]} ·")  # the id on hover
        assert text == tokenize.token_chips.chip_text(k)  # the label as on screen, unescaped again
        if "special" not in classes:
            assert style == f"background:{palette.FILLS[colors[k]]}"
    shown = "".join(text for *_, text in parser.chips).replace("·", " ")
    assert "Say \"hi\" & <script>alert('x')</script> to " in shown and " <b>bold</b>⏎  indented" in shown


def test_the_timeline_exports_its_position_as_html(qtbot, window, tmp_path, monkeypatch) -> None:
    timeline = window.timeline_view
    window.tabs.setCurrentWidget(timeline)
    timeline.set_text(HOSTILE)
    timeline.set_merges(7)
    qtbot.waitUntil(timeline.is_settled, timeout=20_000)
    path = tmp_path / "timeline.html"
    _save_as(monkeypatch, path)
    with qtbot.waitSignal(window.presentation.exported, timeout=10_000):
        window.presentation.export_html_action.trigger()
    page = path.read_text(encoding="utf-8")
    assert "as of merge 7 of 300" in page and "<script" not in page
    parser = _Chips()
    parser.feed(page)
    assert [t.split(" ")[1] for t, *_ in parser.chips] == [str(i) for i in timeline.table().ids]


def test_views_without_tokens_have_no_html_export(qtbot, window) -> None:
    window.tabs.setCurrentWidget(window.sweep_view)
    assert not window.presentation.export_html_action.isEnabled()
    window.tabs.setCurrentWidget(window.tokenize_view)
    assert window.presentation.export_html_action.isEnabled()


def test_a_hostile_tokenizer_name_is_escaped_too(qtbot, window) -> None:
    window.registry.rename(window.key, '<img src=x onerror="alert(1)"> & co')
    tokenize = window.tokenize_view
    tokenize.set_text("hello")
    qtbot.waitUntil(tokenize.is_settled, timeout=20_000)
    page = window.presentation.html_page(tokenize)
    assert page is not None and "<img" not in page
    assert "&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; co" in page


def test_every_view_fits_a_1024_pixel_screen_in_presentation_mode(qtbot, window) -> None:
    window.presentation.set_presenting(True)
    qtbot.waitUntil(lambda: not window.presentation.state_pending(), timeout=5_000)  # (panels, full screen)
    for view in views(window):
        window.tabs.setCurrentWidget(view)
        qtbot.wait(10)
        assert view.minimumSizeHint().width() <= 1024, window.tabs.tabText(window.tabs.currentIndex())
    window.presentation.set_presenting(False)


def test_compare_with_columns_that_cannot_load_fits_a_1024_pixel_screen(qtbot, window) -> None:
    """Offline, OpenAI's three columns show why and their two buttons: side by side, the four
    columns wanted 1,147 pixels in presentation mode; the display boxes, a second row."""
    window.presentation.set_presenting(True)
    qtbot.waitUntil(lambda: not window.presentation.state_pending(), timeout=5_000)  # (panels, full screen)
    view = window.compare_view
    window.tabs.setCurrentWidget(view)
    for col in view.columns()[1:]:
        col.show_error(col.key(), "no network here", lambda: None, lambda: None)
    qtbot.wait(10)
    assert all(col.open_button.isVisibleTo(col) for col in view.columns()[1:])
    assert view.minimumSizeHint().width() <= 1024
    top = view.add_button.parentWidget()  # the boxes below the preset combo, and back
    assert view.whitespace_box.y() > view.preset_combo.y() + view.preset_combo.height() // 2
    window.presentation.set_presenting(False)
    qtbot.waitUntil(lambda: not window.presentation.state_pending(), timeout=5_000)
    qtbot.wait(10)
    assert abs(view.whitespace_box.y() - view.preset_combo.y()) < view.preset_combo.height() and top.isVisible()


def test_the_window_never_starts_larger_than_the_screen(qtbot, settings) -> None:
    w = MainWindow(settings)  # offscreen, the screen is 800 pixels square; a projector 1024x768
    qtbot.addWidget(w)
    room = w.screen().availableGeometry()
    assert w.width() <= room.width() and w.height() <= room.height()
