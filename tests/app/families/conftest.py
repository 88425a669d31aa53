"""The Families view, shown (its built-in samples trained) and settled: shared by the folder's tests."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from app.features.families.view import FamiliesView

from ..families_support import shown_families


@pytest.fixture
def view(qtbot, registry, settings) -> Iterator[FamiliesView]:
    with shown_families(qtbot, registry, settings) as v:
        yield v
