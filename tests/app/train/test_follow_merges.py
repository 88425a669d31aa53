""" "Follow new merges" keeps the last merge in view, to the end of a real training (issue 20,
point 13: the table stopped 10-20 rows short of it)."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication

from app.core.training.events import Finished
from app.features.train.view import TrainView

from ..training_support import syllable_text, waiting_for


@pytest.fixture
def view(qtbot, registry, settings):
    v = TrainView(registry, settings)
    qtbot.addWidget(v)
    v.resize(1200, 800)
    v.show()
    yield v
    v.controller.shutdown(30_000)


def _last_row_shown(view: TrainView) -> bool:
    table = view.merges_view
    last = view.merges_model.index(view.merges_model.rowCount() - 1, 0)
    rect = table.visualRect(last)
    return rect.isValid() and rect.top() >= 0 and rect.bottom() <= table.viewport().height()


def test_follow_new_merges_shows_the_last_merge(qtbot, view) -> None:
    view.corpus.set_text(syllable_text(20_000))
    view.settings_panel.vocab_size.setValue(256 + 1 + 2000)
    assert view.follow.isChecked()
    with waiting_for(qtbot, view.controller, Finished, timeout=60_000):
        view.start_action.trigger()
    qtbot.waitUntil(lambda: view.merges_model.rowCount() == len(view.controller.merges), timeout=10_000)
    assert view.merges_model.rowCount() > 1000
    for _ in range(5):
        QApplication.processEvents()
    assert _last_row_shown(view), (
        view.merges_view.rowAt(view.merges_view.viewport().height() - 1),
        view.merges_model.rowCount(),
    )
