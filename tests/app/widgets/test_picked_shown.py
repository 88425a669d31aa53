"""A view's picked tokenizer loads when the view is shown, and the view's other events do not
call into Python for it: an event filter on the view was called for every paint, layout and
mouse move (15 calls in one turn of opening Compare), each waiting its turn for the
interpreter lock while jobs ran (issue 20, F)."""

from __future__ import annotations

import sys

from PySide6.QtCore import QCoreApplication, QEvent, QSize
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QVBoxLayout, QWidget

import app.widgets.picked_tokenizer as picked_module
from app.core.registry import EntryStatus
from app.widgets.picked_tokenizer import PickedTokenizer
from app.widgets.tokenizer_picker import TokenizerPicker


def test_loads_when_shown_and_no_other_event_reaches_python(qtbot, registry) -> None:
    host = QWidget()
    qtbot.addWidget(host)
    picker = TokenizerPicker(registry, host)
    QVBoxLayout(host).addWidget(picker)
    picked = PickedTokenizer(picker, host)
    picker.set_current_key("r50k_base")
    picked.update()  # (as a view does once built)
    assert registry.entry("r50k_base").status == EntryStatus.IDLE  # not loaded while unseen
    calls: list[str] = []

    def count(frame, event: str, _arg: object) -> None:
        if event == "call" and frame.f_code.co_filename == picked_module.__file__:
            calls.append(frame.f_code.co_name)

    sys.setprofile(count)
    try:
        for size in range(200, 260):  # resizes, layouts and paints of the host
            QCoreApplication.sendEvent(host, QResizeEvent(QSize(size, 100), QSize(size - 1, 100)))
            QCoreApplication.sendEvent(host, QEvent(QEvent.Type.LayoutRequest))
        host.update()
        qtbot.wait(20)
    finally:
        sys.setprofile(None)
    assert calls == []
    host.show()
    qtbot.waitExposed(host)
    # asked of the registry once seen (offline, without a tiktoken cache, it then fails)
    assert registry.entry("r50k_base").status != EntryStatus.IDLE
    qtbot.waitUntil(lambda: registry.entry("r50k_base").status != EntryStatus.LOADING, timeout=60_000)
    host.hide()
    host.show()  # shown again: nothing new to load
    assert picked.key() == "r50k_base"
