"""The Compare view: one text, two to five tokenizers side by side.

Each column (:class:`~app.features.compare.column.CompareColumn`) shows one tokenizer's
chips and counts; a summary table puts tokens, bytes per token, characters per token and
the ratio to the first column next to each other. The boundary diff outlines, in each
column, only the tokens with a boundary that another column does not cut (where the columns
agree, nothing is outlined), and counts the stretches of text cut differently. Below, in tabs:
corpus mode encodes a whole file with every column's tokenizer in a worker (progress bar,
Cancel) and adds the corpus figures to the table; vocabulary overlap
(:class:`~app.features.compare.overlap_panel.OverlapPanel`) counts the tokens two tokenizers share (by
default the first two columns) and lists those only one has.

In the main window, "As of merge k" shows the Timeline's tokenizer, in the columns that show
it, with only its first k merges, following the Timeline's slider.

A column whose encoding cannot be loaded shows why and how to fix it; the others keep
working. Encoding runs off the GUI thread through an
:class:`~app.core.encoding.EncodeController`; stale results are dropped.
"""

from __future__ import annotations

import os
from collections.abc import Sequence

import numpy as np
from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtGui import QKeySequence, QShowEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QProgressBar,
    QPushButton,
    QSpinBox,
    QSplitter,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from app.content.presets import PRESETS
from app.core.encoding import EncodeController
from app.core.i18n import bind, connect, tr
from app.core.messages import CorpusStats, EncodeResult
from app.core.registry import TokenizerRegistry
from app.core.settings import Settings
from app.core.timeline_position import TimelinePosition
from app.core.tokenizer_files import TiktokenFileOpener
from app.display.format import visible
from app.display.token_data import TokenTable, boundary_diff, char_spans, cut_points
from app.features.compare.column import CompareColumn
from app.features.compare.corpus_controller import CorpusCompareController
from app.features.compare.overlap_panel import OverlapPanel
from app.features.compare.summary_model import CompareSummaryModel, SummaryRow
from app.widgets.as_of import AsOfBox
from app.widgets.open_files import choose_text_file
from app.widgets.text_input import TextInput
from app.widgets.tokenizer_picker import open_tiktoken_file
from app.widgets.view import View
from bpe_engine import TokenizerLike

__all__ = ["CompareView", "MIN_COLUMNS", "MAX_COLUMNS"]

MIN_COLUMNS, MAX_COLUMNS = 2, 5
_DEFAULT_TEXT = "Hello world! 國語 Жизнь 🤚🏾 def f(x):\n    return x ** 2  # 12345678"


def diff_marks(table: TokenTable, tables: Sequence[TokenTable]) -> list[bool]:
    """For each token of ``table``: whether one of its two boundaries is a cut that some other
    column does not make. Only those boundaries differ; a token whose ends every column cuts
    is where the columns agree, even if another column splits it further (that column's own
    tokens are marked there)."""
    if len(tables) < 2:
        return [False] * len(table)
    cuts = [cut_points(t) for t in tables]
    agreed = cuts[0]
    for c in cuts[1:]:
        agreed = np.intersect1d(agreed, c, assume_unique=True)
    starts = np.asarray(table.byte_starts, dtype=np.int64)
    lone = ~np.isin(starts, agreed)  # a cut of this column that not every column makes
    marks: list[bool] = (lone[:-1] | lone[1:]).tolist()
    return marks


