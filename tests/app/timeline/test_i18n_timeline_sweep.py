"""The Timeline, the Sweep and the "As of merge k" box in Simplified Chinese, switched live.

Every text these views show is read off the widgets (labels, buttons, tooltips, group boxes,
combo items, list items, table headers and cells, placeholders, the plots' titles, axis labels
and legends, the message bar) and checked against the translation catalog itself: after the
switch no text may still be an English source that the catalog translates (plain, or composed
from a template with its figures filled in), and switching back gives every English text as it
was, with the figures of a real position, a real sweep and a banner composed on the way.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QComboBox,
    QFileDialog,
    QGroupBox,
    QLabel,
    QLineEdit,
    QListWidget,
    QPlainTextEdit,
    QTabWidget,
    QTextEdit,
    QWidget,
)

from app.core import i18n
from app.core.i18n import catalog, tr
from app.core.timeline_position import TimelinePosition
from app.features.sweep.view import SweepView
from app.features.timeline.play_bar import SPEEDS
from app.features.timeline.view import TimelineView
from app.widgets.as_of import AsOfBox
from bpe_engine import Tokenizer, train_bpe

from ...conftest import data_text
from .test_timeline_view import SPECIALS, TEXT

MERGES = 400


@pytest.fixture(scope="module")
def tok() -> Tokenizer:
    return train_bpe(None, 256 + MERGES + 1, SPECIALS, text=data_text("english.txt"))


@pytest.fixture(scope="module")
def translations() -> dict[str, str]:
    """English source -> Simplified Chinese, as the compiled catalog has them."""
    return catalog.read_ts(catalog.ts_path("zh_CN"))


@pytest.fixture
def english_after():  # type: ignore[no-untyped-def]
    """Whatever a test does, the other tests see English again."""
    yield
    i18n.set_language("en")


def _words(text: str) -> int:
    return len(re.findall(r"[A-Za-z]{2,}", text))


def _template(source: str) -> re.Pattern[str]:
    parts = re.split(r"\{\w*\}", source)
    return re.compile("(?s)" + ".+?".join(re.escape(p) for p in parts))


def still_english(texts: list[str], translations: dict[str, str]) -> list[str]:
    """The texts that are an English source the catalog translates, or made from one."""
    plain = {s for s, zh in translations.items() if zh and zh != s and "{" not in s}
    templates = []
    for source, zh in translations.items():
        if not zh or "{" not in source:
            continue
        fixed = re.sub(r"\{\w*\}", "", source)
        if _words(fixed) >= 2:
            templates.append((_template(source), True))  # anywhere in the text (texts are nested)
        elif _words(fixed) == 1:
            templates.append((_template(source), False))  # the whole text
    found = []
    for text in texts:
        if text in plain:
            found.append(text)
        elif any(p.search(text) if anywhere else p.fullmatch(text) for p, anywhere in templates):
            found.append(text)
    return found


def _count(method) -> int:  # type: ignore[no-untyped-def]
    """A model's rows or columns (list models keep ``columnCount`` private: one column)."""
    for args in ((), (QModelIndex(),)):
        try:
            return int(method(*args))
        except TypeError:
            continue
    return 1


def shown_texts(root: QWidget) -> list[str]:
    """Every text a person can read in ``root`` (and its children), tooltips included."""
    out: list[str] = []
    widgets = [root, *root.findChildren(QWidget)]
    for w in widgets:
        out.append(w.toolTip())
        if isinstance(w, (QLabel, QAbstractButton)):
            out.append(w.text())
        if isinstance(w, QGroupBox):
            out.append(w.title())
        if isinstance(w, QTabWidget):
            out += [w.tabText(i) for i in range(w.count())] + [w.tabToolTip(i) for i in range(w.count())]
        if isinstance(w, QComboBox):
            for i in range(w.count()):
                out.append(w.itemText(i))
                out.append(str(w.itemData(i, Qt.ItemDataRole.ToolTipRole) or ""))
        if isinstance(w, (QLineEdit, QPlainTextEdit, QTextEdit)):
            out.append(w.placeholderText())
        if isinstance(w, QListWidget):
            for i in range(w.count()):
                out += [w.item(i).text(), w.item(i).toolTip()]
        if isinstance(w, QAbstractItemView) and w.model() is not None:
            model = w.model()
            for orientation, n in (
                (Qt.Orientation.Horizontal, _count(model.columnCount)),
                (Qt.Orientation.Vertical, _count(model.rowCount)),
            ):
                out += [str(model.headerData(i, orientation) or "") for i in range(n)]
            out += [
                str(model.data(model.index(r, c)) or "")
                for r in range(min(_count(model.rowCount), 50))
                for c in range(_count(model.columnCount))
            ]
        for action in w.actions():
            out += [action.text(), action.toolTip()]
    return [t for t in out if t]


def plot_texts(plot) -> list[str]:  # type: ignore[no-untyped-def]
    """A pyqtgraph plot's title, axis labels and legend entries."""
    item = plot.getPlotItem()
    out = [item.titleLabel.text, item.getAxis("bottom").labelText, item.getAxis("left").labelText]
    if item.legend is not None:
        out += [label.text for _sample, label in item.legend.items]
    return [t for t in out if t]


