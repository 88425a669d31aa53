"""Writing a tokenizer in other programs' formats, off the GUI thread.

:meth:`bpe_engine.Tokenizer.export` builds the whole file first (a Hugging Face
``tokenizer.json`` of o200k lists every split of 200 000 tokens) and checks that the format
reproduces the tokenizer's ids, refusing with the reason when it cannot
(:class:`~bpe_engine.errors.ExportError`); every file is saved atomically. That takes seconds
for big vocabularies, so :class:`ExportController` runs one export at a time in a background
thread (a :class:`~app.core.jobs.calls.CallQueue`) and reports in the GUI thread.

It leaves out choosing the format and the destination (the export dialog).
"""

from __future__ import annotations

import os
from enum import StrEnum

from PySide6.QtCore import QObject, Signal, Slot

from app.core.i18n import tr
from app.core.jobs.calls import CallQueue
from bpe_engine import Tokenizer, UnigramTokenizer, errors

__all__ = ["ExportController", "ExportFormat"]


class ExportFormat(StrEnum):
    """The formats the app describes (the engine's names, :data:`bpe_engine.EXPORT_FORMATS`);
    strings, so the engine and the signals take them as they are."""

    OURS = "ours"
    HF = "hf"
    TIKTOKEN = "tiktoken"
    GPT2 = "gpt2"


def _message(path: str, exc: BaseException) -> str:
    if isinstance(exc, errors.BPEError):
        return str(exc)
    if isinstance(exc, OSError):
        return tr("{path}: cannot save ({reason}); choose another folder").format(path=path, reason=exc.strerror or exc)
    return tr("{path}: the export failed ({kind}: {detail})").format(path=path, kind=type(exc).__name__, detail=exc)


class ExportController(QObject):
    """Exports tokenizers in the background (see the module docstring).

    Signals:
        busy_changed(bool): an export started (True) or its answer arrived (False).
        exported(str, list): the format and the paths written.
        failed(str, str): the format and why (the engine's reason: what the format cannot
            express, or why the file cannot be saved).
    """

    busy_changed = Signal(bool)
    exported = Signal(str, list)
    failed = Signal(str, str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._busy = False
        self._jobs = CallQueue("export", self)
        self._jobs.delivered.connect(self._on_jobs_delivered)

    def is_busy(self) -> bool:
        return self._busy

    def export(self, tokenizer: Tokenizer | UnigramTokenizer, path: str | os.PathLike[str], format: str) -> bool:
        """Write ``tokenizer`` to ``path`` in ``format`` (``ours``, ``hf``, ``tiktoken``, ``gpt2``)
        in the background; False while another export runs."""
        if self._busy:
            return False
        self._busy = True
        self.busy_changed.emit(True)
        target = os.fspath(path)
        self._jobs.submit(format, lambda: tokenizer.export(target, format), lambda exc: _message(target, exc))
        return True

    def wait(self, seconds: float = 60.0) -> bool:
        """Block until no export runs (shutdown and tests only)."""
        return self._jobs.wait(seconds)

    @Slot(object, object, str)
    def _on_jobs_delivered(self, format: object, result: object, message: str) -> None:
        self._busy = False
        self.busy_changed.emit(False)
        if isinstance(result, list):
            self.exported.emit(str(format), [str(p) for p in result])
        else:
            self.failed.emit(str(format), message)
