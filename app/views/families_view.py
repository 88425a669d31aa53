"""The Families tab: the same text cut by five tokenizer families, side by side.

Characters (one token per code point), UTF-8 bytes, words with ``<UNK>`` for anything the
training corpus never had, character-level BPE with byte fallback (SentencePiece style) and
byte-level BPE (ours) each get a row of colored chips; a table puts their figures next to
each other: tokens, bytes per token, vocabulary size, unknown tokens, tokens that hold part of
a character, and whether decoding gives the text back. What decode loses (the word family's
``<UNK>``, or SentencePiece reading a typed ``▁`` as a space) is highlighted in the text.

The three trained families learn from a corpus (the built-in samples by default, or a
chosen file) with the vocabulary size set here, in the background with progress and Cancel
(:class:`~app.controllers.families.FamiliesController`); the byte-level row can instead use a
tokenizer of the session (trained in the Train tab, opened, or an OpenAI encoding). Typing
re-tokenizes off the GUI thread, newest text wins. The engine does every figure
(:mod:`bpe_engine.families`); this view only shows them.
"""

from __future__ import annotations

import html
import os
from pathlib import Path

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtGui import QColor, QKeySequence, QShowEvent, QTextCharFormat, QTextCursor
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFileDialog,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QProgressBar,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QSplitter,
    QTableView,
    QTextEdit,
    QVBoxLayout,
    QWidget,
)

from bpe_engine import FAMILIES, FamilyResult, FamilyTokenizer, SentencePieceTokenizer, Tokenizer, WordTokenizer

from ..content.families import DEFAULT_CORPUS_KEYS, DEFAULT_TEXT, FAMILY_TEXTS
from ..content.samples import load_samples
from ..controllers.families import FamiliesController
from ..controllers.registry import TokenizerRegistry
from ..display.families import unknown_marks
from ..display.format import format_bytes, format_count, hex_bytes, visible
from ..jobs.families import TRAINED_FAMILIES, FamiliesCorpus, FamiliesOutcome, TrainedFamilies, simple_tokenizers
from ..models.families import FamiliesTableModel, FamilyTableRow
from ..settings import Settings
from ..widgets.corpus_panel import check_corpus_file
from ..widgets.message_bar import MessageBar
from ..widgets.text_input import TextInput
from ..widgets.token_chips import ChipView
from .tokenize_view import index_from_utf16, utf16_offset

__all__ = ["FamiliesView", "DEFAULT_VOCAB", "HERE", "sample_paths"]

DEFAULT_VOCAB = 1000
HERE = "here"  # the byte-level row's source: trained here on the corpus
_LOST_WORDS = QColor("#ffcdd2")
_LOST_OTHER = QColor("#ffe0b2")
# Progress: each trained family's share of the bar, and counting's share within it.
_SHARES = {"words": (0, 150), "char-bpe": (150, 600), "byte-bpe": (600, 1000)}


