"""The Sweep view: bytes per token against vocabulary size, from one training.

A tokenizer trained once to the largest size holds every smaller one: the same training
stopped after ``k`` merges is its first ``k`` merges. So one training gives, for each
held-out text (English, Chinese and Python code the project wrote, never trained on, plus
files the user adds), its bytes per token at every vocabulary size from 256 bytes up
(``Tokenizer.token_curve``: exact, one pass per text). OpenAI's encodings are reference
points on the same axes, at their own vocabulary sizes. A table gives the figures at round
sizes; the chart exports as PNG or SVG and every point as CSV.

Measuring runs off the GUI thread (:class:`~app.features.sweep.controller.SweepController`).
"""

from __future__ import annotations

import html
import os
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QFileDialog,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app.core import i18n
from app.core.i18n import bind, tr
from app.core.registry import OPENAI_KEYS, TokenizerRegistry
from app.core.settings import Settings
from app.display.format import format_bytes, format_count, format_ratio
from app.features.sweep.controller import SweepController
from app.features.sweep.heldout import HeldOutText, display_name, load_heldout
from app.features.sweep.job import SweepCurve, SweepReference, sweep_csv
from app.widgets.export import export_png, export_svg, save_text
from app.widgets.open_files import choose_text_file
from app.widgets.plots import LogSizeAxis, without_scene_export
from app.widgets.tokenizer_picker import TokenizerPicker, unavailable_help
from app.widgets.view import View
from bpe_engine import Tokenizer

__all__ = ["SweepView", "TABLE_SIZES", "LINE_COLORS", "SYMBOLS"]

