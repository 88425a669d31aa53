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

subtle: Python's cyclic garbage collector runs in whichever thread allocates when a threshold
is crossed. Garbage that holds a Qt widget (a menu of a closed view) destroyed in a job's
thread can hang the app, so :func:`start` first collects in the GUI thread, at most once a
second (typing starts many short jobs). Collecting only on a GUI-thread timer with the
automatic collector off was tried: it destroyed widgets in the middle of Qt's own event
handling and crashed.

subtle: even so, garbage made after that collection (a cycle nobody broke: a test's closed
view, a widget's stored callback) was collected in a job's thread when an allocation there
crossed the threshold, and a Qt object freed there crashed the app (segfaults in a later
test). So the first :func:`start` installs :func:`_no_collection_outside_gui`: a collection
that begins in any thread but the GUI thread first freezes every object, and so walks and
frees nothing; whatever garbage there was waits, frozen, like every frozen cycle below (a
leak, never a crash). Unlike collecting only on a timer, this frees nothing anywhere, and
the GUI thread's collections (here and those an allocation triggers) are untouched. The jobs
make next to no cyclic garbage themselves: in the Families, Measure and Train views' tests,
1 015 collections in job threads found none; they now also cost nothing.

subtle: a full collection walks every container Python tracks: with a tokenizer's tables and
a long text's tokens that took 100-400 ms, in the GUI thread here or, triggered by an
allocation, in a job's thread holding the interpreter lock (the GUI waited for it). So what
survives the GUI thread's collection is frozen (``gc.freeze``): later collections, wherever
they run, walk only what was made since. The price: a reference cycle among frozen objects
is never collected (the app breaks its cycles at their source; large data, tokens and
tables, are freed by reference counting).

subtle: a job's thread and the GUI thread share the interpreter lock. A thread that wants it
waits until the holder's turn ends: the switch interval, 5 ms by default. The GUI thread asks
for it at every call from Qt into Python (each paint, event, model ``data()`` and slot: hundreds
in one relayout), and a job running Python takes it back at once in between, so one turn of
the event loop waited for the lock 70-160 ms beyond its own CPU time while a Families training
ran (``benchmarks/gui_stalls.py``, the ``lock`` part of its split). While jobs run, the
interval is :data:`JOB_SWITCH_INTERVAL` divided by the number of jobs running (at least
:data:`MIN_SWITCH_INTERVAL`); the one before is restored when none is left. Divided, because
the lock a holder gives up goes to any thread waiting for it, not first to the GUI thread:
with five jobs running Python (opening Sweep while Compare's encodings load) each call into
Python waited a few turns, 50-110 ms in one turn of the event loop at 1 ms, 0-50 at 0.2 ms.
Shorter turns cost the jobs only while several run Python at once (two threads' pure-Python
loops side by side: about a fifth more time at 0.2 ms than at 1 ms).

It leaves out what a job does and what its results mean (the other modules of
:mod:`app.jobs`, and the controllers).
"""

from __future__ import annotations

import atexit
import ctypes
import gc
import logging
import sys
import threading
import time

from PySide6.QtCore import QObject, QThread

__all__ = [
    "Worker",
    "JobThread",
    "start",
    "live_threads",
    "wait_all",
    "stop_all",
    "JOB_SWITCH_INTERVAL",
    "MIN_SWITCH_INTERVAL",
    "job_switch_interval",
]

#: The interpreter's switch interval (s) while jobs run: the longest a thread asking for the
#: lock waits for a thread running Python (see the module docstring).
JOB_SWITCH_INTERVAL = 0.001
#: The shortest interval, however many jobs run (each hand-over costs the jobs a few µs).
MIN_SWITCH_INTERVAL = 0.0002

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
_switch_before: list[float] = []  # the interval before the jobs (empty: no job running)


def _release_ended() -> None:
    # subtle: threads are let go here, in the GUI thread's ordinary code, never from a slot
    # of the thread object itself (deleting an object inside its own event is unsafe).
    for thread in [t for t in _LIVE if t.isFinished()]:
        thread.wait()  # returns at once: the thread has ended
        _LIVE.discard(thread)
    if not _LIVE and _switch_before:
        sys.setswitchinterval(_switch_before.pop())
    elif _LIVE and _switch_before:
        sys.setswitchinterval(job_switch_interval(len(_LIVE), _switch_before[0]))


def job_switch_interval(jobs: int, before: float) -> float:
    """The switch interval while ``jobs`` jobs run (``before``: the interval without jobs)."""
    return min(before, max(MIN_SWITCH_INTERVAL, JOB_SWITCH_INTERVAL / max(1, jobs)))


_last_collection = 0.0
_gui_thread: list[int] = []  # the thread that starts jobs, once the guard is installed


def _no_collection_outside_gui(phase: str, _info: dict[str, int]) -> None:
    """A ``gc.callbacks`` hook: a collection starting outside the GUI thread finds every
    object frozen, so it frees nothing there (see the module docstring)."""
    if phase == "start" and threading.get_ident() not in _gui_thread:
        gc.freeze()


def start(worker: Worker, name: str) -> JobThread:
    """Run ``worker.run()`` in a new thread, kept referenced until it ends (GUI thread only)."""
    global _last_collection
    if not _gui_thread:
        _gui_thread.append(threading.get_ident())
        gc.callbacks.append(_no_collection_outside_gui)
    if time.monotonic() - _last_collection > 1.0:  # (see the module docstring)
        gc.collect()
        gc.freeze()  # (see the module docstring)
        _last_collection = time.monotonic()
    _release_ended()
    if not _switch_before:
        _switch_before.append(sys.getswitchinterval())
    thread = JobThread(worker, name)
    _LIVE.add(thread)
    sys.setswitchinterval(job_switch_interval(len(_LIVE), _switch_before[0]))
    thread.start()
    return thread


def live_threads() -> list[JobThread]:
    """The job threads that have not ended yet."""
    _release_ended()
    return list(_LIVE)


def wait_all(msecs: int = 10_000) -> bool:
    """Wait at most ``msecs`` in all for every job thread to end (tests, exit); False if one
    is still running."""
    deadline = time.monotonic() + msecs / 1000
    for thread in list(_LIVE):
        thread.wait(max(0, int((deadline - time.monotonic()) * 1000)))
    _release_ended()
    return not _LIVE


def stop_all(msecs: int = 10_000) -> bool:
    """Cancel every job, then wait for their threads (:func:`wait_all`)."""
    for thread in list(_LIVE):
        thread.worker.cancel()
    return wait_all(msecs)


#: Threads still running when the interpreter exits: referenced for ever (see :func:`_at_exit`).
_LEFT_RUNNING: list[JobThread] = []


def _at_exit() -> None:
    """Cancel the jobs and give them a few seconds; a job that cannot stop sooner (one engine
    call) is left to run while the process ends.

    subtle: Python frees module globals during finalization, and a ``QThread`` freed while it
    runs aborts the process ("QThread: Destroyed while thread ... is still running"); an
    extra reference that is never dropped keeps Qt from ever destroying it.
    """
    if stop_all(3_000):
        return
    for thread in list(_LIVE):
        log.warning(  # i18n: none (a log line for developers, not shown in the app)
            "background job %s still running at exit; left to end with the process", thread.objectName()
        )
        _LEFT_RUNNING.append(thread)
        ctypes.pythonapi.Py_IncRef(ctypes.py_object(thread))
        ctypes.pythonapi.Py_IncRef(ctypes.py_object(thread.worker))


# At interpreter exit the threads must have ended before Python drops the last reference.
atexit.register(_at_exit)
