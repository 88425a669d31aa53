"""The Families tab's training row: what the trained families learn from (the built-in
samples, one sample, or a chosen file), the vocabulary size, where the byte-level row's
tokenizer comes from (trained here, or a tokenizer of the session), Train and Cancel, and
under it the progress bar and status line. The panel holds these choices and says what they
are; checking a chosen file, training and messages are the view's.
"""

from __future__ import annotations

import os
from enum import StrEnum
from pathlib import Path

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtWidgets import QHBoxLayout, QLabel, QSpinBox, QVBoxLayout, QWidget

from app.content.samples import Sample, load_samples
from app.core.i18n import bind, current_language, tr
from app.core.registry import TokenizerRegistry
from app.display.format import format_bytes
from app.features.families.content import DEFAULT_CORPUS_KEYS
from app.features.families.family import progress_shares
from app.features.families.job import FamiliesCorpus
from app.widgets import build
from app.widgets.progress_bar import ProgressBar

__all__ = ["ByteSource", "CorpusKind", "TrainingPanel", "DEFAULT_VOCAB", "sample_paths"]

DEFAULT_VOCAB = 1000
#: Each trained family's share of the progress bar (of 1000).
_SHARES: dict[str, tuple[int, int]] = {str(f): share for f, share in progress_shares().items()}


class ByteSource(StrEnum):
    """Where the byte-level row's tokenizer comes from, when not a registry key of the session."""

    HERE = "here"  # trained here on the corpus


class CorpusKind(StrEnum):
    """The corpus menu's item data: the built-in samples, or a prefix before a sample's key
    or a chosen file's path."""

    SAMPLES = "samples"
    SAMPLE = "sample:"
    FILE = "file:"


def sample_paths() -> list[Path]:
    """The files of the default training corpus (for tests and benchmarks)."""
    samples = {s.key: s for s in load_samples()}
    return [samples[k].path for k in DEFAULT_CORPUS_KEYS if k in samples]


