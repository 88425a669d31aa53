"""The translation machinery: the catalog finds every marked string, the .ts/.qm files that
Qt's own lrelease and QTranslator read are complete and current, and switching the language
re-applies bound texts without a restart."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QLocale, QTranslator
from PySide6.QtWidgets import QLabel, QPushButton

from app.core import i18n
from app.core.i18n import catalog

PROBE = """
from app.core.i18n import bind, noop, tr
from app.core import i18n
NAMES = [noop("Characters"), noop("UTF-8 bytes")]
def f(label, n):
    bind(label, "setText", "Train")
    bind(label, "setToolTip", "{n} merges so far", n=n)
    i18n.tr("Vocabulary")
    return tr("{n} tokens").format(n=n), tr(NAMES[0]), str("not marked")
"""


def test_catalog_extracts_every_marked_string_and_nothing_else(tmp_path: Path) -> None:
    (tmp_path / "probe.py").write_text(PROBE, encoding="utf-8")
    found = catalog.extract(tmp_path)
    assert sorted(found) == sorted(
        ["Characters", "UTF-8 bytes", "Train", "{n} merges so far", "Vocabulary", "{n} tokens"]
    )


def test_ts_files_round_trip_and_compile_with_qt_lrelease(tmp_path: Path) -> None:
    (tmp_path / "probe.py").write_text(PROBE, encoding="utf-8")
    messages = catalog.extract(tmp_path)
    messages["Train"].translation = "训练"
    messages["{n} tokens"].translation = "{n} 个词元"
    ts, qm = tmp_path / "probe.ts", tmp_path / "probe.qm"
    catalog.write_ts(ts, "zh_CN", messages)
    assert catalog.read_ts(ts) == {"Train": "训练", "{n} tokens": "{n} 个词元"}
    catalog.compile_qm(ts, qm)
    translator = QTranslator()
    assert translator.load(str(qm))
    assert translator.translate(i18n.CONTEXT, "Train") == "训练"
    assert translator.translate(i18n.CONTEXT, "{n} tokens") == "{n} 个词元"
    assert translator.translate(i18n.CONTEXT, "Vocabulary") == ""  # unfinished: left out


def test_every_string_is_translated_and_the_files_are_current(capsys: pytest.CaptureFixture[str]) -> None:
    """Fails on any string of the app without Simplified Chinese, or a .ts/.qm not rebuilt
    (the message says which, and to run python -m app.core.i18n.catalog)."""
    status = catalog.main(["--check"])
    assert status == 0, capsys.readouterr().out


def test_switching_language_reapplies_bound_texts_and_notifies(qtbot, tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    messages = {
        "Train": catalog.Message("Train", translation="训练"),
        "{n} merges so far": catalog.Message("{n} merges so far", translation="已合并 {n} 次"),
    }
    ts = tmp_path / "bpe_explorer_zh_CN.ts"
    catalog.write_ts(ts, "zh_CN", messages)
    catalog.compile_qm(ts, ts.with_suffix(".qm"))
    monkeypatch.setattr(i18n, "_translations_dir", lambda: tmp_path)
    button = QPushButton()
    label = QLabel()
    qtbot.addWidget(button)
    qtbot.addWidget(label)
    i18n.bind(button, "setText", "Train")
    i18n.bind(label, "setToolTip", "{n} merges so far", n=12)
    seen: list[str] = []
    i18n.connect(seen.append)
    try:
        assert i18n.set_language("zh_CN")
        assert (button.text(), label.toolTip(), i18n.current_language()) == ("训练", "已合并 12 次", "zh_CN")
        assert i18n.set_language("en")
        assert (button.text(), label.toolTip()) == ("Train", "12 merges so far")
        assert seen == ["zh_CN", "en"]
        with pytest.raises(ValueError, match="zh_CN"):
            i18n.set_language("fr")
        monkeypatch.setattr(i18n, "_translations_dir", lambda: tmp_path / "missing")
        assert not i18n.set_language("zh_CN")  # a missing file changes nothing
        assert button.text() == "Train" and i18n.current_language() == "en"
    finally:
        i18n.disconnect(seen.append)
        i18n.set_language("en")


def test_bindings_of_deleted_widgets_are_dropped(qtbot) -> None:  # type: ignore[no-untyped-def]
    label = QLabel()
    i18n.bind(label, "setText", "Train")
    label.deleteLater()
    qtbot.wait(10)
    from PySide6.QtCore import QCoreApplication, QEvent

    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    assert i18n.set_language("en")  # no "already deleted" error from the dead label


@pytest.mark.parametrize(
    ("locale", "language"),
    [
        (QLocale(QLocale.Language.Chinese, QLocale.Country.China), "zh_CN"),
        (QLocale(QLocale.Language.Chinese, QLocale.Country.Taiwan), "zh_CN"),
        (QLocale(QLocale.Language.English, QLocale.Country.UnitedStates), "en"),
        (QLocale(QLocale.Language.German, QLocale.Country.Germany), "en"),
    ],
)
def test_the_system_locale_chooses_the_language(locale: QLocale, language: str) -> None:
    assert i18n.language_for_locale(locale) == language


def test_a_listener_whose_widget_was_deleted_is_skipped(qtbot) -> None:  # type: ignore[no-untyped-def]
    """A view's model connects to language changes; the view is closed and deleted (the
    model's C++ half with it): switching must neither crash nor call it."""
    import shiboken6
    from PySide6.QtCore import QObject, Slot
    from PySide6.QtWidgets import QWidget

    calls: list[str] = []

    class Model(QObject):
        @Slot(str)
        def on_language(self, language: str) -> None:
            calls.append(language)
            self.objectName()  # touches the C++ object

    parent = QWidget()
    model = Model(parent)
    kept = Model()
    i18n.connect(model.on_language)
    i18n.connect(kept.on_language)
    shiboken6.delete(parent)  # model's C++ object goes with its parent; the wrapper lingers
    assert not shiboken6.isValid(model)
    try:
        assert i18n.set_language("zh_CN")
        assert calls == ["zh_CN"]  # only the living one
    finally:
        i18n.set_language("en")


