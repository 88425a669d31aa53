"""The stream-decode view's log: one row per token fed to the StreamingDecoder.

Columns: step, token id, the token's bytes, the queue after it, how many more bytes the
pending character needs, what the decoder released, and what a naive per-token
``decode([id])`` prints (U+FFFD where a character is split). Rows are only appended or
cleared, so the view can follow the last one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtGui import QColor

from app.core.i18n import noop, tr
from app.core.rows_model import RowsModel
from app.display.format import hex_bytes, visible

__all__ = ["StepRecord", "StreamLogModel", "HEADERS"]

HEADERS = (
    (noop("Step"), noop("Tokens fed so far")),
    (noop("Token id"), noop("The id fed to the decoder")),
    (noop("Token bytes"), noop("The token's bytes in hex")),
    (noop("Queue after"), noop("Bytes waiting for the rest of their character after this token")),
    (noop("Needs"), noop("More bytes the pending character needs (from its lead byte)")),
    (noop("Decoder prints"), noop("Complete characters the StreamingDecoder released for this token")),
    (
        noop("Naive decode([id]) prints"),
        noop("What decoding this token on its own prints: U+FFFD (�) for a split character"),
    ),
)


@dataclass(frozen=True)
class StepRecord:
    step: int
    token_id: int
    token_bytes: bytes
    pending: bytes
    needed: int
    output: str
    naive: str
    dropped: bytes = b""  # the leading space SentencePiece's decoder dropped (its dummy prefix)


def _bytes_cell(r: StepRecord) -> str:
    """The token's bytes; a dropped leading space struck out in words (``(20 dropped) 74 68``)."""
    if not r.dropped:
        return hex_bytes(r.token_bytes)
    dropped = tr("({hex} dropped)").format(hex=hex_bytes(r.dropped))
    return f"{dropped} {hex_bytes(r.token_bytes)}".rstrip()


class StreamLogModel(RowsModel):
    COLUMNS = tuple(name for name, _ in HEADERS)
    _TIPS = tuple(tip for _, tip in HEADERS)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rows: list[StepRecord] = []

    def append(self, record: StepRecord) -> None:
        n = len(self._rows)
        self.beginInsertRows(QModelIndex(), n, n)
        self._rows.append(record)
        self.endInsertRows()

    def clear(self) -> None:
        if not self._rows:
            return
        self.beginResetModel()
        self._rows = []
        self.endResetModel()

    def records(self) -> list[StepRecord]:
        return list(self._rows)

    def data(self, index: QModelIndex | QPersistentModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not (0 <= index.row() < len(self._rows)):
            return None
        r = self._rows[index.row()]
        col = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return (
                str(r.step),
                str(r.token_id),
                _bytes_cell(r),
                hex_bytes(r.pending) if r.pending else tr("(empty)"),
                str(r.needed) if r.needed else "",
                visible(r.output) if r.output else tr("(nothing yet)"),
                visible(r.naive),
            )[col]
        if role == Qt.ItemDataRole.ForegroundRole:
            if col == 6 and "\ufffd" in r.naive:
                return QColor("#c62828")
            if col == 5 and not r.output:
                return QColor("#9e9e9e")
        if role == Qt.ItemDataRole.ToolTipRole:
            return tr(HEADERS[col][1])
        return None
