"""The Families tab: the same text cut by five tokenizer families, side by side.

Characters (one token per code point), UTF-8 bytes, words with ``<UNK>`` for anything the
training corpus never had, character-level BPE with byte fallback (SentencePiece style) and
byte-level BPE (ours) each get a row of colored chips; a table puts their figures next to
each other: tokens, bytes per token, vocabulary size, unknown tokens, tokens that hold part of
a character, and whether decoding gives the text back. What decode loses (the word family's
``<UNK>``, or SentencePiece reading a typed ``▁`` as a space) is highlighted in the text.

The three trained families learn from a corpus (the built-in samples by default, or a
chosen file) with the vocabulary size set here, in the background with progress and Cancel
(:class:`~app.features.families.controller.FamiliesController`); the byte-level row can instead use a
tokenizer of the session (trained in the Train tab, opened, or an OpenAI encoding). Typing
re-tokenizes off the GUI thread, newest text wins. The engine does every figure
(:mod:`bpe_engine.families`); this view only shows them.

The view composes its panels and connects them to the controller and the registry:
:class:`~app.features.families.text_panel.TextPanel` (text menu, editor, what decoding loses),
:class:`~app.features.families.chips_panel.ChipRows` (the five rows of chips),
:class:`~app.features.families.table_view.FamiliesTableView` (the figures) and
:class:`~app.features.families.training_panel.TrainingPanel` (corpus, vocabulary, byte-level
source, Train and Cancel, progress and status).
"""

from __future__ import annotations

import html
from collections.abc import Callable

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import QLabel, QSplitter, QVBoxLayout, QWidget

from app.core.i18n import connect, tr
from app.core.registry import RegistryEntry, TokenizerRegistry
from app.core.settings import Settings
from app.display.format import format_count
from app.features.families.chip_tooltip import chip_tooltip
from app.features.families.chips_panel import ChipRows
from app.features.families.content import DEFAULT_TEXT
from app.features.families.controller import FamiliesController, TrainingState
from app.features.families.family import Family, Phase, family_name, family_note
from app.features.families.job import FamiliesCorpus, FamiliesOutcome, TrainedFamilies, simple_tokenizers
from app.features.families.model import FamiliesTableModel, FamilyTableRow
from app.features.families.row_status import family_status, source_note
from app.features.families.table_view import FamiliesTableView
from app.features.families.text_panel import TextPanel
from app.features.families.training_panel import DEFAULT_VOCAB, ByteSource, TrainingPanel, sample_paths
from app.features.families.training_status import Said, status_text
from app.widgets.corpus_panel import check_corpus_file
from app.widgets.open_files import choose_text_file
from app.widgets.token_chips import ChipView
from app.widgets.view import View
from bpe_engine import FamilyResult, FamilyTokenizer, WordTokenizer

__all__ = ["FamiliesView", "DEFAULT_VOCAB", "HERE", "sample_paths"]

#: The byte-level row's source when it is trained here on the corpus (else a registry key).
HERE = ByteSource.HERE


