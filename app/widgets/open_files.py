"""Choosing tokenizer files: the Open dialog's filters, drag and drop, and the busy line.

- :func:`open_filters`: the file types of every format the engine reads (the format itself is
  told from the content, so "All files" works too).
- :class:`TokenizerDropFilter`: an event filter that turns files (or a folder, e.g. one with
  ``vocab.json`` and ``merges.txt``) dropped on a widget into ``dropped(path)``. On the window
  itself anything local is taken; on a widget that takes drops of its own (the Train view
  takes text files as its corpus) only what looks like a tokenizer by its name.
- :class:`FileBusyIndicator`: the status bar's "Opening … [busy] [Cancel]" while a tokenizer
  file is read or written in the background, whatever tab is shown.
"""

from __future__ import annotations

import os

from PySide6.QtCore import QEvent, QMimeData, QObject, Signal, Slot
from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent
from PySide6.QtWidgets import QFileDialog, QHBoxLayout, QLabel, QProgressBar, QPushButton, QWidget

from app.core import i18n
from app.core.i18n import bind, tr
from app.core.settings import Settings
from app.core.tokenizer_files import TokenizerFileController

__all__ = [
    "choose_text_file",
    "open_filters",
    "looks_like_tokenizer",
    "local_paths",
    "TokenizerDropFilter",
    "FileBusyIndicator",
]


def choose_text_file(parent: QWidget, settings: Settings | None, title: str) -> str:
    """Ask for one UTF-8 text file (starting in, and remembering, the last folder); "" if none."""
    start = settings.last_folder if settings else ""
    path, _ = QFileDialog.getOpenFileName(
        parent, title, start, tr("Text files (*.txt *.md *.py *.json *.csv);;All files (*)")
    )
    if path and settings is not None:
        settings.last_folder = os.path.dirname(path)
    return path


def open_filters() -> str:
    """The Open dialog's file types (Qt's filter syntax); the first is the default."""
    return ";;".join(
        [
            tr("All tokenizer files (*.json *.model *.tiktoken *.txt)"),
            tr("BPE Explorer tokenizer (*.json)"),
            tr("Hugging Face tokenizer.json: BPE or WordPiece (tokenizer.json *.json)"),
            tr("BERT WordPiece vocab.txt (vocab.txt *.txt)"),
            tr("SentencePiece or Llama 3 model (*.model)"),
            tr("tiktoken rank file (*.tiktoken *.model)"),
            tr("GPT-2 vocab.json + merges.txt (vocab.json merges.txt *.json *.txt)"),
            tr("Mistral Tekken (tekken*.json *.json)"),
            tr("All files (*)"),
        ]
    )


_NAMES = ("tokenizer.json", "tekken.json", "vocab.json", "merges.txt", "tokenizer.model", "vocab.txt")
_SUFFIXES = (".model", ".tiktoken")


def looks_like_tokenizer(path: str) -> bool:
    """True when ``path`` is named like a tokenizer file (or is a folder holding one): what a
    drop on the Train view opens as a tokenizer rather than taking as corpus text."""
    if os.path.isdir(path):
        try:
            names = os.listdir(path)
        except OSError:
            return False
        return any(n in _NAMES or n.endswith(_SUFFIXES) for n in names)
    name = os.path.basename(path)
    return name in _NAMES or name.endswith(_SUFFIXES) or name.endswith("tokenizer.json") or "tekken" in name


def local_paths(mime: QMimeData) -> list[str]:
    """The local files and folders of a drag."""
    if not mime.hasUrls():
        return []
    return [u.toLocalFile() for u in mime.urls() if u.isLocalFile()]


class TokenizerDropFilter(QObject):
    """Opens tokenizer files dropped on the widgets it watches (see the module docstring).

    Signals:
        dropped(str): the first dropped path to open as a tokenizer.
    """

    dropped = Signal(str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._strict: set[QObject] = set()

    def watch(self, widget: QWidget, *, strict: bool = False) -> None:
        """Take drops on ``widget``; ``strict``: only paths named like tokenizers (the widget
        keeps the others)."""
        widget.setAcceptDrops(True)
        widget.installEventFilter(self)
        if strict:
            self._strict.add(widget)

    def _wanted(self, watched: QObject, mime: QMimeData) -> list[str]:
        paths = local_paths(mime)
        if watched in self._strict:
            return paths if paths and all(looks_like_tokenizer(p) for p in paths) else []
        return paths

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt naming)
        if isinstance(event, (QDragEnterEvent, QDragMoveEvent)):
            if self._wanted(watched, event.mimeData()):
                event.acceptProposedAction()
                return True
        elif isinstance(event, QDropEvent) and event.type() == QEvent.Type.Drop:
            paths = self._wanted(watched, event.mimeData())
            if paths:
                event.acceptProposedAction()
                self.dropped.emit(paths[0])
                return True
        return False


class FileBusyIndicator(QWidget):
    """What the file controller is doing, for the status bar (see the module docstring)."""

    def __init__(self, files: TokenizerFileController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.files = files
        self.label = QLabel(self)
        self.bar = QProgressBar(self)
        self.bar.setRange(0, 0)  # busy: reading a file cannot say how far it is
        self.bar.setTextVisible(False)
        self.bar.setMaximumWidth(110)
        self.bar.setMaximumHeight(14)
        self.cancel_button = QPushButton(self)
        bind(self.cancel_button, "setText", "Cancel")
        bind(
            self.cancel_button,
            "setToolTip",
            "Stop waiting for this file: whatever is on screen stays as it is (the file is not opened)",
        )
        self.cancel_button.clicked.connect(self._on_cancel_button_clicked)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.label)
        layout.addWidget(self.bar)
        layout.addWidget(self.cancel_button)
        files.busy_changed.connect(self._on_files_busy_changed)
        i18n.connect(self._on_language_changed)
        self.hide()

    @Slot(str)
    def _on_language_changed(self, _language: str) -> None:
        if self.files.is_busy():
            self._on_files_busy_changed(True)

    @Slot(bool)
    def _on_files_busy_changed(self, busy: bool) -> None:
        if not busy:
            self.hide()
            return
        name = os.path.basename(self.files.path.rstrip("/\\")) or self.files.path
        opening = self.files.kind == "open"
        self.label.setText(
            tr("Opening {name}…").format(name=name) if opening else tr("Saving {name}…").format(name=name)
        )
        self.cancel_button.setVisible(opening)  # a save the user asked for is finished
        self.show()

    @Slot()
    def _on_cancel_button_clicked(self) -> None:
        self.files.cancel_open()
