"""Live encoding off the GUI thread, newest request wins.

The tokenize, compare and stream views call :meth:`EncodeController.request` on every
keystroke. At most one job per controller runs at a time (a
:class:`~app.core.jobs.calls.CallQueue` that keeps only the newest waiting job); requests that
arrive meanwhile replace each other, so only the newest waits, and a running job stops
early once a newer one waits. Each request gets a generation number and a result is
delivered only if it belongs to the newest generation: typing fast never shows an old
text's tokens.

A request is handed to the job one turn of the event loop later: the view paints the text
it just got (a 1 MB paste: its first layout) before a job shares the interpreter lock with
it; started at once, the job's turns stretched that paint by 30-40 ms (issue 20, F).

It leaves out what is encoded (:mod:`app.core.encode_job`) and how it is shown (the views).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial

from PySide6.QtCore import QCoreApplication, QObject, QTimer, Signal, Slot

from app.core.encode_job import run_job
from app.core.jobs.calls import CallQueue
from app.core.messages import ChatRequest, EncodeJob, EncodeResult
from bpe_engine import SpecialMode, TokenizerLike

__all__ = ["EncodeController"]


def _describe(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {exc}"


class EncodeController(QObject):
    """Encodes the newest text of a view in the background (see the module docstring).

    Signals:
        finished(EncodeResult): the :class:`~app.core.messages.EncodeResult` of the newest request.
        failed(str): the newest request's job raised an unexpected error (message for the user).
    """

    finished = Signal(EncodeResult)
    failed = Signal(str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._calls = CallQueue("encode", self, latest_only=True)
        self._calls.delivered.connect(self._on_calls_delivered)
        #: Generation of the newest request; results of older ones are dropped.
        self.generation = 0
        #: How many requests were superseded before their result was shown (for the benchmark).
        self.dropped = 0
        self._pending: EncodeJob | None = None  # handed to the queue at the next turn
        self._hand_over = QTimer(self)
        self._hand_over.setSingleShot(True)
        self._hand_over.setInterval(0)
        self._hand_over.timeout.connect(self._submit)
        app = QCoreApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(self.shutdown)

    def request(
        self,
        text: str,
        mode: SpecialMode,
        tokenizers: Sequence[tuple[str, TokenizerLike]],
        *,
        want_pieces: bool = False,
        as_of: Mapping[str, int] | None = None,
        chat: ChatRequest | None = None,
    ) -> int:
        """Encode ``text`` with each ``(key, tokenizer)``; returns the request's generation.

        ``as_of``: for these keys, encode with only the tokenizer's first merges (the training
        timeline's "as of merge k"). ``chat``: render this chat with the first tokenizer's
        template and encode that text instead (Tokenize's Chat mode).
        """
        self.generation += 1
        limits = tuple((as_of or {}).items())
        if self._pending is not None:
            self.dropped += 1  # (replaced before its turn came)
        self._pending = EncodeJob(self.generation, text, mode, tuple(tokenizers), want_pieces, limits, chat)
        self._hand_over.start()
        return self.generation

    @Slot()
    def _submit(self) -> None:
        job, self._pending = self._pending, None
        if job is not None and self._calls.submit(job.generation, partial(run_job, job, self._is_stale), _describe):
            self.dropped += 1

    def _is_stale(self) -> bool:
        """For the running job (any thread): a newer request waits, in the queue or for its turn."""
        return self._pending is not None or self._calls.is_stale()

    def is_busy(self) -> bool:
        return self._pending is not None or self._calls.is_busy()

    def wait_idle(self, seconds: float = 10.0) -> bool:
        """Block until no job runs (tests and shutdown only; the GUI never waits on this)."""
        self._hand_over.stop()
        self._submit()
        return self._calls.wait(seconds)

    @Slot()
    def shutdown(self) -> None:
        """Drop pending work and deliver nothing more (app quit, window closing).

        A running job is not waited for: one engine call cannot be interrupted, and the GUI
        thread must not block on it; the job runner keeps its thread until it ends.
        """
        self._hand_over.stop()
        self._pending = None
        self._calls.close()

    @Slot(object, object, str)
    def _on_calls_delivered(self, generation: object, result: object, message: str) -> None:
        if not isinstance(result, EncodeResult):
            # None: the job failed (message) or stopped because a newer one waits (no message).
            if message and generation == self.generation:
                self.failed.emit(message)
            return
        if result.generation != self.generation:
            self.dropped += 1  # a newer request is on its way: never show old tokens
            return
        self.finished.emit(result)
