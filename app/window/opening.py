"""Opening tokenizer files from the window: File > Open (Ctrl+O), drops on the window, the
busy line in the status bar, and the pattern question of a bare tiktoken rank file.

The Train view's file controller does the reading in the background; this module decides what
the window does around it: a file opened from here is browsed in the Vocabulary tab, a
failure is explained in the view the user is looking at, and Save/Open are refused while
another file job runs.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Slot
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QFileDialog

from app.core.i18n import bind, tr
from app.core.settings import FileKind
from app.core.tokenizer_files import FileJob
from app.widgets import build
from app.widgets.open_files import FileBusyIndicator, TokenizerDropFilter, open_filters
from app.window.back_link import BackLink
from app.window.pattern_dialog import PatternDialog
from bpe_engine import errors

if TYPE_CHECKING:
    from app.window.main_window import MainWindow

__all__ = ["FileOpening"]


class FileOpening(QObject):
    """File > Open, drops and the busy line for one window (see the module docstring)."""

    window = BackLink["MainWindow"]()  # weak: the window holds this part (see back_link)

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        train = window.train_view
        self._reveal_path: str | None = None  # opened from here: show it in the Vocabulary tab
        self.pattern_dialog: PatternDialog | None = None  # shown without blocking: kept alive
        self.open_action = build.action(
            window, "&Open tokenizer…", self._on_open_triggered, shortcut=QKeySequence.StandardKey.Open
        )
        bind(
            self.open_action,
            "setStatusTip",
            "Open a tokenizer file of any format: ours, Hugging Face tokenizer.json, SentencePiece .model, "
            "tiktoken rank file, GPT-2 vocab.json + merges.txt, Tekken (or drop it on the window)",
        )
        train.open_action.changed.connect(self._on_train_open_action_changed)
        self.file_busy = FileBusyIndicator(train.files, window)
        window.statusBar().addPermanentWidget(self.file_busy)
        self.file_busy.cancel_button.clicked.connect(self._on_file_busy_cancelled)
        self.drops = TokenizerDropFilter(window)
        self.drops.watch(window)
        # The Train view takes dropped text files as its corpus; tokenizer files open.
        self.drops.watch(train, strict=True)
        self.drops.watch(train.corpus, strict=True)
        self.drops.dropped.connect(self._on_dropped)
        train.files.pattern_needed.connect(self._on_files_pattern_needed)
        train.browse_requested.connect(self._reveal)
        train.file_opened.connect(self._on_train_file_opened)
        train.file_saved.connect(self._on_train_file_saved)
        train.file_failed.connect(self._on_train_file_failed)

    def open_tokenizer(
        self, path: str, pattern: str | None = None, special_tokens: dict[str, int] | list[str] | None = None
    ) -> bool:
        """Start opening a tokenizer file of any format (in the background, the window stays usable).

        When it is loaded it is browsed in the Vocabulary tab; on error the view on screen
        says why. A tiktoken rank file without a pattern asks for one first (``pattern`` and
        ``special_tokens`` complete it). False if it could not start (another file job runs).
        """
        window = self.window
        window.say(lambda: tr("Opening {path}…").format(path=path))
        started = window.train_view.open_tokenizer(path, pattern=pattern, special_tokens=special_tokens)
        if started:
            self._reveal_path = path
        else:
            bar = window.message_bar()
            if bar is not None:
                bar.error(lambda: tr("A tokenizer file is being read or written; try again when it is done."))
            window.say(lambda: tr("Could not open {path}").format(path=path), 8000)
        return started

    @Slot(str)
    def _on_dropped(self, path: str) -> None:
        self.open_tokenizer(path)

    @Slot()
    def _on_open_triggered(self) -> None:
        window = self.window
        path, _ = QFileDialog.getOpenFileName(
            window, tr("Open tokenizer"), window.settings.folder_for(FileKind.TOKENIZER), open_filters()
        )
        if path:
            self.open_tokenizer(path)

    @Slot()
    def _on_file_busy_cancelled(self) -> None:
        self._reveal_path = None
        self.window.say(lambda: tr("Stopped opening: nothing was changed"), 8000)

    @Slot(str, object)
    def _on_files_pattern_needed(self, path: str, problem: object) -> None:
        """A rank file without a pattern: ask for it, then open the file again."""
        found: dict[str, int] = {}
        where = ""
        if isinstance(problem, errors.PatternNeededError):
            found, where = problem.special_tokens, problem.found_in
        dialog = PatternDialog(path, found, where, self.window)
        self.pattern_dialog = dialog
        dialog.accepted.connect(lambda: self.open_tokenizer(path, dialog.pattern(), dialog.special_tokens()))
        dialog.rejected.connect(lambda: self.window.say(lambda: tr("Not opened: no pattern chosen"), 8000))
        self.window.say(lambda: tr("{name} needs a pre-tokenizer pattern").format(name=Path(path).name))
        dialog.open()

    @Slot(str)
    def _reveal(self, key: str) -> None:
        """Browse the tokenizer ``key`` in the Vocabulary tab."""
        window = self.window
        window.vocab_view.show_key(key)
        window.tabs.setCurrentWidget(window.vocab_view)

    @Slot(str, str)
    def _on_train_file_opened(self, key: str, path: str) -> None:
        if path == self._reveal_path:
            self._reveal_path = None
            self._reveal(key)
        self.window.say(lambda: tr("Opened {path}").format(path=path), 8000)

    @Slot(str)
    def _on_train_file_saved(self, path: str) -> None:
        self.window.say(lambda: tr("Saved {path}").format(path=path), 8000)

    @Slot(str, str, str)
    def _on_train_file_failed(self, kind: str, path: str, message: str) -> None:
        window = self.window
        if kind == FileJob.OPEN and path == self._reveal_path:
            self._reveal_path = None
        # The message belongs where the user is: the view they opened or saved from.
        bar = window.message_bar()
        if bar is not None and bar is not window.train_view.messages:
            bar.error(message)
        name = Path(path).name
        if kind == FileJob.OPEN:
            window.say(lambda: tr("Could not open {name}").format(name=name), 8000)
        else:
            window.say(lambda: tr("Could not save {name}").format(name=name), 8000)

    @Slot()
    def _on_train_open_action_changed(self) -> None:
        self.open_action.setEnabled(self.window.train_view.open_action.isEnabled())
