"""Worker processes for the engine's parallel work (counting pre-tokens, bulk encoding).

Workers are plain ``python -c`` subprocesses that speak length-prefixed pickles over their
stdin/stdout. subtle: not ``multiprocessing``: its spawn/forkserver children re-run the
caller's ``__main__`` script (a script without an ``if __name__ == "__main__"`` guard would
recurse), and ``fork`` would copy a GUI process's threads. A process with no other thread
(the command line, scripts) forks instead, with the same protocol over two pipes: the
child starts in milliseconds with the caller's objects (a tokenizer and its tables) already
in memory, where a fresh interpreter needs ~0.8 s to import and unpickle them.

A worker builds one handler (``factory(*args)``, named as ``"module:callable"``), passes it
every task, and when told to finish sends the handler's final results in parts (small
parts keep every unpickling in the parent short, so a GUI thread is never starved).
The parent side is a generator: callers stop it (``close()``) to cancel, which kills the
workers. Workers run at a lower priority when the caller has other threads (a GUI's, which
must get a core the moment they wake); a script's run at its own, like any other program's.
"""

from __future__ import annotations

import ctypes
import gc
import importlib
import os
import pickle
import selectors
import signal
import struct
import subprocess
import sys
import threading
from collections.abc import Callable, Iterable, Iterator
from typing import IO, Any, BinaryIO, cast

from .errors import WorkerError

__all__ = ["can_fork", "release_free_memory", "run_pool", "serve"]

_HEADER = struct.Struct("<Q")
_NICE = 5


def _send(stream: IO[bytes], obj: object) -> None:
    data = pickle.dumps(obj, protocol=pickle.HIGHEST_PROTOCOL)
    stream.write(_HEADER.pack(len(data)))
    stream.write(data)
    stream.flush()


def _recv(stream: IO[bytes]) -> Any:
    header = stream.read(_HEADER.size)
    if len(header) < _HEADER.size:
        raise EOFError
    (n,) = _HEADER.unpack(header)
    data = stream.read(n)
    if len(data) < n:
        raise EOFError
    return pickle.loads(data)


def _malloc_trim() -> Callable[[int], int] | None:
    """glibc's ``malloc_trim``, or None elsewhere (musl, macOS, Windows)."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        trim = ctypes.CDLL(None).malloc_trim  # the C library this interpreter runs on
    except (OSError, AttributeError):
        return None
    trim.argtypes = [ctypes.c_size_t]
    trim.restype = ctypes.c_int
    return cast(Callable[[int], int], trim)


_TRIM = _malloc_trim()
_M_MMAP_THRESHOLD = -3  # mallopt's parameter number (glibc malloc.h)
_MMAP_FROM = 128 * 1024  # glibc's initial threshold, kept fixed


def _fix_mmap_threshold() -> None:
    """Make glibc serve every block of 128 KiB or more by its own mapping, for the rest of
    this process (glibc, Linux; nothing elsewhere).

    subtle: glibc raises the threshold each time such a block is freed (up to 32 MiB), so a
    worker's NumPy temporaries soon come from the heap, whose free pages stay resident
    between two ``malloc_trim`` calls and fragment it; with the threshold fixed they go back
    to the system when freed. Called when a worker finishes (its results are gathered and
    sent): counting 36 MB of English, the end of counting took ~15 MB less this way. Not
    earlier: each task's temporaries would then cost fresh page faults every time."""
    if not sys.platform.startswith("linux"):
        return
    try:
        mallopt = ctypes.CDLL(None).mallopt
    except (OSError, AttributeError):
        return
    mallopt.argtypes = [ctypes.c_int, ctypes.c_int]
    mallopt.restype = ctypes.c_int
    mallopt(_M_MMAP_THRESHOLD, _MMAP_FROM)


def release_free_memory() -> None:
    """Give the memory freed by this process back to the system.

    subtle: glibc keeps freed heap pages resident (NumPy's temporaries of a task, a dict
    dropped after use) to reuse them; a counting worker on 10 MB of English held 18 MB that
    way, 4 MB of it live. Costs well under a millisecond on such a heap."""
    if _TRIM is not None:
        _TRIM(0)


