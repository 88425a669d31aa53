"""The Stream-decode view: why a byte-level decoder needs a queue.

Choose a text (or a preset) and a tokenizer; Play, Pause, Step and a speed control feed its
tokens one at a time into a :class:`bpe_engine.StreamingDecoder`. The view shows the byte
queue as hex boxes (what waited, what arrived, which character each lead byte announces and
how many bytes it still needs), the moment a character completes and moves to the output,
and beside the decoder's output what a naive per-token ``decode([id])`` prints: U+FFFD
wherever a character is split across tokens (``🤚🏾``, ``國``, ``Жизнь`` with cl100k/o200k).

The text is encoded off the GUI thread (:class:`~app.core.encoding.EncodeController`).
"""

from __future__ import annotations

import html

import regex
from PySide6.QtCore import QEvent, Qt, QTimer, Signal, Slot
from PySide6.QtGui import QFont, QKeySequence, QShowEvent
from PySide6.QtWidgets import (
    QComboBox,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QSlider,
    QSplitter,
    QTableView,
    QTextEdit,
    QVBoxLayout,
    QWidget,
)

from app.content.presets import STREAM_PRESETS
from app.core.encoding import EncodeController
from app.core.i18n import bind, connect, noop, tr
from app.core.messages import EncodeResult
from app.core.registry import TokenizerRegistry
from app.core.settings import Settings
from app.core.tokenizer_files import TiktokenFileOpener
from app.display.chips import POINTER, Chips, TokenChipBuilder
from app.display.format import hex_bytes, visible
from app.display.token_data import TokenTable, describe_char
from app.features.stream.byte_queue import ByteQueueWidget, lead_byte_text
from app.features.stream.log_model import StepRecord, StreamLogModel
from app.widgets.text_input import use_monospace
from app.widgets.token_chips import ChipView
from app.widgets.tokenizer_picker import TokenizerPicker, load_problem, open_tiktoken_file
from app.widgets.view import View
from bpe_engine import StreamingDecoder, TokenizerLike

__all__ = ["StreamView"]

_FFFD = "\ufffd"


