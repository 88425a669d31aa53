"""The Timeline view: a slider over a tokenizer's merges, and a text tokenized as of merge k.

Drag the slider (or type k, or use the keys) and the sample text is shown as token chips
with only the first ``k`` merges of the tokenizer, with its token count and bytes per token;
the tokens that merge ``k`` made are outlined, and the merge itself is named. Play runs the
slider as an animation at a chosen speed. Beside the chips, the text's token count after
every merge (one exact pass, ``Tokenizer.token_curve``) with a marker at ``k``.

The tokenizer is any of the registry (the newest trained one is chosen when it arrives), or
the training in progress ("Follow the training"): its merges so far, rebuilt once a second.
The slider's position is shared (:class:`~app.core.timeline_position.TimelinePosition`): the
Vocabulary, Tokenize and Compare views can follow it ("As of merge k").

Encoding runs off the GUI thread (:class:`~app.features.timeline.controller.TimelineController`,
newest request wins), so scrubbing never waits for a position it has already left.

This module composes the panels (:mod:`.source_bar`, :mod:`.play_bar`, :mod:`.as_of_labels`,
:mod:`.as_of_display`, :mod:`.curve_plot`, the text editor) and decides what is shown: which
tokenizer (:mod:`.follower` for a training in progress), which position, which request's result.
"""

from __future__ import annotations

import html

import numpy as np
from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import QSplitter, QVBoxLayout, QWidget

from app.core import i18n
from app.core.i18n import bind, tr
from app.core.jobs.merges import MergesMaker, merges_at_hand
from app.core.messages import EncodeResult
from app.core.registry import EntryStatus, TokenizerRegistry
from app.core.settings import Settings
from app.core.timeline_position import TimelinePosition
from app.core.training.controller import TrainingController
from app.core.weakly import weak_method
from app.display.algorithms import no_merges_reason
from app.display.token_data import TokenTable
from app.features.timeline.as_of_display import AsOfDisplay
from app.features.timeline.controller import TimelineController
from app.features.timeline.curve_plot import CurvePlot
from app.features.timeline.follower import TrainingFollower
from app.features.timeline.play_bar import PlayBar
from app.features.timeline.source_bar import SourceBar
from app.widgets.picked_tokenizer import NEW_TOKENIZERS, PickedTokenizer
from app.widgets.text_input import TextInput
from app.widgets.view import View
from bpe_engine import Tokenizer

