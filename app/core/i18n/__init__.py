"""The app's two languages, English and Simplified Chinese, switchable while it runs.

Every user-visible string is written in English in the code and goes through :func:`tr`
(``QCoreApplication.translate`` in one context, :data:`CONTEXT`). Its Chinese lives in Qt's
translation files: ``resources/i18n/bpe_explorer_zh_CN.ts`` (XML, edited by people or Qt
Linguist) compiled by ``pyside6-lrelease`` to the ``.qm`` that a ``QTranslator`` loads.
``python -m app.core.i18n.catalog`` refreshes the ``.ts`` from the code and compiles it.

Switching without a restart: :func:`set_language` swaps the translator, re-applies every text
registered with :func:`bind` (labels, buttons, menus, tooltips: set once, kept in step) and
then emits :attr:`Notifier.changed`, on which views redraw the texts they compose from figures
(``tr_n("%n token(s)", n)``) and models announce new headers.

Strings that are defined before a translator exists (tables of names at module level) are
marked with :func:`noop` so the catalog finds them, and translated with :func:`tr` where shown.
"""

from __future__ import annotations

import inspect
import logging
import re
import weakref
from collections.abc import Callable
from pathlib import Path
from typing import Any

import shiboken6
from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QObject, QTranslator, Signal

log = logging.getLogger(__name__)

__all__ = [
    "CONTEXT",
    "LANGUAGES",
    "Notifier",
    "bind",
    "connect",
    "current_language",
    "disconnect",
    "forget_deleted",
    "language_for_locale",
    "noop",
    "notifier",
    "qm_path",
    "set_language",
    "tr",
    "tr_n",
]

CONTEXT = "bpe_explorer"
#: Language code -> its name in that language (shown so in the menu, never translated).
LANGUAGES: dict[str, str] = {"en": "English", "zh_CN": "简体中文"}
SOURCE_LANGUAGE = "en"


def tr(source: str) -> str:
    """``source`` in the current language.

    For a number of things use :func:`tr_n` (plural forms).
    """
    return QCoreApplication.translate(CONTEXT, source)


def tr_n(source: str, n: int) -> str:
    """``source`` for the number ``n`` in the current language, through Qt's plural forms.

    ``source`` holds ``%n`` (the number, written as :func:`app.display.format.format_count`
    writes counts) and English's two forms as ``(s)``: ``tr_n("after %n merge(s)", k)``. Qt
    picks the Chinese form from the ``.ts`` (a ``numerus="yes"`` message); English, the source
    language, has no translation file, so its rule is applied here: ``(s)`` is dropped for 1
    and becomes ``s`` otherwise.
    """
    text = QCoreApplication.translate(CONTEXT, source, None, n)
    text = _ENGLISH_PLURAL.sub("" if n == 1 else r"\1", text)
    if abs(n) >= 1000:  # Qt wrote the plain digits; counts are grouped everywhere else
        text = _grouped(text, n)
    return text


def _grouped(text: str, n: int) -> str:
    """``text`` with the first ``n`` written in plain digits (not part of a longer number)
    written as :func:`app.display.format.format_count` does. One compiled pattern: a pattern
    per number was compiled for each new count shown, in the GUI thread (4 in one result of
    Compare, up to 10 ms each), and filled the cache of ``re``."""
    from app.display.format import format_count

    digits = str(n)  # (Qt writes %n for n >= 0 only)
    for match in _DIGIT_RUN.finditer(text):
        if match.group() == digits:
            return text[: match.start()] + format_count(n) + text[match.end() :]
    return text


_ENGLISH_PLURAL = re.compile(r"\((s|es)\)")
_DIGIT_RUN = re.compile(r"(?<![\d.])\d+(?![\d.])")


def noop(source: str) -> str:
    """Marks ``source`` for the catalog without translating it now (see the module docstring)."""
    return source


def qm_path(language: str) -> Path:
    """The compiled translation of ``language``."""
    return _translations_dir() / f"bpe_explorer_{language}.qm"


def _translations_dir() -> Path:
    # Installed, resources/ is the package app.resources (pyproject.toml maps it).
    from importlib.resources import files

    return Path(str(files("app.resources"))) / "i18n"


def language_for_locale(locale: QLocale | None = None) -> str:
    """The app language for a locale: Simplified Chinese for any Chinese locale, else English."""
    locale = locale or QLocale.system()
    return "zh_CN" if locale.language() == QLocale.Language.Chinese else SOURCE_LANGUAGE


class Notifier(QObject):
    """Says when the language changed (after the translator and bound texts are updated)."""

    changed = Signal(str)


