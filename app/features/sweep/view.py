"""The Sweep view: bytes per token against vocabulary size, from one training.

A tokenizer trained once to the largest size holds every smaller one: the same training
stopped after ``k`` merges is its first ``k`` merges. So one training gives, for each
held-out text (English, Chinese and Python code the project wrote, never trained on, plus
files the user adds), its bytes per token at every vocabulary size from 256 bytes up
(``Tokenizer.token_curve``: exact, one pass per text). OpenAI's encodings are reference
points on the same axes, at their own vocabulary sizes. A table gives the figures at round
sizes; the chart exports as PNG or SVG and every point as CSV.

Measuring runs off the GUI thread (:class:`~app.features.sweep.controller.SweepController`).

This module composes the panels (:mod:`.top_bar`, :mod:`.side_panel`, :mod:`.chart`, :mod:`.table`,
:mod:`.exports`) and decides what is measured: which tokenizer, which texts, which references.
"""

from __future__ import annotations

import html

import numpy as np
from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import QSplitter, QVBoxLayout, QWidget

from app.core import i18n
from app.core.i18n import tr, tr_n
from app.core.jobs.merges import MergesMaker, merges_at_hand
from app.core.registry import EntryStatus, TokenizerRegistry
from app.core.settings import Settings
from app.features.sweep.chart import SweepChart, text_colors
from app.features.sweep.controller import SweepController
from app.features.sweep.exports import choose_chart_path, choose_csv_path, write_chart
from app.features.sweep.heldout import HeldOutText
from app.features.sweep.job import SweepCurve, SweepReference, sweep_csv
from app.features.sweep.side_panel import SidePanel
from app.features.sweep.table import SweepTable, round_size_rows
from app.features.sweep.top_bar import TopBar
from app.widgets.export import save_text
from app.widgets.open_files import choose_text_file
from app.widgets.picked_tokenizer import NEW_TOKENIZERS, PickedTokenizer
from app.widgets.tokenizer_picker import unavailable_help
from app.widgets.view import View
from bpe_engine import Tokenizer

__all__ = ["SweepView"]