def check_switch(root: QWidget, plots: list, translations: dict[str, str], refresh=lambda: None) -> None:  # type: ignore[no-untyped-def,type-arg]
    """English now; all Chinese after the switch; the very same English after switching back."""
    before = shown_texts(root) + [t for p in plots for t in plot_texts(p)]
    assert still_english(before, translations)  # (the check sees English when there is some)
    assert i18n.set_language("zh_CN")
    refresh()
    chinese = shown_texts(root) + [t for p in plots for t in plot_texts(p)]
    left = still_english(chinese, translations)
    assert not left, f"still English after the switch: {left}"
    assert chinese != before
    assert i18n.set_language("en")
    refresh()
    after = shown_texts(root) + [t for p in plots for t in plot_texts(p)]
    assert after == before


# -- the Timeline -----------------------------------------------------------------------------


@pytest.fixture
def timeline(qtbot, registry, tok, english_after) -> Iterator[TimelineView]:  # type: ignore[no-untyped-def]
    v = TimelineView(registry)
    qtbot.addWidget(v)
    v.resize(1100, 700)
    v.show()
    qtbot.waitExposed(v)
    registry.add(tok, "tok-en-400")
    v.set_text(TEXT)
    qtbot.waitUntil(v.is_settled, timeout=20_000)
    yield v
    v.shutdown()


@pytest.mark.usefixtures("openai_encodings")
def test_the_timeline_switches_to_chinese_and_back(qtbot, timeline, translations) -> None:
    view = timeline
    view.set_merges(1)  # a merge is named, its tokens outlined
    qtbot.waitUntil(view.is_settled, timeout=20_000)
    qtbot.waitUntil(lambda: view.curve() is not None, timeout=20_000)
    english = (view.merge_label.text(), view.position_label.text(), view.counts_label.text())
    assert english[0].startswith("Merge 1:") and "Tokens: <b>" in english[2]
    check_switch(view, [view.plot], translations)
    assert (view.merge_label.text(), view.position_label.text(), view.counts_label.text()) == english

    assert i18n.set_language("zh_CN")
    # the composed lines, the speeds, the play button and the plot, in the glossary's words
    assert view.merge_label.text().startswith("第 1 次合并：")
    assert "每词元字节数" in view.counts_label.text() and "词元" in view.counts_label.text()
    assert "截至第 <b>1</b> 次合并" in view.position_label.text()
    assert [view.speed_combo.itemText(i) for i in range(len(SPEEDS))] == [tr(speed.label) for speed in SPEEDS]
    assert view.speed_combo.itemText(1) == "每秒 5 次合并" and view.speed_combo.itemData(1) == 5.0
    assert view.play_button.text() == "播放" and view.of_label.text() == f"次合并（共 {MERGES} 次）"
    view.play(speed_index=len(SPEEDS) - 2)
    assert view.play_button.text() == "暂停"
    view.stop()
    assert view.plot.getPlotItem().titleLabel.text == "k 次合并后的词元数"
    # a position reached in Chinese is composed in Chinese
    view.set_merges(0)
    qtbot.waitUntil(view.is_settled, timeout=20_000)
    assert view.merge_label.text() == "还没有合并：每个字节都是一个词元。"
    assert not still_english(shown_texts(view) + plot_texts(view.plot), translations)
    page = view.html_page()
    assert page is not None and "截至第 0 次合并" in page


@pytest.mark.usefixtures("openai_encodings")
def test_a_timeline_banner_is_made_again_in_the_new_language(qtbot, timeline, translations) -> None:
    view = timeline
    view._on_live_box_toggled(True)  # (what checking "Follow the training" says)
    assert view.messages.text().startswith("Following the training in progress")
    assert i18n.set_language("zh_CN")
    assert view.messages.text() == "正在跟随进行中的训练：显示它目前为止的合并，每秒更新一次。"
    assert not still_english(shown_texts(view), translations)
    assert i18n.set_language("en")
    assert view.messages.text().startswith("Following the training in progress")
    view._on_live_box_toggled(False)
    assert view.messages.text() == ""


# -- the "As of merge k" box ------------------------------------------------------------------


def test_the_as_of_box_switches_with_its_figures(qtbot, registry, tok, translations, english_after) -> None:
    key = registry.add(tok, "tok-en-400")
    position = TimelinePosition()
    box = AsOfBox(position, registry)
    box.set_keys([key])  # (a view showing the Timeline's tokenizer)
    qtbot.addWidget(box)
    check_switch(box, [], translations)  # no tokenizer yet: "As of merge k"
    position.set(key, 40, MERGES)
    assert box.text() == "As of merge 40"
    check_switch(box, [], translations)
    assert i18n.set_language("zh_CN")
    assert box.text() == "截至第 40 次合并" and "前 40 次" in box.toolTip()
    position.set(key, 41, MERGES)  # the slider moves while in Chinese
    assert box.text() == "截至第 41 次合并"


