"""The Vocabulary view: browse every token of a tokenizer and see how each was built.

Pick the current trained tokenizer (the newest is chosen when it arrives), an opened file, or
an OpenAI encoding (r50k, p50k, cl100k, o200k: loaded in the background by the registry, with
a loading state and, when it fails, the reason and the fix). The table shows id, token with
visible whitespace, bytes in hex, byte length, both parent tokens and the pair count at merge
time; search by text, regex, id or hex; sort by any column; filter tokens that start with a
space, are not valid UTF-8 on their own, or are special. Selecting a token shows its merge
tree down to single bytes. In the main window, "As of merge k" keeps only the tokens the
Timeline's tokenizer has after its first k merges, following the Timeline's slider.

Filtering and sorting live in :class:`~app.features.vocabulary.model.VocabModel`; this module wires the
widgets and draws the tree.
"""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, Qt, QTimer, Slot
from PySide6.QtGui import QAction, QGuiApplication, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QProgressBar,
    QSplitter,
    QTableView,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app.core.i18n import bind, connect, noop, tr
from app.core.registry import TokenizerRegistry
from app.core.settings import Settings
from app.core.timeline_position import TimelinePosition
from app.display.copying import tsv
from app.display.format import format_count, hex_bytes
from app.display.pieces import fallback_ids, is_sentencepiece, token_text
from app.features.vocabulary.model import MergeTree, SearchError, VocabModel, merge_tree
from app.widgets.as_of import AsOfBox
from app.widgets.tokenizer_picker import TokenizerPicker
from app.widgets.view import View
from bpe_engine import TokenizerLike

__all__ = ["VocabView"]

