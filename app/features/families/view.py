"""The Families tab: the same text cut by six tokenizer families, side by side.

Characters (one token per code point), UTF-8 bytes, words with ``<UNK>`` for anything the
training corpus never had, character-level BPE with byte fallback (SentencePiece style),
byte-level BPE (ours) and WordPiece (BERT's: ``##`` continues a word, ``[UNK]``) each get a
row of colored chips; a table puts their figures next to
each other: tokens, bytes per token, vocabulary size, unknown tokens, tokens that hold part of
a character, and whether decoding gives the text back. What decode loses (the word family's
``<UNK>``, or SentencePiece reading a typed ``▁`` as a space) is highlighted in the text.

The trained families (:data:`~app.features.families.family.TRAINED_FAMILIES`) learn from a corpus (the built-in samples by default, or a
chosen file) with the vocabulary size set here, in the background with progress and Cancel
(:class:`~app.features.families.controller.FamiliesController`); the byte-level row can instead use a
tokenizer of the session (trained in the Train tab, opened, or an OpenAI encoding). Typing
re-tokenizes off the GUI thread, newest text wins. The engine does every figure
(:mod:`bpe_engine.families`); this view only shows them.

The view composes its panels and connects them to the controller and the registry:
:class:`~app.features.families.text_panel.TextPanel` (text menu, editor, what decoding loses),
:class:`~app.features.families.chips_panel.ChipRows` (a row of chips per family),
:class:`~app.features.families.table_view.FamiliesTableView` (the figures) and
:class:`~app.features.families.training_panel.TrainingPanel` (corpus, vocabulary, byte-level
source, Train and Cancel, progress and status), which
:class:`~app.features.families.training.FamiliesTraining` connects to the controller's training.
"""

from __future__ import annotations

import html

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import QLabel, QSplitter, QVBoxLayout, QWidget

from app.core.i18n import connect, tr
from app.core.jobs.merges import MergesMaker, merges_at_hand
from app.core.registry import RegistryEntry, TokenizerRegistry
from app.core.settings import Settings
from app.features.families.chip_tooltip import chip_tooltip
from app.features.families.chips_panel import ChipRows, RowsArea
from app.features.families.content import DEFAULT_TEXT
from app.features.families.controller import FamiliesController
from app.features.families.family import TRAINED_FAMILIES, Family, family_name, family_note
from app.features.families.job import FamiliesCorpus, FamiliesOutcome, TrainedFamilies, simple_tokenizers
from app.features.families.model import FamiliesTableModel, FamilyTableRow
from app.features.families.row_status import family_status, fits_byte_row, source_note
from app.features.families.table_view import FamiliesTableView
from app.features.families.text_panel import TextPanel
from app.features.families.training import FamiliesTraining
from app.features.families.training_panel import DEFAULT_VOCAB, ByteSource, TrainingPanel, sample_paths
from app.widgets.open_files import choose_text_file
from app.widgets.token_chips import ChipView
from app.widgets.view import View
from bpe_engine import FamilyResult, FamilyTokenizer, Tokenizer, WordTokenizer

__all__ = ["FamiliesView", "DEFAULT_VOCAB", "HERE", "sample_paths"]

#: The byte-level row's source when it is trained here on the corpus (else a registry key).
HERE = ByteSource.HERE


