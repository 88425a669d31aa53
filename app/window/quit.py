"""Closing the window: during a training, or with trained tokenizers never saved, ask first.

During a training the run is paused while the question is shown (Cancel resumes it), and the
question's figures follow the run (a last batch of merges may still arrive). *Save & quit*
saves whatever the run is: a running one is paused, then it and a paused one are written as
a checkpoint (File > Resume training… goes on with it in a later session); a run that finished
meanwhile is a tokenizer, saved as one. The window closes only once the file is written.
*Quit* drops the run; *Cancel* keeps the window. Then, or without a training, trained
tokenizers never saved are asked about (:mod:`app.window.unsaved`). The questions are shown
without blocking (:attr:`QuitGuard.box` while the training's is open).
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, QTimer, Slot
from PySide6.QtWidgets import QAbstractButton, QFileDialog, QMessageBox

from app.core.i18n import tr, tr_n
from app.core.settings import FileKind
from app.core.training.events import TrainingAction, TrainingState
from app.core.weakly import weak_method
from app.display.format import format_count
from app.features.train.results import CHECKPOINT_FILTER
from app.window.back_link import BackLink
from app.window.unsaved import UnsavedGuard

if TYPE_CHECKING:
    from app.window.main_window import MainWindow

__all__ = ["QuitGuard"]

_Role = QMessageBox.ButtonRole


class QuitGuard(QObject):
    """Decides whether the window may close now (see the module docstring)."""

    window = BackLink["MainWindow"]()  # weak: the window holds this part (see back_link)

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.box: QMessageBox | None = None  # "Quit while training?", while it is shown
        self._confirmed = False  # the user chose to quit: close without asking again
        self._run_settled = False  # the user answered for the run (saved it or gave it up)
        self._paused_here = False  # the question paused the run: Cancel resumes it
        self._choice: _Role | None = None  # the button the question was answered with
        self._unsaved_before: set[str] = set()  # unsaved tokenizers when the question opened
        self._checkpoint: str | None = None  # Save & quit: the checkpoint being written
        self.unsaved = UnsavedGuard(window, weak_method(self._quit_now, None))  # (it is ours: no cycle)
        window.train_view.checkpoint_saved.connect(self._on_checkpoint_saved)
        window.train_view.file_failed.connect(self._on_checkpoint_failed)
        controller = window.train_view.controller
        controller.events.connect(self._refresh)
        controller.state_changed.connect(self._refresh)

    def may_close(self) -> bool:
        """True when the window may close now; else it asks (see the module docstring)."""
        if self._confirmed:
            return True
        if self._checkpoint is not None or self.unsaved.saving:
            self.window.say(lambda: tr("Saving before quitting…"), 8000)
            return False
        if self.box is not None or self.unsaved.box is not None:
            return False  # the question is on screen already
        if self.window.train_view.controller.is_active and not self._run_settled:
            self.ask()
            return False
        if self.unsaved.keys():
            self.unsaved.ask()
            return False
        return True

    @Slot()
    def _quit_now(self) -> None:
        self._confirmed = True
        self.window.close()

    def ask(self) -> QMessageBox:
        """Pause the run and ask what to do with it: Save & quit, Quit, or Cancel."""
        c = self.window.train_view.controller
        self._paused_here = c.can(TrainingAction.PAUSE)
        if self._paused_here:
            c.pause()  # nothing must happen behind the question
        box = QMessageBox(
            QMessageBox.Icon.Question,
            tr("Quit while training?"),
            self._text(),
            QMessageBox.StandardButton.NoButton,
            self.window,
        )
        save = box.addButton(tr("Save && quit…"), _Role.AcceptRole)
        save.setToolTip(tr("Choose a file, save the training there, then quit"))
        box.addButton(tr("Quit"), _Role.DestructiveRole)
        cancel = box.addButton(QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(save)
        box.setEscapeButton(cancel)
        box.setWindowModality(Qt.WindowModality.WindowModal)
        box.buttonClicked.connect(self._on_box_button_clicked)
        box.finished.connect(self._on_box_finished)
        self.box, self._choice = box, None
        self._unsaved_before = set(self.unsaved.keys())
        box.open()
        return box

    def _text(self) -> str:
        """What the question says of the run now: paused, running or finished, and how far it got."""
        c = self.window.train_view.controller
        if not c.is_active:
            return tr_n("The training has ended (%n merge(s)). Save the tokenizer, or quit and lose it?", len(c.merges))
        done = (
            tr_n("{done} of %n merge(s)", c.target_merges).format(done=format_count(len(c.merges)))
            if c.counting is not None
            else tr("still counting")
        )
        what = tr("A training is paused") if c.state == TrainingState.PAUSED else tr("Training is running")
        return tr(
            "{what} ({done}). Save it as a checkpoint to go on with it later "
            "(File > Resume training…), or quit and lose it?"
        ).format(what=what, done=done)

    @Slot()
    def _refresh(self, *_args: object) -> None:
        if self.box is not None:
            self.box.setText(self._text())

    @Slot(QAbstractButton)
    def _on_box_button_clicked(self, button: QAbstractButton) -> None:
        if self.box is None:
            return
        self._choice = self.box.buttonRole(button)
        if self._choice == _Role.DestructiveRole:
            self._run_settled = True
            # a run that ended behind the question is the one it said to lose: not asked again
            self.unsaved.give_up(set(self.unsaved.keys()) - self._unsaved_before)
            QTimer.singleShot(0, self.window.close)
        elif self._choice == _Role.AcceptRole:
            QTimer.singleShot(0, self._save_and_quit)

    @Slot(int)
    def _on_box_finished(self, _result: int) -> None:
        self.box = None
        if self._choice not in (_Role.DestructiveRole, _Role.AcceptRole):
            self._resume()  # Cancel: the run goes on as before

    def _resume(self) -> None:
        c = self.window.train_view.controller
        if self._paused_here and c.can(TrainingAction.RESUME):
            c.resume()
        self._paused_here = False

    @Slot()
    def _save_and_quit(self) -> None:
        window = self.window
        c = window.train_view.controller
        if not c.is_active:  # it ended before the pause: its result is a tokenizer
            self._run_settled = True
            self.unsaved.save_and_quit()
            return
        if c.can(TrainingAction.PAUSE):
            c.pause()  # nothing after the checkpoint would be kept
            self._paused_here = True
        start = os.path.join(
            window.settings.folder_for(FileKind.CHECKPOINT), window.train_view.proposed_checkpoint_name()
        )
        path, _ = QFileDialog.getSaveFileName(window, tr("Save the training, then quit"), start, tr(CHECKPOINT_FILTER))
        if not path:
            self._resume()  # no file chosen: the window and the run stay, as before
            return
        if not c.is_active:  # a last batch ended it meanwhile
            self._run_settled = True
            self.unsaved.save_and_quit()
        elif window.train_view.save_checkpoint(path):
            self._checkpoint = path
            window.tabs.setCurrentWidget(window.train_view)
            window.say(lambda: tr("Saving the training to {path}, then quitting…").format(path=path))

    @Slot(str)
    def _on_checkpoint_saved(self, path: str) -> None:
        self.window.say(lambda: tr("Saved the training to {path}").format(path=path), 8000)
        if path == self._checkpoint:
            self._checkpoint = None
            self._run_settled = True
            self.window.close()  # other unsaved tokenizers are asked about next

    @Slot(str, str, str)
    def _on_checkpoint_failed(self, _kind: str, path: str, _message: str) -> None:
        if path == self._checkpoint:
            self._checkpoint = None  # the Train view says why; the window stays
            self.window.tabs.setCurrentWidget(self.window.train_view)
