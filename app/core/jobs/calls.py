"""Calls that take seconds, run one at a time off the GUI thread, each result delivered in it.

Loading an OpenAI encoding (seconds for o200k), opening or saving a tokenizer file, encoding
the text being typed: each is one call that must not run in the GUI thread. A
:class:`CallQueue` runs its calls in order in a :class:`~app.core.jobs.runner.Worker` thread and
emits ``delivered(tag, result, message)`` in the GUI thread; an error becomes a message (the
engine's own words, or what ``describe`` makes of the exception), never an exception in a
background thread.

Queues given one :class:`Lane` run their calls one at a time between them (a view's
background measures): each thread running Python takes turns at the interpreter lock with
the GUI thread, so fewer of them at once leave it its turns sooner.

With ``latest_only`` a new call replaces the one still waiting, and :meth:`CallQueue.is_stale`
tells the running call that a newer one waits, so it can stop early (live encoding: only
the newest text matters). A thread runs while calls wait and ends when none is left; the
next call starts a new one.

It leaves out what the calls do (the controllers pass them in).
"""

from __future__ import annotations

import contextlib
import threading
import traceback
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QObject, Signal, Slot

from app.core.jobs.runner import Worker, start
from bpe_engine import errors

__all__ = ["CallQueue", "Lane"]


class Lane:
    """Where the calls of several queues run one at a time (see the module docstring)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()

    def __enter__(self) -> None:
        self._lock.acquire()

    def __exit__(self, *_exc: object) -> None:
        self._lock.release()


@dataclass(frozen=True)
class _Call:
    tag: object
    fn: Callable[[], object]
    describe: Callable[[BaseException], str]

    def __call__(self) -> tuple[object, str]:
        try:
            return self.fn(), ""
        except (errors.BPEError, OSError) as exc:
            return None, _described(self.describe, exc)
        except Exception as exc:  # a bad file or an engine bug must never take the app down
            traceback.print_exc()
            return None, _described(self.describe, exc)


def _described(describe: Callable[[BaseException], str], exc: BaseException) -> str:
    """``describe(exc)``, then the locals of the frames its traceback (and those of the
    exceptions it chains) holds let go: they reference the exception and one another (an
    offline download of an OpenAI encoding leaves a requests session in such cycles), and a
    cycle left to the collector stays frozen for the session (see :mod:`app.core.jobs.runner`)."""
    message = describe(exc)
    seen: set[int] = set()
    link: BaseException | None = exc
    while link is not None and id(link) not in seen:
        seen.add(id(link))
        traceback.clear_frames(link.__traceback__)
        link = link.__cause__ or link.__context__
    return message


class _Line:
    """The calls waiting, shared by the queue (GUI thread) and its worker (lock-protected)."""

    def __init__(self, latest_only: bool) -> None:
        self.latest_only = latest_only
        self.lock = threading.Lock()
        self.waiting: deque[_Call] = deque()
        self.running = False  # a worker is taking calls
        self.closed = False
        self.idle = threading.Event()  # no call runs or waits
        self.idle.set()

    def put(self, call: _Call) -> tuple[bool, bool]:
        """Queue ``call``; returns (a waiting call was replaced, a worker must be started)."""
        with self.lock:
            if self.closed:
                return False, False
            replaced = self.latest_only and bool(self.waiting)
            if replaced:
                self.waiting.clear()
            self.waiting.append(call)
            start = not self.running
            self.running = True
            self.idle.clear()
            return replaced, start

    def take(self) -> _Call | None:
        """The next call, or None: then the worker ends and the line is idle."""
        with self.lock:
            if self.waiting and not self.closed:
                return self.waiting.popleft()
            self.waiting.clear()
            self.running = False
            self.idle.set()
            return None

    def is_stale(self) -> bool:
        return bool(self.waiting) or self.closed

    def close(self) -> None:
        with self.lock:
            self.closed = True
            self.waiting.clear()


class _CallWorker(Worker):
    """Takes calls from its line until none is left.

    Signals:
        delivered(object, object, str): tag, result (None on error), error message ("" if none).
    """

    delivered = Signal(object, object, str)

    def __init__(self, line: _Line, lane: Lane | contextlib.nullcontext[None]) -> None:
        super().__init__()
        self._line = line
        self._lane = lane

    def run(self) -> None:
        while True:
            with self._lane:  # (a call is taken once the lane is ours: one closed or replaced
                call = self._line.take()  # while waiting for it is not run)
                if call is None:
                    return
                result, message = call()
            if not self._line.closed:
                self.delivered.emit(call.tag, result, message)

    def cancel(self) -> None:
        self._line.close()


class CallQueue(QObject):
    """Runs calls one at a time in a background thread (see the module docstring).

    Signals:
        delivered(object, object, str): in the GUI thread: the call's tag, its result (None
            when it failed) and the message saying why it failed ("" if it did not).
    """

    delivered = Signal(object, object, str)

    def __init__(
        self, name: str, parent: QObject | None = None, *, latest_only: bool = False, lane: Lane | None = None
    ) -> None:
        super().__init__(parent)
        self.name = name
        self._line = _Line(latest_only)
        self._lane = lane

    def submit(self, tag: object, fn: Callable[[], object], describe: Callable[[BaseException], str] = str) -> bool:
        """Queue ``fn()``; True when it replaced a call still waiting (``latest_only``).

        After :meth:`close` nothing is queued.
        """
        replaced, needs_worker = self._line.put(_Call(tag, fn, describe))
        if needs_worker:
            worker = _CallWorker(self._line, self._lane or contextlib.nullcontext())
            worker.delivered.connect(self._on_worker_delivered)
            start(worker, self.name)
        return replaced

    def is_busy(self) -> bool:
        """A call runs or waits."""
        return not self._line.idle.is_set()

    def is_stale(self) -> bool:
        """Thread-safe, for the running call: a newer call waits, or the queue was closed."""
        return self._line.is_stale()

    def wait(self, seconds: float | None = 30.0) -> bool:
        """Block until no call runs or waits (shutdown and tests only; the GUI never waits on this).

        ``seconds`` None: as long as it takes.
        """
        return self._line.idle.wait(seconds)

    def close(self) -> None:
        """Drop the waiting calls and deliver nothing more; a running call ends on its own."""
        self._line.close()

    @Slot(object, object, str)
    def _on_worker_delivered(self, tag: object, result: object, message: str) -> None:
        self.delivered.emit(tag, result, message)
