"""The Timeline view: a slider over a tokenizer's merges, and a text tokenized as of merge k.

Drag the slider (or type k, or use the keys) and the sample text is shown as token chips
with only the first ``k`` merges of the tokenizer, with its token count and bytes per token;
the tokens that merge ``k`` made are outlined, and the merge itself is named. Play runs the
slider as an animation at a chosen speed. Beside the chips, the text's token count after
every merge (one exact pass, ``Tokenizer.token_curve``) with a marker at ``k``.

The tokenizer is any of the registry (the newest trained one is chosen when it arrives), or
the training in progress ("Follow the training"): its merges so far, rebuilt once a second.
The slider's position is shared (:class:`~app.controllers.timeline.TimelinePosition`): the
Vocabulary, Tokenize and Compare views can follow it ("As of merge k").

Encoding runs off the GUI thread (:class:`~app.controllers.timeline.TimelineController`,
newest request wins), so scrubbing never waits for a position it has already left.
"""

from __future__ import annotations

import html
import time

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import Qt, QTimer, Signal, Slot
from PySide6.QtGui import QKeySequence, QShowEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QSlider,
    QSpinBox,
    QSplitter,
    QStyle,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from bpe_engine import Tokenizer

from ..content.presets import PRESETS
from ..content.samples import load_samples
from ..controllers.registry import TokenizerRegistry
from ..controllers.timeline import TimelineController, TimelinePosition
from ..controllers.training import TrainingController
from ..display.chips import TokenChipBuilder
from ..display.format import format_count, format_ratio, token_label
from ..display.html_export import tokens_html
from ..display.token_data import TokenTable, token_detail
from ..jobs.messages import EncodeResult
from ..settings import Settings
from ..widgets.message_bar import MessageBar
from ..widgets.text_input import TextInput
from ..widgets.token_chips import ChipView
from ..widgets.tokenizer_picker import TokenizerPicker

__all__ = ["TimelineView", "SPEEDS"]

#: Play speeds: (label, merges per second; a negative value -s: the whole run in s seconds).
SPEEDS: tuple[tuple[str, float], ...] = (
    ("1 merge/s", 1.0),
    ("5 merges/s", 5.0),
    ("20 merges/s", 20.0),
    ("100 merges/s", 100.0),
    ("1 000 merges/s", 1000.0),
    ("whole run in 10 s", -10.0),
    ("whole run in 30 s", -30.0),
)
_DEFAULT_SPEED = 2
_LIVE_MS = 1000  # a training in progress: its tokenizer is rebuilt at most once a second
_PLAY_MS = 40  # animation ticks (a new position only once the previous one is shown)


