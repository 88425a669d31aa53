"""The Compare tab (columns, summary table, boundary diff, corpus mode, vocabulary overlap) and
the Families tab in Simplified Chinese, switched while they run: after a real update (text
typed, a corpus run, a training run), no text on screen is an English string of the catalog
that has a translation, the texts composed from figures are said again in Chinese, and
switching back gives the very same English texts. Checked against the catalog (the .ts the
app compiles), not against a list written here."""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache

import pytest
from PySide6.QtCore import QAbstractItemModel, Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractSpinBox,
    QComboBox,
    QGroupBox,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QSpinBox,
    QTabWidget,
    QTextEdit,
    QWidget,
)

from app.core import i18n
from app.core.i18n import catalog
from app.features.compare.view import CompareView
from app.features.families.view import FamiliesView
from app.window.main_window import MainWindow
from bpe_engine import FAMILIES

from ..families_support import shown_families
from ..text_views_support import load, openai_tokenizers, trained, type_text  # noqa: F401

MY_FILES = {
    "app/features/compare/view.py",
    "app/features/families/view.py",
    "app/features/compare/column.py",
    "app/features/compare/columns_area.py",
    "app/features/compare/boundary_diff.py",
    "app/features/compare/summary_table.py",
    "app/features/compare/corpus_panel.py",
    "app/features/compare/overlap_panel.py",
    "app/features/compare/summary_model.py",
    "app/features/compare/overlap_model.py",
    "app/features/families/model.py",
    "app/features/compare/corpus_controller.py",
    "app/features/compare/overlap_controller.py",
    "app/features/families/controller.py",
    "app/features/compare/corpus_job.py",
    "app/features/families/job.py",
    "app/features/families/display.py",
    "app/features/families/content.py",
    "app/features/families/family.py",
    "app/features/families/text_panel.py",
    "app/features/families/lost.py",
    "app/features/families/chips_panel.py",
    "app/features/families/chip_tooltip.py",
    "app/features/families/training_panel.py",
    "app/features/families/training_status.py",
    "app/features/families/row_status.py",
    "app/features/families/training.py",
}
_FIELD = re.compile(r"\{[^{}]*\}")
_CJK = re.compile(r"[\u4e00-\u9fff]")


@cache
def translated() -> dict[str, str]:
    """English source -> Chinese, for every string of the code the .ts translates differently."""
    known = catalog.read_ts(catalog.ts_path("zh_CN"))
    return {s: known[s] for s in catalog.extract() if known.get(s) and known[s] != s}


@cache
def english_patterns() -> list[tuple[str, re.Pattern[str]]]:
    """A pattern per translated source matching the whole of a text composed from it (its
    ``{fields}`` filled with anything); sources of a few letters only match themselves."""
    out = []
    for source in translated():
        parts = _FIELD.split(source)
        if not re.search(r"[^\W\d_]{2}", "".join(parts)):
            continue  # no words of its own ('{name} ({size})'): nothing to be English
        out.append((source, re.compile("(?s)" + "(.*?)".join(re.escape(p) for p in parts))))
    return out


def english_left(text: str) -> list[str]:
    """The translated catalog sources that ``text`` (a whole text on screen) is in English."""
    if not text:
        return []
    lines = [text, *text.split("\n")]
    return [source for source, pattern in english_patterns() if any(pattern.fullmatch(t) for t in lines)]


def model_texts(model: QAbstractItemModel, where: str) -> Iterator[tuple[str, str]]:
    for section in range(model.columnCount()):
        for role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            yield f"{where} header {section}", str(model.headerData(section, Qt.Orientation.Horizontal, role) or "")
    for row in range(min(model.rowCount(), 50)):
        for column in range(model.columnCount()):
            index = model.index(row, column)
            for role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
                yield f"{where} cell {row},{column}", str(model.data(index, role) or "")


