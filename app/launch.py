"""Files given on the command line (``bpe-explorer FILE ...``, as launchers and file managers
pass them): tokenizer files open one after the other, text files become the training corpus,
and a training checkpoint (``.ckpt``) is resumed in the Train tab.

Which is which is told from the path (a folder, a tokenizer's usual names and extensions) and,
for ``.txt`` files, from the first line (a tiktoken rank file is ``base64 rank`` lines).
"""

from __future__ import annotations

import re
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer, Slot

if TYPE_CHECKING:
    from app.window.main_window import MainWindow

__all__ = ["PathKind", "classify", "open_paths"]

_TOKENIZER_NAMES = {"tokenizer.json", "tekken.json", "tokenizer.model", "vocab.json", "merges.txt"}
_TOKENIZER_SUFFIXES = {".json", ".model", ".tiktoken", ".bpe"}
_CHECKPOINT_SUFFIX = ".ckpt"  # what Training > Save training as checkpoint proposes
_RANK_LINE = re.compile(rb"^[A-Za-z0-9+/]+=* [0-9]+\r?$")
_RETRY_MS = 250  # another file job is running: try again shortly


class PathKind(Enum):
    TOKENIZER = "tokenizer"
    TEXT = "text"
    CHECKPOINT = "checkpoint"


def classify(path: str) -> PathKind:
    """Whether ``path`` is opened as a tokenizer, resumed as a training or added to the corpus."""
    p = Path(path)
    if p.suffix.lower() == _CHECKPOINT_SUFFIX and not p.is_dir():
        return PathKind.CHECKPOINT
    if p.is_dir() or p.name in _TOKENIZER_NAMES or p.suffix.lower() in _TOKENIZER_SUFFIXES:
        return PathKind.TOKENIZER
    try:
        with p.open("rb") as f:
            first = f.readline(4096).rstrip(b"\n")
    except OSError:
        return PathKind.TEXT  # the corpus panel says what is wrong with it
    return PathKind.TOKENIZER if _RANK_LINE.match(first) else PathKind.TEXT


class _Opener(QObject):
    """Opens tokenizer files one at a time: the window reads one file at a time."""

    def __init__(self, window: MainWindow, paths: list[str]) -> None:
        super().__init__(window)
        self._window = window
        self._paths = list(paths)
        self._current: str | None = None
        window.train_view.file_opened.connect(self._on_file_done)
        window.train_view.file_failed.connect(self._on_file_failed)

    @Slot()
    def next(self) -> None:
        if not self._paths:
            self._current = None
            return
        path = self._paths[0]
        if self._window.open_tokenizer(path):
            self._current = path
            self._paths.pop(0)
        else:
            QTimer.singleShot(_RETRY_MS, self.next)

    @Slot(str, str)
    def _on_file_done(self, _key: str, path: str) -> None:
        if path == self._current:
            QTimer.singleShot(0, self.next)  # after the file job has ended

    @Slot(str, str, str)
    def _on_file_failed(self, _kind: str, path: str, _message: str) -> None:
        if path == self._current:
            QTimer.singleShot(0, self.next)


def open_paths(window: MainWindow, paths: list[str]) -> None:
    """Open the tokenizers among ``paths``, add the text files to the Train tab's corpus and
    resume the first checkpoint (one training runs at a time: the Train tab says so for more)."""
    kinds = {p: classify(p) for p in paths}
    texts = [p for p in paths if kinds[p] is PathKind.TEXT]
    tokenizers = [p for p in paths if kinds[p] is PathKind.TOKENIZER]
    checkpoints = [p for p in paths if kinds[p] is PathKind.CHECKPOINT]
    if texts:
        window.train_view.corpus.add_files(texts)
        window.tabs.setCurrentWidget(window.train_view)
    for path in checkpoints:
        window.train_view.resume_training(path)
        window.tabs.setCurrentWidget(window.train_view)
    if tokenizers:
        _Opener(window, tokenizers).next()
