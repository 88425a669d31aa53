"""The main window: composes the views, menus and status bar; no algorithm, no threads.

The tabs come from one table (:data:`app.window.tabs.TABS`); each view gets the shared
:class:`TokenizerRegistry`, the one tokenizer list of the window (Tokenizers… renames,
removes and saves its entries), and the window talks to it through the
:class:`~app.widgets.view.View` contract. The window only wires them together (a trained
tokenizer opens in the other views; Vocabulary, Tokenize and Compare follow the Timeline).
The window's geometry and the splitters are remembered.

What the window does is split by seam, one module each: the menu bar (:mod:`.menus`),
opening files and drops (:mod:`.opening`), Save/Export/Tokenizers… (:mod:`.saving`),
View > Language (:mod:`.language`), the guide and About (:mod:`.help`), and asking before
closing during a training or with trained tokenizers never saved (:mod:`.quit`, :mod:`.unsaved`). Zoom, presentation mode and the exports of the
current view belong to :class:`~app.window.presentation.Presentation`.

Closing cancels every job without waiting for it (the window goes at once, and the job
threads end in the background before the process exits: ``runner``'s exit hook waits for
them).
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import TypeVar

from PySide6.QtCore import QByteArray, QTimer, Slot
from PySide6.QtGui import QAction, QCloseEvent, QMoveEvent, QShowEvent
from PySide6.QtWidgets import QMainWindow, QMessageBox, QTabWidget, QWidget

from app.core import i18n
from app.core.i18n import bind, tr
from app.core.jobs import runner
from app.core.registry import TokenizerRegistry
from app.core.settings import Settings
from app.features.compare.view import CompareView
from app.features.families.view import FamiliesView
from app.features.measure.view import MeasureView
from app.features.stream.view import StreamView
from app.features.sweep.view import SweepView
from app.features.timeline.view import TimelineView
from app.features.tokenize.view import TokenizeView
from app.features.train.view import TrainView
from app.features.vocabulary.view import VocabView
from app.widgets.message_bar import MessageBar
from app.widgets.view import View
from app.window.help import Help
from app.window.language import LanguageMenu
from app.window.menus import build_menus
from app.window.opening import FileOpening
from app.window.presentation import Presentation
from app.window.quit import QuitGuard
from app.window.saving import Saving
from app.window.tabs import TABS

__all__ = ["MainWindow"]

_V = TypeVar("_V", bound=View)


class MainWindow(QMainWindow):
    """BPE Explorer's window: one tab per view."""

    def __init__(self, settings: Settings | None = None) -> None:
        super().__init__()
        self.setWindowTitle("BPE Explorer")  # i18n: none (the program's name)
        # A classroom projector may have 1024x768 pixels: never start larger than the screen.
        room = self.screen().availableGeometry()
        self.resize(min(1280, room.width()), min(820, room.height()))
        self.setMinimumSize(720, 520)
        self.settings = settings or Settings()
        self.registry = TokenizerRegistry(self)
        self._status: tuple[Callable[[], str], int] | None = None  # the status line, to redo on a switch
        self._framed = False  # fitted to the screen with the window manager's frame
        self.tabs = QTabWidget(self)
        self.tabs.setDocumentMode(True)
        self.setCentralWidget(self.tabs)
        self._build_views()
        self.presentation = Presentation(self, self.tabs, self.settings)
        self.presentation.export_failed.connect(self._on_presentation_export_failed)
        self._build_collaborators()
        build_menus(self)
        geometry = self.settings.window_geometry
        if geometry:
            self.restoreGeometry(QByteArray(geometry))
        self._fit_to_screen()
        if self.presentation.zoom != 1.0:
            self.presentation.apply()  # the zoom of the last session
        self.say(lambda: tr("Ready"))
        i18n.connect(self._on_language_changed)

    def _fit_to_screen(self) -> None:
        """Keep the window, its frame included, on its screen: a size remembered on a larger
        screen (or the default 1280x820 on a 1024x700 one) would put the buttons and plots out
        of reach, and a window as tall as the screen puts its status bar below it once the
        window manager adds a title bar."""
        screen = self.screen()
        if screen is None:
            return
        room = screen.availableGeometry()
        frame = self.frameGeometry()
        extra_w, extra_h = frame.width() - self.width(), frame.height() - self.height()
        width = min(self.width(), room.width() - extra_w)
        height = min(self.height(), room.height() - extra_h)
        if (width, height) != (self.width(), self.height()):
            self.resize(max(width, self.minimumWidth()), max(height, self.minimumHeight()))
        frame = self.frameGeometry()
        x = min(max(frame.x(), room.left()), room.right() - frame.width() + 1)
        y = min(max(frame.y(), room.top()), room.bottom() - frame.height() + 1)
        if (x, y) != (frame.x(), frame.y()):
            self.move(max(x, room.left()), max(y, room.top()))  # (move() places the frame)

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 (Qt naming)
        super().showEvent(event)
        if not self._framed:
            QTimer.singleShot(0, self._fit_framed)

    def moveEvent(self, event: QMoveEvent) -> None:  # noqa: N802 (Qt naming)
        super().moveEvent(event)
        if not self._framed and self.isVisible():
            self._fit_framed()

    def _fit_framed(self) -> None:
        """Fit again once the window manager's frame is known (it arrives after the show)."""
        if self.frameGeometry().size() != self.size():
            self._framed = True
            self._fit_to_screen()

    def _build_views(self) -> None:
        """One tab per row of :data:`~app.window.tabs.TABS`, then the wiring between views."""
        self.tab_names: list[str] = []  # the English names (sources) of the tabs, for the View menu
        for tab in TABS:
            view = tab.view(self.registry, self.settings)
            index = self.tabs.addTab(view, "")
            bind(self.tabs, "setTabText", tab.name, index)
            bind(self.tabs, "setTabToolTip", tab.tooltip, index)
            self.tab_names.append(tab.name)
        # The views other tabs and tests reach by name.
        self.train_view = self.view_of(TrainView)
        self.vocab_view = self.view_of(VocabView)
        self.tokenize_view = self.view_of(TokenizeView)
        self.compare_view = self.view_of(CompareView)
        self.stream_view = self.view_of(StreamView)
        self.timeline_view = self.view_of(TimelineView)
        self.sweep_view = self.view_of(SweepView)
        self.families_view = self.view_of(FamiliesView)
        self.measure_view = self.view_of(MeasureView)
        self.measure_view.token_chosen.connect(self._on_measure_view_token_chosen)
        # "Add BOS/EOS": one choice, in step on Tokenize and Compare (setChecked to the same
        # state emits nothing, so the two connections do not loop)
        self.tokenize_view.additions_box.toggled.connect(self.compare_view.additions_box.setChecked)
        self.compare_view.additions_box.toggled.connect(self.tokenize_view.additions_box.setChecked)
        self.timeline_view.set_training(self.train_view.controller)
        for view in self.views():
            if view is not self.timeline_view:
                view.follow_timeline(self.timeline_view.position)  # the views that can (View's default: no)

    def _build_collaborators(self) -> None:
        """The window's parts, one module each (see the module docstring)."""
        self.opening = FileOpening(self)
        self.saving = Saving(self)
        self.language = LanguageMenu(self)
        self.help = Help(self)
        self.quitting = QuitGuard(self)
        # The window-wide actions tests and other parts reach on the window.
        self.open_action = self.opening.open_action
        self.file_busy = self.opening.file_busy
        self.save_action = self.saving.save_action
        self.export_action = self.saving.export_action
        self.exporter = self.saving.exporter
        self.list_action = self.saving.list_action
        self.language_menu = self.language.menu
        self.language_group = self.language.group
        self.language_actions = self.language.actions
        self.guide_action = self.help.guide_action
        # Save and Export follow the tokenizer on screen.
        self.train_view.save_action.changed.connect(self.saving.update)
        self.tabs.currentChanged.connect(self.saving.update)
        self.registry.changed.connect(self.saving.update)
        for view in self.views():
            view.tokenizer_changed.connect(self.saving.update)
        self.saving.update()

    def view_of(self, cls: type[_V]) -> _V:
        """The tab that is a ``cls`` (each view class has one tab)."""
        return next(v for v in self.views() if isinstance(v, cls))

    def views(self) -> list[View]:
        """The tabs, in order."""
        return [v for v in (self.tabs.widget(i) for i in range(self.tabs.count())) if isinstance(v, View)]

    # -- what the window's parts ask of it -----------------------------------------------------

    def view_tokenizer_key(self, view: QWidget | None = None) -> str:
        """The registry key of the tokenizer ``view`` (default: the current tab) shows, or ""."""
        view = view or self.tabs.currentWidget()
        return view.tokenizer_key() if isinstance(view, View) else ""

    def message_bar(self, view: QWidget | None = None) -> MessageBar | None:
        """The message bar of ``view`` (default: the current tab)."""
        view = view or self.tabs.currentWidget()
        return view.messages if isinstance(view, View) else None

    def say(self, text: Callable[[], str], timeout: int = 0) -> None:
        """Show ``text()`` in the status bar (again after a language switch, while it is shown)."""
        self._status = (text, timeout)
        self.statusBar().showMessage(text(), timeout)

    @Slot()
    def show_training(self) -> None:
        """Bring the Train tab to the front: a training's progress and messages are there."""
        self.tabs.setCurrentWidget(self.train_view)

    @Slot(str, int)
    def _on_measure_view_token_chosen(self, key: str, token_id: int) -> None:
        """A token of the Measure tab's health lists: shown in the Vocabulary tab."""
        self.vocab_view.show_key(key)
        self.tabs.setCurrentWidget(self.vocab_view)
        self.vocab_view.select_token(token_id)

    @Slot()
    def show_tab(self) -> None:
        """Show the tab whose index is the data of the View menu's action that was triggered."""
        action = self.sender()
        if isinstance(action, QAction):
            self.tabs.setCurrentIndex(int(action.data()))

    # -- the public API of the window's parts --------------------------------------------------

    def open_tokenizer(
        self, path: str, pattern: str | None = None, special_tokens: dict[str, int] | list[str] | None = None
    ) -> bool:
        """Start opening a tokenizer file (see :meth:`FileOpening.open_tokenizer`)."""
        return self.opening.open_tokenizer(path, pattern, special_tokens)

    def save_key(self, key: str) -> None:
        """Ask where to save the registry's tokenizer ``key``, then save it."""
        self.saving.save_key(key)

    def choose_language(self, language: str) -> bool:
        """Switch every text to ``language`` (see :meth:`LanguageMenu.choose`)."""
        return self.language.choose(language)

    def language_unavailable(self, language: str) -> None:
        """Say that ``language``'s translation could not be loaded."""
        self.language.unavailable(language)

    @property
    def quit_box(self) -> QMessageBox | None:
        """ "Quit while training?", while it is shown."""
        return self.quitting.box

    def may_close(self) -> bool:
        """True when the window may close now (see :meth:`QuitGuard.may_close`)."""
        return self.quitting.may_close()

    def ask_quit(self) -> QMessageBox:
        """Ask what to do with the running training (see :meth:`QuitGuard.ask`)."""
        return self.quitting.ask()

    # -- slots and closing -----------------------------------------------------------------------

    @Slot(str)
    def _on_language_changed(self, _language: str) -> None:
        if self._status is not None and self.statusBar().currentMessage():
            text, timeout = self._status
            self.statusBar().showMessage(text(), timeout)

    @Slot(str)
    def _on_presentation_export_failed(self, message: str) -> None:
        bar = self.message_bar()
        if bar is not None:
            bar.error(html.escape(message))
        else:
            self.say(lambda: message, 8000)

    def shutdown(self, training_wait_ms: int = 10_000) -> None:
        """End the views' background work: training, file jobs, live encoding, corpus runs.

        subtle: views are child widgets, and child widgets get no close event when the
        window closes; their cleanup runs here.
        """
        self.train_view.shutdown(training_wait_ms)
        for view in self.views():
            if view is not self.train_view:
                view.shutdown()
        self.registry.close()

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 (Qt naming)
        if not self.may_close():
            event.ignore()
            return
        self.settings.window_geometry = bytes(self.saveGeometry().data())
        self.train_view.remember_layout()
        # subtle: training is cancelled without waiting (the engine may sit seconds in one
        # step, e.g. building the pair index); its thread ends in the background and
        # runner's exit hook waits for it before the process ends.
        self.shutdown(training_wait_ms=0)
        runner.wait_all(100)
        super().closeEvent(event)
