"""The Families view shown (its built-in samples trained) and settled, then shut down."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from app.features.families.view import FamiliesView


@contextmanager
def shown_families(qtbot, registry, settings) -> Iterator[FamiliesView]:  # type: ignore[no-untyped-def]
    v = FamiliesView(registry, settings)
    qtbot.addWidget(v)
    v.resize(1200, 800)
    with qtbot.waitSignal(v.trained, timeout=60_000):
        v.show()  # the built-in samples train when the tab is first shown
    qtbot.waitUntil(v.is_settled, timeout=20_000)
    try:
        yield v
    finally:
        v.shutdown(training_wait_ms=30_000)