def lonely() -> bool:
    """True when this is the main thread and Python runs no other: a script or the command
    line, not a GUI (whose other threads the workers must not slow down)."""
    return threading.current_thread() is threading.main_thread() and threading.active_count() == 1


def can_fork() -> bool:
    """True when workers may be forked: POSIX, and no thread but this one (fork copies only
    the calling thread; a lock held by another one would stay locked in the child).

    subtle: a GUI toolkit runs threads that Python does not know about, which this cannot
    see; the engine's callers say ``fork_workers=False`` there (TrainerConfig, encode_file).
    """
    return hasattr(os, "fork") and lonely()


def serve(
    inp: BinaryIO | None = None, out: BinaryIO | None = None, job: tuple[str, tuple[Any, ...], bool] | None = None
) -> None:
    """Entry point of a worker process (``job``: factory, args and whether to lower the
    worker's priority, given to a forked child; a fresh interpreter reads them first from
    its stdin)."""
    inp = inp or sys.stdin.buffer
    out = out or sys.stdout.buffer
    try:
        factory, args, nice = job if job is not None else _recv(inp)
        if nice:
            try:
                # Lower priority than the parent: with every core busy, the parent's GUI
                # thread still gets a core the moment it wakes (workers lose nothing when it sleeps).
                os.nice(_NICE)
            except (AttributeError, OSError):  # pragma: no cover - no nice() on this platform
                pass
        module, name = factory.split(":")
        handler = getattr(importlib.import_module(module), name)(*args)
        while True:
            task = _recv(inp)
            if task is None:
                # The free memory back now, before the results are made and sent (not after
                # each task: the next task's temporaries reuse it, where fresh pages would each
                # cost a fault: 0.47 -> 0.43 CPU s counting 10 MB of Chinese in two workers).
                release_free_memory()
                _fix_mmap_threshold()  # only now: each task's temporaries would cost page faults
                for part in handler.finish():
                    _send(out, ("final", part))
                _send(out, ("end", None))
                return
            _send(out, ("result", handler.handle(task)))
    except BaseException as exc:  # report every failure to the parent instead of dying silently
        try:
            pickle.dumps(exc)
        except Exception:
            exc = RuntimeError(f"{type(exc).__name__}: {exc}")
        _send(out, ("error", exc))