def _widgets(root: QWidget, path: str = "") -> Iterator[tuple[str, QWidget]]:
    """``root`` and its widgets in its own window (popups aside), each with a stable path."""
    yield path or type(root).__name__, root
    for k, child in enumerate(c for c in root.children() if isinstance(c, QWidget)):
        if child.window() is root.window():
            yield from _widgets(child, f"{path}/{k}:{type(child).__name__}")


def screen_texts(root: QWidget) -> dict[str, str]:
    """Every text a person can read in ``root``: labels, buttons, tooltips, titles, tabs, combo
    items, placeholders, spin box words, actions, table headers and cells (typed text aside)."""
    found: dict[str, str] = {}
    seen_models: set[int] = set()
    for where, w in _widgets(root):
        found[f"{where} tooltip"] = w.toolTip()
        if isinstance(w, QLabel):
            found[f"{where} text"] = w.text()
        if isinstance(w, QAbstractButton):
            found[f"{where} text"] = w.text()
        if isinstance(w, QGroupBox):
            found[f"{where} title"] = w.title()
        if isinstance(w, QTabWidget):
            for i in range(w.count()):
                found[f"{where} tab {i}"] = w.tabText(i)
                found[f"{where} tab tip {i}"] = w.tabToolTip(i)
        if isinstance(w, QComboBox):
            for i in range(w.count()):
                found[f"{where} item {i}"] = w.itemText(i)
                found[f"{where} item tip {i}"] = str(w.itemData(i, Qt.ItemDataRole.ToolTipRole) or "")
        if isinstance(w, QLineEdit) and not isinstance(w.parent(), (QComboBox, QAbstractSpinBox)):
            found[f"{where} placeholder"] = w.placeholderText()
        if isinstance(w, (QPlainTextEdit, QTextEdit)):
            found[f"{where} placeholder"] = w.placeholderText()
        if isinstance(w, QSpinBox):
            found[f"{where} special"] = w.specialValueText()
        for k, action in enumerate(w.actions()):
            found[f"{where} action {k}"] = action.text()
            found[f"{where} action tip {k}"] = action.toolTip()
        if isinstance(w, QAbstractItemView) and w.model() is not None and id(w.model()) not in seen_models:
            seen_models.add(id(w.model()))
            found.update(model_texts(w.model(), where))
    return {k: v for k, v in found.items() if v}


def assert_all_chinese(root: QWidget) -> dict[str, str]:
    texts = screen_texts(root)
    left = {where: (text, english_left(text)) for where, text in texts.items() if english_left(text)}
    assert not left, "English left after switching to Chinese:\n" + "\n".join(f"{k}: {v}" for k, v in left.items())
    return texts


def switch_and_back(qtbot, root: QWidget) -> dict[str, str]:  # type: ignore[no-untyped-def]
    """Switch to Chinese, check nothing is left in English, switch back and check the English
    texts are exactly those before; returns the Chinese texts."""
    english = screen_texts(root)
    assert i18n.set_language("zh_CN")
    qtbot.wait(10)
    chinese = assert_all_chinese(root)
    assert i18n.set_language("en")
    qtbot.wait(10)
    again = screen_texts(root)
    changed = {k: (english.get(k), again.get(k)) for k in set(english) | set(again) if english.get(k) != again.get(k)}
    assert not changed, f"not the same English after switching back: {changed}"
    return chinese


@pytest.fixture(autouse=True)
def english_at_the_end(qapp) -> Iterator[None]:  # type: ignore[no-untyped-def]
    """Whatever happens, the next test sees English (the other tests assert it)."""
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def test_the_catalog_translates_every_string_of_these_tabs() -> None:
    mine = [m for m in catalog.extract().values() if any(f in MY_FILES for f, _ in m.locations)]
    known = catalog.read_ts(catalog.ts_path("zh_CN"))
    assert len(mine) > 150
    assert not [m.source for m in mine if not known.get(m.source)]
    for m in mine:  # the same {fields} and tags, so that .format() and the markup still work
        tags = re.compile(r"\{[^{}]*\}|</?[a-z]+>|<UNK>|<0xNN>|<\|endoftext\|>")
        assert sorted(tags.findall(m.source)) == sorted(tags.findall(known[m.source])), m.source


