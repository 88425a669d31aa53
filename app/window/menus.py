"""The window's menu bar: File, Training, View and Help, from the actions their owners make.

The actions belong to what they act on (the Train view's training actions, the presentation's
zoom and exports, :mod:`~app.window.opening`, :mod:`~app.window.saving`,
:mod:`~app.window.language`, :mod:`~app.window.help`); this module only puts them in order.
The Training menu's shortcuts work from every tab and bring the Train tab to the front.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QMenu

from app.core.i18n import bind, noop
from app.widgets import build

if TYPE_CHECKING:
    from app.window.main_window import MainWindow

__all__ = ["build_menus"]


def build_menus(window: MainWindow) -> None:
    """Fill ``window``'s menu bar."""
    _file_menu(window)
    _training_menu(window)
    _view_menu(window)
    help_menu = _menu(window, noop("&Help"))
    help_menu.addAction(window.help.guide_action)
    help_menu.addAction(window.help.about_action)


def _menu(window: MainWindow, title: str) -> QMenu:
    """A menu of the menu bar titled ``title``."""
    menu = QMenu(window)
    bind(menu, "setTitle", title)
    window.menuBar().addMenu(menu)
    return menu


def _file_menu(window: MainWindow) -> None:
    menu = _menu(window, noop("&File"))
    saving = window.saving
    for action in (window.opening.open_action, saving.save_action, saving.export_action, saving.list_action):
        menu.addAction(action)
    menu.addSeparator()
    menu.addAction(window.train_view.resume_file_action)
    menu.addSeparator()
    p = window.presentation
    for action in (p.export_png_action, p.export_svg_action, p.export_html_action):
        menu.addAction(action)
    menu.addSeparator()
    menu.addAction(build.action(window, "&Quit", window.close, shortcut=QKeySequence.StandardKey.Quit))


def _training_menu(window: MainWindow) -> None:
    menu = _menu(window, noop("&Training"))
    train = window.train_view
    # subtle: the Train view's own actions, made window-wide: one action per shortcut,
    # so Qt never sees two (an "Ambiguous shortcut overload" that fires neither).
    train.set_shortcut_context(Qt.ShortcutContext.WindowShortcut)
    for action in train.training_actions:
        menu.addAction(action)
        if action is train.step_action:
            menu.addAction(train.back_action)  # Back sits next to Step, as its button does
    menu.addSeparator()
    menu.addAction(train.checkpoint_action)
    menu.addAction(train.handout_action)
    for action in (*train.training_actions, train.back_action, train.checkpoint_action, train.resume_file_action):
        action.triggered.connect(window.show_training)


def _view_menu(window: MainWindow) -> None:
    menu = _menu(window, noop("&View"))
    for i, name in enumerate(window.tab_names):
        action = build.action(window, name, shortcut=f"Ctrl+{i + 1}")
        action.setData(i)
        action.triggered.connect(window.show_tab)
        menu.addAction(action)
    menu.addSeparator()
    p = window.presentation
    for action in (p.zoom_in_action, p.zoom_out_action, p.zoom_reset_action, p.presentation_action):
        menu.addAction(action)
    menu.addSeparator()
    menu.addAction(window.language.menu.menuAction())
