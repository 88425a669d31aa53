"""View > Language: one checkable action per language, named in that language.

Choosing one switches every text of the window at once (:mod:`app.core.i18n`) and remembers
it in the settings; a language whose translation file is missing is refused with the reason,
and the English texts stay.
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Slot
from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QMenu

from app.core import i18n
from app.core.i18n import bind, tr
from app.window.back_link import BackLink

if TYPE_CHECKING:
    from app.window.main_window import MainWindow

__all__ = ["LanguageMenu"]


class LanguageMenu(QObject):
    """The Language submenu of one window (see the module docstring)."""

    window = BackLink["MainWindow"]()  # weak: the window holds this part (see back_link)

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.menu = QMenu(window)
        bind(self.menu, "setTitle", "&Language")
        self.group = QActionGroup(window)
        self.group.setExclusive(True)
        self.actions: dict[str, QAction] = {}
        for code, name in i18n.LANGUAGES.items():
            action = QAction(name, window)  # i18n: none (each language is named in itself)
            action.setCheckable(True)
            action.setData(code)
            action.setChecked(code == i18n.current_language())
            self.group.addAction(action)
            self.menu.addAction(action)
            self.actions[code] = action
        self.group.triggered.connect(self._on_group_triggered)
        i18n.connect(self._on_language_changed)

    @Slot(QAction)
    def _on_group_triggered(self, action: QAction) -> None:
        self.choose(str(action.data()))

    def choose(self, language: str) -> bool:
        """Switch every text to ``language`` and remember it; False (and a message, English
        kept) when its translation file is missing."""
        if language == i18n.current_language():
            self._check_current()
            return True
        if not i18n.set_language(language):
            self._check_current()
            self.unavailable(language)
            return False
        self.window.settings.language = language
        return True

    def unavailable(self, language: str) -> None:
        """Say that ``language``'s translation could not be loaded (the texts stay as they are)."""
        name = i18n.LANGUAGES.get(language, language)
        path = str(i18n.qm_path(language))

        def text() -> str:
            return tr(
                "{language} is not available: its translation file {path} is missing. The texts stay in English."
            ).format(language=name, path=path)

        bar = self.window.message_bar()
        if bar is not None:
            bar.error(lambda: html.escape(text()))
        self.window.say(text, 15000)

    def _check_current(self) -> None:
        action = self.actions.get(i18n.current_language())
        if action is not None:
            action.setChecked(True)

    @Slot(str)
    def _on_language_changed(self, _language: str) -> None:
        self._check_current()