class FamiliesView(View):
    """The tokenizer families on one text (see the module docstring).

    Signals:
        displayed(int): the rows and the table now show the result of this request generation.
        trained(object): a training run finished (its :class:`~app.features.families.job.TrainedFamilies`).
    """

    displayed = Signal(int)
    trained = Signal(object)

    def __init__(
        self, registry: TokenizerRegistry, settings: Settings | None = None, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.registry = registry
        self.settings = settings
        self.controller = FamiliesController(self)
        self.merges_maker = MergesMaker("families-merges", self)  # (a hovered OpenAI encoding's)
        self._merges_asked: Tokenizer | None = None
        self.outcome: FamiliesOutcome | None = None
        self._displayed_generation = -1
        self._started = False
        self._build()
        self._connect()
        self.editor.setPlainText(DEFAULT_TEXT)

    # -- building ---------------------------------------------------------------------------

    def _build(self) -> None:
        self.text_panel = TextPanel(self.settings, self)
        self.chip_rows = ChipRows(self.chip_tooltip, self)
        self.table = FamiliesTableModel(self)
        self.table_view = FamiliesTableView(self.table, self)
        self.training_panel = TrainingPanel(self.registry, self)
        self.training = FamiliesTraining(self.training_panel, self.controller, self.messages, self)
        self._alias_widgets()
        self.splitter = QSplitter(Qt.Orientation.Vertical, self)
        self.splitter.setChildrenCollapsible(False)
        self.rows_area = RowsArea(self.chip_rows)
        self.splitter.addWidget(self.rows_area)
        self.splitter.addWidget(self.table_view)
        self.splitter.setStretchFactor(0, 3)
        self.splitter.setStretchFactor(1, 0)
        self.splitter.setSizes([10 * self.table_view.minimumHeight(), self.table_view.minimumHeight()])
        layout = QVBoxLayout(self)
        layout.addWidget(self.text_panel)
        layout.addWidget(self.messages)
        layout.addWidget(self.splitter, 1)
        layout.addWidget(self.training_panel)
        self._show_rows_status()

    def _connect(self) -> None:
        self.text_panel.changed.connect(self._request)
        self.training_panel.byte_source_changed.connect(self._on_byte_source_changed)
        self.training_panel.file_button.clicked.connect(self._on_file_button_clicked)
        self.training.state_changed.connect(self._show_rows_status)
        self.training.trained.connect(self._on_trained)
        self.controller.finished.connect(self._on_controller_finished)
        self.controller.failed.connect(self._on_controller_failed)
        self.registry.changed.connect(self.training_panel.refresh_byte_sources)
        self.registry.ready.connect(self._on_registry_ready)
        self.registry.failed.connect(self._on_registry_failed)
        connect(self._on_language_changed)

    def _alias_widgets(self) -> None:
        """The panels' widgets under the view's names (the window, tools and tests use them)."""
        self.text_combo = self.text_panel.text_combo
        self.whitespace_box = self.text_panel.whitespace_box
        self.editor = self.text_panel.editor
        self.lost_label = self.text_panel.lost_label
        self.row_labels: dict[Family, QLabel] = self.chip_rows.row_labels
        self.chip_views: dict[Family, ChipView] = self.chip_rows.chip_views
        self.corpus_combo = self.training_panel.corpus_combo
        self.file_button = self.training_panel.file_button
        self.vocab_spin = self.training_panel.vocab_spin
        self.byte_combo = self.training_panel.byte_combo
        self.train_button = self.training_panel.train_button
        self.cancel_button = self.training_panel.cancel_button
        self.progress = self.training_panel.progress
        self.train_status = self.training_panel.train_status

    def family_name(self, family: str) -> str:
        return family_name(family)

    def family_note(self, family: str) -> str:
        return family_note(family)

    # -- corpus and training (see FamiliesTraining) ---------------------------------------------

    @property
    def models(self) -> TrainedFamilies | None:
        """The families trained last (None before the first run ends)."""
        return self.training.models

    @Slot()
    def train(self) -> bool:
        """Train the words and BPE families on the chosen corpus; False if a run is going on."""
        return self.training.train()

    def corpus(self) -> FamiliesCorpus:
        """The corpus chosen now."""
        return self.training_panel.corpus()

    def set_corpus_file(self, path: str) -> bool:
        """Train on ``path`` from now on; False, with a message, if it cannot be a corpus."""
        return self.training.set_corpus_file(path)

    def set_vocab_size(self, value: int) -> None:
        self.vocab_spin.setValue(value)

    @Slot()
    def _on_file_button_clicked(self) -> None:
        path = choose_text_file(self, self.settings, tr("Choose a UTF-8 text file to train on"))
        if path:
            self.set_corpus_file(path)

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 (Qt naming)
        super().showEvent(event)
        if not self._started:
            self._started = True  # the built-in samples train in well under a second
            if self.models is None and not self.controller.is_training():
                self.train()

    @Slot(object)
    def _on_trained(self, result: object) -> None:
        self._show_rows_status()
        self._request()
        self.trained.emit(result)

    # -- the byte-level row's tokenizer -------------------------------------------------------

    def byte_source(self) -> str:
        """``HERE`` (trained here) or the registry key of the byte-level row's tokenizer."""
        return self.training_panel.byte_source()

    def set_byte_source(self, key: str) -> None:
        self.training_panel.set_byte_source(key)

    @Slot()
    def _on_byte_source_changed(self) -> None:
        key = self.byte_source()
        if key != ByteSource.HERE and self.registry.get(key) is None:
            self.registry.request(key)  # OpenAI encodings load on first use
        self._show_rows_status()
        self._request()

    @Slot(str)
    def _on_registry_ready(self, key: str) -> None:
        if key == self.byte_source():
            self._request()

    @Slot(str, str)
    def _on_registry_failed(self, key: str, message: str) -> None:
        if key == self.byte_source():
            self.messages.error(lambda: html.escape(tr("{key} cannot be loaded: {why}").format(key=key, why=message)))
            self._show_rows_status()

    # -- tokenizing ---------------------------------------------------------------------------

    def text(self) -> str:
        return self.text_panel.text()

    def set_text(self, text: str) -> None:
        self.text_panel.set_text(text)

    def tokenizers(self) -> dict[str, FamilyTokenizer]:
        """The tokenizer of every family that has one now."""
        out: dict[str, FamilyTokenizer] = dict(simple_tokenizers())
        trained = self.models.tokenizers if self.models is not None else {}
        for family in TRAINED_FAMILIES:
            if family == Family.BYTE_BPE:
                continue  # (below: trained here or a tokenizer of the session)
            if family in trained:
                out[family] = trained[family]
        source = self.byte_source()
        if source == ByteSource.HERE:
            byte_tok = trained.get(Family.BYTE_BPE)
        else:
            session = self.registry.get(source)
            # WordPiece, Unigram, SentencePiece: not byte-level BPE; the row says why (family_status)
            byte_tok = session if session is not None and fits_byte_row(session.facts) else None
        if byte_tok is not None:
            out[Family.BYTE_BPE] = byte_tok
        return out

    @Slot()
    def _request(self) -> None:
        if self.editor.is_filling():
            return  # (a long text going in asks when it is in)
        self.controller.request(self.text(), self.tokenizers(), self.text_panel.show_whitespace())

    def is_settled(self) -> bool:
        """True when the rows show the current text with every tokenizer available now."""
        return (
            self._displayed_generation == self.controller.generation
            and not self.controller.is_training()
            and not self.editor.is_filling()
        )

    @Slot(object)
    def _on_controller_finished(self, outcome: object) -> None:
        assert isinstance(outcome, FamiliesOutcome)
        self.outcome = outcome
        self.chip_rows.show_outcome(outcome)
        self._show_rows_status()
        self.text_panel.show_lost(outcome)
        self._displayed_generation = outcome.generation
        self.displayed.emit(outcome.generation)

    @Slot(str)
    def _on_controller_failed(self, message: str) -> None:
        self.messages.error(lambda: tr("Cannot tokenize this text: {reason}").format(reason=html.escape(message)))

    def result(self, family: str) -> FamilyResult | None:
        """The result shown in ``family``'s row (None while it has none)."""
        if self.outcome is None:
            return None
        row = self.outcome.row(family)
        return row.result if row is not None else None

    def lost_highlights(self) -> list[tuple[int, int]]:
        """The highlighted stretches of the editor, in characters of the text (for tests)."""
        return self.text_panel.lost_highlights()

    # -- what each row says ---------------------------------------------------------------------

    def _session_entry(self) -> RegistryEntry | None:
        """The registry entry the byte-level row shows (None: trained here)."""
        source = self.byte_source()
        return None if source == ByteSource.HERE else self.registry.entry(source)

    def _show_rows_status(self) -> None:
        """Every row's label and the table: the figures of the result shown, or its status."""
        session = self._session_entry()
        training = self.controller.is_training()
        rows = []
        for family in Family:
            status = family_status(family, self.models, training, session)
            result = None if status else self.result(family)
            name = self.family_name(family)
            note = self.family_note(family)
            shown = session if family == Family.BYTE_BPE else None  # a tokenizer of the session
            self.chip_rows.show_row(family, name, note, result, status, source_note(shown) if shown is not None else "")
            if shown is not None:
                note += "\n" + tr("Shown: {name}").format(name=shown.label)
            rows.append(FamilyTableRow(family, name, note, result, status))
        self.table.set_rows(rows)

    def chip_tooltip(self, family: str, index: int) -> str:
        """What chip ``index`` of ``family``'s row is (composed when shown, in the current language)."""
        result = self.result(family)
        if result is None:
            return ""
        words = self.models.tokenizers.get(Family.WORDS) if self.models is not None else None
        known = len(words.words) if isinstance(words, WordTokenizer) else 0
        tok = self.tokenizers().get(family)
        if isinstance(tok, Tokenizer) and not merges_at_hand(tok) and tok is not self._merges_asked:
            self._merges_asked = tok  # (its merge line is written again once a job made them)
            self.merges_maker.when_made(tok, self._on_merges_made)
        return chip_tooltip(result, index, tok, known)

    def _on_merges_made(self) -> None:
        self._merges_asked = None
        for view in self.chip_rows.chip_views.values():
            view.refresh_tooltip()

    # -- language, presentation, shutdown ----------------------------------------------------

    @Slot(str)
    def _on_language_changed(self, _language: str) -> None:
        """Say again, in the new language, everything the view composed from its state."""
        self.text_panel.name_items()
        self.training_panel.name_items()
        self.training_panel.refresh_byte_sources()
        self.training.say()
        self._show_rows_status()
        if self.outcome is not None:
            self.text_panel.show_lost(self.outcome)

    def set_presentation(self, on: bool) -> None:
        """Presentation mode: the training row gives up width (see the panel's)."""
        self.training_panel.set_presentation(on)

    def shutdown(self, training_wait_ms: int = 0) -> None:
        """Cancel training and live tokenizing (window closing; see the controller's shutdown)."""
        self.controller.shutdown(training_wait_ms)
        self.merges_maker.close()
