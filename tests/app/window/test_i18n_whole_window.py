"""The whole window in Simplified Chinese: after a real session (a training run, text in every
view), switching the language leaves no English text of the catalog anywhere on screen, in
any tab, menu, tooltip, table header or combo box; switching back restores the English.
Checked against the catalog itself (every translated source), not a hand-made list."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QAbstractItemModel, Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QComboBox,
    QGroupBox,
    QLabel,
    QLineEdit,
    QMenu,
    QPlainTextEdit,
    QTabWidget,
    QTextEdit,
    QWidget,
)

from app.core import i18n
from app.core.i18n import catalog
from app.core.training.events import Finished
from app.window.main_window import MainWindow

from ..training_support import choose_sample, waiting_for

TEXT = "the lowest newest widest 你好"


@pytest.fixture
def english_afterwards() -> Iterator[None]:
    yield
    i18n.set_language("en")


def _header_texts(model: QAbstractItemModel | None) -> Iterator[str]:
    if model is None:
        return
    try:
        count = model.columnCount()
    except TypeError:  # (a list model: one column, its count private in Qt)
        count = 1
    for section in range(count):
        for orientation in (Qt.Orientation.Horizontal,):
            value = model.headerData(section, orientation, Qt.ItemDataRole.DisplayRole)
            if isinstance(value, str):
                yield value
            tip = model.headerData(section, orientation, Qt.ItemDataRole.ToolTipRole)
            if isinstance(tip, str):
                yield tip


def shown_texts(window: MainWindow) -> Iterator[tuple[str, str]]:
    """(where, text) for every text a person can read in the window (not the text they typed)."""
    for w in window.findChildren(QWidget):
        name = f"{type(w).__name__} {w.objectName()}".strip()
        if w.toolTip():
            yield name + " tooltip", w.toolTip()
        if isinstance(w, QLabel):
            yield name, w.text()
        elif isinstance(w, QAbstractButton):
            yield name, w.text()
        elif isinstance(w, QGroupBox):
            yield name, w.title()
        elif isinstance(w, QTabWidget):
            for i in range(w.count()):
                yield name + " tab", w.tabText(i)
                yield name + " tab tooltip", w.tabToolTip(i)
        elif isinstance(w, QComboBox):
            for i in range(w.count()):
                yield name + " item", w.itemText(i)
        elif isinstance(w, QLineEdit | QPlainTextEdit | QTextEdit):
            yield name + " placeholder", w.placeholderText()
        elif isinstance(w, QAbstractItemView):
            yield from ((name + " header", t) for t in _header_texts(w.model()))
        elif isinstance(w, QMenu):
            yield name + " title", w.title()
    for action in window.findChildren(QMenu):
        for a in action.actions():
            yield "action", a.text()
            if a.toolTip() != a.text().replace("&", ""):
                yield "action tooltip", a.toolTip()


def english_left(window: MainWindow) -> list[str]:
    translated = {s: t for s, t in catalog.read_ts(catalog.ts_path("zh_CN")).items() if t != s}
    plain = {s.replace("&", ""): s for s in translated}
    left = []
    names = set(i18n.LANGUAGES.values())  # the language menu names each language in itself
    for where, text in shown_texts(window):
        if text in names:
            continue
        key = text if text in translated else plain.get(text.replace("&", ""))
        if text and key is not None:
            left.append(f"{where}: {text!r}")
    return sorted(set(left))


def test_nothing_of_the_catalog_stays_english_in_any_tab(qtbot, settings, english_afterwards) -> None:
    window = MainWindow(settings)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    train = window.train_view
    choose_sample(qtbot, train, "hello_helo")
    with waiting_for(qtbot, train.controller, Finished, timeout=60_000):
        train.start_action.trigger()
    for index in range(window.tabs.count()):
        window.tabs.setCurrentIndex(index)
        qtbot.wait(50)
    window.tokenize_view.set_text(TEXT)
    qtbot.waitUntil(window.tokenize_view.is_settled, timeout=20_000)

    assert len(english_left(window)) > 100  # (the check sees English where there is English)
    assert i18n.set_language("zh_CN")
    for index in range(window.tabs.count()):
        window.tabs.setCurrentIndex(index)
        qtbot.wait(50)
    assert english_left(window) == []
    assert window.tabs.tabText(0) == i18n.tr("Train") != "Train"

    assert i18n.set_language("en")
    assert window.tabs.tabText(0) == "Train"
    window.close()
