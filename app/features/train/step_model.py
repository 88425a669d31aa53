"""Step mode's two tables: pre-tokens with their current segmentation, and the top pair counts.

Both are ``QAbstractTableModel``s over plain lists taken from a
:class:`~app.core.messages.StepSnapshot`; ``set_snapshot`` replaces the rows after each
step. They know which merge was just applied (its new token is marked in the segmentation)
and which pair comes next (highlighted, with the pairs tied with it). Drawing the chips is
the job of :mod:`app.widgets.segmentation`.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtGui import QColor

from app.core.i18n import noop, tr
from app.core.rows_model import RowsModel
from app.display.chips import Chip, row_chips
from app.display.format import hex_bytes, token_label
from bpe_engine import PairInfo, PretokenInfo

__all__ = ["PretokensModel", "PairsModel", "SEGMENTS_ROLE", "NEXT_PAIR_COLOR", "TIED_PAIR_COLOR"]

_Index = QModelIndex | QPersistentModelIndex

#: Custom role: the :class:`~app.display.chips.Chip`\ s of a pre-token's segmentation
#: (label, color, outlined: the new token, kind, marked: in the next pair).
SEGMENTS_ROLE = Qt.ItemDataRole.UserRole + 2
NEXT_PAIR_COLOR = QColor("#ffe082")
TIED_PAIR_COLOR = QColor("#fff3cd")


class PretokensModel(RowsModel):
    """Pre-token (text), count, number of tokens now, current segmentation."""

    COLUMNS = (noop("Pre-token"), noop("Count"), noop("Tokens"), noop("Segmentation"))
    TEXT, COUNT, TOKENS, SEGMENTS = range(4)
    _TIPS = (
        noop("A piece the pre-tokenizer cut from the corpus; merges happen only inside pieces"),
        noop("How many times this piece occurs in the corpus (each occurrence counts for its pairs)"),
        noop("How many tokens the piece is made of now"),
        noop(
            "The piece's current tokens; the token made by the last merge is outlined in red, "
            "the pair the next merge joins is underlined in amber"
        ),
    )

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rows: list[PretokenInfo] = []
        self._labels: list[list[Chip]] = []
        self._new_id = -1
        self._next_pair: tuple[int, int] | None = None
        self._token_bytes: dict[int, bytes] = {}

    def set_pretokens(
        self,
        pretokens: list[PretokenInfo],
        token_bytes: dict[int, bytes] | None = None,
        new_id: int = -1,
        next_pair: tuple[int, int] | None = None,
    ) -> None:
        """Replace the rows; ``token_bytes`` maps ids to bytes (bytes 0-255 are implicit).

        ``new_id`` (the token of the last merge) is outlined; the occurrences of ``next_pair``
        (the ids the next merge joins) are marked.
        """
        self.beginResetModel()
        self._rows = list(pretokens)
        self._new_id = new_id
        self._next_pair = next_pair
        self._token_bytes = dict(token_bytes or {})
        self._labels = [self._segments(p) for p in self._rows]
        self.endResetModel()

    def clear(self) -> None:
        self.set_pretokens([])

    def pretoken(self, row: int) -> PretokenInfo:
        return self._rows[row]

    def _bytes_of(self, token_id: int) -> bytes:
        if token_id < 256:
            return bytes([token_id])
        return self._token_bytes.get(token_id, b"?")

    def _segments(self, p: PretokenInfo) -> list[Chip]:
        ids = p.token_ids
        marked = [False] * len(ids)
        if self._next_pair is not None:
            a, b = self._next_pair
            i = 0
            while i < len(ids) - 1:  # left to right, as the merge itself goes ("a a a": the first two)
                if ids[i] == a and ids[i + 1] == b:
                    marked[i] = marked[i + 1] = True
                    i += 2
                else:
                    i += 1
        return row_chips([(t, self._bytes_of(t)) for t in ids], self._new_id, marked)

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or index.row() >= len(self._rows):
            return None
        p = self._rows[index.row()]
        col = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            if col == self.TEXT:
                return token_label(p.text)
            if col == self.COUNT:
                return p.count
            if col == self.TOKENS:
                return len(p.token_ids)
            if col == self.SEGMENTS:
                return " | ".join(chip.label for chip in self._labels[index.row()])
        elif role == SEGMENTS_ROLE and col == self.SEGMENTS:
            return self._labels[index.row()]
        elif role == Qt.ItemDataRole.ToolTipRole:
            if col == self.SEGMENTS:
                return tr("ids: {ids}").format(ids=" ".join(str(t) for t in p.token_ids))
            if col == self.TEXT:
                return tr("bytes: {hex}").format(hex=hex_bytes(p.text))
        elif role == Qt.ItemDataRole.TextAlignmentRole and col in (self.COUNT, self.TOKENS):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None


class PairsModel(RowsModel):
    """The pairs with the highest counts now: the first is merged next; ties are shaded."""

    COLUMNS = ("#", noop("Left"), noop("Right"), noop("Merged"), noop("Count"))
    ORDER, LEFT, RIGHT, MERGED, COUNT = range(5)
    _TIPS = (
        noop("Position in the order the trainer would pick (count first, then the tie-break rule)"),
        noop("Left token of the pair"),
        noop("Right token of the pair"),
        noop("The token the merge would create"),
        noop("How often the pair occurs now, weighted by the counts of the pre-tokens it is in"),
    )

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rows: list[PairInfo] = []
        self._marked = True

    def set_pairs(self, pairs: list[PairInfo], *, next_marked: bool = True) -> None:
        """Replace the rows; ``next_marked`` False (the run has ended): no pair comes next,
        so none is highlighted."""
        self.beginResetModel()
        self._rows = list(pairs)
        self._marked = next_marked
        self.endResetModel()

    def clear(self) -> None:
        self.set_pairs([])

    def pair(self, row: int) -> PairInfo:
        return self._rows[row]

    def tied_rows(self) -> list[int]:
        """Rows that have the same count as the first (the tie-break rule chooses among them)."""
        if not self._rows:
            return []
        top = self._rows[0].count
        return [r for r, p in enumerate(self._rows) if p.count == top]

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or index.row() >= len(self._rows):
            return None
        row = index.row()
        p = self._rows[row]
        col = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            if col == self.ORDER:
                return row + 1
            if col == self.LEFT:
                return token_label(p.left)
            if col == self.RIGHT:
                return token_label(p.right)
            if col == self.MERGED:
                return token_label(p.left + p.right)
            if col == self.COUNT:
                return p.count
        elif role == Qt.ItemDataRole.BackgroundRole and self._marked:
            if row == 0:
                return NEXT_PAIR_COLOR
            if p.count == self._rows[0].count:
                return TIED_PAIR_COLOR
        elif role == Qt.ItemDataRole.ToolTipRole:
            if not self._marked:
                return tr("ids {left} + {right}; training has ended, so no pair is merged next").format(
                    left=p.left_id, right=p.right_id
                )
            if row == 0:
                return tr("The next Step merges this pair")
            if p.count == self._rows[0].count:
                return tr("Same count as the next pair: the tie-break rule put it after")
            return tr("ids {left} + {right}").format(left=p.left_id, right=p.right_id)
        elif role == Qt.ItemDataRole.TextAlignmentRole and col in (self.ORDER, self.COUNT):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None
