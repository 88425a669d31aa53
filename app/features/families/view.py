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
"""

from __future__ import annotations

import html
import os
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtGui import QColor, QKeySequence, QShowEvent, QTextCharFormat, QTextCursor
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
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

from app.content.samples import load_samples
from app.core.i18n import bind, connect, current_language, noop, tr
from app.core.registry import TokenizerRegistry
from app.core.settings import Settings
from app.display.format import format_bytes, format_count, hex_bytes, visible
from app.display.offsets import index_from_utf16, utf16_offset
from app.features.families.content import DEFAULT_CORPUS_KEYS, DEFAULT_TEXT, FAMILY_TEXTS
from app.features.families.controller import FamiliesController
from app.features.families.display import unknown_marks
from app.features.families.job import (
    TRAINED_FAMILIES,
    FamiliesCorpus,
    FamiliesOutcome,
    TrainedFamilies,
    simple_tokenizers,
)
from app.features.families.model import FamiliesTableModel, FamilyTableRow
from app.widgets.corpus_panel import check_corpus_file
from app.widgets.open_files import choose_text_file
from app.widgets.text_input import TextInput
from app.widgets.token_chips import ChipView
from app.widgets.view import View
from bpe_engine import FAMILIES, FamilyResult, FamilyTokenizer, SentencePieceTokenizer, Tokenizer, WordTokenizer

__all__ = ["FamiliesView", "DEFAULT_VOCAB", "HERE", "sample_paths"]

DEFAULT_VOCAB = 1000
HERE = "here"  # the byte-level row's source: trained here on the corpus
_LOST_WORDS = QColor("#ffcdd2")
_LOST_OTHER = QColor("#ffe0b2")
# Progress: each trained family's share of the bar, and counting's share within it.
_SHARES = {"words": (0, 150), "char-bpe": (150, 600), "byte-bpe": (600, 1000)}
#: Each family's name and what it does (translated where shown).
_NAMES = {
    "characters": noop("Characters"),
    "bytes": noop("UTF-8 bytes"),
    "words": noop("Words + <UNK>"),
    "char-bpe": noop("Char-level BPE"),
    "byte-bpe": noop("Byte-level BPE"),
}
_NOTES = {
    "characters": noop(
        "One token per Unicode code point; its id is the code point. The vocabulary is every code "
        "point (1,114,112 ids, about 150,000 of them assigned characters), so nothing is ever "
        "unknown and decoding always gives the text back."
    ),
    "bytes": noop(
        "One token per UTF-8 byte (256 tokens). Nothing is unknown, but a character outside "
        "ASCII takes 2 to 4 tokens that are not characters on their own."
    ),
    "words": noop(
        "The GPT-2 pre-tokenizer's pieces (a word keeps the space before it; a run of Chinese "
        "characters up to punctuation is one piece). The vocabulary is every piece of the "
        "training corpus plus <UNK>: an unseen piece becomes <UNK> and decoding loses it."
    ),
    "char-bpe": noop(
        "BPE over characters, SentencePiece style (Llama 2, Mistral 7B), trained here: ▁ for "
        "spaces, a ▁ before the text (the dummy prefix), and a character outside its alphabet "
        "as its UTF-8 bytes, <0xNN> tokens (byte fallback)."
    ),
    "byte-bpe": noop(
        "BPE over UTF-8 bytes (GPT-2 pre-tokenizer), as this app trains it: every text is "
        "covered by the 256 byte tokens, and merges make the common pieces single tokens."
    ),
}


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
        self._training_label = ""
        self._status: dict[str, str] = {}
        self._displayed_generation = -1
        self._samples = {s.key: s for s in load_samples()}
        self._started = False
        # What the status line and the message bar say, kept to say it again in another
        # language: see _say_training; a message is a callable that shows it.
        self._train_said: tuple[object, ...] = ()
        self._message: Callable[[], None] | None = None
        self._build()
        self.controller.state_changed.connect(self._on_controller_state_changed)
        self.controller.progress.connect(self._on_controller_progress)
        self.controller.family_failed.connect(self._on_controller_family_failed)
        self.controller.trained.connect(self._on_controller_trained)
        self.controller.training_failed.connect(self._on_controller_training_failed)
        self.controller.finished.connect(self._on_controller_finished)
        self.controller.failed.connect(self._on_controller_failed)
        registry.changed.connect(self._refresh_byte_sources)
        registry.ready.connect(self._on_registry_ready)
        registry.failed.connect(self._on_registry_failed)
        self.editor.setPlainText(DEFAULT_TEXT)
        connect(self._on_language_changed)

    # -- names ------------------------------------------------------------------------------

    def family_name(self, family: str) -> str:
        return tr(_NAMES[family])

    def family_note(self, family: str) -> str:
        return tr(_NOTES[family])

    # -- building ---------------------------------------------------------------------------

    def _build(self) -> None:
        self.text_combo = QComboBox(self)
        self.text_combo.addItem("", "")
        for _title, text, _note in FAMILY_TEXTS:
            self.text_combo.addItem("", text)
        self.text_combo.activated.connect(self._on_text_combo_activated)
        self.whitespace_box = QCheckBox(self)
        bind(self.whitespace_box, "setText", "Show whitespace")
        self.whitespace_box.setChecked(self.settings.show_whitespace if self.settings else True)
        self.whitespace_box.toggled.connect(self._request)
        top = QHBoxLayout()
        text_label = QLabel(self)
        bind(text_label, "setText", "Text:")
        top.addWidget(text_label)
        top.addWidget(self.text_combo)
        top.addWidget(self.whitespace_box)
        top.addStretch(1)

        self.corpus_combo = QComboBox(self)
        bind(self.corpus_combo, "setToolTip", "What the words, char-level BPE and byte-level BPE families learn from")
        self.corpus_combo.addItem("", "samples")  # i18n: none (item data)
        for sample in self._samples.values():
            self.corpus_combo.addItem("", f"sample:{sample.key}")  # i18n: none (item data)
        self._name_items()
        # (long sample titles must not widen the row past a 1024-pixel screen; the popup shows them whole)
        self.corpus_combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.corpus_combo.setMinimumContentsLength(16)
        self.corpus_combo.currentIndexChanged.connect(self._on_settings_changed)
        self.file_button = QPushButton(self)
        bind(self.file_button, "setText", "Choose file…")
        bind(self.file_button, "setToolTip", "Train the families on a UTF-8 text file of your own")
        self.file_button.clicked.connect(self._on_file_button_clicked)
        self.vocab_spin = QSpinBox(self)
        self.vocab_spin.setRange(260, 1_000_000)
        self.vocab_spin.setSingleStep(100)
        self.vocab_spin.setValue(DEFAULT_VOCAB)
        bind(
            self.vocab_spin,
            "setToolTip",
            "Vocabulary size of both BPE families. Char-level BPE needs at least 259 + the corpus's "
            "distinct characters; the word family keeps every word of the corpus.",
        )
        self.vocab_spin.valueChanged.connect(self._on_settings_changed)
        self.byte_combo = QComboBox(self)
        bind(
            self.byte_combo,
            "setToolTip",
            "The byte-level row: trained here on the corpus, or a tokenizer of this session",
        )
        self.byte_combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.byte_combo.setMinimumContentsLength(14)
        self._refresh_byte_sources()
        self.byte_combo.currentIndexChanged.connect(self._on_byte_combo_changed)
        self.train_button = QPushButton(self)
        bind(self.train_button, "setText", "Train")
        bind(self.train_button, "setToolTip", "Train the words and both BPE families on the corpus (Ctrl+Return)")
        self.train_button.setShortcut(QKeySequence("Ctrl+Return"))
        self.train_button.clicked.connect(self.train)
        self.cancel_button = QPushButton(self)
        bind(self.cancel_button, "setText", "Cancel")
        bind(self.cancel_button, "setToolTip", "Stop training (Esc)")
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
        self._corpus_label = QLabel(self)
        bind(self._corpus_label, "setText", "Corpus:")
        train_row.addWidget(self._corpus_label)
        train_row.addWidget(self.corpus_combo, 1)
        train_row.addWidget(self.file_button)
        vocab_label = QLabel(self)
        bind(vocab_label, "setText", "Vocabulary:")
        train_row.addWidget(vocab_label)
        train_row.addWidget(self.vocab_spin)
        byte_label = QLabel(self)
        bind(byte_label, "setText", "Byte-level:")
        train_row.addWidget(byte_label)
        train_row.addWidget(self.byte_combo)
        train_row.addWidget(self.train_button)
        train_row.addWidget(self.cancel_button)

        self.editor = TextInput(self)
        bind(self.editor, "setPlaceholderText", "Type or paste a text: every family tokenizes it as you type…")
        self.editor.setMaximumHeight(self.editor.fontMetrics().lineSpacing() * 3 + 14)
        self.editor.textChanged.connect(self._request)
        self.lost_label = QLabel(self)
        self.lost_label.setWordWrap(True)
        self.lost_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

        rows = QWidget(self)
        grid = QGridLayout(rows)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setVerticalSpacing(4)
        self.row_labels: dict[str, QLabel] = {}
        self.chip_views: dict[str, ChipView] = {}
        for i, family in enumerate(FAMILIES):
            label = QLabel(rows)
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
            return FamiliesCorpus(tr("Built-in samples (English, Chinese, code)"), paths)
        if key.startswith("sample:"):
            sample = self._samples[key.removeprefix("sample:")]
            return FamiliesCorpus(sample.title_in(current_language()), (str(sample.path),))
        path = key.removeprefix("file:")
        return FamiliesCorpus(os.path.basename(path), (path,))

    def set_corpus_file(self, path: str) -> bool:
        """Train on ``path`` from now on (added to the corpus list); False, with a message, if
        it cannot be a corpus."""
        problem = check_corpus_file(path)
        if problem is not None:
            self._show_message(lambda: self.messages.error(html.escape(check_corpus_file(path) or problem)))
            return False
        key = f"file:{path}"
        index = self.corpus_combo.findData(key)
        if index < 0:
            try:
                size = format_bytes(os.path.getsize(path))
            except OSError:
                size = "?"
            self.corpus_combo.addItem(f"{os.path.basename(path)} ({size})", key)
            self.corpus_combo.setItemData(self.corpus_combo.count() - 1, path, Qt.ItemDataRole.ToolTipRole)
            index = self.corpus_combo.count() - 1
        self.corpus_combo.setCurrentIndex(index)
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
            self.byte_combo.addItem(tr("trained here"), HERE)
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
                self._say_training(("changed",))

    def corpus_label(self, corpus: FamiliesCorpus) -> str:
        """How ``corpus`` is named in the current language (a chosen file: its name)."""
        default = tuple(str(self._samples[k].path) for k in DEFAULT_CORPUS_KEYS if k in self._samples)
        if corpus.text is None and corpus.paths == default:
            return tr("Built-in samples (English, Chinese, code)")
        for sample in self._samples.values():
            if corpus.text is None and corpus.paths == (str(sample.path),):
                return sample.title_in(current_language())
        return corpus.label

    def _say_training(self, said: tuple[object, ...] | None = None) -> None:
        """The status line under the training row (``said``: what to say from now on, one of
        ``("training", corpus)``, ``("progress", family, phase, done, total)``, ``("cancelled",)``,
        ``("trained", result)``, ``("failed",)``, ``("changed",)``; None: say it again)."""
        if said is not None:
            self._train_said = said
        if not self._train_said:
            self.train_status.setText("")
            return
        what, *args = self._train_said
        text = ""
        if what == "training":
            corpus = args[0]
            assert isinstance(corpus, FamiliesCorpus)
            text = tr("Training on {corpus}…").format(corpus=html.escape(self.corpus_label(corpus)))
        elif what == "progress":
            family, phase, done, total = (str(args[0]), str(args[1]), int(str(args[2])), int(str(args[3])))
            name = self.family_name(family)
            if phase == "counting":
                text = tr("{family}: reading the corpus, {done} of {total}").format(
                    family=name, done=format_bytes(done), total=format_bytes(total)
                )
            else:
                text = tr("{family}: merge {k} of {n}").format(family=name, k=format_count(done), n=format_count(total))
        elif what == "cancelled":
            text = tr("Training cancelled; the rows keep the families trained before (if any).")
        elif what == "trained":
            result = args[0]
            assert isinstance(result, TrainedFamilies)
            parts = [
                tr("Trained on {corpus} with vocabulary size {size} in {seconds} s.").format(
                    corpus=html.escape(self.corpus_label(result.corpus)),
                    size=format_count(result.vocab_size),
                    seconds=f"{result.seconds:.2f}",
                )
            ]
            words = result.tokenizers.get("words")
            if isinstance(words, WordTokenizer):
                parts.append(tr("{n} distinct words.").format(n=format_count(len(words.words))))
            if "char-bpe" in result.errors and result.minimum is not None:
                parts.append(
                    tr("Char-level BPE needs a vocabulary of at least {n} here.").format(n=format_count(result.minimum))
                )
            text = " ".join(parts)
        elif what == "failed":
            text = tr("Training failed.")
        elif what == "changed":
            text = tr("The corpus or vocabulary size changed: press Train (Ctrl+Return) to train again.")
        self.train_status.setText(text)

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
        self._name_items()
        self._refresh_byte_sources()
        self._say_training()
        if self._message is not None and self.messages.kind:
            self._message()
        self._show_rows_status()
        if self.outcome is not None:
            self._show_lost(self.outcome)

    def _name_items(self) -> None:
        """The text and corpus combos' items in the current language (their data stays)."""
        self.text_combo.setItemText(0, tr("Choose a text…"))
        for i, (title, _text, note) in enumerate(FAMILY_TEXTS, start=1):
            self.text_combo.setItemText(i, tr(title))
            self.text_combo.setItemData(i, tr(note), Qt.ItemDataRole.ToolTipRole)
        language = current_language()
        self.corpus_combo.setItemText(0, tr("Built-in samples (English, Chinese, code)"))
        for i in range(1, self.corpus_combo.count()):
            key = str(self.corpus_combo.itemData(i))
            sample = self._samples.get(key.removeprefix("sample:")) if key.startswith("sample:") else None
            if sample is not None:
                self.corpus_combo.setItemText(i, sample.title_in(language))
                self.corpus_combo.setItemData(i, sample.description_in(language), Qt.ItemDataRole.ToolTipRole)

    @Slot()
    def train(self) -> bool:
        """Train the words and BPE families on the chosen corpus; False if a run is going on."""
        corpus = self.corpus()
        self._show_message(None)
        started = self.controller.train(corpus, self.vocab_spin.value(), train_byte_bpe=self.byte_source() == HERE)
        if started:
            self._training_label = corpus.label
            self.progress.setValue(0)
            self._say_training(("training", corpus))
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
            self._say_training(("cancelled",))
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
        self._say_training(("progress", family, phase, done, total))

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
        previous = self.models
        if previous is not None and "byte-bpe" not in result.tokenizers and "byte-bpe" in previous.tokenizers:
            if previous.corpus == result.corpus and previous.vocab_size == result.vocab_size:
                result.tokenizers["byte-bpe"] = previous.tokenizers["byte-bpe"]  # still this corpus's
        self.models = result
        self.progress.setValue(0)  # the status line says it is done
        if "char-bpe" in result.errors and result.minimum is not None:
            minimum = result.minimum
            self._show_message(
                lambda: self.messages.warning(
                    tr(
                        "Char-level BPE needs a vocabulary of at least {n} for this corpus (3 special tokens, 256 "
                        "byte tokens and its {chars} distinct characters); the other families are trained."
                    ).format(n=format_count(minimum), chars=format_count(minimum - 259)),
                    [(tr("Use {n} and train").format(n=format_count(minimum)), lambda: self._train_with(minimum))],
                )
            )
        self._say_training(("trained", result))
        self._show_rows_status()
        self._request()
        self.trained.emit(result)

    def _train_with(self, vocab_size: int) -> None:
        self.vocab_spin.setValue(vocab_size)
        self.train()

    @Slot(str)
    def _on_controller_training_failed(self, message: str) -> None:
        self.progress.setValue(0)
        self._say_training(("failed",))
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
                return tr("unavailable") if entry.status == "error" else tr("loading…")
            return ""
        if self.models is not None and family in self.models.tokenizers:
            return ""
        if training:
            return tr("training…")
        if self.models is not None and family in self.models.errors:
            return tr("not trained: vocabulary too small")
        return tr("not trained yet: press Train")

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
                    (tr("<b>{name}</b><br>1 token") if result.count == 1 else tr("<b>{name}</b><br>{n} tokens")).format(
                        name=html.escape(name), n=format_count(result.count)
                    )
                    + self._source_note(family)
                )
                self.chip_views[family].set_placeholder("")
            else:
                label.setText(f"<b>{html.escape(name)}</b><br>{html.escape(status)}")  # i18n: none (markup)
                self.chip_views[family].set_placeholder(status)
                if status:
                    self.chip_views[family].clear()
            tooltip = self.family_note(family)
            label.setToolTip(tooltip)
            if family == "byte-bpe" and self.byte_source() != HERE:
                tooltip += "\n" + tr("Shown: {name}").format(name=self.registry.entry(self.byte_source()).label)
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
            more = tr(" and {n} more").format(n=len(res.lost) - 6) if len(res.lost) > 6 else ""
            parts.append(
                tr("<b>{family}</b> loses {texts}{more}").format(
                    family=html.escape(self.family_name(row.family)), texts=shown, more=more
                )
            )
        if text == self.text():
            self.editor.setExtraSelections(selections)
        if parts:
            self.lost_label.setText(
                tr("Decoding does not give the text back (highlighted above): {losses}.").format(
                    losses=tr("; ").join(parts)
                )
            )
        else:
            self.lost_label.setText(tr("Every family's decode gives this text back exactly."))

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
        head = tr("Token {k} of {n}: id {id}").format(k=index + 1, n=res.count, id=t.id)
        if t.unknown:
            words = self.models.tokenizers.get("words") if self.models is not None else None
            size = len(words.words) if isinstance(words, WordTokenizer) else 0
            return "\n".join(
                [
                    head,
                    tr("‘{word}’ is not one of the corpus's {n} words: it becomes <UNK>,").format(
                        word=visible(res.text[t.start : t.end]), n=format_count(size)
                    ),
                    tr("and decoding writes <UNK> here: the word is lost."),
                ]
            )
        lines = [head, tr("{n} byte(s): {hex}").format(n=len(t.data), hex=hex_bytes(t.data))]
        if t.complete:
            lines.append(tr("Text: ‘{text}’").format(text=visible(t.data.decode("utf-8"))))
        else:
            ch = res.text[t.start]
            lines.append(
                tr("Part of ‘{char}’ (U+{code}, {n} bytes): not a character on its own").format(
                    char=visible(ch), code=f"{ord(ch):04X}", n=len(ch.encode("utf-8"))
                )
            )
        tok = self.tokenizers().get(family)
        if isinstance(tok, SentencePieceTokenizer):
            lines.append(tr("Piece: {piece}").format(piece=tok.pieces_text[t.id]))
        elif isinstance(tok, Tokenizer):
            merge = tok.merge_of(t.id)
            if merge is not None:
                lines.append(tr("Made by merge rank {rank}").format(rank=format_count(merge[2])))
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
