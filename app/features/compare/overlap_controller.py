"""Vocabulary overlap of two tokenizers, worked out off the GUI thread.

:func:`bpe_engine.vocabulary_overlap` compares two vocabularies by token bytes; for Llama 3
(128 000 tokens) against o200k (200 000) it builds and sorts a few hundred thousand entries,
too long for a keystroke in the GUI thread. :class:`OverlapController` runs it in a
:class:`~app.core.jobs.calls.CallQueue` (a new request replaces one still waiting) and reports in
the GUI thread with the keys it was asked for, so a late answer for other tokenizers is
recognised and dropped by the view.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from PySide6.QtCore import QObject, Signal, Slot

from app.core.jobs.calls import CallQueue
from bpe_engine import TokenizerLike, VocabularyOverlap, vocabulary_overlap

__all__ = ["OverlapAnswer", "OverlapController"]


@dataclass(frozen=True)
class OverlapAnswer:
    """The overlap of the tokenizers ``key_a`` and ``key_b`` (``seconds``: time to compute)."""

    key_a: str
    key_b: str
    include_special: bool
    overlap: VocabularyOverlap
    seconds: float


def _compute(key_a: str, a: TokenizerLike, key_b: str, b: TokenizerLike, include_special: bool) -> OverlapAnswer:
    start = time.perf_counter()
    found = vocabulary_overlap(a, b, include_special=include_special)
    return OverlapAnswer(key_a, key_b, include_special, found, time.perf_counter() - start)


class OverlapController(QObject):
    """Computes vocabulary overlaps in the background (see the module docstring).

    Signals:
        busy_changed(bool): a computation started (True) or the last answer arrived (False).
        finished(object): an :class:`OverlapAnswer`.
        failed(str): why the overlap could not be computed.
    """

    busy_changed = Signal(bool)
    finished = Signal(object)
    failed = Signal(str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._jobs = CallQueue("overlap", self, latest_only=True)
        self._jobs.delivered.connect(self._on_jobs_delivered)
        self._waiting = 0

    def request(
        self, key_a: str, a: TokenizerLike, key_b: str, b: TokenizerLike, *, include_special: bool = False
    ) -> None:
        """Compute the overlap of ``a`` and ``b`` (answered by ``finished``)."""
        if self._waiting == 0:
            self.busy_changed.emit(True)
        replaced = self._jobs.submit(
            (key_a, key_b), lambda: _compute(key_a, a, key_b, b, include_special), lambda exc: str(exc)
        )
        if not replaced:
            self._waiting += 1

    def is_busy(self) -> bool:
        return self._waiting > 0

    def wait(self, seconds: float = 60.0) -> bool:
        """Block until no computation runs (shutdown and tests only)."""
        return self._jobs.wait(seconds)

    def shutdown(self) -> None:
        self._jobs.close()

    @Slot(object, object, str)
    def _on_jobs_delivered(self, _tag: object, result: object, message: str) -> None:
        self._waiting = max(self._waiting - 1, 0)
        if self._waiting == 0:
            self.busy_changed.emit(False)
        if isinstance(result, OverlapAnswer):
            self.finished.emit(result)
        else:
            self.failed.emit(message)
