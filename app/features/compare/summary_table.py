"""Compare's summary table: the columns' numbers side by side, for the text and the corpus.

:class:`SummaryTable` shows a :class:`~app.features.compare.summary_model.CompareSummaryModel`;
:func:`summary_rows` composes its rows from the columns: each tokenizer's name (with "as of
merge k" when the Timeline limits it), whether it is loading or unavailable, its counts for
the text, and its corpus figures.

It leaves out computing the ratios and formatting (the model).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QHeaderView, QTableView, QWidget

from app.core.i18n import tr
from app.core.messages import CorpusStats
from app.core.registry import RegistryKind, TokenizerRegistry
from app.display.format import format_count
from app.display.token_data import TokenTable
from app.features.compare.column import ColumnState, CompareColumn
from app.features.compare.summary_model import CompareSummaryModel, SummaryRow

__all__ = ["SummaryTable", "summary_rows", "CORPUS_COLUMNS"]

#: The columns of corpus mode's figures: hidden until a run gives some (their "—" took the
#: width of the names and a scroll bar's height from the chips, at 1024x700 presenting).
CORPUS_COLUMNS = range(5, 9)


class SummaryTable(QTableView):
    """The summary table; its model is ``summary``."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.summary = CompareSummaryModel(self)
        self.setModel(self.summary)
        self.verticalHeader().setVisible(False)
        # Rows as tall as their text: the zoomed default (1.5 times a row for 1.5 times the
        # text, plus 1.5 times the padding) took the chips' height when presenting.
        self.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self._cap = 170
        self.setMaximumHeight(self._cap)
        self.setSelectionMode(QTableView.SelectionMode.NoSelection)
        for signal in (self.summary.modelReset, self.summary.rowsInserted, self.summary.rowsRemoved):
            signal.connect(self._fit_rows)
        # Rows fit their text again after a zoom, and a name may need the scroll bar: fit then.
        self._refit = QTimer(self, singleShot=True, interval=0)
        self._refit.timeout.connect(self._fit_rows)
        self.verticalHeader().sectionResized.connect(self._refit.start)
        self.horizontalHeader().sectionResized.connect(self._refit.start)
        for signal in (self.summary.modelReset, self.summary.dataChanged):
            signal.connect(self._show_corpus_columns)
        self._show_corpus_columns()

    def _show_corpus_columns(self) -> None:
        """Corpus mode's columns only when some row has corpus figures."""
        shown = any(row.corpus is not None for row in self.summary.rows())
        if shown == self.isColumnHidden(CORPUS_COLUMNS[0]):
            for column in CORPUS_COLUMNS:
                self.setColumnHidden(column, not shown)
            self._fit_rows()

    def set_cap(self, cap: int) -> None:
        """At most ``cap`` pixels tall (less on a short window: eight rows scroll)."""
        if cap != self._cap:
            self._cap = cap
            self._fit_rows()

    def _fit_rows(self) -> None:
        """As tall as its rows (at most the cap): the chip columns above get the rest."""
        rows = self.verticalHeader().length() if self.summary.rowCount() else self.verticalHeader().defaultSectionSize()
        height = self.horizontalHeader().height() + rows
        if self.horizontalHeader().length() > self.viewport().width():
            height += self.horizontalScrollBar().sizeHint().height()
        self.setMaximumHeight(min(self._cap, height + 2 * self.frameWidth()))


def summary_rows(
    registry: TokenizerRegistry,
    columns: Sequence[CompareColumn],
    tables: Mapping[int, TokenTable],
    text: str,
    corpus: Mapping[str, CorpusStats],
    merge_limit: Callable[[str], int | None],
) -> list[SummaryRow]:
    """One row per column: ``tables`` (of ``text``: bytes and characters are the text's, not
    the decoded tokens', which WordPiece lower-cases and re-spaces) by column index, ``corpus`` figures by tokenizer key,
    ``merge_limit(key)`` the merges "As of merge k" leaves a tokenizer (None: all)."""
    rows = []
    n_bytes, n_chars = len(text.encode("utf-8", errors="surrogatepass")), len(text)
    for i, col in enumerate(columns):
        key = col.key()
        entry = registry.entry(key)
        label = entry.label if entry.kind != RegistryKind.OPENAI else key
        limit = merge_limit(key)
        if limit is not None:
            label += tr(" (as of merge {k})").format(k=format_count(limit))
        row = SummaryRow(label)
        table = tables.get(i)
        if col.state == ColumnState.LOADING:
            row.status = tr("loading…")
        elif col.state == ColumnState.ERROR:
            row.status = tr("unavailable")
        elif table is not None:
            row.tokens = len(table)
            row.bytes, row.chars = n_bytes, n_chars
        row.corpus = corpus.get(key)  # per tokenizer: columns may move or repeat
        rows.append(row)
    return rows
