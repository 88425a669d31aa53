"""The Stream-decode tab of the real window at 1024x700 (issue 20, point 16), in English and
Chinese: every panel inside the window with a useful size - the tape a line of chips, the
step's sentence whole, the byte queue's boxes and captions, the lead byte and the legend
whole, both outputs a line of their large text, and the log at least three steps - as at
1600x1000 and with the larger fonts of presentation mode."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRect
from PySide6.QtWidgets import QLabel, QWidget

from app.core import i18n
from app.window.main_window import MainWindow

from ..text_views_support import load, openai_tokenizers  # noqa: F401

STEPS = 4  # 🤚🏾 with cl100k: the fourth token leaves f0 9f waiting, with the lead byte shown


@pytest.fixture(params=["en", "zh_CN"])
def language(request):
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language("en")


def _rect_in_window(widget: QWidget, window: MainWindow) -> QRect:
    return QRect(widget.mapTo(window, widget.rect().topLeft()), widget.size())


def _whole_label(label: QLabel) -> None:
    assert label.isVisible() and label.text(), label.objectName()
    need = label.heightForWidth(label.width()) if label.wordWrap() else label.sizeHint().height()
    assert label.height() >= need, (label.text()[:40], label.size(), need)


def _stream_at(qtbot, window: MainWindow, width: int, height: int):
    window.resize(width, height)
    qtbot.waitUntil(lambda: window.width() == width and window.height() == height, timeout=5000)
    view = window.stream_view
    window.tabs.setCurrentWidget(view)
    qtbot.waitUntil(view.is_prepared, timeout=20_000)
    view.reset()
    for _ in range(STEPS):
        view.step()
    qtbot.wait(50)
    return view


def _assert_fits(window: MainWindow, view) -> None:
    status = window.statusBar()
    room = QRect(0, 0, window.width(), status.geometry().top() if status.isVisible() else window.height())
    panels = [view.tape, view.step_label, view.queue_box, view.outputs, view.log_view]
    for panel in panels:
        assert panel.isVisible() and room.contains(_rect_in_window(panel, window)), type(panel).__name__
    tape = view.tape
    assert tape.viewport().height() >= tape.chip_rect(0).bottom(), "the tape shows a line of chips"
    _whole_label(view.step_label)
    queue = view.queue
    assert queue.height() >= queue.sizeHint().height(), "the boxes and their captions"
    _whole_label(view.lead_label)
    _whole_label(view.queue_legend)
    for output in (view.output_view, view.naive_view):
        line = output.document().size().height()  # the output so far: one line of large text
        assert output.viewport().height() >= line, (output.viewport().height(), line)
    log = view.log_view
    rows = log.viewport().height() // max(log.rowHeight(0), 1)
    assert rows >= 3, (log.viewport().height(), log.rowHeight(0))


def test_stream_tab_fits_1024x700(qtbot, window, registry_loaded, language) -> None:
    view = _stream_at(qtbot, window, 1024, 700)
    assert view.queue.pending_group() is not None  # the lead byte's line is shown
    _assert_fits(window, view)


def test_stream_tab_at_1600x1000(qtbot, window, registry_loaded) -> None:
    view = _stream_at(qtbot, window, 1600, 1000)
    _assert_fits(window, view)
    log = view.log_view
    assert log.viewport().height() >= 6 * log.rowHeight(0), "a large screen gives the room to the log"


def test_stream_tab_in_presentation_mode_at_1024x700(qtbot, window, registry_loaded, language, monkeypatch) -> None:
    """Fonts 1.5 times larger and no status bar; the screen stays 1024x700 (a projector's).
    The legend and the log fold away; everything else is whole."""
    monkeypatch.setattr(window, "showFullScreen", lambda: None)  # the test screen is not 1024x700
    window.presentation.set_presenting(True)
    qtbot.waitUntil(lambda: not window.presentation.state_pending(), timeout=5_000)  # (panels, full screen)
    try:
        view = _stream_at(qtbot, window, 1024, 700)
        assert not view.queue_legend.isVisible()
        room = QRect(0, 0, window.width(), window.height())
        assert not view.log_view.isVisible()  # a secondary panel: the outputs get its room
        for panel in (view.tape, view.step_label, view.queue_box, view.outputs):
            assert panel.isVisible() and room.contains(_rect_in_window(panel, window)), type(panel).__name__
        _whole_label(view.step_label)
        assert view.queue.height() >= view.queue.sizeHint().height()
        for output in (view.output_view, view.naive_view):
            assert output.viewport().height() >= 1.5 * output.document().size().height()  # more than a line
    finally:
        window.presentation.set_presenting(False)


@pytest.fixture
def registry_loaded(qtbot, window, openai_tokenizers):  # noqa: F811
    load(qtbot, window.registry, "cl100k_base")
    return window.registry
