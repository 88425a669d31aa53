"""The Families view, shown (its built-in samples trained) and settled: shared by the folder's tests."""

from __future__ import annotations

import pytest

from app.features.families.view import FamiliesView


@pytest.fixture
def view(qtbot, registry, settings) -> FamiliesView:
    v = FamiliesView(registry, settings)
    qtbot.addWidget(v)
    v.resize(1200, 800)
    with qtbot.waitSignal(v.trained, timeout=60_000):
        v.show()  # the built-in samples train when the tab is first shown
    qtbot.waitUntil(v.is_settled, timeout=20_000)
    yield v
    v.shutdown(training_wait_ms=30_000)