class FamiliesView(View):
    """Five tokenizer families on one text (see the module docstring).

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
        self.models: TrainedFamilies | None = None
        self.outcome: FamiliesOutcome | None = None
        self._displayed_generation = -1
        self._started = False
        # What the status line and the message bar say, kept to say it again in another
        # language: see _say_training; a message is a callable that shows it.
        self._train_said: tuple[object, ...] = ()
        self._message: Callable[[], None] | None = None
        self._build()
        self._connect()
        self.editor.setPlainText(DEFAULT_TEXT)

    # -- building ---------------------------------------------------------------------------

    def _build(self) -> None:
        self.text_panel = TextPanel(self.settings, self)
        self.chip_rows = ChipRows(self.chip_tooltip, self)
        self.table = FamiliesTableModel(self)
        self.table_view = FamiliesTableView(self.table, self)
        self.training = TrainingPanel(self.registry, self)
        self._alias_widgets()
        self.splitter = QSplitter(Qt.Orientation.Vertical, self)
        self.splitter.setChildrenCollapsible(False)
        self.splitter.addWidget(self.chip_rows)
        self.splitter.addWidget(self.table_view)
        self.splitter.setStretchFactor(0, 3)
        self.splitter.setStretchFactor(1, 0)
        self.splitter.setSizes([10 * self.table_view.minimumHeight(), self.table_view.minimumHeight()])
        layout = QVBoxLayout(self)
        layout.addWidget(self.text_panel)
        layout.addWidget(self.messages)
        layout.addWidget(self.splitter, 1)
        layout.addWidget(self.training)
        self._update_buttons()
        self._show_rows_status()

    def _connect(self) -> None:
        self.text_panel.changed.connect(self._request)
        self.training.settings_changed.connect(self._on_settings_changed)
        self.training.byte_source_changed.connect(self._on_byte_source_changed)
        self.training.file_button.clicked.connect(self._on_file_button_clicked)
        self.training.train_button.clicked.connect(self.train)
        self.training.cancel_button.clicked.connect(self.controller.cancel)
        self.controller.state_changed.connect(self._on_controller_state_changed)
        self.controller.progress.connect(self._on_controller_progress)
        self.controller.family_failed.connect(self._on_controller_family_failed)
        self.controller.trained.connect(self._on_controller_trained)
        self.controller.training_failed.connect(self._on_controller_training_failed)
        self.controller.finished.connect(self._on_controller_finished)
        self.controller.failed.connect(self._on_controller_failed)
        self.registry.changed.connect(self.training.refresh_byte_sources)
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
        self.corpus_combo = self.training.corpus_combo
        self.file_button = self.training.file_button
        self.vocab_spin = self.training.vocab_spin
        self.byte_combo = self.training.byte_combo
        self.train_button = self.training.train_button
        self.cancel_button = self.training.cancel_button
        self.progress = self.training.progress
        self.train_status = self.training.train_status

    # -- names ------------------------------------------------------------------------------

    def family_name(self, family: str) -> str:
        return family_name(family)

    def family_note(self, family: str) -> str:
        return family_note(family)

    # -- corpus and training ----------------------------------------------------------------

    def corpus(self) -> FamiliesCorpus:
        """The corpus chosen now."""
        return self.training.corpus()

    def corpus_label(self, corpus: FamiliesCorpus) -> str:
        """How ``corpus`` is named in the current language (a chosen file: its name)."""
        return self.training.corpus_label(corpus)

    def set_corpus_file(self, path: str) -> bool:
        """Train on ``path`` from now on (added to the corpus list); False, with a message, if
        it cannot be a corpus."""
        problem = check_corpus_file(path)
        if problem is not None:
            # (checked again when said again: the reason comes in the new language)
            self._show_message(lambda: self.messages.error(html.escape(check_corpus_file(path) or problem)))
            return False
        self.training.choose_file(path)
        return True

    def set_vocab_size(self, value: int) -> None:
        self.vocab_spin.setValue(value)

    @Slot()
    def _on_file_button_clicked(self) -> None:
        path = choose_text_file(self, self.settings, tr("Choose a UTF-8 text file to train on"))
        if path:
            self.set_corpus_file(path)

    def byte_source(self) -> str:
        """``HERE`` (trained here) or the registry key of the byte-level row's tokenizer."""
        return self.training.byte_source()

    def set_byte_source(self, key: str) -> None:
        self.training.set_byte_source(key)

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
            self._show_message(
                lambda: self.messages.error(
                    html.escape(tr("{key} cannot be loaded: {why}").format(key=key, why=message))
                )
            )
            self._show_rows_status()

    @Slot()
    def _on_settings_changed(self) -> None:
        if self.models is not None and not self.controller.is_training():
            if (self.corpus(), self.vocab_spin.value()) != (self.models.corpus, self.models.vocab_size):
                self._say_training((Said.CHANGED,))

    @Slot()
    def train(self) -> bool:
        """Train the words and BPE families on the chosen corpus; False if a run is going on."""
        corpus = self.corpus()
        self._show_message(None)
        here = self.byte_source() == ByteSource.HERE
        started = self.controller.train(corpus, self.vocab_spin.value(), train_byte_bpe=here)
        if started:
            self.progress.setValue(0)
            self._say_training((Said.TRAINING, corpus))
        return started

    def _train_with(self, vocab_size: int) -> None:
        self.vocab_spin.setValue(vocab_size)
        self.train()

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 (Qt naming)
        super().showEvent(event)
        if not self._started:
            self._started = True  # the built-in samples train in well under a second
            if self.models is None and not self.controller.is_training():
                self.train()

    def _update_buttons(self) -> None:
        cancellable = self.controller.state == TrainingState.TRAINING
        self.training.set_training(self.controller.is_training(), cancellable)

    def _say_training(self, said: tuple[object, ...] | None = None) -> None:
        """The status line under the training row (``said``: what to say from now on, a
        :class:`~app.features.families.training_status.Said` and its details; None: say it again)."""
        if said is not None:
            self._train_said = said
        self.train_status.setText(status_text(self._train_said, self.corpus_label))

    # -- the controller's training news -------------------------------------------------------

    @Slot(str)
    def _on_controller_state_changed(self, state: str) -> None:
        self._update_buttons()
        if state == TrainingState.CANCELLED:
            self.progress.setValue(0)
            self._say_training((Said.CANCELLED,))
        self._show_rows_status()

    @Slot(str, str, int, int)
    def _on_controller_progress(self, family: str, phase: str, done: int, total: int) -> None:
        self.training.show_progress(family, phase == Phase.COUNTING, done, total)
        self._say_training((Said.PROGRESS, family, phase, done, total))

    @Slot(str, str)
    def _on_controller_family_failed(self, family: str, message: str) -> None:
        self._show_message(
            lambda: self.messages.warning(
                tr("{family} could not be trained: {reason}").format(
                    family=self.family_name(family), reason=html.escape(message)
                )
            )
        )

    @Slot(object)
    def _on_controller_trained(self, result: object) -> None:
        assert isinstance(result, TrainedFamilies)
        self._keep_byte_bpe(result)
        self.models = result
        self.progress.setValue(0)  # the status line says it is done
        if Family.CHAR_BPE in result.errors and result.minimum is not None:
            self._offer_minimum(result.minimum)
        self._say_training((Said.TRAINED, result))
        self._show_rows_status()
        self._request()
        self.trained.emit(result)

    def _keep_byte_bpe(self, result: TrainedFamilies) -> None:
        """A run that left byte-level BPE out (the row showed a session tokenizer) keeps the
        one trained before, if on the same corpus and vocabulary size."""
        previous = self.models
        byte_bpe = Family.BYTE_BPE
        if previous is None or byte_bpe in result.tokenizers or byte_bpe not in previous.tokenizers:
            return
        if previous.corpus == result.corpus and previous.vocab_size == result.vocab_size:
            result.tokenizers[byte_bpe] = previous.tokenizers[byte_bpe]

    def _offer_minimum(self, minimum: int) -> None:
        """Char-level BPE needs a larger vocabulary: say so, with a button to train with it."""
        self._show_message(
            lambda: self.messages.warning(
                tr(
                    "Char-level BPE needs a vocabulary of at least {n} for this corpus (3 special tokens, 256 "
                    "byte tokens and its {chars} distinct characters); the other families are trained."
                ).format(n=format_count(minimum), chars=format_count(minimum - 259)),
                [(tr("Use {n} and train").format(n=format_count(minimum)), lambda: self._train_with(minimum))],
            )
        )

    @Slot(str)
    def _on_controller_training_failed(self, message: str) -> None:
        self.progress.setValue(0)
        self._say_training((Said.FAILED,))
        self._show_message(
            lambda: self.messages.error(tr("Cannot train on this corpus: {reason}").format(reason=html.escape(message)))
        )
        self._show_rows_status()

    @Slot(str)
    def _on_controller_failed(self, message: str) -> None:
        self._show_message(
            lambda: self.messages.error(tr("Cannot tokenize this text: {reason}").format(reason=html.escape(message)))
        )

    # -- tokenizing ---------------------------------------------------------------------------

    def text(self) -> str:
        return self.text_panel.text()

    def set_text(self, text: str) -> None:
        self.text_panel.set_text(text)

    def tokenizers(self) -> dict[str, FamilyTokenizer]:
        """The tokenizer of every family that has one now."""
        out: dict[str, FamilyTokenizer] = dict(simple_tokenizers())
        trained = self.models.tokenizers if self.models is not None else {}
        for family in (Family.WORDS, Family.CHAR_BPE):
            if family in trained:
                out[family] = trained[family]
        source = self.byte_source()
        byte_tok = trained.get(Family.BYTE_BPE) if source == ByteSource.HERE else self.registry.get(source)
        if byte_tok is not None:
            out[Family.BYTE_BPE] = byte_tok
        return out

    @Slot()
    def _request(self) -> None:
        self.controller.request(self.text(), self.tokenizers(), self.text_panel.show_whitespace())

    def is_settled(self) -> bool:
        """True when the rows show the current text with every tokenizer available now."""
        return self._displayed_generation == self.controller.generation and not self.controller.is_training()

    @Slot(object)
    def _on_controller_finished(self, outcome: object) -> None:
        assert isinstance(outcome, FamiliesOutcome)
        self.outcome = outcome
        self.chip_rows.show_outcome(outcome)
        self._show_rows_status()
        self.text_panel.show_lost(outcome)
        self._displayed_generation = outcome.generation
        self.displayed.emit(outcome.generation)

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
        return chip_tooltip(result, index, self.tokenizers().get(family), known)

    # -- messages, language, presentation, shutdown ----------------------------------------------

    def _show_message(self, show: Callable[[], None] | None) -> None:
        """Show a message with ``show`` (which calls the message bar), and again after a
        language switch while it is on screen; None: clear the bar."""
        self._message = show
        if show is None:
            self.messages.clear()
        else:
            show()

    @Slot(str)
    def _on_language_changed(self, _language: str) -> None:
        """Say again, in the new language, everything the view composed from its state."""
        self.text_panel.name_items()
        self.training.name_items()
        self.training.refresh_byte_sources()
        self._say_training()
        if self._message is not None and self.messages.kind:
            self._message()
        self._show_rows_status()
        if self.outcome is not None:
            self.text_panel.show_lost(self.outcome)

    def set_presentation(self, on: bool) -> None:
        """Presentation mode: the training row gives up width (see the panel's)."""
        self.training.set_presentation(on)

    def shutdown(self, training_wait_ms: int = 0) -> None:
        """Cancel training and live tokenizing (window closing; see the controller's shutdown)."""
        self.controller.shutdown(training_wait_ms)