# -- Compare ---------------------------------------------------------------------------------


@pytest.fixture
def compare(qtbot, registry, settings, openai_tokenizers, trained):  # noqa: F811
    load(qtbot, registry, "r50k_base", "cl100k_base", "o200k_base")
    registry.add(trained, "tiny (300)")
    v = CompareView(registry, settings)
    qtbot.addWidget(v)
    v.resize(1400, 900)
    v.show()
    qtbot.waitExposed(v)
    qtbot.waitUntil(v.is_settled, timeout=20_000)
    yield v
    v.shutdown()


def test_compare_switches_to_chinese_and_back_after_typing_and_a_corpus_run(qtbot, compare, tmp_path) -> None:
    v = compare
    v.editor.clear()
    type_text(qtbot, v.editor, "Hello 國語 tech")
    qtbot.waitUntil(v.is_settled, timeout=20_000)
    path = tmp_path / "corpus.txt"
    path.write_text("The tech team met at noon. 國語 Жизнь\n" * 200, encoding="utf-8")
    v.set_corpus_path(str(path))
    with qtbot.waitSignal(v.corpus.finished, timeout=60_000):
        v.run_corpus()
    assert "Done" in v.corpus_panel.status.text()
    v.lower_tabs.setCurrentWidget(v.overlap)
    qtbot.waitUntil(v.overlap.is_settled, timeout=60_000)
    english_diff = v.diff_label.text()

    chinese = switch_and_back(qtbot, v)
    # The composed texts were said again, in Chinese, from the same figures.
    zh = translated()
    assert i18n.set_language("zh_CN")
    assert v.corpus_panel.status.text().startswith(zh["Done: {mb} MB encoded by each tokenizer in {s} s in total."][:3])
    assert v.diff_label.text() != english_diff and _CJK.search(v.diff_label.text())
    for col in v.columns():
        assert zh["<b>%n</b> token(s) · {bytes} bytes/token · {chars} chars/token"].split("·")[0][-4:] in (
            col.counts_label.text()
        )
    model = v.summary
    headers = [model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())]
    assert headers[:2] == [zh["Tokenizer"], zh["Tokens"]]
    assert v.lower_tabs.tabText(1) == zh["Vocabulary overlap"]
    assert zh["Only in A"] in v.overlap.only_labels[0].text()
    assert _CJK.search(v.overlap.summary.text())
    assert v.overlap.tables[0].model().headerData(1, Qt.Orientation.Horizontal) == zh["Token"]
    assert any(_CJK.search(t) for t in chinese.values())
    # The figures stay: only the words change.
    assert [model.value(r, 5) for r in range(model.rowCount())] == [
        v.corpus.results[k].tokens if k in v.corpus.results else None for k in v.keys()
    ]


def test_compare_column_messages_and_statuses_follow_the_language(qtbot, compare) -> None:
    v = compare
    col = v.columns()[1]
    col.show_error("r50k_base", "no network here", lambda: None, lambda: None)
    v._update_summary()
    other = v.columns()[2]
    other.show_loading("o200k_base")
    assert "cannot be loaded" in col.message_text() and col.counts_label.text() == "unavailable"
    assert i18n.set_language("zh_CN")
    zh = translated()
    assert zh["unavailable"] == col.counts_label.text()
    assert "无法加载" in col.message_text() and "no network here" in col.message_text()
    assert zh["loading…"] == other.counts_label.text() and "o200k_base" in other.message_text()
    assert col.retry_button.text() == zh["Retry"]
    assert v.summary.data(v.summary.index(1, 1)) == zh["unavailable"]
    assert_all_chinese(v)
    assert i18n.set_language("en")
    assert "r50k_base cannot be loaded" in col.message_text() and col.counts_label.text() == "unavailable"
    assert other.counts_label.text() == "loading…"


# -- Families --------------------------------------------------------------------------------


