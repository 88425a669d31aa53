"""The Tokenize view: type text, see its tokens live.

An editor; beside it the text as colored token chips and the list of ids (hovering or
selecting one highlights the other and the characters in the editor); counts (characters,
UTF-8 bytes, tokens, bytes and characters per token); the pre-tokenization strip (the
regex pieces inside which BPE works); and Explain, which steps through the merges of one
piece in rank order. A switch decides what special-token text does ("recognised", "error"
as tiktoken's default raises, "plain text"); presets hold texts for class. In the main
window, "As of merge k" shows the Timeline's tokenizer with only its first k merges, following
the Timeline's slider (Explain then stops at merge k too).

Encoding runs off the GUI thread (:class:`~app.core.encoding.EncodeController`);
results of texts that were already edited again are dropped. The view leaves training
and file formats to the other views.
"""

from __future__ import annotations

import html
from bisect import bisect_right

from PySide6.QtCore import Qt, QTimer, Signal, Slot
from PySide6.QtGui import QAction, QColor, QGuiApplication, QKeySequence, QShowEvent, QTextCharFormat, QTextCursor
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QSplitter,
    QTextEdit,
    QVBoxLayout,
    QWidget,
)

from app.content.presets import PRESETS
from app.core import i18n
from app.core.encoding import EncodeController
from app.core.i18n import bind, noop, tr
from app.core.messages import EncodeResult
from app.core.registry import TokenizerRegistry
from app.core.settings import Settings
from app.core.timeline_position import TimelinePosition
from app.core.tokenizer_files import TiktokenFileOpener
from app.display.chips import Chips, PieceChipBuilder, TokenChipBuilder
from app.display.copying import ids_csv, ids_python, token_strings
from app.display.format import format_ratio
from app.display.html_export import tokens_html
from app.display.offsets import index_from_utf16, utf16_offset
from app.display.token_data import Counts, TokenTable, counts, token_detail
from app.features.tokenize.explain_panel import ExplainPanel
from app.widgets.as_of import AsOfBox
from app.widgets.text_input import TextInput
from app.widgets.token_chips import ChipView
from app.widgets.tokenizer_picker import TokenizerPicker, load_problem, open_tiktoken_file
from app.widgets.view import View
from bpe_engine import TokenizerLike

__all__ = ["TokenizeView", "MODE_LABELS"]

MODE_LABELS = (
    ("recognised", noop("Recognised (one special token)")),
    ("error", noop("Error (tiktoken's default)")),
    ("plain", noop("Plain text (ordinary characters)")),
)

_WELCOME = noop("Type here, or pick a preset. Every keystroke is tokenized.")
_HINT = noop("Hover or click a token (or an id) to see its bytes and the merge that made it.")
_TOKENS_PLACEHOLDER = noop("The tokens of your text appear here.")
_PIECES_PLACEHOLDER = noop("The pieces the pre-tokenizer cuts the text into, before any merge.")
_PIECES_TITLE = noop("Pre-tokenization: the pieces the regex makes (click one to explain it)")
_SP_PIECES_TITLE = noop(
    "Pieces: the stretches no merge crosses (SentencePiece has no pre-tokenizer; click one to explain it)"
)
_FIRST_TEXT = "Type here: every keystroke is tokenized. 國語 Жизнь 🤚🏾 <|endoftext|>"