class FamiliesView(QWidget):
    """Five tokenizer families on one text (see the module docstring).

    Signals:
        displayed(int): the rows and the table now show the result of this request generation.
        trained(object): a training run finished (its :class:`~app.jobs.families.TrainedFamilies`).
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
        self._training_label = ""
        self._status: dict[str, str] = {}
        self._displayed_generation = -1
        self._samples = {s.key: s for s in load_samples()}
        self._started = False
        self._build()
        self.controller.state_changed.connect(self._on_controller_state_changed)
        self.controller.progress.connect(self._on_controller_progress)
        self.controller.family_failed.connect(self._on_controller_family_failed)
        self.controller.trained.connect(self._on_controller_trained)
        self.controller.training_failed.connect(self._on_controller_training_failed)
        self.controller.finished.connect(self._on_controller_finished)
        self.controller.failed.connect(self.messages.error)
        registry.changed.connect(self._refresh_byte_sources)
        registry.ready.connect(self._on_registry_ready)
        registry.failed.connect(self._on_registry_failed)
        self.editor.setPlainText(DEFAULT_TEXT)

    # -- names ------------------------------------------------------------------------------

    def family_name(self, family: str) -> str:
        names = {
            "characters": self.tr("Characters"),
            "bytes": self.tr("UTF-8 bytes"),
            "words": self.tr("Words + <UNK>"),
            "char-bpe": self.tr("Char-level BPE"),
            "byte-bpe": self.tr("Byte-level BPE"),
        }
        return names[family]

    def family_note(self, family: str) -> str:
        notes = {
            "characters": self.tr(
                "One token per Unicode code point; its id is the code point. The vocabulary is every code "
                "point (1,114,112 ids, about 150,000 of them assigned characters), so nothing is ever "
                "unknown and decoding always gives the text back."
            ),
            "bytes": self.tr(
                "One token per UTF-8 byte (256 tokens). Nothing is unknown, but a character outside "
                "ASCII takes 2 to 4 tokens that are not characters on their own."
            ),
            "words": self.tr(
                "The GPT-2 pre-tokenizer's pieces (a word keeps the space before it; a run of Chinese "
                "characters up to punctuation is one piece). The vocabulary is every piece of the "
                "training corpus plus <UNK>: an unseen piece becomes <UNK> and decoding loses it."
            ),
            "char-bpe": self.tr(
                "BPE over characters, SentencePiece style (Llama 2, Mistral 7B), trained here: ▁ for "
                "spaces, a ▁ before the text (the dummy prefix), and a character outside its alphabet "
                "as its UTF-8 bytes, <0xNN> tokens (byte fallback)."
            ),
            "byte-bpe": self.tr(
                "BPE over UTF-8 bytes (GPT-2 pre-tokenizer), as this app trains it: every text is "
                "covered by the 256 byte tokens, and merges make the common pieces single tokens."
            ),
        }
        return notes[family]

    # -- building ---------------------------------------------------------------------------

    def _build(self) -> None:
        self.text_combo = QComboBox(self)
        self.text_combo.addItem(self.tr("Choose a text…"), "")
        for title, text, note in FAMILY_TEXTS:
            self.text_combo.addItem(self.tr(title), text)
            self.text_combo.setItemData(self.text_combo.count() - 1, self.tr(note), Qt.ItemDataRole.ToolTipRole)
        self.text_combo.activated.connect(self._on_text_combo_activated)
        self.whitespace_box = QCheckBox(self.tr("Show whitespace"), self)
        self.whitespace_box.setChecked(self.settings.show_whitespace if self.settings else True)
        self.whitespace_box.toggled.connect(self._request)
        top = QHBoxLayout()
        top.addWidget(QLabel(self.tr("Text:"), self))
        top.addWidget(self.text_combo)
        top.addWidget(self.whitespace_box)
        top.addStretch(1)

        self.corpus_combo = QComboBox(self)
        self.corpus_combo.setToolTip(self.tr("What the words, char-level BPE and byte-level BPE families learn from"))
        self.corpus_combo.addItem(self.tr("Built-in samples (English, Chinese, code)"), "samples")
        for sample in self._samples.values():
            self.corpus_combo.addItem(sample.title, f"sample:{sample.key}")
            self.corpus_combo.setItemData(
                self.corpus_combo.count() - 1, sample.description, Qt.ItemDataRole.ToolTipRole
            )
        # (long sample titles must not widen the row past a 1024-pixel screen; the popup shows them whole)
        self.corpus_combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.corpus_combo.setMinimumContentsLength(16)
        self.corpus_combo.currentIndexChanged.connect(self._on_settings_changed)
        self.file_button = QPushButton(self.tr("Choose file…"), self)
        self.file_button.setToolTip(self.tr("Train the families on a UTF-8 text file of your own"))
        self.file_button.clicked.connect(self._on_file_button_clicked)
        self.vocab_spin = QSpinBox(self)
        self.vocab_spin.setRange(260, 1_000_000)
        self.vocab_spin.setSingleStep(100)
        self.vocab_spin.setValue(DEFAULT_VOCAB)
        self.vocab_spin.setToolTip(
            self.tr(
                "Vocabulary size of both BPE families. Char-level BPE needs at least 259 + the corpus's "
                "distinct characters; the word family keeps every word of the corpus."
            )
        )
        self.vocab_spin.valueChanged.connect(self._on_settings_changed)
        self.byte_combo = QComboBox(self)
        self.byte_combo.setToolTip(
            self.tr("The byte-level row: trained here on the corpus, or a tokenizer of this session")
        )
        self.byte_combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.byte_combo.setMinimumContentsLength(14)
        self._refresh_byte_sources()
        self.byte_combo.currentIndexChanged.connect(self._on_byte_combo_changed)
        self.train_button = QPushButton(self.tr("Train"), self)
        self.train_button.setToolTip(self.tr("Train the words and both BPE families on the corpus (Ctrl+Return)"))
        self.train_button.setShortcut(QKeySequence("Ctrl+Return"))
        self.train_button.clicked.connect(self.train)
        self.cancel_button = QPushButton(self.tr("Cancel"), self)
        self.cancel_button.setToolTip(self.tr("Stop training (Esc)"))
        self.cancel_button.setShortcut(QKeySequence("Escape"))
        self.cancel_button.clicked.connect(self.controller.cancel)
        self.progress = QProgressBar(self)
        self.progress.setRange(0, 1000)
        self.progress.setTextVisible(False)
        self.progress.setMaximumHeight(10)
        self.train_status = QLabel(self)
        self.train_status.setWordWrap(True)
        self.train_status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        train_row = QHBoxLayout()
        self._corpus_label = QLabel(self.tr("Corpus:"), self)
        train_row.addWidget(self._corpus_label)
        train_row.addWidget(self.corpus_combo, 1)
        train_row.addWidget(self.file_button)
        train_row.addWidget(QLabel(self.tr("Vocabulary:"), self))
        train_row.addWidget(self.vocab_spin)
        train_row.addWidget(QLabel(self.tr("Byte-level:"), self))
        train_row.addWidget(self.byte_combo)
        train_row.addWidget(self.train_button)
        train_row.addWidget(self.cancel_button)

        self.editor = TextInput(self)
        self.editor.setPlaceholderText(self.tr("Type or paste a text: every family tokenizes it as you type…"))
        self.editor.setMaximumHeight(self.editor.fontMetrics().lineSpacing() * 3 + 14)
        self.editor.textChanged.connect(self._request)
        self.lost_label = QLabel(self)
        self.lost_label.setWordWrap(True)
        self.lost_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.messages = MessageBar(self)

        rows = QWidget(self)
        grid = QGridLayout(rows)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setVerticalSpacing(4)
        self.row_labels: dict[str, QLabel] = {}
        self.chip_views: dict[str, ChipView] = {}
        for i, family in enumerate(FAMILIES):
            label = QLabel(rows)
            label.setToolTip(self.family_note(family))
            label.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
            label.setMinimumWidth(130)
            label.setWordWrap(True)
            view = ChipView(rows)
            view.setFrameShape(QFrame.Shape.StyledPanel)
            view.setMinimumHeight(38)
            view.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
            view.tooltip_provider = lambda k, family=family: self.chip_tooltip(family, k)
            grid.addWidget(label, i, 0)
            grid.addWidget(view, i, 1)
            grid.setRowStretch(i, 1)
            self.row_labels[family] = label
            self.chip_views[family] = view
        grid.setColumnStretch(1, 1)

        self.table = FamiliesTableModel(self)
        self.table_view = QTableView(self)
        self.table_view.setModel(self.table)
        self.table_view.verticalHeader().setVisible(False)
        header = self.table_view.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)
        self.table_view.setSelectionMode(QTableView.SelectionMode.NoSelection)
        self.table_view.setWordWrap(False)
        rows_header = self.table_view.verticalHeader()
        rows_header.setDefaultSectionSize(self.table_view.fontMetrics().height() + 8)
        # Every family's row stays in sight: the chips give way first.
        self.table_view.setMinimumHeight(
            rows_header.defaultSectionSize() * len(FAMILIES)
            + self.table_view.horizontalHeader().sizeHint().height()
            + 2 * self.table_view.frameWidth()
            + 2
        )

        self.splitter = QSplitter(Qt.Orientation.Vertical, self)
        self.splitter.setChildrenCollapsible(False)
        self.splitter.addWidget(rows)
        self.splitter.addWidget(self.table_view)
        self.splitter.setStretchFactor(0, 3)
        self.splitter.setStretchFactor(1, 0)
        self.splitter.setSizes([10 * self.table_view.minimumHeight(), self.table_view.minimumHeight()])

        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.editor)
        layout.addWidget(self.lost_label)
        layout.addWidget(self.messages)
        layout.addWidget(self.splitter, 1)
        layout.addLayout(train_row)
        layout.addWidget(self.progress)
        layout.addWidget(self.train_status)
        self._update_buttons()
        self._show_rows_status()

    # -- corpus and training ----------------------------------------------------------------

    def corpus(self) -> FamiliesCorpus:
        """The corpus chosen now."""
        key = self.corpus_combo.currentData() or "samples"
        if key == "samples":
            paths = tuple(str(self._samples[k].path) for k in DEFAULT_CORPUS_KEYS if k in self._samples)
            return FamiliesCorpus(self.corpus_combo.currentText(), paths)
        if key.startswith("sample:"):
            sample = self._samples[key.removeprefix("sample:")]
            return FamiliesCorpus(sample.title, (str(sample.path),))
        path = key.removeprefix("file:")
        return FamiliesCorpus(os.path.basename(path), (path,))

    def set_corpus_file(self, path: str) -> bool:
        """Train on ``path`` from now on (added to the corpus list); False, with a message, if
        it cannot be a corpus."""
        problem = check_corpus_file(path)
        if problem is not None:
            self.messages.error(html.escape(problem))
            return False
        key = f"file:{path}"
        index = self.corpus_combo.findData(key)
        if index < 0:
            try:
                size = format_bytes(os.path.getsize(path))
            except OSError:
                size = "?"
            self.corpus_combo.addItem(self.tr("{0} ({1})").format(os.path.basename(path), size), key)
            self.corpus_combo.setItemData(self.corpus_combo.count() - 1, path, Qt.ItemDataRole.ToolTipRole)
            index = self.corpus_combo.count() - 1
        self.corpus_combo.setCurrentIndex(index)
        return True

    def set_vocab_size(self, value: int) -> None:
        self.vocab_spin.setValue(value)

    @Slot()
    def _on_file_button_clicked(self) -> None:
        start = self.settings.last_folder if self.settings else ""
        path, _ = QFileDialog.getOpenFileName(
            self,
            self.tr("Choose a UTF-8 text file to train on"),
            start,
            self.tr("Text files (*.txt *.md *.py *.json *.csv);;All files (*)"),
        )
        if path:
            if self.settings is not None:
                self.settings.last_folder = os.path.dirname(path)
            self.set_corpus_file(path)

    def byte_source(self) -> str:
        """``HERE`` (trained here) or the registry key of the byte-level row's tokenizer."""
        return str(self.byte_combo.currentData() or HERE)

    def set_byte_source(self, key: str) -> None:
        index = self.byte_combo.findData(key)
        if index >= 0:
            self.byte_combo.setCurrentIndex(index)

    @Slot()
    def _refresh_byte_sources(self) -> None:
        current = self.byte_source() if self.byte_combo.count() else HERE
        self.byte_combo.blockSignals(True)
        try:
            self.byte_combo.clear()
            self.byte_combo.addItem(self.tr("trained here"), HERE)
            for key in self.registry.keys():
                entry = self.registry.entry(key)
                self.byte_combo.addItem(entry.label, key)
                self.byte_combo.setItemData(self.byte_combo.count() - 1, entry.tooltip(), Qt.ItemDataRole.ToolTipRole)
            index = self.byte_combo.findData(current)
            self.byte_combo.setCurrentIndex(max(index, 0))
        finally:
            self.byte_combo.blockSignals(False)
        if self.byte_source() != current:
            self._on_byte_combo_changed()

    @Slot()
    def _on_byte_combo_changed(self) -> None:
        key = self.byte_source()
        if key != HERE and self.registry.get(key) is None:
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
            self.messages.error(html.escape(message))
            self._show_rows_status()

    @Slot()
    def _on_settings_changed(self) -> None:
        if self.models is not None and not self.controller.is_training():
            if (self.corpus(), self.vocab_spin.value()) != (self.models.corpus, self.models.vocab_size):
                self.train_status.setText(
                    self.tr("The corpus or vocabulary size changed: press Train (Ctrl+Return) to train again.")
                )

    @Slot()
    def train(self) -> bool:
        """Train the words and BPE families on the chosen corpus; False if a run is going on."""
        corpus = self.corpus()
        self.messages.clear()
        started = self.controller.train(corpus, self.vocab_spin.value(), train_byte_bpe=self.byte_source() == HERE)
        if started:
            self._training_label = corpus.label
            self.progress.setValue(0)
            self.train_status.setText(self.tr("Training on {0}…").format(html.escape(corpus.label)))
        return started

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 (Qt naming)
        super().showEvent(event)
        if not self._started:
            self._started = True  # the built-in samples train in well under a second
            if self.models is None and not self.controller.is_training():
                self.train()

    @Slot(str)
    def _on_controller_state_changed(self, state: str) -> None:
        self._update_buttons()
        if state == "cancelled":
            self.progress.setValue(0)
            self.train_status.setText(
                self.tr("Training cancelled; the rows keep the families trained before (if any).")
            )
        self._show_rows_status()

    def _update_buttons(self) -> None:
        training = self.controller.is_training()
        self.train_button.setEnabled(not training)
        self.cancel_button.setEnabled(self.controller.state == "training")
        for w in (self.corpus_combo, self.file_button, self.vocab_spin):
            w.setEnabled(not training)

    @Slot(str, str, int, int)
    def _on_controller_progress(self, family: str, phase: str, done: int, total: int) -> None:
        low, high = _SHARES.get(family, (0, 1000))
        split = low + (high - low) * 3 // 10
        frac = done / total if total else 0.0
        value = low + (split - low) * frac if phase == "counting" else split + (high - split) * frac
        self.progress.setValue(int(value))
        name = self.family_name(family)
        if phase == "counting":
            text = self.tr("{0}: reading the corpus, {1} of {2}").format(name, format_bytes(done), format_bytes(total))
        else:
            text = self.tr("{0}: merge {1} of {2}").format(name, format_count(done), format_count(total))
        self.train_status.setText(text)

    @Slot(str, str)
    def _on_controller_family_failed(self, family: str, message: str) -> None:
        self.messages.warning(
            self.tr("{0} could not be trained: {1}").format(self.family_name(family), html.escape(message))
        )

    @Slot(object)
    def _on_controller_trained(self, result: object) -> None:
        assert isinstance(result, TrainedFamilies)
        previous = self.models
        if previous is not None and "byte-bpe" not in result.tokenizers and "byte-bpe" in previous.tokenizers:
            if previous.corpus == result.corpus and previous.vocab_size == result.vocab_size:
                result.tokenizers["byte-bpe"] = previous.tokenizers["byte-bpe"]  # still this corpus's
        self.models = result
        self.progress.setValue(0)  # the status line says it is done
        words = result.tokenizers.get("words")
        parts = [
            self.tr("Trained on {0} with vocabulary size {1} in {2:.2f} s.").format(
                html.escape(result.corpus.label), format_count(result.vocab_size), result.seconds
            )
        ]
        if isinstance(words, WordTokenizer):
            parts.append(self.tr("{0} distinct words.").format(format_count(len(words.words))))
        if "char-bpe" in result.errors and result.minimum is not None:
            minimum = result.minimum
            parts.append(
                self.tr("Char-level BPE needs a vocabulary of at least {0} here.").format(format_count(minimum))
            )
            self.messages.warning(
                self.tr(
                    "Char-level BPE needs a vocabulary of at least {0} for this corpus (3 special tokens, 256 "
                    "byte tokens and its {1} distinct characters); the other families are trained."
                ).format(format_count(minimum), format_count(minimum - 259)),
                [(self.tr("Use {0} and train").format(format_count(minimum)), lambda: self._train_with(minimum))],
            )
        self.train_status.setText(" ".join(parts))
        self._show_rows_status()
        self._request()
        self.trained.emit(result)

    def _train_with(self, vocab_size: int) -> None:
        self.vocab_spin.setValue(vocab_size)
        self.train()

    @Slot(str)
    def _on_controller_training_failed(self, message: str) -> None:
        self.progress.setValue(0)
        self.train_status.setText(self.tr("Training failed."))
        self.messages.error(self.tr("Cannot train on this corpus: {0}").format(html.escape(message)))
        self._show_rows_status()

    # -- tokenizing ---------------------------------------------------------------------------

    def text(self) -> str:
        return self.editor.document().toRawText().replace("\u2029", "\n")

    def set_text(self, text: str) -> None:
        self.editor.setPlainText(text)

    @Slot(int)
    def _on_text_combo_activated(self, index: int) -> None:
        text = self.text_combo.itemData(index)
        if text:
            self.set_text(text)

    def tokenizers(self) -> dict[str, FamilyTokenizer]:
        """The tokenizer of every family that has one now."""
        out: dict[str, FamilyTokenizer] = dict(simple_tokenizers())
        trained = self.models.tokenizers if self.models is not None else {}
        for family in ("words", "char-bpe"):
            if family in trained:
                out[family] = trained[family]
        source = self.byte_source()
        byte_tok = trained.get("byte-bpe") if source == HERE else self.registry.get(source)
        if byte_tok is not None:
            out["byte-bpe"] = byte_tok
        return out

    @Slot()
    def _request(self) -> None:
        self.controller.request(self.text(), self.tokenizers(), self.whitespace_box.isChecked())

    def is_settled(self) -> bool:
        """True when the rows show the current text with every tokenizer available now."""
        return self._displayed_generation == self.controller.generation and not self.controller.is_training()

    @Slot(object)
    def _on_controller_finished(self, outcome: object) -> None:
        assert isinstance(outcome, FamiliesOutcome)
        self.outcome = outcome
        for row in outcome.rows:
            view = self.chip_views[row.family]
            if row.result is not None and row.chips is not None:
                view.set_chips(row.chips, marks=unknown_marks(row.result), generation=outcome.generation)
            else:
                view.clear()
        self._show_rows_status()
        self._show_lost(outcome)
        self._displayed_generation = outcome.generation
        self.displayed.emit(outcome.generation)

    def result(self, family: str) -> FamilyResult | None:
        """The result shown in ``family``'s row (None while it has none)."""
        if self.outcome is None:
            return None
        row = self.outcome.row(family)
        return row.result if row is not None else None

    def _family_status(self, family: str) -> str:
        if family not in TRAINED_FAMILIES:
            return ""
        training = self.controller.is_training()
        if family == "byte-bpe" and self.byte_source() != HERE:
            entry = self.registry.entry(self.byte_source())
            if entry.tokenizer is None:
                return self.tr("unavailable") if entry.status == "error" else self.tr("loading…")
            return ""
        if self.models is not None and family in self.models.tokenizers:
            return ""
        if training:
            return self.tr("training…")
        if self.models is not None and family in self.models.errors:
            return self.tr("not trained: vocabulary too small")
        return self.tr("not trained yet: press Train")

    def _show_rows_status(self) -> None:
        rows = []
        for family in FAMILIES:
            result = self.result(family)
            status = self._family_status(family)
            if status:
                result = None
            name = self.family_name(family)
            label = self.row_labels[family]
            if result is not None:
                label.setText(
                    self.tr("<b>{0}</b><br>{1} tokens").format(html.escape(name), format_count(result.count))
                    + self._source_note(family)
                )
                self.chip_views[family].set_placeholder("")
            else:
                label.setText(f"<b>{html.escape(name)}</b><br>{html.escape(status)}")
                self.chip_views[family].set_placeholder(status)
                if status:
                    self.chip_views[family].clear()
            tooltip = self.family_note(family)
            if family == "byte-bpe" and self.byte_source() != HERE:
                tooltip += "\n" + self.tr("Shown: {0}").format(self.registry.entry(self.byte_source()).label)
            rows.append(FamilyTableRow(family, name, tooltip, result, status))
        self.table.set_rows(rows)

    def _source_note(self, family: str) -> str:
        """For the byte-level row showing a tokenizer of the session: which one (a short name)."""
        if family != "byte-bpe" or self.byte_source() == HERE:
            return ""
        key = self.byte_source()
        entry = self.registry.entry(key)
        name = key if entry.kind == "openai" else entry.label
        if len(name) > 20:
            name = name[:19] + "…"
        return f"<br><i>{html.escape(name)}</i>"

    def _show_lost(self, outcome: FamiliesOutcome) -> None:
        text = outcome.text
        selections = []
        parts = []
        for row in outcome.rows:
            res = row.result
            if res is None or res.round_trip:
                continue
            color = _LOST_WORDS if row.family == "words" else _LOST_OTHER
            for s, e in res.lost:
                sel = QTextEdit.ExtraSelection()
                fmt = QTextCharFormat()
                fmt.setBackground(color)
                sel.format = fmt
                cursor = QTextCursor(self.editor.document())
                cursor.setPosition(utf16_offset(text, s))
                cursor.setPosition(utf16_offset(text, max(e, s)), QTextCursor.MoveMode.KeepAnchor)
                sel.cursor = cursor
                selections.append(sel)
            shown = ", ".join(f"‘{html.escape(visible(text[s:e]))}’" for s, e in res.lost[:6])
            more = self.tr(" and {0} more").format(len(res.lost) - 6) if len(res.lost) > 6 else ""
            parts.append(
                self.tr("<b>{0}</b> loses {1}{2}").format(html.escape(self.family_name(row.family)), shown, more)
            )
        if text == self.text():
            self.editor.setExtraSelections(selections)
        if parts:
            self.lost_label.setText(
                self.tr("Decoding does not give the text back (highlighted above): {0}.").format("; ".join(parts))
            )
        else:
            self.lost_label.setText(self.tr("Every family's decode gives this text back exactly."))

    def lost_highlights(self) -> list[tuple[int, int]]:
        """The highlighted stretches of the editor, in characters of the text (for tests)."""
        text = self.text()
        out = []
        for sel in self.editor.extraSelections():
            c = sel.cursor
            out.append((index_from_utf16(text, c.selectionStart()), index_from_utf16(text, c.selectionEnd())))
        return out

    def chip_tooltip(self, family: str, index: int) -> str:
        res = self.result(family)
        if res is None or not 0 <= index < res.count:
            return ""
        t = res.tokens[index]
        head = self.tr("Token {0} of {1}: id {2}").format(index + 1, res.count, t.id)
        if t.unknown:
            words = self.models.tokenizers.get("words") if self.models is not None else None
            size = len(words.words) if isinstance(words, WordTokenizer) else 0
            return "\n".join(
                [
                    head,
                    self.tr("‘{0}’ is not one of the corpus's {1} words: it becomes <UNK>,").format(
                        visible(res.text[t.start : t.end]), format_count(size)
                    ),
                    self.tr("and decoding writes <UNK> here: the word is lost."),
                ]
            )
        lines = [head, self.tr("{0} byte(s): {1}").format(len(t.data), hex_bytes(t.data))]
        if t.complete:
            lines.append(self.tr("Text: ‘{0}’").format(visible(t.data.decode("utf-8"))))
        else:
            ch = res.text[t.start]
            lines.append(
                self.tr("Part of ‘{0}’ (U+{1:04X}, {2} bytes): not a character on its own").format(
                    visible(ch), ord(ch), len(ch.encode("utf-8"))
                )
            )
        tok = self.tokenizers().get(family)
        if isinstance(tok, SentencePieceTokenizer):
            lines.append(self.tr("Piece: {0}").format(tok.pieces_text[t.id]))
        elif isinstance(tok, Tokenizer):
            merge = tok.merge_of(t.id)
            if merge is not None:
                lines.append(self.tr("Made by merge rank {0}").format(format_count(merge[2])))
        return "\n".join(lines)

    def set_presentation(self, on: bool) -> None:
        """Presentation mode: the large font must still fit a 1024-pixel screen, so the corpus
        label folds away (the combo says what it holds) and both combos give up some width."""
        self._corpus_label.setVisible(not on)
        self.corpus_combo.setMinimumContentsLength(10 if on else 16)
        self.byte_combo.setMinimumContentsLength(10 if on else 14)

    def shutdown(self, training_wait_ms: int = 0) -> None:
        """Cancel training and live tokenizing (window closing; see the controller's shutdown)."""
        self.controller.shutdown(training_wait_ms)


def sample_paths() -> list[Path]:
    """The files of the default training corpus (for tests and benchmarks)."""
    samples = {s.key: s for s in load_samples()}
    return [samples[k].path for k in DEFAULT_CORPUS_KEYS if k in samples]
