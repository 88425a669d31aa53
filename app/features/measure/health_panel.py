"""The Measure tab's vocabulary health: the counts of each tokenizer (a table) and the tokens
of one kind for one tokenizer (a list, ids and how the token reads; the first
:data:`LIST_LIMIT`; double-click one to see it in the Vocabulary tab).

It leaves out computing the health (the engine, in the job).
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QEvent, Qt, QTimer, Signal, Slot
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QHBoxLayout,
    QListWidget,
    QListWidgetItem,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from app.core.i18n import tr
from app.display.algorithms import algorithm_name
from app.display.format import format_count
from app.display.pieces import token_text
from app.features.measure.job import Figures
from app.features.measure.tables import BPE_ONLY_KINDS, HEALTH_KINDS, HealthModel
from app.widgets import build
from bpe_engine import TokenizerLike

__all__ = ["HealthPanel", "LIST_LIMIT"]

LIST_LIMIT = 2000


class HealthPanel(QWidget):
    """See the module docstring.

    Signals:
        token_activated(str, int): a listed token was double-clicked (or Return): the
            tokenizer's key and the token's id.
    """

    token_activated = Signal(str, int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        # owned by the panel, so that a fit pending when the panel goes does not outlive it
        self._fit_timer = QTimer(self)
        self._fit_timer.setSingleShot(True)
        self._fit_timer.setInterval(0)
        self._fit_timer.timeout.connect(self._fit_table)
        self.model = HealthModel(self)
        self.table = QTableView(self)
        self.table.setModel(self.model)
        self.table.verticalHeader().setVisible(False)
        self.tokenizer_combo = build.combo(self, tooltip="The tokenizer whose tokens are listed.", translate=False)
        self.kind_combo = build.combo(self, HEALTH_KINDS, tooltip="Which tokens to list.")
        build.shrinkable(self.tokenizer_combo, self.kind_combo)
        self.tokens = QListWidget(self)
        self.tokens.setWordWrap(True)  # "Does not apply: …" ran past the right edge at 1024 pixels
        self._figures: list[Figures] = []
        self._tokenizers: dict[str, TokenizerLike] = {}
        row = QHBoxLayout()
        row.addWidget(self.tokenizer_combo, 1)
        row.addWidget(self.kind_combo, 1)
        lists = QWidget(self)
        inner = QVBoxLayout(lists)
        inner.setContentsMargins(0, 0, 0, 0)
        inner.addLayout(row)
        inner.addWidget(self.tokens, 1)
        self._split = split = QSplitter(Qt.Orientation.Vertical, self)
        split.addWidget(self.table)
        split.addWidget(lists)
        split.setSizes([140, 360])  # a row per tokenizer above, the long list below
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(split)
        self.tokenizer_combo.currentIndexChanged.connect(self._on_choice_changed)
        self.kind_combo.currentIndexChanged.connect(self._on_choice_changed)
        self.tokens.itemActivated.connect(self._on_tokens_item_activated)

    def show_figures(self, figures: Sequence[Figures], tokenizers: dict[str, TokenizerLike]) -> None:
        self._figures = [f for f in figures if f.health is not None]
        self._tokenizers = dict(tokenizers)
        self.model.show(self._figures)
        self.table.resizeColumnsToContents()
        self._fit_timer.start()
        current = self.tokenizer_combo.currentData()
        self.tokenizer_combo.blockSignals(True)
        self.tokenizer_combo.clear()
        for f in self._figures:
            self.tokenizer_combo.addItem(f.label, f.key)
        index = self.tokenizer_combo.findData(current)
        self.tokenizer_combo.setCurrentIndex(max(index, 0))
        self.tokenizer_combo.blockSignals(False)
        self._on_choice_changed()

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 (Qt naming)
        super().showEvent(event)
        # figures shown while another page was current were fitted to a splitter not laid
        # out yet: the table kept the splitter's first share (a third of a maximized page)
        self._fit_timer.start()

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:  # zoom, presentation mode: taller rows
            self._fit_timer.start()

    @Slot()
    def _fit_table(self) -> None:
        """The counts table as tall as its rows (at most half the panel), the list below
        taking the rest: a fixed height cut the last tokenizers off at a larger font."""
        table = self.table
        table.resizeColumnsToContents()
        need = table.horizontalHeader().height() + table.verticalHeader().length() + 2 * table.frameWidth()
        if table.horizontalScrollBar().isVisible():
            need += table.horizontalScrollBar().height()
        total = sum(self._split.sizes())
        if total > 0:
            top = min(need, total // 2)
            self._split.setSizes([top, total - top])

    def retranslate(self) -> None:
        """The kinds' names in the current language."""
        for k, (name, _) in enumerate(HEALTH_KINDS):
            self.kind_combo.setItemText(k, tr(name))

    @Slot(QListWidgetItem)
    def _on_tokens_item_activated(self, item: QListWidgetItem) -> None:
        token_id = item.data(Qt.ItemDataRole.UserRole)
        key = self.tokenizer_combo.currentData()
        if isinstance(token_id, int) and key is not None:
            self.token_activated.emit(str(key), token_id)

    def listed(self) -> list[str]:
        """The list's lines (tests)."""
        return [self.tokens.item(k).text() for k in range(self.tokens.count())]

    @Slot()
    def _on_choice_changed(self) -> None:
        self.tokens.clear()
        key = self.tokenizer_combo.currentData()
        figures = next((f for f in self._figures if f.key == key), None)
        tok = self._tokenizers.get(key) if key is not None else None
        if figures is None or figures.health is None or tok is None:
            return
        attr = HEALTH_KINDS[max(self.kind_combo.currentIndex(), 0)][1]
        if not figures.has_merges and attr in BPE_ONLY_KINDS:
            self.tokens.addItem(
                tr(
                    "Does not apply: {name} has no merges. Unreachable and intermediate-only tokens are made "
                    "by BPE merges that encoding never completes; {algorithm} keeps whole tokens."
                ).format(name=figures.label, algorithm=algorithm_name(tok.facts.algorithm))
            )
            return
        ids = getattr(figures.health, attr) or ()
        if not ids:
            self.tokens.addItem(tr("None."))
        for i in ids[:LIST_LIMIT]:
            # a SentencePiece token by its piece (<0x41>, ▁the), as every view names it; on one line
            item = QListWidgetItem(f"{i}\t{token_text(tok, i)}", self.tokens)
            item.setData(Qt.ItemDataRole.UserRole, i)
        if len(ids) > LIST_LIMIT:
            self.tokens.addItem(
                tr("… and {n} more (all in the CSV export)").format(n=format_count(len(ids) - LIST_LIMIT))
            )
