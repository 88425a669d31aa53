"""The Measure view every test of this folder drives (1024x700, shown)."""

from __future__ import annotations

import pytest

from app.core import i18n
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