#: Vocabulary sizes the table shows (those a tokenizer reaches, and its own size).
TABLE_SIZES = (512, 1_000, 2_000, 5_000, 10_000, 20_000, 32_000, 50_000, 100_000, 200_000)
#: One color per held-out text (in order), the curve and its reference points.
LINE_COLORS = ("#1565c0", "#c62828", "#2e7d32", "#6a1b9a", "#ef6c00", "#00838f", "#5d4037", "#ad1457")
#: One symbol per OpenAI encoding.
SYMBOLS = {"r50k_base": "t", "p50k_base": "s", "cl100k_base": "o", "o200k_base": "star"}
_DEFAULT_REFERENCES = ("r50k_base", "cl100k_base", "o200k_base")


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
        self._texts: list[HeldOutText] = load_heldout()
        self._builtin = len(self._texts)  # the first texts are the built-in ones
        self._hidden: set[str] = set()  # names of the texts whose curves are unchecked
        self._curves: list[SweepCurve] = []
        self._references: dict[str, SweepReference] = {}
        self._generation = 0  # tokenizer and texts measured; older results are dropped
        self._measured = -1
        self._key = ""
        self._known_keys = set(registry.keys())
        self._banner: tuple[str, Callable[[], str]] | None = None  # (kind, composer) of the message shown
        self._build()
        i18n.connect(self._on_language_changed)
        self.controller.curves_ready.connect(self._on_controller_curves_ready)
        self.controller.reference_ready.connect(self._on_controller_reference_ready)
        self.controller.text_loaded.connect(self._on_controller_text_loaded)
        self.controller.failed.connect(self._on_controller_failed)
        registry.ready.connect(self._on_registry_ready)
        registry.failed.connect(self._on_registry_failed)
        self.picker.key_changed.connect(self._on_picker_key_changed)
        self.picker.set_current_key(registry.latest_trained() or "")
        self._fill_text_list()
        self._on_picker_key_changed(self.picker.current_key())

    # -- building ---------------------------------------------------------------------------

    def _build(self) -> None:
        self.picker = TokenizerPicker(self.registry, self)
        bind(
            self.picker,
            "setToolTip",
            "The tokenizer trained once to the largest size: every smaller vocabulary is its first merges",
        )
        self.picker.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.picker.setMinimumContentsLength(24)
        self.about = QLabel(self)
        self.about.setWordWrap(True)
        top = QHBoxLayout()
        tokenizer_label = QLabel(self)
        bind(tokenizer_label, "setText", "Tokenizer:")
        top.addWidget(tokenizer_label)
        top.addWidget(self.picker)
        top.addWidget(self.about, 1)

        self.text_list = QListWidget(self)
        bind(self.text_list, "setToolTip", "Texts the tokenizer was not trained on; uncheck one to hide its curve")
        self.text_list.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.text_list.itemChanged.connect(self._on_text_list_item_changed)
        self.add_button = QPushButton(self)
        bind(self.add_button, "setText", "Add text file…")
        bind(self.add_button, "setToolTip", "Measure a UTF-8 text file of your own too (held out: not one trained on)")
        self.add_button.clicked.connect(self._on_add_button_clicked)
        self.remove_button = QPushButton(self)
        bind(self.remove_button, "setText", "Remove")
        bind(self.remove_button, "setToolTip", "Remove the selected text you added")
        self.remove_button.clicked.connect(self._on_remove_button_clicked)
        texts_box = QGroupBox(self)
        bind(texts_box, "setTitle", "Held-out texts")
        tb = QVBoxLayout(texts_box)
        tb.addWidget(self.text_list, 1)
        row = QHBoxLayout()
        row.addWidget(self.add_button)
        row.addWidget(self.remove_button)
        tb.addLayout(row)
        refs_box = QGroupBox(self)
        bind(refs_box, "setTitle", "OpenAI's encodings (reference points)")
        rb = QVBoxLayout(refs_box)
        self.reference_boxes: dict[str, QCheckBox] = {}
        for key in OPENAI_KEYS:
            box = QCheckBox(key, self)  # (an encoding's name: the same in every language)
            box.setChecked(key in _DEFAULT_REFERENCES)
            bind(
                box,
                "setToolTip",
                "Each text's bytes per token with {name}, at its vocabulary size (loaded on first use)",
                name=key,
            )
            box.toggled.connect(self._on_reference_box_toggled)
            rb.addWidget(box)
            self.reference_boxes[key] = box
        self.export_chart_button = QPushButton(self)
        bind(self.export_chart_button, "setText", "Export chart…")
        bind(self.export_chart_button, "setToolTip", "Save the chart as a PNG picture or an SVG drawing")
        self.export_chart_button.clicked.connect(self._on_export_chart_button_clicked)
        self.export_csv_button = QPushButton(self)
        bind(self.export_csv_button, "setText", "Export CSV…")
        bind(
            self.export_csv_button,
            "setToolTip",
            "Save every point (each text, each vocabulary size, the references) as CSV",
        )
        self.export_csv_button.clicked.connect(self._on_export_csv_button_clicked)
        side = QWidget(self)
        sv = QVBoxLayout(side)
        sv.setContentsMargins(0, 0, 0, 0)
        sv.addWidget(texts_box, 1)
        sv.addWidget(refs_box)
        sv.addWidget(self.export_chart_button)
        sv.addWidget(self.export_csv_button)
        self.side = side

        self.plot = without_scene_export(pg.PlotWidget(background="w", axisItems={"bottom": LogSizeAxis("bottom")}))
        self._name_plot()
        self.plot.setLogMode(x=True, y=False)
        self.plot.showGrid(x=True, y=True, alpha=0.25)
        self.plot.getPlotItem().setDownsampling(auto=True, mode="peak")
        self.plot.setMouseEnabled(x=False, y=False)
        self.plot.hideButtons()
        for axis in ("left", "bottom"):
            self.plot.getAxis(axis).setPen("#555")
            self.plot.getAxis(axis).setTextPen("#333")
        self.legend = self.plot.addLegend(offset=(10, 10), labelTextColor="#222", brush=pg.mkBrush(255, 255, 255, 220))
        bind(
            self.plot,
            "setToolTip",
            "Each line: one held-out text, its bytes per token with the first merges of the tokenizer at every "
            "vocabulary size. Symbols: OpenAI's encodings at their own sizes, in the text's color.",
        )

        self.table = QTableWidget(0, 0, self)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        bind(self.table, "setToolTip", "Bytes per token at round vocabulary sizes, and with OpenAI's encodings")

        right = QSplitter(Qt.Orientation.Vertical, self)
        right.addWidget(self.plot)
        right.addWidget(self.table)
        right.setStretchFactor(0, 3)
        right.setStretchFactor(1, 1)
        right.setSizes([520, 200])
        split = QSplitter(Qt.Orientation.Horizontal, self)
        split.addWidget(side)
        split.addWidget(right)
        split.setStretchFactor(0, 0)
        split.setStretchFactor(1, 1)
        split.setSizes([260, 1000])
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.messages)
        layout.addWidget(split, 1)

    # -- public -----------------------------------------------------------------------------

    def current_key(self) -> str:
        return self._key

    def tokenizer(self) -> Tokenizer | None:
        """The tokenizer whose merges the sweep uses: a BPE one (a SentencePiece model stores
        scores, not merges in order)."""
        tok = self.registry.get(self._key) if self._key else None
        return tok if isinstance(tok, Tokenizer) else None

    def texts(self) -> list[HeldOutText]:
        return list(self._texts)

    def curves(self) -> list[SweepCurve]:
        return list(self._curves)

    def references(self) -> dict[str, SweepReference]:
        """The OpenAI encodings measured on the current texts, by key."""
        return dict(self._references)

    def is_settled(self) -> bool:
        """The curves of the current tokenizer and texts are on screen, and every checked
        reference that can be loaded is measured."""
        if self.tokenizer() is None or self._measured != self._generation:
            return False
        for key in self.checked_references():
            entry = self.registry.entry(key)
            if entry.status != "error" and key not in self._references:
                return False
        return True

    def checked_references(self) -> list[str]:
        return [key for key, box in self.reference_boxes.items() if box.isChecked()]

    def shown_texts(self) -> list[str]:
        """Names of the texts whose curves are drawn (checked)."""
        return [t.name for t in self._texts if t.name not in self._hidden]

    def add_text_file(self, path: str) -> None:
        """Measure a text file too (read in the background; a bad one is explained)."""
        self.controller.load_text(path)

    def export_chart(self, path: str) -> None:
        """Save the chart: SVG for a ``.svg`` path, else PNG (twice the screen's pixels)."""
        try:
            if path.lower().endswith(".svg"):
                export_svg(self.plot, path, tr("Bytes per token against vocabulary size"))
            else:
                export_png(self.plot, path, scale=2.0)
        except OSError as exc:
            reason = str(exc)
            self._say(
                "error",
                lambda: tr("Cannot save {name}: {reason}").format(name=html.escape(path), reason=html.escape(reason)),
            )
            return
        self._say("info", lambda: tr("Saved the chart to {path}.").format(path=html.escape(path)))
        self.exported.emit(path)

    def export_csv(self, path: str) -> None:
        """Save every point of the sweep as CSV."""
        label = self.registry.entry(self._key).label if self._key else ""
        refs = [self._references[k] for k in self.checked_references() if k in self._references]
        try:
            save_text(path, sweep_csv(label, self._curves, refs))
        except OSError as exc:
            reason = str(exc)
            self._say(
                "error",
                lambda: tr("Cannot save {name}: {reason}").format(name=html.escape(path), reason=html.escape(reason)),
            )
            return
        points = sum(len(c.tokens) for c in self._curves)
        self._say(
            "info",
            lambda: tr("Saved {n} points to {path}.").format(n=format_count(points), path=html.escape(path)),
        )
        self.exported.emit(path)

    def set_presentation(self, on: bool) -> None:
        """Presentation mode: the side panel folds away, the chart gets the room."""
        self.side.setVisible(not on)

    def tokenizer_key(self) -> str:
        return self.current_key()

    def shutdown(self) -> None:
        self.controller.shutdown()

    # -- language ---------------------------------------------------------------------------

    def _name_plot(self) -> None:
        # (pyqtgraph keeps no source text: its title and axis labels are written again)
        self.plot.setTitle(tr("Bytes per token against vocabulary size"), color="#333")
        self.plot.setLabel("bottom", tr("vocabulary size (log scale)"))
        self.plot.setLabel("left", tr("bytes per token (held-out text)"))

    @Slot(str)
    def _on_language_changed(self, _language: str) -> None:
        self._name_plot()
        self._fill_text_list()
        self._describe()
        self._draw()  # the legend and the table name the texts
        if self._banner is not None and self.messages.kind:
            kind, compose = self._banner
            self.messages.show_message(compose(), kind)

    def _say(self, kind: str, compose: Callable[[], str]) -> None:
        """Show the message ``compose()`` makes, and make it again after a language change."""
        self._banner = (kind, compose)
        self.messages.show_message(compose(), kind)

    # -- texts ------------------------------------------------------------------------------

    def _fill_text_list(self) -> None:
        self.text_list.blockSignals(True)
        self.text_list.clear()
        for i, text in enumerate(self._texts):
            color = LINE_COLORS[i % len(LINE_COLORS)]
            origin = tr("built in") if i < self._builtin else str(text.path) if text.path else tr("added")
            name = display_name(text.name) if i < self._builtin else text.name
            item = QListWidgetItem(tr("{name} ({size})").format(name=name, size=format_bytes(text.size)))
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Unchecked if text.name in self._hidden else Qt.CheckState.Checked)
            item.setForeground(pg.mkColor(color))
            item.setToolTip(
                tr("{name}: {size}, {origin}").format(name=name, size=format_bytes(text.size), origin=origin)
            )
            self.text_list.addItem(item)
        self.text_list.blockSignals(False)

    @Slot(QListWidgetItem)
    def _on_text_list_item_changed(self, item: QListWidgetItem) -> None:
        name = self._texts[self.text_list.row(item)].name
        if item.checkState() == Qt.CheckState.Checked:
            self._hidden.discard(name)
        else:
            self._hidden.add(name)
        self._draw()

    @Slot()
    def _on_add_button_clicked(self) -> None:
        path = choose_text_file(self, self.settings, tr("Add a held-out text"))
        if path:
            self.add_text_file(path)

    @Slot()
    def _on_remove_button_clicked(self) -> None:
        row = self.text_list.currentRow()
        if row < self._builtin:
            self._say("info", lambda: tr("The built-in texts stay; uncheck one to hide its curve."))
            return
        self._hidden.discard(self._texts[row].name)
        del self._texts[row]
        self._fill_text_list()
        self._measure()

    @Slot(HeldOutText)
    def _on_controller_text_loaded(self, text: HeldOutText) -> None:
        names = {t.name for t in self._texts}
        name, n = text.name, 2
        while name in names:
            name, n = f"{text.name} ({n})", n + 1
        self._texts.append(HeldOutText(name, text.text, text.path))
        self._fill_text_list()
        size = format_bytes(text.size)
        self._say("info", lambda: tr("Added {name} ({size}).").format(name=html.escape(name), size=size))
        self._measure()

    @Slot(str)
    def _on_controller_failed(self, message: str) -> None:
        self._say("error", lambda: html.escape(message))  # (composed, translated, by the controller)

    # -- tokenizer and references -----------------------------------------------------------

    @Slot(str)
    def _on_picker_key_changed(self, key: str) -> None:
        self._key = key if key in self.registry.keys() else ""
        entry = self.registry.entry(self._key) if self._key else None
        if entry is not None and entry.tokenizer is None and entry.status != "error":
            if self.isVisible():
                self.registry.request(self._key)
        self._measure()

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 (Qt naming)
        super().showEvent(event)
        keys = [self._key] if self._key else []
        for key in keys + self.checked_references():
            if self.registry.entry(key).status == "idle" and self.registry.get(key) is None:
                self.registry.request(key)  # OpenAI encodings load only once someone looks
        self._describe()  # ("Loading…" once a request went out)

    @Slot(str)
    def _on_registry_ready(self, key: str) -> None:
        entry = self.registry.entry(key)
        if key not in self._known_keys:
            self._known_keys.add(key)
            if entry.kind in ("trained", "file"):
                self.picker.set_current_key(key)  # the newest trained tokenizer
                return
        if key == self._key:
            self._measure()
        elif key in self.checked_references() and key not in self._references:
            self._measure_reference(key)

    @Slot(str, str)
    def _on_registry_failed(self, key: str, message: str) -> None:
        if key in self.checked_references() or key == self._key:
            self._say(
                "error",
                lambda: tr("<b>{name} cannot be loaded.</b> {reason}<br>{help}").format(
                    name=key, reason=html.escape(message), help=unavailable_help(key)
                ),
            )

    @Slot(bool)
    def _on_reference_box_toggled(self, _on: bool) -> None:
        for key in self.checked_references():
            if key not in self._references:
                if self.registry.get(key) is not None:
                    self._measure_reference(key)
                elif self.isVisible() and self.registry.entry(key).status == "idle":
                    self.registry.request(key)
        self._draw()

    # -- measuring --------------------------------------------------------------------------

    def _measure(self) -> None:
        """Measure the texts again (the tokenizer or the texts changed)."""
        self._generation += 1
        self._curves = []
        self._references = {}
        tok = self.tokenizer()
        self._describe()
        if tok is None:
            self._draw()
            return
        self.controller.measure(self._generation, tok, self._texts)
        for key in self.checked_references():
            if self.registry.get(key) is not None:
                self._measure_reference(key)
        self._draw()

    def _describe(self) -> None:
        """The line beside the picker: what the sweep of the chosen tokenizer holds."""
        tok = self.tokenizer()
        if tok is None:
            chosen = self.registry.get(self._key) if self._key else None
            if chosen is not None:
                text = tr(
                    "{name} is a SentencePiece model: it stores scores, not merges learned in order. "
                    "Pick a BPE tokenizer, or train one (Train tab): the sweep uses its merges."
                ).format(name=html.escape(self._key))
            elif self._key and self.registry.entry(self._key).status == "loading":
                text = tr("Loading {name}…").format(name=html.escape(self._key))
            else:
                text = tr(
                    "Train a tokenizer to the largest vocabulary size you want (Train tab): the sweep uses its merges."
                )
            self.about.setText(text)
            return
        specials = len(tok.special_tokens)
        n = len(tok.merges)
        self.about.setText(
            tr(
                "{n} merges: every vocabulary size from {low} to {high} is this training stopped earlier "
                "(its first merges)."
            ).format(n=format_count(n), low=format_count(256 + specials), high=format_count(256 + n + specials))
        )

    def _measure_reference(self, key: str) -> None:
        tok = self.registry.get(key)
        if isinstance(tok, Tokenizer):  # (the references are OpenAI encodings)
            self.controller.measure_reference((self._generation, key), key, tok, self._texts)

    @Slot(object, list)
    def _on_controller_curves_ready(self, tag: object, curves: list[SweepCurve]) -> None:
        if tag != self._generation:
            return
        self._curves = curves
        self._measured = self._generation
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

    def _draw(self) -> None:
        self.plot.clear()
        self.legend.clear()
        shown = set(self.shown_texts())
        colors = {t.name: LINE_COLORS[i % len(LINE_COLORS)] for i, t in enumerate(self._texts)}
        for curve in self._curves:
            if curve.name not in shown:
                continue
            item = self.plot.plot(
                curve.vocab_sizes().astype(np.float64),
                curve.bytes_per_token(),
                pen=pg.mkPen(colors.get(curve.name, "#333"), width=2),
                name=display_name(curve.name),
            )
            item.setZValue(1)
        for key in self.checked_references():
            ref = self._references.get(key)
            if ref is None:
                continue
            for name in [c.name for c in self._curves if c.name in shown]:
                value = ref.bytes_per_token(name)
                if value is None:
                    continue
                self.plot.plot(
                    [float(ref.vocab_size)],
                    [value],
                    pen=None,
                    symbol=SYMBOLS[key],
                    symbolSize=13,
                    symbolBrush=pg.mkBrush(colors.get(name, "#333")),
                    symbolPen=pg.mkPen("#000", width=1),
                )
            sample = pg.PlotDataItem(
                [], [], pen=None, symbol=SYMBOLS[key], symbolSize=11, symbolBrush="#9e9e9e", symbolPen="#000"
            )
            self.legend.addItem(sample, f"{key} ({format_count(ref.vocab_size)})")
        self.plot.enableAutoRange()
        self._fill_table()

    def _fill_table(self) -> None:
        curves = [c for c in self._curves if c.name in set(self.shown_texts())]
        tok = self.tokenizer()
        rows: list[tuple[str, list[str]]] = []
        if curves and tok is not None:
            first = curves[0]
            sizes = first.vocab_sizes()
            top = int(sizes[-1])
            wanted = [int(sizes[0])] + [s for s in TABLE_SIZES if int(sizes[0]) < s < top] + [top]
            for size in wanted:
                k = size - int(sizes[0])
                label = tr("{size} ({k} merges)").format(size=format_count(size), k=format_count(k))
                rows.append((label, [format_ratio(c.bytes / max(int(c.tokens[k]), 1)) for c in curves]))
            for key in self.checked_references():
                ref = self._references.get(key)
                if ref is not None:
                    label = f"{key} ({format_count(ref.vocab_size)})"
                    rows.append((label, [format_ratio(ref.bytes_per_token(c.name)) for c in curves]))
        self.table.clear()
        self.table.setColumnCount(len(curves))
        self.table.setRowCount(len(rows))
        self.table.setHorizontalHeaderLabels(
            [tr("{name}: bytes/token").format(name=display_name(c.name)) for c in curves]
        )
        self.table.setVerticalHeaderLabels([label for label, _ in rows])
        for r, (_, cells) in enumerate(rows):
            for c, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                self.table.setItem(r, c, item)

    def table_rows(self) -> list[tuple[str, list[str]]]:
        """The table as text: (row label, cells)."""
        out = []
        for r in range(self.table.rowCount()):
            header = self.table.verticalHeaderItem(r)
            items = [self.table.item(r, c) for c in range(self.table.columnCount())]
            cells = [item.text() if item is not None else "" for item in items]
            out.append((header.text() if header is not None else "", cells))
        return out

    # -- export -----------------------------------------------------------------------------

    @Slot()
    def _on_export_chart_button_clicked(self) -> None:
        start = os.path.join(self.settings.last_folder if self.settings else str(Path.home()), "vocab_sweep.png")
        path, chosen = QFileDialog.getSaveFileName(
            self, tr("Export the chart"), start, tr("PNG picture (*.png);;SVG drawing (*.svg)")
        )
        if path:
            if not path.lower().endswith((".png", ".svg")):
                path += ".svg" if "svg" in chosen.lower() else ".png"
            self.export_chart(path)

    @Slot()
    def _on_export_csv_button_clicked(self) -> None:
        start = os.path.join(self.settings.last_folder if self.settings else str(Path.home()), "vocab_sweep.csv")
        path, _ = QFileDialog.getSaveFileName(self, tr("Export the points as CSV"), start, "CSV (*.csv)")  # i18n: none
        if path:
            self.export_csv(path if path.lower().endswith(".csv") else path + ".csv")
