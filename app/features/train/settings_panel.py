"""Training settings: vocabulary size, special tokens, pre-tokenizer (with a live preview), tie rule.

:class:`TrainSettingsPanel` edits the settings and checks them as they change, with the
engine's own checks and wording: a vocabulary size too small for the bytes and special tokens
is what :class:`bpe_engine.TrainerConfig` refuses (its ``ConfigError``, shown under the field),
and a custom regex that does not compile is what the preview refuses. The preview shows how a
sample line is cut into pieces by the chosen pre-tokenizer (``bpe_engine.preview``); it runs on
every keystroke in the GUI thread, so it is bounded (:data:`PREVIEW_TIMEOUT`): a custom regex
that backtracks catastrophically is reported like an invalid one instead of freezing the
window. It does not start anything; the train view reads :meth:`TrainSettingsPanel.config`.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Signal, Slot
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from app.core import i18n
from app.core.i18n import bind, noop, tr
from app.display.chips import PIECE, SPECIAL, Chip
from app.display.format import visible
from app.widgets.segmentation import ChipStrip
from app.widgets.text_input import use_monospace
from bpe_engine import DEFAULT_VOCAB_SIZE, PRETOKENIZER_NAMES, TIE_BREAKS, Pretokenizer, TrainerConfig, errors, preview

__all__ = [
    "TrainSettingsPanel",
    "DEFAULT_PREVIEW_LINE",
    "PREVIEW_TIMEOUT",
    "SAMPLE_DEFAULTS",
    "parse_special_tokens",
    "complete_settings",
]

PREVIEW_TIMEOUT = 0.2  # seconds a custom regex may take on the preview line (one keystroke)

DEFAULT_PREVIEW_LINE = "Hello helo, I'm  testing 12345 times!<|endoftext|>國語 🤚🏾\tdone"
_CUSTOM = "regex"

#: The pre-tokenizers' descriptions, in the app's words (the engine's ``Pretokenizer(name).description``
#: is English; these say the same and are translated). A name missing here shows the engine's.
PRETOKENIZER_DESCRIPTIONS = {
    "gpt2": noop("GPT-2 regex (tiktoken r50k/p50k)"),
    "cl100k": noop("GPT-4 regex (tiktoken cl100k)"),
    "o200k": noop("GPT-4o regex (tiktoken o200k)"),
    "whitespace": noop("Whitespace prefix (SentencePiece-like ▁)"),
    "none": noop("None (merges may cross words)"),
    _CUSTOM: noop("Custom regex…"),
}
#: The tie-break rules' descriptions (the engine's ``TIE_BREAKS`` says the same in English).
TIE_BREAK_DESCRIPTIONS = {
    "greatest": noop("Lexicographically greatest pair (GPT-2, CS336)"),
    "smallest": noop("Lexicographically smallest pair"),
}


def pretokenizer_text(name: str) -> str:
    """``"gpt2: GPT-2 regex (tiktoken r50k/p50k)"`` in the current language."""
    if name == _CUSTOM:
        return tr(PRETOKENIZER_DESCRIPTIONS[_CUSTOM])
    known = PRETOKENIZER_DESCRIPTIONS.get(name)
    return f"{name}: {tr(known) if known else Pretokenizer(name).description}"


def tie_break_text(name: str) -> str:
    known = TIE_BREAK_DESCRIPTIONS.get(name)
    return f"{name}: {tr(known) if known else TIE_BREAKS[name]}"


#: What a sample's settings mean where they say nothing: the panel's own first values. A
#: sample's Apply sets every setting, so a custom regex of an earlier sample does not stay.
SAMPLE_DEFAULTS: dict[str, Any] = {
    "vocab_size": DEFAULT_VOCAB_SIZE,
    "special_tokens": "<|endoftext|>",
    "pretokenizer": "gpt2",
    "tie_break": "greatest",
}


def complete_settings(settings: dict[str, Any]) -> dict[str, Any]:
    """``settings`` (a sample's) with every setting it leaves out at its default."""
    return {key: settings.get(key, default) for key, default in SAMPLE_DEFAULTS.items()}


def parse_special_tokens(text: str) -> tuple[str, ...]:
    """Special tokens typed in one line, separated by spaces; duplicates dropped, order kept."""
    out: list[str] = []
    for tok in text.split():
        if tok not in out:
            out.append(tok)
    return tuple(out)


class TrainSettingsPanel(QWidget):
    """The settings form, its inline problems, and the pre-tokenizer preview.

    Signals:
        changed(): any setting changed (the values may be invalid; see :meth:`problems`).
    """

    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._reasons: dict[QLabel, str] = {}  # problem label -> the engine's reason shown in it
        self._build_vocabulary()
        self._build_pretokenizer()
        self._build_preview()
        self._build_tie_break()
        self._build_form()
        for changed in (
            self.vocab_size.valueChanged,
            self.special_tokens.textChanged,
            self.pretokenizer.currentIndexChanged,
            self.custom_regex.textChanged,
            self.preview_line.textChanged,
            self.tie_break.currentIndexChanged,
        ):
            changed.connect(self._on_any_changed)
        self._on_any_changed()
        i18n.connect(self._on_language_changed)

    def _build_vocabulary(self) -> None:
        """The vocabulary size and the special tokens."""
        self.vocab_size = QSpinBox()
        self.vocab_size.setRange(1, 1_000_000)
        self.vocab_size.setSingleStep(100)
        self.vocab_size.setValue(DEFAULT_VOCAB_SIZE)
        bind(
            self.vocab_size,
            "setToolTip",
            "Tokens in the finished vocabulary: 256 single bytes + the merges + the special tokens.\n"
            "Merges learned = vocabulary size − 256 − special tokens.",
        )
        self.vocab_problem = self._problem_label()

        self.special_tokens = QLineEdit("<|endoftext|>")
        bind(
            self.special_tokens,
            "setToolTip",
            "Special tokens, separated by spaces. The corpus is split at them first; they never take\n"
            "part in a merge and each gets its own id after the last merge.",
        )
        bind(self.special_tokens, "setPlaceholderText", "none (separate several with spaces)")

    def _build_pretokenizer(self) -> None:
        """The pre-tokenizer and its custom regex."""
        self.pretokenizer = QComboBox()
        for name in (*PRETOKENIZER_NAMES, _CUSTOM):
            self.pretokenizer.addItem(pretokenizer_text(name), name)
        bind(
            self.pretokenizer,
            "setToolTip",
            "How the text is cut into pieces before BPE; merges never cross a piece boundary.\n"
            "The GPT patterns keep a leading space with the word (' world'), split digits and punctuation.",
        )
        self.custom_regex = QLineEdit(r"\S+")
        bind(
            self.custom_regex,
            "setToolTip",
            "A regular expression (Python `regex` syntax, \\p{L} works). Each match is a piece; text between\n"
            "matches becomes pieces of its own, so nothing is lost. \\S+ splits at whitespace, as in the "
            "low-lower-widest-newest example.",
        )
        self.regex_problem = self._problem_label()

    def _build_preview(self) -> None:
        """A line cut by the chosen pre-tokenizer, as chips."""
        self.preview_line = QLineEdit(DEFAULT_PREVIEW_LINE)
        for box in (self.special_tokens, self.custom_regex, self.preview_line):
            use_monospace(box)  # regexes and whitespace are read character by character
        bind(self.preview_line, "setToolTip", "Type any line to see how the chosen pre-tokenizer cuts it")
        self.preview_chips = ChipStrip()
        bind(
            self.preview_chips,
            "setToolTip",
            "Each chip is one piece; · is a space, → a tab; special tokens are dark",
        )

    def _build_tie_break(self) -> None:
        self.tie_break = QComboBox()
        for name in TIE_BREAKS:
            self.tie_break.addItem(tie_break_text(name), name)
        bind(
            self.tie_break,
            "setToolTip",
            "When two pairs occur equally often, which one is merged first.\n"
            "'greatest' compares the pairs as byte strings and takes the largest, as GPT-2 did.",
        )

    def _build_form(self) -> None:
        form = QFormLayout()
        form.addRow(self._form_label(self.vocab_size, noop("&Vocabulary size")), self.vocab_size)
        form.addRow("", self.vocab_problem)
        form.addRow(self._form_label(self.special_tokens, noop("&Special tokens")), self.special_tokens)
        form.addRow(self._form_label(self.pretokenizer, noop("&Pre-tokenizer")), self.pretokenizer)
        form.addRow(self._form_label(self.custom_regex, noop("Custom &regex")), self.custom_regex)
        form.addRow("", self.regex_problem)
        form.addRow(self._form_label(self.tie_break, noop("&Tie-break")), self.tie_break)
        form.addRow(self._form_label(self.preview_line, noop("Preview &line")), self.preview_line)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(form)
        layout.addWidget(self.preview_chips)
        layout.addStretch(1)

    @staticmethod
    def _form_label(buddy: QWidget, source: str) -> QLabel:
        """A form label in the current language (``source`` marked with noop), ``&`` for its field."""
        label = QLabel()
        bind(label, "setText", source)
        label.setBuddy(buddy)
        return label

    @Slot(str)
    def _on_language_changed(self, _language: str) -> None:
        for combo, text in ((self.pretokenizer, pretokenizer_text), (self.tie_break, tie_break_text)):
            for i in range(combo.count()):
                combo.setItemText(i, text(combo.itemData(i)))
        self._on_any_changed()  # the problems under the fields, in the new language

    @staticmethod
    def _problem_label() -> QLabel:
        label = QLabel()
        label.setWordWrap(True)
        label.setStyleSheet("color: #b71c1c;")
        label.hide()
        return label

    # -- values ----------------------------------------------------------------------------

    def pretokenizer_spec(self) -> str:
        name = self.pretokenizer.currentData()
        return f"regex:{self.custom_regex.text()}" if name == _CUSTOM else name

    def values(self) -> dict[str, Any]:
        """The settings as typed (not checked: see :meth:`config`)."""
        return {
            "vocab_size": self.vocab_size.value(),
            "special_tokens": parse_special_tokens(self.special_tokens.text()),
            "pretokenizer": self.pretokenizer_spec(),
            "tie_break": self.tie_break.currentData(),
        }

    def config(self) -> TrainerConfig:
        """These settings as the engine's config; raises ``errors.ConfigError`` naming a bad value."""
        return TrainerConfig(**self.values())

    def set_values(
        self,
        *,
        vocab_size: int | None = None,
        special_tokens: str | None = None,
        pretokenizer: str | None = None,
        tie_break: str | None = None,
    ) -> None:
        """Apply settings (from QSettings or a sample); unknown values are ignored."""
        if vocab_size is not None:
            self.vocab_size.setValue(int(vocab_size))
        if special_tokens is not None:
            self.special_tokens.setText(special_tokens)
        if pretokenizer is not None:
            if pretokenizer.startswith("regex:"):
                self.custom_regex.setText(pretokenizer[len("regex:") :])
                self.pretokenizer.setCurrentIndex(self.pretokenizer.findData(_CUSTOM))
            elif self.pretokenizer.findData(pretokenizer) >= 0:
                self.pretokenizer.setCurrentIndex(self.pretokenizer.findData(pretokenizer))
        if tie_break is not None and self.tie_break.findData(tie_break) >= 0:
            self.tie_break.setCurrentIndex(self.tie_break.findData(tie_break))

    def problems(self) -> list[str]:
        """What stops these settings from training, in the engine's words (shown under the fields too)."""
        return [self._reasons[label] for label in (self.vocab_problem, self.regex_problem) if self._reasons.get(label)]

    # -- live checks and preview -----------------------------------------------------------

    @Slot()
    def _on_any_changed(self) -> None:
        custom = self.pretokenizer.currentData() == _CUSTOM
        self.custom_regex.setEnabled(custom)
        specials = parse_special_tokens(self.special_tokens.text())
        try:
            # The pre-tokenizer is left to the preview below (bounded in time); the engine's
            # config checks the rest and says what is wrong.
            TrainerConfig(
                vocab_size=self.vocab_size.value(), special_tokens=specials, tie_break=self.tie_break.currentData()
            )
        except errors.ConfigError as exc:
            self._show(self.vocab_problem, str(exc), tr("Setting not accepted: {reason}"))
        else:
            self._show(self.vocab_problem, "")
        spec = self.pretokenizer_spec()
        try:
            pieces = preview(self.preview_line.text(), spec, specials, timeout=PREVIEW_TIMEOUT)
        except errors.BPEError as exc:
            self._show(self.regex_problem, str(exc), tr("The pre-tokenizer cannot be used: {reason}"))
            self.preview_chips.set_chips([])
        else:
            self._show(self.regex_problem, "")
            self.preview_chips.set_chips(
                [Chip(visible(p.text), i, kind=SPECIAL if p.special else PIECE) for i, p in enumerate(pieces)]
            )
        self.changed.emit()

    def _show(self, label: QLabel, reason: str, headline: str = "") -> None:
        """Show the engine's ``reason`` under a field, after the app's ``headline`` (with {reason})."""
        self._reasons[label] = reason
        label.setText(headline.format(reason=reason) if reason else "")
        label.setVisible(bool(reason))
