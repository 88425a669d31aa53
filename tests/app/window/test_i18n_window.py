"""The main window in Simplified Chinese and back, without a restart: View > Language (one
checked language, remembered in the settings), the start language (the settings, else the
system locale), and every text of the window's own parts (tabs, menus, actions, status line,
F1 guide, tokenizer list, pickers, busy line, export and pattern dialogs) checked against the
catalog: after a switch nothing shows an English source that has a Chinese translation, also
among the texts composed from state; after switching back the English is there again."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QLocale, QSettings, Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QApplication,
    QComboBox,
    QGroupBox,
    QLabel,
    QLineEdit,
    QListWidget,
    QMenu,
    QPlainTextEdit,
    QTabWidget,
    QWidget,
)

from app.__main__ import apply_startup_language, startup_language
from app.core import i18n
from app.core.i18n import catalog
from app.core.settings import Settings
from app.widgets.tokenizer_picker import TokenizerPicker
from app.window.main_window import MainWindow
from app.window.pattern_dialog import PatternDialog
from bpe_engine import Tokenizer, train_bpe

TRAIN = ("low lower lowest newest widest Hello helo, the tech team tests the tech stack. 國語 Жизнь 🤚🏾\n") * 30
ENGLISH_TABS = [
    "Train",
    "Vocabulary",
    "Tokenize",
    "Compare",
    "Stream decode",
    "Timeline",
    "Sweep",
    "Families",
    "Measure",
]
ENGLISH_MENUS = ["&File", "&Training", "&View", "&Help"]
CJK = re.compile(r"[\u4e00-\u9fff]")


@pytest.fixture(autouse=True)
def english_after(qapp) -> Iterator[None]:
    """Every other test expects English: restore it whatever happens here."""
    yield
    i18n.set_language("en")


@pytest.fixture(scope="module")
def tok() -> Tokenizer:
    return train_bpe(None, 300, ["<|endoftext|>"], text=TRAIN)


# -- the catalog's English, to recognise it on screen ---------------------------------------------


def _translated_sources() -> tuple[set[str], list[re.Pattern[str]]]:
    """English sources that have a Chinese translation differing from them: fixed texts as
    they are, texts with {fields} as patterns (only those with words in their fixed part)."""
    known = catalog.read_ts(catalog.ts_path("zh_CN"))
    fixed: set[str] = set()
    patterns: list[re.Pattern[str]] = []
    for source, translation in known.items():
        if translation == source:
            continue
        if "{" not in source:
            fixed.add(source)
            continue
        parts = re.split(r"\{[a-z_]*\}", source)
        if not any(re.search(r"[A-Za-z]{2}", p) for p in parts):
            continue  # "{tip} ({shortcut})": nothing English to recognise
        patterns.append(re.compile("^" + "(.+?)".join(re.escape(p) for p in parts) + "$", re.S))
    return fixed, patterns


FIXED, PATTERNS = _translated_sources()


def is_catalog_english(text: str) -> bool:
    if not text:
        return False
    return text in FIXED or any(p.match(text) for p in PATTERNS)


def _model_headers(view: QAbstractItemView) -> Iterator[str]:
    model = view.model()
    if model is None:
        return
    for section in range(model.columnCount()):
        yield str(model.headerData(section, Qt.Orientation.Horizontal, Qt.ItemDataRole.DisplayRole) or "")


def visible_texts(root: QWidget, *, deep: bool = True) -> Iterator[tuple[str, str]]:
    """(where, text) for every text a person can read in ``root`` and (``deep``) its children."""
    widgets = [root] + (root.findChildren(QWidget) if deep else [])
    for w in widgets:
        name = type(w).__name__
        if w.isWindow():
            yield f"{name}.windowTitle", w.windowTitle()
        yield f"{name}.toolTip", w.toolTip()
        if isinstance(w, (QLabel, QAbstractButton)):
            yield f"{name}.text", w.text()
        if isinstance(w, QGroupBox):
            yield f"{name}.title", w.title()
        if isinstance(w, QTabWidget):
            for i in range(w.count()):
                yield f"{name}.tabText", w.tabText(i)
                yield f"{name}.tabToolTip", w.tabToolTip(i)
        if isinstance(w, QComboBox):
            yield f"{name}.placeholder", w.placeholderText()
            for i in range(w.count()):
                yield f"{name}.item", w.itemText(i)
                yield f"{name}.itemToolTip", str(w.itemData(i, Qt.ItemDataRole.ToolTipRole) or "")
        if isinstance(w, (QLineEdit, QPlainTextEdit)):
            yield f"{name}.placeholder", w.placeholderText()
        if isinstance(w, QListWidget):
            for i in range(w.count()):
                yield f"{name}.item", w.item(i).text()
        if isinstance(w, QAbstractItemView) and not isinstance(w, QListWidget):
            for header in _model_headers(w):
                yield f"{name}.header", header
        if isinstance(w, QMenu):
            yield f"{name}.title", w.title()
        for action in w.actions():
            yield f"{name}.action", action.text()
            yield f"{name}.actionToolTip", action.toolTip()
            yield f"{name}.actionStatusTip", action.statusTip()


def window_texts(window: MainWindow) -> Iterator[tuple[str, str]]:
    """The texts of the window's own parts (the views' insides belong to their own tests)."""
    yield "windowTitle", window.windowTitle()
    yield "status", window.statusBar().currentMessage()
    yield from visible_texts(window.tabs, deep=False)
    yield from _menu_texts(window.menuBar().actions())
    yield from visible_texts(window.file_busy)
    for picker in window.findChildren(TokenizerPicker):
        yield from visible_texts(picker, deep=False)
    for bar in (window.train_view.messages, window.vocab_view.messages):
        yield from visible_texts(bar)


def _menu_texts(actions: list) -> Iterator[tuple[str, str]]:
    """The texts of the menu bar's menus, their actions and submenus (View > Language)."""
    for action in actions:
        yield "action", action.text()
        yield "action statusTip", action.statusTip()
        yield "action toolTip", action.toolTip()
        if action.menu() is not None:
            yield "menu", action.menu().title()
            yield from _menu_texts(action.menu().actions())


