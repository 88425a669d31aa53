"""The Timeline view: a slider over a tokenizer's merges, and a text tokenized as of merge k.

Drag the slider (or type k, or use the keys) and the sample text is shown as token chips
with only the first ``k`` merges of the tokenizer, with its token count and bytes per token;
the tokens that merge ``k`` made are outlined, and the merge itself is named. Play runs the
slider as an animation at a chosen speed. Beside the chips, the text's token count after
every merge (one exact pass, ``Tokenizer.token_curve``) with a marker at ``k``.

The tokenizer is any of the registry (the newest trained one is chosen when it arrives), or
the training in progress ("Follow the training"): its merges so far, rebuilt once a second.
The slider's position is shared (:class:`~app.features.timeline.controller.TimelinePosition`): the
Vocabulary, Tokenize and Compare views can follow it ("As of merge k").

Encoding runs off the GUI thread (:class:`~app.features.timeline.controller.TimelineController`,
newest request wins), so scrubbing never waits for a position it has already left.
"""

from __future__ import annotations

import html
import time
from collections.abc import Callable

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

from app.content.presets import PRESETS
from app.content.samples import load_samples
from app.core import i18n
from app.core.i18n import bind, noop, tr
from app.core.messages import EncodeResult
from app.core.registry import TokenizerRegistry
from app.core.settings import Settings
from app.core.timeline_position import TimelinePosition
from app.core.training.controller import TrainingController
from app.display.chips import TokenChipBuilder
from app.display.format import format_count, format_ratio, token_label
from app.display.html_export import tokens_html
from app.display.token_data import TokenTable, token_detail
from app.features.timeline.controller import TimelineController
from app.widgets.plots import without_scene_export
from app.widgets.text_input import TextInput
from app.widgets.token_chips import ChipView
from app.widgets.tokenizer_picker import TokenizerPicker
from app.widgets.view import View
from bpe_engine import Tokenizer

__all__ = ["TimelineView", "SPEEDS"]

#: Play speeds: (label, merges per second; a negative value -s: the whole run in s seconds).
#: The labels are English (marked for the catalog); the combo shows them translated.
SPEEDS: tuple[tuple[str, float], ...] = (
    (noop("1 merge/s"), 1.0),
    (noop("5 merges/s"), 5.0),
    (noop("20 merges/s"), 20.0),
    (noop("100 merges/s"), 100.0),
    (noop("1 000 merges/s"), 1000.0),
    (noop("whole run in 10 s"), -10.0),
    (noop("whole run in 30 s"), -30.0),
)
_DEFAULT_SPEED = 2
_LIVE_MS = 1000  # a training in progress: its tokenizer is rebuilt at most once a second
_PLAY_MS = 40  # animation ticks (a new position only once the previous one is shown)


