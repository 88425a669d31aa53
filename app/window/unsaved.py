"""Closing the window with trained tokenizers that were never saved: ask first, and maybe save them.

*Save…* saves each (one tokenizer: a file dialog; several: a folder, each under its clean
name, :func:`app.display.file_names.tokenizer_file_name`) and closes once every file is
written; *Discard* closes; *Cancel* keeps the window. Saves run one at a time through the
Train view's file jobs; a failed one stops the quit (the Train view says why).
"""

from __future__ import annotations

import html
import os
from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, QTimer, Slot
from PySide6.QtWidgets import QAbstractButton, QFileDialog, QMessageBox

from app.core.i18n import tr
from app.core.settings import FileKind
from app.display.file_names import tokenizer_file_name
from app.window.back_link import BackLink

if TYPE_CHECKING:
    from app.window.main_window import MainWindow

__all__ = ["UnsavedGuard", "free_file_names"]


def free_file_names(folder: str, names: list[str]) -> list[str]:
    """``names`` in ``folder``, each made unique among them and the files already there
    (``poetry-32k.json``, then ``poetry-32k-2.json``): saving several never overwrites."""
    taken: set[str] = set()
    paths = []
    for name in names:
        stem, dot, suffix = name.partition(".")
        candidate, n = name, 1
        while candidate in taken or os.path.exists(os.path.join(folder, candidate)):
            n += 1
            candidate = f"{stem}-{n}{dot}{suffix}"
        taken.add(candidate)
        paths.append(os.path.join(folder, candidate))
    return paths


class UnsavedGuard(QObject):
    """Asks about the session's unsaved trained tokenizers (see the module docstring)."""

    window = BackLink["MainWindow"]()  # weak: the window holds this part (see back_link)

    def __init__(self, window: MainWindow, quit_now: Callable[[], None]) -> None:
        super().__init__(window)
        self.window = window
        self._quit_now = quit_now  # closes the window without asking again
        self.box: QMessageBox | None = None  # "Save the tokenizers you trained?", while it is shown
        self._queue: list[tuple[str, str]] = []  # (key, path) still to save before quitting
        self._saving: str | None = None  # the path being written
        self._given_up: set[str] = set()  # lost on purpose: the training's question said so
        window.train_view.file_saved.connect(self._on_file_saved)
        window.train_view.file_failed.connect(self._on_file_failed)

    @property
    def saving(self) -> bool:
        return self._saving is not None

    def keys(self) -> list[str]:
        return [k for k in self.window.registry.unsaved_keys() if k not in self._given_up]

    def give_up(self, keys: set[str]) -> None:
        """The user already chose to lose these (a run that ended behind the training's question)."""
        self._given_up |= keys

    def ask(self) -> QMessageBox:
        """Ask what to do with the unsaved tokenizers: Save…, Discard, or Cancel."""
        registry = self.window.registry
        names = "".join(f"<li>{html.escape(registry.entry(k).label, quote=False)}</li>" for k in self.keys())
        box = QMessageBox(
            QMessageBox.Icon.Question,
            tr("Save the tokenizers you trained?"),
            tr(
                "These tokenizers of this session were never saved:<ul>{names}</ul>Save them, or quit and lose them?"
            ).format(names=names),
            QMessageBox.StandardButton.NoButton,
            self.window,
        )
        box.setTextFormat(Qt.TextFormat.RichText)
        save = box.addButton(tr("Save…"), QMessageBox.ButtonRole.AcceptRole)
        save.setToolTip(tr("Choose where to save them, save them, then quit"))
        box.addButton(tr("Discard"), QMessageBox.ButtonRole.DestructiveRole)
        cancel = box.addButton(QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(save)
        box.setEscapeButton(cancel)
        box.setWindowModality(Qt.WindowModality.WindowModal)
        box.buttonClicked.connect(self._on_box_button_clicked)
        box.finished.connect(self._on_box_finished)
        self.box = box
        box.open()
        return box

    @Slot(QAbstractButton)
    def _on_box_button_clicked(self, button: QAbstractButton) -> None:
        if self.box is None:
            return
        role = self.box.buttonRole(button)
        if role == QMessageBox.ButtonRole.DestructiveRole:
            QTimer.singleShot(0, self._quit_now)
        elif role == QMessageBox.ButtonRole.AcceptRole:
            QTimer.singleShot(0, self.save_and_quit)

    @Slot(int)
    def _on_box_finished(self, _result: int) -> None:
        self.box = None

    @Slot()
    def save_and_quit(self) -> None:
        """Ask where to save every unsaved tokenizer, save them one after the other, then quit."""
        window = self.window
        keys = self.keys()
        if not keys:
            self._quit_now()
            return
        folder = window.settings.folder_for(FileKind.TOKENIZER)
        names = [self._file_name(k) for k in keys]
        if len(keys) == 1:
            title = tr("Save tokenizer “{name}”").format(name=window.registry.entry(keys[0]).label)
            path, _ = QFileDialog.getSaveFileName(
                window, title, os.path.join(folder, names[0]), tr("BPE Explorer tokenizer (*.json)")
            )
            paths = [path] if path else []
        else:
            chosen = QFileDialog.getExistingDirectory(window, tr("Save the tokenizers in a folder"), folder)
            paths = free_file_names(chosen, names) if chosen else []
        if not paths:
            return  # no file chosen: the window stays
        self._queue = list(zip(keys, paths))
        self._save_next()

    def _file_name(self, key: str) -> str:
        tok = self.window.registry.get(key)
        return tokenizer_file_name(self.window.registry.entry(key).label, len(tok) if tok is not None else 256)

    def _save_next(self) -> None:
        if not self._queue:
            self._saving = None
            self._quit_now()
            return
        key, path = self._queue.pop(0)
        self._saving = path
        self.window.say(lambda: tr("Saving {path}, then quitting…").format(path=path))
        if not self.window.train_view.save_tokenizer(path, key=key):
            self._stop()

    def _stop(self) -> None:
        """A save failed: keep the window, where the Train view says why."""
        self._queue, self._saving = [], None
        self.window.tabs.setCurrentWidget(self.window.train_view)

    @Slot(str)
    def _on_file_saved(self, path: str) -> None:
        if path == self._saving:
            self._save_next()

    @Slot(str, str, str)
    def _on_file_failed(self, _kind: str, path: str, _message: str) -> None:
        if path == self._saving:
            self._stop()