class SweepView(View):
    """Bytes per token against vocabulary size (see the module docstring).

    Signals:
        measured(): the chart and table show the current tokenizer's curves for every text.
        exported(str): the chart or the CSV was saved to this path.
    """

    measured = Signal()
    exported = Signal(str)

    def __init__(
        self, registry: TokenizerRegistry, settings: Settings | None = None, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.registry = registry
        self.settings = settings
        self.controller = SweepController(self)
        self.merges_maker = MergesMaker("sweep-merges", self, lane=self.controller.lane)
        self._curves: list[SweepCurve] = []
        self._references: dict[str, SweepReference] = {}
        self._asked: set[str] = set()  # the references asked for in this generation
        self._unmeasured = False  # the tokenizer or the texts changed while off screen
        self._generation = 0  # tokenizer and texts measured; older results are dropped
        self._measured = -1
        self._key = ""
        self._build()
        self._connect()
        self.picker.set_current_key(registry.latest_trained() or "")
        self.picked.update()

    # -- building ---------------------------------------------------------------------------

    def _build(self) -> None:
        self.top_bar = TopBar(self.registry, self)
        self.picker, self.about = self.top_bar.picker, self.top_bar.about
        self.side = SidePanel(self.messages, self)
        self.text_list, self.reference_boxes = self.side.text_list, self.side.reference_boxes
        self.add_button, self.remove_button = self.side.add_button, self.side.remove_button
        self.export_chart_button = self.side.export_chart_button
        self.export_csv_button = self.side.export_csv_button
        self.chart = SweepChart()
        self.plot, self.legend = self.chart.plot, self.chart.legend
        self.table = SweepTable(self)
        right = QSplitter(Qt.Orientation.Vertical, self)
        right.addWidget(self.plot)
        right.addWidget(self.table)
        right.setStretchFactor(0, 3)
        right.setStretchFactor(1, 1)
        right.setSizes([520, 200])
        split = QSplitter(Qt.Orientation.Horizontal, self)
        split.addWidget(self.side)
        split.addWidget(right)
        split.setStretchFactor(0, 0)
        split.setStretchFactor(1, 1)
        split.setSizes([260, 1000])
        layout = QVBoxLayout(self)
        layout.addWidget(self.top_bar)
        layout.addWidget(self.messages)
        layout.addWidget(split, 1)

    def _connect(self) -> None:
        i18n.connect(self._on_language_changed)
        self.side.texts_changed.connect(self._measure)
        self.side.shown_changed.connect(self._draw)
        self.add_button.clicked.connect(self._on_add_button_clicked)
        for box in self.reference_boxes.values():
            box.toggled.connect(self._on_reference_box_toggled)
        self.export_chart_button.clicked.connect(self._on_export_chart_button_clicked)
        self.export_csv_button.clicked.connect(self._on_export_csv_button_clicked)
        self.controller.curves_ready.connect(self._on_controller_curves_ready)
        self.controller.reference_ready.connect(self._on_controller_reference_ready)
        self.controller.text_loaded.connect(self.side.add_text)
        self.controller.failed.connect(self._on_controller_failed)
        self.picked = PickedTokenizer(self.picker, self, follow_new=NEW_TOKENIZERS)
        self.picked.changed.connect(self._on_picked_changed)
        self.registry.ready.connect(self._on_registry_ready)
        self.registry.failed.connect(self._on_registry_failed)

    # -- public -----------------------------------------------------------------------------

    def current_key(self) -> str:
        return self._key

    def tokenizer(self) -> Tokenizer | None:
        """The tokenizer whose merges the sweep uses: a BPE one (a SentencePiece model stores
        scores, not merges in order)."""
        tok = self.registry.get(self._key) if self._key else None
        return tok if isinstance(tok, Tokenizer) else None

    def texts(self) -> list[HeldOutText]:
        return self.side.texts()

    def curves(self) -> list[SweepCurve]:
        return list(self._curves)

    def references(self) -> dict[str, SweepReference]:
        """The OpenAI encodings measured on the current texts, by key."""
        return dict(self._references)

    def is_settled(self) -> bool:
        """The curves of the current tokenizer and texts are on screen, and every checked
        reference that can be loaded is measured."""
        if self.tokenizer() is None or self._measured != self._generation or self.chart.drawing():
            return False
        for key in self.checked_references():
            entry = self.registry.entry(key)
            if entry.status != EntryStatus.ERROR and key not in self._references:
                return False
        return True

    def checked_references(self) -> list[str]:
        return self.side.checked_references()

    def shown_texts(self) -> list[str]:
        """Names of the texts whose curves are drawn (checked)."""
        return self.side.shown_texts()

    def add_text_file(self, path: str) -> None:
        """Measure a text file too (read in the background; a bad one is explained)."""
        self.controller.load_text(path)

    def export_chart(self, path: str) -> None:
        """Save the chart: SVG for a ``.svg`` path, else PNG (twice the screen's pixels)."""
        self.chart.finish()
        try:
            write_chart(self.plot, path)
        except OSError as exc:
            self._say_cannot_save(path, exc)
            return
        self.messages.info(lambda: tr("Saved the chart to {path}.").format(path=html.escape(path)))
        self.exported.emit(path)

    def export_csv(self, path: str) -> None:
        """Save every point of the sweep as CSV."""
        label = self.registry.entry(self._key).label if self._key else ""
        try:
            save_text(path, sweep_csv(label, self._curves, self._checked_figures()))
        except OSError as exc:
            self._say_cannot_save(path, exc)
            return
        points = sum(len(c.tokens) for c in self._curves)
        self.messages.info(
            lambda: tr_n("Saved %n point(s) to {path}.", points).format(path=html.escape(path)),
        )
        self.exported.emit(path)

    def _say_cannot_save(self, path: str, exc: OSError) -> None:
        reason = str(exc)
        self.messages.error(
            lambda: tr("Cannot save {name}: {reason}").format(name=html.escape(path), reason=html.escape(reason)),
        )

    def set_presentation(self, on: bool) -> None:
        """Presentation mode: the side panel folds away, the chart gets the room."""
        self.side.setVisible(not on)

    def tokenizer_key(self) -> str:
        return self.current_key()

    def shutdown(self) -> None:
        self.merges_maker.close()
        self.controller.shutdown()

    # -- language ---------------------------------------------------------------------------

    @Slot(str)
    def _on_language_changed(self, _language: str) -> None:
        self.chart.retranslate()
        self.side.fill_texts()
        self._describe()
        self._draw()  # the legend and the table name the texts

    # -- texts ------------------------------------------------------------------------------

    @Slot()
    def _on_add_button_clicked(self) -> None:
        path = choose_text_file(self, self.settings, tr("Add a held-out text"))
        if path:
            self.add_text_file(path)

    @Slot(str)
    def _on_controller_failed(self, message: str) -> None:
        # (composed, translated, by the controller)
        self.messages.error(lambda: html.escape(message))

    # -- tokenizer and references -----------------------------------------------------------

    @Slot(str, object)
    def _on_picked_changed(self, key: str, _tok: object) -> None:
        self._key = key
        self._measure()
        self.tokenizer_changed.emit()

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 (Qt naming)
        super().showEvent(event)
        if self._unmeasured:
            self._measure()
        for key in self.checked_references():
            if self.registry.entry(key).status == EntryStatus.IDLE and self.registry.get(key) is None:
                self.registry.request(key)  # OpenAI encodings load only once someone looks
        self._measure_references()
        self._describe()  # ("Loading…" once a request went out)

    @Slot(str)
    def _on_registry_ready(self, key: str) -> None:
        if key != self._key and key in self.checked_references():
            self._measure_references()  # (the picked tokenizer: _on_picked_changed)

    @Slot(str, str)
    def _on_registry_failed(self, key: str, message: str) -> None:
        if key in self.checked_references() or key == self._key:
            self.messages.error(
                lambda: tr("<b>{name} cannot be loaded.</b> {reason}<br>{help}").format(
                    name=key, reason=html.escape(message), help=unavailable_help(key)
                ),
            )

    @Slot(bool)
    def _on_reference_box_toggled(self, _on: bool) -> None:
        for key in self.checked_references():
            if key not in self._references and self.registry.get(key) is None:
                if self.isVisible() and self.registry.entry(key).status == EntryStatus.IDLE:
                    self.registry.request(key)
        self._measure_references()
        self._draw()

    # -- measuring --------------------------------------------------------------------------

    @Slot()
    def _measure(self) -> None:
        """Measure the texts again (the tokenizer or the texts changed), once on screen: the
        sweep reads the merges, which an OpenAI encoding makes only when asked (seconds)."""
        self._unmeasured = not self.isVisible()
        if self._unmeasured:
            return
        self._generation += 1
        self._curves = []
        self._references = {}
        self._asked = set()
        tok = self.tokenizer()
        self._describe()
        if tok is None:
            self._draw()
            return
        self.controller.measure(self._generation, tok, self.texts())
        self._measure_references()
        self._draw()

    def _describe(self) -> None:
        """The line beside the picker: what the sweep of the chosen tokenizer holds (written
        when shown: it counts the merges). An encoding opened without its merges (OpenAI's)
        gets them made in a job first: made here, they held the GUI thread 60-200 ms."""
        if not self.isVisible():
            return
        tok = self.tokenizer()
        if tok is None:
            self.top_bar.describe(self._key, None)
        elif not merges_at_hand(tok):
            self.top_bar.describe_loading(self._key)
            self.merges_maker.when_made(tok, self._describe)
        elif self._curves:  # (the sizes counted in the curves' job: a file's merges may repeat tokens)
            sizes = self._curves[0].vocab_sizes()
            self.top_bar.describe(self._key, tok, (int(sizes[0]), int(sizes[-1])))
        elif self._measured != self._generation:
            self.top_bar.describe_loading(self._key)  # (until the curves come)
        else:  # no text to measure
            specials = len(tok.special_tokens)
            low, high = tok.vocab_size_after(0), tok.vocab_size_after(len(tok.merges))
            self.top_bar.describe(self._key, tok, (low + specials, high + specials))

    def _measure_references(self) -> None:
        """Measure the checked references loaded and not measured yet, once the view is on
        screen: at start the encodings Compare loads arrive here too, and measuring them off
        screen took the CPU Compare was waiting for."""
        if not self.isVisible():
            return
        for key in self.checked_references():
            if key not in self._references and key not in self._asked and self.registry.get(key) is not None:
                self._measure_reference(key)

    def _measure_reference(self, key: str) -> None:
        self._asked.add(key)
        tok = self.registry.get(key)
        if isinstance(tok, Tokenizer):  # (the references are OpenAI encodings)
            self.controller.measure_reference((self._generation, key), key, tok, self.texts())

    @Slot(object, list)
    def _on_controller_curves_ready(self, tag: object, curves: list[SweepCurve]) -> None:
        if tag != self._generation:
            return
        self._curves = curves
        self._measured = self._generation
        self._describe()
        self._draw()
        self.measured.emit()

    @Slot(object, SweepReference)
    def _on_controller_reference_ready(self, tag: object, figures: SweepReference) -> None:
        if tag != (self._generation, figures.key):
            return
        self._references[figures.key] = figures
        self._draw()
        self.measured.emit()

    # -- drawing ----------------------------------------------------------------------------

    def points(self, name: str) -> tuple[np.ndarray, np.ndarray]:
        """The curve of text ``name`` as drawn: vocabulary sizes and bytes per token."""
        curve = next(c for c in self._curves if c.name == name)
        return curve.vocab_sizes(), curve.bytes_per_token()

    def reference_point(self, key: str, name: str) -> tuple[int, float] | None:
        """The point of OpenAI encoding ``key`` for text ``name`` (vocabulary size, bytes per token)."""
        ref = self._references.get(key)
        if ref is None:
            return None
        value = ref.bytes_per_token(name)
        return None if value is None else (ref.vocab_size, value)

    def _checked_figures(self) -> list[SweepReference]:
        """The figures of the checked references measured so far, in the boxes' order."""
        return [self._references[k] for k in self.checked_references() if k in self._references]

    @Slot()
    def _draw(self) -> None:
        """Draw the chart and fill the table (the figures, the texts shown or their names changed)."""
        shown = set(self.shown_texts())
        curves = [c for c in self._curves if c.name in shown]
        references = self._checked_figures()
        self.chart.draw(curves, references, text_colors([t.name for t in self.texts()]))
        rows = round_size_rows(curves, references) if self.tokenizer() is not None else []
        self.table.show_rows(curves, rows)

    def table_rows(self) -> list[tuple[str, list[str]]]:
        """The table as text: (row label, cells)."""
        return self.table.rows()

    # -- export -----------------------------------------------------------------------------

    @Slot()
    def _on_export_chart_button_clicked(self) -> None:
        path = choose_chart_path(self, self.settings)
        if path:
            self.export_chart(path)

    @Slot()
    def _on_export_csv_button_clicked(self) -> None:
        path = choose_csv_path(self, self.settings)
        if path:
            self.export_csv(path)
