"""The Train view's actions: Start, Pause, Resume, Step, Cancel, and the file actions (save and
open a tokenizer, save a training as a checkpoint, resume one), with their shortcuts, icons and
tooltips, and the tool buttons that show them.

Its own module because the window shares these actions (menus, shortcuts from every tab):
:class:`TrainActions` makes them and keeps their tooltips in the current language; the view
connects them and decides when each is enabled.
"""

from __future__ import annotations

import re
import weakref

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QStyle, QToolButton, QWidget

from app.core.i18n import bind, noop, tr
from app.core.training.events import TrainingAction

__all__ = ["SHORTCUTS", "TrainActions", "tool_button"]

#: Keyboard shortcuts of the training controls (debugger conventions: F5 run, F10 step), and
#: of saving a training as a checkpoint and resuming one.
SHORTCUTS = {
    "start": "F5",
    "pause": "F6",
    "resume": "F8",
    "step": "F10",
    "back": "Ctrl+F10",
    "cancel": "Shift+F5",
    "checkpoint": "Ctrl+Shift+S",
    "resume_file": "Ctrl+Shift+O",
}

_SP = QStyle.StandardPixmap


def tool_button(action: QAction) -> QToolButton:
    """A tool button showing ``action`` with its icon and text."""
    button = QToolButton()
    button.setDefaultAction(action)
    button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
    return button


class TrainActions:
    """The Train view's actions, added to ``owner`` (see the module docstring).

    ``training`` maps each training control (:class:`TrainingAction` START to CANCEL) to its
    action, in the order of the buttons.
    """

    def __init__(self, owner: QWidget) -> None:
        self._owner = weakref.ref(owner)  # (the owner keeps these actions: no cycle)
        self._tips: dict[QAction, tuple[str, str]] = {}  # action -> (tooltip source, shortcut)
        self.start = self._make(
            noop("&Start"), SHORTCUTS["start"], noop("Train on the chosen corpus"), _SP.SP_MediaPlay
        )
        self.pause = self._make(
            noop("&Pause"), SHORTCUTS["pause"], noop("Pause training (nothing is lost)"), _SP.SP_MediaPause
        )
        self.resume = self._make(
            noop("&Resume"), SHORTCUTS["resume"], noop("Continue a paused training"), _SP.SP_MediaSeekForward
        )
        self.step = self._make(
            noop("S&tep"),
            SHORTCUTS["step"],
            noop("Apply exactly one merge, then pause. From idle: count the corpus and stop before the first merge"),
            _SP.SP_MediaSkipForward,
        )
        self.back = self._make(
            noop("&Back"),
            SHORTCUTS["back"],
            noop("Step mode: go back one merge (the run is replayed to the merge before; Step applies it again)"),
            _SP.SP_MediaSkipBackward,
        )
        self.cancel = self._make(
            noop("&Cancel"),
            SHORTCUTS["cancel"],
            noop("Stop training; the merges done so far are kept as a tokenizer"),
            _SP.SP_MediaStop,
        )
        self.training = {
            TrainingAction.START: self.start,
            TrainingAction.PAUSE: self.pause,
            TrainingAction.RESUME: self.resume,
            TrainingAction.STEP: self.step,
            TrainingAction.CANCEL: self.cancel,
        }
        self._build_file_actions()

    def _build_file_actions(self) -> None:
        self.handout = self._make(
            noop("Export step &handout…"),
            "",
            noop("Save this run's merges (pair, count, tie and why) as a one-page HTML handout for a class"),
            _SP.SP_FileDialogDetailedView,
        )
        self.save = self._make(
            noop("Save &tokenizer…"),
            "",
            noop(
                "Save this view's tokenizer: the paused run, or the newest result (our JSON format, written atomically)"
            ),
            _SP.SP_DialogSaveButton,
        )
        self.open = self._make(
            noop("&Open tokenizer…"), "", noop("Open a tokenizer saved by BPE Explorer"), _SP.SP_DialogOpenButton
        )
        self.checkpoint = self._make(
            noop("Save training as &checkpoint…"),
            SHORTCUTS["checkpoint"],
            noop(
                "Save the paused or running training to a checkpoint file, to resume it later "
                "(File > Resume training…), in this session or another one"
            ),
            _SP.SP_DriveFDIcon,
        )
        self.resume_file = self._make(
            noop("Resume &training from checkpoint…"),
            SHORTCUTS["resume_file"],
            noop(
                "Go on with a training saved as a checkpoint: its merges table and plots come back, "
                "then it makes the merges an uninterrupted run would make"
            ),
            _SP.SP_BrowserReload,
        )

    def _make(self, text: str, key: str, tip: str, icon: QStyle.StandardPixmap) -> QAction:
        """An action; ``text`` and ``tip`` are English sources marked with ``noop`` (shown through tr)."""
        owner = self._owner()
        assert owner is not None  # (called while the owner builds its actions)
        action = QAction(owner)
        bind(action, "setText", text)
        if key:
            action.setShortcut(QKeySequence(key))
            action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self._tips[action] = (tip, key)
        self._set_tip(action)
        action.setIcon(owner.style().standardIcon(icon))
        owner.addAction(action)
        return action

    def _set_tip(self, action: QAction) -> None:
        # A button shows the action's text without its shortcut letter: Qt drops the "&" of
        # "&Start" but leaves "(S)" of "开始(&S)"; drop that too ("" lets Qt derive it).
        text = action.text()
        bare = re.sub(r"\(&[^)]\)", "", text)
        action.setIconText(QAction(bare).iconText() if bare != text else "")
        source, key = self._tips[action]
        tip = tr(source)
        if key:
            tip = f"{tip} ({QKeySequence(key).toString(QKeySequence.SequenceFormat.NativeText)})"
        action.setToolTip(tip)
        action.setStatusTip(tip)
        action.setData(tip)  # the tooltip when enabled (a disabled Start says why instead)

    def retranslate(self) -> None:
        """Compose the tooltips again in the current language."""
        for action in self._tips:
            self._set_tip(action)

    def set_shortcut_context(self, context: Qt.ShortcutContext) -> None:
        """Where the training shortcuts work (see ``TrainView.set_shortcut_context``)."""
        for action in (*self.training.values(), self.back, self.checkpoint, self.resume_file):
            action.setShortcutContext(context)