class _State:
    language = SOURCE_LANGUAGE
    translator: QTranslator | None = None
    qt_translator: QTranslator | None = None  # Qt's own texts (standard buttons: Close, Cancel, Open)
    notifier: Notifier | None = None
    # (object, method name, leading arguments, source, format fields)
    bindings: list[tuple[QObject, str, tuple[Any, ...], str, dict[str, Any]]] = []
    # what connect() registered: () -> the slot, or None once its owner is gone
    listeners: list[Callable[[], Callable[[str], object] | None]] = []


def notifier() -> Notifier:
    """The one :class:`Notifier` (created on first use, after the QApplication exists)."""
    if _State.notifier is None:
        _State.notifier = Notifier()
    return _State.notifier


def current_language() -> str:
    return _State.language


def bind(obj: QObject, method: str, source: str, *args: Any, **fields: Any) -> None:
    """Call ``obj.method(*args, tr(source).format(**fields))`` now and after every language change.

    For texts that are fixed once written: ``bind(button, "setText", "Train")``,
    ``bind(tabs, "setTabText", "Vocabulary", index)``. The binding goes when ``obj`` is deleted.
    """
    _apply(obj, method, args, source, fields)
    _State.bindings.append((obj, method, args, source, fields))
    if len(_State.bindings) % 256 == 0:  # dialogs come and go: drop the dead now and then
        forget_deleted()


def forget_deleted() -> None:
    """Let go of the bindings of deleted objects (their Python side, and what it holds, is
    then freed here, in the GUI thread)."""
    _State.bindings = [b for b in _State.bindings if shiboken6.isValid(b[0])]


def _apply(obj: QObject, method: str, args: tuple[Any, ...], source: str, fields: dict[str, Any]) -> None:
    text = tr(source)
    if fields:
        text = text.format(**fields)
    getattr(obj, method)(*args, text)


def set_language(language: str) -> bool:
    """Switch every text to ``language`` (a key of :data:`LANGUAGES`); False if its file is missing."""
    if language not in LANGUAGES:
        raise ValueError(f"unknown language {language!r}; use one of {', '.join(LANGUAGES)}")
    app = QCoreApplication.instance()
    if app is None:
        raise RuntimeError("set_language needs a QApplication")
    new: QTranslator | None = None
    if language != SOURCE_LANGUAGE:
        new = QTranslator()
        if not new.load(str(qm_path(language))):
            return False
    if _State.translator is not None:
        app.removeTranslator(_State.translator)
    if _State.qt_translator is not None:
        app.removeTranslator(_State.qt_translator)
        _State.qt_translator = None
    if new is not None:
        app.installTranslator(new)
        qt = QTranslator()
        # Qt's standard buttons (Close, Cancel, Open…) in the same language, when Qt ships it
        if qt.load(f"qtbase_{language}", QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)):
            app.installTranslator(qt)
            _State.qt_translator = qt
    _State.translator = new
    _State.language = language
    forget_deleted()
    live = _State.bindings
    # subtle: one failing text or listener (a bug) must not leave the rest of the window in
    # the old language and the choice unsaved: it is logged and the switch goes on.
    for obj, method, args, source, fields in live:
        try:
            _apply(obj, method, args, source, fields)
        except Exception:
            log.exception("switching %r to %s failed", source, language)
    listeners = []
    for ref in _State.listeners:
        slot = ref()
        owner = getattr(slot, "__self__", None)
        if slot is None or (isinstance(owner, shiboken6.Shiboken.Object) and not shiboken6.isValid(owner)):
            continue  # its widget or model is gone (a view closed): calling it would crash
        listeners.append(ref)
        try:
            slot(language)
        except Exception:
            log.exception("a language listener (%r) failed switching to %s", slot, language)
    _State.listeners = listeners
    notifier().changed.emit(language)
    return True


def connect(slot: Callable[[str], object]) -> None:
    """Run ``slot(language)`` after each language change.

    subtle: a method is held weakly and skipped once its Qt object is deleted. A signal
    connection to it would outlive a model whose C++ half its parent view deleted, and
    calling it then crashed the process."""
    if inspect.ismethod(slot):
        _State.listeners.append(weakref.WeakMethod(slot))
    else:
        _State.listeners.append(lambda: slot)
    if len(_State.listeners) % 256 == 0:  # views and dialogs come and go: drop the dead now and then
        _State.listeners = [ref for ref in _State.listeners if ref() is not None]


def disconnect(slot: Callable[[str], object]) -> None:
    """Stop running ``slot`` after language changes."""
    _State.listeners = [ref for ref in _State.listeners if ref() != slot]
