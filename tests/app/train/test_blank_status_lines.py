"""The Train tab's status lines take no height while they have nothing to say (issue 20,
point 4): before a training the vocabulary and corpus lines were blank and still took ~35
pixels of a 1024x700 window, in English and Chinese."""

from __future__ import annotations

import pytest

from app.core import i18n


@pytest.fixture(params=["en", "zh_CN"])
def language(request):
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language("en")


def test_blank_status_lines_take_no_height_at_1024x700(qtbot, window, language) -> None:
    window.resize(1024, 700)
    qtbot.waitUntil(lambda: window.width() == 1024 and window.height() == 700, timeout=5000)
    view = window.train_view
    window.tabs.setCurrentWidget(view)
    qtbot.wait(50)
    progress, blank = view.progress_label, (view.vocab_label, view.stats_label)
    assert progress.text() and progress.isVisible() and progress.height() > 0
    assert all(not label.text() and not label.isVisible() for label in blank)
    # What follows the progress line starts right under it: one layout spacing, no blank lines.
    assert not view.messages.isVisible()
    below = view.result_tabs
    spacing = progress.parentWidget().layout().spacing()
    gap = below.mapTo(view, below.rect().topLeft()).y() - progress.mapTo(view, progress.rect().bottomLeft()).y()
    assert gap <= 2 * spacing + 2, gap
    # Something to say: the line is back, with its height.
    view.vocab_label.setText("Vocabulary: 256 bytes")
    qtbot.waitUntil(lambda: view.vocab_label.isVisible() and view.vocab_label.height() > 0, timeout=2000)
    view.vocab_label.setText("")
    assert not view.vocab_label.isVisible()