class TokenizeView(View):
    """Live tokenization of the text being typed (see the module docstring).

    Signals:
        displayed(int): the chips now show the result of this request generation.
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
        self._key = ""
        self._table: TokenTable | None = None
        self._pieces: list[tuple[str, int, int, bool]] = []
        self._text = ""
        self._counts: Counts | None = None
        self._counts_text = ""
        self._displayed_generation = -1
        self._builder = TokenChipBuilder()
        self._piece_builder = PieceChipBuilder()
        self._known_keys = set(registry.keys())
        self.as_of: AsOfBox | None = None  # "As of merge k" (follow_timeline)
        self._explain_timer = QTimer(self)
        self._explain_timer.setSingleShot(True)
        self._explain_timer.setInterval(60)
        self._explain_timer.timeout.connect(self._explain_at_cursor)
        self._build()
        self.controller.finished.connect(self._on_controller_finished)
        self.controller.failed.connect(self._on_controller_failed)
        registry.ready.connect(self._on_registry_ready)
        registry.failed.connect(self._on_registry_failed)
        self.opener.opened.connect(self.picker.set_current_key)
        self.opener.failed.connect(self.messages.error)
        self.picker.key_changed.connect(self._on_picker_key_changed)
        self.picker.set_current_key(registry.latest_trained() or "cl100k_base")
        self.editor.setPlainText(_FIRST_TEXT)
        self._on_picker_key_changed(self.picker.current_key())
        i18n.connect(self._retranslate)

    # -- building ---------------------------------------------------------------------------

    def _build(self) -> None:
        self.picker = TokenizerPicker(self.registry, self)
        self.preset_combo = QComboBox(self)
        self.preset_combo.addItem(tr("Choose a preset…"), "")
        for title, text, note in PRESETS:
            self.preset_combo.addItem(tr(title), text)
            self.preset_combo.setItemData(self.preset_combo.count() - 1, tr(note), Qt.ItemDataRole.ToolTipRole)
        bind(self.preset_combo, "setToolTip", "Texts for class: each shows something surprising about tokenizers.")
        self.preset_combo.activated.connect(self._on_preset_combo_activated)
        self.mode_combo = QComboBox(self)
        for mode, label in MODE_LABELS:
            self.mode_combo.addItem(tr(label), mode)
        bind(
            self.mode_combo,
            "setToolTip",
            "What text like <|endoftext|> does.\nRecognised: it becomes its special token "
            "(allowed_special='all').\nError: the text is refused, as tiktoken's encode() does by default.\n"
            "Plain text: it is tokenized like any other characters (encode_ordinary).",
        )
        self.mode_combo.currentIndexChanged.connect(self._on_mode_combo_current_index_changed)
        self.whitespace_box = QCheckBox(self)
        bind(self.whitespace_box, "setText", "Show whitespace")
        bind(
            self.whitespace_box,
            "setToolTip",
            "Draw spaces as ·, tabs as → and newlines as ⏎ inside the chips (Ctrl+Shift+W)",
        )
        self.whitespace_box.setShortcut(QKeySequence("Ctrl+Shift+W"))
        self.whitespace_box.setChecked(self.settings.show_whitespace if self.settings else True)
        self.whitespace_box.toggled.connect(self._on_whitespace_box_toggled)
        # subtle: long preset titles and mode names must not widen the view past a 1024-pixel
        # window in presentation mode's large fonts: the combos may shrink (tooltips say all).
        for combo in (self.preset_combo, self.mode_combo):
            combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
            combo.setMinimumContentsLength(10)
        top = QHBoxLayout()
        self._combo_labels: list[QLabel] = []
        for label, w in (
            (noop("Tokenizer:"), self.picker),
            (noop("Preset:"), self.preset_combo),
            (noop("Special tokens:"), self.mode_combo),
        ):
            self._combo_labels.append(QLabel(self))
            bind(self._combo_labels[-1], "setText", label)
            top.addWidget(self._combo_labels[-1])
            top.addWidget(w)
        top.addWidget(self.whitespace_box)
        top.addStretch(1)
        self._top = top

        self.editor = TextInput(self)
        bind(self.editor, "setPlaceholderText", _WELCOME)
        self.editor.setTabChangesFocus(False)
        self.editor.textChanged.connect(self._on_editor_text_changed)
        self.editor.cursorPositionChanged.connect(self._on_editor_cursor_moved)

        self.count_labels: dict[str, QLabel] = {}
        counts_row = QHBoxLayout()
        tips = {
            "chars": noop("Unicode characters (code points) in the text"),
            "bytes": noop("Length of the text in UTF-8: what byte-level BPE starts from"),
            "tokens": noop("Number of tokens"),
            "bytes_per_token": noop("UTF-8 bytes per token: the compression (higher is better)"),
            "chars_per_token": noop("Characters per token"),
        }
        for name in ("chars", "bytes", "tokens", "bytes_per_token", "chars_per_token"):
            lab = QLabel(self)
            bind(lab, "setToolTip", tips[name])
            lab.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            self.count_labels[name] = lab
            counts_row.addWidget(lab)
        counts_row.addStretch(1)

        self.token_chips = ChipView(self)
        self.token_chips.set_placeholder(_TOKENS_PLACEHOLDER)
        self.id_chips = ChipView(self)
        self.id_chips.set_placeholder(noop("Token ids"))
        self.token_chips.tooltip_provider = self._token_tooltip
        self.id_chips.tooltip_provider = self._token_tooltip
        self.token_chips.hovered.connect(self._on_token_chips_hovered)
        self.id_chips.hovered.connect(self._on_id_chips_hovered)
        self.token_chips.selected.connect(self._on_token_chips_selected)
        self.id_chips.selected.connect(self._on_id_chips_selected)
        self.info_label = QLabel(tr(_HINT))
        self.info_label.setWordWrap(True)
        self.info_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

        #: The byte notation of the chips, said once where the chips are.
        self.legend = QLabel(self)
        bind(
            self.legend,
            "setText",
            "Legend: <code>&lt;e3 80&gt;</code> one token holding the bytes e3 80, part of a character · "
            "<code>&lt;80&gt;&lt;82&gt;</code> two tokens of one byte each · "
            "<code>·</code> space · <code>⏎</code> newline · <code>→</code> tab",
        )
        self.legend.setStyleSheet("color: #555;")
        bind(
            self.legend,
            "setToolTip",
            "A token that is only part of a UTF-8 character cannot be shown as text: its bytes are written in hex, "
            "and an arrow points at the character they belong to",
        )
        tokens_box = self._boxed(noop("Tokens"), self.token_chips)
        ids_box = self._boxed(noop("Token ids"), self.id_chips)
        chips_split = QSplitter(Qt.Orientation.Horizontal, self)
        chips_split.addWidget(tokens_box)
        chips_split.addWidget(ids_box)
        chips_split.setStretchFactor(0, 3)
        chips_split.setStretchFactor(1, 2)

        self.copy_actions = self._copy_actions()
        for chips in (self.token_chips, self.id_chips):
            chips.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
            chips.addActions(self.copy_actions)
        self.piece_chips = ChipView(self)
        self.piece_chips.set_placeholder(_PIECES_PLACEHOLDER)
        bind(
            self.piece_chips,
            "setToolTip",
            "Pre-tokenization: BPE merges only inside these pieces. Click one to explain it.",
        )
        self.piece_chips.selected.connect(self._on_piece_chips_selected)
        self.piece_chips.hovered.connect(self._on_piece_chips_hovered)
        self.pieces_box = QGroupBox(tr(_PIECES_TITLE), self)
        pieces_layout = QVBoxLayout(self.pieces_box)
        pieces_layout.setContentsMargins(4, 4, 4, 4)
        pieces_layout.addWidget(self.piece_chips)

        self.explain = ExplainPanel(self)
        explain_box = QGroupBox(self)
        bind(explain_box, "setTitle", "Explain: the merges of one piece, in rank order")
        QVBoxLayout(explain_box).addWidget(self.explain)

        middle = QWidget(self)
        mid_layout = QVBoxLayout(middle)
        mid_layout.setContentsMargins(0, 0, 0, 0)
        mid_layout.addLayout(counts_row)
        mid_layout.addWidget(chips_split, 1)
        mid_layout.addWidget(self.info_label)
        mid_layout.addWidget(self.legend)

        split = QSplitter(Qt.Orientation.Vertical, self)
        split.addWidget(self.editor)
        split.addWidget(middle)
        split.addWidget(self.pieces_box)
        split.addWidget(explain_box)
        split.setSizes([90, 290, 100, 300])
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.messages)
        layout.addWidget(split, 1)
        self._show_counts(None, "")

    def _boxed(self, title: str, widget: QWidget) -> QGroupBox:
        box = QGroupBox(self)
        bind(box, "setTitle", title)
        lay = QVBoxLayout(box)
        lay.setContentsMargins(4, 4, 4, 4)
        lay.addWidget(widget)
        return box

    # -- public -----------------------------------------------------------------------------

    def current_key(self) -> str:
        return self._key

    def tokenizer(self) -> TokenizerLike | None:
        return self.registry.get(self._key) if self._key else None

    def follow_timeline(self, position: TimelinePosition) -> None:
        """Offer "As of merge k": the Timeline's tokenizer with only its first k merges."""
        box = AsOfBox(position, self.registry, self)
        box.changed.connect(self._on_as_of_changed)
        box.wanted.connect(self.picker.set_current_key)
        self._top.insertWidget(2, box)
        self.as_of = box

    def merge_limit(self) -> int | None:
        """The merges used ("As of merge k"), or None: all of them."""
        return self.as_of.limit_for(self._key) if self.as_of is not None else None

    @Slot()
    def _on_as_of_changed(self) -> None:
        self.explain.set_merge_limit(self.merge_limit())
        self._request()

    def _copy_actions(self) -> list[QAction]:
        """Copy the tokens of the text: ids (Python list, comma-separated) or token strings."""
        made = []
        for text, key, what in (
            (noop("Copy ids as a Python list"), "Ctrl+Shift+C", "python"),
            (noop("Copy ids, comma-separated"), "", "csv"),
            (noop("Copy token strings"), "", "strings"),
        ):
            action = QAction(self)
            bind(action, "setText", text)
            if key:
                action.setShortcut(QKeySequence(key))
                action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            action.setData(what)
            action.triggered.connect(self._on_copy_triggered)
            self.addAction(action)
            made.append(action)
        return made

    def copy_text(self, what: str) -> str:
        """What a Copy action puts on the clipboard ("" when no tokens are shown)."""
        table = self._table
        if table is None:
            return ""
        if what == "python":
            return ids_python(table.ids)
        if what == "csv":
            return ids_csv(table.ids)
        if table.labels is not None:  # SentencePiece: the pieces, as sentencepiece's id_to_piece gives them
            return "[" + ", ".join(map(repr, table.labels)) + "]"
        return token_strings(table.tokens)

    @Slot()
    def _on_copy_triggered(self) -> None:
        action = self.sender()
        if isinstance(action, QAction):
            text = self.copy_text(str(action.data()))
            if text:
                QGuiApplication.clipboard().setText(text)

    def table(self) -> TokenTable | None:
        """The token table on display (None while nothing is, or the text was refused)."""
        return self._table

    def pieces(self) -> list[tuple[str, int, int, bool]]:
        return list(self._pieces)

    def counts(self) -> Counts | None:
        return self._counts

    def text(self) -> str:
        return self.editor.document().toRawText().replace("\u2029", "\n")

    def set_text(self, text: str) -> None:
        self.editor.setPlainText(text)

    def set_mode(self, mode: str) -> None:
        self.mode_combo.setCurrentIndex(self.mode_combo.findData(mode))

    def mode(self) -> str:
        return str(self.mode_combo.currentData())

    def is_settled(self) -> bool:
        """True when the display shows the current text with the current tokenizer."""
        return self.tokenizer() is not None and self._displayed_generation == self.controller.generation

    # -- tokenizer choice -------------------------------------------------------------------

    @Slot(str)
    def _on_picker_key_changed(self, key: str) -> None:
        self._key = key
        if not key:
            return
        entry = self.registry.entry(key)
        if entry.tokenizer is None:
            self.explain.set_tokenizer(None)
            if entry.status == "error":
                self._show_load_error(key, entry.message)
            else:
                self.messages.info(
                    tr("Loading {key}… (building the merge list takes a few seconds the first time)").format(key=key)
                )
                if self.isVisible():
                    self.registry.request(key)
            self._clear_display()
            return
        self.messages.clear()
        self.explain.set_tokenizer(entry.tokenizer, self.merge_limit())
        self._set_pieces_title()
        self._request()

    def _set_pieces_title(self) -> None:
        tok = self.tokenizer()
        sentencepiece = tok is not None and tok.family == "sentencepiece"
        self.pieces_box.setTitle(tr(_SP_PIECES_TITLE if sentencepiece else _PIECES_TITLE))

    @Slot(str)
    def _retranslate(self, _language: str = "") -> None:
        """After a language switch: the texts composed here, in the new language."""
        self.preset_combo.setItemText(0, tr("Choose a preset…"))
        for i, (title, _text, note) in enumerate(PRESETS, start=1):
            self.preset_combo.setItemText(i, tr(title))
            self.preset_combo.setItemData(i, tr(note), Qt.ItemDataRole.ToolTipRole)
        for i, (_mode, label) in enumerate(MODE_LABELS):
            self.mode_combo.setItemText(i, tr(label))
        self._show_counts(self._counts, self._counts_text)
        self._set_pieces_title()
        self.token_chips.update()
        self.id_chips.update()
        self.piece_chips.update()
        self._on_token_selected(self.token_chips.selected_index(), explain=False)
        entry = self.registry.entry(self._key) if self._key else None
        if entry is not None and entry.tokenizer is None:
            self._on_picker_key_changed(self._key)  # the loading or error message, composed again
        elif self.messages.kind == "warning":
            self._request()  # the refusal is written by the result: encode again

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802
        super().showEvent(event)
        entry = self.registry.entry(self._key) if self._key else None
        if entry is not None and entry.tokenizer is None and entry.status == "idle":
            self.registry.request(self._key)  # load OpenAI encodings only once someone looks

    @Slot(str)
    def _on_registry_ready(self, key: str) -> None:
        entry = self.registry.entry(key)
        if key not in self._known_keys:
            self._known_keys.add(key)
            if entry.kind in ("trained", "file"):
                # A tokenizer just trained (or opened) is what the user wants to try next.
                self.picker.set_current_key(key)
                return
        if key == self._key:
            self._on_picker_key_changed(key)

    @Slot(str, str)
    def _on_registry_failed(self, key: str, message: str) -> None:
        if key == self._key:
            self._show_load_error(key, message)

    def _show_load_error(self, key: str, message: str) -> None:
        self.messages.error(
            *load_problem(
                self.registry,
                key,
                message,
                lambda: self.registry.request(key),
                lambda: open_tiktoken_file(self, self.opener, key),
            )
        )
        self._clear_display()

    # -- encoding ---------------------------------------------------------------------------

    @Slot()
    def _on_editor_text_changed(self) -> None:
        if self.preset_combo.currentIndex() > 0 and self.preset_combo.currentData() != self.editor.toPlainText():
            self.preset_combo.setCurrentIndex(0)  # the text is no longer the preset's
        self._request()

    @Slot(int)
    def _on_mode_combo_current_index_changed(self, _index: int) -> None:
        self._request()

    def _request(self) -> None:
        tok = self.tokenizer()
        if tok is None:
            return
        self._text = self.text()
        limit = self.merge_limit()
        self.controller.request(
            self._text,
            self.mode(),
            [(self._key, tok)],
            want_pieces=True,
            as_of={self._key: limit} if limit is not None else None,
        )

    @Slot(EncodeResult)
    def _on_controller_finished(self, result: EncodeResult) -> None:
        outcome = result.outcomes[0]
        if outcome.key != self._key:
            return  # the tokenizer changed meanwhile; its own request is on the way
        self._pieces = outcome.pieces or []
        ws = self.whitespace_box.isChecked()
        if outcome.error:
            self._table = None
            self.messages.warning(
                tr(
                    "<b>Refused, as tiktoken's encode() would:</b> {reason}"
                    "<br>Switch “Special tokens” to Recognised or Plain text to tokenize it."
                ).format(reason=html.escape(outcome.error)),
            )
            self._builder = TokenChipBuilder()
            self.token_chips.set_placeholder(noop("No tokens: the text was refused (see the message above)."))
            self.token_chips.set_chips(Chips(), generation=result.generation)
            # Refused means not split either: no pieces, nothing to explain (no special token drawn).
            self._pieces = []
            self.piece_chips.set_placeholder(noop("No pieces: the text was refused (see the message above)."))
            self.explain.set_piece("")
            self.id_chips.set_chips(Chips(), generation=result.generation)
            self._show_counts(None, result.text)
        elif outcome.table is not None:
            if self.messages.kind == "warning":
                self.messages.clear()
            self.piece_chips.set_placeholder(_PIECES_PLACEHOLDER)
            self.token_chips.set_placeholder(_TOKENS_PLACEHOLDER)
            self._table = outcome.table
            self._show_tokens(result.generation, ws)
            self._show_counts(counts(result.text, len(outcome.table)), result.text)
        chips, reuse = self._piece_builder.build(self._pieces, result.text, ws)
        self.piece_chips.set_chips(chips, generation=result.generation, reuse=reuse)
        self._displayed_generation = result.generation
        self._on_token_selected(self.token_chips.selected_index(), explain=False)
        self._explain_timer.start()  # after the chips are painted: Explain is not urgent
        self.displayed.emit(result.generation)

    @Slot(str)
    def _on_controller_failed(self, message: str) -> None:
        self.messages.error(tr("Tokenizing failed: {reason}").format(reason=message))

    def _show_tokens(self, generation: int, whitespace: bool) -> None:
        table = self._table
        if table is None:
            return
        tokens, ids, reuse = self._builder.build(table, whitespace)
        self.token_chips.set_chips(tokens, generation=generation, reuse=reuse)
        self.id_chips.set_chips(ids, generation=generation, reuse=reuse)

    def _show_counts(self, c: Counts | None, text: str) -> None:
        self._counts = c
        self._counts_text = text
        chars = len(text)
        nbytes = len(text.encode("utf-8"))
        labels = self.count_labels
        labels["chars"].setText(tr("Characters: <b>{n}</b>").format(n=f"{chars:,}"))
        labels["bytes"].setText(tr("UTF-8 bytes: <b>{n}</b>").format(n=f"{nbytes:,}"))
        labels["tokens"].setText(tr("Tokens: <b>{n}</b>").format(n=f"{c.tokens:,}" if c else "—"))
        labels["bytes_per_token"].setText(
            tr("Bytes/token: <b>{n}</b>").format(n=format_ratio(c.bytes_per_token if c else None))
        )
        labels["chars_per_token"].setText(
            tr("Chars/token: <b>{n}</b>").format(n=format_ratio(c.chars_per_token if c else None))
        )

    def _clear_display(self) -> None:
        self._table = None
        self._pieces = []
        self._builder = TokenChipBuilder()
        self._piece_builder = PieceChipBuilder()
        self.token_chips.clear()
        self.id_chips.clear()
        self.piece_chips.clear()
        self._show_counts(None, self.text())

    @Slot(bool)
    def _on_whitespace_box_toggled(self, on: bool) -> None:
        if self.settings is not None:
            self.settings.show_whitespace = on
        self._show_tokens(self.token_chips.generation, on)
        chips, _ = self._piece_builder.build(self._pieces, self._text, on)
        self.piece_chips.set_chips(chips, generation=self.piece_chips.generation)

    @Slot(int)
    def _on_preset_combo_activated(self, index: int) -> None:
        text = self.preset_combo.itemData(index)
        if text:
            self.set_text(text)
            if "<|endoftext|>" in text and self.mode() == "error":
                self.set_mode("recognised")

    # -- hover, selection, explain ----------------------------------------------------------

    def _token_tooltip(self, index: int) -> str:
        tok = self.tokenizer()
        if tok is None or self._table is None or index >= len(self._table):
            return ""
        return token_detail(tok, self._table, index)

    @Slot(int)
    def _on_token_chips_hovered(self, index: int) -> None:
        self.id_chips.set_highlight(index)
        self._mark_editor(index)

    @Slot(int)
    def _on_id_chips_hovered(self, index: int) -> None:
        self.token_chips.set_highlight(index)
        self._mark_editor(index)

    @Slot(int)
    def _on_token_chips_selected(self, index: int) -> None:
        self.id_chips.select(index, emit=False)
        self._on_token_selected(index)

    @Slot(int)
    def _on_id_chips_selected(self, index: int) -> None:
        self.token_chips.select(index, emit=False)
        self._on_token_selected(index)

    def _on_token_selected(self, index: int, explain: bool = True) -> None:
        self._mark_editor(index)
        table = self._table
        if table is None or not (0 <= index < len(table)):
            self.info_label.setText(tr(_HINT))
            return
        self.info_label.setText(self._token_tooltip(index).replace("\n", " · "))
        if explain:
            self._explain_piece_at(table.char_starts[index])

    def _mark_editor(self, index: int) -> None:
        """Shade the characters of token ``index`` (or of the selected one) in the editor."""
        if index < 0:
            index = self.token_chips.selected_index()
        table = self._table
        if table is None or not (0 <= index < len(table)) or table.text != self.text():
            self.editor.setExtraSelections([])
            return
        s, e = table.char_starts[index], table.char_ends[index]
        self._shade(utf16_offset(table.text, s), utf16_offset(table.text, e), QColor("#ffe082"))

    def _shade(self, start: int, end: int, color: QColor) -> None:
        sel = QTextEdit.ExtraSelection()
        cursor = QTextCursor(self.editor.document())
        cursor.setPosition(start)
        cursor.setPosition(end, QTextCursor.MoveMode.KeepAnchor)
        sel.cursor = cursor
        fmt = QTextCharFormat()
        fmt.setBackground(color)
        sel.format = fmt
        self.editor.setExtraSelections([sel])

    @Slot(int)
    def _on_piece_chips_selected(self, index: int) -> None:
        if 0 <= index < len(self._pieces):
            text, start, end, special = self._pieces[index]
            self.explain.set_piece(text, special)
            self._shade(utf16_offset(self._text, start), utf16_offset(self._text, end), QColor("#c5e1a5"))

    @Slot(int)
    def _on_piece_chips_hovered(self, index: int) -> None:
        if 0 <= index < len(self._pieces) and self._text == self.text():
            _, start, end, _ = self._pieces[index]
            self._shade(utf16_offset(self._text, start), utf16_offset(self._text, end), QColor("#c5e1a5"))
        elif index < 0:
            self._mark_editor(-1)

    @Slot()
    def _on_editor_cursor_moved(self) -> None:
        self._explain_timer.start()

    @Slot()
    def _explain_at_cursor(self) -> None:
        # Subtle: while typing, the cursor moves before the new pieces exist; explaining then
        # would repaint the strip for nothing and slow the keystroke that matters.
        if self._displayed_generation != self.controller.generation:
            return
        pos = index_from_utf16(self._text, self.editor.textCursor().position())
        self._explain_piece_at(max(pos - 1, 0))

    def _explain_piece_at(self, char_index: int) -> None:
        if not self._pieces:
            self.explain.set_piece("")
            return
        starts = [p[1] for p in self._pieces]
        i = max(bisect_right(starts, char_index) - 1, 0)
        text, _, _, special = self._pieces[i]
        self.piece_chips.select(i, emit=False)
        if text != self.explain.piece:
            self.explain.set_piece(text, special)

    def set_presentation(self, on: bool) -> None:
        """Presentation mode: the pre-tokenization strip, the legend and the labels of the
        preset and special-token combos fold away (the combos say what they hold), so the
        top row fits 1024 pixels in large fonts."""
        self.pieces_box.setVisible(not on)
        self.legend.setVisible(not on)
        for label in self._combo_labels[1:]:
            label.setVisible(not on)

    def html_page(self, contrast: bool = False) -> str | None:
        """The tokens on display as a standalone HTML page (None while none are shown)."""
        table = self._table
        if table is None or len(self._builder.tokens) != len(table):
            return None
        entry = self.registry.entry(self._key)
        limit = self.merge_limit()
        if limit is None:
            title = tr("Tokens of {name}").format(name=entry.label)
        else:
            title = tr("Tokens of {name}, as of merge {k}").format(name=entry.label, k=f"{limit:,}")
        modes = dict(MODE_LABELS)
        mode = tr(modes[self.mode()]) if self.mode() in modes else self.mode()
        return tokens_html(
            table,
            self._builder.tokens,
            title=title,
            about=[tr("Tokenizer: {name}").format(name=entry.label), tr("Special tokens: {mode}").format(mode=mode)],
            contrast=contrast,
        )

    def tokenizer_key(self) -> str:
        return self.current_key()

    @property
    def exports_tokens(self) -> bool:
        return True

    def shutdown(self) -> None:
        """Drop pending encodings and wait for a running one (the main window is closing)."""
        self._explain_timer.stop()
        self.controller.shutdown()
