"""Choosing a training corpus: built-in samples, text files (dialog or drag and drop), pasted text.

:class:`CorpusPanel` shows three sources as tabs and, for the chosen one, its size and a
preview. Files are checked when added (exists, readable, not empty, not binary, UTF-8 at the
start) so a wrong file is refused with a message that names it; the engine still checks the
whole file while training. The panel only chooses; training settings live elsewhere.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from PySide6.QtCore import Qt, QTimer, Signal, Slot
from PySide6.QtGui import QDragEnterEvent, QDropEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QPushButton,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from app.content.samples import Sample, load_samples
from app.core import i18n
from app.core.i18n import bind, tr, tr_n
from app.display.format import format_bytes
from app.widgets.message_bar import MessageBar
from app.widgets.text_input import TextInput, use_monospace

__all__ = ["CorpusChoice", "CorpusPanel", "check_corpus_file", "SOURCES"]

SOURCES = ("sample", "files", "text")
_PREVIEW_CHARS = 3000
_SNIFF_BYTES = 64 * 1024
_TRUNCATED = "unexpected end of data"  # (the UTF-8 decoder's reason for a last character cut short)


@dataclass(frozen=True)
class CorpusChoice:
    """The chosen corpus: ``paths`` (files or a sample) or ``text``; ``label`` names it."""

    kind: str
    label: str
    paths: tuple[str, ...] = ()
    text: str | None = None
    size: int = 0
    sample: Sample | None = None


def check_corpus_file(path: str) -> str | None:
    """Why ``path`` cannot be a training corpus, or None if it looks like UTF-8 text."""
    name = os.path.basename(path) or path
    if not os.path.exists(path):
        return tr("{path}: no such file; check the path").format(path=path)
    if os.path.isdir(path):
        return tr("{path}: is a folder; choose the text files inside it").format(path=path)
    try:
        with open(path, "rb") as f:
            head = f.read(_SNIFF_BYTES)
            cut_short = len(head) == _SNIFF_BYTES and _ends_inside_a_character(f)
    except OSError as exc:
        return tr("{path}: cannot be read ({reason}); check that it is a readable text file").format(
            path=path, reason=exc.strerror or exc
        )
    if not head:
        return tr("{name} is empty: there is nothing to learn from; choose a file with some text").format(name=name)
    if b"\x00" in head:
        return tr(
            "{name} looks like a binary file (it contains zero bytes), not text; "
            "choose a UTF-8 text file (.txt, source code, ...)"
        ).format(name=name)
    try:
        head.decode("utf-8")
    except UnicodeDecodeError as exc:
        # subtle: the sniffed block may end inside a character; only earlier errors count
        if len(head) < _SNIFF_BYTES and exc.reason == _TRUNCATED:
            cut_short = True
        elif exc.start < len(head) - 3 or len(head) < _SNIFF_BYTES:
            return tr(
                "{name} is not UTF-8 text (byte offset {offset}: {reason}); "
                "convert it to UTF-8 (for example `iconv -f latin1 -t utf-8`) or choose another file"
            ).format(name=name, offset=exc.start, reason=exc.reason)
    if cut_short:  # (a file cut short: converting it from Latin-1 would spoil it)
        return tr(
            "{name} ends in the middle of a character (was it cut short?); "
            "remove its last bytes or choose a complete file"
        ).format(name=name)
    return None


def _ends_inside_a_character(f: BinaryIO) -> bool:
    """The open file ``f`` ends inside a UTF-8 character (its last bytes start one and stop):
    ``head -c`` of a text that is not ASCII; the engine would refuse it at the end of counting."""
    f.seek(0, os.SEEK_END)
    f.seek(max(0, f.tell() - 4))
    tail = f.read()
    lead = max((i for i, b in enumerate(tail) if b & 0xC0 != 0x80), default=0)  # (the last character's start)
    try:
        tail[lead:].decode("utf-8")
    except UnicodeDecodeError as exc:
        return exc.reason == _TRUNCATED
    return False


class CorpusPanel(QWidget):
    """Samples | Files | Text, with the chosen corpus' size and a preview.

    Signals:
        changed(): the chosen corpus (source, files, text or sample) changed.
        sample_chosen(Sample): a built-in ``Sample`` was picked (its settings may be applied).
    """

    changed = Signal()
    sample_chosen = Signal(Sample)

    def __init__(self, parent: QWidget | None = None, *, last_folder: str = "") -> None:
        super().__init__(parent)
        self.setAcceptDrops(True)
        self.last_folder = last_folder
        self.samples = load_samples()
        self._paths: list[str] = []
        self._refused: list[str] = []  # the files refused by the message shown (it names them)
        # Pasted text is measured and previewed after a pause in typing, not per keystroke.
        self._text_timer = QTimer(self)
        self._text_timer.setSingleShot(True)
        self._text_timer.setInterval(200)
        self._text_timer.timeout.connect(self._on_text_timer_timeout)

        self.tabs = QTabWidget()
        self.tabs.addTab(self._build_samples_tab(), "")
        self.tabs.addTab(self._build_files_tab(), "")
        self.tabs.addTab(self._build_text_tab(), "")
        bind(self.tabs, "setTabText", "Samples", 0)
        bind(self.tabs, "setTabText", "Files", 1)
        bind(self.tabs, "setTabText", "Text", 2)
        bind(self.tabs, "setTabToolTip", "Small texts written for BPE Explorer: one click to a first training", 0)
        bind(self.tabs, "setTabToolTip", "One or more UTF-8 text files (Add files…, or drop them here)", 1)
        bind(self.tabs, "setTabToolTip", "Paste or type the text to train on", 2)
        self.tabs.currentChanged.connect(self._on_tabs_current_changed)

        self.messages = MessageBar()
        self.size_label = QLabel()
        self.preview = QPlainTextEdit()
        self.preview.setReadOnly(True)
        use_monospace(self.preview)
        bind(self.preview, "setPlaceholderText", "The start of the chosen corpus appears here")
        bind(self.preview, "setToolTip", "The first characters of the chosen corpus")
        self.preview.setMaximumHeight(110)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.tabs, 1)
        layout.addWidget(self.messages)
        layout.addWidget(self.size_label)
        layout.addWidget(self.preview)
        if self.samples:
            self.sample_list.setCurrentRow(0)
        self._refresh()
        i18n.connect(self._on_language_changed)

    # -- building --------------------------------------------------------------------------

    def _build_samples_tab(self) -> QWidget:
        page = QWidget()
        self.sample_list = QListWidget()
        bind(self.sample_list, "setToolTip", "Pick a sample; its suggested settings are applied")
        language = i18n.current_language()
        for sample in self.samples:
            item = QListWidgetItem(sample.title_in(language))
            item.setToolTip(sample.description_in(language))
            item.setData(Qt.ItemDataRole.UserRole, sample.key)
            self.sample_list.addItem(item)
        self.sample_list.currentRowChanged.connect(self._on_sample_list_current_row_changed)
        self.sample_description = QLabel()
        self.sample_description.setWordWrap(True)
        self.sample_description.setStyleSheet("color: #555;")
        layout = QVBoxLayout(page)
        layout.addWidget(self.sample_list, 1)
        layout.addWidget(self.sample_description)
        if not self.samples:
            bind(self.sample_description, "setText", "No built-in samples were found in resources/samples.")
        return page

    def _build_files_tab(self) -> QWidget:
        page = QWidget()
        self.file_list = QListWidget()
        bind(self.file_list, "setToolTip", "Training reads these files in order; drop more files here")
        self.file_list.setSelectionMode(QListWidget.SelectionMode.ExtendedSelection)
        self.add_button = QPushButton()
        bind(self.add_button, "setText", "&Add files…")
        bind(self.add_button, "setToolTip", "Choose UTF-8 text files to train on")
        self.add_button.clicked.connect(self._on_add_button_clicked)
        self.remove_button = QPushButton()
        bind(self.remove_button, "setText", "Remove")
        bind(self.remove_button, "setToolTip", "Remove the selected files from the list (Delete)")
        self.remove_button.clicked.connect(self.remove_selected)
        self.clear_button = QPushButton()
        bind(self.clear_button, "setText", "Clear")
        self.clear_button.clicked.connect(self.clear_files)
        QShortcut(
            QKeySequence.StandardKey.Delete, self.file_list, self.remove_selected, Qt.ShortcutContext.WidgetShortcut
        )
        hint = QLabel()
        bind(hint, "setText", "Drop text files anywhere on this panel.")
        hint.setStyleSheet("color: #777;")
        buttons = QHBoxLayout()
        buttons.addWidget(self.add_button)
        buttons.addWidget(self.remove_button)
        buttons.addWidget(self.clear_button)
        buttons.addStretch(1)
        layout = QVBoxLayout(page)
        layout.addWidget(self.file_list, 1)
        layout.addLayout(buttons)
        layout.addWidget(hint)
        return page

    def _build_text_tab(self) -> QWidget:
        page = QWidget()
        self.text_edit = TextInput()
        bind(self.text_edit, "setPlaceholderText", "Paste or type a training text here")
        self.text_edit.textChanged.connect(self._text_timer.start)
        layout = QVBoxLayout(page)
        layout.addWidget(self.text_edit)
        return page

    # -- public API ------------------------------------------------------------------------

    @property
    def source(self) -> str:
        return SOURCES[self.tabs.currentIndex()]

    def set_source(self, source: str) -> None:
        self.tabs.setCurrentIndex(SOURCES.index(source))

    def select_sample(self, key: str) -> None:
        for row, sample in enumerate(self.samples):
            if sample.key == key:
                self.set_source("sample")
                self.sample_list.setCurrentRow(row)
                return
        raise KeyError(f"no built-in sample {key!r}")

    def current_sample(self) -> Sample | None:
        row = self.sample_list.currentRow()
        return self.samples[row] if 0 <= row < len(self.samples) else None

    def set_text(self, text: str) -> None:
        self.set_source("text")
        self.text_edit.set_text(text)
        self._refresh()

    def paths(self) -> list[str]:
        return list(self._paths)

    def add_files(self, paths: list[str]) -> list[str]:
        """Add the usable files; refuse the others with a message. Returns the refusals."""
        problems = []
        refused: list[str] = []
        added = 0
        for path in paths:
            path = os.path.abspath(path)
            if path in self._paths:
                continue
            problem = check_corpus_file(path)
            if problem:
                problems.append(problem)
                refused.append(path)
                continue
            self._paths.append(path)
            item = QListWidgetItem(f"{os.path.basename(path)}  ({format_bytes(os.path.getsize(path))})")
            item.setToolTip(path)
            self.file_list.addItem(item)
            added += 1
        if paths:
            self.set_source("files")
            self.last_folder = os.path.dirname(os.path.abspath(paths[-1]))
        if problems:
            self._refused = refused
            self.messages.error("\n".join(problems))
        elif added:
            self._refused = []
            self.messages.clear()
        self._refresh()
        return problems

    @Slot()
    def remove_selected(self) -> None:
        rows = sorted((self.file_list.row(i) for i in self.file_list.selectedItems()), reverse=True)
        for row in rows:
            self.file_list.takeItem(row)
            del self._paths[row]
        self._refresh()

    @Slot()
    def clear_files(self) -> None:
        self.file_list.clear()
        self._paths = []
        self._refresh()

    def corpus(self) -> CorpusChoice:
        """The chosen corpus; raises ValueError (message for the user) when there is none."""
        source = self.source
        if source == "sample":
            sample = self.current_sample()
            if sample is None:
                raise ValueError(tr("no sample is selected: pick one in the Samples tab, add files, or paste text"))
            return CorpusChoice(
                "sample",
                tr("Sample: {title}").format(title=sample.title_in(i18n.current_language())),
                (str(sample.path),),
                size=sample.path.stat().st_size,
                sample=sample,
            )
        if source == "files":
            if not self._paths:
                raise ValueError(tr("no files chosen: click Add files… or drop text files on the Files tab"))
            missing = [p for p in self._paths if not os.path.isfile(p)]
            if missing:
                raise ValueError(
                    tr("{path}: the file is gone; remove it from the list or restore it").format(path=missing[0])
                )
            label = os.path.basename(self._paths[0]) + (
                tr(" + {n} more").format(n=len(self._paths) - 1) if len(self._paths) > 1 else ""
            )
            return CorpusChoice("files", label, tuple(self._paths), size=sum(os.path.getsize(p) for p in self._paths))
        text = self.text_edit.text()  # (raw: toPlainText would turn U+00A0 into spaces)
        if not text.strip():
            raise ValueError(tr("the Text tab is empty: paste or type some text to train on"))
        return CorpusChoice("text", tr("pasted text"), text=text, size=len(text.encode("utf-8")))

    def problem(self) -> str:
        """Why no corpus is chosen, in the current language ("" when one is)."""
        try:
            self.corpus()
        except ValueError as exc:
            return str(exc)
        return ""

    # -- slots -----------------------------------------------------------------------------

    @Slot(int)
    def _on_tabs_current_changed(self, _index: int) -> None:
        self._refresh()

    @Slot(int)
    def _on_sample_list_current_row_changed(self, row: int) -> None:
        sample = self.current_sample()
        self.sample_description.setText(sample.description_in(i18n.current_language()) if sample else "")
        self._refresh()
        if sample is not None:
            self.sample_chosen.emit(sample)

    @Slot()
    def _on_add_button_clicked(self) -> None:
        paths, _ = QFileDialog.getOpenFileNames(
            self,
            tr("Add training files"),
            self.last_folder or str(Path.home()),
            tr("Text files (*.txt *.md *.py *.json *.csv *.tsv *.html *.xml);;All files (*)"),
        )
        if paths:
            self.add_files(paths)

    @Slot()
    def _on_text_timer_timeout(self) -> None:
        self._refresh()

    # -- drag and drop ---------------------------------------------------------------------

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:  # noqa: N802 (Qt naming)
        if event.mimeData().hasUrls() and any(u.isLocalFile() for u in event.mimeData().urls()):
            event.acceptProposedAction()
        else:
            event.ignore()

    def dropEvent(self, event: QDropEvent) -> None:  # noqa: N802
        paths = [u.toLocalFile() for u in event.mimeData().urls() if u.isLocalFile()]
        if paths:
            self.add_files(paths)
            event.acceptProposedAction()

    # -- display ---------------------------------------------------------------------------

    def _refresh(self) -> None:
        choice = self._show_size()
        self.preview.setPlainText(self._preview_text(choice) if choice is not None else "")
        self.changed.emit()

    def _show_size(self) -> CorpusChoice | None:
        """Write the size line (or why no corpus is chosen); the choice, if there is one."""
        try:
            choice = self.corpus()
        except ValueError as exc:
            self.size_label.setText(str(exc))
            return None
        if choice.kind == "files" and len(choice.paths) > 1:
            text = tr_n("Size: {size} in %n file(s)", len(choice.paths)).format(size=format_bytes(choice.size))
        else:
            text = tr("Size: {size}").format(size=format_bytes(choice.size))
        self.size_label.setText(text)
        return choice

    @Slot(str)
    def _on_language_changed(self, language: str) -> None:
        """Samples in the new language (the selection kept), and the lines composed here."""
        for row, sample in enumerate(self.samples):
            item = self.sample_list.item(row)
            item.setText(sample.title_in(language))
            item.setToolTip(sample.description_in(language))
        chosen = self.current_sample()
        if chosen is not None:
            self.sample_description.setText(chosen.description_in(language))
        self._show_size()
        if self.messages.kind == "error" and self._refused:
            problems = [p for p in (check_corpus_file(path) for path in self._refused) if p]
            if problems:
                self.messages.error("\n".join(problems))

    @staticmethod
    def _preview_text(choice: CorpusChoice) -> str:
        if choice.text is not None:
            return choice.text[:_PREVIEW_CHARS]
        try:
            with open(choice.paths[0], "rb") as f:
                head = f.read(_PREVIEW_CHARS * 4)
        except OSError as exc:
            return tr("(cannot read {path}: {reason})").format(path=choice.paths[0], reason=exc.strerror)
        return head.decode("utf-8", errors="replace")[:_PREVIEW_CHARS]