_MODES = (
    ("text", noop("Text"), noop("Tokens whose text contains this (· ⏎ → are read as space, newline, tab)")),
    ("regex", noop("Regex"), noop("A regular expression searched in each token's text (\\p{Han}, ^\\s, ...)")),
    ("id", noop("Id"), noop("Ids: 42, a list 1, 5, 9 or a range 100-200")),
    ("hex", noop("Hex"), noop("Tokens containing these bytes: e5 9c or e59c")),
)
_SELECT = noop("Select a token to see its merge tree.")


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

        self.picker = TokenizerPicker(
            registry, placeholder=tr("Choose a tokenizer (train or open one, or pick an OpenAI encoding)")
        )
        bind(self.picker, "setPlaceholderText", "Choose a tokenizer (train or open one, or pick an OpenAI encoding)")
        bind(
            self.picker,
            "setToolTip",
            "Which tokenizer to browse: trained or opened ones first, then OpenAI's encodings",
        )
        # subtle: long names may shrink (their tooltip says them whole): the view must fit a
        # 1024-pixel screen in presentation mode's large fonts
        self.picker.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.picker.setMinimumContentsLength(18)
        self.picker.key_changed.connect(self._on_picker_key_changed)
        self.loading = QProgressBar()
        self.loading.setRange(0, 0)
        self.loading.setMaximumWidth(160)
        self.loading.hide()
        self.status = QLabel()
        self._loading_key = ""  # the tokenizer being loaded ("" when none is)
        self._error = ""  # the reason the current tokenizer cannot be shown ("" when it can)
        self.status.setWordWrap(True)

        self.search = QLineEdit()
        bind(self.search, "setPlaceholderText", "Search tokens…")
        self.search.setClearButtonEnabled(True)
        self.search.textChanged.connect(self._on_search_text_changed)
        QShortcut(
            QKeySequence.StandardKey.Find, self, self._on_find_shortcut, Qt.ShortcutContext.WidgetWithChildrenShortcut
        )
        self.mode = QComboBox()
        for key, label, tip in _MODES:
            self.mode.addItem(tr(label), key)
            self.mode.setItemData(self.mode.count() - 1, tr(tip), Qt.ItemDataRole.ToolTipRole)
        bind(self.mode, "setToolTip", "Search by text, regex, id or hex bytes")
        self.mode.currentIndexChanged.connect(self._on_mode_current_index_changed)
        self.space_filter = QCheckBox()
        bind(self.space_filter, "setText", "Starts with a space")
        bind(
            self.space_filter, "setToolTip", "Only tokens whose first byte is a space (word starts in GPT vocabularies)"
        )
        self.invalid_filter = QCheckBox()
        bind(self.invalid_filter, "setText", "Not valid UTF-8 alone")
        bind(
            self.invalid_filter,
            "setToolTip",
            "Only tokens holding part of a character: they print as U+FFFD when decoded alone",
        )
        self.case_box = QCheckBox()
        bind(self.case_box, "setText", "Match case")
        bind(self.case_box, "setToolTip", "Off: text and regex searches ignore case (“the” finds “The”)")
        self.case_box.toggled.connect(self._on_filter_toggled)
        self.special_filter = QCheckBox()
        bind(self.special_filter, "setText", "Special tokens")
        bind(self.special_filter, "setToolTip", "Only special tokens such as <|endoftext|>")
        for box in (self.space_filter, self.invalid_filter, self.special_filter):
            box.toggled.connect(self._on_filter_toggled)
        self.search_problem = QLabel()
        self.search_problem.setStyleSheet("color: #b71c1c;")
        self.search_problem.hide()
        self.count_label = QLabel()

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
        for text, key, whole in (
            (noop("Copy row"), "Ctrl+C", False),
            (noop("Copy the whole table (as shown)"), "", True),
        ):
            action = QAction(self.table)
            bind(action, "setText", text)
            if key:
                action.setShortcut(QKeySequence(key))
                action.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
            action.setData(whole)
            action.triggered.connect(self._on_copy_triggered)
            self.table.addAction(action)

        self.tree = QTreeWidget()
        self._set_tree_headers()
        bind(
            self.tree,
            "setToolTip",
            "How the selected token was built: each token is the merge of its two children, down to single bytes",
        )
        self.tree.header().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.tree.header().setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        self.tree.header().setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        self.tree.header().setSectionResizeMode(3, QHeaderView.ResizeMode.ResizeToContents)
        self.tree.header().setStretchLastSection(False)
        self.details = QLabel(tr(_SELECT))
        self._details_of: int | None = None  # the token whose merge tree the details describe
        self.details.setWordWrap(True)
        self.details.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

        top = QHBoxLayout()
        self._top = top
        tokenizer_label = QLabel()
        bind(tokenizer_label, "setText", "Tokenizer:")
        top.addWidget(tokenizer_label)
        top.addWidget(self.picker, 1)
        top.addWidget(self.loading)
        top.addWidget(self.status)
        search_row = QHBoxLayout()
        search_row.addWidget(self.search, 2)
        search_row.addWidget(self.mode)
        search_row.addWidget(self.case_box)
        search_row.addWidget(self.space_filter)
        search_row.addWidget(self.invalid_filter)
        search_row.addWidget(self.special_filter)
        search_row.addWidget(self.count_label)
        right = QWidget()
        rv = QVBoxLayout(right)
        rv.setContentsMargins(0, 0, 0, 0)
        tree_title = QLabel()
        bind(tree_title, "setText", "<b>Merge tree</b>")
        rv.addWidget(tree_title)
        rv.addWidget(self.details)
        rv.addWidget(self.tree, 1)
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(self.table)
        split.addWidget(right)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 2)
        split.setSizes([760, 480])
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.messages)
        layout.addLayout(search_row)
        layout.addWidget(self.search_problem)
        layout.addWidget(split, 1)

        self._search_timer = QTimer(self)
        self._search_timer.setSingleShot(True)
        self._search_timer.setInterval(150)
        self._search_timer.timeout.connect(self.apply_search)

        registry.ready.connect(self._on_registry_ready)
        registry.failed.connect(self._on_registry_failed)
        registry.removed.connect(self._on_registry_removed)
        self._update_count()
        connect(self._retranslate)

    def _set_tree_headers(self) -> None:
        self.tree.setHeaderLabels([tr("Token"), tr("Id"), tr("Merge rank"), tr("Byte")])

    @Slot(str)
    def _retranslate(self, _language: str = "") -> None:
        """After a language switch: the texts composed here, in the new language."""
        for i, (_key, label, tip) in enumerate(_MODES):
            self.mode.setItemText(i, tr(label))
            self.mode.setItemData(i, tr(tip), Qt.ItemDataRole.ToolTipRole)
        self._set_tree_headers()
        self._show_status()
        if self._error:
            self._show_error(self._error)
        if not self.search_problem.isHidden():
            self.apply_search()  # the problem, said again
        self._update_count()
        tok = self.model.tokenizer
        if self._details_of is not None and tok is not None and self._details_of in tok.vocab:
            self._show_tree(tok, self._details_of)  # the details and the tree's tooltips
        else:
            self._show_no_details()

    def _show_no_details(self) -> None:
        self._details_of = None
        self.details.setText(tr(_SELECT))

    # -- public API ------------------------------------------------------------------------

    def follow_timeline(self, position: TimelinePosition) -> None:
        """Offer "As of merge k": only the tokens the Timeline's tokenizer has after k merges."""
        box = AsOfBox(position, self.registry, self)
        box.changed.connect(self._on_as_of_changed)
        box.wanted.connect(self.show_key)
        self._top.insertWidget(2, box)
        self.as_of = box

    @Slot()
    def _on_as_of_changed(self) -> None:
        limit = self.as_of.limit_for(self.key or "") if self.as_of is not None else None
        self.model.set_as_of(limit)
        self._update_count()

    def show_key(self, key: str) -> None:
        """Browse the tokenizer registered under ``key`` (loading it first if needed).

        Another tokenizer starts unfiltered: a search or filter made for the previous one
        would show "0 of 262" for reasons that are no longer on screen.
        """
        if key != self.key:
            self._reset_search()
        self.key = key
        self.picker.refresh()  # the entry's state as it is now, whatever was announced
        self.picker.set_current_key(key)
        entry = self.registry.entry(key)
        self.messages.clear()
        self._error = ""
        if entry.status == "ready" and entry.tokenizer is not None:
            self._show_tokenizer(entry.tokenizer)
        elif entry.status == "error":
            self._show_tokenizer(None)
            self._show_error(entry.message)
        else:
            self._show_tokenizer(None)
            self._set_loading(True, key)
            self.registry.request(key)

    def _reset_search(self) -> None:
        for box in (self.space_filter, self.invalid_filter, self.special_filter):
            box.blockSignals(True)
            box.setChecked(False)
            box.blockSignals(False)
        self.search.blockSignals(True)
        self.search.clear()
        self.search.blockSignals(False)
        self._search_timer.stop()

    def tokenizer_key(self) -> str:
        return self.key or ""

    def set_presentation(self, on: bool) -> None:
        """Presentation mode: the filter boxes fold away (the search stays)."""
        for box in (self.case_box, self.space_filter, self.invalid_filter, self.special_filter):
            box.setVisible(not on)

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
        self._search_timer.stop()
        try:
            self.model.set_search(
                self.search.text(),
                self.mode.currentData(),
                space=self.space_filter.isChecked(),
                invalid=self.invalid_filter.isChecked(),
                special=self.special_filter.isChecked(),
                case=self.case_box.isChecked(),
            )
        except SearchError as exc:
            self.search_problem.setText(str(exc))
            self.search_problem.show()
            return False
        self.search_problem.hide()
        self.search_problem.setText("")
        self._update_count()
        return True

    # -- slots -----------------------------------------------------------------------------

    @Slot(str)
    def _on_picker_key_changed(self, key: str) -> None:
        if key and key != self.key:
            self.show_key(key)

    @Slot(str)
    def _on_registry_ready(self, key: str) -> None:
        entry = self.registry.entry(key)
        if not entry.lazy or key == self.key:
            self.show_key(key)  # a new trained/opened tokenizer becomes the current one

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

    @Slot()
    def _on_copy_triggered(self) -> None:
        action = self.sender()
        if isinstance(action, QAction):
            QGuiApplication.clipboard().setText(self.copy_text(bool(action.data())))

    @Slot(str)
    def _on_registry_removed(self, key: str) -> None:
        if key == self.key:
            newest = self.registry.latest_trained()
            if newest is not None:
                self.show_key(newest)
            else:
                self.key = None
                self._show_tokenizer(None)
                self._set_loading(False)

    @Slot(str, str)
    def _on_registry_failed(self, key: str, message: str) -> None:
        if key == self.key:
            self._set_loading(False)
            self._show_error(message)

    @Slot(str)
    def _on_search_text_changed(self, _text: str) -> None:
        self._search_timer.start()

    @Slot(int)
    def _on_mode_current_index_changed(self, _index: int) -> None:
        self.apply_search()

    @Slot(bool)
    def _on_filter_toggled(self, _checked: bool) -> None:
        self.apply_search()

    @Slot()
    def _on_find_shortcut(self) -> None:
        self.search.setFocus()
        self.search.selectAll()

    @Slot(QModelIndex, QModelIndex)
    def _on_table_current_row_changed(self, current: QModelIndex, _previous: QModelIndex) -> None:
        if not current.isValid() or self.model.tokenizer is None:
            self.tree.clear()
            self._show_no_details()
            return
        self._show_tree(self.model.tokenizer, self.model.token_id(current.row()))

    # -- helpers ---------------------------------------------------------------------------

    def _show_tokenizer(self, tok: TokenizerLike | None) -> None:
        limit = self.as_of.limit_for(self.key or "") if self.as_of is not None else None
        self.model.set_as_of(limit)
        self.model.set_tokenizer(tok)
        self.tree.clear()
        if tok is not None:
            self._set_loading(False)
            self._show_no_details()
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
            text = tr("{tokens} tokens · {merges} merges · pre-tokenizer {spec}").format(
                tokens=format_count(len(tok)), merges=format_count(len(tok.merges)), spec=tok.pretokenizer.spec
            )
        else:
            text = ""
        self.status.setText(text)

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

    def _show_tree(self, tok: TokenizerLike, token_id: int) -> None:
        tree = merge_tree(tok, token_id)
        self.tree.clear()
        root = self._tree_item(tree, tok)
        self.tree.addTopLevelItem(root)
        self.tree.expandAll()
        self._show_details(tok, token_id, tree)

    def _show_details(self, tok: TokenizerLike, token_id: int, tree: MergeTree) -> None:
        """The line above the tree: the token's id, text, bytes and how it was made."""
        self._details_of = token_id
        data = tok.id_to_bytes(token_id)
        merge = tok.merge_of(token_id)
        sentencepiece = is_sentencepiece(tok)
        parts = [
            f"<b>id {token_id}</b>",
            token_text(tok, token_id).replace("<", "&lt;"),
            tr("bytes {hex}").format(hex=hex_bytes(data)),
            tr("1 byte") if len(data) == 1 else tr("{n} bytes").format(n=len(data)),
        ]
        if merge is not None:
            rank = merge[2]
            counts = tok.merge_counts
            count = counts[rank] if 0 <= rank < len(counts) else None
            if count is None:
                parts.append(tr("merge rank {rank}").format(rank=rank))
            else:
                parts.append(tr("merge rank {rank}, pair count {count}").format(rank=rank, count=count))
            if sentencepiece:
                parts.append(
                    tr("{leaves} characters, {levels} merge levels").format(
                        leaves=len(self._leaves(tree)), levels=self._depth(tree)
                    )
                )
            else:
                parts.append(
                    tr("{leaves} single bytes, {levels} merge levels").format(
                        leaves=len(self._leaves(tree)), levels=self._depth(tree)
                    )
                )
        elif tok.is_special(token_id):
            parts.append(tr("special token: never merged"))
        elif token_id in fallback_ids(tok):
            parts.append(tr("byte fallback: one byte of a character the vocabulary has no piece for"))
        elif sentencepiece:
            parts.append(
                tr("a character of the vocabulary: a leaf of the merge trees (SentencePiece merges characters)")
            )
        else:
            parts.append(tr("a single byte: a leaf of every merge tree"))
        self.details.setText(" · ".join(parts))

    def _tree_item(self, node: MergeTree, tok: TokenizerLike) -> QTreeWidgetItem:
        token_id, data, rank, children = node
        leaf_byte = f"0x{data[0]:02x}" if len(data) == 1 and not children else ""
        item = QTreeWidgetItem([token_text(tok, token_id), str(token_id), "" if rank is None else str(rank), leaf_byte])
        item.setToolTip(0, tr("bytes {hex}").format(hex=hex_bytes(data)))
        for child in children:
            item.addChild(self._tree_item(child, tok))
        return item

    @classmethod
    def _leaves(cls, node: MergeTree) -> list[int]:
        return [node[0]] if not node[3] else [x for c in node[3] for x in cls._leaves(c)]

    @classmethod
    def _depth(cls, node: MergeTree) -> int:
        return 0 if not node[3] else 1 + max(cls._depth(c) for c in node[3])
