"""The Stream-decode view: why a byte-level decoder needs a queue.

Choose a text (or a preset) and a tokenizer; Play, Pause, Step and a speed control feed its
tokens one at a time into a :class:`bpe_engine.StreamingDecoder`. The view shows the byte
queue as hex boxes (what waited, what arrived, which character each lead byte announces and
how many bytes it still needs), the moment a character completes and moves to the output,
and beside the decoder's output what a naive per-token ``decode([id])`` prints: U+FFFD
wherever a character is split across tokens (``🤚🏾``, ``國``, ``Жизнь`` with cl100k/o200k).

The text is encoded off the GUI thread (:class:`~app.core.encoding.EncodeController`).

The view owns the decoder and the timer that plays; its panels are modules beside it:
:mod:`.controls` (text, preset, tokenizer, Reset/Play/Step, speed), :mod:`.queue_panel` (with
:mod:`.byte_queue`), :mod:`.outputs_panel` (the decoded text, and the naive one), :mod:`.log_panel`
(with :mod:`.log_model`); :mod:`.step_text` says each step in words.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer, Signal, Slot
from PySide6.QtWidgets import QLabel, QSplitter, QVBoxLayout, QWidget

from app.content.presets import STREAM_PRESETS
from app.core.encoding import EncodeController
from app.core.i18n import connect, tr
from app.core.messages import EncodeResult
from app.core.registry import TokenizerRegistry
from app.core.settings import Settings
from app.display.token_data import TokenTable
from app.features.stream.controls import MAX_SPEED, StreamControls
from app.features.stream.log_model import StepRecord
from app.features.stream.log_panel import LogPanel
from app.features.stream.outputs_panel import FFFD, OutputsPanel
from app.features.stream.queue_panel import QueuePanel
from app.features.stream.step_text import FedToken, WordPieceJoin, describe_step, done_text, intro
from app.features.stream.tape import Tape
from app.widgets.picked_tokenizer import NEW_TOKENIZERS, PickedTokenizer
from app.widgets.view import View
from bpe_engine import SpecialMode, StreamingDecoder, TokenizerLike, WordPieceTokenizer

__all__ = ["StreamView"]

#: Special-token text becomes its special token, as a model's output would hold it.
_SPECIAL_MODE = SpecialMode.ALLOW


class StreamView(View):
    """Feeds a text's tokens one at a time to a streaming decoder (see the module docstring).

    Signals:
        prepared(int): the current text is encoded; the number of tokens to feed.
        stepped(int): one more token was fed; how many have been fed.
    """

    prepared = Signal(int)
    stepped = Signal(int)

    def __init__(
        self, registry: TokenizerRegistry, settings: Settings | None = None, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.registry = registry
        self.settings = settings
        self.controller = EncodeController(self)
        self.decoder: StreamingDecoder | None = None
        self._table: TokenTable | None = None
        self._tok: TokenizerLike | None = None
        self._pos = 0
        self._naive = ""
        self._last: FedToken | None = None
        self._prepared_generation = -1
        self.timer = QTimer(self)
        self._build()
        self._connect()
        self.picker.set_current_key("cl100k_base")
        self.text_edit.setText(STREAM_PRESETS[0][1])
        self.picked.update()
        connect(self._retranslate)

    @Slot(str)
    def _retranslate(self, _language: str = "") -> None:
        """After a language switch: the texts composed here, in the new language."""
        self.controls.retranslate(self.is_playing())
        self.tape.update()
        self._show_state()
        if self.picked.key() and self.picked.tokenizer() is None:
            self.picked.update()  # the loading or error message, composed again

    # -- building ---------------------------------------------------------------------------

    def _build(self) -> None:
        self.controls = StreamControls(self.registry, self)
        self.tape = Tape(self)
        self.step_label = QLabel(self)
        self.step_label.setWordWrap(True)
        self.step_label.setTextFormat(Qt.TextFormat.RichText)
        self.step_label.setMinimumHeight(40)
        self.queue_box = QueuePanel(self)
        self.outputs = OutputsPanel(self)
        self.log_view = LogPanel(self)
        self._alias_widgets()
        split = QSplitter(Qt.Orientation.Vertical, self)
        split.addWidget(self.outputs)
        split.addWidget(self.log_view)
        split.setSizes([160, 160])
        split.setChildrenCollapsible(False)
        self.log_view.setMinimumHeight(64)  # (it scrolls: a 1024x700 screen has no room for more)
        layout = QVBoxLayout(self)
        layout.addWidget(self.controls)
        layout.addWidget(self.messages)
        layout.addWidget(self.tape)
        layout.addWidget(self.step_label)
        layout.addWidget(self.queue_box)
        layout.addWidget(split, 1)
        self._on_speed_slider_changed(self.speed_slider.value())

    def _alias_widgets(self) -> None:
        """The panels' widgets under the names the window, presentation mode and tests use."""
        c = self.controls
        self.text_edit, self.preset_combo, self.picker = c.text_edit, c.preset_combo, c.picker
        self.reset_button, self.play_button, self.step_button = c.reset_button, c.play_button, c.step_button
        self.speed_slider, self.speed_label, self.position_label = c.speed_slider, c.speed_label, c.position_label
        self.queue, self.lead_label, self.queue_legend = (
            self.queue_box.queue,
            self.queue_box.lead_label,
            self.queue_box.legend,
        )
        self.output_view, self.naive_view = self.outputs.output_view, self.outputs.naive_view
        self.log = self.log_view.log

    def _connect(self) -> None:
        self.timer.timeout.connect(self._on_timer_timeout)
        self.controller.finished.connect(self._on_controller_finished)
        self.picked = PickedTokenizer(self.picker, self, follow_new=NEW_TOKENIZERS)
        self.opener = self.picked.opener
        self.picked.changed.connect(self._on_picked_changed)
        self.picked.loading.connect(self._on_picked_loading)
        self.picked.failed.connect(self._show_load_error)
        self.opener.failed.connect(self.messages.error)
        self.text_edit.textChanged.connect(self._on_text_edit_changed)
        self.preset_combo.activated.connect(self._on_preset_combo_activated)
        self.reset_button.clicked.connect(self.reset)
        self.play_button.clicked.connect(self.toggle_play)
        self.step_button.clicked.connect(self.step)
        self.speed_slider.valueChanged.connect(self._on_speed_slider_changed)

    # -- state (also read by tests) ---------------------------------------------------------

    @property
    def position(self) -> int:
        """How many tokens have been fed."""
        return self._pos

    @property
    def ids(self) -> list[int]:
        return list(self._table.ids) if self._table is not None else []

    @property
    def naive_text(self) -> str:
        return self._naive

    @property
    def output_text(self) -> str:
        return self.decoder.text if self.decoder is not None else ""

    def is_prepared(self) -> bool:
        return self._table is not None and self._prepared_generation == self.controller.generation

    def is_finished(self) -> bool:
        return self._table is not None and self._pos >= len(self._table)

    def set_text(self, text: str) -> None:
        self.text_edit.setText(text)

    def set_speed(self, tokens_per_second: float) -> None:
        self.speed_slider.setValue(max(1, min(MAX_SPEED, round(tokens_per_second * 2))))

    # -- tokenizer and text -----------------------------------------------------------------

    @Slot(str, object)
    def _on_picked_changed(self, _key: str, tok: TokenizerLike | None) -> None:
        self.pause()
        if tok is None:
            self._table = None
            self._show_state()
        else:
            self.messages.clear()
            self._prepare()
        self.tokenizer_changed.emit()

    @Slot(str)
    def _on_picked_loading(self, key: str) -> None:
        self.messages.info(tr("Loading {key}… (a few seconds the first time)").format(key=key))

    @Slot(str, str)
    def _show_load_error(self, _key: str, message: str) -> None:
        self.messages.error(*self.picked.problem(message))

    @Slot(str)
    def _on_text_edit_changed(self, _text: str) -> None:
        self.pause()
        self._prepare()

    @Slot(int)
    def _on_preset_combo_activated(self, index: int) -> None:
        text = self.preset_combo.itemData(index)
        if text:
            self.text_edit.setText(text)

    def _prepare(self) -> None:
        key = self.picker.current_key()
        tok = self.registry.get(key) if key else None
        if tok is None:
            return
        self.controller.request(self.text_edit.text(), _SPECIAL_MODE, [(key, tok)])

    @Slot(EncodeResult)
    def _on_controller_finished(self, result: EncodeResult) -> None:
        outcome = result.outcomes[0]
        tok = self.registry.get(outcome.key)
        if outcome.table is None or tok is None or outcome.key != self.picker.current_key():
            return
        self._tok = tok
        self._table = outcome.table
        self._prepared_generation = result.generation
        self.tape.set_table(outcome.table, result.generation)
        self.reset()
        self.prepared.emit(len(outcome.table))

    # -- playing ----------------------------------------------------------------------------

    @Slot()
    def reset(self) -> None:
        """Empty the queue and the outputs; the next Step feeds the first token."""
        self.pause()
        self.decoder = StreamingDecoder(self._tok) if self._tok is not None else None
        self._pos = 0
        self._naive = ""
        self._last = None
        self.log_view.clear()
        self._show_state()

    @Slot()
    def step(self) -> bool:
        """Feed one token; False when there is none left (or nothing is prepared)."""
        if self._table is None or self.decoder is None or self._pos >= len(self._table):
            return False
        self._last = fed = self._feed(self._table, self.decoder)
        self._naive += fed.naive
        self._pos = fed.position
        self._show_state()
        if self._pos >= len(self._table):
            self.pause()
        self.stepped.emit(self._pos)
        return True

    def _feed(self, table: TokenTable, decoder: StreamingDecoder) -> FedToken:
        """Feed the next token to ``decoder``: what came in, what it released, what waits."""
        tid = table.ids[self._pos]
        queued = decoder.pending
        st = decoder.step(tid)
        released = st.output
        if self._pos + 1 == len(table):
            released += decoder.flush()  # valid text leaves nothing behind; flush says so
        naive = self._tok.decode([tid]) if self._tok is not None else ""
        own = self._tok.id_to_bytes(tid) if self._tok is not None else st.token_bytes
        # SentencePiece's decoder drops the first piece's leading space (the dummy prefix).
        dropped = (
            own[: len(own) - len(st.token_bytes)] if own != st.token_bytes and own.endswith(st.token_bytes) else b""
        )
        self.log_view.append(
            StepRecord(self._pos + 1, tid, st.token_bytes, st.pending, st.needed, released, naive, dropped)
        )
        # What waits is the decoder's after the flush (the log shows the step's own).
        return FedToken(
            self._pos + 1, tid, queued, st.token_bytes, released, naive, decoder.pending, decoder.needed, dropped
        )

    def play(self) -> None:
        if self._table is None:
            return
        if self.is_finished():
            self.reset()
        self.timer.start()
        self.controls.show_playing(True)

    def pause(self) -> None:
        self.timer.stop()
        self.controls.show_playing(False)

    @Slot()
    def toggle_play(self) -> None:
        if self.timer.isActive():
            self.pause()
        else:
            self.play()

    def is_playing(self) -> bool:
        return self.timer.isActive()

    @Slot()
    def _on_timer_timeout(self) -> None:
        if not self.step():
            self.pause()

    @Slot(int)
    def _on_speed_slider_changed(self, _value: int) -> None:
        self.timer.setInterval(int(1000 / self.controls.tokens_per_second()))
        self.controls.show_speed()

    # -- display ----------------------------------------------------------------------------

    def _show_state(self) -> None:
        """Show the position, the queue, the step in words and the outputs after the last token."""
        self.controls.show_position(self._pos, len(self._table) if self._table is not None else None)
        self.tape.show_fed(self._pos, self._table is not None)
        fed = self._last
        if self.decoder is None or fed is None:
            self.queue_box.show_empty()
            self.step_label.setText(intro())
            self.outputs.show_texts("", "", "", "")
            return
        self.queue_box.show_step(fed.queued, fed.data, self.decoder.pending)
        facts = self._tok.facts if self._tok is not None else None
        sentencepiece = facts is not None and not facts.byte_level and facts.space_symbol == "▁"
        text = describe_step(fed, sentencepiece, self._wordpiece_join(fed.token_id))
        if self.is_finished() and self._tok is not None and self._table is not None:
            same = self.decoder.text == self._tok.decode(list(self._table.ids))
            text += "<br>" + done_text(same, self._naive.count(FFFD))  # (a line break, no words)
        self.step_label.setText(text)
        self.outputs.show_texts(self.decoder.text, fed.released, self._naive, fed.naive)

    def _wordpiece_join(self, token_id: int) -> WordPieceJoin | None:
        """How a WordPiece file's decoder adds the token (None for other tokenizers)."""
        tok = self._tok
        if not isinstance(tok, WordPieceTokenizer):
            return None
        return WordPieceJoin(
            tok.decoder, tok.token_text(token_id), tok.decode_prefix or tok.prefix, tok.is_continuation(token_id)
        )

    def set_presentation(self, on: bool) -> None:
        """Presentation mode: the legend of the byte queue and the log fold away.

        With fonts 1.5 times larger a 1024x700 projector had room for the outputs or the log,
        not both: the log repeats what the step's sentence and the queue show."""
        self.queue_legend.setVisible(not on)
        self.log_view.setVisible(not on)

    def tokenizer_key(self) -> str:
        return self.picker.current_key()

    def shutdown(self) -> None:
        """Stop playing and wait for a running encoding (the main window is closing)."""
        self.pause()
        self.controller.shutdown()
