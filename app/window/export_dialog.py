"""File > Export…: write the tokenizer on screen for another program.

:class:`ExportDialog` offers the engine's formats (:data:`bpe_engine.EXPORT_FORMATS`): our JSON,
a Hugging Face ``tokenizer.json``, a tiktoken rank file with its JSON sidecar, GPT-2's
``vocab.json`` + ``merges.txt``. It names every file an export writes (and which it replaces)
before anything is written, runs the export in the background
(:class:`~app.window.exporting.ExportController`), and shows a refusal in the engine's
words (a pre-tokenizer or merge rule the format cannot express) without closing, so another
format can be tried. After a tiktoken export it shows the three lines of Python that build a
``tiktoken.Encoding`` from the two files, with a Copy button. A SentencePiece tokenizer cannot
be written in these byte-level formats: the dialog says so and offers nothing to press.
"""

from __future__ import annotations

import html
import os
from pathlib import Path

from PySide6.QtCore import Qt, Slot
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QButtonGroup,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QProgressBar,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from app.core import i18n
from app.core.i18n import bind, noop, tr, tr_n
from app.widgets import build
from app.widgets.text_input import use_monospace
from app.window.exporting import ExportController, ExportFormat
from bpe_engine import (
    EXPORT_FORMATS,
    Algorithm,
    Tokenizer,
    TokenizerLike,
    UnigramTokenizer,
    export_paths,
    tiktoken_python,
)

__all__ = ["ExportDialog", "default_file_name"]

#: What each format is for (shown beside its button).
_DESCRIPTIONS: dict[str, str] = {
    ExportFormat.OURS: noop("BPE Explorer JSON: everything, merge counts included; opens here again"),
    ExportFormat.HF: noop("Hugging Face tokenizer.json: for the tokenizers library and transformers"),
    ExportFormat.TIKTOKEN: noop("tiktoken rank file + JSON sidecar: for tiktoken.Encoding (the Python is shown)"),
    ExportFormat.GPT2: noop("GPT-2 vocab.json + merges.txt: tokenizers with GPT-2's pre-tokenizer only"),
}
_SUFFIX: dict[str, str] = {
    ExportFormat.OURS: ".json",
    ExportFormat.HF: "-tokenizer.json",
    ExportFormat.TIKTOKEN: ".tiktoken",
    ExportFormat.GPT2: "-vocab.json",
}


def default_file_name(stem: str, format: str) -> str:
    """The file an export of ``format`` suggests (``gpt2``: the vocab.json; merges.txt goes beside it)."""
    return stem + _SUFFIX[format]


def _formats_of(tok: TokenizerLike) -> tuple[str, ...]:
    """The export formats ``tok`` can be written in (see ``ExportDialog._formats``)."""
    if isinstance(tok, Tokenizer):
        return EXPORT_FORMATS
    if isinstance(tok, UnigramTokenizer) and tok.facts.algorithm is Algorithm.UNIGRAM:
        return ("hf",)
    return ()


