"""Compare presenting at 1024x700 gives its chips the room (issue 20, point 3): the summary
table kept four corpus columns of "—" (a scroll bar's height, and the names cut to "r50...")
and rows 1.5 times as tall as its zoomed text needs, and the chip views were 82-110 pixels
high. Corpus columns show only with corpus figures; rows fit their text."""

from __future__ import annotations

import pytest

from app.core import i18n
from app.core.messages import CorpusStats
from app.features.compare.summary_table import CORPUS_COLUMNS

#: The least height of each column's chip view at 1024x700 presenting (it was 82 in English).
MIN_CHIPS = 140


@pytest.fixture(params=["en", "zh_CN"])
def language(request):
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language("en")


@pytest.mark.usefixtures("openai_encodings")  # Compare's default columns are OpenAI's
def test_presenting_at_1024x700_the_chips_get_the_room(qtbot, window, language) -> None:
    window.presentation.set_presenting(True)
    qtbot.waitUntil(lambda: not window.presentation.state_pending(), timeout=5_000)  # (panels, full screen)
    try:
        window.resize(1024, 700)  # (full screen on the offscreen platform's 800x800 screen)
        qtbot.waitUntil(lambda: window.width() == 1024 and window.height() == 700, timeout=5000)
        view = window.compare_view
        window.tabs.setCurrentWidget(view)
        qtbot.waitUntil(lambda: view.is_settled() and all(c.table is not None for c in view.columns()), timeout=30_000)
        summary = view.summary_view
        assert all(summary.isColumnHidden(c) for c in CORPUS_COLUMNS)  # no corpus run
        assert not summary.horizontalScrollBar().isVisible()
        qtbot.waitUntil(lambda: min(c.chips.height() for c in view.columns()) >= MIN_CHIPS, timeout=5000)
        # The rows are all shown, and the table is no taller than they are.
        rows = sum(summary.rowHeight(r) for r in range(summary.model().rowCount()))
        assert summary.height() <= summary.horizontalHeader().height() + rows + 2 * summary.frameWidth() + 2
        # A corpus run's figures bring their columns back.
        key = view.keys()[0]
        view.corpus.results = {key: CorpusStats(chars=90, bytes=100, tokens=25, key=key, seconds=0.1)}
        view.corpus_panel.figures_changed.emit()
        assert not any(summary.isColumnHidden(c) for c in CORPUS_COLUMNS)
    finally:
        window.presentation.set_presenting(False)
