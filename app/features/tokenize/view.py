"""The Tokenize view: type text, see its tokens live.

An editor; beside it the text as colored token chips and the list of ids (hovering or
selecting one highlights the other and the characters in the editor); counts (characters,
UTF-8 bytes, tokens, bytes and characters per token); the pre-tokenization strip (the
regex pieces inside which BPE works); and Explain, which steps through the merges of one
piece in rank order. A switch decides what special-token text does (``SpecialMode``: recognised,
an error as tiktoken's default raises, plain text); presets hold texts for class. In the main
window, "As of merge k" shows the Timeline's tokenizer with only its first k merges, following
the Timeline's slider (Explain then stops at merge k too).

Encoding runs off the GUI thread (:class:`~app.core.encoding.EncodeController`);
results of texts that were already edited again are dropped. The view leaves training
and file formats to the other views.

The view composes its panels and does the encoding; each panel is a module beside it:
:mod:`.top_bar` (picker, preset, special-token mode, whitespace), :mod:`.counts_row`,
:mod:`.chips_panel` (token and id chips, Copy), :mod:`.pieces_panel` (the strip),
:mod:`.explain_panel`; :mod:`.links` ties hover, selection and the cursor across them,
:mod:`.token_lines` describes a token (its merge line waits for merges made off the GUI thread), and
:mod:`.special_modes` holds everything about the special-token modes. :mod:`.input_area`
switches between the text and a chat (:mod:`.chat_editor`: messages rendered by the
tokenizer's chat template in the encode job, the rendered text encoded with its special
tokens recognised).
"""

from __future__ import annotations

import html

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtWidgets import QFrame, QGroupBox, QScrollArea, QSplitter, QVBoxLayout, QWidget

from app.core import i18n
from app.core.encoding import EncodeController
from app.core.i18n import bind, connect, noop, tr
from app.core.messages import ChatOutcome, EncodeOutcome, EncodeResult, TextPiece
from app.core.registry import TokenizerRegistry
from app.core.settings import Settings
from app.core.timeline_position import TimelinePosition
from app.core.weakly import weak_method
from app.display.additions import with_additions
from app.display.format import format_count
from app.display.html_export import tokens_html
from app.display.token_data import Counts, TokenTable, counts
from app.features.tokenize.chat_editor import ChatEditor
from app.features.tokenize.chips_panel import ChipsPanel, CopyFormat, copy_text
from app.features.tokenize.counts_row import CountsRow
from app.features.tokenize.explain_panel import ExplainPanel
from app.features.tokenize.input_area import InputArea, InputMode
from app.features.tokenize.links import Links
from app.features.tokenize.pieces_panel import PiecesPanel
from app.features.tokenize.special_modes import MODE_LABELS, mode_for_text, mode_label
from app.features.tokenize.token_lines import TokenLines
from app.features.tokenize.top_bar import TopBar
from app.features.tokenize.wordpiece_explain import ExplainSwitch, WordPiecePanel
from app.widgets.as_of import AsOfBox
from app.widgets.picked_tokenizer import NEW_TOKENIZERS, PickedTokenizer
from app.widgets.text_input import TextInput
from app.widgets.view import View
from bpe_engine import Algorithm, SpecialMode, TokenizerLike

__all__ = ["TokenizeView", "MODE_LABELS"]