class _Forked:
    """A forked child, with the few methods of ``subprocess.Popen`` that _Worker uses."""

    def __init__(self, factory: str, args: tuple[Any, ...], nice: bool) -> None:
        to_child, from_parent = os.pipe()[::-1]
        from_child, to_parent = os.pipe()
        # subtle: objects frozen before the fork are never scanned by the child's garbage
        # collector, which would otherwise write to (and so copy) every page of the parent's
        # objects; the parent unfreezes its own right away.
        gc.freeze()
        try:
            pid = os.fork()
        except BaseException:
            gc.unfreeze()
            raise
        if pid:
            gc.unfreeze()
        if pid == 0:  # pragma: no cover - runs in the child (coverage does not follow it)
            code = 0
            try:
                os.dup2(from_parent, 0)
                os.dup2(to_parent, 1)
                os.closerange(3, os.sysconf("SC_OPEN_MAX") if hasattr(os, "sysconf") else 1024)
                serve(os.fdopen(0, "rb", closefd=False), os.fdopen(1, "wb", closefd=False), (factory, args, nice))
            except BaseException:
                code = 1
            finally:
                os._exit(code)  # subtle: never return into the parent's code (or its atexit)
        os.close(from_parent)
        os.close(to_parent)
        self.pid = pid
        self.stdin = os.fdopen(to_child, "wb")
        self.stdout = os.fdopen(from_child, "rb")
        self.returncode: int | None = None

    def poll(self) -> int | None:
        if self.returncode is None:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                self.returncode = os.waitstatus_to_exitcode(status)
        return self.returncode

    def kill(self) -> None:
        try:
            os.kill(self.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass

    def wait(self) -> int:
        if self.returncode is None:
            _, status = os.waitpid(self.pid, 0)
            self.returncode = os.waitstatus_to_exitcode(status)
        return self.returncode


class _Worker:
    def __init__(self, factory: str, args: tuple[Any, ...], fork: bool = False, nice: bool = True) -> None:
        self.proc: subprocess.Popen[bytes] | _Forked
        self.stdin: IO[bytes]
        self.stdout: IO[bytes]
        if fork:
            forked = _Forked(factory, args, nice)
            self.proc, self.stdin, self.stdout = forked, forked.stdin, forked.stdout
            self._setup()
            return
        root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
        env = dict(os.environ)
        env["PYTHONPATH"] = root + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
        proc = subprocess.Popen(
            [sys.executable, "-c", "from bpe_engine.parallel import serve; serve()"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            env=env,
        )
        assert proc.stdin is not None and proc.stdout is not None  # both are PIPEs
        self.proc, self.stdin, self.stdout = proc, proc.stdin, proc.stdout
        self._setup()
        _send(self.stdin, (factory, args, nice))

    def _setup(self) -> None:
        self.fd = self.stdout.fileno()
        os.set_blocking(self.fd, False)
        self.buf = bytearray()
        self.task: int | None = None  # id of the task in flight
        self.eof = False
        self.ended = False

    def send(self, msg: object) -> None:
        _send(self.stdin, msg)

    def messages(self) -> list[tuple[str, Any]]:
        """Messages that have fully arrived (non-blocking)."""
        while True:
            try:
                data = os.read(self.fd, 1 << 20)
            except BlockingIOError:
                break
            if not data:
                self.eof = True
                break
            self.buf += data
        out = []
        while len(self.buf) >= _HEADER.size:
            (n,) = _HEADER.unpack_from(self.buf)
            if len(self.buf) < _HEADER.size + n:
                break
            out.append(pickle.loads(bytes(self.buf[_HEADER.size : _HEADER.size + n])))
            del self.buf[: _HEADER.size + n]
        return out

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()
        for stream in (self.stdin, self.stdout):
            try:
                stream.close()
            except OSError:
                pass


def run_pool(
    factory: str,
    args: tuple[Any, ...],
    tasks: Iterable[object],
    n_workers: int,
    tick: float = 0.05,
    fork: bool | None = None,
) -> Iterator[tuple[str, int, Any]]:
    """Run ``tasks`` on ``n_workers`` processes; yields events as they happen:

    ``("result", task_index, result)`` per task (in completion order), ``("tick", -1, None)``
    at least every ``tick`` seconds while waiting, and at the end ``("final", worker, part)``
    for each part of each worker's final results. Errors in a worker are raised here.
    ``fork``: fork the workers (default: when :func:`can_fork`); ``args`` then need not be
    picklable.
    """
    fork = can_fork() if fork is None else fork
    # Workers run below the caller's priority when it has other threads (a GUI's) to keep
    # responsive; a script's or the command line's run at its own.
    nice = not lonely()
    workers = [_Worker(factory, args, fork, nice) for _ in range(n_workers)]
    selector = selectors.DefaultSelector()
    for w in workers:
        selector.register(w.fd, selectors.EVENT_READ, w)

    def poll(timeout: float) -> Iterator[tuple[str, int, Any]]:
        ready = selector.select(timeout)
        if not ready:
            yield ("tick", -1, None)
        for key, _ in ready:
            w: _Worker = key.data
            for kind, payload in w.messages():
                if kind == "result":
                    index, w.task = w.task, None
                    assert index is not None  # a worker only answers the task it was given
                    yield ("result", index, payload)
                elif kind == "final":
                    yield ("final", workers.index(w), payload)
                elif kind == "end":
                    w.ended = True
                else:
                    raise payload
            if w.eof:
                selector.unregister(w.fd)
                if not w.ended:
                    raise WorkerError(
                        f"a worker process ended unexpectedly (exit code {w.proc.wait()}; out of memory or "
                        "killed?); retry with workers=1 to work in this process"
                    )

    try:
        for index, task in enumerate(tasks):
            while True:
                idle = next((w for w in workers if w.task is None), None)
                if idle is not None:
                    break
                yield from poll(tick)
            idle.task = index
            idle.send(task)
            yield from poll(0)
        while any(w.task is not None for w in workers):
            yield from poll(tick)
        for w in workers:
            w.send(None)
        while not all(w.ended for w in workers):
            yield from poll(tick)
    finally:
        selector.close()
        for w in workers:
            w.stop()
