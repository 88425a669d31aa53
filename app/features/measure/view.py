"""The Measure view: the language tax, efficiency and vocabulary health of 1–5 tokenizers.

Pick the tokenizers (the session's, OpenAI's, the Hugging Face cache's) and a text set (the
built-in parallel sample: the Universal Declaration of Human Rights in 100 languages; the
held-out texts; or files), then Measure. Three pages show the figures of
:mod:`bpe_engine.metrics`, each defined with its source there:

- *Language tax* (parallel sample only): each language's premium (its tokens over English's
  for the same text) per tokenizer, as a chart grouped by script with each tokenizer's Gini
  coefficient, and a sortable table (tokens, bytes per token, premium);
- *Efficiency*: bytes and characters per token, tokens per word, split words, Rényi
  efficiency and the Gini coefficients, one row per tokenizer;
- *Vocabulary health* (when checked): unreachable, part-character, unused,
  intermediate-only tokens and under-trained candidates, counted and listed.

Measuring runs off the GUI thread with progress and Cancel
(:class:`~app.features.measure.controller.MeasureController`); the tables export as one CSV,
the chart as PNG or SVG. This module composes the panels and decides what is measured.
"""

from __future__ import annotations

import html

from PySide6.QtCore import QSortFilterProxyModel, Qt, Signal, Slot
from PySide6.QtWidgets import QHBoxLayout, QSplitter, QTableView, QTabWidget, QVBoxLayout, QWidget

from app.core import i18n
from app.core.i18n import tr, tr_n
from app.core.registry import TokenizerRegistry
from app.core.settings import Settings
from app.core.weakly import weak_method
from app.features.measure.controller import MeasureController
from app.features.measure.exports import choose_chart_path, choose_csv_path, figures_csv, write_chart
from app.features.measure.fit import ColumnFit
from app.features.measure.health_panel import HealthPanel
from app.features.measure.job import Figures, MeasureState, Reachability, reachability_of
from app.features.measure.side_panel import SidePanel
from app.features.measure.tables import SORT_ROLE, EfficiencyModel, TaxModel
from app.features.measure.tax_chart import TaxChart, short_label
from app.features.measure.texts import MeasureText, TextFileError, TextSet, heldout_texts, read_text_file, sample_texts
from app.widgets.export import save_text
from app.widgets.open_files import choose_text_file
from app.widgets.view import View
from bpe_engine import TokenizerLike, errors

__all__ = ["MeasureView", "DEFAULT_KEYS"]

#: Checked at first (loaded only when Measure is pressed).
DEFAULT_KEYS = ("cl100k_base", "o200k_base")


def _sorted_table(parent: QWidget, model: TaxModel | EfficiencyModel) -> QTableView:
    proxy = QSortFilterProxyModel(parent)
    proxy.setSourceModel(model)
    proxy.setSortRole(SORT_ROLE)
    table = QTableView(parent)
    table.setModel(proxy)
    table.setSortingEnabled(True)
    table.horizontalHeader().setSortIndicator(-1, Qt.SortOrder.AscendingOrder)  # the sample's order first
    table.verticalHeader().setVisible(False)
    return table