_WELCOME = noop("Type here, or pick a preset. Every keystroke is tokenized.")
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
        self._key = ""
        self._displayed_generation = -1
        self.as_of: AsOfBox | None = None  # "As of merge k" (follow_timeline)
        self._algorithm: Algorithm | None = None  # the shown tokenizer's (the Explain box's title)
        self._build()
        self._connect()
        self.picker.set_current_key(registry.latest_trained() or "cl100k_base")
        self.editor.setPlainText(_FIRST_TEXT)
        self.picked.update()
        i18n.connect(self._retranslate)

    # -- building ---------------------------------------------------------------------------

    def _build(self) -> None:
        self.top = TopBar(self.registry, self.settings.show_whitespace if self.settings else True, self)
        # one choice with Compare's (the window keeps the two boxes in step)
        self.top.additions_box.setChecked(self.settings.add_special_tokens if self.settings else True)
        self.editor = TextInput(self)
        bind(self.editor, "setPlaceholderText", _WELCOME)
        self.editor.setTabChangesFocus(False)
        self.chat_editor = ChatEditor(self)
        self.input_area = InputArea(self.editor, self.chat_editor, self)
        self.input_area.add_to_switch_row(*self.top.boxes)
        self.counts_row = CountsRow(self)
        self.chips = ChipsPanel(self)
        # (weakly: these parts live in this view's attributes, see app.core.weakly)
        self.token_lines = TokenLines(self.chips, weak_method(self.tokenizer, None))
        describe = weak_method(self.token_lines.describe, "")
        self.chips.set_tooltip_provider(describe)
        self.addActions(self.chips.copy_actions)
        self.pieces_box = PiecesPanel(self)
        self.explain = ExplainPanel(self)
        self.wordpiece_explain = WordPiecePanel(self)
        self.explains = ExplainSwitch(self.explain, self.wordpiece_explain, self)
        self.links = Links(
            self.editor, self.chips, self.pieces_box, self.explains, describe, weak_method(self._is_current, False)
        )
        self._alias_widgets()
        self.split = split = QSplitter(Qt.Orientation.Vertical, self)
        split.addWidget(self.input_area)
        split.addWidget(self._build_middle())
        split.addWidget(self.pieces_box)
        split.addWidget(self._build_explain_box())
        split.setSizes([120, 290, 100, 300])
        layout = QVBoxLayout(self)
        layout.addWidget(self.top)
        layout.addWidget(self.messages)
        layout.addWidget(split, 1)
        self.counts_row.show_counts(None, "")

    def _alias_widgets(self) -> None:
        """The panels' widgets under the names the window, presentation mode and tests use."""
        self.picker = self.top.picker
        self.preset_combo = self.top.preset_combo
        self.mode_combo = self.top.mode_combo
        self.whitespace_box = self.top.whitespace_box
        self.additions_box = self.top.additions_box
        self.count_labels = self.counts_row.labels
        self.token_chips = self.chips.token_chips
        self.id_chips = self.chips.id_chips
        self.info_label = self.chips.info_label
        self.legend = self.chips.legend
        self.copy_actions = self.chips.copy_actions
        self.piece_chips = self.pieces_box.chips

    def _build_middle(self) -> QWidget:
        """The counts above the chips."""
        middle = QWidget(self)
        layout = QVBoxLayout(middle)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.counts_row)
        layout.addWidget(self.chips, 1)
        return middle

    def _build_explain_box(self) -> QGroupBox:
        """Explain in a box with the style's margins (roomier than build.group_box's)."""
        box = QGroupBox(self)
        self._explain_box = box
        self._retitle_explain()
        connect(self._retitle_explain)
        # in a scroll area: on a 1024x700 screen the panel scrolls rather than pushing the
        # window taller than the screen
        area = QScrollArea(box)
        area.setWidget(self.explains)
        area.setWidgetResizable(True)
        area.setFrameShape(QFrame.Shape.NoFrame)
        area.setMinimumHeight(54)
        QVBoxLayout(box).addWidget(area)
        return box

    def _connect(self) -> None:
        self.controller.finished.connect(self._on_controller_finished)
        self.controller.failed.connect(self._on_controller_failed)
        self.picked = PickedTokenizer(self.picker, self, follow_new=NEW_TOKENIZERS)
        self.opener = self.picked.opener
        self.picked.changed.connect(self._on_picked_changed)
        self.picked.loading.connect(self._on_picked_loading)
        self.picked.failed.connect(self._show_load_error)
        self.opener.failed.connect(self.messages.error)
        self.preset_combo.activated.connect(self._on_preset_combo_activated)
        self.mode_combo.currentIndexChanged.connect(self._on_mode_combo_current_index_changed)
        self.whitespace_box.toggled.connect(self._on_whitespace_box_toggled)
        self.additions_box.toggled.connect(self._on_additions_box_toggled)
        self.editor.textChanged.connect(self._on_editor_text_changed)
        self.input_area.mode_changed.connect(self._on_input_area_mode_changed)
        self.chat_editor.changed.connect(self._on_chat_editor_changed)

    # -- public -----------------------------------------------------------------------------

    def current_key(self) -> str:
        return self._key

    def tokenizer(self) -> TokenizerLike | None:
        return self.registry.get(self._key) if self._key else None

    def follow_timeline(self, position: TimelinePosition) -> None:
        """Offer "As of merge k": the Timeline's tokenizer with only its first k merges."""
        box = AsOfBox(position, self.registry, self)
        box.changed.connect(self._on_as_of_changed)
        box.set_keys([self._key])
        self.top.add_as_of(box)
        self.as_of = box

    def merge_limit(self) -> int | None:
        """The merges used ("As of merge k"), or None: all of them."""
        return self.as_of.limit_for(self._key) if self.as_of is not None else None

    @Slot()
    def _on_as_of_changed(self) -> None:
        self.explain.set_merge_limit(self.merge_limit())
        self._request()

    def copy_text(self, what: str) -> str:
        """What a Copy action puts on the clipboard ("" when no tokens are shown)."""
        return copy_text(self.chips.table, CopyFormat(what))

    def table(self) -> TokenTable | None:
        """The token table on display (None while nothing is, or the text was refused)."""
        return self.chips.table

    def pieces(self) -> list[TextPiece]:
        return list(self.pieces_box.pieces)

    def counts(self) -> Counts | None:
        return self.counts_row.counts

    def text(self) -> str:
        return self.editor.text()

    def set_text(self, text: str) -> None:
        self.editor.set_text(text)

    def set_mode(self, mode: SpecialMode) -> None:
        self.mode_combo.setCurrentIndex(self.mode_combo.findData(SpecialMode(mode).value))  # Qt keeps plain strings

    def adds_special_tokens(self) -> bool:
        """Whether the chips get the BOS/EOS the model adds (the box is on and enabled; a chat's
        template writes its own, and apply_chat_template encodes without adding any)."""
        return self.top.additions_box.isEnabled() and self.top.additions_box.isChecked() and not self.is_chat()

    def is_chat(self) -> bool:
        """Mode Chat: the chat's messages, rendered by a chat template, are tokenized."""
        return self.input_area.mode is InputMode.CHAT

    def mode(self) -> SpecialMode:
        return SpecialMode(self.mode_combo.currentData())

    def is_settled(self) -> bool:
        """True when the display shows the current text with the current tokenizer."""
        return self.tokenizer() is not None and self._is_current() and not self.editor.is_filling()

    def _is_current(self) -> bool:
        """True when no newer encoding than the one on display is on the way."""
        return self._displayed_generation == self.controller.generation

    @Slot(str)
    def _retitle_explain(self, _language: str = "") -> None:
        """The Explain box says what it explains: BPE's merges or WordPiece's matches."""
        if self.explains.currentWidget() is self.wordpiece_explain:
            title = tr("Explain: WordPiece's greedy longest match of one word")
        elif self._algorithm is Algorithm.UNIGRAM:
            title = tr("Explain: Unigram's most probable cut of one piece (Viterbi)")
        else:
            title = tr("Explain: the merges of one piece, in rank order")
        self._explain_box.setTitle(title)

    # -- tokenizer choice -------------------------------------------------------------------

    @Slot(str, object)
    def _on_picked_changed(self, key: str, tok: TokenizerLike | None) -> None:
        self._key = key
        if self.as_of is not None:
            self.as_of.set_keys([key])
        self.explains.set_tokenizer(tok, self.merge_limit() if tok is not None else None)
        self._algorithm = tok.facts.algorithm if tok is not None else None
        self._retitle_explain()
        self.chips.set_tokenizer(tok)
        if tok is None:
            self.top.set_additions(None)
            self._clear_display()
        else:
            self.messages.clear()
            self.pieces_box.set_tokenizer(tok.facts)
            self.top.set_additions(tok.special_additions)
            self._request()
        self.tokenizer_changed.emit()

    @Slot(str)
    def _on_picked_loading(self, key: str) -> None:
        self.messages.info(
            tr("Loading {key}… (building the merge list takes a few seconds the first time)").format(key=key)
        )

    @Slot(str)
    def _retranslate(self, _language: str = "") -> None:
        """After a language switch: the texts composed here, in the new language."""
        self.top.retranslate()
        self.counts_row.retranslate()
        self.pieces_box.retranslate()
        self.chips.retranslate()
        self.chat_editor.retranslate()
        self.links.token_selected(self.token_chips.selected_index(), explain=False)
        if self._key and self.tokenizer() is None:
            self.picked.update()  # the loading or error message, composed again
        elif self.messages.kind == "warning":
            self._request()  # the refusal is written by the result: encode again

    @Slot(str, str)
    def _show_load_error(self, _key: str, message: str) -> None:
        self.messages.error(*self.picked.problem(message))
        self._clear_display()

    # -- encoding ---------------------------------------------------------------------------

    @Slot()
    def _on_editor_text_changed(self) -> None:
        if self.preset_combo.currentIndex() > 0 and self.preset_combo.currentData() != self.editor.toPlainText():
            self.preset_combo.setCurrentIndex(0)  # the text is no longer the preset's
        self._request()

    @Slot(bool)
    def _on_additions_box_toggled(self, on: bool) -> None:
        if self.settings is not None:
            self.settings.add_special_tokens = on
        self._request()

    @Slot(int)
    def _on_mode_combo_current_index_changed(self, _index: int) -> None:
        self._request()

    @Slot(str)
    def _on_input_area_mode_changed(self, _mode: str) -> None:
        chat = self.is_chat()
        self.mode_combo.setEnabled(not chat)  # a chat's special tokens are always recognised
        self.additions_box.setVisible(not chat)  # the template writes the BOS itself
        total = sum(self.split.sizes()) or 780
        # The messages need room: Explain folds away in a chat (drag the splitter to open it again)
        shares = (0.45, 0.40, 0.15, 0.0) if chat else (0.15, 0.37, 0.13, 0.35)
        self.split.setSizes([int(total * share) for share in shares])
        self._request()

    @Slot()
    def _on_chat_editor_changed(self) -> None:
        if self.is_chat():
            self._request()

    def _request(self) -> None:
        tok = self.tokenizer()
        if tok is None or (self.editor.is_filling() and not self.is_chat()):
            return  # (a long text going in asks when it is in)
        limit = self.merge_limit()
        chat = self.chat_editor.request(self.registry.entry(self._key).path) if self.is_chat() else None
        self.controller.request(
            self.text() if chat is None else "",
            self.mode() if chat is None else SpecialMode.ALLOW,
            [(self._key, tok)],
            want_pieces=True,
            as_of={self._key: limit} if limit is not None else None,
            chat=chat,
        )

    @Slot(EncodeResult)
    def _on_controller_finished(self, result: EncodeResult) -> None:
        if result.chat is not None:
            self.chat_editor.show_outcome(result.chat)
            if result.chat.error:
                self._show_chat_error(result.chat, result.generation)
                return
        outcome = result.outcomes[0]
        if outcome.key != self._key:
            return  # the tokenizer changed meanwhile; its own request is on the way
        pieces = outcome.pieces or []
        bounds = outcome.piece_bounds
        if outcome.error:
            self._show_refusal(outcome.error, result.generation, result.text)
            pieces, bounds = [], None
        elif outcome.table is not None:
            self._show_outcome(outcome, result.generation, result.text)
        ws = self.whitespace_box.isChecked()
        self.pieces_box.show_pieces(pieces, result.text, result.generation, ws, bounds)
        self._displayed_generation = result.generation
        self.links.token_selected(self.token_chips.selected_index(), explain=False)
        self.links.timer.start()  # after the chips are painted: Explain is not urgent
        self.displayed.emit(result.generation)

    def _show_refusal(self, reason: str, generation: int, text: str) -> None:
        """The text holds special-token text and the mode refuses it, as tiktoken's encode() would."""
        self.messages.warning(
            tr(
                "<b>Refused, as tiktoken's encode() would:</b> {reason}"
                "<br>Switch “Special tokens” to Recognised or Plain text to tokenize it."
            ).format(reason=html.escape(reason)),
        )
        self.chips.show_refused(generation)
        self.pieces_box.set_refused(True)
        self.explains.set_piece("")  # nothing split, nothing to explain
        self.counts_row.show_counts(None, text)

    def _show_chat_error(self, chat: ChatOutcome, generation: int) -> None:
        """No template, or it refused the chat: the line under the messages says why."""
        if self.messages.kind == "warning":
            self.messages.clear()
        self.chips.show_refused(generation, noop("No tokens: the chat was not rendered (see below the messages)."))
        self.pieces_box.show_pieces([], "", generation, self.whitespace_box.isChecked())
        self.explain.set_piece("")
        self.counts_row.show_counts(None, "")
        self._displayed_generation = generation
        self.displayed.emit(generation)

    def _show_outcome(self, outcome: EncodeOutcome, generation: int, text: str) -> None:
        if self.messages.kind == "warning":
            self.messages.clear()  # an earlier refusal no longer holds
        self.pieces_box.set_refused(False)
        table = outcome.table
        tok = self.tokenizer()
        if table is not None and tok is not None and self.adds_special_tokens():
            table = with_additions(table, tok.special_additions)  # zero-width chips, counted
        self.chips.show_table(table, generation, self.whitespace_box.isChecked())
        self.counts_row.show_counts(counts(text, len(table)) if table is not None else None, text)

    @Slot(str)
    def _on_controller_failed(self, message: str) -> None:
        self.messages.error(tr("Tokenizing failed: {reason}").format(reason=message))

    def _clear_display(self) -> None:
        self.chips.clear()
        self.pieces_box.clear()
        self.counts_row.show_counts(None, self.text())

    @Slot(bool)
    def _on_whitespace_box_toggled(self, on: bool) -> None:
        if self.settings is not None:
            self.settings.show_whitespace = on
        self.chips.show_table(self.chips.table, self.token_chips.generation, on)
        self.pieces_box.redraw(on)

    @Slot(int)
    def _on_preset_combo_activated(self, index: int) -> None:
        text = self.preset_combo.itemData(index)
        if text:
            self.input_area.set_mode(InputMode.TEXT)  # a preset is a text
            self.set_text(text)
            self.set_mode(mode_for_text(text, self.mode()))

    # -- the view contract ------------------------------------------------------------------

    def set_presentation(self, on: bool) -> None:
        """Presentation mode: the pre-tokenization strip, the legend and the labels of the
        preset and special-token combos fold away (the combos say what they hold), so the
        top row fits 1024 pixels in large fonts."""
        self.pieces_box.setVisible(not on)
        self.chips.set_presentation(on)
        self.top.set_presentation(on)

    def html_page(self, contrast: bool = False) -> str | None:
        """The tokens on display as a standalone HTML page (None while none are shown)."""
        table = self.chips.table
        if table is None or len(self.chips.builder.tokens) != len(table):
            return None
        entry = self.registry.entry(self._key)
        limit = self.merge_limit()
        if limit is None:
            title = tr("Tokens of {name}").format(name=entry.label)
        else:
            title = tr("Tokens of {name}, as of merge {k}").format(name=entry.label, k=format_count(limit))
        return tokens_html(
            table,
            self.chips.builder.tokens,
            title=title,
            about=[
                tr("Tokenizer: {name}").format(name=entry.label),
                tr("Special tokens: {mode}").format(mode=mode_label(self.mode())),
            ],
            contrast=contrast,
        )

    def tokenizer_key(self) -> str:
        return self.current_key()

    @property
    def exports_tokens(self) -> bool:
        return True

    def shutdown(self) -> None:
        """Drop pending encodings and wait for a running one (the main window is closing)."""
        self.links.timer.stop()
        self.controller.shutdown()
        self.token_lines.close()