def test_a_failing_listener_does_not_stop_the_others(qtbot, caplog) -> None:  # type: ignore[no-untyped-def]
    """A bug in one view's language slot is logged; every other text and listener still
    switches (the status bar stayed English and the choice unsaved when one raised)."""
    label = QLabel()
    qtbot.addWidget(label)
    i18n.bind(label, "setText", "Train")
    seen: list[str] = []

    def broken(language: str) -> None:
        raise IndexError("list index out of range")

    i18n.connect(broken)
    i18n.connect(seen.append)
    try:
        with caplog.at_level("ERROR", logger="app.core.i18n"):
            assert i18n.set_language("zh_CN")
        assert seen == ["zh_CN"] and i18n.current_language() == "zh_CN"
        assert label.text() == "训练"  # bound texts switched too
        assert "IndexError" in caplog.text
    finally:
        i18n.disconnect(broken)
        i18n.disconnect(seen.append)
        i18n.set_language("en")


@pytest.mark.parametrize(
    ("source", "n"),
    [
        ("%n merge(s)", 1000),
        ("%n merge(s)", 99_743),
        ("after %n merge(s), 12 tokens", 1_234_567),
        ("%n token(s) of 1000.5 and 21000 and %n", 1000),  # (only the first, not in a longer number)
        ("v2.1000 then %n piece(s)", 1000),  # (a number after a dot is not the count)
        ("%n merge(s)", 999),
    ],
)
def test_counts_are_grouped_as_before_with_one_compiled_pattern(qapp, source: str, n: int) -> None:
    import re

    from app.display.format import format_count

    plain = source.replace("%n", str(n)).replace("(s)", "" if n == 1 else "s")
    # The rule it had (a pattern per number), as the reference: the first n not part of a number.
    expected = re.sub(rf"(?<![\d.]){n}(?![\d.])", format_count(n), plain, count=1) if abs(n) >= 1000 else plain
    re.purge()
    assert i18n.tr_n(source, n) == expected
    for k in range(1000, 1100):
        i18n.tr_n("%n merge(s)", k)
    assert len(re._cache) <= 2  # type: ignore[attr-defined]  # (no pattern compiled per number)


def test_qts_file_dialog_speaks_chinese_where_qts_own_catalog_stops(qtbot) -> None:  # type: ignore[no-untyped-def]
    """Qt's own ``qtbase_zh_CN.qm`` has "Look in:" but not the dialog's "&Look in:" (nor "Files
    of &type:"): the file dialog kept two English labels among Chinese ones."""
    from PySide6.QtWidgets import QFileDialog

    try:
        assert i18n.set_language("zh_CN")
        dialog = QFileDialog()
        dialog.setOption(QFileDialog.Option.DontUseNativeDialog)
        qtbot.addWidget(dialog)
        labels = {label.text() for label in dialog.findChildren(QLabel)}
        assert {"查找范围(&L)：", "文件类型(&T)：", "文件名称(&N)："} <= labels
        assert not any(text.isascii() and text.strip() for text in labels)
    finally:
        i18n.set_language("en")


def test_an_ellipsis_is_the_same_in_chinese_as_in_english() -> None:
    """Buttons beside each other read "将表格导出为 CSV……" and "导出图表…": one mark, "…"
    as the English has, on every button and message."""
    doubled = [src for src, zh in catalog.read_ts(catalog.ts_path("zh_CN")).items() if "……" in zh]
    assert doubled == []
