"""The vocabulary-size sweep's background work: curves, OpenAI reference points, text files.

:class:`SweepController` runs :mod:`app.features.sweep.job` off the GUI thread and re-emits the
results here, in it: the bytes per token of each held-out text for every vocabulary size of
one tokenizer (newest request wins), each OpenAI encoding's figures on the same texts, and a
user's text file read and checked. Every request carries a tag the view chose; a result comes
back with it, so the view can drop results for texts it no longer shows.

It leaves out drawing and exporting (the Sweep view).
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from functools import partial

from PySide6.QtCore import QObject, Signal, Slot

from app.core.i18n import tr
from app.core.jobs.calls import CallQueue, Lane
from app.features.sweep.heldout import HeldOutText
from app.features.sweep.job import SweepReference, TextFileError, read_text_file, reference_counts, sweep_curves
from bpe_engine import Tokenizer

__all__ = ["SweepController"]


def _detail(exc: BaseException) -> str:
    """The engine's or the system's own words (English, as they come)."""
    return str(exc) if isinstance(exc, (OSError, ValueError)) else f"{type(exc).__name__}: {exc}"


def _describe_measure(exc: BaseException) -> str:
    return tr("Cannot measure the texts: {reason}").format(reason=_detail(exc))


def _describe_file(path: str, exc: BaseException) -> str:
    if isinstance(exc, TextFileError):
        return str(exc)  # (already says which file and what is wrong, translated)
    return tr("Cannot read {name}: {reason}").format(name=os.path.basename(path), reason=_detail(exc))


class SweepController(QObject):
    """The Sweep view's jobs (see the module docstring).

    Signals:
        curves_ready(object, list): the tag of :meth:`measure` and a ``SweepCurve`` per text.
        reference_ready(object, SweepReference): the tag of :meth:`measure_reference` and the figures.
        text_loaded(HeldOutText): a file read by :meth:`load_text`.
        failed(str): a job failed; the message says why (a file: which and what is wrong).
    """

    curves_ready = Signal(object, list)
    reference_ready = Signal(object, SweepReference)
    text_loaded = Signal(HeldOutText)
    failed = Signal(str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        # One at a time: opening the tab starts a curve, three references and the merges
        # (the view's maker); side by side with Compare's loads they left the GUI thread a
        # sixth of the interpreter lock, its first paint waiting 50-110 ms (issue 20 F).
        self.lane = Lane()
        self._curves = CallQueue("sweep-curves", self, latest_only=True, lane=self.lane)
        self._curves.delivered.connect(self._on_curves_delivered)
        self._references = CallQueue("sweep-references", self, lane=self.lane)
        self._references.delivered.connect(self._on_references_delivered)
        self._files = CallQueue("sweep-files", self)
        self._files.delivered.connect(self._on_files_delivered)

    def measure(self, tag: object, tokenizer: Tokenizer, texts: Sequence[HeldOutText]) -> None:
        """Every vocabulary size of ``tokenizer`` on ``texts``; ``curves_ready(tag, curves)``."""
        self._curves.submit(tag, partial(sweep_curves, tokenizer, list(texts)), _describe_measure)

    def measure_reference(self, tag: object, key: str, tokenizer: Tokenizer, texts: Sequence[HeldOutText]) -> None:
        """An OpenAI encoding on ``texts``; ``reference_ready(tag, figures)``."""
        self._references.submit(
            tag,
            partial(reference_counts, key, tokenizer, list(texts)),
            lambda exc: tr("Cannot measure {name}: {reason}").format(name=key, reason=_detail(exc)),
        )

    def load_text(self, path: str) -> None:
        """Read a held-out text file; ``text_loaded`` or ``failed``."""
        self._files.submit(path, partial(read_text_file, path), partial(_describe_file, path))

    def wait_idle(self, seconds: float = 60.0) -> bool:
        """Block until no job runs (tests and shutdown only)."""
        return all(q.wait(seconds) for q in (self._curves, self._references, self._files))

    def is_busy(self) -> bool:
        return any(q.is_busy() for q in (self._curves, self._references, self._files))

    @Slot()
    def shutdown(self) -> None:
        # No wait: a running call ends on its own, kept alive by the job runner (the GUI
        # thread must not block on an engine call when the window closes).
        for queue in (self._curves, self._references, self._files):
            queue.close()

    @Slot(object, object, str)
    def _on_curves_delivered(self, tag: object, curves: object, message: str) -> None:
        if isinstance(curves, list):
            self.curves_ready.emit(tag, curves)
        elif message:
            self.failed.emit(message)
            self.curves_ready.emit(tag, [])  # (nothing more comes for this tag: the view settles)

    @Slot(object, object, str)
    def _on_references_delivered(self, tag: object, figures: object, message: str) -> None:
        if isinstance(figures, SweepReference):
            self.reference_ready.emit(tag, figures)
        elif message:
            self.failed.emit(message)

    @Slot(object, object, str)
    def _on_files_delivered(self, _path: object, text: object, message: str) -> None:
        if isinstance(text, HeldOutText):
            self.text_loaded.emit(text)
        elif message:
            self.failed.emit(message)
