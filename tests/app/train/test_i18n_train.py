"""The Train tab in Simplified Chinese and back, without a restart: every text of the view
(labels, buttons, tabs, tooltips, form labels, combo items, table headers, plot titles, the
built-in samples) and every text composed from a run's figures (progress, time left, step
mode's merge and tie sentences, results, messages) follows a language switch, checked
against the catalog: no text on screen is an English source that has a translation."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pyqtgraph as pg
import pytest
from PySide6.QtCore import QEvent, QModelIndex, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QApplication,
    QComboBox,
    QGroupBox,
    QLabel,
    QLineEdit,
    QListWidget,
    QPlainTextEdit,
    QProgressBar,
    QTabWidget,
    QWidget,
)

from app.core import i18n
from app.core.i18n import catalog
from app.core.training.events import Failed, Finished, Paused
from app.features.train.status import time_left_text
from app.features.train.step_panel import explain_tie
from app.features.train.view import TrainView

from ..training_support import choose_sample, step_to, waiting_for

CJK = re.compile("[\u4e00-\u9fff]")


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    """Every other test expects English: restore it whatever happens here."""
    yield
    _to_en()


@pytest.fixture(scope="module")
def translated() -> dict[str, str]:
    """English source -> Chinese, for the strings of the code the .ts translates."""
    known = catalog.read_ts(catalog.ts_path("zh_CN"))
    in_code = catalog.extract()
    return {source: zh for source, zh in known.items() if source in in_code and zh != source}


@pytest.fixture
def view(qtbot, registry, settings):
    v = TrainView(registry, settings)
    qtbot.addWidget(v)
    v.resize(1200, 800)
    v.show()
    v.activateWindow()
    v.setFocus()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is v)
    yield v
    v.controller.shutdown(30_000)


def _to_zh() -> None:
    assert i18n.set_language("zh_CN"), "the compiled .qm is missing: run python -m app.core.i18n.catalog"
    _flush()


def _to_en() -> None:
    assert i18n.set_language("en")
    _flush()


def _flush() -> None:
    """Let the widgets replaced by a switch (a banner's buttons) go, as the event loop would."""
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


def shown_texts(root: QWidget) -> dict[str, str]:
    """Every text ``root`` and its children show or hold ready (tooltips, hidden labels), by where."""
    out: dict[str, str] = {}

    def put(where: str, text: object) -> None:
        if isinstance(text, str) and text.strip():
            out[where] = text

    for i, w in enumerate([root, *root.findChildren(QWidget)]):
        key = f"{i}:{type(w).__name__}:{w.objectName()}"
        put(f"{key}.toolTip", w.toolTip())
        if isinstance(w, QLabel | QAbstractButton):
            put(f"{key}.text", w.text())
        if isinstance(w, QGroupBox):
            put(f"{key}.title", w.title())
        if isinstance(w, QLineEdit | QPlainTextEdit):
            put(f"{key}.placeholder", w.placeholderText())
        if isinstance(w, QProgressBar):
            put(f"{key}.format", w.format())
        if isinstance(w, QTabWidget):
            for t in range(w.count()):
                put(f"{key}.tab{t}", w.tabText(t))
                put(f"{key}.tabtip{t}", w.tabToolTip(t))
        if isinstance(w, QComboBox):
            for t in range(w.count()):
                put(f"{key}.item{t}", w.itemText(t))
        if isinstance(w, QListWidget):
            for t in range(w.count()):
                put(f"{key}.item{t}", w.item(t).text())
                put(f"{key}.itemtip{t}", w.item(t).toolTip())
        if isinstance(w, QAbstractItemView) and not isinstance(w, QListWidget) and w.model() is not None:
            model = w.model()
            for c in range(model.columnCount(QModelIndex())):
                for role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
                    put(f"{key}.header{c}.{int(role)}", model.headerData(c, Qt.Orientation.Horizontal, role))
            for r in range(min(model.rowCount(QModelIndex()), 5)):
                for c in range(model.columnCount(QModelIndex())):
                    put(f"{key}.tip{r},{c}", model.index(r, c).data(Qt.ItemDataRole.ToolTipRole))
        if isinstance(w, pg.PlotWidget):
            item = w.getPlotItem()
            put(f"{key}.title", item.titleLabel.text)
            for side in ("left", "bottom"):
                put(f"{key}.{side}", item.getAxis(side).labelText)
        for a, action in enumerate(w.actions()):
            put(f"{key}.action{a}", action.text())
            put(f"{key}.actiontip{a}", action.toolTip())
    for a, action in enumerate(root.findChildren(QAction)):
        put(f"action{a}", action.text())
        put(f"actiontip{a}", action.toolTip())
    return out


def _template(source: str) -> re.Pattern[str] | None:
    """A pattern that finds ``source`` composed with any figures (None: too little fixed text
    to tell it from the engine's English reasons that a text may quote)."""
    parts = re.split(r"\{[a-z_]*\}", source)
    if sum(ch.isascii() and ch.isalpha() for ch in "".join(parts)) < 6:
        return None
    return re.compile(".*?".join(re.escape(p) for p in parts), re.DOTALL)


CJK_COLON = "："


def english_left(texts: dict[str, str], translated: dict[str, str]) -> list[str]:
    """The texts that are (or contain) an English source the catalog translates."""
    patterns = {s: _template(s) for s in translated if "{" in s}
    phrases = [s for s in translated if "{" not in s and len(s.split()) >= 3]
    bad = []
    for where, text in texts.items():
        if text in translated:
            bad.append(f"{where}: {text!r}")
            continue
        if CJK_COLON in text:  # a translated headline, then the engine's own detail (English by design)
            text = text.split(CJK_COLON, 1)[0]
        hit = next((s for s, p in patterns.items() if p is not None and p.search(text)), None)
        hit = hit or next((s for s in phrases if s in text), None)
        if hit is not None:
            bad.append(f"{where}: {text!r} (English {hit!r})")
    return bad


def assert_switches(view: QWidget, translated: dict[str, str]) -> dict[str, str]:
    """Switch to Chinese: nothing English is left; back to English: every text is as it was."""
    before = shown_texts(view)
    assert not english_left(before, {}), "sanity"
    _to_zh()
    zh = shown_texts(view)
    left = english_left(zh, translated)
    assert not left, "still English after the switch:\n" + "\n".join(left)
    _to_en()
    after = shown_texts(view)
    changed = {k: (before.get(k), after.get(k)) for k in set(before) | set(after) if before.get(k) != after.get(k)}
    assert not changed, f"English not restored: {changed}"
    return zh


def test_the_idle_view_switches_every_text_and_back(qtbot, view, translated) -> None:
    zh = assert_switches(view, translated)
    assert view.start_action.text() == "&Start"
    _to_zh()
    assert view.start_action.text() == "开始(&S)" and view.buttons["start"].text() == "开始"
    assert view.result_tabs.tabText(1) == "单步" and view.corpus.tabs.tabText(0) == "示例文本"
    assert "F5" in view.start_action.toolTip() and CJK.search(view.start_action.toolTip())
    assert view.merges_model.headerData(0, Qt.Orientation.Horizontal) == "合并序号"
    assert view.plots.count_plot.getPlotItem().titleLabel.text == "每次合并的相邻对计数（对数刻度）"
    assert view.progress_label.text().startswith("就绪")
    assert "大小：" in view.corpus.size_label.text()
    assert sum(1 for text in zh.values() if CJK.search(text)) > 80


def test_samples_follow_the_language_and_keep_the_selection(qtbot, view) -> None:
    panel = view.corpus
    panel.select_sample("hello_helo")
    sample = panel.current_sample()
    assert sample is not None and panel.sample_list.currentItem().text() == sample.title
    changed: list[int] = []
    panel.changed.connect(lambda: changed.append(1))
    _to_zh()
    assert panel.current_sample() is sample and panel.sample_list.currentItem().text() == sample.title_in("zh_CN")
    assert panel.sample_description.text() == sample.description_in("zh_CN") != sample.description
    assert all(
        panel.sample_list.item(r).text() == s.title_in("zh_CN") and CJK.search(s.title_in("zh_CN"))
        for r, s in enumerate(panel.samples)
    )
    assert not changed  # the corpus is the same: no suggestion banner is dropped
    assert panel.corpus().label == f"示例文本：{sample.title_in('zh_CN')}"
    _to_en()
    assert panel.sample_list.currentItem().text() == sample.title
    assert panel.sample_description.text() == sample.description


def test_settings_combos_problems_and_the_suggestion_banner_switch(qtbot, view, translated) -> None:
    panel = view.settings_panel
    view.corpus.select_sample("low_lower_widest_newest")  # suggests other settings: a banner with Apply / Keep mine
    assert view.messages.buttons() and "Apply them?" in view.messages.text()
    panel.vocab_size.setValue(10)
    assert "too small" in panel.vocab_problem.text() and not view.start_action.isEnabled()
    zh = assert_switches(view, translated)
    assert any("vocab_size 10 is too small" in t for t in zh.values())  # the engine's words, under a headline
    _to_zh()
    assert panel.vocab_problem.text().startswith("设置无效：vocab_size 10 is too small")
    assert view.start_action.toolTip().startswith("请先修正设置：vocab_size 10")
    assert panel.pretokenizer.itemText(0) == "gpt2: GPT-2 正则（tiktoken r50k/p50k）"
    assert panel.pretokenizer.itemData(0) == "gpt2" and panel.tie_break.itemData(0) == "greatest"
    assert [b.text() for b in view.messages.buttons()] == ["应用", "保留我的设置"]
    assert "要应用吗？" in view.messages.text() and "词表大小" in view.messages.text()
    _to_en()
    assert [b.text() for b in view.messages.buttons()] == ["Apply", "Keep mine"]
    panel.vocab_size.setValue(1000)
    assert panel.vocab_problem.isHidden() and view.start_action.isEnabled()


def test_step_mode_explains_merges_and_ties_in_chinese_while_paused(qtbot, view, translated) -> None:
    choose_sample(qtbot, view, "hello_helo")
    step_to(qtbot, view, 1)
    panel = view.step_panel
    merges, plotted = len(view.controller.merges), view.plots.pair_counts().tolist()
    english = panel.last_label.text()
    assert "Merge 1</b> (rank 0)" in english  # (the first merge, as the bar counts)
    zh = assert_switches(view, translated)
    _to_zh()
    assert "第 1 次合并</b>（合并序号 0）" in panel.last_label.text() and "并列" in panel.last_label.text()
    assert "下一次合并" in panel.next_label.text() and "预分词片段" in panel.pretokens_title.text()
    assert view.progress_label.text().startswith("已暂停：合并中：")
    assert CJK.search(view.vocab_label.text()) and "每词元字节数" in view.stats_label.text()
    assert panel.pairs_model.headerData(1, Qt.Orientation.Horizontal) == "左"
    assert panel.pairs_model.index(0, 0).data(Qt.ItemDataRole.ToolTipRole) == "下一次单步将合并这个相邻对"
    # The figures stay: only the words changed.
    assert len(view.controller.merges) == merges and view.plots.pair_counts().tolist() == plotted
    assert view.controller.state == "paused" and any(CJK.search(t) for t in zh.values())
    # A step taken in Chinese is explained in Chinese, and in English after switching back.
    with waiting_for(qtbot, view.controller, Paused, timeout=30_000):
        view.step_action.trigger()
    assert "第 2 次合并</b>（合并序号 1）" in panel.last_label.text()
    left = english_left(shown_texts(view), translated)
    assert not left, left
    _to_en()
    assert "Merge 2</b> (rank 1)" in panel.last_label.text() and view.progress_label.text().startswith(
        "Paused: Merging:"
    )


def test_a_finished_run_and_its_messages_switch(qtbot, view, translated, tmp_path) -> None:
    _to_zh()
    view.corpus.set_text("low lower lowest newer newest widest " * 30)
    with waiting_for(qtbot, view.controller, Finished, timeout=60_000):
        view.start_action.trigger()
    qtbot.wait(50)
    assert view.progress_label.text().startswith("完成：") and "用时" in view.progress_label.text()
    assert view.result_label.text().startswith("结果：<b>粘贴的文本 · ")
    assert view.progress.format().endswith("次合并")
    left = english_left(shown_texts(view), translated)
    assert not left, left
    bad = tmp_path / "binary.bin"
    bad.write_bytes(b"\x00\x01\x02" * 10)
    view.corpus.add_files([str(bad)])
    assert "二进制文件" in view.corpus.messages.text()
    assert view.save_tokenizer(tmp_path / "out.json")
    qtbot.waitUntil(lambda: "已将" in view.messages.text(), timeout=10_000)
    _to_en()
    assert view.progress_label.text().startswith("Done:") and " merges in " in view.progress_label.text()
    # the name the app made is said in the new language too, as the registry renames it
    assert (
        view.result_label.text().startswith("Result: <b>pasted text · ")
        and "It is now available" in view.result_label.text()
    )
    assert view.registry.entry(view.result_key).label in view.result_label.text()
    assert "looks like a binary file" in view.corpus.messages.text()
    assert view.messages.text().startswith("Saved ") and "out.json" in view.messages.text()
    assert_switches(view, translated)


def test_failures_and_time_left_have_a_chinese_headline_and_the_engines_detail(qtbot, view, tmp_path) -> None:
    _to_zh()
    broken = tmp_path / "mixed.txt"
    broken.write_bytes(b"fine text " * 10_000 + b"\xff\xfe bad" + b" more" * 10)
    view.corpus.add_files([str(broken)])
    with waiting_for(qtbot, view.controller, Failed, timeout=60_000):
        view.start_action.trigger()
    assert view.messages.text().startswith("训练失败：") and "mixed.txt" in view.messages.text()
    assert view.progress_label.text() == "训练失败；请看表格上方的消息。"
    assert view.result_label.text().startswith("没有新的分词器")
    _to_en()
    assert view.messages.text().startswith("Training failed: ") and "mixed.txt" in view.messages.text()
    assert view.result_label.text().startswith("No new tokenizer")
    assert time_left_text(None) == "estimating time left…" and time_left_text(12) == "about 12 s left"
    _to_zh()
    assert time_left_text(None) == "正在估算剩余时间…" and time_left_text(0.5) == "剩余不到一秒"
    tie = explain_tie((b"s", b"t"), (b"e", b"s"), "greatest", 9)
    assert tie.startswith("并列：(s, t) 和 (e, s) 都出现了 9 次。") and "'s' (0x73)" in tie


def test_every_string_of_the_train_tab_has_a_translation() -> None:
    files = (
        "app/features/train/view.py app/features/train/live.py app/features/train/results.py app/features/train/status.py "
        "app/features/train/settings_panel.py app/widgets/corpus_panel.py app/features/train/step_panel.py app/widgets/plots.py "
        "app/features/train/step_model.py app/features/train/merges_model.py app/core/training/controller.py app/core/training/worker.py "
        "app/content/presets.py app/content/samples.py"
    ).split()
    known = catalog.read_ts(catalog.ts_path("zh_CN"))
    ours = [m for m in catalog.extract().values() if any(f in files for f, _ in m.locations)]
    assert len(ours) > 200
    missing = [m.source for m in ours if not known.get(m.source)]
    assert not missing, missing
    placeholders = re.compile(r"\{[a-z_]*\}")
    for m in ours:
        zh = known[m.source]
        assert sorted(placeholders.findall(zh)) == sorted(placeholders.findall(m.source)), (m.source, zh)
        assert sorted(re.findall(r"</?[a-z]+>", zh)) == sorted(re.findall(r"</?[a-z]+>", m.source)), m.source