def _html_text(text: str, highlight_from: int, color: str, size_pt: float = 22.0) -> str:
    """``text`` as HTML; characters from ``highlight_from`` on get a background; U+FFFD in red."""

    def esc(t: str) -> str:
        out = html.escape(visible(t, True)).replace(
            _FFFD, f"<span style='background:#ffcdd2;color:#b71c1c'>{_FFFD}</span>"
        )
        return out

    # subtle: a highlight starting inside a grapheme cluster (🤚 fed, then its skin tone 🏾)
    # splits the cluster over two text runs, and Qt then draws two glyphs: start the
    # highlight at the cluster's first character instead.
    for cluster in regex.finditer(r"\X", text):
        if cluster.start() < highlight_from < cluster.end():
            highlight_from = cluster.start()
            break
    head, tail = text[:highlight_from], text[highlight_from:]
    body = esc(head) + (f"<span style='background:{color}'>{esc(tail)}</span>" if tail else "")
    return f"<div style='font-size:{size_pt:.1f}pt'>{body}</div>" if body else ""


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
        self._base_pt = self.font().pointSizeF()  # the outputs' size follows the font from here
        self.registry = registry
        self.settings = settings
        self.controller = EncodeController(self)
        self.opener = TiktokenFileOpener(registry, self)
        self.decoder: StreamingDecoder | None = None
        self._table: TokenTable | None = None
        self._tok: TokenizerLike | None = None
        self._pos = 0
        self._naive = ""
        self._last: tuple[bytes, bytes, str, str] | None = None  # queued, token bytes, released, naive
        self._prepared_generation = -1
        self._builder = TokenChipBuilder()
        self.timer = QTimer(self)
        self.timer.timeout.connect(self._on_timer_timeout)
        self._build()
        self.controller.finished.connect(self._on_controller_finished)
        self._known_keys = set(registry.keys())
        registry.ready.connect(self._on_registry_ready)
        registry.failed.connect(self._on_registry_failed)
        self.opener.opened.connect(self.picker.set_current_key)
        self.opener.failed.connect(self.messages.error)
        self.picker.key_changed.connect(self._on_picker_key_changed)
        self.picker.set_current_key("cl100k_base")
        self.text_edit.setText(STREAM_PRESETS[0][1])
        self._on_picker_key_changed(self.picker.current_key())
        connect(self._retranslate)

    @Slot(str)
    def _retranslate(self, _language: str = "") -> None:
        """After a language switch: the texts composed here, in the new language."""
        self.preset_combo.setItemText(0, tr("Choose a preset…"))
        for i, (title, _text) in enumerate(STREAM_PRESETS, start=1):
            self.preset_combo.setItemText(i, tr(title))
        self._set_play_text()
        self._on_speed_slider_changed(self.speed_slider.value())
        self.tape.update()
        self._show_state()
        key = self.picker.current_key()
        entry = self.registry.entry(key) if key else None
        if entry is not None and entry.tokenizer is None:
            self._on_picker_key_changed(key)  # the loading or error message, composed again

    # -- building ---------------------------------------------------------------------------

    def _build(self) -> None:
        self.text_edit = QLineEdit(self)
        bind(self.text_edit, "setPlaceholderText", "Text to stream, e.g. 國 or 🤚🏾")
        use_monospace(self.text_edit)
        self.text_edit.textChanged.connect(self._on_text_edit_changed)
        self.preset_combo = QComboBox(self)
        self.preset_combo.addItem(tr("Choose a preset…"), "")
        for title, text in STREAM_PRESETS:
            self.preset_combo.addItem(tr(title), text)
        self.preset_combo.activated.connect(self._on_preset_combo_activated)
        self.picker = TokenizerPicker(self.registry, self)
        top = QHBoxLayout()
        top.addWidget(self._label(noop("Text:")))
        top.addWidget(self.text_edit, 2)
        top.addWidget(self._label(noop("Preset:")))
        top.addWidget(self.preset_combo)
        top.addWidget(self._label(noop("Tokenizer:")))
        top.addWidget(self.picker)

        self.reset_button = QPushButton(self)
        bind(self.reset_button, "setText", "⏮ Reset")
        self.reset_button.setShortcut(QKeySequence("Ctrl+Shift+R"))
        bind(self.reset_button, "setToolTip", "Start again with an empty queue (Ctrl+Shift+R)")
        self.play_button = QPushButton(tr("▶ Play"), self)
        self.play_button.setShortcut(QKeySequence("Ctrl+P"))
        bind(
            self.play_button,
            "setToolTip",
            "Feed the tokens one by one at the chosen speed; again to pause (Ctrl+P)",
        )
        self.step_button = QPushButton(self)
        bind(self.step_button, "setText", "Step ⏭")
        self.step_button.setShortcut(QKeySequence("Ctrl+N"))
        bind(self.step_button, "setToolTip", "Feed exactly one token (Ctrl+N)")
        self.reset_button.clicked.connect(self.reset)
        self.play_button.clicked.connect(self.toggle_play)
        self.step_button.clicked.connect(self.step)
        self.speed_slider = QSlider(Qt.Orientation.Horizontal, self)
        self.speed_slider.setRange(1, 20)
        self.speed_slider.setValue(2)
        self.speed_slider.setMaximumWidth(180)
        bind(self.speed_slider, "setToolTip", "Tokens per second while playing")
        self.speed_slider.valueChanged.connect(self._on_speed_slider_changed)
        self.speed_label = QLabel(self)
        self.position_label = QLabel(self)
        controls = QHBoxLayout()
        for w in (self.reset_button, self.play_button, self.step_button):
            controls.addWidget(w)
        controls.addSpacing(16)
        controls.addWidget(self._label(noop("Speed:")))
        controls.addWidget(self.speed_slider)
        controls.addWidget(self.speed_label)
        controls.addSpacing(16)
        controls.addWidget(self.position_label)
        controls.addStretch(1)
        self._on_speed_slider_changed(self.speed_slider.value())

        self.tape = ChipView(self)
        self.tape.setMinimumHeight(44)
        self.tape.setMaximumHeight(72)
        self.tape.set_placeholder(noop("The tokens of the text, fed from left to right."))
        bind(
            self.tape,
            "setToolTip",
            "The token ids to feed; the outlined one was fed last, the faded ones are still to come.",
        )

        self.step_label = QLabel(self)
        self.step_label.setWordWrap(True)
        self.step_label.setTextFormat(Qt.TextFormat.RichText)
        self.step_label.setMinimumHeight(40)
        self.queue = ByteQueueWidget(self)
        self.lead_label = QLabel(self)
        self.queue_legend = legend = QLabel(self)
        bind(
            legend,
            "setText",
            "<span style='color:#616161'>grey frame: the byte waited in the queue</span> · "
            "<span style='color:#1565c0'>blue frame: the byte came with this token</span> · "
            "<span style='background:#c8e6c9'>&nbsp;green: a complete character&nbsp;</span> · "
            "<span style='background:#ffe0b2'>&nbsp;orange: waiting for more bytes&nbsp;</span>",
        )
        queue_box = QGroupBox(self)
        bind(queue_box, "setTitle", "Byte queue of the StreamingDecoder")
        qlay = QVBoxLayout(queue_box)
        qlay.addWidget(self.queue)
        qlay.addWidget(self.lead_label)
        qlay.addWidget(legend)

        big = QFont(self.font())
        big.setPointSizeF(self.font().pointSizeF() * 1.8)
        self.output_view = QTextEdit(self)
        self.output_view.setReadOnly(True)
        bind(self.output_view, "setPlaceholderText", "Nothing printed yet: the decoder waits for complete characters.")
        self.naive_view = QTextEdit(self)
        self.naive_view.setReadOnly(True)
        bind(self.naive_view, "setPlaceholderText", "Nothing printed yet.")
        out_box = QGroupBox(self)
        bind(out_box, "setTitle", "StreamingDecoder output: only complete characters")
        QVBoxLayout(out_box).addWidget(self.output_view)
        naive_box = QGroupBox(self)
        bind(naive_box, "setTitle", "Naive: print(decode([id])) for each token")
        QVBoxLayout(naive_box).addWidget(self.naive_view)
        bind(
            naive_box,
            "setToolTip",
            "Decoding every token on its own turns each piece of a split character into U+FFFD (�).",
        )
        outputs = QSplitter(Qt.Orientation.Horizontal, self)
        outputs.addWidget(out_box)
        outputs.addWidget(naive_box)

        self.log = StreamLogModel(self)
        self.log_view = QTableView(self)
        self.log_view.setModel(self.log)
        self.log_view.verticalHeader().setVisible(False)
        self.log_view.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.log_view.horizontalHeader().setStretchLastSection(True)

        split = QSplitter(Qt.Orientation.Vertical, self)
        split.addWidget(outputs)
        split.addWidget(self.log_view)
        split.setSizes([160, 160])
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addLayout(controls)
        layout.addWidget(self.messages)
        layout.addWidget(self.tape)
        layout.addWidget(self.step_label)
        layout.addWidget(queue_box)
        layout.addWidget(split, 1)

    def _label(self, source: str) -> QLabel:
        """A label whose text follows the language."""
        label = QLabel(self)
        bind(label, "setText", source)
        return label

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
        self.speed_slider.setValue(max(1, min(20, round(tokens_per_second * 2))))

    # -- tokenizer and text -----------------------------------------------------------------

    @Slot(str)
    def _on_picker_key_changed(self, key: str) -> None:
        self.pause()
        entry = self.registry.entry(key) if key else None
        if entry is None:
            return
        if entry.tokenizer is None:
            self._table = None
            self._show_state()
            if entry.status == "error":
                self._show_load_error(key, entry.message)
            else:
                self.messages.info(tr("Loading {key}… (a few seconds the first time)").format(key=key))
                if self.isVisible():
                    self.registry.request(key)
            return
        self.messages.clear()
        self._prepare()

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802
        super().showEvent(event)
        key = self.picker.current_key()
        if key and self.registry.entry(key).status == "idle" and self.registry.get(key) is None:
            self.registry.request(key)

    @Slot(str)
    def _on_registry_ready(self, key: str) -> None:
        entry = self.registry.entry(key)
        if key not in self._known_keys:
            self._known_keys.add(key)
            if entry.kind in ("trained", "file"):
                # The newest trained (or opened) tokenizer is the default of every view that follows it.
                self.picker.set_current_key(key)
                return
        if key == self.picker.current_key():
            self._on_picker_key_changed(key)

    @Slot(str, str)
    def _on_registry_failed(self, key: str, message: str) -> None:
        if key == self.picker.current_key():
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
        self.controller.request(self.text_edit.text(), "recognised", [(key, tok)])

    @Slot(EncodeResult)
    def _on_controller_finished(self, result: EncodeResult) -> None:
        outcome = result.outcomes[0]
        tok = self.registry.get(outcome.key)
        if outcome.table is None or tok is None or outcome.key != self.picker.current_key():
            return
        self._tok = tok
        self._table = outcome.table
        self._prepared_generation = result.generation
        chips, _, reuse = self._builder.build(outcome.table, True)
        # The tape feeds ids: show each id before the token's bytes.
        # subtle: a new Chips, not the builder's own (it re-uses its segments on the next text,
        # and ids written into them would pile up: "22557 22557 ▁Hello" after a few keystrokes).
        chips = Chips(
            [((f"{i} ", POINTER),) + segs for i, segs in zip(outcome.table.ids, chips.segments)],
            chips.kinds,
            chips.breaks,
            chips.spans,
            chips.colors,
        )
        reuse = None
        self.tape.set_chips(chips, generation=result.generation, reuse=reuse)
        self.tape.tooltip_provider = lambda i: (
            tr("id {id}: bytes {hex}").format(id=self._table.ids[i], hex=hex_bytes(self._table.tokens[i]))
            if self._table
            else ""
        )
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
        self.log.clear()
        self._show_state()

    @Slot()
    def step(self) -> bool:
        """Feed one token; False when there is none left (or nothing is prepared)."""
        if self._table is None or self.decoder is None or self._pos >= len(self._table):
            return False
        tid = self._table.ids[self._pos]
        queued = self.decoder.pending
        st = self.decoder.step(tid)
        naive = self._tok.decode([tid]) if self._tok is not None else ""
        self._naive += naive
        self._pos += 1
        released = st.output
        if self._pos == len(self._table):
            released += self.decoder.flush()  # valid text leaves nothing behind; flush says so
        self._last = (queued, st.token_bytes, released, naive)
        self.log.append(StepRecord(self._pos, tid, st.token_bytes, st.pending, st.needed, released, naive))
        self.log_view.scrollToBottom()
        self._show_state()
        if self._pos >= len(self._table):
            self.pause()
        self.stepped.emit(self._pos)
        return True

    def play(self) -> None:
        if self._table is None:
            return
        if self.is_finished():
            self.reset()
        self.timer.start()
        self._set_play_text()

    def pause(self) -> None:
        self.timer.stop()
        self._set_play_text()

    def _set_play_text(self) -> None:
        self.play_button.setText(tr("⏸ Pause") if self.timer.isActive() else tr("▶ Play"))

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
    def _on_speed_slider_changed(self, value: int) -> None:
        tps = value / 2
        self.timer.setInterval(int(1000 / tps))
        self.speed_label.setText(tr("1 token/s") if tps == 1 else tr("{n} tokens/s").format(n=f"{tps:g}"))

    # -- display ----------------------------------------------------------------------------

    def _show_state(self) -> None:
        n = len(self._table) if self._table is not None else 0
        self.position_label.setText(
            tr("Fed <b>{k}</b> of {n} tokens").format(k=self._pos, n=n) if self._table is not None else ""
        )
        self.step_button.setEnabled(self._table is not None and self._pos < n)
        self.play_button.setEnabled(self._table is not None and n > 0)
        self.reset_button.setEnabled(self._pos > 0)
        self.tape.select(self._pos - 1, emit=False)
        self.tape.set_dim_from(self._pos if self._table is not None else -1)
        last = self._last
        if self.decoder is None or last is None:
            self.queue.set_empty(tr("The queue is empty. Press Step or Play to feed the first token."))
            self.lead_label.setText("")
            self.step_label.setText(
                tr(
                    "Each token is a few <b>bytes</b>. The decoder keeps bytes in a queue until they form a whole "
                    "UTF-8 character; decoding each token on its own instead prints � for every piece of a split "
                    "character."
                )
            )
            self.output_view.setHtml(_html_text("", 0, "#c8e6c9", self._output_pt()))
            self.naive_view.setHtml(_html_text("", 0, "#ffcdd2", self._output_pt()))
            return
        queued, data, released, naive = last
        self.queue.set_step(queued, data)
        pending = self.decoder.pending
        self.lead_label.setText(tr("Lead byte {text}").format(text=lead_byte_text(pending[0])) if pending else "")
        self.step_label.setText(self._describe(queued, data, released, pending))
        out = self.decoder.text
        self.output_view.setHtml(_html_text(out, len(out) - len(released), "#a5d6a7", self._output_pt()))
        self.naive_view.setHtml(_html_text(self._naive, len(self._naive) - len(naive), "#fff59d", self._output_pt()))
        if self.is_finished() and self._tok is not None and self._table is not None:
            same = self.decoder.text == self._tok.decode(list(self._table.ids))
            broken = self._naive.count(_FFFD)
            if same:
                done = tr("<b>Done.</b> The decoder's output equals decode(all ids)")
            else:
                done = tr("<b>Done.</b> The decoder's output differs from decode(all ids)")
            if broken:
                done += tr("; the naive output has {n} × �.").format(n=broken)
            else:
                done += tr("; no character was split here.")
            summary = self.step_label.text() + "<br>" + done  # (a line break, no words)
            self.step_label.setText(summary)

    def _describe(self, queued: bytes, data: bytes, released: str, pending: bytes) -> str:
        tid = self._table.ids[self._pos - 1] if self._table is not None else 0
        if len(data) == 1:
            brings = tr("Token {k}: id <b>{id}</b> brings byte <b>{hex}</b>.")
        else:
            brings = tr("Token {k}: id <b>{id}</b> brings bytes <b>{hex}</b>.")
        parts = [brings.format(k=self._pos, id=tid, hex=hex_bytes(data))]
        if queued:
            parts.append(tr("The queue already held <b>{hex}</b>.").format(hex=hex_bytes(queued)))
        if released:
            chars = ", ".join(html.escape(describe_char(c)) for c in released[:3])
            if len(released) > 3:
                chars = tr("{chars} and {n} more").format(chars=chars, n=len(released) - 3)
            parts.append(
                "<span style='color:#1b5e20'>" + tr("Complete → output: {chars}.").format(chars=chars) + "</span>"
            )
        if pending:
            need = self.decoder.needed if self.decoder is not None else 0
            if need == 1:
                waits = tr("{hex} waits: its lead byte announces a {n}-byte character, 1 more byte needed.")
            else:
                waits = tr("{hex} waits: its lead byte announces a {n}-byte character, {need} more bytes needed.")
            parts.append(
                "<span style='color:#e65100'>"
                + waits.format(hex=hex_bytes(pending), n=len(pending) + need, need=need)
                + "</span>"
            )
        elif not released:
            parts.append(tr("Nothing to print yet."))
        naive = self._last[3] if self._last is not None else ""
        if _FFFD in naive:
            parts.append(
                tr("A naive decode([{id}]) would print <span style='color:#b71c1c'>{text}</span> here.").format(
                    id=tid, text=html.escape(naive)
                )
            )
        elif self._tok is not None and self._tok.family == "sentencepiece" and data[:1] == b" " and naive[:1] != " ":
            parts.append(
                tr(
                    "A naive decode([{id}]) prints <span style='color:#b71c1c'>{text}</span>: SentencePiece drops "
                    "the ▁ that starts a text, so decoding token by token loses the spaces between words."
                ).format(id=tid, text=html.escape(visible(naive)))
            )
        return " ".join(parts)

    def _output_pt(self) -> float:
        """The outputs' text size: 22 pt at the default font, following the window's zoom."""
        return 22.0 * self.font().pointSizeF() / self._base_pt

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt naming)
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:
            self._show_state()  # the outputs' HTML names its size: write it again

    def set_presentation(self, on: bool) -> None:
        """Presentation mode: the legend of the byte queue folds away."""
        self.queue_legend.setVisible(not on)

    def tokenizer_key(self) -> str:
        return self.picker.current_key()

    def shutdown(self) -> None:
        """Stop playing and wait for a running encoding (the main window is closing)."""
        self.pause()
        self.controller.shutdown()
