"""Closing the window while a training runs: ask first, and maybe save it before quitting.

*Save & quit* writes the training as a checkpoint (File > Resume training… goes on with it
in a later session) and closes once it is written; *Quit* drops it; *Cancel* keeps the
window. The question is shown without blocking (:attr:`QuitGuard.box` while it is open), so
the run goes on meanwhile; if it ends meanwhile there is nothing left to save.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, QTimer, Slot
from PySide6.QtWidgets import QAbstractButton, QFileDialog, QMessageBox

from app.core.i18n import tr
from app.features.train.results import CHECKPOINT_FILTER
from app.features.train.view import safe_file_name
from app.window.back_link import BackLink

if TYPE_CHECKING:
    from app.window.main_window import MainWindow

__all__ = ["QuitGuard"]


class QuitGuard(QObject):
    """Decides whether the window may close now (see the module docstring)."""

    window = BackLink["MainWindow"]()  # weak: the window holds this part (see back_link)

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.box: QMessageBox | None = None  # "Quit while training?", while it is shown
        self._confirmed = False  # the user chose to quit: close without asking again
        self._checkpoint: str | None = None  # Save & quit: the checkpoint being written
        window.train_view.checkpoint_saved.connect(self._on_checkpoint_saved)
        window.train_view.file_failed.connect(self._on_checkpoint_failed)

    def may_close(self) -> bool:
        """True when the window may close now; during a training, ask first (see :meth:`ask`)."""
        if self._confirmed or not self.window.train_view.controller.is_active:
            return True
        if self._checkpoint is not None:
            self.window.say(lambda: tr("Saving the training before quitting…"), 8000)
        elif self.box is None:
            self.ask()
        return False

    def ask(self) -> QMessageBox:
        """Ask what to do with the running training: Save & quit, Quit, or Cancel."""
        box = QMessageBox(
            QMessageBox.Icon.Question,
            tr("Quit while training?"),
            tr(
                "{what} ({done}). Save it as a checkpoint to go on with it later "
                "(File > Resume training…), or quit and lose it?"
            ).format(**self._run_described()),
            QMessageBox.StandardButton.NoButton,
            self.window,
        )
        save = box.addButton(tr("Save && quit…"), QMessageBox.ButtonRole.AcceptRole)
        save.setToolTip(tr("Choose a checkpoint file, save the training there, then quit"))
        box.addButton(tr("Quit"), QMessageBox.ButtonRole.DestructiveRole)
        cancel = box.addButton(QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(save)
        box.setEscapeButton(cancel)
        box.setWindowModality(Qt.WindowModality.WindowModal)
        box.buttonClicked.connect(self._on_box_button_clicked)
        box.finished.connect(self._on_box_finished)
        self.box = box
        box.open()
        return box

    def _run_described(self) -> dict[str, str]:
        """What the question says of the run: paused or running, and how far it got."""
        c = self.window.train_view.controller
        done = (
            tr("{done} of {total} merges").format(done=f"{len(c.merges):,}", total=f"{c.target_merges:,}")
            if c.counting is not None
            else tr("still counting")
        )
        # a paused run is the one that can resume
        what = tr("A training is paused") if c.can("resume") else tr("Training is running")
        return {"what": what, "done": done}

    @Slot(QAbstractButton)
    def _on_box_button_clicked(self, button: QAbstractButton) -> None:
        box = self.box
        if box is None:
            return
        role = box.buttonRole(button)
        if role == QMessageBox.ButtonRole.DestructiveRole:
            self._confirmed = True
            QTimer.singleShot(0, self.window.close)
        elif role == QMessageBox.ButtonRole.AcceptRole:
            QTimer.singleShot(0, self._save_and_quit)

    @Slot(int)
    def _on_box_finished(self, _result: int) -> None:
        self.box = None

    @Slot()
    def _save_and_quit(self) -> None:
        window = self.window
        c = window.train_view.controller
        if not c.is_active:  # it ended meanwhile: its result is a tokenizer, nothing to resume
            window.close()
            return
        base = f"{c.request.describe() if c.request else 'training'}-{len(c.merges)}"
        start = os.path.join(window.settings.last_folder or str(Path.home()), f"{safe_file_name(base)}.ckpt")
        path, _ = QFileDialog.getSaveFileName(window, tr("Save the training, then quit"), start, tr(CHECKPOINT_FILTER))
        if not path:
            return  # no file chosen: the window and the run stay
        if c.can("pause"):
            c.pause()  # nothing after the checkpoint would be kept
        if window.train_view.save_checkpoint(path):
            self._checkpoint = path
            window.tabs.setCurrentWidget(window.train_view)
            window.say(lambda: tr("Saving the training to {path}, then quitting…").format(path=path))

    @Slot(str)
    def _on_checkpoint_saved(self, path: str) -> None:
        self.window.say(lambda: tr("Saved the training to {path}").format(path=path), 8000)
        if path == self._checkpoint:
            self._checkpoint = None
            self._confirmed = True
            self.window.close()

    @Slot(str, str, str)
    def _on_checkpoint_failed(self, _kind: str, path: str, _message: str) -> None:
        if path == self._checkpoint:
            self._checkpoint = None  # the Train view says why; the window stays
            self.window.tabs.setCurrentWidget(self.window.train_view)