def english_left(texts: Iterator[tuple[str, str]]) -> list[tuple[str, str]]:
    names = set(i18n.LANGUAGES.values())  # the language menu names each language in itself
    return [(where, text) for where, text in texts if text not in names and is_catalog_english(text)]


def chinese_in(texts: Iterator[tuple[str, str]]) -> list[tuple[str, str]]:
    """Chinese left on screen (the language menu names each language in itself: not counted)."""
    names = set(i18n.LANGUAGES.values())
    return [(where, text) for where, text in texts if CJK.search(text) and text not in names]


def switch(window: MainWindow, language: str) -> None:
    """Choose ``language`` in View > Language, as a person would, and let Qt deliver the
    language-change events (Qt's own standard buttons follow them)."""
    window.language_actions[language].trigger()
    QApplication.processEvents()


# -- settings and start ----------------------------------------------------------------------------


def test_the_language_setting_round_trips(tmp_path: Path) -> None:
    path = str(tmp_path / "s.ini")
    settings = Settings(QSettings(path, QSettings.Format.IniFormat))
    assert settings.language == ""  # follow the system
    settings.language = "zh_CN"
    del settings
    assert Settings(QSettings(path, QSettings.Format.IniFormat)).language == "zh_CN"


def test_the_start_language_is_the_saved_one_else_the_system_locale(qtbot, settings) -> None:
    chinese, us = QLocale(QLocale.Language.Chinese, QLocale.Country.China), QLocale("en_US")
    assert startup_language("", chinese) == "zh_CN"
    assert startup_language("", QLocale("zh_TW")) == "zh_CN"
    assert startup_language("", us) == "en"
    assert startup_language("en", chinese) == "en"  # chosen in View > Language: kept
    assert startup_language("zh_CN", us) == "zh_CN"
    assert startup_language("klingon", us) == "en"  # an unknown saved value is ignored

    # A zh_CN system, nothing chosen yet: the window is built in Chinese from its first text.
    assert apply_startup_language(settings, chinese) == ("zh_CN", True)
    w = MainWindow(settings)
    qtbot.addWidget(w)
    assert i18n.current_language() == "zh_CN"
    assert [w.tabs.tabText(i) for i in range(2)] == ["训练", "词表"]
    assert w.menuBar().actions()[0].text() == "文件(&F)"
    assert w.statusBar().currentMessage() == "就绪"
    assert w.language_actions["zh_CN"].isChecked() and not w.language_actions["en"].isChecked()
    assert not english_left(window_texts(w)), english_left(window_texts(w))
    w.close()