__all__ = ["TimelineView"]


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
        self.follower = TrainingFollower(self.controller, self)
        self.merges_maker = MergesMaker("timeline-merges", self)
        self._key = ""  # registry key of the tokenizer shown ("" for the training in progress)
        self._tok: Tokenizer | None = None  # the tokenizer asked for (the display has its results)
        self._pending: dict[int, int] = {}  # generation -> merges of the newest request
        self._curve: np.ndarray | None = None
        self._curve_tag: object = None
        self._build()
        self._connect()
        self.editor.setPlainText(self.source_bar.first_text())  # (through its handler, as a user's)
        self.picker.set_current_key(registry.latest_trained() or "")
        self.picked.update()

    # -- building ---------------------------------------------------------------------------

    def _build(self) -> None:
        self._build_source_bar()
        # (built in the order of the keyboard focus: the text before the controls)
        self.editor = TextInput(self)
        bind(self.editor, "setPlaceholderText", "Type or paste a text to watch it being tokenized merge by merge.")
        self._build_play_bar()
        self._build_as_of()
        self.vertical = QSplitter(Qt.Orientation.Vertical, self)
        self.vertical.addWidget(self.editor)
        self.vertical.addWidget(self.splitter)
        self.vertical.setStretchFactor(0, 1)
        self.vertical.setStretchFactor(1, 5)
        self.vertical.setSizes([90, 500])
        layout = QVBoxLayout(self)
        layout.addWidget(self.source_bar)
        layout.addWidget(self.messages)
        layout.addWidget(self.play_bar)
        layout.addWidget(self.labels)
        layout.addWidget(self.vertical, 1)

    def _build_source_bar(self) -> None:
        self.source_bar = SourceBar(self.registry, self)
        self.picker = self.source_bar.picker
        self.live_box = self.source_bar.live_box
        self.text_combo = self.source_bar.text_combo

    def _build_play_bar(self) -> None:
        self.play_bar = PlayBar(weak_method(self.is_settled, False), self)
        bar = self.play_bar
        self.first_button, self.play_button, self.slider = bar.first_button, bar.play_button, bar.slider
        self.spin, self.of_label, self.speed_combo = bar.spin, bar.of_label, bar.speed_combo

    def _build_as_of(self) -> None:
        """The lines, the chips and the curve of the text as of merge k."""
        self.display = AsOfDisplay(self)
        self.labels, self.chips = self.display.labels, self.display.chips
        self.position_label = self.labels.position_label
        self.counts_label = self.labels.counts_label
        self.merge_label = self.labels.merge_label
        self.curve_plot = CurvePlot()
        self.plot, self.curve_item, self.marker = (
            self.curve_plot.plot,
            self.curve_plot.curve_item,
            self.curve_plot.marker,
        )
        self.splitter = QSplitter(Qt.Orientation.Horizontal, self)
        self.splitter.addWidget(self.chips)
        self.splitter.addWidget(self.plot)
        self.splitter.setStretchFactor(0, 3)
        self.splitter.setStretchFactor(1, 2)
        self.splitter.setSizes([760, 420])

    def _connect(self) -> None:
        i18n.connect(self._on_language_changed)
        self.live_box.toggled.connect(self._on_live_box_toggled)
        self.text_combo.activated.connect(self._on_text_combo_activated)
        self.editor.textChanged.connect(self._on_editor_text_changed)
        self.play_bar.moved.connect(self._on_play_bar_moved)
        self.follower.available.connect(self._on_follower_available)
        self.controller.encoded.connect(self._on_controller_encoded)
        self.controller.curve_ready.connect(self._on_controller_curve_ready)
        self.controller.live_ready.connect(self._on_controller_live_ready)
        self.controller.failed.connect(self._on_controller_failed)
        self.picked = PickedTokenizer(self.picker, self, follow_new=NEW_TOKENIZERS)
        self.picked.arrived.connect(self._on_picked_arrived)
        self.picked.changed.connect(self._on_picked_changed)
        self.picked.failed.connect(self._on_picked_failed)

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
        return self.editor.text()

    def set_text(self, text: str) -> None:
        self.editor.set_text(text)

    def table(self) -> TokenTable | None:
        """The token table on display."""
        return self.display.table

    def shown_merges(self) -> int:
        """k of the tokens on display (-1 before the first)."""
        return self.display.shown

    def is_settled(self) -> bool:
        """The chips show the current text as of the slider's position."""
        filled = not self.editor.is_filling()
        return self._tok is not None and self.display.shown == self.slider.value() and not self._pending and filled

    def curve(self) -> np.ndarray | None:
        """The text's token count after each number of merges (None until computed)."""
        return None if self._curve is None else self._curve.copy()

    def is_playing(self) -> bool:
        return self.play_bar.is_playing()

    def play(self, speed_index: int | None = None) -> None:
        self.play_bar.play(speed_index)

    def stop(self) -> None:
        self.play_bar.stop()

    def speed(self) -> float:
        """Merges per second of the chosen speed."""
        return self.play_bar.speed()

    @property
    def training(self) -> TrainingController | None:
        """The Train tab's run the view can follow (None until :meth:`set_training`)."""
        return self.follower.training

    def set_training(self, training: TrainingController) -> None:
        """Offer to follow ``training`` while it runs or is paused (the Train tab's run)."""
        self.follower.set_training(training)

    def set_presentation(self, on: bool) -> None:
        """Presentation mode: the text box folds away (the chips and curve get the room)."""
        self.editor.setVisible(not on)

    def html_page(self, contrast: bool = False) -> str | None:
        """The text as of merge k as a standalone HTML page (None while nothing is shown)."""
        return self.display.html_page(self._label_of, contrast)

    def _label_of(self, tok: Tokenizer) -> str:
        if self._key:
            return self.registry.entry(self._key).label
        return tr("{name} (in progress)").format(name=tok.name or tr("the training"))

    def tokenizer_key(self) -> str:
        return self.current_key()

    @property
    def exports_tokens(self) -> bool:
        return True

    def shutdown(self) -> None:
        self.stop()
        self.follower.stop()
        self.controller.shutdown()
        self.merges_maker.close()

    # -- language ---------------------------------------------------------------------------

    @Slot(str)
    def _on_language_changed(self, _language: str) -> None:
        self.source_bar.retranslate()
        self.play_bar.retranslate()
        self.display.retranslate()
        self.curve_plot.retranslate()

    @Slot(str)
    def _on_controller_failed(self, message: str) -> None:
        self.messages.error(lambda: tr("The timeline could not be computed: {reason}").format(reason=message))

    # -- tokenizer choice -------------------------------------------------------------------

    @Slot(str, object)
    def _on_picked_changed(self, key: str, _tok: object) -> None:
        self._on_picker_key_changed(key)

    def _on_picker_key_changed(self, key: str) -> None:
        if self.live_box.isChecked():
            return
        self._show_key(key)
        self.tokenizer_changed.emit()

    def _show_key(self, key: str) -> None:
        self._key = key
        # (a removed tokenizer: the picker chooses another and says so)
        entry = self.registry.entry(key) if key in self.registry.keys() else None
        unshowable = entry is not None and entry.tokenizer is not None and not isinstance(entry.tokenizer, Tokenizer)
        self.display.set_unshowable(unshowable)
        if entry is not None and isinstance(entry.tokenizer, Tokenizer):
            self._show_when_merges_made(key, entry.tokenizer)
            return
        if entry is None:
            pass
        elif entry.tokenizer is None:
            self._explain_unloaded(key, entry.status, entry.message)
        else:
            # The name the user knows (the file's, as the picker lists it), never the key.
            label = entry.label
            facts = entry.tokenizer.facts
            self.messages.error(lambda: no_merges_reason(label, facts, tr("timeline")))
        self._show_tokenizer(None)

    def _show_when_merges_made(self, key: str, tok: Tokenizer) -> None:
        """Show ``tok`` once its merges are at hand: a lazily opened rank table (OpenAI's
        encodings) gets them made in a job, and only while the view is on screen (at start
        Compare's loads come first)."""
        if merges_at_hand(tok):
            self.merges_maker.cancel()
            self.messages.clear()
            self._show_tokenizer(tok)
            return
        self._show_tokenizer(None)
        self._explain_unloaded(key, EntryStatus.LOADING, "")
        if self.isVisible():
            self.merges_maker.when_made(tok, self._on_merges_made, key)

    def _on_merges_made(self, key: str) -> None:
        if key == self._key and not self.live_box.isChecked():
            self._show_key(key)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self._key and self._tok is None and not self.live_box.isChecked():
            self._show_key(self._key)  # merges left unmade while off screen

    def _explain_unloaded(self, key: str, status: str, message: str) -> None:
        """Say why tokenizer ``key`` is not shown yet (loading) or cannot be (an error)."""
        label = self.registry.entry(key).label
        if status == EntryStatus.ERROR:
            self.messages.error(
                lambda: tr("{name} cannot be loaded: {reason}").format(
                    name=html.escape(label), reason=html.escape(message)
                ),
            )
            return
        self.messages.info(lambda: tr("Loading {name}… (a few seconds the first time)").format(name=html.escape(label)))

    @Slot(str, str)
    def _on_picked_failed(self, key: str, message: str) -> None:
        if not self.live_box.isChecked():
            self._explain_unloaded(key, EntryStatus.ERROR, message)

    @Slot(str)
    def _on_picked_arrived(self, _key: str) -> None:
        self.live_box.setChecked(False)  # a finished training replaces the view of it in progress

    def _show_tokenizer(self, tok: Tokenizer | None) -> None:
        at_end = self.slider.value() == self.slider.maximum()
        same_run = tok is not None and self._tok is not None and self.live_box.isChecked()
        self._tok = tok
        self.display.set_tokenizer(tok)
        total = len(tok.merges) if tok is not None else 0
        keep = self.slider.value() if same_run and not at_end else total
        self.play_bar.set_total(total if tok is not None else None)
        self.play_bar.set_quietly(min(keep, total))
        self._request_curve()
        self._on_play_bar_moved(self.slider.value())

    # -- a training in progress -------------------------------------------------------------

    @Slot(bool)
    def _on_follower_available(self, live: bool) -> None:
        self.live_box.setEnabled(live or self.live_box.isChecked())

    @Slot(bool)
    def _on_live_box_toggled(self, on: bool) -> None:
        self.picker.setEnabled(not on)
        if on:
            self._key = ""
            self._tok = None  # (the first tokenizer of the run shows all its merges)
            self.follower.start()
            self.messages.info(
                lambda: tr("Following the training in progress: its merges so far, updated once a second."),
            )
            self.tokenizer_changed.emit()  # (Save is the Train tab's, for a training in progress)
        else:
            self.follower.stop()
            self.messages.clear()
            self._on_picker_key_changed(self.picker.current_key())
        if self.training is not None:
            self.live_box.setEnabled(self.training.is_active or on)

    @Slot(Tokenizer)
    def _on_controller_live_ready(self, tok: Tokenizer) -> None:
        if self.live_box.isChecked():
            self._show_tokenizer(tok)

    # -- the slider and the text ------------------------------------------------------------

    @Slot(int)
    def _on_play_bar_moved(self, k: int) -> None:
        self.position.set(self._key, k, self.slider.maximum())
        if self._curve is not None and k < len(self._curve):
            self.curve_plot.mark(k)
        self._request()

    @Slot()
    def _on_editor_text_changed(self) -> None:
        self.source_bar.forget_text_unless(self.text())  # the text is no longer the sample's
        self._request_curve()
        self._request()

    @Slot(int)
    def _on_text_combo_activated(self, index: int) -> None:
        text = self.text_combo.itemData(index)
        if text:
            self.set_text(str(text))

    # -- encoding ---------------------------------------------------------------------------

    def _request(self) -> None:
        tok = self._tok
        if tok is None or self.editor.is_filling():
            return  # (a long text going in asks when it is in)
        k = self.slider.value()
        generation = self.controller.encode(self.text(), tok, k)
        self._pending = {generation: k}

    def _request_curve(self) -> None:
        self._curve = None
        self.curve_plot.clear()
        if self._tok is not None and not self.editor.is_filling():
            self._curve_tag = (id(self._tok), self.text())
            self.controller.request_curve(self._curve_tag, self._tok, self.text())

    @Slot(object, object)
    def _on_controller_curve_ready(self, tag: object, curve: object) -> None:
        if tag != self._curve_tag or not isinstance(curve, np.ndarray):
            return
        self._curve = curve
        self.curve_plot.show_curve(curve, self.slider.value())

    @Slot(EncodeResult)
    def _on_controller_encoded(self, result: EncodeResult) -> None:
        k = self._pending.pop(result.generation, None)
        if k is None:
            return
        self._pending.clear()
        table = result.outcomes[0].table
        if table is None:  # recognised special tokens never refuse a text
            return
        self.display.show_table(table, k, result.generation)
        self.displayed.emit(k)
