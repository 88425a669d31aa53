"""Asking for the pre-tokenizer pattern (and special tokens) of a tiktoken rank file.

A rank file (``base64-token rank`` lines: ``*.tiktoken``, Llama 3's ``tokenizer.model``)
holds neither the regex that cuts text into pieces before merging nor the special tokens.
When nothing beside the file gives them, :class:`PatternDialog` offers the patterns of the
known model families by name (:data:`app.content.patterns.KNOWN_PATTERNS`) or a custom
regex, with a live preview of how a sample line is cut (a custom regex runs under the
engine's time limit, so a catastrophic one is refused instead of hanging the window), and
the special tokens: those found beside the file are kept unless others are typed.

It leaves out loading the file (the window opens it again with the answer).
"""

from __future__ import annotations

import os
from collections.abc import Mapping

from PySide6.QtCore import Qt, Slot
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app.content.patterns import KNOWN_PATTERNS, KnownPattern, guess_pattern
from app.core import i18n
from app.core.i18n import bind, tr, tr_n
from app.display.chips import PIECE, SPECIAL, Chip
from app.display.format import visible
from app.widgets import build
from app.widgets.segmentation import ChipStrip
from app.widgets.text_input import use_monospace
from bpe_engine import errors, preview

__all__ = ["PatternDialog", "parse_special_tokens", "SpecialTokensError", "PREVIEW_TIMEOUT"]

PREVIEW_TIMEOUT = 0.2  # seconds a custom regex may take on the sample line (one keystroke)
_CUSTOM = "custom"
_SAMPLE = "Hello world, I'm testing 12345 times! 國語 Жизнь 🤚🏾  def f(x): return x"


class SpecialTokensError(ValueError):
    """The special tokens as typed cannot be used; str() says why."""


def parse_special_tokens(text: str) -> dict[str, int] | list[str] | None:
    """Special tokens typed in one line: ``NAME=ID`` pairs (a mapping), or plain names (a
    list: the engine gives them the ids after the last rank); None when the line is empty.

    >>> parse_special_tokens("<|endoftext|>=100257 <|fim|>=100258")
    {'<|endoftext|>': 100257, '<|fim|>': 100258}
    >>> parse_special_tokens("<a> <b>")
    ['<a>', '<b>']
    """
    parts = text.split()
    if not parts:
        return None
    with_ids = [p for p in parts if "=" in p]
    if not with_ids:
        return list(dict.fromkeys(parts))
    if len(with_ids) != len(parts):
        raise SpecialTokensError(tr("give every special token an id (NAME=ID) or none of them"))
    out: dict[str, int] = {}
    for part in parts:
        name, _, number = part.rpartition("=")
        if not name or not number.isdigit():
            raise SpecialTokensError(
                tr("{part}: write NAME=ID with a whole number, e.g. <|endoftext|>=100257").format(part=repr(part))
            )
        out[name] = int(number)
    return out


