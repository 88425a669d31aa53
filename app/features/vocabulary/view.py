"""The Vocabulary view: browse every token of a tokenizer and see how each was built.

Pick the current trained tokenizer (the newest is chosen when it arrives), an opened file, or
an OpenAI encoding (r50k, p50k, cl100k, o200k: loaded in the background by the registry, with
a loading state and, when it fails, the reason and the fix). The table shows id, token with
visible whitespace, bytes in hex, byte length, both parent tokens and the pair count at merge
time; search by text, regex, id or hex; sort by any column; filter tokens that start with a
space, are not valid UTF-8 on their own, or are special. Selecting a token shows its merge
tree down to single bytes. In the main window, "As of merge k" keeps only the tokens the
Timeline's tokenizer has after its first k merges, following the Timeline's slider.

Filtering and sorting live in :class:`~app.features.vocabulary.model.VocabModel`, the search row
in :mod:`~app.features.vocabulary.search_bar`, the merge tree in
:mod:`~app.features.vocabulary.tree_panel`; this module composes them around the table and
follows the registry.
"""

from __future__ import annotations

import html

from PySide6.QtCore import QModelIndex, Qt, Slot
from PySide6.QtGui import QAction, QGuiApplication, QKeySequence, QShortcut, QShowEvent
from PySide6.QtWidgets import (
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QProgressBar,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from app.content.patterns import pattern_name
from app.core.i18n import bind, connect, noop, tr, tr_n
from app.core.jobs.merges import MergesMaker, merges_at_hand
from app.core.registry import EntryStatus, RegistryKind, TokenizerRegistry
from app.core.settings import Settings
from app.core.timeline_position import TimelinePosition
from app.display.algorithms import algorithm_name
from app.display.copying import tsv
from app.display.format import format_count
from app.features.vocabulary.model import SearchError, VocabModel
from app.features.vocabulary.search_bar import SearchBar
from app.features.vocabulary.tree_panel import MergeTreePanel
from app.widgets import build
from app.widgets.as_of import AsOfBox
from app.widgets.picked_tokenizer import NEW_TOKENIZERS, PickedTokenizer
from app.widgets.tokenizer_picker import TokenizerPicker
from app.widgets.view import View
from bpe_engine import TokenizerLike

__all__ = ["VocabView"]

_PLACEHOLDER = noop("Choose a tokenizer (train or open one, or pick an OpenAI encoding)")


#: The spec a SentencePiece model's stand-in pre-tokenizer gives.
_SENTENCEPIECE = "sentencepiece"


def pretokenizer_words(spec: str) -> str:
    """A pre-tokenizer's ``spec`` in a few words: its name, or for a regex the model it is known
    from (Llama 3's, Qwen's, Mistral Tekken's), else "a custom regex"; the pattern itself goes in a tooltip."""
    if spec == _SENTENCEPIECE:  # (it names no pre-tokenizer: SentencePiece has none)
        return tr("none (SentencePiece)")
    if not spec.startswith("regex:"):
        return spec
    known = pattern_name(spec.removeprefix("regex:"))
    return tr("{model}'s regex").format(model=known) if known else tr("a custom regex")


class VocabView(View):
    """Vocabulary browser (see the module docstring)."""

    def __init__(
        self, registry: TokenizerRegistry, settings: Settings | None = None, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.registry = registry
        self.settings = settings
        self.key: str | None = None
        self.as_of: AsOfBox | None = None  # "As of merge k" (follow_timeline)
        self._loading_key = ""  # the tokenizer being loaded ("" when none is)
        self._error = ""  # the reason the current tokenizer cannot be shown ("" when it can)
        self.merges_maker = MergesMaker("vocabulary-merges", self)
        self._unmade: TokenizerLike | None = None  # picked, shown once its merges are made
        self._build_top()
        self._build_search()
        self._build_table()
        self.tree_panel = MergeTreePanel(self)
        self.tree = self.tree_panel.tree
        self.details = self.tree_panel.details
        self._lay_out()
        registry.removed.connect(self._on_registry_removed)
        self._update_count()
        connect(self._retranslate)

    def _build_top(self) -> None:
        """The tokenizer picker, its loading bar and its figures."""
        self.picker = TokenizerPicker(self.registry, placeholder=tr(_PLACEHOLDER))
        bind(self.picker, "setPlaceholderText", _PLACEHOLDER)
        bind(
            self.picker,
            "setToolTip",
            "Which tokenizer to browse: trained or opened ones first, then OpenAI's encodings",
        )
        # subtle: long names may shrink (their tooltip says them whole): the view must fit a
        # 1024-pixel screen in presentation mode's large fonts
        build.shrinkable(self.picker, characters=18)
        # (a tokenizer trained or opened, a .tiktoken file too, is browsed at once)
        self.picked = PickedTokenizer(self.picker, self, follow_new=(*NEW_TOKENIZERS, RegistryKind.TIKTOKEN))
        self.picked.changed.connect(self._on_picked_changed)
        self.picked.loading.connect(self._on_picked_loading)
        self.picked.failed.connect(self._on_picked_failed)
        self.loading = QProgressBar()
        self.loading.setRange(0, 0)
        self.loading.setMaximumWidth(160)
        self.loading.hide()
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.status.setTextFormat(Qt.TextFormat.PlainText)  # (a custom regex may hold "<b>")

    def _build_search(self) -> None:
        """The search row, and its problem under it; the row's widgets are the view's too."""
        self.search_bar = SearchBar(self)
        self.search_bar.changed.connect(self.apply_search)
        bar = self.search_bar
        self.search, self.mode, self.case_box = bar.search, bar.mode, bar.case_box
        self.space_filter, self.invalid_filter, self.special_filter = (
            bar.space_filter,
            bar.invalid_filter,
            bar.special_filter,
        )
        self.count_label = bar.count_label
        QShortcut(QKeySequence.StandardKey.Find, self, bar.focus_search, Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self.search_problem = QLabel()
        self.search_problem.setStyleSheet("color: #b71c1c;")
        self.search_problem.hide()

    def _build_table(self) -> None:
        """The table of tokens: fixed row heights, sortable, with Copy in its context menu."""
        self.model = VocabModel(self)
        self.table = QTableView()
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QTableView.SelectionMode.SingleSelection)
        self.table.setAlternatingRowColors(True)
        self.table.setWordWrap(False)
        vh = self.table.verticalHeader()
        vh.hide()
        # subtle: fixed row heights keep 200 000 rows instant (no per-row size queries)
        vh.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        vh.setDefaultSectionSize(22)
        hh = self.table.horizontalHeader()
        for col, width in enumerate((64, 130, 150, 56, 115, 115, 70)):
            hh.resizeSection(col, width)
        hh.setStretchLastSection(True)
        hh.setSortIndicatorShown(True)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(VocabModel.ID, Qt.SortOrder.AscendingOrder)
        self.table.selectionModel().currentRowChanged.connect(self._on_table_current_row_changed)
        self.table.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
        copy_row = build.action(self.table, "Copy row", self._on_copy_triggered, shortcut="Ctrl+C")
        copy_row.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
        copy_row.setData(False)
        copy_all = build.action(self.table, "Copy the whole table (as shown)", self._on_copy_triggered)
        copy_all.setData(True)
        self.table.addActions([copy_row, copy_all])

    def _lay_out(self) -> None:
        top = QHBoxLayout()
        self._top = top
        tokenizer_label = QLabel()
        bind(tokenizer_label, "setText", "Tokenizer:")
        top.addWidget(tokenizer_label)
        top.addWidget(self.picker, 1)
        top.addWidget(self.loading)
        top.addWidget(self.status)
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(self.table)
        split.addWidget(self.tree_panel)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 2)
        split.setSizes([760, 480])
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.messages)
        layout.addWidget(self.search_bar)
        layout.addWidget(self.search_problem)
        layout.addWidget(split, 1)

    @Slot(str)
    def _retranslate(self, _language: str = "") -> None:
        """After a language switch: the texts composed here, in the new language."""
        self.search_bar.retranslate()
        self._show_status()
        if self._error:
            self._show_error(self._error)
        if not self.search_problem.isHidden():
            self.apply_search()  # the problem, said again
        self._update_count()
        self.tree_panel.retranslate(self.model.tokenizer)

    # -- public API ------------------------------------------------------------------------

    def follow_timeline(self, position: TimelinePosition) -> None:
        """Offer "As of merge k": only the tokens the Timeline's tokenizer has after k merges."""
        box = AsOfBox(position, self.registry, self)
        box.changed.connect(self._on_as_of_changed)
        box.set_keys([self.key or ""])
        self._top.insertWidget(2, box)
        self.as_of = box

    @Slot()
    def _on_as_of_changed(self) -> None:
        limit = self.as_of.limit_for(self.key or "") if self.as_of is not None else None
        self.model.set_as_of(limit)
        self._update_count()

    @Slot(str)
    def show_key(self, key: str) -> None:
        """Browse the tokenizer registered under ``key`` (loading it first if needed)."""
        self.picker.refresh()  # the entry's state as it is now, whatever was announced
        self.picker.set_current_key(key)
        self.picked.update()
        if self.registry.entry(key).status == EntryStatus.IDLE:
            self.registry.request(key)  # (asked for by name: loaded even off screen)

    @Slot(str, object)
    def _on_picked_changed(self, key: str, tok: TokenizerLike | None) -> None:
        """Show ``key``'s tokenizer (None: not loaded yet, or none chosen).

        Another tokenizer starts unfiltered: a search or filter made for the previous one
        would show "0 of 262" for reasons that are no longer on screen.
        """
        changed = (key or None) != self.key
        if changed:
            self.search_bar.reset()
        self.key = key or None
        if self.as_of is not None:
            self.as_of.set_keys([key])
        self.messages.clear()
        self._error = ""
        self._unmade = None
        if merges_at_hand(tok):
            self.merges_maker.cancel()
            self._show_tokenizer(tok)
        else:
            # A lazily opened rank table: its merges (the table's parents and ranks) are made
            # in a job, once the view is on screen.
            self._unmade = tok
            self._show_tokenizer(None)
            self._set_loading(True, key)
            self._make_merges()
        if tok is None:
            self._set_loading(False)
        self.tokenizer_changed.emit()

    def _make_merges(self) -> None:
        tok, key = self._unmade, self.key
        if tok is not None and self.isVisible():
            self.merges_maker.when_made(tok, self._on_merges_made, key, tok)

    def _on_merges_made(self, key: str | None, tok: TokenizerLike) -> None:
        if key == self.key and tok is self._unmade:
            self._unmade = None
            self._show_tokenizer(tok)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self._make_merges()

    @Slot(str)
    def _on_picked_loading(self, key: str) -> None:
        self._set_loading(True, key)

    @Slot(str, str)
    def _on_picked_failed(self, _key: str, message: str) -> None:
        self._set_loading(False)
        self._show_error(message)

    def tokenizer_key(self) -> str:
        return self.key or ""

    def set_presentation(self, on: bool) -> None:
        """Presentation mode: the filter boxes fold away (the search stays)."""
        self.search_bar.set_filters_visible(not on)

    def select_token(self, token_id: int) -> bool:
        """Select ``token_id`` in the table (if shown) and show its merge tree."""
        row = self.model.row_of(token_id)
        if row < 0:
            return False
        index = self.model.index(row, 0)
        self.table.setCurrentIndex(index)
        self.table.scrollTo(index, QTableView.ScrollHint.PositionAtCenter)
        return True

    @Slot()
    def apply_search(self) -> bool:
        """Apply the search box, mode and filters now; a bad query is shown inline."""
        try:
            self.model.set_search(**self.search_bar.query())
        except SearchError as exc:
            self.search_problem.setText(str(exc))
            self.search_problem.show()
            return False
        self.search_problem.hide()
        self.search_problem.setText("")
        self._update_count()
        return True

    def copy_text(self, whole: bool) -> str:
        """The selected row, or every row shown (search and filters applied), tab-separated."""
        model = self.model
        columns = range(model.columnCount())
        if whole:
            rows = range(model.rowCount())
        else:
            current = self.table.currentIndex()
            rows = range(current.row(), current.row() + 1) if current.isValid() else range(0)
        return tsv(
            [str(model.headerData(c, Qt.Orientation.Horizontal)) for c in columns],
            ([model.index(r, c).data() for c in columns] for r in rows),
        )

    # -- slots -----------------------------------------------------------------------------

    @Slot()
    def _on_copy_triggered(self) -> None:
        action = self.sender()
        if isinstance(action, QAction):
            QGuiApplication.clipboard().setText(self.copy_text(bool(action.data())))

    @Slot(str)
    def _on_registry_removed(self, key: str) -> None:
        if key != self.key:
            return
        newest = self.registry.latest_trained()
        if newest is not None:
            self.show_key(newest)
        else:
            self.picker.refresh()  # (nothing chosen: the picked tokenizer says so)

    @Slot(QModelIndex, QModelIndex)
    def _on_table_current_row_changed(self, current: QModelIndex, _previous: QModelIndex) -> None:
        if not current.isValid() or self.model.tokenizer is None:
            self.tree_panel.clear()
            return
        self.tree_panel.show_token(self.model.tokenizer, self.model.token_id(current.row()))

    # -- helpers ---------------------------------------------------------------------------

    def _show_tokenizer(self, tok: TokenizerLike | None) -> None:
        limit = self.as_of.limit_for(self.key or "") if self.as_of is not None else None
        self.model.set_as_of(limit)
        self.model.set_tokenizer(tok)
        self.table.setColumnHidden(VocabModel.SCORE, not self.model.has_scores)  # Unigram only
        # A Unigram or WordPiece tokenizer has no parents nor counts: three empty columns pushed
        # Unigram's scores out of sight at 1024 pixels
        no_merges = tok is not None and not tok.facts.has_merges
        for column in (VocabModel.LEFT, VocabModel.RIGHT, VocabModel.COUNT):
            self.table.setColumnHidden(column, no_merges)
        self.tree_panel.clear()
        if tok is not None:
            self._set_loading(False)
        self.apply_search()

    def _set_loading(self, loading: bool, key: str = "") -> None:
        """Show the loading state of ``key`` (or, not loading, the figures of the tokenizer shown)."""
        self.loading.setVisible(loading)
        self._loading_key = key if loading else ""
        self._show_status()

    def _show_status(self) -> None:
        tok = self.model.tokenizer
        if self._loading_key:
            text = tr("Loading {key}… (a few seconds the first time)").format(key=self._loading_key)
        elif tok is not None:
            text = tr("{tokens} · {merges} · pre-tokenizer {spec}").format(
                tokens=tr_n("%n token(s)", len(tok)),
                merges=tr_n("%n merge(s)", len(tok.merges))
                if tok.facts.has_merges
                else tr("{algorithm}: no merges").format(algorithm=algorithm_name(tok.facts.algorithm)),
                spec=pretokenizer_words(tok.pretokenizer.spec),
            )
        else:
            text = ""
        self.status.setText(text)
        # the whole pattern where it has room (four lines of the top bar at 1024 pixels)
        spec = tok.pretokenizer.spec if tok is not None and not self._loading_key else ""
        self.status.setToolTip(f"<p>{html.escape(spec)}</p>" if spec.startswith("regex:") else "")

    def _show_error(self, message: str) -> None:
        self._error = message
        self.status.setText("")
        self.messages.error(tr("This encoding cannot be shown: {reason}").format(reason=message))

    def _update_count(self) -> None:
        total = self.model.total()
        shown = self.model.rowCount()
        as_of = self.model.as_of
        if not total:
            text = ""
        elif as_of is None:
            text = tr("{shown} of {total}").format(shown=format_count(shown), total=format_count(total))
        else:
            text = tr("{shown} of {total} (as of merge {k})").format(
                shown=format_count(shown), total=format_count(total), k=format_count(as_of)
            )
        self.count_label.setText(text)