class TimelineView(View):
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
        self._total = 0
        self._banner: tuple[str, Callable[[], str]] | None = None  # (kind, composer) of the message shown
        self._build()
        i18n.connect(self._on_language_changed)
        self.controller.encoded.connect(self._on_controller_encoded)
        self.controller.curve_ready.connect(self._on_controller_curve_ready)
        self.controller.live_ready.connect(self._on_controller_live_ready)
        self.controller.failed.connect(self._on_controller_failed)
        registry.ready.connect(self._on_registry_ready)
        self.picker.key_changed.connect(self._on_picker_key_changed)
        self.picker.set_current_key(registry.latest_trained() or "")
        self._on_picker_key_changed(self.picker.current_key())

    # -- building ---------------------------------------------------------------------------

    def _build(self) -> None:
        self.picker = TokenizerPicker(self.registry, self)
        bind(self.picker, "setToolTip", "The tokenizer whose merges the slider walks through (the newest trained one)")
        # subtle: long tokenizer names and sample titles must not widen the view past the
        # window (presentation mode's large fonts at 1024 pixels): the combos may shrink.
        self.picker.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.picker.setMinimumContentsLength(14)
        self.live_box = QCheckBox(self)
        bind(self.live_box, "setText", "Follow the training")
        bind(
            self.live_box,
            "setToolTip",
            "Walk through the merges of the training that is running or paused in the Train tab "
            "(its merges so far, updated once a second)",
        )
        self.live_box.setEnabled(False)
        self.live_box.toggled.connect(self._on_live_box_toggled)
        self.text_combo = QComboBox(self)
        # (kind, title, note) of each item: its text and tooltip are written in the current language
        self._text_items: list[tuple[str, str, str]] = [("choose", "", "")]
        self.text_combo.addItem("", "")
        self._samples = {sample.key: sample for sample in load_samples()}
        for sample in self._samples.values():
            self._text_items.append(("sample", sample.key, ""))
            self.text_combo.addItem("", sample.read_text())
        for title, text, note in PRESETS:
            self._text_items.append(("preset", title, note))
            self.text_combo.addItem("", text)
        self._name_text_items()
        bind(
            self.text_combo, "setToolTip", "A text to watch: a built-in sample or a classroom preset (or type your own)"
        )
        self.text_combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.text_combo.setMinimumContentsLength(14)
        self.text_combo.activated.connect(self._on_text_combo_activated)
        top = QHBoxLayout()
        tokenizer_label = QLabel(self)
        bind(tokenizer_label, "setText", "Tokenizer:")
        text_label = QLabel(self)
        bind(text_label, "setText", "Text:")
        top.addWidget(tokenizer_label)
        top.addWidget(self.picker, 2)
        top.addWidget(self.live_box)
        top.addWidget(text_label)
        top.addWidget(self.text_combo, 1)

        self.editor = TextInput(self)
        bind(self.editor, "setPlaceholderText", "Type or paste a text to watch it being tokenized merge by merge.")
        self.editor.textChanged.connect(self._on_editor_text_changed)

        style = self.style()
        self.first_button = QToolButton(self)
        self.first_button.setIcon(style.standardIcon(QStyle.StandardPixmap.SP_MediaSkipBackward))
        bind(self.first_button, "setToolTip", "Back to merge 0: every byte a token (Home on the slider)")
        self.first_button.clicked.connect(self._on_first_button_clicked)
        self.play_button = QToolButton(self)
        self.play_button.setCheckable(True)
        self.play_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.play_button.setShortcut(QKeySequence("Ctrl+Space"))
        bind(self.play_button, "setToolTip", "Play the merges as an animation at the chosen speed (Ctrl+Space)")
        self.play_button.toggled.connect(self._on_play_button_toggled)
        self.slider = QSlider(Qt.Orientation.Horizontal, self)
        bind(self.slider, "setToolTip", "Drag to merge k: the text below is tokenized with only the first k merges")
        self.slider.setTracking(True)
        self.slider.valueChanged.connect(self._on_slider_value_changed)
        self.spin = QSpinBox(self)
        bind(self.spin, "setToolTip", "The number of merges (k)")
        self.spin.setKeyboardTracking(False)
        self.spin.valueChanged.connect(self.slider.setValue)
        self.of_label = QLabel(self)
        self.speed_combo = QComboBox(self)
        for label, speed in SPEEDS:
            self.speed_combo.addItem(tr(label), speed)
        self.speed_combo.setCurrentIndex(_DEFAULT_SPEED)
        bind(self.speed_combo, "setToolTip", "How fast Play moves the slider")
        controls = QHBoxLayout()
        controls.addWidget(self.first_button)
        controls.addWidget(self.play_button)
        controls.addWidget(self.slider, 1)
        merge_label = QLabel(self)
        bind(merge_label, "setText", "merge")
        speed_label = QLabel(self)
        bind(speed_label, "setText", "Speed:")
        controls.addWidget(merge_label)
        controls.addWidget(self.spin)
        controls.addWidget(self.of_label)
        controls.addWidget(speed_label)
        controls.addWidget(self.speed_combo)

        self.position_label = QLabel(self)
        self.counts_label = QLabel(self)
        self.counts_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.merge_label = QLabel(self)
        self.merge_label.setWordWrap(True)
        self.merge_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

        self.chips = ChipView(self)
        self.chips.set_placeholder(tr("Choose a tokenizer (train one first) and a text: its tokens appear here."))
        self.chips.tooltip_provider = self._token_tooltip
        self.plot = without_scene_export(pg.PlotWidget(background="w"))
        self._name_plot()
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
        bind(
            self.plot,
            "setToolTip",
            "The text's token count with the first k merges, for every k (exact); red: the slider",
        )
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
        layout.addWidget(self.messages)
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
        if self._key:
            label = self.registry.entry(self._key).label
        else:
            label = tr("{name} (in progress)").format(name=tok.name or tr("the training"))
        k = self._shown
        return tokens_html(
            table,
            self._builder.tokens,
            title=tr("{name}, as of merge {k} of {total}").format(
                name=label, k=format_count(k), total=format_count(len(tok.merges))
            ),
            about=[self._merge_words(k)] if k > 0 else [tr("No merge yet: every byte is a token.")],
            contrast=contrast,
        )

    def tokenizer_key(self) -> str:
        return self.current_key()

    @property
    def exports_tokens(self) -> bool:
        return True

    def shutdown(self) -> None:
        self.stop()
        self._live_timer.stop()
        self.controller.shutdown()

    # -- language ---------------------------------------------------------------------------

    def _name_text_items(self) -> None:
        """The text combo's item texts and tooltips, in the current language."""
        for i, (kind, title, note) in enumerate(self._text_items):
            if kind == "choose":
                self.text_combo.setItemText(i, tr("Choose a text…"))
            elif kind == "sample":
                sample = self._samples[title]  # (for a sample, the item holds its key)
                self.text_combo.setItemText(
                    i, tr("Sample: {title}").format(title=sample.title_in(i18n.current_language()))
                )
            else:
                self.text_combo.setItemText(i, tr(title))
                self.text_combo.setItemData(i, tr(note), Qt.ItemDataRole.ToolTipRole)

    def _name_plot(self) -> None:
        # (pyqtgraph keeps no source text: its title and axis labels are written again)
        self.plot.setTitle(tr("Tokens after k merges"), color="#333")
        self.plot.setLabel("bottom", tr("merges"))
        self.plot.setLabel("left", tr("tokens"))

    @Slot(str)
    def _on_language_changed(self, _language: str) -> None:
        self._name_text_items()
        for i, (label, _speed) in enumerate(SPEEDS):
            self.speed_combo.setItemText(i, tr(label))
        self.chips.set_placeholder(tr("Choose a tokenizer (train one first) and a text: its tokens appear here."))
        self._name_plot()
        self.of_label.setText(tr("of {n}").format(n=format_count(self._total)))
        self._set_playing_look(self.is_playing())
        self._show_labels()
        if self._banner is not None and self.messages.kind:
            kind, compose = self._banner
            self.messages.show_message(compose(), kind)

    def _say(self, kind: str, compose: Callable[[], str]) -> None:
        """Show the message ``compose()`` makes, and make it again after a language change."""
        self._banner = (kind, compose)
        self.messages.show_message(compose(), kind)

    def _unsay(self) -> None:
        self._banner = None
        self.messages.clear()

    @Slot(str)
    def _on_controller_failed(self, message: str) -> None:
        self._say("error", lambda: tr("The timeline could not be computed: {reason}").format(reason=message))

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
                message = entry.message
                self._say(
                    "error",
                    lambda: tr("{name} cannot be loaded: {reason}").format(
                        name=html.escape(key), reason=html.escape(message)
                    ),
                )
            else:
                self._say(
                    "info", lambda: tr("Loading {name}… (a few seconds the first time)").format(name=html.escape(key))
                )
                if self.isVisible():
                    self.registry.request(key)
            self._show_tokenizer(None)
            return
        if not isinstance(entry.tokenizer, Tokenizer):
            self._say(
                "error",
                lambda: tr(
                    "{name} is a SentencePiece model: it stores scores, not merges learned in "
                    "order, so it has no timeline. Pick a BPE tokenizer (one you trained, GPT-2, Llama 3, …)."
                ).format(name=html.escape(key)),
            )
            self._show_tokenizer(None)
            return
        self._unsay()
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
        self._total = total
        self.of_label.setText(tr("of {n}").format(n=format_count(total)))
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
            self._say(
                "info", lambda: tr("Following the training in progress: its merges so far, updated once a second.")
            )
        else:
            self._live_timer.stop()
            self._unsay()
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
            self.controller.build_live(
                c.merges, c.request.config, tr("{name} (training)").format(name=c.request.describe())
            )

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
        self.play_button.setText(tr("Pause") if on else tr("Play"))

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
            self.position_label.setText(tr("As of merge —"))
            self.counts_label.setText(tr("Tokens: <b>—</b> · Bytes/token: <b>—</b>"))
            self.merge_label.setText("")
            return
        specials = len(tok.special_tokens)
        self.position_label.setText(
            tr(
                "As of merge <b>{k}</b> of {total} · vocabulary <b>{size}</b> tokens "
                "(256 bytes + {k} merges + {specials} special)"
            ).format(
                k=format_count(k),
                total=format_count(len(tok.merges)),
                size=format_count(256 + k + specials),
                specials=specials,
            )
        )
        n, nbytes = len(table), len(table.data)
        self.counts_label.setText(
            tr("Tokens: <b>{n}</b> · UTF-8 bytes: {bytes} · Bytes/token: <b>{ratio}</b>").format(
                n=format_count(n), bytes=format_count(nbytes), ratio=format_ratio(nbytes / n if n else None)
            )
        )
        if k == 0:
            self.merge_label.setText(tr("No merge yet: every byte is a token."))
            return
        z = self._merge_ids[k - 1][2]
        uses = sum(1 for i in table.ids if i == z)
        where = tr("{n} in this text, outlined").format(n=uses) if uses else tr("not in this text")
        self.merge_label.setText(tr("{merge}; {where}.").format(merge=html.escape(self._merge_words(k)), where=where))

    def _merge_words(self, k: int) -> str:
        """Merge ``k`` in words (plain text): its pair, its token, its count in training."""
        tok = self._tok
        assert tok is not None and 1 <= k <= len(self._merge_ids)
        a, b, z = self._merge_ids[k - 1]
        count = tok.merge_counts[k - 1]
        seen = tr(", pair count {n} in training").format(n=format_count(count)) if count is not None else ""
        return tr("Merge {k}: ‘{left}’ + ‘{right}’ → ‘{token}’ (id {id}{seen})").format(
            k=format_count(k),
            left=token_label(tok.id_to_bytes(a)),
            right=token_label(tok.id_to_bytes(b)),
            token=token_label(tok.id_to_bytes(z)),
            id=z,
            seen=seen,
        )

    def _token_tooltip(self, index: int) -> str:
        tok, table = self._tok, self._table
        if tok is None or table is None or index >= len(table):
            return ""
        return token_detail(tok, table, index)