class ExportDialog(QDialog):
    """Exports one tokenizer (see the module docstring)."""

    def __init__(
        self,
        tokenizer: TokenizerLike,
        label: str,
        exporter: ExportController,
        folder: str = "",
        stem: str = "tokenizer",
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.tokenizer = tokenizer
        self.exporter = exporter
        self._folder = folder or str(Path.home())
        self._stem = stem
        bind(self, "setWindowTitle", "Export “{label}”", label=label)
        self._build_formats()
        self._build_destination()
        self._build_outcome()
        self._lay_out()
        self._intro: tuple[str, int] | None = None  # the label and token count the intro names
        #: The formats this tokenizer can be written in: all for byte-level BPE, a Unigram
        #: model's tokenizer.json, none for SentencePiece BPE and WordPiece.
        self._formats = _formats_of(tokenizer)
        if isinstance(tokenizer, Tokenizer):
            self._introduce(label, len(tokenizer))
        elif self._formats:
            self._introduce_unigram(label)
        else:
            self._refuse_sentencepiece(label)
        self.format_group.buttonToggled.connect(self._on_format_group_toggled)
        self.path_edit.textChanged.connect(self._update_files)
        exporter.busy_changed.connect(self._on_exporter_busy_changed)
        exporter.exported.connect(self._on_exporter_exported)
        exporter.failed.connect(self._on_exporter_failed)
        self._exported: list[str] = []  # the files of the last export (its line is redone on a switch)
        self._failure = ""  # the reason of the last refusal, while it is shown
        i18n.connect(self._on_language_changed)
        self.format_buttons[(self._formats or EXPORT_FORMATS)[0]].setChecked(True)
        self._update_files()
        self.resize(620, self.sizeHint().height())

    def _build_formats(self) -> None:
        """The intro and one radio button per format the engine writes."""
        self.intro = QLabel(self)
        self.intro.setWordWrap(True)
        self.format_group = QButtonGroup(self)
        self.format_buttons: dict[str, QRadioButton] = {}
        for name in EXPORT_FORMATS:
            button = QRadioButton(self)
            if name in _DESCRIPTIONS:
                bind(button, "setText", _DESCRIPTIONS[name])
            else:
                button.setText(name)  # a format the app does not describe yet: its name
            button.setProperty("format", name)
            self.format_group.addButton(button)
            self.format_buttons[name] = button

    def _build_destination(self) -> None:
        """Where to write, and the files that will be written."""
        self.path_edit = QLineEdit(self)
        use_monospace(self.path_edit)
        self.choose_button = build.button(self, "Choose…", self._on_choose_button_clicked)
        self.files_label = QLabel(self)
        self.files_label.setWordWrap(True)
        self.problem = QLabel(self)
        self.problem.setWordWrap(True)
        self.problem.setTextFormat(Qt.TextFormat.PlainText)
        self.problem.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.problem.setStyleSheet("color: #b71c1c;")
        self.problem.hide()

    def _build_outcome(self) -> None:
        """The busy bar, what was written, tiktoken's Python with Copy, and the buttons."""
        self.busy = QProgressBar(self)
        self.busy.setRange(0, 0)
        self.busy.setTextVisible(False)
        self.busy.hide()
        self.result_label = QLabel(self)
        self.result_label.setWordWrap(True)
        self.result_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.result_label.hide()
        self.python = QPlainTextEdit(self)
        self.python.setReadOnly(True)
        use_monospace(self.python)
        self.python.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        lines = self.python.fontMetrics().lineSpacing()
        self.python.setFixedHeight(lines * 3 + 2 * self.python.frameWidth() + 26)  # three lines and a scroll bar
        self.python.hide()
        self.copy_button = build.button(self, "Copy the Python", self._on_copy_button_clicked)
        self.copy_button.hide()
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        self.export_button = self.buttons.addButton("", QDialogButtonBox.ButtonRole.ActionRole)
        bind(self.export_button, "setText", "Export")
        self.export_button.clicked.connect(self._on_export_button_clicked)
        self.buttons.rejected.connect(self.reject)

    def _lay_out(self) -> None:
        layout = QVBoxLayout(self)
        layout.addWidget(self.intro)
        formats = QVBoxLayout()
        for button in self.format_buttons.values():
            formats.addWidget(button)
        layout.addLayout(formats)
        path_row = QHBoxLayout()
        save_to = QLabel(self)
        bind(save_to, "setText", "Save to:")
        path_row.addWidget(save_to)
        path_row.addWidget(self.path_edit, 1)
        path_row.addWidget(self.choose_button)
        layout.addLayout(path_row)
        for widget in (self.files_label, self.problem, self.busy, self.result_label, self.python):
            layout.addWidget(widget)
        layout.addWidget(self.copy_button, 0, Qt.AlignmentFlag.AlignLeft)
        layout.addStretch(1)
        layout.addWidget(self.buttons)

    def _introduce(self, label: str, tokens: int) -> None:
        self._intro = (label, tokens)  # written again in a new language (_on_language_changed)
        self.intro.setText(
            tr_n(
                "Write <b>{label}</b> (%n token(s)) for another program. Each format must give the "
                "same ids as here; one that cannot (a pre-tokenizer or merge rule it has no way to say) "
                "is refused with the reason. Files are written whole or not at all.",
                tokens,
            ).format(label=html.escape(label))
        )

    def _introduce_unigram(self, label: str) -> None:
        """A Unigram tokenizer: Hugging Face's tokenizer.json only (the others hold merges)."""
        bind(
            self.intro,
            "setText",
            "<b>{label}</b> is a Unigram tokenizer: it can be written as a Hugging Face tokenizer.json "
            "(its pieces and scores, normalizer and ▁ spaces) when that format can express its normalizer; "
            "the file then gives the same ids in tokenizers. The other formats hold BPE merges, which a "
            "Unigram model does not have.",
            label=html.escape(label),
        )
        for name, button in self.format_buttons.items():
            button.setEnabled(name in self._formats)

    def _refuse_sentencepiece(self, label: str) -> None:
        """A SentencePiece tokenizer: say why no format can hold it, and offer nothing to press."""
        bind(
            self.intro,
            "setText",
            "<b>{label}</b> is a SentencePiece tokenizer (character-level BPE with byte fallback). "
            "Export writes byte-level tokenizers only (ours, Hugging Face's ByteLevel tokenizer.json, "
            "tiktoken, GPT-2), and none of these formats can express SentencePiece's normalizer, "
            "its ▁ spaces and byte fallback. Keep using its own file (.model or tokenizer.json).",
            label=html.escape(label),
        )
        for button in self.format_buttons.values():
            button.setEnabled(False)
        self.path_edit.setEnabled(False)
        self.choose_button.setEnabled(False)

    # -- state ----------------------------------------------------------------------------------

    def format(self) -> str:
        button = self.format_group.checkedButton()
        return str(button.property("format")) if button is not None else EXPORT_FORMATS[0]

    def set_format(self, name: str) -> None:
        self.format_buttons[name].setChecked(True)

    def path(self) -> str:
        return self.path_edit.text().strip()

    def set_path(self, path: str) -> None:
        self.path_edit.setText(path)

    def files(self) -> list[str]:
        """The files the export would write now ([] without a destination)."""
        path = self.path()
        return export_paths(path, self.format()) if path else []

    # -- slots ----------------------------------------------------------------------------------

    @Slot()
    def _on_format_group_toggled(self) -> None:
        # The suggested name follows the format, unless the user chose another folder or name.
        current = self.path()
        suggested = {os.path.join(self._folder, default_file_name(self._stem, f)) for f in EXPORT_FORMATS}
        if not current or current in suggested:
            self.path_edit.setText(os.path.join(self._folder, default_file_name(self._stem, self.format())))
        self._update_files()

    @Slot()
    def _on_choose_button_clicked(self) -> None:
        start = self.path() or os.path.join(self._folder, default_file_name(self._stem, self.format()))
        path, _ = QFileDialog.getSaveFileName(self, tr("Export to"), start, tr("All files (*)"))
        if path:
            self._folder = os.path.dirname(path)
            self.path_edit.setText(path)

    @Slot()
    def _update_files(self) -> None:
        self.problem.hide()
        files = self.files() if self._formats else []
        if not files:
            self.files_label.setText("")
            self.export_button.setEnabled(False)
            return
        parts = []
        for f in files:
            note = tr(" (replaces the file there)") if os.path.exists(f) else ""
            parts.append(f"<code>{html.escape(f)}</code>{note}")
        self.files_label.setText(tr("Writes: {files}").format(files=", ".join(parts)))
        self.export_button.setEnabled(not self.exporter.is_busy() and os.path.isdir(os.path.dirname(files[0]) or "."))
        if not os.path.isdir(os.path.dirname(files[0]) or "."):
            self._problem(tr("The folder {folder} does not exist.").format(folder=os.path.dirname(files[0])))

    @Slot()
    def _on_export_button_clicked(self) -> None:
        tok = self.tokenizer
        if not isinstance(tok, (Tokenizer, UnigramTokenizer)) or self.format() not in self._formats or not self.path():
            return
        self.problem.hide()
        self.result_label.hide()
        self.python.hide()
        self.copy_button.hide()
        self.exporter.export(tok, self.path(), self.format())

    @Slot(bool)
    def _on_exporter_busy_changed(self, busy: bool) -> None:
        self.busy.setVisible(busy)
        self.export_button.setEnabled(not busy and bool(self.files()))
        for button in self.format_buttons.values():
            button.setEnabled(not busy and button.property("format") in self._formats)

    @Slot(str)
    def _on_language_changed(self, _language: str) -> None:
        if self._intro is not None:
            self._introduce(*self._intro)
        failure = self._failure if not self.problem.isHidden() else ""
        self._update_files()
        if self._exported:
            self._show_exported()
        if failure:
            self._on_exporter_failed(self.format(), failure)

    def _show_exported(self) -> None:
        files = ", ".join(f"<code>{html.escape(p)}</code>" for p in self._exported)
        self.result_label.setText(tr("Exported: {files}").format(files=files))

    @Slot(str, list)
    def _on_exporter_exported(self, format: str, paths: list[str]) -> None:
        self._exported = list(paths)
        self._show_exported()
        self.result_label.show()
        if format == ExportFormat.TIKTOKEN and len(paths) == 2:
            self.python.setPlainText(tiktoken_python(paths[0], paths[1]))
            self.python.show()
            self.copy_button.show()
        self._update_files()
        self.resize(self.width(), max(self.height(), self.sizeHint().height()))  # room for what appeared

    @Slot(str, str)
    def _on_exporter_failed(self, format: str, message: str) -> None:
        self._failure = message
        self._problem(tr("Not exported: {reason}").format(reason=message))

    @Slot()
    def _on_copy_button_clicked(self) -> None:
        QGuiApplication.clipboard().setText(self.python.toPlainText())

    def _problem(self, text: str) -> None:
        self.problem.setText(text)
        self.problem.show()
        self.resize(self.width(), max(self.height(), self.sizeHint().height()))
