"""Issue 20 F: a zoom re-applies fonts to the current tab only; the other tabs follow when
shown (Qt sent a font change to the ~1 000 widgets of all the tabs: 150-230 ms of CPU)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import QApplication, QWidget

from app.widgets import zoom
from app.window.presentation import PRESENTATION_BOOST


class FontChanges(QObject):
    """The widgets that receive a font change while installed on the application."""

    def __init__(self) -> None:
        super().__init__()
        self.widgets: list[QWidget] = []

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        if event.type() == QEvent.Type.FontChange and isinstance(watched, QWidget):
            self.widgets.append(watched)
        return False


def pages(window) -> list[QWidget]:
    return [window.tabs.widget(i) for i in range(window.tabs.count())]


def under(widget: QWidget, page: QWidget) -> bool:
    return widget is page or page.isAncestorOf(widget)


def zoom_and_record(window, action) -> list[QWidget]:
    changes = FontChanges()
    app = QApplication.instance()
    app.installEventFilter(changes)
    try:
        action()
    finally:
        app.removeEventFilter(changes)
    return changes.widgets


@pytest.mark.parametrize("step", ["zoom_in", "zoom_out", "presenting"])
def test_a_zoom_changes_fonts_in_the_current_tab_only(qtbot, window, step) -> None:
    window.tabs.setCurrentWidget(window.compare_view)
    current = window.tabs.currentWidget()
    sizes = {id(w): (w, w.font().pointSizeF()) for p in pages(window) for w in [p, *p.findChildren(QWidget)]}
    base = window.font().pointSizeF()
    actions = {
        "zoom_in": window.presentation.zoom_in,
        "zoom_out": window.presentation.zoom_out,
        "presenting": lambda: window.presentation.set_presenting(True),
    }
    changed = zoom_and_record(window, actions[step])
    factor = window.presentation.factor()
    assert factor != 1.0 and window.font().pointSizeF() == pytest.approx(base * factor)

    assert any(under(w, current) for w in changed), "the current tab did not follow the zoom"
    hidden = [p for p in pages(window) if p is not current]
    # (the tab itself may get one: it keeps the font it has)
    reached = [p for p in hidden if any(w is not p and under(w, p) for w in changed)]
    assert not reached, f"fonts set in hidden tabs at zoom time: {[window.tabs.indexOf(p) for p in reached]}"
    for page in hidden:  # still at their zoom until shown
        assert page.font().pointSizeF() == pytest.approx(base)

    for page in hidden:  # ... then each follows, every widget in it
        window.tabs.setCurrentWidget(page)
        for w in [page, *page.findChildren(QWidget)]:
            if id(w) in sizes and w.window() is window:
                widget, size = sizes[id(w)]
                assert w.font().pointSizeF() == pytest.approx(size * factor), (window.tabs.indexOf(page), w)
    if step == "presenting":
        window.presentation.set_presenting(False)
        window.tabs.setCurrentWidget(window.vocab_view)
        assert window.vocab_view.font().pointSizeF() == pytest.approx(base)
        assert factor == pytest.approx(PRESENTATION_BOOST)


def test_zoomed_twice_while_hidden_a_tab_takes_the_last_zoom(qtbot, window) -> None:
    tokenize = window.tokenize_view
    window.tabs.setCurrentWidget(window.compare_view)
    editor = tokenize.editor.font().pointSizeF()
    window.presentation.zoom_in()
    window.presentation.zoom_in()
    window.presentation.zoom_out()
    window.tabs.setCurrentWidget(tokenize)
    assert tokenize.editor.font().pointSizeF() == pytest.approx(editor * 1.15)
    assert tokenize.font().pointSizeF() == pytest.approx(window.font().pointSizeF())


def test_zoomed_and_back_while_hidden_a_tab_is_shown_without_a_font_walk(qtbot, window, monkeypatch) -> None:
    """Presentation mode on and off with Compare hidden: showing Compare re-applies no font
    under it (the walk cost 45 ms of CPU, more with a training running), its fonts are those
    it had, and the next zoom reaches it again."""
    compare = window.compare_view
    window.tabs.setCurrentWidget(window.tokenize_view)
    widgets = [compare, *compare.findChildren(QWidget)]
    sizes = [(w, w.font().pointSizeF()) for w in widgets if w.window() is window]
    window.presentation.set_presenting(True)
    window.presentation.set_presenting(False)
    qtbot.waitUntil(lambda: not window.presentation.state_pending())
    walked: list[object] = []
    real_walk = zoom._zoom_tree
    monkeypatch.setattr(zoom, "_zoom_tree", lambda *args: walked.append(args) or real_walk(*args))
    changed = zoom_and_record(window, lambda: window.tabs.setCurrentWidget(compare))
    assert not walked, "the tab's widgets were walked for a zoom they already have"
    assert not [w for w in changed if w is not compare and under(w, compare)]
    for w, size in sizes:
        assert w.font().pointSizeF() == pytest.approx(size), w
    window.presentation.zoom_in()  # (no longer kept at its own font)
    qtbot.waitUntil(lambda: not window.presentation.zoom_pending())  # (own fonts follow a turn later)
    factor = window.presentation.factor()
    for w, size in sizes:
        assert w.font().pointSizeF() == pytest.approx(size * factor), w


class Paints(QObject):
    """Each paint of the watched widget, with the editor's font size at that time."""

    def __init__(self, editor: QWidget) -> None:
        super().__init__()
        self.editor = editor
        self.sizes: list[float] = []

    def eventFilter(self, _watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        if event.type() == QEvent.Type.Paint:
            self.sizes.append(self.editor.font().pointSizeF())
        return False


@pytest.mark.parametrize("step", ["zoom_out", "reset_zoom"])
def test_a_zoom_paints_at_the_new_font_before_own_fonts_follow(qtbot, window, step) -> None:
    """Zoom out / Actual size: the window's font at once (what inherits it is laid out and
    painted in that turn), the widgets with fonts of their own (the editor's monospace) and
    the pixel heights in a later turn: the two relayouts and paints were one turn of 85-135
    ms of CPU with 330 000 characters in Tokenize."""
    presentation = window.presentation
    tokenize = window.tokenize_view
    window.tabs.setCurrentWidget(tokenize)
    if step == "reset_zoom":
        presentation.zoom_in()
        qtbot.waitUntil(lambda: not presentation.zoom_pending())
    editor, chips = tokenize.editor, tokenize.token_chips
    base_editor = editor.font().pointSizeF() / presentation.factor()
    before = editor.font().pointSizeF()
    paints = Paints(editor)
    chips.viewport().installEventFilter(paints)
    try:
        getattr(presentation, step)()
        factor = presentation.factor()
        assert window.font().pointSizeF() == pytest.approx(presentation.base_font.pointSizeF() * factor)
        assert chips.font().pointSizeF() == pytest.approx(window.font().pointSizeF())  # inherited: at once
        assert editor.font().pointSizeF() == pytest.approx(before), "own fonts followed in the zoom's turn"
        assert presentation.zoom_pending()
        qtbot.waitUntil(lambda: not presentation.zoom_pending())
    finally:
        chips.viewport().removeEventFilter(paints)
    assert editor.font().pointSizeF() == pytest.approx(base_editor * factor)
    assert paints.sizes and paints.sizes[0] == pytest.approx(before), "no paint at the new font before the walk"


def test_zooms_in_one_turn_and_a_tab_change_before_the_walk_end_at_the_last_zoom(qtbot, window) -> None:
    """A walk owed when the next zoom or a tab change comes is made first (it starts from
    the zoom before it): every own font ends at the last zoom, in the tab left too."""
    presentation = window.presentation
    tokenize, compare = window.tokenize_view, window.compare_view
    window.tabs.setCurrentWidget(tokenize)
    sizes = {
        id(w): (w, w.font().pointSizeF())
        for page in (tokenize, compare)
        for w in [page, *page.findChildren(QWidget)]
        if w.window() is window
    }
    explain = tokenize.explain.parts.height()
    presentation.zoom_in()
    presentation.zoom_in()
    presentation.zoom_out()
    window.tabs.setCurrentWidget(compare)  # before the walk's turn
    presentation.zoom_in()
    window.tabs.setCurrentWidget(tokenize)
    qtbot.waitUntil(lambda: not presentation.zoom_pending())
    factor = presentation.factor()
    assert factor == pytest.approx(1.3)
    window.tabs.setCurrentWidget(compare)
    for w, size in sizes.values():
        assert w.font().pointSizeF() == pytest.approx(size * factor), w
    assert tokenize.explain.parts.height() == round(explain * factor)