# -- the Sweep --------------------------------------------------------------------------------


@pytest.fixture
def sweep(qtbot, registry, tok, english_after) -> Iterator[SweepView]:  # type: ignore[no-untyped-def]
    v = SweepView(registry)
    qtbot.addWidget(v)
    for box in v.reference_boxes.values():
        box.setChecked(False)  # (loading OpenAI's encodings takes seconds; not what is tested here)
    v.resize(1200, 800)
    v.show()
    qtbot.waitExposed(v)
    registry.add(tok, "tok-en-400")
    qtbot.waitUntil(v.is_settled, timeout=30_000)
    yield v
    v.shutdown()


@pytest.mark.usefixtures("openai_encodings")
def test_the_sweep_switches_to_chinese_and_back(qtbot, sweep, translations, tmp_path, monkeypatch) -> None:
    view = sweep
    path = tmp_path / "notes.txt"
    path.write_text("Some notes of my own, held out.\n" * 20, encoding="utf-8")
    monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(lambda *_a, **_k: (str(path), "")))
    qtbot.mouseClick(view.add_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: len(view.curves()) == 4 and view.is_settled(), timeout=30_000)
    assert view.messages.text().startswith("Added notes.txt")
    headers = [view.table.horizontalHeaderItem(i).text() for i in range(view.table.columnCount())]
    assert headers[0] == "English: bytes/token"
    settled = lambda: qtbot.waitUntil(view.is_settled, timeout=10_000)  # noqa: E731 (the chart draws in turns)
    check_switch(view, [view.plot], translations, refresh=settled)

    assert i18n.set_language("zh_CN")
    settled()
    assert view.messages.text().startswith("已添加 notes.txt")
    headers = [view.table.horizontalHeaderItem(i).text() for i in range(view.table.columnCount())]
    assert headers == [
        "英文：每词元字节数",
        "中文：每词元字节数",
        "代码（Python）：每词元字节数",
        "notes.txt：每词元字节数",
    ]
    rows = [label for label, _ in view.table_rows()]
    assert rows[0] == "257（0 次合并）"
    legend = [label.text for _s, label in view.plot.getPlotItem().legend.items]
    assert legend == ["英文", "中文", "代码（Python）", "notes.txt"]
    items = [view.text_list.item(i).text() for i in range(view.text_list.count())]
    assert items[0].startswith("英文（") and items[3].startswith("notes.txt（")
    assert view.plot.getAxis("bottom").labelText == "词表大小（对数刻度）"
    assert view.about.text().startswith(f"{MERGES} 次合并：")
    # the texts keep their names underneath: what is hidden, measured and exported is unchanged
    assert view.shown_texts() == ["English", "Chinese", "Code (Python)", "notes.txt"]
    view.text_list.setCurrentRow(0)
    qtbot.mouseClick(view.remove_button, Qt.MouseButton.LeftButton)  # a built-in text stays, and says so
    assert view.messages.text() == "内置文本不能移除；取消勾选可隐藏其曲线。"
    assert not still_english(shown_texts(view) + plot_texts(view.plot), translations)


def test_a_file_the_sweep_refuses_is_explained_in_chinese(qtbot, sweep, tmp_path, english_after) -> None:
    assert i18n.set_language("zh_CN")
    bad = tmp_path / "latin1.txt"
    bad.write_bytes("café".encode("latin-1"))
    sweep.add_text_file(str(bad))
    qtbot.waitUntil(lambda: sweep.messages.kind == "error", timeout=30_000)
    assert sweep.messages.text().startswith("latin1.txt 不是 UTF-8 文本：第 3 个字节（0xe9）无法解码")


# -- presentation mode ------------------------------------------------------------------------


def test_in_chinese_both_views_fit_a_1024_pixel_screen_in_presentation_mode(
    qtbot, settings, tok, english_after
) -> None:  # type: ignore[no-untyped-def]
    from app.window.main_window import MainWindow

    w = MainWindow(settings)
    qtbot.addWidget(w)
    w.resize(1280, 820)
    w.show()
    qtbot.waitExposed(w)
    w.registry.add(tok, "tok-en-400")
    try:
        w.presentation.set_presenting(True)
        qtbot.waitUntil(lambda: not w.presentation.state_pending(), timeout=5_000)  # (panels, full screen)
        assert i18n.set_language("zh_CN")  # switched while presenting
        for view in (w.timeline_view, w.sweep_view):
            w.tabs.setCurrentWidget(view)
            qtbot.wait(10)
            assert view.minimumSizeHint().width() <= 1024
            plot = view.plot.getPlotItem()
            assert "pt" in str(plot.getAxis("bottom").labelStyle)  # the zoomed size survives the switch
        assert i18n.set_language("en")
        assert w.timeline_view.plot.getPlotItem().titleLabel.text == "Tokens after k merges"
        assert "pt" in str(w.timeline_view.plot.getPlotItem().getAxis("bottom").labelStyle)
        w.presentation.set_presenting(False)
    finally:
        w.train_view.controller.shutdown(30_000)
        w.registry.wait(60_000)
