"""The merges table: one row per merge, streamed in while training runs.

A ``QAbstractTableModel`` over a plain list of the engine's ``MergeEvent``s (or of merges
read back from a ``Tokenizer``). Labels are made only for the rows the view asks for, so
appending a batch costs nothing per row. It leaves out sorting and filtering: the merges
table is a log in rank order.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QModelIndex, QObject, QPersistentModelIndex, Qt

from app.core.i18n import noop, tr
from app.core.rows_model import RowsModel
from app.display.format import format_count, hex_bytes, token_label
from bpe_engine import MergeEvent, Tokenizer

__all__ = ["MergesModel", "MergeRow"]

_Index = QModelIndex | QPersistentModelIndex


class MergeRow:
    """A merge as the table shows it (the engine's ``MergeEvent`` has the same fields)."""

    __slots__ = ("rank", "left_id", "right_id", "left", "right", "new_id", "count", "tied_with")

    def __init__(
        self,
        rank: int,
        left_id: int,
        right_id: int,
        left: bytes,
        right: bytes,
        new_id: int,
        count: int | None,
        tied_with: tuple[bytes, bytes] | None = None,
    ) -> None:
        self.rank = rank
        self.left_id = left_id
        self.right_id = right_id
        self.left = left
        self.right = right
        self.new_id = new_id
        self.count = count
        self.tied_with = tied_with

    @property
    def new_bytes(self) -> bytes:
        return self.left + self.right


class MergesModel(RowsModel):
    """Rank, left, right, new token, count; whitespace visible and partial bytes escaped."""

    COLUMNS = (noop("Rank"), noop("Left"), noop("Right"), noop("New token"), noop("Count"))
    RANK, LEFT, RIGHT, NEW, COUNT = range(5)
    _TIPS = (
        noop("Merge order: merge r creates token id 256 + r and is applied before any later merge"),
        noop("Left part of the pair (its token id in the tooltip)"),
        noop("Right part of the pair"),
        noop("The new token: · is a space, ⏎ a newline, <e5 9c> bytes that are only part of a character"),
        noop("How often the pair occurred in the corpus when it was merged (each merge removes that many tokens)"),
    )

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rows: list[MergeEvent | MergeRow] = []

    # -- public API ------------------------------------------------------------------------

    def append(self, events: Sequence[MergeEvent | MergeRow]) -> None:
        """Add a batch of merges at the end (training streams them in rank order)."""
        if not events:
            return
        first = len(self._rows)
        self.beginInsertRows(QModelIndex(), first, first + len(events) - 1)
        self._rows.extend(events)
        self.endInsertRows()

    def clear(self) -> None:
        self.beginResetModel()
        self._rows = []
        self.endResetModel()

    def set_tokenizer(self, tok: Tokenizer | None) -> None:
        """Show the merges of a finished or opened tokenizer (counts where it knows them)."""
        rows: list[MergeEvent | MergeRow] = []
        if tok is not None:
            for rank, ((a, b, z), count) in enumerate(zip(tok.merge_ids(), tok.merge_counts)):
                rows.append(MergeRow(rank, a, b, tok.vocab[a], tok.vocab[b], z, count))
        self.beginResetModel()
        self._rows = rows
        self.endResetModel()

    def merge(self, row: int) -> MergeEvent | MergeRow:
        return self._rows[row]

    def __len__(self) -> int:
        return len(self._rows)

    # -- Qt model interface ----------------------------------------------------------------

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or index.row() >= len(self._rows):
            return None
        m = self._rows[index.row()]
        col = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            if col == self.RANK:
                return m.rank
            if col == self.LEFT:
                return token_label(m.left)
            if col == self.RIGHT:
                return token_label(m.right)
            if col == self.NEW:
                return token_label(m.new_bytes)
            if col == self.COUNT:
                return "" if m.count is None else m.count
        elif role == Qt.ItemDataRole.ToolTipRole:
            if col == self.LEFT:
                return tr("id {id}: bytes {hex}").format(id=m.left_id, hex=hex_bytes(m.left))
            if col == self.RIGHT:
                return tr("id {id}: bytes {hex}").format(id=m.right_id, hex=hex_bytes(m.right))
            if col == self.NEW:
                tip = tr("id {id}: bytes {hex}").format(id=m.new_id, hex=hex_bytes(m.new_bytes))
                if m.tied_with is not None:
                    tip += "\n" + tr("Tied with {pair} at the same count; the tie-break rule chose this pair").format(
                        pair=f"({token_label(m.tied_with[0])}, {token_label(m.tied_with[1])})"
                    )
                return tip
            if col == self.RANK:
                return tr("merge {rank} creates token id {id}").format(rank=format_count(m.rank), id=m.new_id)
        elif role == Qt.ItemDataRole.TextAlignmentRole:
            if col in (self.RANK, self.COUNT):
                return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        elif role == Qt.ItemDataRole.UserRole:
            return m
        return None
