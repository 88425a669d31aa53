"""The Measure view every test of this folder drives (1024x700, shown)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from app.core import i18n
from app.features.measure.job import MeasureState
from app.features.measure.texts import TextSet
from app.features.measure.view import MeasureView


@pytest.fixture
def view(qtbot, registry, settings):
    v = MeasureView(registry, settings)
    qtbot.addWidget(v)
    v.resize(1024, 700)
    v.show()
    qtbot.waitExposed(v)
    yield v
    v.shutdown()
    v.controller.wait(60_000)
    i18n.set_language("en")  # a test may have switched it


def measure(qtbot, view: MeasureView, key: str, texts: TextSet, timeout: int = 120_000) -> None:
    """Measure ``key`` alone on ``texts``, vocabulary health included, as a user clicks it."""
    view.side.fill()
    view.side.set_checked([key])
    view.side.text_set.setCurrentIndex(view.side.text_set.findData(texts))
    view.side.health_box.setChecked(True)
    with qtbot.waitSignal(view.measured, timeout=timeout):
        qtbot.mouseClick(view.side.measure_button, Qt.MouseButton.LeftButton)
    assert view.controller.state == MeasureState.DONE
