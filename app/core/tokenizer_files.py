"""Opening and saving tokenizer files off the GUI thread.

Loading a 200 000-token file takes seconds (Llama 3's ``tokenizer.json`` about two) and
``Tokenizer.save`` about one: far too long for the GUI thread. :class:`TokenizerFileController`
runs one such job at a time in a background thread (a :class:`~app.core.jobs.calls.CallQueue`) and
reports in the GUI thread, where views and tests wait on its signals. Opening takes every
format :func:`bpe_engine.load_tokenizer` reads (told from the content); a tiktoken rank file
without a pattern is reported by ``pattern_needed`` with what was found beside it, so the
window can ask for the pattern and open it again. An open can be cancelled: its result is
dropped when it arrives (the engine cannot be interrupted mid-file). A request while a job
runs is refused (views disable their open/save buttons while
:meth:`TokenizerFileController.is_busy`). Saves are atomic (the engine writes a temporary
file and renames it), so a failed save leaves any older file as it was.

:class:`TiktokenFileOpener` loads a local ``.tiktoken`` file (base64 token and rank per line)
the same way and registers it: the offline fix for an OpenAI encoding tiktoken cannot
download.

It leaves out choosing the file (dialogs are the views') and what an opened tokenizer of our
format is used for (the view registers it).
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from enum import StrEnum

from PySide6.QtCore import QCoreApplication, QObject, Signal, Slot

from app.core.i18n import tr
from app.core.jobs.calls import CallQueue
from app.core.registry import RegistryKind, SpecialTokens, TokenizerRegistry, load_any
from bpe_engine import Tokenizer, TokenizerLike, errors, load_tiktoken_file

__all__ = ["FileJob", "TokenizerFileController", "TiktokenFileOpener"]


class FileJob(StrEnum):
    """The kind of a file job (``failed``'s first argument): a string, so "open" still compares."""

    OPEN = "open"
    SAVE = "save"


def _run(
    kind: str, path: str, tokenizer: Tokenizer | None, pattern: str | None, special_tokens: SpecialTokens | None
) -> TokenizerLike | errors.PatternNeededError:
    if kind == "open":
        try:
            return load_any(path, pattern, special_tokens)
        except errors.PatternNeededError as exc:
            return exc  # not a failure: the window asks for the pattern
    assert tokenizer is not None
    tokenizer.save(path)
    return tokenizer


#: The engine's failed save, after its path: ``cannot save (Not a directory); choose another folder``.
_CANNOT_SAVE = re.compile(r"^cannot save \((?P<why>.*)\); choose another folder$", re.DOTALL)


def _message(kind: str, path: str, exc: BaseException) -> str:
    if isinstance(exc, OSError):
        reason = exc.strerror or str(exc)
    elif isinstance(exc, errors.BPEError):
        reason = str(exc)
    else:
        reason = tr("unexpected error ({kind}: {detail})").format(kind=type(exc).__name__, detail=exc)
    # The engine's messages start with the path themselves: say it once.
    reason = reason.removeprefix(f"{path}: ").removeprefix(f"{path}:")
    if kind == "open":
        if isinstance(exc, OSError):
            return tr("Cannot open {path}: {reason}; check the path and permissions.").format(path=path, reason=reason)
        return tr("Cannot open {path}: {reason}").format(path=path, reason=reason)
    if isinstance(exc, errors.BPEError):
        cannot = _CANNOT_SAVE.match(reason)
        if cannot is None:  # the engine's message says what to do already
            return tr("Cannot save the tokenizer to {path}: {reason}.").format(path=path, reason=reason)
        # The system refused the file: its reason, then the advice in the app's language (the
        # engine's is English, and "cannot save" is this sentence's start already).
        reason = cannot["why"]
    return tr("Cannot save the tokenizer to {path}: {reason}. Choose another folder or name.").format(
        path=path, reason=reason
    )


class TokenizerFileController(QObject):
    """Opens and saves tokenizers in the background (see the module docstring).

    Signals:
        busy_changed(bool): a job started (True) or its result was delivered (False).
        opened(str, object): the path and the tokenizer loaded from it (a
            :class:`~bpe_engine.Tokenizer` or :class:`~bpe_engine.SentencePieceTokenizer`).
        saved(str, object): the path and the tokenizer written there.
        failed(str, str, str): the job ("open" or "save"), the path, and a message for the user
            that names the file and says how to fix the problem.
        pattern_needed(str, object): the path of a tiktoken rank file that holds no pattern,
            and the engine's :class:`~bpe_engine.errors.PatternNeededError` (the special
            tokens found beside it and where): open it again with ``pattern=``.
    """

    busy_changed = Signal(bool)
    opened = Signal(str, object)
    saved = Signal(str, object)
    failed = Signal(str, str, str)
    pattern_needed = Signal(str, object)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._busy = False  # GUI-thread view: True from start until the result is delivered
        self._job_id = 0
        #: "open" or "save" while busy, and the path of that job.
        self.kind = ""
        self.path = ""
        self._jobs = CallQueue("tokenizer-files", self)
        self._jobs.delivered.connect(self._on_jobs_delivered)
        app = QCoreApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(self.shutdown)

    def is_busy(self) -> bool:
        return self._busy

    def open(
        self,
        path: str | os.PathLike[str],
        *,
        pattern: str | None = None,
        special_tokens: SpecialTokens | None = None,
    ) -> bool:
        """Load ``path`` (any format) in the background (``opened``, ``pattern_needed`` or
        ``failed``); ``pattern`` and ``special_tokens`` complete a tiktoken rank file. False
        while busy."""
        return self._start("open", os.fspath(path), None, pattern, special_tokens)

    def save(self, tokenizer: Tokenizer, path: str | os.PathLike[str]) -> bool:
        """Write ``tokenizer`` to ``path`` atomically in the background (``saved`` or ``failed``)."""
        return self._start("save", os.fspath(path), tokenizer)

    def cancel_open(self) -> bool:
        """Give up the running open (its result is dropped when it arrives); True if there was one.

        The file is still read to the end in the background, but nothing waits for it: the
        controller is free at once, and what was on screen stays.
        """
        if not self._busy or self.kind != "open":
            return False
        self._job_id += 1  # the running job's answer no longer matches
        self._busy = False
        self.kind = self.path = ""
        self.busy_changed.emit(False)
        return True

    def wait_idle(self, seconds: float = 30.0) -> bool:
        """Block until no job runs (shutdown and tests only; the GUI never waits on this)."""
        return self._jobs.wait(seconds)

    @Slot()
    def shutdown(self, seconds: float = 30.0) -> bool:
        """The window is closing: a save the user asked for is finished (waited for); an open
        is given up at once (nothing would show it; its thread ends on its own, and
        :mod:`app.core.jobs.runner`'s exit hook lets it end before the process does)."""
        if self._busy and self.kind == "open":
            self.cancel_open()
            return True
        return self._jobs.wait(seconds)

    def _start(
        self,
        kind: str,
        path: str,
        tokenizer: Tokenizer | None,
        pattern: str | None = None,
        special_tokens: SpecialTokens | None = None,
    ) -> bool:
        if self._busy:
            return False
        self._job_id += 1
        self._busy = True
        self.kind, self.path = kind, path
        self.busy_changed.emit(True)
        self._jobs.submit(
            (self._job_id, kind, path),
            lambda: _run(kind, path, tokenizer, pattern, special_tokens),
            lambda exc: _message(kind, path, exc),
        )
        return True

    @Slot(object, object, str)
    def _on_jobs_delivered(self, tag: object, result: object, message: str) -> None:
        assert isinstance(tag, tuple)
        job_id, kind, path = tag
        if job_id != self._job_id:
            return
        self._busy = False
        self.kind = self.path = ""
        self.busy_changed.emit(False)
        if result is None:
            self.failed.emit(kind, path, message)
        elif isinstance(result, errors.PatternNeededError):
            self.pattern_needed.emit(path, result)
        elif kind == "open":
            self.opened.emit(path, result)
        else:
            self.saved.emit(path, result)


def _tiktoken_message(path: str) -> Callable[[BaseException], str]:
    def describe(exc: BaseException) -> str:
        if isinstance(exc, errors.BPEError):
            return str(exc)
        return tr("{path}: cannot be loaded ({reason})").format(path=path, reason=exc)

    return describe


class TiktokenFileOpener(QObject):
    """Loads ``*.tiktoken`` files in the background and adds them to the registry.

    Signals:
        opened(str): the file's tokenizer is registered under this key.
        failed(str): the file could not be loaded (the message names it).
    """

    opened = Signal(str)
    failed = Signal(str)

    def __init__(self, registry: TokenizerRegistry, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.registry = registry
        self._loads = CallQueue("tiktoken-files", self)
        self._loads.delivered.connect(self._on_loads_delivered)
        #: The file being loaded ("" when none).
        self.loading = ""

    def open(self, path: str) -> None:
        self.loading = path
        self._loads.submit(path, lambda: load_tiktoken_file(path), _tiktoken_message(path))

    def wait(self, msecs: int = -1) -> bool:
        """Wait for the loads (tests); ``msecs`` -1: as long as it takes."""
        return self._loads.wait(None if msecs < 0 else msecs / 1000)

    @Slot(object, object, str)
    def _on_loads_delivered(self, path: object, tokenizer: object, message: str) -> None:
        self.loading = ""
        if not isinstance(tokenizer, Tokenizer):
            self.failed.emit(message)
            return
        label = tr("{name} (from {file})").format(
            name=tokenizer.name or tr("tokenizer"), file=os.path.basename(str(path))
        )
        self.opened.emit(self.registry.add(tokenizer, label, kind=RegistryKind.TIKTOKEN, path=str(path)))
