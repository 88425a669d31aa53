"""Compare's boundary diff: where the columns cut the text differently.

:func:`diff_marks` says which of a column's tokens to outline (those with a boundary another
column does not cut); :class:`DiffLabel` is the line under the columns that counts the
stretches of text cut differently and quotes the first few.

It leaves out drawing the outlines (the chips of each column).
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence

import numpy as np
from PySide6.QtCore import Qt, Slot
from PySide6.QtWidgets import QLabel, QWidget

from app.core.i18n import connect, tr, tr_n
from app.display.format import format_count, visible_html
from app.display.token_data import TokenTable, char_spans, cut_points, diff_array

__all__ = ["DiffLabel", "agreed_cuts", "diff_marks"]

_SAMPLES = 8  # stretches quoted; the others are counted


def diff_marks(table: TokenTable, tables: Sequence[TokenTable], agreed: np.ndarray | None = None) -> list[bool]:
    """For each token of ``table``: whether one of its two boundaries is a cut that some other
    column does not make. Only those boundaries differ; a token whose ends every column cuts
    is where the columns agree, even if another column splits it further (that column's own
    tokens are marked there). ``agreed``: :func:`agreed_cuts` of ``tables``, made once for
    all the columns."""
    if len(tables) < 2:
        return [False] * len(table)
    if agreed is None:
        agreed = agreed_cuts(tables)
    lone = ~agreed[cut_points(table)]  # a cut of this column that not every column makes
    marks: list[bool] = (lone[:-1] | lone[1:]).tolist()
    return marks


def agreed_cuts(tables: Sequence[TokenTable]) -> np.ndarray:
    """A mask over the byte offsets: those every column cuts."""
    # (sorted intersections of 300 000 cuts per column cost a tenth of a second in the GUI thread)
    size = max(len(t.data) for t in tables) + 1
    agreed = np.ones(size, dtype=bool)
    cuts = np.zeros(size, dtype=bool)
    for t in tables:
        cuts[:] = False
        cuts[cut_points(t)] = True
        agreed &= cuts
    return agreed


class DiffLabel(QLabel):
    """The stretches the columns cut differently, counted and quoted (see the module docstring)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWordWrap(True)
        self.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self._text = ""
        self._table: TokenTable | None = None
        self._byte_spans = np.zeros((0, 2), dtype=np.int64)
        self._working: int | None = None  # columns with tokens; None until the first result
        self._left_out: Callable[[], list[str]] = list  # names of the columns whose text differs
        connect(self._on_language_changed)

    def spans(self) -> list[tuple[int, int]]:
        """Character spans of the text that the columns cut differently."""
        return char_spans(self._table, self._byte_spans) if self._table is not None else []

    def show_tables(self, tables: Sequence[TokenTable], left_out: Callable[[], list[str]] = list) -> None:
        """Compare the working columns' ``tables`` (of one text) and say where they differ;
        ``left_out`` names (in the current language) the columns whose tokens decode to
        another text (normalized), left out of the comparison."""
        self._working = len(tables)
        self._left_out = left_out
        self._text = tables[0].text if tables else ""
        self._table = tables[0] if tables else None
        # kept as an array: 30 000 stretches as a list of tuples cost the GUI thread ~20 ms,
        # and the line quotes only the first few
        self._byte_spans = diff_array(list(tables))
        self._say()

    def _say(self) -> None:
        if self._working is None:
            return
        line = self._line()
        names = self._left_out()
        if names:  # (else the line claimed "every column" for the ones it never compared)
            line += tr(
                " Left out: {names}: their tokens decode to another text (normalized: lower-cased or "
                "re-spaced), so their cuts cannot be compared with the others'."
            ).format(names=html.escape(", ".join(names)))
        self.setText(line)

    def _line(self) -> str:
        n = len(self._byte_spans)
        if self._working is None or self._working < 2:
            return tr("Boundary diff: needs at least two working columns.")
        if n == 0:
            return tr("Boundary diff: every tokenizer cuts this text at the same places.")
        text = self._text
        assert self._table is not None  # n > 0
        first = char_spans(self._table, self._byte_spans[:_SAMPLES])
        samples = ", ".join(f"‘{visible_html(text[s:e])}’" for s, e in first)
        more = tr(" and {n} more").format(n=format_count(n - _SAMPLES)) if n > _SAMPLES else ""
        line = tr_n(
            "Boundary diff: <b>%n</b> stretch(es) cut differently (outlined in orange in every column): {samples}{more}.",
            n,
        )
        return line.format(samples=samples, more=more)

    @Slot(str)
    def _on_language_changed(self, _language: str) -> None:
        self._say()
