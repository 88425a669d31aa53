"""The tokens only one of two vocabularies has: a filterable table for the overlap view.

A ``QAbstractTableModel`` over the ``(id, bytes)`` list of
:class:`bpe_engine.VocabularyOverlap` (``only_a`` or ``only_b``): id, token (a SentencePiece
piece as the model writes it, else the bytes with visible whitespace), bytes in hex, length.
Labels are made only for the rows shown; the filter (a substring of the token's text, case
ignored; ``·`` ``⏎`` ``→`` typed as shown match space, newline, tab) runs over texts decoded
once, so 200 000 rows filter in a fraction of a second.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QModelIndex, QObject, QPersistentModelIndex, Qt

from app.core.i18n import noop, tr_n
from app.core.rows_model import RowsModel
from app.display.format import hex_bytes, token_label, visible

__all__ = ["OnlyTokensModel"]

_Index = QModelIndex | QPersistentModelIndex
_FROM_VISIBLE = str.maketrans({"·": " ", "⏎": "\n", "→": "\t", "←": "\r"})


class OnlyTokensModel(RowsModel):
    """Id, token, bytes (hex), length of the tokens one vocabulary has and the other lacks."""

    ID, TOKEN, HEX, LENGTH = range(4)
    COLUMNS = (noop("Id"), noop("Token"), noop("Bytes (hex)"), noop("Length"))

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._ids: list[int] = []
        self._bytes: list[bytes] = []
        self._pieces: list[str] | None = None
        self._texts: list[str] | None = None
        self._rows: list[int] = []
        self._labels: dict[int, str] = {}
        self._query = ""

    def set_tokens(self, tokens: list[tuple[int, bytes]], pieces: list[str] | None = None) -> None:
        """Show ``(id, bytes)`` rows (by id); ``pieces``: a SentencePiece tokenizer's piece texts by id."""
        self.beginResetModel()
        self._ids = [i for i, _ in tokens]
        self._bytes = [b for _, b in tokens]
        self._pieces = pieces
        self._texts = None
        self._labels = {}
        self._rows = self._select(self._query)
        self.endResetModel()

    def set_filter(self, query: str) -> int:
        """Keep the rows whose text holds ``query`` (case ignored); returns how many."""
        self.beginResetModel()
        self._query = query
        self._rows = self._select(query)
        self.endResetModel()
        return len(self._rows)

    def total(self) -> int:
        return len(self._ids)

    def token_id(self, row: int) -> int:
        return self._ids[self._rows[row]]

    def token_bytes(self, row: int) -> bytes:
        return self._bytes[self._rows[row]]

    def label(self, row: int) -> str:
        return self._label(self._rows[row])

    def _all_texts(self) -> list[str]:
        if self._texts is None:
            if self._pieces is not None:
                pieces = self._pieces
                self._texts = [pieces[i].casefold() for i in self._ids]
            else:
                self._texts = [b.decode("utf-8", errors="replace").casefold() for b in self._bytes]
        return self._texts

    def _select(self, query: str) -> list[int]:
        if not query:
            return list(range(len(self._ids)))
        needle = query.translate(_FROM_VISIBLE).casefold()
        if self._pieces is not None:
            needle = needle.replace(" ", "▁")
        texts = self._all_texts()
        return [k for k in range(len(texts)) if needle in texts[k]]

    def _label(self, k: int) -> str:
        label = self._labels.get(k)
        if label is None:
            label = visible(self._pieces[self._ids[k]]) if self._pieces is not None else token_label(self._bytes[k])
            self._labels[k] = label
        return label

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or index.row() >= len(self._rows):
            return None
        k = self._rows[index.row()]
        col = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            if col == self.ID:
                return self._ids[k]
            if col == self.TOKEN:
                return self._label(k)
            if col == self.HEX:
                return hex_bytes(self._bytes[k])
            if col == self.LENGTH:
                return len(self._bytes[k])
        elif role == Qt.ItemDataRole.TextAlignmentRole and col in (self.ID, self.LENGTH):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        elif role == Qt.ItemDataRole.ToolTipRole and col == self.TOKEN:
            return tr_n("id {id}: %n byte(s) {hex}", len(self._bytes[k])).format(
                id=self._ids[k], hex=hex_bytes(self._bytes[k])
            )
        return None