class CompareView(View):
    """One text, two to five tokenizers, and a whole file (see the module docstring).

    Signals:
        displayed(int): the columns now show the result of this request generation.
    """

    displayed = Signal(int)

    def __init__(
        self, registry: TokenizerRegistry, settings: Settings | None = None, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.registry = registry
        self.settings = settings
        self.controller = EncodeController(self)
        self.corpus = CorpusCompareController(self)
        self.opener = TiktokenFileOpener(registry, self)
        self._columns: list[CompareColumn] = []
        self._diff: list[tuple[int, int]] = []
        self._diff_chars: list[tuple[int, int]] = []
        self._text = ""
        self._displayed_generation = -1
        self._known_keys = set(registry.keys())
        self._corpus_path = ""
        self._tables: dict[int, TokenTable] = {}
        # What corpus mode's status line says, kept to say it again in another language.
        self._corpus_said: tuple[object, ...] = ("choose",)
        self.as_of: AsOfBox | None = None  # "As of merge k" (follow_timeline)
        self._build()
        trained = registry.latest_trained()
        for key in ([trained] if trained else ["r50k_base"]) + ["cl100k_base", "o200k_base"]:
            self.add_column(key)
        self.editor.setPlainText(_DEFAULT_TEXT)
        registry.ready.connect(self._on_registry_ready)
        registry.failed.connect(self._on_registry_failed)
        self.controller.finished.connect(self._on_controller_finished)
        self.corpus.progress.connect(self._on_corpus_progress)
        self.corpus.column_done.connect(self._on_corpus_column_done)
        self.corpus.finished.connect(self._on_corpus_finished)
        self.corpus.failed.connect(self._on_corpus_failed)
        self.corpus.state_changed.connect(self._on_corpus_state_changed)
        self.opener.failed.connect(self.messages.error)
        self.opener.opened.connect(self._on_opener_opened)
        connect(self._on_language_changed)

    # -- building ---------------------------------------------------------------------------

    def _build(self) -> None:
        self.editor = TextInput(self)
        bind(self.editor, "setPlaceholderText", "Type or paste the text to compare…")
        self.editor.setMaximumHeight(110)
        self.editor.textChanged.connect(self._request)
        self.preset_combo = QComboBox(self)
        self.preset_combo.addItem("", "")
        for _title, text, _note in PRESETS:
            self.preset_combo.addItem("", text)
        self._name_presets()
        self.preset_combo.activated.connect(self._on_preset_combo_activated)
        self.whitespace_box = QCheckBox(self)
        bind(self.whitespace_box, "setText", "Show whitespace")
        self.whitespace_box.setChecked(self.settings.show_whitespace if self.settings else True)
        self.whitespace_box.toggled.connect(self._on_display_box_toggled)
        self.diff_box = QCheckBox(self)
        bind(self.diff_box, "setText", "Highlight differences")
        self.diff_box.setChecked(True)
        bind(self.diff_box, "setToolTip", "Outline in orange the tokens whose boundaries another column does not share")
        self.diff_box.toggled.connect(self._on_display_box_toggled)
        self.add_button = QPushButton(self)
        bind(self.add_button, "setText", "+ Add tokenizer")
        bind(self.add_button, "setToolTip", "Add a column (up to {n}) (Ctrl+Shift+A)", n=MAX_COLUMNS)
        self.add_button.setShortcut(QKeySequence("Ctrl+Shift+A"))
        self.add_button.clicked.connect(self._on_add_button_clicked)
        # subtle: the row must fit 1024 pixels in presentation mode's large fonts
        self.preset_combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.preset_combo.setMinimumContentsLength(10)
        self._preset_label = QLabel()
        bind(self._preset_label, "setText", "Preset:")
        top = QHBoxLayout()
        self._top = top
        top.addWidget(self._preset_label)
        top.addWidget(self.preset_combo)
        top.addWidget(self.whitespace_box)
        top.addWidget(self.diff_box)
        top.addStretch(1)
        top.addWidget(self.add_button)

        self.splitter = QSplitter(Qt.Orientation.Horizontal, self)
        self.splitter.setChildrenCollapsible(False)
        self.diff_label = QLabel(self)
        self.diff_label.setWordWrap(True)
        self.diff_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

        self.summary = CompareSummaryModel(self)
        self.summary_view = QTableView(self)
        self.summary_view.setModel(self.summary)
        self.summary_view.verticalHeader().setVisible(False)
        self.summary_view.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.summary_view.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.summary_view.setMaximumHeight(170)
        self.summary_view.setSelectionMode(QTableView.SelectionMode.NoSelection)

        self.corpus_box = corpus_box = QWidget(self)
        self.corpus_file_button = QPushButton(self)
        bind(self.corpus_file_button, "setText", "Choose file…")
        self.corpus_file_button.clicked.connect(self._on_corpus_file_button_clicked)
        self.corpus_path_label = QLabel(self)
        self.limit_spin = QSpinBox(self)
        self.limit_spin.setRange(0, 100_000)
        self.limit_spin.setValue(0)  # the whole file: fast with the engine's file encoder
        self.limit_spin.setSuffix(" MB")  # i18n: none (a unit, written so in Chinese too)
        bind(self.limit_spin, "setSpecialValueText", "whole file")
        bind(self.limit_spin, "setToolTip", "Encode only the first megabytes of the file (0: the whole file)")
        self.run_button = QPushButton(self)
        bind(self.run_button, "setText", "Run")
        bind(self.run_button, "setToolTip", "Encode the file with every column's tokenizer (Ctrl+Return)")
        self.run_button.setShortcut(QKeySequence("Ctrl+Return"))
        self.run_button.clicked.connect(self.run_corpus)
        self.cancel_button = QPushButton(self)
        bind(self.cancel_button, "setText", "Cancel")
        bind(self.cancel_button, "setToolTip", "Stop the corpus run (Esc)")
        self.cancel_button.setShortcut(QKeySequence("Escape"))
        self.cancel_button.clicked.connect(self.corpus.cancel)
        self.progress = QProgressBar(self)
        self.progress.setRange(0, 1000)
        self.progress.setValue(0)
        self.corpus_status = QLabel(self)
        self.corpus_status.setWordWrap(True)
        row = QHBoxLayout()
        for w in (self.corpus_file_button, self.corpus_path_label):
            row.addWidget(w)
        row.addStretch(1)
        at_most = QLabel(self)
        bind(at_most, "setText", "Use at most")
        row.addWidget(at_most)
        row.addWidget(self.limit_spin)
        row.addWidget(self.run_button)
        row.addWidget(self.cancel_button)
        box_layout = QVBoxLayout(corpus_box)
        box_layout.addLayout(row)
        box_layout.addWidget(self.progress)
        box_layout.addWidget(self.corpus_status)

        self.overlap = OverlapPanel(self.registry, self)
        self.lower_tabs = QTabWidget(self)
        self.lower_tabs.setDocumentMode(True)
        bind(
            self.lower_tabs,
            "setTabText",
            "Corpus mode: compression on a whole file",
            self.lower_tabs.addTab(corpus_box, ""),
        )
        overlap_tab = self.lower_tabs.addTab(self.overlap, "")
        bind(self.lower_tabs, "setTabText", "Vocabulary overlap", overlap_tab)
        bind(
            self.lower_tabs,
            "setTabToolTip",
            "How many tokens two tokenizers share, and the tokens only one has",
            overlap_tab,
        )
        self.lower_tabs.currentChanged.connect(self._on_lower_tabs_current_changed)

        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.editor)
        layout.addWidget(self.messages)
        layout.addWidget(self.splitter, 1)
        layout.addWidget(self.diff_label)
        layout.addWidget(self.summary_view)
        layout.addWidget(self.lower_tabs)
        self._layout = layout
        self._on_lower_tabs_current_changed(0)
        self._update_corpus_buttons()
        self._show_corpus_path()
        self._say_corpus()

    def _name_presets(self) -> None:
        """The preset combo's items in the current language (their texts, the data, stay)."""
        self.preset_combo.setItemText(0, tr("Choose a preset…"))
        for i, (title, _text, note) in enumerate(PRESETS, start=1):
            self.preset_combo.setItemText(i, tr(title))
            self.preset_combo.setItemData(i, tr(note), Qt.ItemDataRole.ToolTipRole)

    @Slot(str)
    def _on_language_changed(self, _language: str) -> None:
        """Say again, in the new language, what the view composed from its state."""
        self._name_presets()
        self._show_corpus_path()
        self._say_corpus()
        if self.diff_label.text():
            self._show_diff_label()
        self._update_summary()

    # -- as of merge k ----------------------------------------------------------------------

    def follow_timeline(self, position: TimelinePosition) -> None:
        """Offer "As of merge k": columns showing the Timeline's tokenizer use its first k merges."""
        box = AsOfBox(position, self.registry, self)
        box.changed.connect(self._request)
        box.wanted.connect(self._on_as_of_wanted)
        self._top.insertWidget(self._top.count() - 2, box)
        self.as_of = box

    def merge_limit(self, key: str) -> int | None:
        """The merges a column showing ``key`` uses ("As of merge k"), or None: all of them."""
        return self.as_of.limit_for(key) if self.as_of is not None else None

    @Slot(str)
    def _on_as_of_wanted(self, key: str) -> None:
        if key not in self.keys() and self._columns:
            self._columns[0].set_key(key)  # the Timeline's tokenizer, compared with the others

    # -- columns ----------------------------------------------------------------------------

    def columns(self) -> list[CompareColumn]:
        return list(self._columns)

    def keys(self) -> list[str]:
        return [c.key() for c in self._columns]

    def add_column(self, key: str, index: int | None = None) -> CompareColumn | None:
        """Add a column showing ``key`` (at ``index``, default last); None when there are five."""
        if len(self._columns) >= MAX_COLUMNS:
            return None
        col = CompareColumn(self.registry, self)
        col.set_key(key)
        col.key_changed.connect(self._on_column_key_changed)
        col.remove_requested.connect(self._on_column_remove_requested)
        index = len(self._columns) if index is None else max(0, min(index, len(self._columns)))
        self._columns.insert(index, col)
        self.splitter.insertWidget(index, col)
        self._update_column_buttons()
        self._show_column_key(col)
        return col

    def remove_column(self, index: int) -> None:
        if len(self._columns) <= MIN_COLUMNS or not (0 <= index < len(self._columns)):
            return
        col = self._columns.pop(index)
        col.hide()
        col.setParent(None)
        col.deleteLater()
        self._update_column_buttons()
        self.overlap.follow(self.keys())
        self._request()

    def set_keys(self, keys: list[str]) -> None:
        """Show exactly these tokenizers (2 to 5), in this order."""
        keys = keys[:MAX_COLUMNS]
        while len(self._columns) < len(keys):
            self.add_column(keys[len(self._columns)])
        while len(self._columns) > max(len(keys), MIN_COLUMNS):
            self.remove_column(len(self._columns) - 1)
        for col, key in zip(self._columns, keys):
            if col.key() != key:
                col.set_key(key)

    def _next_free_key(self) -> str:
        used = set(self.keys())
        return next((k for k in self.registry.keys() if k not in used), "cl100k_base")

    def _update_column_buttons(self) -> None:
        self.add_button.setEnabled(len(self._columns) < MAX_COLUMNS)
        for c in self._columns:
            c.remove_button.setEnabled(len(self._columns) > MIN_COLUMNS)

    @Slot(str)
    def _on_column_key_changed(self, _key: str) -> None:
        col = self.sender()
        if isinstance(col, CompareColumn):
            self._show_column_key(col)

    @Slot()
    def _on_column_remove_requested(self) -> None:
        col = self.sender()
        if isinstance(col, CompareColumn) and col in self._columns:
            self.remove_column(self._columns.index(col))

    @Slot()
    def _on_add_button_clicked(self) -> None:
        self.add_column(self._next_free_key())

    @Slot(int)
    def _on_lower_tabs_current_changed(self, index: int) -> None:
        """The overlap lists need room: they share the height with the columns; corpus mode
        takes only what it needs."""
        if "lower_tabs" not in self.__dict__:  # the window is being torn down (Qt removes the tabs)
            return
        if self.lower_tabs.widget(index) is self.overlap:
            self.lower_tabs.setMaximumHeight(16_777_215)  # QWIDGETSIZE_MAX
            self._layout.setStretchFactor(self.lower_tabs, 1)
        else:
            page = self.lower_tabs.widget(index)
            bar = self.lower_tabs.tabBar().sizeHint().height()
            self.lower_tabs.setMaximumHeight(bar + (page.sizeHint().height() if page is not None else 0) + 4)
            self._layout.setStretchFactor(self.lower_tabs, 0)

    def _show_column_key(self, col: CompareColumn) -> None:
        """Show ``col``'s tokenizer: its chips, or that it is loading, or why it cannot load."""
        self.overlap.follow(self.keys())
        key = col.key()
        entry = self.registry.entry(key)
        if entry.tokenizer is None:
            if entry.status == "error":
                self._show_column_error(col, key, entry.message)
            else:
                col.show_loading(key)
                if self.isVisible():
                    self.registry.request(key)
        self._request()

    def _show_column_error(self, col: CompareColumn, key: str, message: str) -> None:
        col.show_error(
            key, message, lambda: self.registry.request(key), lambda: open_tiktoken_file(self, self.opener, key)
        )

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802
        super().showEvent(event)
        for key in set(self.keys()):
            if self.registry.entry(key).status == "idle" and self.registry.get(key) is None:
                self.registry.request(key)  # OpenAI encodings load only once someone looks

    @Slot(str)
    def _on_registry_ready(self, key: str) -> None:
        entry = self.registry.entry(key)
        if key not in self._known_keys:
            self._known_keys.add(key)
            if entry.kind == "trained" and not any(self.registry.entry(k).kind == "trained" for k in self.keys()):
                # A freshly trained tokenizer is compared with OpenAI's at once.
                if len(self._columns) < MAX_COLUMNS:
                    self.add_column(key, 0)
                else:
                    self._columns[0].set_key(key)
                return
        if key in self.keys():
            self._request()

    @Slot(str, str)
    def _on_registry_failed(self, key: str, message: str) -> None:
        for col in self._columns:
            if col.key() == key:
                self._show_column_error(col, key, message)
        self._request()

    @Slot(str)
    def _on_opener_opened(self, key: str) -> None:
        # Put the opened file where the failing column was (or add it).
        for col in self._columns:
            if col.state == "error":
                col.set_key(key)
                return
        self.add_column(key)

    # -- encoding ---------------------------------------------------------------------------

    def text(self) -> str:
        return self.editor.document().toRawText().replace("\u2029", "\n")

    def set_text(self, text: str) -> None:
        self.editor.setPlainText(text)

    def _ready_tokenizers(self) -> list[tuple[str, TokenizerLike]]:
        out = []
        for i, col in enumerate(self._columns):
            tok = self.registry.get(col.key())
            if tok is not None:
                out.append((f"{i}:{col.key()}", tok))
        return out

    @Slot()
    def _request(self) -> None:
        self._text = self.text()
        ready = self._ready_tokenizers()
        if ready:
            limits = {k: limit for k, _ in ready if (limit := self.merge_limit(k.split(":", 1)[1])) is not None}
            self.controller.request(self._text, "recognised", ready, as_of=limits)
        else:
            self._update_summary()

    def is_settled(self) -> bool:
        """True when every loadable column shows the current text."""
        if any(c.state == "loading" for c in self._columns):
            return False
        return self._displayed_generation == self.controller.generation or not self._ready_tokenizers()

    @Slot(EncodeResult)
    def _on_controller_finished(self, result: EncodeResult) -> None:
        tables: dict[int, TokenTable] = {}
        for outcome in result.outcomes:
            index, key = outcome.key.split(":", 1)
            i = int(index)
            if i < len(self._columns) and self._columns[i].key() == key and outcome.table is not None:
                tables[i] = outcome.table
        self._diff = boundary_diff(list(tables.values())) if len(tables) > 1 else []
        any_table = next(iter(tables.values()), None)
        self._diff_chars = char_spans(any_table, self._diff) if any_table is not None else []
        self._tables = tables
        self._show(result.generation)
        self._displayed_generation = result.generation
        self.displayed.emit(result.generation)

    @Slot(bool)
    def _on_display_box_toggled(self, _on: bool) -> None:
        self._redraw()

    def _redraw(self) -> None:
        if self._tables:
            self._show(self._columns[0].chips.generation if self._columns else 0)

    def _show(self, generation: int) -> None:
        ws = self.whitespace_box.isChecked()
        highlight = self.diff_box.isChecked()
        for i, col in enumerate(self._columns):
            table = self._tables.get(i)
            if table is None:
                continue
            marks = diff_marks(table, list(self._tables.values())) if highlight else None
            col.show_table(table, ws, marks, generation)
        self._show_diff_label()
        self._update_summary()

    def _show_diff_label(self) -> None:
        n = len(self._diff_chars)
        if len(self._tables) < 2:
            self.diff_label.setText(tr("Boundary diff: needs at least two working columns."))
            return
        if n == 0:
            self.diff_label.setText(tr("Boundary diff: every tokenizer cuts this text at the same places."))
            return
        text = self._text
        samples = ", ".join(f"‘{visible(text[s:e])}’" for s, e in self._diff_chars[:8])
        more = tr(" and {n} more").format(n=n - 8) if n > 8 else ""
        line = (
            tr("Boundary diff: <b>1</b> stretch cut differently (outlined in orange in every column): {samples}{more}")
            if n == 1
            else tr(
                "Boundary diff: <b>{n}</b> stretches cut differently (outlined in orange in every column): "
                "{samples}{more}"
            )
        )
        self.diff_label.setText(line.format(n=n, samples=samples.replace("<", "&lt;"), more=more))

    def diff_spans(self) -> list[tuple[int, int]]:
        """Character spans of the current text that the columns cut differently."""
        return list(self._diff_chars)

    def diff_byte_spans(self) -> list[tuple[int, int]]:
        return list(self._diff)

    def _update_summary(self) -> None:
        rows = []
        tables = self._tables
        for i, col in enumerate(self._columns):
            key = col.key()
            entry = self.registry.entry(key)
            label = entry.label if entry.kind != "openai" else key
            limit = self.merge_limit(key)
            if limit is not None:
                label += tr(" (as of merge {k})").format(k=f"{limit:,}")
            row = SummaryRow(label)
            table = tables.get(i)
            if col.state == "loading":
                row.status = tr("loading…")
            elif col.state == "error":
                row.status = tr("unavailable")
            elif table is not None:
                row.tokens = len(table)
                row.bytes = len(table.data)
                row.chars = len(table.text)
            row.corpus = self.corpus.results.get(key)  # per tokenizer: columns may move or repeat
            rows.append(row)
        self.summary.set_rows(rows)

    # -- presets ----------------------------------------------------------------------------

    @Slot(int)
    def _on_preset_combo_activated(self, index: int) -> None:
        text = self.preset_combo.itemData(index)
        if text:
            self.set_text(text)

    # -- corpus mode ------------------------------------------------------------------------

    def set_corpus_path(self, path: str) -> None:
        if path != self._corpus_path and not self.corpus.is_running():
            self.corpus.results = {}  # figures belong to the file they were measured on
            self.progress.setValue(0)
            self._say_corpus(("ready",))
            self._update_summary()
        self._corpus_path = path
        self._show_corpus_path()
        self._update_corpus_buttons()

    def _show_corpus_path(self) -> None:
        path = self._corpus_path
        if not path:
            self.corpus_path_label.setText(tr("No file chosen"))
            self.corpus_path_label.setToolTip("")
            return
        try:
            size = os.path.getsize(path)
            self.corpus_path_label.setText(
                tr("{name} ({mb} MB)").format(name=os.path.basename(path), mb=f"{size / 1e6:,.1f}")
            )
        except OSError:
            self.corpus_path_label.setText(tr("{name} (cannot be read)").format(name=os.path.basename(path)))
        self.corpus_path_label.setToolTip(path)

    def _say_corpus(self, said: tuple[object, ...] | None = None) -> None:
        """Corpus mode's status line (``said``: what to say from now on; None: say it again)."""
        if said is not None:
            self._corpus_said = said
        what, *args = self._corpus_said
        if what == "ready":
            text = tr("Press Run to encode the file with every column's tokenizer.")
        elif what == "no file":
            text = tr("Choose a file first.")
        elif what == "no tokenizer":
            text = tr("No column has a usable tokenizer yet.")
        elif what == "running":
            name, count, skipped = args
            text = (
                tr("Encoding {name} with 1 tokenizer…") if count == 1 else tr("Encoding {name} with {n} tokenizers…")
            ).format(name=name, n=count)
            if skipped == 1:
                text += tr(" (1 column without a tokenizer skipped)")
            elif skipped:
                text += tr(" ({n} columns without a tokenizer skipped)").format(n=skipped)
        elif what == "cancelled":
            text = tr("Cancelled. Rows with corpus figures finished before Cancel; the others show —.")
        elif what == "done":
            text = tr("Done: {mb} MB encoded by each tokenizer in {s} s in total.").format(mb=args[0], s=args[1])
        elif what == "failed":
            text = "<span style='color:#b71c1c'>{}</span>".format(
                tr("<b>Cannot use this file.</b> {reason}").format(reason=args[0])
            )
        else:
            text = tr("Choose a UTF-8 text file to compare the tokenizers' compression on more than a snippet.")
        self.corpus_status.setText(text)

    @Slot()
    def _on_corpus_file_button_clicked(self) -> None:
        path = choose_text_file(self, self.settings, tr("Choose a UTF-8 text file"))
        if path:
            self.set_corpus_path(path)

    @Slot()
    def run_corpus(self) -> None:
        if self.corpus.is_running():
            return
        if not self._corpus_path:
            self._say_corpus(("no file",))
            return
        ready: dict[str, TokenizerLike] = {}
        for col in self._columns:
            tok = self.registry.get(col.key())
            if tok is not None:
                ready.setdefault(col.key(), tok)
        if not ready:
            self._say_corpus(("no tokenizer",))
            return
        skipped = sum(1 for col in self._columns if self.registry.get(col.key()) is None)
        self.corpus.start(self._corpus_path, self.limit_spin.value() * 1_000_000, list(ready.items()))
        self.progress.setValue(0)
        self._say_corpus(("running", os.path.basename(self._corpus_path), len(ready), skipped))
        self._update_summary()

    @Slot(int, int)
    def _on_corpus_progress(self, done: int, total: int) -> None:
        self.progress.setValue(int(1000 * done / total) if total else 0)

    @Slot(CorpusStats)
    def _on_corpus_column_done(self, stats: CorpusStats) -> None:
        self._update_summary()

    def corpus_figures(self) -> dict[str, CorpusStats]:
        """Corpus results by tokenizer key (after a run)."""
        return dict(self.corpus.results)

    @Slot(str)
    def _on_corpus_finished(self, reason: str) -> None:
        if reason == "cancelled":
            self._say_corpus(("cancelled",))
        else:
            secs = sum(s.seconds for s in self.corpus.results.values())
            nbytes = max((s.bytes for s in self.corpus.results.values()), default=0)
            self.progress.setValue(1000)
            self._say_corpus(("done", f"{nbytes / 1e6:,.2f}", f"{secs:.1f}"))
        self._update_summary()

    @Slot(str)
    def _on_corpus_failed(self, message: str) -> None:
        self._say_corpus(("failed", message))
        self.progress.setValue(0)
        self._update_summary()

    @Slot(str)
    def _on_corpus_state_changed(self, state: str) -> None:
        self._update_corpus_buttons()

    def _update_corpus_buttons(self) -> None:
        running = self.corpus.is_running()
        self.run_button.setEnabled(bool(self._corpus_path) and not running)
        self.cancel_button.setEnabled(self.corpus.state == "running")
        self.corpus_file_button.setEnabled(not running)

    def set_presentation(self, on: bool) -> None:
        """Presentation mode: corpus mode and vocabulary overlap fold away (the columns get the
        room), and so does the preset combo's label (the combo says what it holds)."""
        self.lower_tabs.setVisible(not on)
        self._preset_label.setVisible(not on)

    def tokenizer_key(self) -> str:
        """The first column's tokenizer that is not OpenAI's (those need no saving), else the first."""
        keys = self.keys()
        own = [k for k in keys if self.registry.entry(k).kind != "openai"]
        return (own or keys or [""])[0]

    def shutdown(self) -> None:
        """Cancel a corpus run and live encoding, and wait for their threads (the main window is closing)."""
        self.controller.shutdown()
        self.corpus.shutdown()
        self.overlap.shutdown()