# -- View > Language -------------------------------------------------------------------------------


def test_the_language_menu_names_each_language_in_itself(window) -> None:
    view = next(a.menu() for a in window.menuBar().actions() if a.text() == "&View")
    assert window.language_menu.menuAction() in view.actions()
    assert [a.text() for a in window.language_menu.actions()] == ["English", "简体中文"]
    assert window.language_group.isExclusive()
    assert window.language_actions["en"].isChecked()
    switch(window, "zh_CN")
    assert i18n.current_language() == "zh_CN"
    assert window.language_menu.title() == "语言(&L)"
    assert [a.text() for a in window.language_menu.actions()] == ["English", "简体中文"]  # never translated
    assert [a.isChecked() for a in window.language_menu.actions()] == [False, True]


def test_the_whole_window_switches_to_chinese_and_back(qtbot, window, settings, tok) -> None:
    key = window.registry.add(tok, "tiny trained")  # a training's result, as the Train view adds it
    window.vocab_view.show_key(key)
    window.tabs.setCurrentWidget(window.vocab_view)
    window.guide_action.trigger()
    guide = window.help.guide
    assert guide is not None and "Shortcuts" in guide.text()
    # as wide as its page wants within the screen (it opened a column 144 pixels wide)
    room = window.screen().availableGeometry().width()
    assert guide.width() >= min(600, int(room * 0.9)), (guide.width(), room)
    window.list_action.trigger()
    listing = window.saving.list_dialog
    qtbot.waitUntil(listing.isVisible)
    window.export_action.trigger()
    export = window.saving.export_dialog
    qtbot.waitUntil(export.isVisible)
    english = sorted({t for t in window_texts(window) if t[0] != "status"})

    switch(window, "zh_CN")
    assert settings.language == "zh_CN"
    assert [window.tabs.tabText(i) for i in range(8)] == [
        "训练",
        "词表",
        "分词",
        "对比",
        "流式解码",
        "时间线",
        "扫描",
        "分词家族",
    ]
    assert [a.text() for a in window.menuBar().actions()] == ["文件(&F)", "训练(&T)", "视图(&V)", "帮助(&H)"]
    left = english_left(window_texts(window))
    assert not left, left
    # The guide, open, is written again; its shortcuts are filled in.
    assert "快捷键" in guide.text() and "F10" in guide.text() and "Ctrl+T" in guide.text()
    assert "{" not in guide.text() and guide.windowTitle() == "BPE Explorer 指南"
    # The tokenizer list: headers, kinds, buttons, title.
    for dialog in (listing, export):
        left = english_left(visible_texts(dialog))
        assert not left, left
    assert [listing.table.horizontalHeaderItem(i).text() for i in range(4)] == ["名称", "类型", "来源", "添加时间"]
    assert listing.table.item(0, 1).text() == "已训练"
    assert "词元" in export.intro.text()
    # A status line composed from state, redone in the new language.
    window.saving._on_exporter_exported("ours", ["/tmp/x.json"])
    switch(window, "en")
    assert window.statusBar().currentMessage() == "Exported /tmp/x.json"
    switch(window, "zh_CN")
    assert window.statusBar().currentMessage() == "已导出 /tmp/x.json"

    switch(window, "en")
    assert settings.language == "en"
    assert [window.tabs.tabText(i) for i in range(window.tabs.count())] == ENGLISH_TABS
    assert [a.text() for a in window.menuBar().actions()] == ENGLISH_MENUS
    assert "Shortcuts" in guide.text() and not CJK.search(guide.text())
    for texts in (window_texts(window), visible_texts(listing), visible_texts(export)):
        left = chinese_in(texts)
        assert not left, left
    again = sorted({t for t in window_texts(window) if t[0] != "status"})
    assert again == english, set(again) ^ set(english)  # the same English again
    assert listing.table.item(0, 1).text() == "trained"


