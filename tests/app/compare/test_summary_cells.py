"""Issue 20 F: the summary table's model keeps each cell's answer per role for a set of rows
(showing Compare asked ~1 400 times, each a call from Qt into Python): every answer must stay
the one a fresh model gives, after new rows of the same or another length and a language switch."""

from __future__ import annotations

from PySide6.QtCore import Qt

from app.core import i18n
from app.core.messages import CorpusStats
from app.features.compare.summary_model import HEADERS, CompareSummaryModel, SummaryRow

ROLES = (
    Qt.ItemDataRole.DisplayRole,
    Qt.ItemDataRole.UserRole,
    Qt.ItemDataRole.ToolTipRole,
    Qt.ItemDataRole.TextAlignmentRole,
    Qt.ItemDataRole.FontRole,
)


def answers(model: CompareSummaryModel) -> list[object]:
    return [
        model.data(model.index(r, c), role)
        for r in range(model.rowCount())
        for c in range(len(HEADERS))
        for role in ROLES
    ]


def fresh(rows: list[SummaryRow]) -> list[object]:
    model = CompareSummaryModel()
    model.set_rows(rows)
    return answers(model)


def test_the_cells_answer_as_a_fresh_model_after_each_change(qtbot) -> None:
    model = CompareSummaryModel()
    first = [SummaryRow("a", tokens=10, bytes=40, chars=30), SummaryRow("b", status="loading…")]
    model.set_rows(first)
    assert answers(model) == fresh(first)
    assert model.data(model.index(0, 1)) == "10"
    corpus = CorpusStats(chars=300, bytes=400, tokens=100, key="b")
    same_length = [
        SummaryRow("a", tokens=20, bytes=40, chars=30),
        SummaryRow("b", tokens=5, bytes=40, chars=30, corpus=corpus),
    ]
    model.set_rows(same_length)  # (dataChanged, no reset)
    assert answers(model) == fresh(same_length)
    assert model.data(model.index(0, 1)) == "20"
    assert model.data(model.index(1, 4)) == "0.25×"
    longer = [*same_length, SummaryRow("c", tokens=8, bytes=40, chars=30)]
    model.set_rows(longer)
    assert answers(model) == fresh(longer)
    tip = model.data(model.index(0, 1), Qt.ItemDataRole.ToolTipRole)
    try:
        assert i18n.set_language("zh_CN")
        assert model.data(model.index(0, 1), Qt.ItemDataRole.ToolTipRole) != tip
        assert answers(model) == fresh(longer)
    finally:
        i18n.set_language("en")
    assert model.data(model.index(0, 1), Qt.ItemDataRole.ToolTipRole) == tip


def test_the_table_is_sized_and_painted_without_calling_python(qtbot) -> None:
    """Its rows and columns sized to their contents read the cells from Qt's own store: a
    Python ``data``/``headerData`` was called 400-600 times in one turn when Compare or the
    Sweep was opened, each waiting for the interpreter lock while a training ran Python."""
    import sys

    from PySide6.QtGui import QFont

    from app.features.compare.summary_table import SummaryTable

    table = SummaryTable()
    qtbot.addWidget(table)
    table.resize(900, 170)
    table.summary.set_rows([SummaryRow("a", tokens=10, bytes=40, chars=30), SummaryRow("b", status="loading…")])
    table.show()
    qtbot.waitExposed(table)
    calls: list[str] = []

    def profile(frame, event, _arg) -> None:  # noqa: ANN001 (sys.setprofile's signature)
        if event == "call":
            calls.append(f"{frame.f_code.co_filename}:{frame.f_code.co_name}")

    font = QFont(table.font())
    font.setPointSizeF(font.pointSizeF() * 1.5)
    sys.setprofile(profile)
    try:
        table.setFont(font)  # (as a zoom or presentation mode does: every row and column measured)
        table.viewport().repaint()
        table.horizontalHeader().viewport().repaint()
    finally:
        sys.setprofile(None)
    assert not [c for c in calls if "summary_model" in c or "enum" in c], calls[:20]