class PatternDialog(QDialog):
    """Which pattern (and special tokens) complete a rank file (see the module docstring).

    ``found`` are the special tokens found beside the file (``found_in`` names where); after
    ``accept()`` read :meth:`pattern` and :meth:`special_tokens`.
    """

    def __init__(
        self, path: str, found: Mapping[str, int] | None = None, found_in: str = "", parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.path = path
        self._found = dict(found or {})
        name = os.path.basename(path)
        bind(self, "setWindowTitle", "Pre-tokenizer for {name}", name=name)
        self.setModal(True)
        self.intro = QLabel(self)
        bind(
            self.intro,
            "setText",
            "<b>{name}</b> is a tiktoken rank file: it lists tokens and their ranks, but not the regex "
            "that cuts text into pieces before merging, nor the special tokens. Choose the pattern of "
            "the model it comes from (the ids depend on it), or write your own.",
            name=name,
        )
        self.intro.setWordWrap(True)
        self._found_in = found_in
        self._build_choices()
        self._build_regex()
        self._build_specials()
        self._lay_out()
        for box in (self.regex, self.sample, self.specials):
            use_monospace(box)
            box.textChanged.connect(self._on_any_changed)
        self._retranslate()
        i18n.connect(self._on_language_changed)
        guessed = guess_pattern(path)
        if guessed is not None:
            self.choose(guessed)
        else:
            self.choices.setCurrentRow(0)
        self.resize(640, self.sizeHint().height())

    def _build_choices(self) -> None:
        """The known model families' patterns by name, then "Custom regex…"."""
        self.choices = QListWidget(self)
        for known in KNOWN_PATTERNS:
            item = QListWidgetItem(known.name)
            item.setData(Qt.ItemDataRole.UserRole, known.key)
            item.setToolTip(known.pattern)
            self.choices.addItem(item)
        custom = QListWidgetItem(tr("Custom regex…"))
        self._custom_item = custom
        custom.setData(Qt.ItemDataRole.UserRole, _CUSTOM)
        self.choices.addItem(custom)
        self.choices.setMaximumHeight(self.choices.sizeHintForRow(0) * (len(KNOWN_PATTERNS) + 1) + 8)
        self.choices.currentRowChanged.connect(self._on_choices_current_row_changed)

    def _build_regex(self) -> None:
        """The custom regex, its problem, and the sample line cut by the chosen pattern."""
        self.regex = QLineEdit(self)
        bind(self.regex, "setPlaceholderText", r"a regex of the Python regex module, e.g. \S+|\s+")
        bind(
            self.regex,
            "setToolTip",
            "Each match is a piece; text between matches becomes pieces of its own, so nothing is lost.",
        )
        self.regex_problem = self._problem_label()
        self.sample = QLineEdit(_SAMPLE, self)
        bind(self.sample, "setToolTip", "Type any line to see how the chosen pattern cuts it")
        self.preview = ChipStrip(self)
        bind(self.preview, "setToolTip", "Each chip is one piece; · is a space; special tokens are dark")

    def _build_specials(self) -> None:
        """The special tokens line, its problem, what was found beside the file, and Fill."""
        self.specials = QLineEdit(self)
        bind(
            self.specials,
            "setToolTip",
            "Special tokens, separated by spaces: NAME=ID pairs such as <|endoftext|>=100257, or names only "
            "(they get the ids after the last rank). Empty: those found beside the file, or none.",
        )
        self.specials_problem = self._problem_label()
        self.fill_button = build.button(
            self,
            "Use this model's special tokens",
            self._on_fill_button_clicked,
            tooltip="Fill in the special tokens the chosen model family uses, with their ids",
        )
        self.found_label = QLabel(self)
        self.found_label.setWordWrap(True)
        self.found_label.setTextFormat(Qt.TextFormat.PlainText)

    def _lay_out(self) -> None:
        form = QFormLayout()
        regex_label, sample_label, specials_label = QLabel(self), QLabel(self), QLabel(self)
        bind(regex_label, "setText", "&Custom regex")
        bind(sample_label, "setText", "Sa&mple")
        bind(specials_label, "setText", "&Special tokens")
        for label, buddy in ((regex_label, self.regex), (sample_label, self.sample), (specials_label, self.specials)):
            label.setBuddy(buddy)
        form.addRow(regex_label, self.regex)
        form.addRow("", self.regex_problem)
        form.addRow(sample_label, self.sample)
        form.addRow("", self.preview)
        form.addRow(specials_label, self.specials)
        form.addRow("", self.specials_problem)
        form.addRow("", self.found_label)
        form.addRow("", self.fill_button)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Open | QDialogButtonBox.StandardButton.Cancel, self
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.intro)
        layout.addWidget(self.choices)
        layout.addLayout(form)
        layout.addWidget(self.buttons)

    def _retranslate(self) -> None:
        """The texts composed from what was found, in the current language."""
        self._custom_item.setText(tr("Custom regex…"))
        found, where = self._found, self._found_in
        if found:
            self.specials.setPlaceholderText(
                tr("keep the {count} found in {where}; type NAME=ID pairs to replace them").format(
                    count=len(found), where=where or tr("the files beside it")
                )
            )
            examples = ", ".join(f"{name} = {i}" for name, i in sorted(found.items(), key=lambda t: t[1])[:3])
            self.found_label.setText(
                tr_n("Found beside the file ({where}): %n special token(s), e.g. {examples}.", len(found)).format(
                    where=where or "?", examples=examples
                )
            )
        else:
            self.specials.setPlaceholderText(tr("none (NAME=ID pairs, or names)"))
            self.found_label.setText(tr("No special tokens were found beside the file."))

    @Slot(str)
    def _on_language_changed(self, _language: str) -> None:
        self._retranslate()
        self._on_any_changed()  # the problems in the new language

    @staticmethod
    def _problem_label() -> QLabel:
        label = QLabel()
        label.setWordWrap(True)
        label.setStyleSheet("color: #b71c1c;")
        label.setTextFormat(Qt.TextFormat.PlainText)
        label.hide()
        return label

    # -- answers ----------------------------------------------------------------------------

    def known(self) -> KnownPattern | None:
        """The known pattern chosen (None: the custom regex)."""
        item = self.choices.currentItem()
        key = item.data(Qt.ItemDataRole.UserRole) if item is not None else _CUSTOM
        return next((k for k in KNOWN_PATTERNS if k.key == key), None)

    def choose(self, key: str) -> None:
        """Choose a known pattern by key (``gpt2``, ``cl100k``, ``o200k``, ``llama3``, ``qwen``) or ``custom``."""
        for row in range(self.choices.count()):
            if self.choices.item(row).data(Qt.ItemDataRole.UserRole) == key:
                self.choices.setCurrentRow(row)
                return
        raise ValueError(f"no pattern {key!r}")

    def pattern(self) -> str:
        known = self.known()
        return known.pattern if known is not None else self.regex.text()

    def special_tokens(self) -> dict[str, int] | list[str] | None:
        """What the user typed (None: keep those found beside the file, or none)."""
        try:
            return parse_special_tokens(self.specials.text())
        except SpecialTokensError:
            return None

    def problems(self) -> list[str]:
        return [label.text() for label in (self.regex_problem, self.specials_problem) if not label.isHidden()]

    # -- live checks --------------------------------------------------------------------------

    @Slot(int)
    def _on_choices_current_row_changed(self, _row: int) -> None:
        known = self.known()
        self.regex.setEnabled(known is None)
        if known is None and not self.regex.text():
            self.regex.setFocus()
        self.fill_button.setEnabled(known is not None)
        self._on_any_changed()

    @Slot()
    def _on_fill_button_clicked(self) -> None:
        known = self.known()
        if known is not None:
            self.specials.setText(" ".join(f"{name}={i}" for name, i in known.special_tokens.items()))

    @Slot()
    def _on_any_changed(self) -> None:
        try:
            specials = parse_special_tokens(self.specials.text())
        except SpecialTokensError as exc:
            self._show(self.specials_problem, str(exc))
            specials = None
        else:
            self._show(self.specials_problem, "")
        names = list(specials) if specials is not None else list(self._found)
        pattern = self.pattern()
        if not pattern:
            self._show(self.regex_problem, tr("Write a regex, or choose a known pattern above."))
            self.preview.set_chips([])
        else:
            try:
                pieces = preview(self.sample.text(), f"regex:{pattern}", names, timeout=PREVIEW_TIMEOUT)
            except errors.BPEError as exc:
                self._show(self.regex_problem, str(exc))
                self.preview.set_chips([])
            else:
                self._show(self.regex_problem, "")
                self.preview.set_chips(
                    [Chip(visible(p.text), i, kind=SPECIAL if p.special else PIECE) for i, p in enumerate(pieces)]
                )
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Open)
        ok.setEnabled(not self.problems())

    @staticmethod
    def _show(label: QLabel, text: str) -> None:
        label.setText(text)
        label.setVisible(bool(text))