def test_the_export_dialog_after_an_export_and_a_refusal(qtbot, window, tok, tmp_path) -> None:
    key = window.registry.add(tok, "tiny trained")
    window.vocab_view.show_key(key)
    window.tabs.setCurrentWidget(window.vocab_view)
    window.export_action.trigger()
    dialog = window.saving.export_dialog
    qtbot.waitUntil(dialog.isVisible)
    dialog.set_format("ours")
    dialog.set_path(str(tmp_path / "tiny.json"))
    with qtbot.waitSignal(dialog.exporter.busy_changed, timeout=60_000, check_params_cb=lambda busy: not busy):
        dialog.export_button.click()
    assert dialog.result_label.text().startswith("Exported:")
    dialog.set_path(str(tmp_path / "missing" / "tiny.json"))
    assert "does not exist" in dialog.problem.text()

    switch(window, "zh_CN")
    assert dialog.windowTitle() == "导出“tiny trained”"
    assert dialog.result_label.text().startswith("已导出：")
    assert "不存在" in dialog.problem.text()
    left = english_left(visible_texts(dialog))
    assert not left, left

    switch(window, "en")
    assert dialog.windowTitle() == "Export “tiny trained”"
    assert dialog.result_label.text().startswith("Exported:") and "does not exist" in dialog.problem.text()
    assert not chinese_in(visible_texts(dialog))


def test_the_pattern_dialog_in_chinese_and_back(qtbot, window, tmp_path) -> None:
    dialog = PatternDialog(str(tmp_path / "bare.tiktoken"), {"<|endoftext|>": 100257}, "bare.tiktoken.json", window)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.choose("custom")  # no regex yet: the problem says to write one
    assert "Write a regex" in dialog.regex_problem.text()
    dialog.specials.setText("<a>=1 <b>")
    assert "every special token an id" in dialog.specials_problem.text()

    switch(window, "zh_CN")
    assert dialog.windowTitle() == "bare.tiktoken 的预分词器"
    assert dialog.choices.item(dialog.choices.count() - 1).text() == "自定义正则表达式…"
    assert "正则表达式" in dialog.regex_problem.text() and "特殊词元" in dialog.specials_problem.text()
    assert "1 个特殊词元" in dialog.found_label.text()
    left = english_left(visible_texts(dialog))
    assert not left, left
    ok = dialog.buttons.button(dialog.buttons.StandardButton.Open)
    assert not ok.isEnabled()

    switch(window, "en")
    assert "Write a regex" in dialog.regex_problem.text() and "Found beside the file" in dialog.found_label.text()
    assert not chinese_in(visible_texts(dialog))


def test_messages_given_as_functions_follow_the_language(window, monkeypatch) -> None:
    monkeypatch.setattr(window.train_view, "open_tokenizer", lambda *args, **kwargs: False)  # a file job runs
    window.tabs.setCurrentWidget(window.vocab_view)
    window.open_tokenizer("/nonexistent/two.json")
    bar = window.vocab_view.messages
    assert "being read or written" in bar.text()
    switch(window, "zh_CN")
    assert bar.text() == "正在读取或写入一个分词器文件；完成后请再试一次。"
    assert bar.close_button.toolTip() == "关闭此消息"
    switch(window, "en")
    assert "being read or written" in bar.text() and bar.close_button.toolTip() == "Dismiss this message"


def test_a_missing_translation_file_says_so_and_keeps_english(qtbot, window, settings, monkeypatch, tmp_path) -> None:
    monkeypatch.setattr(i18n, "_translations_dir", lambda: tmp_path)  # no .qm there
    switch(window, "zh_CN")
    assert i18n.current_language() == "en" and settings.language == ""
    assert window.language_actions["en"].isChecked() and not window.language_actions["zh_CN"].isChecked()
    assert window.tabs.tabText(0) == "Train"
    bar = window.train_view.messages
    assert "简体中文 is not available" in bar.text() and "bpe_explorer_zh_CN.qm" in bar.text()
    assert "not available" in window.statusBar().currentMessage()


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_the_guide_names_the_families_tabs_newer_rows(language: str) -> None:
    """It said "five ways" (characters to byte-level BPE) after WordPiece and Unigram had
    joined the tab's rows; their names are the same in both languages."""
    from app.features.families.family import Family, family_name
    from app.window.help import guide_html

    i18n.set_language(language)
    try:
        guide = guide_html()
        assert family_name(Family.WORDPIECE) in guide and family_name(Family.UNIGRAM) in guide
        assert ("seven ways" if language == "en" else "七种方式") in guide
    finally:
        i18n.set_language("en")