@pytest.fixture
def families(qtbot, registry, settings):
    with shown_families(qtbot, registry, settings) as v:
        yield v


def test_families_switch_to_chinese_and_back_after_training_and_typing(qtbot, families) -> None:
    v = families
    v.editor.clear()
    type_text(qtbot, v.editor, "The cat 喝 ☕ dolphin")
    qtbot.waitUntil(v.is_settled, timeout=20_000)
    assert "Trained on" in v.train_status.text()
    english_tips = {f: [v.chip_tooltip(f, k) for k in range(v.chip_views[f].count())] for f in FAMILIES}

    switch_and_back(qtbot, v)
    zh = translated()
    assert i18n.set_language("zh_CN")
    assert v.train_status.text().startswith("已在") and zh["Built-in samples (English, Chinese, code)"] in (
        v.train_status.text()
    )
    for family in FAMILIES:
        label = v.row_labels[family].text()
        assert _CJK.search(label), label
        # Chip tooltips are composed when shown: each line in Chinese (or token text only).
        for k, english in enumerate(english_tips[family]):
            tip = v.chip_tooltip(family, k)
            assert tip != english and not any(english_left(line) for line in tip.split("\n")), tip
    assert v.family_name("words") == zh["Words + <UNK>"]
    assert v.text_combo.itemText(1) == zh["English with new words"]
    assert v.text_combo.itemData(1) == "The keeper's cat watched the harbour. A dolphin jumped over the telescope!"
    assert v.lost_label.text().startswith(zh["Decoding does not give the text back (highlighted above): {losses}."][:4])
    table = v.table
    assert table.headerData(0, Qt.Orientation.Horizontal) == zh["Family"]
    round_trip = table.data(table.index(FAMILIES.index("words"), table.columnCount() - 1))
    assert round_trip.startswith("✗ 丢失")
    # A training run in Chinese: its progress and result lines are Chinese too; corpus and
    # vocabulary still compare equal (the corpus's name is not part of what it is).
    corpus = v.corpus()
    assert v.models is not None and corpus == v.models.corpus
    with qtbot.waitSignal(v.trained, timeout=60_000):
        assert v.train()
        assert v.train_status.text().startswith("正在")
    qtbot.waitUntil(v.is_settled, timeout=20_000)
    assert_all_chinese(v)
    assert i18n.set_language("en")
    assert v.train_status.text().startswith("Trained on Built-in samples")
    assert v.table.headerData(0, Qt.Orientation.Horizontal) == "Family"


def test_families_messages_are_said_again_in_the_new_language(qtbot, families) -> None:
    v = families
    v.controller.family_failed.emit("char-bpe", "vocabulary too small")  # as a training run reports it
    assert "Char-level BPE could not be trained" in v.messages.text()
    assert i18n.set_language("zh_CN")
    assert v.messages.text().startswith(translated()["Char-level BPE"])
    assert "vocabulary too small" in v.messages.text()
    assert i18n.set_language("en")
    assert v.messages.text().startswith("Char-level BPE could not be trained")


# -- in the window ---------------------------------------------------------------------------


def test_both_tabs_fit_a_1024_pixel_screen_in_presentation_mode_in_chinese(qtbot, settings) -> None:
    w = MainWindow(settings)
    qtbot.addWidget(w)
    w.resize(1024, 700)
    w.show()
    qtbot.waitExposed(w)
    try:
        assert i18n.set_language("zh_CN")
        w.presentation.set_presenting(True)
        qtbot.waitUntil(lambda: not w.presentation.state_pending(), timeout=5_000)  # (panels, full screen)
        for view in (w.compare_view, w.families_view):
            w.tabs.setCurrentWidget(view)
            qtbot.wait(10)
            assert view.minimumSizeHint().width() <= 1024, type(view).__name__
        w.presentation.set_presenting(False)
    finally:
        i18n.set_language("en")
        w.families_view.shutdown(30_000)
        w.train_view.controller.shutdown(30_000)
        w.registry.wait(60_000)
