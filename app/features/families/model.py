"""The Families tab's table: one row per family, its figures for the text being typed.

Columns: family; tokens; UTF-8 bytes per token; vocabulary size; unknown tokens; tokens that
hold only part of a character; round trip (✓, or ✗ and the stretches decode does not give
back). ``Qt.UserRole`` holds the raw value of a cell (None where there is none) for tests.
A family without a result shows its status instead ("training…", "not trained", ...).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor

from app.core.cells_model import CellsModel
from app.core.i18n import noop, tr
from app.display.format import format_count
from app.features.families.display import lost_texts
from app.features.families.family import Family
from bpe_engine import FamilyResult

__all__ = ["Column", "FamilyTableRow", "FamiliesTableModel", "COLUMN_KEYS", "HEADERS"]


class Column(StrEnum):
    """The table's columns, in order."""

    FAMILY = "family"
    TOKENS = "tokens"
    BYTES_PER_TOKEN = "bytes_per_token"
    VOCAB_SIZE = "vocab_size"
    UNKNOWN = "unknown"
    PARTIAL = "partial"
    ROUND_TRIP = "round_trip"


COLUMN_KEYS = tuple(Column)
_GOOD, _BAD = QColor("#1b5e20"), QColor("#b71c1c")
_RIGHT = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)  # figures
#: (header, tooltip) of each column, translated where shown.
HEADERS = (
    (noop("Family"), noop("How the text is cut into tokens")),
    (noop("Tokens"), noop("Tokens for the text above")),
    (noop("Bytes/token"), noop("UTF-8 bytes of the text per token (higher: fewer tokens)")),
    (noop("Vocabulary"), noop("How many different tokens the family can produce")),
    (noop("Unknown"), noop("Tokens that stand for text the vocabulary does not hold (<UNK>)")),
    (
        noop("Part-character"),
        noop("Tokens holding only some of a character's UTF-8 bytes (bytes, byte fallback, split characters)"),
    ),
    (noop("Round trip"), noop("Does decoding the tokens give the text back? ✗ names what is lost")),
)


@dataclass
class FamilyTableRow:
    family: Family
    label: str
    tooltip: str = ""
    result: FamilyResult | None = None
    status: str = ""  # shown in place of the figures when there is no result


class FamiliesTableModel(CellsModel[FamilyTableRow]):
    """The table's cells, made when rows are set (:class:`~app.core.cells_model.CellsModel`)."""

    HEADERS = HEADERS
    _TIPS = tuple(tip for _, tip in HEADERS)

    def value(self, row: int, column: int) -> Any:
        """The raw value of a cell: numbers, the round trip as a bool, None where there is none."""
        r = self._rows[row]
        if column == 0:
            return r.label
        res = r.result
        if res is None:
            return None
        return {
            Column.TOKENS: res.count,
            Column.BYTES_PER_TOKEN: res.bytes_per_token,
            Column.VOCAB_SIZE: res.vocab_size,
            Column.UNKNOWN: res.unknown_count,
            Column.PARTIAL: res.partial_count,
        }.get(COLUMN_KEYS[column], res.round_trip)

    def _round_trip_text(self, res: FamilyResult) -> str:
        if res.round_trip:
            return "✓"
        shown = ", ".join(f"‘{t}’" for t in lost_texts(res, 4))
        n = len(res.lost)
        more = tr(" and {n} more").format(n=format_count(n - 4)) if n > 4 else ""
        return tr("✗ loses {texts}{more}").format(texts=shown, more=more)

    def cell(self, row: int, col: int, role: int) -> Any:
        if not 0 <= row < len(self._rows):
            return None
        if role == Qt.ItemDataRole.UserRole:
            return self.value(row, col)
        if role == Qt.ItemDataRole.DisplayRole:
            return self._display(row, col)
        if role == Qt.ItemDataRole.TextAlignmentRole and 0 < col < len(COLUMN_KEYS) - 1:
            return _RIGHT
        if role == Qt.ItemDataRole.ForegroundRole:
            return self._foreground(self._rows[row].result, COLUMN_KEYS[col])
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._tooltip(self._rows[row], col)
        return None

    def _display(self, row: int, col: int) -> str:
        r = self._rows[row]
        column = COLUMN_KEYS[col]
        if column == Column.FAMILY:
            return r.label
        if r.result is None:  # the status goes in the wide last column, the figures stay narrow
            return r.status if column == Column.ROUND_TRIP else "—"
        if column == Column.ROUND_TRIP:
            return self._round_trip_text(r.result)
        v = self.value(row, col)
        if v is None:
            return "—"
        if column == Column.BYTES_PER_TOKEN:
            return f"{v:.2f}"
        return format_count(int(v))

    @staticmethod
    def _foreground(res: FamilyResult | None, column: Column) -> QColor | None:
        if res is None:
            return None
        if column == Column.ROUND_TRIP:
            return _GOOD if res.round_trip else _BAD
        if column == Column.UNKNOWN and res.unknown_count:
            return _BAD
        return None

    def _tooltip(self, row: FamilyTableRow, col: int) -> str:
        if col == 0:
            return row.tooltip
        res = row.result
        if res is not None and COLUMN_KEYS[col] == Column.ROUND_TRIP and not res.round_trip:
            return tr("Decoded: {text}").format(text=res.decoded)
        return tr(self._TIPS[col])
