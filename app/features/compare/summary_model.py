"""The compare view's summary table: one row per column (tokenizer), numbers side by side.

Columns: tokenizer; tokens, bytes per token, characters per token and the ratio of tokens
to the first column's, for the text being typed and, after a corpus run, for the corpus
file. A ratio below 1 means fewer tokens than the first column (better compression).
``Qt.UserRole`` holds the raw numbers (None where there is none) for sorting and tests.
Headers and tooltips are in the current language, announced anew after a language switch.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import Qt

from app.core.cells_model import CellsModel
from app.core.i18n import noop, tr
from app.core.messages import CorpusStats
from app.display.format import format_count

__all__ = ["SummaryRow", "CompareSummaryModel", "HEADERS"]

HEADERS = (
    (noop("Tokenizer"), noop("The tokenizer of this column")),
    (noop("Tokens"), noop("Tokens for the text above")),
    (noop("Bytes/token"), noop("UTF-8 bytes per token for the text above (higher: better compression)")),
    (noop("Chars/token"), noop("Characters per token for the text above")),
    (noop("vs first"), noop("Tokens of this column ÷ tokens of the first column (below 1: fewer tokens)")),
    (noop("Corpus tokens"), noop("Tokens for the corpus file (corpus mode)")),
    (noop("Corpus bytes/token"), noop("UTF-8 bytes per token on the corpus file")),
    (noop("Corpus chars/token"), noop("Characters per token on the corpus file")),
    (noop("Corpus vs first"), noop("Corpus tokens of this column ÷ those of the first column")),
)


@dataclass
class SummaryRow:
    label: str
    status: str = ""  # "" when there are numbers; otherwise why not ("loading…", "unavailable")
    tokens: int | None = None
    bytes: int = 0
    chars: int = 0
    corpus: CorpusStats | None = None


def _ratio(a: float | None, b: float | None) -> float | None:
    return a / b if a is not None and b else None


class CompareSummaryModel(CellsModel[SummaryRow]):
    """The summary's cells, made when rows are set (:class:`~app.core.cells_model.CellsModel`:
    its rows and columns sized to their contents asked ~1 400 times per relayout)."""

    HEADERS = HEADERS

    def value(self, row: int, column: int) -> float | int | str | None:
        """The raw number (or label) of a cell."""
        r = self._rows[row]
        first = self._rows[0] if self._rows else None
        if column == 0:
            return r.label
        if column <= 4:
            if r.tokens is None:
                return None
            if column == 1:
                return r.tokens
            if column == 2:
                return r.bytes / r.tokens if r.tokens else None
            if column == 3:
                return r.chars / r.tokens if r.tokens else None
            return _ratio(r.tokens, first.tokens if first else None)
        c = r.corpus
        if c is None:
            return None
        if column == 5:
            return c.tokens
        if column == 6:
            return c.bytes_per_token
        if column == 7:
            return c.chars_per_token
        fc = first.corpus if first else None
        return _ratio(c.tokens, fc.tokens if fc else None)

    def cell(self, r: int, col: int, role: int) -> Any:
        """The answer of cell (``r``, ``col``) for ``role`` (made once per set of rows)."""
        row = self._rows[r]
        if role == Qt.ItemDataRole.UserRole:
            return self.value(r, col)
        if role == Qt.ItemDataRole.DisplayRole:
            v = self.value(r, col)
            if col == 0:
                return v
            if v is None:
                if col <= 4 and row.status:
                    return row.status
                return "—"
            if col in (1, 5):
                return format_count(int(v))
            if col in (4, 8):
                return f"{v:.2f}×"
            return f"{v:.2f}"
        if role == Qt.ItemDataRole.TextAlignmentRole and col > 0:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.ToolTipRole:
            return tr(HEADERS[col][1])
        return None
