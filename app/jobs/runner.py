"""The one way the app runs work off the GUI thread: a :class:`Worker` in a thread of its own.

Every background job (training, corpus mode, live encoding, opening and saving tokenizer
files, loading OpenAI's encodings) is a :class:`Worker` started with :func:`start`. Its
:meth:`Worker.run` runs once in a new thread and reports through the worker's own signals;
Qt queues them to receivers in the GUI thread (controllers, which re-emit them there, so
views and tests only ever wait on GUI-thread signals). Commands to a running job (cancel,
pause) are plain methods backed by ``threading.Event``: a queued slot call would wait behind
the busy loop.

subtle: a ``QThread`` destroyed while it runs aborts the process, and a worker deleted while
its thread runs crashes it. So every started thread and its worker stay referenced here until
the thread has ended (they are let go at the next :func:`start` or query after that),
whatever happens meanwhile to the object that started them (a view closed, a controller
deleted): the worker's signals then simply have no receiver left. Nothing calls
``deleteLater`` on a worker; Python frees it after its thread.

subtle: Python's cyclic garbage collector runs in whichever thread happens to allocate when a
threshold is crossed. If that is a job's thread and the garbage holds a Qt widget (a menu, a
dialog of a closed view), the widget is destroyed outside the GUI thread: PySide then waits
for the GUI thread while the GUI thread waits for the widget's lock, and the app hangs. So
the first :func:`start` turns automatic collection off and collects on a timer in the GUI
thread instead (:func:`collect_in_gui_thread`, as pyqtgraph's ``GarbageCollector`` does).

It leaves out what a job does and what its results mean (the other modules of
:mod:`app.jobs`, and the controllers).
"""

from __future__ import annotations

import atexit
import gc
import logging

from PySide6.QtCore import QCoreApplication, QObject, QThread, QTimer

__all__ = ["Worker", "JobThread", "start", "live_threads", "wait_all", "stop_all", "collect_in_gui_thread"]

log = logging.getLogger(__name__)


class Worker(QObject):
    """A background job: subclasses implement :meth:`run` and :meth:`cancel` and declare the
    signals they report with (emitted from the job's thread)."""

    def run(self) -> None:
        """Do the job, in its own thread; report failures through a signal, never raise."""
        raise NotImplementedError

    def cancel(self) -> None:
        """Ask the job to stop soon. Called from the GUI thread; thread-safe; never waits."""
        raise NotImplementedError


class JobThread(QThread):
    """The thread of one worker: it calls ``worker.run()`` once (no event loop) and ends."""

    def __init__(self, worker: Worker, name: str) -> None:
        super().__init__()
        self.worker = worker
        self.setObjectName(name)

    def run(self) -> None:
        try:
            self.worker.run()
        except Exception:  # a worker reports its own errors; this is a bug, and it must be seen
            log.exception("background job %s failed", self.objectName())


_LIVE: set[JobThread] = set()


def _release_ended() -> None:
    # subtle: threads are let go here, in the GUI thread's ordinary code, never from a slot
    # of the thread object itself (deleting an object inside its own event is unsafe).
    for thread in [t for t in _LIVE if t.isFinished()]:
        thread.wait()  # returns at once: the thread has ended
        _LIVE.discard(thread)


_collector: QTimer | None = None


def _collect() -> None:
    """One generation at a time, when the allocation counts say the collector would have run."""
    counts, thresholds = gc.get_count(), gc.get_threshold()
    for generation in range(3):
        if counts[generation] <= thresholds[generation]:
            break
        gc.collect(generation)


def collect_in_gui_thread(interval_ms: int = 250) -> None:
    """Collect cyclic garbage only in the GUI thread, on a timer (see the module docstring).
    Called from the GUI thread; a second call does nothing."""
    global _collector
    app = QCoreApplication.instance()
    if _collector is not None or app is None:
        return
    _collector = QTimer(app)
    _collector.timeout.connect(_collect)
    _collector.start(interval_ms)
    gc.disable()


def start(worker: Worker, name: str) -> JobThread:
    """Run ``worker.run()`` in a new thread, kept referenced until it ends (GUI thread only)."""
    collect_in_gui_thread()
    _release_ended()
    thread = JobThread(worker, name)
    _LIVE.add(thread)
    thread.start()
    return thread


def live_threads() -> list[JobThread]:
    """The job threads that have not ended yet."""
    _release_ended()
    return list(_LIVE)


def wait_all(msecs: int = 10_000) -> bool:
    """Wait for every job thread to end (window closing, tests); False if one is still running."""
    for thread in list(_LIVE):
        thread.wait(msecs)
    _release_ended()
    return not _LIVE


def stop_all(msecs: int = 10_000) -> bool:
    """Cancel every job, then wait for their threads (:func:`wait_all`)."""
    for thread in list(_LIVE):
        thread.worker.cancel()
    return wait_all(msecs)


# At interpreter exit the threads must have ended before Python drops the last reference.
atexit.register(stop_all)
