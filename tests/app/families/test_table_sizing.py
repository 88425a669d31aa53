"""The Families table's columns follow their contents once per turn of the event loop.

Qt's ResizeToContents mode measured every cell in each layout pass (about 2 000 calls from Qt
into the model per presentation toggle, each waiting for the interpreter lock while a
training ran; issue 20, F). The table now sizes its columns once after a burst of changes
(new figures, a new font), and each column is then as wide as Qt's own measure of its widest
cell and its header.
"""

from __future__ import annotations

from PySide6.QtGui import QFont
from PySide6.QtWidgets import QWidget

from app.features.families.family import Family
from app.features.families.model import FamiliesTableModel, FamilyTableRow
from app.features.families.table_view import FamiliesTableView


def rows(status: str) -> list[FamilyTableRow]:
    return [FamilyTableRow(f, f"{f.value} family", status=status) for f in Family]


def fits(view: FamiliesTableView) -> bool:
    """Every column but the stretched last one is as wide as its widest cell or header."""
    header = view.horizontalHeader()
    return all(
        header.sectionSize(c) == max(view.sizeHintForColumn(c), header.sectionSizeHint(c))
        for c in range(view.model().columnCount() - 1)
    )


def _shown_table(qtbot) -> tuple[FamiliesTableModel, FamiliesTableView]:
    model = FamiliesTableModel()
    view = FamiliesTableView(model)
    qtbot.addWidget(view)
    view.resize(1000, 300)
    view.show()
    qtbot.waitExposed(view)
    return model, view


def test_columns_are_sized_once_after_a_burst_of_changes_and_fit(qtbot) -> None:
    model, view = _shown_table(qtbot)
    passes: list[int] = []
    sized = view.resizeColumnsToContents
    view.resizeColumnsToContents = lambda: (passes.append(1), sized())[1]  # type: ignore[method-assign]
    for status in ("training… 10 %", "training… 20 % of a much longer line", "waiting"):
        model.set_rows(rows(status))  # (first a reset, then new figures in the same rows)
    font = QFont(view.font())
    font.setPointSizeF(font.pointSizeF() * 1.5)
    view.setFont(font)
    assert view.sizing_pending() and passes == []  # nothing measured yet, in this turn
    qtbot.waitUntil(lambda: not view.sizing_pending(), timeout=5_000)
    qtbot.wait(50)
    assert passes == [1]
    assert fits(view)
    model.set_rows([FamilyTableRow(f, f"{f.value} family with a longer name", status="x") for f in Family])
    qtbot.waitUntil(lambda: len(passes) == 2, timeout=5_000)
    assert fits(view)


def test_a_table_off_screen_sizes_its_columns_when_it_is_shown(qtbot) -> None:
    """The Families tab off screen (the app starting on another tab) measures no cell when its
    figures come; they are measured once the tab is shown, and then fit."""
    tab = QWidget()
    qtbot.addWidget(tab)
    model = FamiliesTableModel()
    view = FamiliesTableView(model, tab)
    tab.resize(1000, 300)
    view.resize(1000, 300)
    passes: list[int] = []
    sized = view.resizeColumnsToContents
    view.resizeColumnsToContents = lambda: (passes.append(1), sized())[1]  # type: ignore[method-assign]
    model.set_rows([FamilyTableRow(f, f"{f.value} family with a long name", status="waiting") for f in Family])
    qtbot.wait(50)
    assert passes == [] and view.sizing_pending()
    tab.show()
    qtbot.waitExposed(tab)
    qtbot.waitUntil(lambda: not view.sizing_pending(), timeout=5_000)
    assert passes == [1]
    assert fits(view)


def test_sizing_and_painting_the_table_call_no_python(qtbot) -> None:
    """Measuring and painting the cells reads them from Qt's own store: a Python ``data`` or
    ``headerData`` was called ~650 times per presentation toggle (its header's orientation
    made a Python enum each time), and each call waited for the interpreter lock while a
    training ran Python in its job (issue 20, F)."""
    import sys

    model, view = _shown_table(qtbot)
    model.set_rows(rows("training… 10 %"))
    qtbot.waitUntil(lambda: not view.sizing_pending(), timeout=5_000)
    calls: list[str] = []

    def profile(frame, event, _arg) -> None:  # noqa: ANN001 (sys.setprofile's signature)
        if event == "call":
            calls.append(f"{frame.f_code.co_filename}:{frame.f_code.co_name}")

    font = QFont(view.font())
    font.setPointSizeF(font.pointSizeF() * 1.5)
    sized = FamiliesTableView.resizeColumnsToContents  # (Qt's own, as the view's sizer calls it)
    sys.setprofile(profile)
    try:
        view.horizontalHeader().setFont(font)
        sized(view)
        view.viewport().repaint()
        view.horizontalHeader().viewport().repaint()
    finally:
        sys.setprofile(None)
    assert not [c for c in calls if "families" in c or "enum" in c], calls[:20]
    assert fits(view)
