"""Tokenize, Vocabulary and Stream decode switch between English and Simplified Chinese while
they run: after a real update (text typed, a token selected, a piece explained, a tokenizer
browsed, tokens streamed) no text of theirs stays English in Chinese (checked against the
catalog and against the English they showed), and switching back gives the same English."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from PySide6.QtCore import QAbstractItemModel, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QComboBox,
    QGroupBox,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QTextEdit,
    QTreeWidget,
    QWidget,
)

from app.core import i18n
from app.core.i18n import catalog
from app.display.format import format_bytes, format_duration
from app.display.token_data import token_detail, token_table
from app.features.stream.log_model import StepRecord, StreamLogModel
from app.features.stream.view import StreamView
from app.features.tokenize.view import TokenizeView
from app.features.vocabulary.model import VocabModel
from app.features.vocabulary.view import VocabView
from app.widgets.message_bar import MessageBar
from app.widgets.tokenizer_picker import TokenizerPicker
from bpe_engine import SpecialMode

from ..text_views_support import load, openai_tokenizers, trained  # noqa: F401

#: English sources of the catalog -> their Chinese (only those whose Chinese differs).
TRANSLATED = {s: t for s, t in catalog.read_ts(catalog.ts_path("zh_CN")).items() if s != t}
_WORD = re.compile(r"[A-Za-z]{2}")
_TAG = re.compile(r"<[^>]*>|&[a-z]+;")


@pytest.fixture
def chinese() -> Iterator[None]:
    """Switch to Chinese inside the test; English again afterwards whatever happens."""
    try:
        yield
    finally:
        i18n.set_language("en")


def _owned_elsewhere(widget: QWidget) -> bool:
    """Widgets whose texts other parts of the app write (the tokenizer picker's names, the
    message bar's buttons): left out of the "did it change" comparison."""
    w: QWidget | None = widget
    while w is not None:
        if isinstance(w, (TokenizerPicker, MessageBar)):
            return True
        w = w.parentWidget()
    return False


def _model_texts(model: QAbstractItemModel, key: str, cells: bool) -> list[tuple[str, str]]:
    out = []
    for c in range(model.columnCount()):
        for role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            value = model.headerData(c, Qt.Orientation.Horizontal, role)
            if value:
                out.append((f"{key}.header{c}.{int(role)}", str(value)))
        if cells:
            for r in range(model.rowCount()):
                value = model.index(r, c).data()
                if isinstance(value, str) and value:
                    out.append((f"{key}.cell{r}.{c}", value))
    return out


def texts(view: QWidget) -> dict[str, tuple[str, bool]]:
    """Every text ``view`` shows: key -> (text, whether it is the view's own to translate)."""
    found: dict[str, tuple[str, bool]] = {}

    def add(key: str, text: str, own: bool) -> None:
        if text:
            found[key] = (text, own)

    for n, w in enumerate([view, *view.findChildren(QWidget)]):
        own = not _owned_elsewhere(w)
        key = f"{type(w).__name__}#{n}"
        add(f"{key}.tip", w.toolTip(), own)
        if isinstance(w, QLabel):
            add(f"{key}.text", w.text(), own)
        elif isinstance(w, QAbstractButton):
            add(f"{key}.text", w.text(), own)
        elif isinstance(w, QGroupBox):
            add(f"{key}.title", w.title(), own)
        elif isinstance(w, QComboBox):
            add(f"{key}.placeholder", w.placeholderText(), own)
            for i in range(w.count()):
                # the preset titles are the samples' own texts (translated where they are written)
                item_own = own and not (i > 0 and w is getattr(view, "preset_combo", None))
                add(f"{key}.item{i}", w.itemText(i), item_own)
                tip = w.itemData(i, Qt.ItemDataRole.ToolTipRole)
                if isinstance(tip, str):
                    add(f"{key}.itemtip{i}", tip, item_own)
        elif isinstance(w, (QLineEdit, QTextEdit, QPlainTextEdit)):
            add(f"{key}.placeholder", w.placeholderText(), own)
        if isinstance(w, QTreeWidget):
            header = w.headerItem()
            for c in range(header.columnCount()):
                add(f"{key}.header{c}", header.text(c), own)
        elif isinstance(w, QAbstractItemView) and w.model() is not None:
            for k, text in _model_texts(w.model(), key, cells=False):
                add(k, text, own)
        for a, action in enumerate(w.actions()):
            add(f"{key}.action{a}", action.text(), own)
    for a, action in enumerate(view.findChildren(QAction)):
        add(f"QAction#{a}", action.text(), True)
    return found


def _plain(text: str) -> str:
    return _TAG.sub("", text)


def assert_chinese(view: QWidget, english: dict[str, tuple[str, bool]]) -> dict[str, tuple[str, bool]]:
    """No text of ``view`` is an English source the catalog translates, and every text of its
    own that had English words in it (``english``) reads differently now."""
    now = texts(view)
    left = [text for text, _ in now.values() if text in TRANSLATED]
    assert not left, f"left in English: {left}"
    same = [
        text
        for key, (text, own) in english.items()
        if own and _WORD.search(_plain(text)) and now.get(key, ("", own))[0] == text
    ]
    assert not same, f"not translated after the switch: {same}"
    return now


def switch(qtbot, language: str) -> None:
    assert i18n.set_language(language)
    qtbot.wait(20)


# -- Tokenize -------------------------------------------------------------------------------


@pytest.fixture
def tokenize(qtbot, registry, settings, openai_tokenizers):  # noqa: F811
    load(qtbot, registry, "cl100k_base")
    v = TokenizeView(registry, settings)
    qtbot.addWidget(v)
    v.resize(1200, 900)
    v.show()
    qtbot.waitExposed(v)
    qtbot.waitUntil(v.is_settled, timeout=20_000)
    return v


def test_tokenize_view_switches_language_live(qtbot, tokenize, chinese) -> None:
    v = tokenize
    v.set_text("Hello 國語 tech")
    qtbot.waitUntil(lambda: v.is_settled() and not v.links.timer.isActive(), timeout=20_000)
    v.token_chips.select(1)  # a part of 國: the info line describes it
    v.piece_chips.select(2)  # " tech": Explain steps through it
    v.explain.set_piece(" tech")
    # (cl100k opens without its merges: Explain and the info line wait for a job to make them)
    qtbot.waitUntil(lambda: v.explain.steps != [] and "merge rank" in v.info_label.text(), timeout=60_000)
    v.explain.set_page(1)
    english = texts(v)
    verdicts = [row[2] for row in v.explain.candidate_rows()]
    assert "Characters: <b>13</b>" in [t for t, _ in english.values()]

    switch(qtbot, "zh_CN")
    qtbot.waitUntil(v.is_settled, timeout=20_000)
    assert_chinese(v, english)
    assert v.count_labels["chars"].text() == "字符：<b>13</b>"
    assert v.count_labels["tokens"].text().startswith("词元：")
    assert "字节" in v.info_label.text() and "Token" not in v.info_label.text()
    assert v.explain.page == 1 and v.explain.title.text().startswith("片段")
    zh_verdicts = [row[2] for row in v.explain.candidate_rows()]
    assert zh_verdicts and not set(zh_verdicts) & set(verdicts)
    assert v.explain.page_label.text().startswith("第 2 步")
    assert v.mode_combo.itemText(0) == "识别（成为一个特殊词元）" and v.mode_combo.itemData(0) == SpecialMode.ALLOW
    assert v.preset_combo.itemText(0) == "选择预设…"
    assert "字节" in v.token_lines.describe(1)  # the chips' hover text
    assert i18n.tr(v.token_chips._placeholder) == "你的文本的词元显示在这里。"
    page = v.html_page()
    assert (
        page is not None and '<html lang="zh-CN">' in page and re.search(r"<h1>[^<]*cl100k_base[^<]* 的词元</h1>", page)
    )

    switch(qtbot, "en")
    qtbot.waitUntil(v.is_settled, timeout=20_000)
    assert texts(v) == english
    assert [row[2] for row in v.explain.candidate_rows()] == verdicts


def test_tokenize_refusal_and_pieces_title_follow_the_language(qtbot, tokenize, chinese) -> None:
    v = tokenize
    v.set_mode(SpecialMode.RAISE)
    v.set_text("a<|endoftext|>b")
    qtbot.waitUntil(lambda: v.is_settled() and v.messages.kind == "warning", timeout=20_000)
    english_banner = v.messages.text()
    assert "Refused" in english_banner
    switch(qtbot, "zh_CN")
    qtbot.waitUntil(lambda: v.is_settled() and "已拒绝" in v.messages.text(), timeout=20_000)
    assert v.messages.kind == "warning" and "Refused" not in v.messages.text()
    assert i18n.tr(v.token_chips._placeholder).startswith("没有词元")
    assert v.pieces_box.title().startswith("预分词")
    switch(qtbot, "en")
    qtbot.waitUntil(lambda: v.is_settled() and v.messages.text() == english_banner, timeout=20_000)


# -- Vocabulary -----------------------------------------------------------------------------


@pytest.fixture
def vocab(qtbot, registry, settings):
    v = VocabView(registry, settings)
    qtbot.addWidget(v)
    v.resize(1200, 700)
    v.show()
    return v


def test_vocabulary_view_switches_language_live(qtbot, vocab, registry, trained, chinese) -> None:  # noqa: F811
    v = vocab
    registry.add(trained, "tiny")
    merged = len(trained) - 2  # a token made by a merge
    while trained.merge_of(merged) is None:
        merged -= 1
    v.mode.setCurrentIndex(v.mode.findData("regex"))
    v.search.setText("(")
    assert not v.apply_search()  # the problem is shown inline
    assert v.select_token(merged)
    english = texts(v)
    problem = v.search_problem.text()
    header = v.model.headerData(0, Qt.Orientation.Horizontal)
    assert "invalid regex" in problem and header == "Id"

    switch(qtbot, "zh_CN")
    assert_chinese(v, english)
    assert v.search_problem.text().startswith("无效的 regex")
    assert v.status.text().endswith("预分词器 " + trained.pretokenizer.spec)
    assert "合并序号" in v.details.text()
    assert v.model.headerData(1, Qt.Orientation.Horizontal) == "词元"
    assert v.mode.itemText(v.mode.currentIndex()) == "正则" and v.mode.currentData() == "regex"
    tip = v.model.index(0, VocabModel.TOKEN).data(Qt.ItemDataRole.ToolTipRole)
    assert "字节" in tip
    assert v.tree.topLevelItem(0).toolTip(0).startswith("字节 ")

    switch(qtbot, "en")
    assert texts(v) == english
    assert v.search_problem.text() == problem and v.model.headerData(0, Qt.Orientation.Horizontal) == header


@pytest.mark.usefixtures("openai_encodings")
def test_vocabulary_loading_state_follows_the_language(qtbot, vocab, registry, chinese) -> None:
    v = vocab
    switch(qtbot, "zh_CN")
    v.show_key("r50k_base")
    assert v.status.text().startswith("正在加载 r50k_base") or v.model.tokenizer is not None
    qtbot.waitUntil(lambda: v.model.tokenizer is not None, timeout=60_000)
    assert "个词元" in v.status.text()
    switch(qtbot, "en")
    assert "tokens" in v.status.text() and "merges" in v.status.text()


# -- Stream decode --------------------------------------------------------------------------


@pytest.fixture
def stream(qtbot, registry, settings, openai_tokenizers):  # noqa: F811
    load(qtbot, registry, "cl100k_base")
    v = StreamView(registry, settings)
    qtbot.addWidget(v)
    v.resize(1200, 900)
    v.show()
    qtbot.waitExposed(v)
    qtbot.waitUntil(v.is_prepared)
    return v


def test_stream_view_switches_language_live(qtbot, stream, chinese) -> None:
    v = stream
    v.set_text("國")
    qtbot.waitUntil(lambda: v.is_prepared() and v.position == 0)
    assert v.step()  # e5 9c waits for one more byte
    english = texts(v)
    cells = _model_texts(v.log, "log", cells=True)
    assert "Lead byte" in v.lead_label.text() and "waits" in v.step_label.text()

    switch(qtbot, "zh_CN")
    assert_chinese(v, english)
    assert v.lead_label.text().startswith("首字节 e5 = 1110 0101：3 字节字符的首字节")
    assert "在等待" in v.step_label.text() and "还需要 1 个字节" in v.step_label.text()
    assert v.position_label.text() == "已送入 <b>1</b> / 2 个词元"
    assert v.play_button.text() == "▶ 播放" and v.speed_label.text() == "1 个词元/秒"
    zh_cells = dict(_model_texts(v.log, "log", cells=True))
    assert zh_cells["log.cell0.5"] == "（暂无）" and zh_cells["log.header0.0"] == "步"
    assert not [t for t in zh_cells.values() if t in TRANSLATED]
    assert v.step() and v.is_finished()
    assert "<b>完成。</b>解码器的输出与 decode(all ids) 相同" in v.step_label.text()
    assert "朴素输出中有 2 个 �" in v.step_label.text()

    switch(qtbot, "en")
    assert "<b>Done.</b> The decoder's output equals decode(all ids)" in v.step_label.text()
    v.reset()
    assert v.step()
    assert texts(v) == english
    assert _model_texts(v.log, "log", cells=True) == cells


def test_the_play_button_and_empty_queue_follow_the_language(qtbot, stream, chinese) -> None:
    v = stream
    v.reset()
    switch(qtbot, "zh_CN")
    assert v.queue._message == "队列为空。按“单步”或“播放”送入第一个词元。"
    v.play()
    assert v.play_button.text() == "⏸ 暂停"
    v.pause()
    switch(qtbot, "en")
    assert v.play_button.text() == "▶ Play" and v.queue._message.startswith("The queue is empty")


def test_log_model_headers_follow_the_language(qtmodeltester, chinese) -> None:
    model = StreamLogModel()
    model.append(StepRecord(1, 42, b"\xe5\x9c", b"\xe5\x9c", 1, "", "\ufffd"))
    announced: list[int] = []
    model.headerDataChanged.connect(lambda _o, _first, last: announced.append(last))
    assert i18n.set_language("zh_CN")
    assert announced == [model.columnCount() - 1]
    assert model.headerData(1, Qt.Orientation.Horizontal) == "词元 id"
    assert model.index(0, 5).data() == "（暂无）"
    qtmodeltester.check(model)
    assert i18n.set_language("en")
    assert model.headerData(1, Qt.Orientation.Horizontal) == "Token id"


# -- what every view writes with -------------------------------------------------------------


def test_token_details_sizes_and_durations_in_chinese(qapp, openai_tokenizers, chinese) -> None:  # noqa: F811
    tok = openai_tokenizers["cl100k_base"]
    table = token_table(tok, tok.encode("國 tech"), "國 tech")
    english = token_detail(tok, table, 0)
    assert i18n.set_language("zh_CN")
    detail = token_detail(tok, table, 0)
    assert detail.startswith("第 1 个词元（共 ") and "國" in detail and "U+570B" in detail
    assert not [line for line in detail.splitlines() if line in TRANSLATED]
    assert format_bytes(999) == "999 字节" and format_bytes(1536) == "1.5 KB"  # unit symbols stay
    assert format_duration(75) == "1 分 15 秒" and format_duration(3725) == "1 小时 02 分"
    assert i18n.set_language("en")
    assert token_detail(tok, table, 0) == english and format_duration(75) == "1 min 15 s"