class TimelineView(QWidget):
    """A tokenizer's merges as a timeline (see the module docstring).

    Signals:
        displayed(int): the chips now show the text as of this many merges.
    """

    displayed = Signal(int)

    def __init__(
        self, registry: TokenizerRegistry, settings: Settings | None = None, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.registry = registry
        self.settings = settings
        self.controller = TimelineController(self)
        self.position = TimelinePosition(self)
        self.training: TrainingController | None = None
        self._key = ""  # registry key of the tokenizer shown ("" for the training in progress)
        self._tok: Tokenizer | None = None
        self._merge_ids: list[tuple[int, int, int]] = []  # the tokenizer's (left, right, new id) by rank
        self._table: TokenTable | None = None
        self._pending: dict[int, int] = {}  # generation -> merges of the newest request
        self._shown = -1  # merges of the text on display
        self._curve: np.ndarray | None = None
        self._curve_tag: object = None
        self._builder = TokenChipBuilder()
        self._known_keys = set(registry.keys())
        self._live_built = -1  # merges of the training's tokenizer built last
        self._play_clock = 0.0
        self._play_carry = 0.0
        self._build()
        self.controller.encoded.connect(self._on_controller_encoded)
        self.controller.curve_ready.connect(self._on_controller_curve_ready)
        self.controller.live_ready.connect(self._on_controller_live_ready)
        self.controller.failed.connect(self.banner.error)
        registry.ready.connect(self._on_registry_ready)
        self.picker.key_changed.connect(self._on_picker_key_changed)
        self.picker.set_current_key(registry.latest_trained() or "")
        self._on_picker_key_changed(self.picker.current_key())

    # -- building ---------------------------------------------------------------------------

    def _build(self) -> None:
        self.banner = MessageBar(self)
        self.picker = TokenizerPicker(self.registry, self)
        self.picker.setToolTip("The tokenizer whose merges the slider walks through (the newest trained one)")
        # subtle: long tokenizer names and sample titles must not widen the view past the
        # window (presentation mode's large fonts at 1024 pixels): the combos may shrink.
        self.picker.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.picker.setMinimumContentsLength(14)
        self.live_box = QCheckBox("Follow the training", self)
        self.live_box.setToolTip(
            "Walk through the merges of the training that is running or paused in the Train tab "
            "(its merges so far, updated once a second)"
        )
        self.live_box.setEnabled(False)
        self.live_box.toggled.connect(self._on_live_box_toggled)
        self.text_combo = QComboBox(self)
        self.text_combo.addItem("Choose a text…", "")
        for sample in load_samples():
            self.text_combo.addItem(f"Sample: {sample.title}", sample.read_text())
        for title, text, note in PRESETS:
            self.text_combo.addItem(title, text)
            self.text_combo.setItemData(self.text_combo.count() - 1, note, Qt.ItemDataRole.ToolTipRole)
        self.text_combo.setToolTip("A text to watch: a built-in sample or a classroom preset (or type your own)")
        self.text_combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.text_combo.setMinimumContentsLength(14)
        self.text_combo.activated.connect(self._on_text_combo_activated)
        top = QHBoxLayout()
        top.addWidget(QLabel("Tokenizer:", self))
        top.addWidget(self.picker, 2)
        top.addWidget(self.live_box)
        top.addWidget(QLabel("Text:", self))
        top.addWidget(self.text_combo, 1)

        self.editor = TextInput(self)
        self.editor.setPlaceholderText("Type or paste a text to watch it being tokenized merge by merge.")
        self.editor.textChanged.connect(self._on_editor_text_changed)

        style = self.style()
        self.first_button = QToolButton(self)
        self.first_button.setIcon(style.standardIcon(QStyle.StandardPixmap.SP_MediaSkipBackward))
        self.first_button.setToolTip("Back to merge 0: every byte a token (Home on the slider)")
        self.first_button.clicked.connect(self._on_first_button_clicked)
        self.play_button = QToolButton(self)
        self.play_button.setCheckable(True)
        self.play_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.play_button.setShortcut(QKeySequence("Ctrl+Space"))
        self.play_button.setToolTip("Play the merges as an animation at the chosen speed (Ctrl+Space)")
        self.play_button.toggled.connect(self._on_play_button_toggled)
        self.slider = QSlider(Qt.Orientation.Horizontal, self)
        self.slider.setToolTip("Drag to merge k: the text below is tokenized with only the first k merges")
        self.slider.setTracking(True)
        self.slider.valueChanged.connect(self._on_slider_value_changed)
        self.spin = QSpinBox(self)
        self.spin.setToolTip("The number of merges (k)")
        self.spin.setKeyboardTracking(False)
        self.spin.valueChanged.connect(self.slider.setValue)
        self.of_label = QLabel(self)
        self.speed_combo = QComboBox(self)
        for label, speed in SPEEDS:
            self.speed_combo.addItem(label, speed)
        self.speed_combo.setCurrentIndex(_DEFAULT_SPEED)
        self.speed_combo.setToolTip("How fast Play moves the slider")
        controls = QHBoxLayout()
        controls.addWidget(self.first_button)
        controls.addWidget(self.play_button)
        controls.addWidget(self.slider, 1)
        controls.addWidget(QLabel("merge", self))
        controls.addWidget(self.spin)
        controls.addWidget(self.of_label)
        controls.addWidget(QLabel("Speed:", self))
        controls.addWidget(self.speed_combo)

        self.position_label = QLabel(self)
        self.counts_label = QLabel(self)
        self.counts_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.merge_label = QLabel(self)
        self.merge_label.setWordWrap(True)
        self.merge_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

        self.chips = ChipView(self)
        self.chips.set_placeholder("Choose a tokenizer (train one first) and a text: its tokens appear here.")
        self.chips.tooltip_provider = self._token_tooltip
        self.plot = pg.PlotWidget(background="w")
        self.plot.setTitle("Tokens after k merges", color="#333")
        self.plot.setLabel("bottom", "merges")
        self.plot.setLabel("left", "tokens")
        self.plot.setMouseEnabled(x=False, y=False)
        self.plot.hideButtons()
        for side in ("left", "bottom"):
            self.plot.getAxis(side).setPen("#555")
            self.plot.getAxis(side).setTextPen("#333")
        # subtle: the marker moves at every position and the plot repaints with it; a curve of
        # 200 000 points drawn in full took ~10 ms a time: draw at most a point per pixel.
        self.plot.getPlotItem().setDownsampling(auto=True, mode="peak")
        self.plot.getPlotItem().setClipToView(True)
        self.curve_item = self.plot.plot(pen=pg.mkPen("#1565c0", width=2))
        self.marker = pg.InfiniteLine(angle=90, movable=False, pen=pg.mkPen("#c62828", width=2))
        self.plot.addItem(self.marker)
        self.plot.setToolTip("The text's token count with the first k merges, for every k (exact); red: the slider")
        self.splitter = QSplitter(Qt.Orientation.Horizontal, self)
        self.splitter.addWidget(self.chips)
        self.splitter.addWidget(self.plot)
        self.splitter.setStretchFactor(0, 3)
        self.splitter.setStretchFactor(1, 2)
        self.splitter.setSizes([760, 420])

        self.vertical = QSplitter(Qt.Orientation.Vertical, self)
        self.vertical.addWidget(self.editor)
        self.vertical.addWidget(self.splitter)
        self.vertical.setStretchFactor(0, 1)
        self.vertical.setStretchFactor(1, 5)
        self.vertical.setSizes([90, 500])

        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.banner)
        layout.addLayout(controls)
        layout.addWidget(self.position_label)
        layout.addWidget(self.counts_label)
        layout.addWidget(self.merge_label)
        layout.addWidget(self.vertical, 1)

        self._play_timer = QTimer(self)
        self._play_timer.setInterval(_PLAY_MS)
        self._play_timer.timeout.connect(self._on_play_timer_timeout)
        self._live_timer = QTimer(self)
        self._live_timer.setInterval(_LIVE_MS)
        self._live_timer.timeout.connect(self._on_live_timer_timeout)
        self._set_playing_look(False)
        first = next((i for i in range(self.text_combo.count()) if self.text_combo.itemData(i)), -1)
        if first >= 0:
            self.text_combo.setCurrentIndex(first)
            self.editor.setPlainText(str(self.text_combo.itemData(first)))
        self._set_total(0)

    # -- public -----------------------------------------------------------------------------

    def tokenizer(self) -> Tokenizer | None:
        """The tokenizer whose merges the slider walks through (None: none chosen yet)."""
        return self._tok

    def current_key(self) -> str:
        """Its registry key ("" for the training in progress, or none)."""
        return self._key

    def merges(self) -> int:
        """The slider's position k."""
        return self.slider.value()

    def total(self) -> int:
        return self.slider.maximum()

    def set_merges(self, k: int) -> None:
        self.slider.setValue(k)

    def text(self) -> str:
        return self.editor.document().toRawText().replace("\u2029", "\n")

    def set_text(self, text: str) -> None:
        self.editor.setPlainText(text)

    def table(self) -> TokenTable | None:
        """The token table on display."""
        return self._table

    def shown_merges(self) -> int:
        """k of the tokens on display (-1 before the first)."""
        return self._shown

    def is_settled(self) -> bool:
        """The chips show the current text as of the slider's position."""
        return self._tok is not None and self._shown == self.slider.value() and not self._pending

    def curve(self) -> np.ndarray | None:
        """The text's token count after each number of merges (None until computed)."""
        return None if self._curve is None else self._curve.copy()

    def is_playing(self) -> bool:
        return self.play_button.isChecked()

    def play(self, speed_index: int | None = None) -> None:
        if speed_index is not None:
            self.speed_combo.setCurrentIndex(speed_index)
        self.play_button.setChecked(True)

    def stop(self) -> None:
        self.play_button.setChecked(False)

    def set_training(self, training: TrainingController) -> None:
        """Offer to follow ``training`` while it runs or is paused (the Train tab's run)."""
        self.training = training
        training.state_changed.connect(self._on_training_state_changed)
        self._on_training_state_changed(training.state)

    def set_presentation(self, on: bool) -> None:
        """Presentation mode: the text box folds away (the chips and curve get the room)."""
        self.editor.setVisible(not on)

    def html_page(self, contrast: bool = False) -> str | None:
        """The text as of merge k as a standalone HTML page (None while nothing is shown)."""
        tok, table = self._tok, self._table
        if tok is None or table is None or len(self._builder.tokens) != len(table):
            return None
        label = self.registry.entry(self._key).label if self._key else f"{tok.name or 'the training'} (in progress)"
        k = self._shown
        return tokens_html(
            table,
            self._builder.tokens,
            title=f"{label}, as of merge {format_count(k)} of {format_count(len(tok.merges))}",
            about=[self._merge_words(k)] if k > 0 else ["No merge yet: every byte is a token."],
            contrast=contrast,
        )

    def shutdown(self) -> None:
        self.stop()
        self._live_timer.stop()
        self.controller.shutdown()

    # -- tokenizer choice -------------------------------------------------------------------

    @Slot(str)
    def _on_picker_key_changed(self, key: str) -> None:
        if self.live_box.isChecked():
            return
        self._key = key
        # (a removed tokenizer: the picker chooses another and says so)
        entry = self.registry.entry(key) if key in self.registry.keys() else None
        if entry is None:
            self._show_tokenizer(None)
            return
        if entry.tokenizer is None:
            if entry.status == "error":
                self.banner.error(f"{html.escape(key)} cannot be loaded: {html.escape(entry.message)}")
            else:
                self.banner.info(f"Loading {html.escape(key)}… (a few seconds the first time)")
                if self.isVisible():
                    self.registry.request(key)
            self._show_tokenizer(None)
            return
        if not isinstance(entry.tokenizer, Tokenizer):
            self.banner.error(
                f"{html.escape(key)} is a SentencePiece model: it stores scores, not merges learned in "
                "order, so it has no timeline. Pick a BPE tokenizer (one you trained, GPT-2, Llama 3, …)."
            )
            self._show_tokenizer(None)
            return
        self.banner.clear()
        self._show_tokenizer(entry.tokenizer)

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 (Qt naming)
        super().showEvent(event)
        entry = self.registry.entry(self._key) if self._key else None
        if entry is not None and entry.tokenizer is None and entry.status == "idle":
            self.registry.request(self._key)

    @Slot(str)
    def _on_registry_ready(self, key: str) -> None:
        entry = self.registry.entry(key)
        if key not in self._known_keys:
            self._known_keys.add(key)
            if entry.kind in ("trained", "file"):
                # A finished training replaces the view of it in progress.
                self.live_box.setChecked(False)
                self.picker.set_current_key(key)
                return
        if key == self._key and not self.live_box.isChecked():
            self._on_picker_key_changed(key)

    def _show_tokenizer(self, tok: Tokenizer | None) -> None:
        at_end = self.slider.value() == self.slider.maximum()
        same_run = tok is not None and self._tok is not None and self.live_box.isChecked()
        self._tok = tok
        self._merge_ids = tok.merge_ids() if tok is not None else []
        self._builder = TokenChipBuilder()
        total = len(tok.merges) if tok is not None else 0
        keep = self.slider.value() if same_run and not at_end else total
        self._set_total(total)
        self.slider.blockSignals(True)
        self.slider.setValue(min(keep, total))
        self.slider.blockSignals(False)
        self._request_curve()
        self._on_slider_value_changed(self.slider.value())
        if tok is None:
            self._table = None
            self._shown = -1
            self.chips.clear()
            self._show_labels()

    def _set_total(self, total: int) -> None:
        for w in (self.slider, self.spin):
            w.blockSignals(True)
            w.setRange(0, total)
            w.blockSignals(False)
        self.slider.setPageStep(max(1, total // 20))
        self.slider.setSingleStep(1)
        self.of_label.setText(f"of {format_count(total)}")
        enabled = total > 0
        widgets: tuple[QWidget, ...] = (self.slider, self.spin, self.play_button, self.first_button)
        for widget in widgets:
            widget.setEnabled(enabled)

    # -- a training in progress -------------------------------------------------------------

    @Slot(str)
    def _on_training_state_changed(self, state: str) -> None:
        live = state in ("merging", "paused", "counting", "cancelling")
        self.live_box.setEnabled(live or self.live_box.isChecked())
        if self.live_box.isChecked():
            self._on_live_timer_timeout()  # a pause or the end: show the merges so far at once

    @Slot(bool)
    def _on_live_box_toggled(self, on: bool) -> None:
        self.picker.setEnabled(not on)
        if on:
            self._key = ""
            self._live_built = -1
            self._tok = None
            self._live_timer.start()
            self._on_live_timer_timeout()
            self.banner.info("Following the training in progress: its merges so far, updated once a second.")
        else:
            self._live_timer.stop()
            self.banner.clear()
            self._on_picker_key_changed(self.picker.current_key())
        if self.training is not None:
            self.live_box.setEnabled(self.training.is_active or on)

    @Slot()
    def _on_live_timer_timeout(self) -> None:
        c = self.training
        if c is None or c.request is None or not self.live_box.isChecked():
            return
        n = len(c.merges)
        if n != self._live_built:
            self._live_built = n
            self.controller.build_live(c.merges, c.request.config, f"{c.request.describe()} (training)")

    @Slot(Tokenizer)
    def _on_controller_live_ready(self, tok: Tokenizer) -> None:
        if self.live_box.isChecked():
            self._show_tokenizer(tok)

    # -- the slider -------------------------------------------------------------------------

    @Slot(int)
    def _on_slider_value_changed(self, k: int) -> None:
        self.spin.blockSignals(True)
        self.spin.setValue(k)
        self.spin.blockSignals(False)
        self.position.set(self._key, k, self.slider.maximum())
        if self._curve is not None and k < len(self._curve):
            self.marker.setValue(k)
        self._request()

    @Slot()
    def _on_first_button_clicked(self) -> None:
        self.stop()
        self.slider.setValue(0)

    @Slot(bool)
    def _on_play_button_toggled(self, on: bool) -> None:
        self._set_playing_look(on)
        if on:
            if self.slider.value() >= self.slider.maximum():
                self.slider.setValue(0)  # play again from the start
            self._play_clock = time.monotonic()
            self._play_carry = 0.0
            self._play_timer.start()
        else:
            self._play_timer.stop()

    def _set_playing_look(self, on: bool) -> None:
        pix = QStyle.StandardPixmap.SP_MediaPause if on else QStyle.StandardPixmap.SP_MediaPlay
        self.play_button.setIcon(self.style().standardIcon(pix))
        self.play_button.setText("Pause" if on else "Play")

    def speed(self) -> float:
        """Merges per second of the chosen speed."""
        value = float(self.speed_combo.currentData())
        return value if value > 0 else self.slider.maximum() / -value

    @Slot()
    def _on_play_timer_timeout(self) -> None:
        now = time.monotonic()
        elapsed, self._play_clock = now - self._play_clock, now
        if not self.is_settled():
            return  # one position at a time: the next once this one is on screen
        self._play_carry += elapsed * self.speed()
        step = int(self._play_carry)
        if step < 1:
            return
        self._play_carry -= step
        k = min(self.slider.value() + step, self.slider.maximum())
        self.slider.setValue(k)
        if k >= self.slider.maximum():
            self.stop()

    # -- encoding ---------------------------------------------------------------------------

    @Slot()
    def _on_editor_text_changed(self) -> None:
        index = self.text_combo.currentIndex()
        if index > 0 and self.text_combo.itemData(index) != self.text():
            self.text_combo.setCurrentIndex(0)  # the text is no longer the sample's
        self._request_curve()
        self._request()

    @Slot(int)
    def _on_text_combo_activated(self, index: int) -> None:
        text = self.text_combo.itemData(index)
        if text:
            self.set_text(str(text))

    def _request(self) -> None:
        tok = self._tok
        if tok is None:
            return
        k = self.slider.value()
        generation = self.controller.encode(self.text(), tok, k)
        self._pending = {generation: k}

    def _request_curve(self) -> None:
        self._curve = None
        self.curve_item.setData([], [])
        if self._tok is not None:
            self._curve_tag = (id(self._tok), self.text())
            self.controller.request_curve(self._curve_tag, self._tok, self.text())

    @Slot(object, object)
    def _on_controller_curve_ready(self, tag: object, curve: object) -> None:
        if tag != self._curve_tag or not isinstance(curve, np.ndarray):
            return
        self._curve = curve
        self.curve_item.setData(np.arange(len(curve), dtype=np.float64), curve.astype(np.float64))
        self.marker.setValue(self.slider.value())
        self.plot.enableAutoRange()

    @Slot(EncodeResult)
    def _on_controller_encoded(self, result: EncodeResult) -> None:
        k = self._pending.pop(result.generation, None)
        if k is None:
            return
        self._pending.clear()
        outcome = result.outcomes[0]
        table = outcome.table
        if table is None:  # recognised special tokens never refuse a text
            return
        self._table = table
        tokens, _ids, reuse = self._builder.build(table, True)
        made = self._made_by(k)
        marks = [i == made for i in table.ids] if made is not None else None
        self.chips.set_chips(tokens, marks=marks, generation=result.generation, reuse=reuse)
        self._shown = k
        self._show_labels()
        self.displayed.emit(k)

    def _made_by(self, k: int) -> int | None:
        """The id of the token merge ``k`` made (the k-th merge, rank k-1); None for k = 0."""
        if not 1 <= k <= len(self._merge_ids):
            return None
        return self._merge_ids[k - 1][2]

    # -- labels -----------------------------------------------------------------------------

    def _show_labels(self) -> None:
        tok, table, k = self._tok, self._table, self._shown
        if tok is None or table is None or k < 0:
            self.position_label.setText("As of merge —")
            self.counts_label.setText("Tokens: <b>—</b> · Bytes/token: <b>—</b>")
            self.merge_label.setText("")
            return
        specials = len(tok.special_tokens)
        self.position_label.setText(
            f"As of merge <b>{format_count(k)}</b> of {format_count(len(tok.merges))} · vocabulary "
            f"<b>{format_count(256 + k + specials)}</b> tokens (256 bytes + {format_count(k)} merges + "
            f"{specials} special)"
        )
        n, nbytes = len(table), len(table.data)
        self.counts_label.setText(
            f"Tokens: <b>{format_count(n)}</b> · UTF-8 bytes: {format_count(nbytes)} · "
            f"Bytes/token: <b>{format_ratio(nbytes / n if n else None)}</b>"
        )
        if k == 0:
            self.merge_label.setText("No merge yet: every byte is a token.")
            return
        z = self._merge_ids[k - 1][2]
        uses = sum(1 for i in table.ids if i == z)
        where = f"{uses} in this text, outlined" if uses else "not in this text"
        self.merge_label.setText(f"{html.escape(self._merge_words(k))}; {where}.")

    def _merge_words(self, k: int) -> str:
        """Merge ``k`` in words (plain text): its pair, its token, its count in training."""
        tok = self._tok
        assert tok is not None and 1 <= k <= len(self._merge_ids)
        a, b, z = self._merge_ids[k - 1]
        count = tok.merge_counts[k - 1]
        seen = f", pair count {format_count(count)} in training" if count is not None else ""
        return (
            f"Merge {format_count(k)}: ‘{token_label(tok.id_to_bytes(a))}’ + ‘{token_label(tok.id_to_bytes(b))}’ "
            f"→ ‘{token_label(tok.id_to_bytes(z))}’ (id {z}{seen})"
        )

    def _token_tooltip(self, index: int) -> str:
        tok, table = self._tok, self._table
        if tok is None or table is None or index >= len(table):
            return ""
        return token_detail(tok, table, index)