class TrainingPanel(QWidget):
    """The training row, progress bar and status line (see the module docstring).

    Signals:
        settings_changed(): the corpus or the vocabulary size changed.
        byte_source_changed(): the byte-level row's tokenizer changed (see :meth:`byte_source`).
    """

    settings_changed = Signal()
    byte_source_changed = Signal()

    def __init__(self, registry: TokenizerRegistry, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.registry = registry
        self._samples: dict[str, Sample] = {s.key: s for s in load_samples()}
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(self._build_row())
        self.progress = ProgressBar(self)
        self.progress.setRange(0, 1000)
        self.progress.setTextVisible(False)
        self.progress.setMaximumHeight(10)
        layout.addWidget(self.progress)
        self.train_status = QLabel(self)
        self.train_status.setWordWrap(True)
        self.train_status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout.addWidget(self.train_status)

    def _build_row(self) -> QHBoxLayout:
        self._build_corpus()
        self._build_vocab()
        self._build_byte_source()
        self.train_button = build.button(
            self,
            "Train",
            tooltip="Train the words, both BPE families and WordPiece on the corpus (Ctrl+Return)",
            shortcut="Ctrl+Return",
        )
        self.cancel_button = build.button(self, "Cancel", tooltip="Stop training (Esc)", shortcut="Escape")
        row = QHBoxLayout()
        self._corpus_label = build.labelled(row, self, "Corpus:", self.corpus_combo)
        row.setStretchFactor(self.corpus_combo, 1)
        row.addWidget(self.file_button)
        build.labelled(row, self, "Vocabulary:", self.vocab_spin)
        build.labelled(row, self, "Byte-level:", self.byte_combo)
        row.addWidget(self.train_button)
        row.addWidget(self.cancel_button)
        return row

    def _build_corpus(self) -> None:
        items = [("", str(CorpusKind.SAMPLES))] + [("", f"{CorpusKind.SAMPLE}{key}") for key in self._samples]
        self.corpus_combo = build.combo(
            self,
            items,
            tooltip="What the words, char-level BPE and byte-level BPE families learn from",
            translate=False,
        )
        self.name_items()
        # (long sample titles must not widen the row past a 1024-pixel screen; the popup shows them whole)
        build.shrinkable(self.corpus_combo, characters=16)
        self.corpus_combo.currentIndexChanged.connect(self.settings_changed)
        self.file_button = build.button(
            self, "Choose file…", tooltip="Train the families on a UTF-8 text file of your own"
        )

    def _build_vocab(self) -> None:
        self.vocab_spin = QSpinBox(self)
        self.vocab_spin.setRange(260, 1_000_000)
        self.vocab_spin.setSingleStep(100)
        self.vocab_spin.setValue(DEFAULT_VOCAB)
        bind(
            self.vocab_spin,
            "setToolTip",
            "Vocabulary size of both BPE families and WordPiece. Char-level BPE needs at least 259 + the corpus's "
            "distinct characters; the word family keeps every word of the corpus.",
        )
        self.vocab_spin.valueChanged.connect(self.settings_changed)

    def _build_byte_source(self) -> None:
        self.byte_combo = build.combo(
            self, tooltip="The byte-level row: trained here on the corpus, or a tokenizer of this session"
        )
        build.shrinkable(self.byte_combo, characters=14)
        self.refresh_byte_sources()
        self.byte_combo.currentIndexChanged.connect(self.byte_source_changed)

    # -- the corpus -------------------------------------------------------------------------

    def _default_paths(self) -> tuple[str, ...]:
        return tuple(str(self._samples[k].path) for k in DEFAULT_CORPUS_KEYS if k in self._samples)

    def corpus(self) -> FamiliesCorpus:
        """The corpus chosen now."""
        key = str(self.corpus_combo.currentData() or CorpusKind.SAMPLES)
        if key == CorpusKind.SAMPLES:
            return FamiliesCorpus(tr("Built-in samples (English, Chinese, code)"), self._default_paths())
        if key.startswith(CorpusKind.SAMPLE):
            sample = self._samples[key.removeprefix(CorpusKind.SAMPLE)]
            return FamiliesCorpus(sample.title_in(current_language()), (str(sample.path),))
        path = key.removeprefix(CorpusKind.FILE)
        return FamiliesCorpus(os.path.basename(path), (path,))

    def corpus_label(self, corpus: FamiliesCorpus) -> str:
        """How ``corpus`` is named in the current language (a chosen file: its name)."""
        if corpus.text is None and corpus.paths == self._default_paths():
            return tr("Built-in samples (English, Chinese, code)")
        for sample in self._samples.values():
            if corpus.text is None and corpus.paths == (str(sample.path),):
                return sample.title_in(current_language())
        return corpus.label

    def choose_file(self, path: str) -> None:
        """Train on ``path`` (already checked) from now on: added to the corpus menu if new."""
        key = f"{CorpusKind.FILE}{path}"
        index = self.corpus_combo.findData(key)
        if index < 0:
            try:
                size = format_bytes(os.path.getsize(path))
            except OSError:
                size = "?"
            self.corpus_combo.addItem(f"{os.path.basename(path)} ({size})", key)
            index = self.corpus_combo.count() - 1
            self.corpus_combo.setItemData(index, path, Qt.ItemDataRole.ToolTipRole)
        self.corpus_combo.setCurrentIndex(index)

    def name_items(self) -> None:
        """The corpus menu's items in the current language (their data stays)."""
        language = current_language()
        self.corpus_combo.setItemText(0, tr("Built-in samples (English, Chinese, code)"))
        for i in range(1, self.corpus_combo.count()):
            key = str(self.corpus_combo.itemData(i))
            if not key.startswith(CorpusKind.SAMPLE):
                continue
            sample = self._samples.get(key.removeprefix(CorpusKind.SAMPLE))
            if sample is not None:
                self.corpus_combo.setItemText(i, sample.title_in(language))
                self.corpus_combo.setItemData(i, sample.description_in(language), Qt.ItemDataRole.ToolTipRole)

    # -- the byte-level row's tokenizer -----------------------------------------------------

    def byte_source(self) -> str:
        """``ByteSource.HERE`` (trained here) or the registry key of the byte-level row's tokenizer."""
        return str(self.byte_combo.currentData() or ByteSource.HERE)

    def set_byte_source(self, key: str) -> None:
        index = self.byte_combo.findData(key)
        if index >= 0:
            self.byte_combo.setCurrentIndex(index)

    @Slot()
    def refresh_byte_sources(self) -> None:
        """The byte-level menu: trained here and every tokenizer of the session, keeping the
        choice when it is still there (else back to trained here, said by byte_source_changed)."""
        current = self.byte_source() if self.byte_combo.count() else str(ByteSource.HERE)
        self.byte_combo.blockSignals(True)
        try:
            self.byte_combo.clear()
            self.byte_combo.addItem(tr("trained here"), str(ByteSource.HERE))
            for key in self.registry.keys():
                entry = self.registry.entry(key)
                self.byte_combo.addItem(entry.label, key)
                self.byte_combo.setItemData(self.byte_combo.count() - 1, entry.tooltip(), Qt.ItemDataRole.ToolTipRole)
            self.byte_combo.setCurrentIndex(max(self.byte_combo.findData(current), 0))
        finally:
            self.byte_combo.blockSignals(False)
        if self.byte_source() != current:
            self.byte_source_changed.emit()

    # -- training -----------------------------------------------------------------------------

    def set_training(self, training: bool, cancellable: bool) -> None:
        """While ``training`` the choices stay as they are; Cancel only when ``cancellable``."""
        self.train_button.setEnabled(not training)
        self.cancel_button.setEnabled(cancellable)
        for w in (self.corpus_combo, self.file_button, self.vocab_spin):
            w.setEnabled(not training)

    def show_progress(self, family: str, counting: bool, done: int, total: int) -> None:
        """``done`` of ``total`` of ``family``'s counting (else merging) on the bar."""
        low, high = _SHARES.get(family, (0, 1000))
        split = low + (high - low) * 3 // 10
        frac = done / total if total else 0.0
        value = low + (split - low) * frac if counting else split + (high - split) * frac
        self.progress.setValue(int(value))

    def set_presentation(self, on: bool) -> None:
        """Presentation mode: the large font must still fit a 1024-pixel screen, so the corpus
        label folds away (the combo says what it holds) and both combos give up some width."""
        self._corpus_label.setVisible(not on)
        self.corpus_combo.setMinimumContentsLength(10 if on else 16)
        self.byte_combo.setMinimumContentsLength(10 if on else 14)
