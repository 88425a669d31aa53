"""The Compare view: one text, two to eight tokenizers side by side.

The view composes its panels, each in its own module of this folder:

- the columns (:mod:`~app.features.compare.columns_area`), each
  (:class:`~app.features.compare.column.CompareColumn`) one tokenizer's chips and counts;
- the boundary diff (:mod:`~app.features.compare.boundary_diff`): in each column only the
  tokens with a boundary that another column does not cut are outlined (where the columns
  agree, nothing is), and a line counts the stretches of text cut differently;
- the summary table (:mod:`~app.features.compare.summary_table`): tokens, bytes per token,
  characters per token and the ratio to the first column next to each other;
- below, in tabs: corpus mode (:mod:`~app.features.compare.corpus_panel`) encodes a whole
  file with every column's tokenizer in a worker and adds the corpus figures to the table;
  vocabulary overlap (:class:`~app.features.compare.overlap_panel.OverlapPanel`) counts the
  tokens two tokenizers share (by default the first two columns) and lists those only one has.

"Add BOS/EOS" is the Tokenize tab's choice (one setting, the two boxes in step): each column
gets the special tokens its model adds around a text (``tokenizers``' ``encode(text).ids``),
as zero-width chips counted in the column and the summary.

In the main window, "As of merge k" shows the Timeline's tokenizer, in the columns that show
it, with only its first k merges, following the Timeline's slider.

A column whose encoding cannot be loaded shows why and how to fix it; the others keep
working. Encoding runs off the GUI thread through an
:class:`~app.core.encoding.EncodeController`; stale results are dropped. A new result is
shown one column per turn of the event loop (each column's first chips of a long text take
tens of milliseconds: all of them in one turn stalled the GUI thread over 100 ms).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import shiboken6
from PySide6.QtCore import Qt, QTimer, Signal, Slot
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QFrame, QScrollArea, QTabWidget, QVBoxLayout, QWidget

from app.core.encoding import EncodeController
from app.core.i18n import bind, connect, tr, tr_n
from app.core.messages import EncodeResult
from app.core.registry import RegistryKind, TokenizerRegistry
from app.core.settings import Settings
from app.core.timeline_position import TimelinePosition
from app.core.tokenizer_files import TiktokenFileOpener
from app.display.additions import columns_additions_tooltip, with_additions
from app.display.token_data import TokenTable
from app.features.compare.boundary_diff import DiffLabel, agreed_cuts, diff_marks
from app.features.compare.column import ColumnState, CompareColumn
from app.features.compare.columns_area import MAX_COLUMNS, MIN_COLUMNS, ColumnsArea
from app.features.compare.corpus_panel import CorpusPanel
from app.features.compare.overlap_panel import OverlapPanel
from app.features.compare.summary_table import SummaryTable, summary_rows
from app.features.compare.top_bar import CompareTopBar
from app.widgets.as_of import AsOfBox
from app.widgets.text_input import TextInput
from app.widgets.view import View
from bpe_engine import SpecialMode, TokenizerLike

__all__ = ["CompareView", "MIN_COLUMNS", "MAX_COLUMNS", "diff_marks"]

_DEFAULT_TEXT = "Hello world! 國語 Жизнь 🤚🏾 def f(x):\n    return x ** 2  # 12345678"


class CompareView(View):
    """One text, two to eight tokenizers, and a whole file (see the module docstring).

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
        self.opener = TiktokenFileOpener(registry, self)
        self._text = ""
        self._displayed_generation = -1
        self._known_keys = set(registry.keys())
        self._tables: dict[int, TokenTable] = {}
        self._tables_text = ""  # the text the tables encode
        self.as_of: AsOfBox | None = None  # "As of merge k" (follow_timeline)
        # The columns still to show the latest result, one per turn of the event loop.
        self._steps: list[Callable[[CompareView], None]] = []  # (given the view: no cycle)
        self._stepper = QTimer(self)
        self._stepper.setSingleShot(True)
        self._stepper.setInterval(0)
        self._stepper.timeout.connect(self._on_stepper_timeout)
        self._build()
        trained = registry.latest_trained()
        for key in ([trained] if trained else ["r50k_base"]) + ["cl100k_base", "o200k_base"]:
            self.add_column(key)
        self.editor.setPlainText(_DEFAULT_TEXT)
        registry.ready.connect(self._on_registry_ready)
        registry.failed.connect(self._on_registry_failed)
        self.controller.finished.connect(self._on_controller_finished)
        self.displayed.connect(self._on_displayed)
        self.opener.failed.connect(self.messages.error)
        connect(self._on_language_changed)

    # -- building ---------------------------------------------------------------------------

    def _build(self) -> None:
        self.editor = TextInput(self)
        bind(self.editor, "setPlaceholderText", "Type or paste the text to compare…")
        self.editor.setMaximumHeight(110)
        self.editor.textChanged.connect(self._request)
        self._top = self._build_top()
        self.columns_area = ColumnsArea(self.registry, self.opener, self)
        self.columns_area.keys_changed.connect(self._on_columns_area_keys_changed)
        self.diff_label = DiffLabel(self)
        self.summary_view = SummaryTable(self)
        self.summary = self.summary_view.summary
        self.lower_tabs = self._build_lower_tabs()
        layout = QVBoxLayout(self)
        layout.addWidget(self._top)
        layout.addWidget(self.editor)
        layout.addWidget(self.messages)
        layout.addWidget(self._build_columns_scroll(), 1)
        layout.addWidget(self.diff_label)
        layout.addWidget(self.summary_view)
        layout.addWidget(self.lower_tabs)
        self._layout = layout
        self._on_lower_tabs_current_changed(0)

    def _build_columns_scroll(self) -> QScrollArea:
        """The columns scroll sideways rather than shrink below a readable width (eight at 1024)."""
        scroll = QScrollArea(self)
        scroll.setWidget(self.columns_area)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)  # the chips scroll
        self.columns_scroll = scroll
        return scroll

    def _build_top(self) -> CompareTopBar:
        """Preset, the display boxes and "+ Add tokenizer" (see :mod:`.top_bar`)."""
        top = CompareTopBar(
            self.settings.show_whitespace if self.settings else True,
            self.settings.add_special_tokens if self.settings else True,
            self,
        )
        self.preset_combo, self.add_button = top.preset_combo, top.add_button
        self.whitespace_box, self.diff_box, self.additions_box = top.whitespace_box, top.diff_box, top.additions_box
        self.preset_combo.activated.connect(self._on_preset_combo_activated)
        for box in (self.whitespace_box, self.diff_box):
            box.toggled.connect(self._on_display_box_toggled)
        self.additions_box.toggled.connect(self._on_additions_box_toggled)
        self.add_button.clicked.connect(self._on_add_button_clicked)
        return top

    def _build_lower_tabs(self) -> QTabWidget:
        """Corpus mode and vocabulary overlap, in tabs under the summary table."""
        self.corpus_panel = CorpusPanel(self.settings, self)
        self.corpus_panel.run_button.clicked.connect(self.run_corpus)
        self.corpus_panel.figures_changed.connect(self._update_summary)
        self.corpus = self.corpus_panel.controller  # the window and its tests run corpus mode
        self.limit_spin = self.corpus_panel.limit_spin
        self.overlap = OverlapPanel(self.registry, self)
        tabs = QTabWidget(self)
        tabs.setDocumentMode(True)
        bind(tabs, "setTabText", "Corpus mode: compression on a whole file", tabs.addTab(self.corpus_panel, ""))
        overlap_tab = tabs.addTab(self.overlap, "")
        bind(tabs, "setTabText", "Vocabulary overlap", overlap_tab)
        bind(tabs, "setTabToolTip", "How many tokens two tokenizers share, and the tokens only one has", overlap_tab)
        tabs.currentChanged.connect(self._on_lower_tabs_current_changed)
        return tabs

    @Slot(str)
    def _on_language_changed(self, _language: str) -> None:
        """Say again, in the new language, what the view composed from its state."""
        self._top.name_presets()
        self._update_summary()
        self._update_add_controls()

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt naming)
        """On a short window (1024x700) the text box and the summary (its rows scroll) give
        their height to the chip columns."""
        super().resizeEvent(event)
        tall = self.height() > 700
        self.editor.setMaximumHeight(110 if tall else 64)
        self.summary_view.set_cap(170 if tall else 125)
        if self.lower_tabs.currentWidget() is self.overlap:
            self._keep_chip_lines()

    @Slot(int)
    def _on_lower_tabs_current_changed(self, index: int) -> None:
        """The overlap lists need room: they share the height with the columns; corpus mode
        takes only what it needs."""
        if "lower_tabs" not in self.__dict__:  # the window is being torn down (Qt removes the tabs)
            return
        if self.lower_tabs.widget(index) is self.overlap:
            self.lower_tabs.setMaximumHeight(16_777_215)  # QWIDGETSIZE_MAX
            self._layout.setStretchFactor(self.lower_tabs, 1)
            self._keep_chip_lines()
        else:
            self.columns_scroll.setMinimumHeight(0)
            page = self.lower_tabs.widget(index)
            bar = self.lower_tabs.tabBar().sizeHint().height()
            self.lower_tabs.setMaximumHeight(bar + (page.sizeHint().height() if page is not None else 0) + 4)
            self._layout.setStretchFactor(self.lower_tabs, 0)

    def _keep_chip_lines(self) -> None:
        """Beside the overlap's lists (they scroll) the columns keep three lines of chips: at
        1024x700 they were squeezed to a 10-pixel strip under their figures."""
        col = self.columns()[0]
        parts = col.sizeHint().height() - col.stack.sizeHint().height()  # picker, figures, margins
        self.columns_scroll.setMinimumHeight(parts + col.chips.height_for_lines(3))

    # -- as of merge k ----------------------------------------------------------------------

    def follow_timeline(self, position: TimelinePosition) -> None:
        """Offer "As of merge k": columns showing the Timeline's tokenizer use its first k merges."""
        box = AsOfBox(position, self.registry, self)
        box.changed.connect(self._request)
        box.set_keys(self.keys())
        self._top.add_as_of(box)
        self.as_of = box

    def merge_limit(self, key: str) -> int | None:
        """The merges a column showing ``key`` uses ("As of merge k"), or None: all of them."""
        return self.as_of.limit_for(key) if self.as_of is not None else None

    # -- columns ----------------------------------------------------------------------------

    def columns(self) -> list[CompareColumn]:
        return self.columns_area.columns()

    def keys(self) -> list[str]:
        return self.columns_area.keys()

    def add_column(self, key: str, index: int | None = None) -> CompareColumn | None:
        """Add a column showing ``key`` (at ``index``, default last); None when there are eight."""
        return self.columns_area.add_column(key, index)

    def remove_column(self, index: int) -> None:
        self.columns_area.remove_column(index)

    def set_keys(self, keys: list[str]) -> None:
        """Show exactly these tokenizers (2 to 8), in this order."""
        self.columns_area.set_keys(keys)

    @Slot()
    def _on_columns_area_keys_changed(self) -> None:
        self._update_add_controls()
        self.overlap.follow(self.keys())
        if self.as_of is not None:
            self.as_of.set_keys(self.keys())
        self._request()
        if shiboken6.isValid(self):  # subtle: a column's load may finish while the window is torn down
            self.tokenizer_changed.emit()

    def _update_add_controls(self) -> None:
        """ "+ Add tokenizer" (disabled at the most columns, saying why) and "Add BOS/EOS"
        (offered when a column's model adds some, its tooltip naming them)."""
        can_add = self.columns_area.can_add()
        self.add_button.setEnabled(can_add)
        if can_add:
            tip = tr("Add a column (up to {n}) (Ctrl+Shift+A)").format(n=MAX_COLUMNS)
        else:
            tip = tr_n("Compare shows at most %n column(s): remove one (✕) to add another", MAX_COLUMNS)
        self.add_button.setToolTip(tip)
        named = [(self._column_label(k), tok.special_additions if tok else None) for k, tok in self._column_toks()]
        self.additions_box.setEnabled(any(a for _, a in named))
        self.additions_box.setToolTip(columns_additions_tooltip(named))

    def _column_toks(self) -> list[tuple[str, TokenizerLike | None]]:
        return [(k, self.registry.get(k) if k in self.registry.keys() else None) for k in self.keys()]

    def _column_label(self, key: str) -> str:
        return self.registry.entry(key).label if key in self.registry.keys() else key

    def adds_special_tokens(self) -> bool:
        """Whether the columns get the BOS/EOS their models add (the box is on and enabled)."""
        return self.additions_box.isEnabled() and self.additions_box.isChecked()

    @Slot(bool)
    def _on_additions_box_toggled(self, on: bool) -> None:
        if self.settings is not None:
            self.settings.add_special_tokens = on
        self.corpus_panel.set_add_specials(self.adds_special_tokens())
        self._request()

    @Slot()
    def _on_add_button_clicked(self) -> None:
        self.add_column(self.columns_area.next_free_key())

    @Slot(str)
    def _on_registry_ready(self, key: str) -> None:
        entry = self.registry.entry(key)
        if key not in self._known_keys:
            self._known_keys.add(key)
            if entry.kind == RegistryKind.TRAINED and not any(
                self.registry.entry(k).kind == RegistryKind.TRAINED for k in self.keys()
            ):
                # A freshly trained tokenizer is compared with OpenAI's at once.
                if self.columns_area.can_add():
                    self.add_column(key, 0)
                else:
                    self.columns()[0].set_key(key)
                return
        if key in self.keys():
            self._update_add_controls()  # (its BOS/EOS are known once it is loaded)
            self._request()

    @Slot(str, str)
    def _on_registry_failed(self, _key: str, _message: str) -> None:
        self._request()  # the columns area shows the error in the columns concerned

    # -- encoding ---------------------------------------------------------------------------

    def text(self) -> str:
        return self.editor.text()

    def set_text(self, text: str) -> None:
        self.editor.set_text(text)

    def _ready_tokenizers(self) -> list[tuple[str, TokenizerLike]]:
        out = []
        for i, col in enumerate(self.columns()):
            tok = self.registry.get(col.key())
            if tok is not None:
                out.append((f"{i}:{col.key()}", tok))
        return out

    @Slot()
    def _request(self) -> None:
        if self.editor.is_filling():
            return  # (a long text going in asks when it is in)
        self._text = self.text()
        ready = self._ready_tokenizers()
        if ready:
            limits = {k: limit for k, _ in ready if (limit := self.merge_limit(k.split(":", 1)[1])) is not None}
            self.controller.request(self._text, SpecialMode.ALLOW, ready, as_of=limits)
        else:
            self._update_summary()

    def is_settled(self) -> bool:
        """True when every loadable column shows the current text."""
        if self._steps or self.editor.is_filling() or any(c.state == ColumnState.LOADING for c in self.columns()):
            return False
        return self._displayed_generation == self.controller.generation or not self._ready_tokenizers()

    @Slot(EncodeResult)
    def _on_controller_finished(self, result: EncodeResult) -> None:
        columns = self.columns()
        tables: dict[int, TokenTable] = {}
        for outcome in result.outcomes:
            index, key = outcome.key.split(":", 1)
            i = int(index)
            if i < len(columns) and columns[i].key() == key and outcome.table is not None:
                tables[i] = self._with_additions(key, outcome.table)
        self._tables = tables
        self._tables_text = result.text
        # Cuts compare only in the same text: a WordPiece column's table is its decoded
        # (lower-cased, re-spaced) text, so it stays out of the boundary diff.
        left_out = [columns[i].key() for i, t in tables.items() if t.text != result.text]
        registry = self.registry
        self.diff_label.show_tables(
            [t for t in tables.values() if t.text == result.text],
            lambda: [registry.entry(k).label if k in registry.keys() else k for k in left_out],
        )
        self._displayed_generation = result.generation
        self._show(result.generation, staged=True)

    def _with_additions(self, key: str, table: TokenTable) -> TokenTable:
        """``table`` with the BOS/EOS ``key``'s model adds (zero-width chips, counted), if on."""
        tok = self.registry.get(key)
        return with_additions(table, tok.special_additions) if tok and self.adds_special_tokens() else table

    @Slot(bool)
    def _on_display_box_toggled(self, _on: bool) -> None:
        columns = self.columns()
        if self._tables:
            self._show(columns[0].chips.generation if columns else 0)

    def _show(self, generation: int, staged: bool = False) -> None:
        """Show the tables in the columns: at once, or (``staged``) one column per turn of the
        event loop, then emit ``displayed``."""
        ws = self.whitespace_box.isChecked()
        highlight = self.diff_box.isChecked()
        source = self._tables_text
        tables = [t for t in self._tables.values() if t.text == source]  # cuts of the same text only
        agreed = agreed_cuts(tables) if highlight and len(tables) > 1 else None
        steps: list[Callable[[CompareView], None]] = []
        for i, col in enumerate(self.columns()):
            table = self._tables.get(i)
            if table is None:
                continue
            marks = partial(diff_marks, table, tables, agreed) if highlight and table.text == source else None
            steps.append(
                partial(
                    CompareView._show_column,
                    col=col,
                    table=table,
                    ws=ws,
                    marks=marks,
                    generation=generation,
                    source=source,
                )
            )
        # the summary after the columns: its rows read their states (a column shows its
        # table in its step), and it changes with them, never ahead
        steps += [CompareView._update_summary, lambda view: view.displayed.emit(generation)]
        self._steps = steps
        if staged:
            self._stepper.start()
            return
        self._stepper.stop()
        while self._steps:
            self._steps.pop(0)(self)

    def _show_column(
        self,
        col: CompareColumn,
        table: TokenTable,
        ws: bool,
        marks: Callable[[], list[bool]] | None,
        generation: int,
        source: str,
    ) -> None:
        if col in self.columns():  # (a column removed meanwhile is gone)
            col.show_table(table, ws, None if marks is None else marks(), generation, source)

    @Slot()
    def _on_stepper_timeout(self) -> None:
        if self._steps:
            self._steps.pop(0)(self)
        if self._steps:
            self._stepper.start()

    @Slot(int)
    def _on_displayed(self, _generation: int) -> None:
        """Once no column waits for its tokenizer, their tiktoken cores are built in the
        background: the short text needed none, a long one pasted later will."""
        if not any(c.state == ColumnState.LOADING for c in self.columns()):
            for key in self.keys():
                self.registry.prepare_core(key)

    def diff_spans(self) -> list[tuple[int, int]]:
        """Character spans of the current text that the columns cut differently."""
        return self.diff_label.spans()

    @Slot()
    def _update_summary(self) -> None:
        rows = summary_rows(
            self.registry, self.columns(), self._tables, self._tables_text, self.corpus.results, self.merge_limit
        )
        self.summary.set_rows(rows)

    @Slot(int)
    def _on_preset_combo_activated(self, index: int) -> None:
        text = self.preset_combo.itemData(index)
        if text:
            self.set_text(text)

    # -- corpus mode ------------------------------------------------------------------------

    def set_corpus_path(self, path: str) -> None:
        self.corpus_panel.set_path(path)

    @Slot()
    def run_corpus(self) -> None:
        """Encode corpus mode's file with every column's tokenizer (each key once)."""
        ready: dict[str, TokenizerLike] = {}
        for key in self.keys():
            tok = self.registry.get(key)
            if tok is not None:
                ready.setdefault(key, tok)
        skipped = sum(1 for key in self.keys() if self.registry.get(key) is None)
        self.corpus_panel.run(ready, skipped, self.adds_special_tokens())

    # -- the View contract ------------------------------------------------------------------

    def set_presentation(self, on: bool) -> None:
        """Presentation mode: corpus mode and vocabulary overlap fold away (the columns get the
        room), and so does the preset combo's label (the combo says what it holds)."""
        self.lower_tabs.setVisible(not on)
        self._top.set_presentation(on)

    def tokenizer_key(self) -> str:
        """The first column's tokenizer that is not OpenAI's (those need no saving), else the first."""
        known = set(self.registry.keys())  # (while a removal reaches the columns one by one)
        keys = [k for k in self.keys() if k in known]
        own = [k for k in keys if self.registry.entry(k).kind != RegistryKind.OPENAI]
        return (own or keys or [""])[0]

    def shutdown(self) -> None:
        """Cancel a corpus run and live encoding, and wait for their threads (the main window is closing)."""
        self.controller.shutdown()
        self.corpus.shutdown()
        self.overlap.shutdown()
