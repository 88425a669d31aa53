"""The Families tab's rows of chips show whole lines of chips: every line when the room
allows, else as many whole lines as fit and a scroll bar for the rest (a row of two lines
showed one and a half: the rows shared the height equally, whatever their lines); and never
less than one whole line: when the rows do not all fit, the pane scrolls (at 1024x700, and
in presentation mode, seven rows of 24 pixels cut chips 40 pixels high: issue 20, 16)."""

from __future__ import annotations

import pytest

from app.core import i18n
from app.features.families.chips_panel import ChipRows, share_lines
from bpe_engine import FAMILIES

TEXT = "The quick brown fox jumps over the lazy dog. 國語的文字 🔭 " * 3


def test_lines_are_shared_in_turns_and_never_beyond_a_rows_need() -> None:
    assert share_lines([2, 4, 1, 3, 3], 5) == [1, 1, 1, 1, 1]
    assert share_lines([2, 4, 1, 3, 3], 8) == [2, 2, 1, 2, 1]
    assert share_lines([2, 4, 1, 3, 3], 11) == [2, 3, 1, 3, 2]
    assert share_lines([2, 4, 1, 3, 3], 40) == [2, 4, 1, 3, 3]
    assert share_lines([0, 1], 3) == [1, 1]  # an empty row keeps a line's height


def check_rows(qtbot, rows: ChipRows) -> list[int]:  # type: ignore[no-untyped-def]
    """Every row is at least as high as the whole lines it shows (one at least) and never
    shows part of one more, every row's label shows whole, every row lies within the rows' pane (a scroll away at most);
    returns the rows that show all their lines though they have several."""
    for chips in rows.chip_views.values():
        chips.finish_layout()  # (the rows are placed again when a count of lines changes)
    qtbot.wait(50)
    full = []
    for family in FAMILIES:
        chips = rows.chip_views[family]
        assert chips.height() >= chips.height_for_lines(1, more=True), (family, chips.height())
        assert chips.geometry().bottom() < rows.height(), (family, chips.geometry(), rows.height())
        label = rows.row_labels[family]  # its name and count whole (the count was cut in Chinese)
        assert label.height() >= label.heightForWidth(label.width()), (family, label.text(), label.height())
        assert label.geometry().bottom() < rows.height(), (family, label.geometry(), rows.height())
        lines, shown = chips.line_count(), rows.rows_shown()[family]
        assert 1 <= shown <= max(lines, 1)
        assert chips.height() >= chips.height_for_lines(shown, more=shown < lines), (family, chips.height(), shown)
        if shown < lines:
            assert chips.height() <= chips.height_for_lines(shown, more=True), (family, chips.height(), shown)
            assert chips.verticalScrollBar().maximum() > 0  # the rest is a scroll away
        elif lines > 1:
            full.append(lines)
    return full


@pytest.mark.parametrize("language", ["en", "zh_CN"])
@pytest.mark.parametrize("size", [(1600, 1000), (1024, 700)])
def test_rows_show_whole_lines_of_chips(qtbot, window, language, size) -> None:
    i18n.set_language(language)
    try:
        window.resize(*size)
        view = window.families_view
        window.tabs.setCurrentWidget(view)
        qtbot.waitUntil(lambda: view.is_settled() and view.outcome is not None, timeout=60_000)
        view.set_text(TEXT)
        qtbot.waitUntil(view.is_settled, timeout=20_000)
        qtbot.wait(50)
        check_rows(qtbot, view.chip_rows)
        window.presentation.set_presenting(True)
        qtbot.waitUntil(lambda: not window.presentation.state_pending(), timeout=5_000)  # (panels, full screen)
        qtbot.wait(50)
        check_rows(qtbot, view.chip_rows)
        area = view.rows_area  # the pane shows a row at least; the rest is a scroll away
        assert area.isVisible() and area.viewport().height() >= view.chip_views["characters"].height()
        assert area.verticalScrollBar().maximum() >= view.chip_rows.height() - area.viewport().height()
        window.presentation.set_presenting(False)
        # With room for every line (a tall pane), every row shows all its lines.
        rows = ChipRows(lambda _f, _k: "")
        qtbot.addWidget(rows)
        assert view.outcome is not None
        rows.show_outcome(view.outcome)
        rows.resize(view.chip_rows.width(), 2000)
        rows.show()
        assert len(check_rows(qtbot, rows)) >= 3  # (several rows of several lines, all shown)
    finally:
        i18n.set_language("en")