class MeasureView(View):
    """See the module docstring.

    Signals:
        measured(): a run ended (done, cancelled or failed) and its figures are shown.
        exported(str): the CSV or the chart was saved to this path.
        token_chosen(str, int): a token of a health list was opened: the tokenizer's key and
            the token's id (the window shows it in the Vocabulary tab).
    """

    measured = Signal()
    exported = Signal(str)
    token_chosen = Signal(str, int)

    def __init__(
        self, registry: TokenizerRegistry, settings: Settings | None = None, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.registry = registry
        self.settings = settings
        self.controller = MeasureController(self)
        self._files: list[MeasureText] = []
        self._texts: list[MeasureText] = []
        self._figures: list[Figures] = []
        self._tokenizers: dict[str, TokenizerLike] = {}
        self._pending: list[str] = []
        self._keys: list[str] = []
        self._reachable: dict[str, Reachability] = {}  # by key: a tokenizer's is computed once
        self._build()
        self._connect()
        latest = registry.latest_trained()
        self.side.set_checked([*DEFAULT_KEYS, *([latest] if latest else [])])

    # -- building ---------------------------------------------------------------------------

    def _build(self) -> None:
        self.side = SidePanel(self.registry, self)
        self.chart = TaxChart()
        self.tax_model = TaxModel(self)
        self.tax_table = _sorted_table(self, self.tax_model)
        self.efficiency_model = EfficiencyModel(self)
        self.efficiency_table = _sorted_table(self, self.efficiency_model)
        self.efficiency_fit = ColumnFit(self.efficiency_table)
        self.health = HealthPanel(self)
        tax = QSplitter(Qt.Orientation.Vertical, self)
        tax.addWidget(self.chart.plot)
        tax.addWidget(self.tax_table)
        tax.setSizes([380, 200])
        self.pages = QTabWidget(self)
        self.pages.addTab(tax, "")
        self.pages.addTab(self.efficiency_table, "")
        self.pages.addTab(self.health, "")
        self._name_pages()
        row = QHBoxLayout()
        row.addWidget(self.side)
        row.addWidget(self.pages, 1)
        layout = QVBoxLayout(self)
        layout.addWidget(self.messages)
        layout.addLayout(row, 1)

    def _name_pages(self) -> None:
        for k, name in enumerate((tr("Language tax"), tr("Efficiency"), tr("Vocabulary health"))):
            self.pages.setTabText(k, name)

    def _connect(self) -> None:
        i18n.connect(self._on_language_changed)
        self.side.measure_button.clicked.connect(self._on_measure_button_clicked)
        self.side.cancel_button.clicked.connect(self._on_cancel_button_clicked)
        self.side.add_files_button.clicked.connect(self._on_add_files_button_clicked)
        self.side.text_set.currentIndexChanged.connect(self._on_text_set_changed)
        self.side.export_csv_button.clicked.connect(self._on_export_csv_button_clicked)
        self.side.export_chart_button.clicked.connect(self._on_export_chart_button_clicked)
        self.controller.progress.connect(self._on_controller_progress)
        self.controller.figures_ready.connect(self._on_controller_figures_ready)
        self.controller.state_changed.connect(self._on_controller_state_changed)
        self.controller.failed.connect(self._on_controller_failed)
        self.health.token_activated.connect(self.token_chosen)
        self.registry.ready.connect(self._on_registry_ready)
        self.registry.failed.connect(self._on_registry_failed)
        self.registry.removed.connect(self._on_registry_removed)

    # -- public -----------------------------------------------------------------------------

    def texts(self) -> list[MeasureText]:
        """The texts of the last run."""
        return list(self._texts)

    def figures(self) -> list[Figures]:
        """The figures shown, one per tokenizer measured so far."""
        return list(self._figures)

    def is_running(self) -> bool:
        return bool(self._pending) or self.controller.is_running()

    def add_text_file(self, path: str) -> None:
        """Add a text file to the "Text files" set (a bad one is explained)."""
        try:
            self._files.append(read_text_file(path))
        except (TextFileError, OSError) as exc:
            message = str(exc) if isinstance(exc, TextFileError) else f"{path}: {exc.strerror or exc}"
            self.messages.error(lambda: html.escape(message))
            return
        self.side.show_files([t.name for t in self._files])

    def measure(self) -> None:
        """Measure the checked tokenizers on the chosen texts (loading those not loaded yet)."""
        keys = self.side.checked_keys()
        if not keys:
            self.messages.error(lambda: tr("Check at least one tokenizer to measure."))
            return
        try:
            texts = self._chosen_texts()
        except errors.BPEError as exc:
            reason = str(exc)
            self.messages.error(lambda: html.escape(reason))
            return
        if not texts:
            self.messages.error(lambda: tr("Add at least one text file to measure."))
            return
        self.messages.clear()
        self._texts = texts
        self._pending = [k for k in keys if self.registry.get(k) is None]
        self._keys = keys
        self.side.set_running(True)
        if self._pending:
            self.side.show_loading([short_label(self.registry.entry(k).label) for k in self._pending])
        for key in self._pending:
            self.registry.request(key)
        self._start_when_loaded()

    def export_csv(self, path: str) -> None:
        try:
            save_text(path, figures_csv(self._texts, self._figures, self._tokenizers))
        except OSError as exc:
            self._cannot_save(path, exc)
            return
        self.messages.info(lambda: tr("Saved the figures to {path}.").format(path=html.escape(path)))
        self.exported.emit(path)

    def export_chart(self, path: str) -> None:
        try:
            write_chart(self.chart.plot, path)
        except OSError as exc:
            self._cannot_save(path, exc)
            return
        self.messages.info(lambda: tr("Saved the chart to {path}.").format(path=html.escape(path)))
        self.exported.emit(path)

    def set_presentation(self, on: bool) -> None:
        """Presentation mode: the side panel folds away, the figures get the room."""
        self.side.setVisible(not on)

    def shutdown(self) -> None:
        self._pending = []
        self.controller.shutdown()

    # -- measuring --------------------------------------------------------------------------

    def _chosen_texts(self) -> list[MeasureText]:
        choice = self.side.text_choice()
        if choice is TextSet.SAMPLE:
            return sample_texts()
        if choice is TextSet.HELDOUT:
            return heldout_texts()
        return list(self._files)

    def _start_when_loaded(self) -> None:
        if self._pending:
            return
        tokenizers = []
        for key in self._keys:
            tok = self.registry.get(key)
            if tok is not None:
                tokenizers.append((key, self.registry.entry(key).label, tok))
        self._tokenizers = {key: tok for key, _, tok in tokenizers}
        self._figures = []
        self.side.show_measuring()
        self._show()
        parallel = self.side.text_choice().parallel
        health = self.side.health_box.isChecked()
        self.controller.start(tokenizers, self._texts, parallel=parallel, health=health, reachable=self._reachable)

    @Slot(str)
    def _on_registry_ready(self, key: str) -> None:
        if key in self._pending:
            self._pending.remove(key)
            self._start_when_loaded()

    @Slot(str, str)
    def _on_registry_failed(self, key: str, message: str) -> None:
        if key in self._pending:
            self._pending = []
            self.side.set_running(False)
            self.messages.error(
                lambda: tr("<b>{name} cannot be loaded.</b> {reason}").format(name=key, reason=html.escape(message))
            )

    @Slot(str)
    def _on_registry_removed(self, key: str) -> None:
        self._reachable.pop(key, None)

    @Slot(int, int)
    def _on_controller_progress(self, done: int, total: int) -> None:
        self.side.progress.setMaximum(max(total, 1))
        self.side.progress.setValue(done)

    @Slot(object)
    def _on_controller_figures_ready(self, figures: Figures) -> None:
        self._figures.append(figures)
        known = reachability_of(figures)
        if known is not None:
            self._reachable[figures.key] = known
        self._show()

    @Slot(str)
    def _on_controller_state_changed(self, state: str) -> None:
        running = self.controller.is_running()
        self.side.set_running(running)
        if state == MeasureState.DONE:
            self.messages.info(weak_method(self._summary, ""))  # (the bar keeps it: weakly, app.core.weakly)
        elif state == MeasureState.CANCELLED:
            self.messages.info(lambda: tr("Measuring cancelled; the tokenizers measured so far are shown."))
        if not running and state != MeasureState.IDLE:
            self.measured.emit()

    @Slot(str)
    def _on_controller_failed(self, message: str) -> None:
        self.messages.error(lambda: tr("Cannot measure: {reason}").format(reason=html.escape(message)))

    def _summary(self) -> str:
        size = sum(t.size for t in self._texts)
        return tr("Measured: {tokenizers}; {texts}; {size}.").format(
            tokenizers=tr_n("%n tokenizer(s)", len(self._figures)),
            texts=tr_n("%n text(s)", len(self._texts)),
            size=tr_n("%n byte(s)", size),
        )

    def _show(self) -> None:
        self.chart.draw(self._texts, self._figures)
        self.tax_model.show(self._texts, self._figures)
        self.efficiency_model.show(self._figures)
        self.health.show_figures(self._figures, self._tokenizers)
        for table in (self.tax_table, self.efficiency_table):
            table.resizeColumnsToContents()

    # -- texts, language, exports -----------------------------------------------------------

    @Slot()
    def _on_measure_button_clicked(self) -> None:
        self.measure()

    @Slot()
    def _on_cancel_button_clicked(self) -> None:
        if self._pending:
            self._pending = []
            self.side.set_running(False)
        self.controller.cancel()

    @Slot(int)
    def _on_text_set_changed(self, _index: int) -> None:
        files = self.side.text_choice() is TextSet.FILES
        self.side.add_files_button.setVisible(files)
        self.side.files_label.setVisible(files)
        self.side.show_files([t.name for t in self._files])

    @Slot()
    def _on_add_files_button_clicked(self) -> None:
        path = choose_text_file(self, self.settings, tr("Add a text to measure"))
        if path:
            self.add_text_file(path)

    @Slot(str)
    def _on_language_changed(self, _language: str) -> None:
        self._name_pages()
        self.side.retranslate()
        self.health.retranslate()
        self.chart.retranslate()
        self._show()

    @Slot()
    def _on_export_csv_button_clicked(self) -> None:
        path = choose_csv_path(self, self.settings)
        if path:
            self.export_csv(path)

    @Slot()
    def _on_export_chart_button_clicked(self) -> None:
        path = choose_chart_path(self, self.settings)
        if path:
            self.export_chart(path)

    def _cannot_save(self, path: str, exc: OSError) -> None:
        reason = str(exc)
        self.messages.error(
            lambda: tr("Cannot save {name}: {reason}").format(name=html.escape(path), reason=html.escape(reason))
        )
