"""The one background-job helper: workers in threads kept alive until they end, and call queues
that run engine calls one at a time and deliver their results in the GUI thread."""

from __future__ import annotations

import gc
import sys
import threading

import pytest
import shiboken6
from PySide6.QtCore import QObject, Signal, Slot

from app.core.jobs import runner
from app.core.jobs.calls import CallQueue, Lane
from bpe_engine import errors


class _Held(runner.Worker):
    """Waits for ``release`` (or a cancel), then reports once."""

    done = Signal(str)

    def __init__(self) -> None:
        super().__init__()
        self.release = threading.Event()

    def run(self) -> None:
        self.release.wait(30)
        self.done.emit(threading.current_thread().name)

    def cancel(self) -> None:
        self.release.set()


class _Owner(QObject):
    def __init__(self) -> None:
        super().__init__()
        self.got: list[str] = []
        self.threads: list[threading.Thread] = []

    @Slot(str)
    def on_done(self, name: str) -> None:
        self.got.append(name)
        self.threads.append(threading.current_thread())


def test_a_job_thread_outlives_its_owner_and_is_released_when_it_ends(qtbot) -> None:
    owner = _Owner()
    worker = _Held()
    worker.done.connect(owner.on_done)
    thread = runner.start(worker, "held")
    assert thread in runner.live_threads() and thread.isRunning()
    shiboken6.delete(owner)  # the owner goes away while the job runs: nothing crashes
    del worker
    thread.worker.release.set()
    qtbot.waitUntil(lambda: thread not in runner.live_threads(), timeout=10_000)
    assert thread.isFinished()


def test_results_arrive_in_the_gui_thread(qtbot) -> None:
    owner = _Owner()
    worker = _Held()
    worker.done.connect(owner.on_done)
    thread = runner.start(worker, "held")
    worker.release.set()
    qtbot.waitUntil(lambda: bool(owner.got), timeout=10_000)
    assert owner.got != [threading.main_thread().name]  # run() ran in the job's thread
    assert owner.threads == [threading.main_thread()]  # the slot in the GUI thread
    assert thread.wait(10_000)


def test_stop_all_cancels_and_waits(qtbot) -> None:
    workers = [_Held() for _ in range(3)]
    threads = [runner.start(w, f"held-{i}") for i, w in enumerate(workers)]
    assert runner.stop_all(10_000)
    assert all(t.isFinished() for t in threads)
    assert not set(threads) & set(runner.live_threads())


def test_calls_run_in_order_and_errors_become_messages(qtbot) -> None:
    calls = CallQueue("test")
    order: list[int] = []
    delivered: list[tuple[object, object, str]] = []
    calls.delivered.connect(lambda *args: delivered.append(args))

    def bad() -> object:
        raise errors.TokenizerFileError("x.json is not a tokenizer file")

    for k in range(3):
        calls.submit(k, lambda k=k: order.append(k) or k * 10)
    calls.submit("bad", bad, lambda exc: f"cannot open: {exc}")
    qtbot.waitUntil(lambda: len(delivered) == 4, timeout=10_000)
    assert order == [0, 1, 2]
    assert delivered == [
        (0, 0, ""),
        (1, 10, ""),
        (2, 20, ""),
        ("bad", None, "cannot open: x.json is not a tokenizer file"),
    ]
    assert calls.wait(1.0) and not calls.is_busy()


def test_a_failed_call_leaves_no_cycle_through_its_frames(qtbot) -> None:
    # (a download that fails keeps the error in a local of a frame its traceback holds, as
    # requests' retries do: a cycle that a job's thread's collection would only freeze)
    class Held:
        pass

    def failing_download() -> object:
        held = Held()
        try:
            raise OSError("no network")
        except OSError as exc:
            held.error = exc  # the error -> its traceback -> this frame -> held -> the error
            raise errors.TokenizerFileError("cannot download o200k_base") from exc

    calls = CallQueue("test")
    delivered: list[tuple[object, object, str]] = []
    calls.delivered.connect(lambda *args: delivered.append(args))
    gc.collect()
    calls.submit("o200k", failing_download)
    qtbot.waitUntil(lambda: len(delivered) == 1, timeout=10_000)
    assert delivered == [("o200k", None, "cannot download o200k_base")]
    assert calls.wait(1.0)
    gc.unfreeze()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        gc.collect()
        left = [type(o).__qualname__ for o in gc.garbage if isinstance(o, (Held, BaseException))]
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
    assert left == []


def test_latest_only_keeps_the_newest_waiting_call(qtbot) -> None:
    calls = CallQueue("test", latest_only=True)
    running, gate = threading.Event(), threading.Event()
    delivered: list[object] = []
    calls.delivered.connect(lambda tag, _result, _message: delivered.append(tag))
    assert not calls.submit("running", lambda: running.set() or gate.wait(10))
    assert running.wait(10)
    assert not calls.submit("older", lambda: None)
    assert calls.submit("newest", lambda: None)  # replaces "older"
    assert calls.is_stale()  # what the running call sees: a newer one waits
    gate.set()
    qtbot.waitUntil(lambda: len(delivered) == 2, timeout=10_000)
    assert delivered == ["running", "newest"]
    calls.close()
    assert not calls.submit("after close", lambda: None)
    assert calls.wait(1.0)
    qtbot.wait(50)
    assert delivered == ["running", "newest"]


@pytest.mark.parametrize("shared", [True, False])
def test_queues_sharing_a_lane_run_one_call_at_a_time(qtbot, shared: bool) -> None:
    # (Sweep's curves, references and merges: five threads running Python beside the GUI
    # thread left it a sixth of the interpreter lock; issue 20 F)
    lane = Lane() if shared else None
    first, second = CallQueue("first", lane=lane), CallQueue("second", lane=lane)
    running: list[str] = []
    overlaps: list[list[str]] = []
    entered, gate = threading.Event(), threading.Event()

    def call(name: str) -> None:
        running.append(name)
        overlaps.append(list(running))
        if name == "first":
            entered.set()
            gate.wait(10)
        running.remove(name)

    delivered: list[object] = []
    for queue in (first, second):
        queue.delivered.connect(lambda tag, _result, _message: delivered.append(tag))
    first.submit("first", lambda: call("first"))
    assert entered.wait(10)
    second.submit("second", lambda: call("second"))
    if shared:
        qtbot.wait(200)  # time enough for the second queue's thread to start its call, if it could
        assert len(overlaps) == 1
    else:
        qtbot.waitUntil(lambda: len(overlaps) == 2, timeout=10_000)
    gate.set()
    qtbot.waitUntil(lambda: len(delivered) == 2, timeout=10_000)
    assert max(map(len, overlaps)) == (1 if shared else 2)


def test_garbage_holding_a_widget_dies_in_the_gui_thread_when_a_job_starts(qtbot) -> None:
    """A widget in a reference cycle (a closed view's menu) is collected in the GUI thread
    before a job starts, not later by a collection in the job's thread (which hung the app)."""
    from PySide6.QtWidgets import QMenu

    died_in: list[threading.Thread] = []

    class Cyclic:
        def __init__(self) -> None:
            self.me = self
            self.menu = QMenu()

        def __del__(self) -> None:
            died_in.append(threading.current_thread())

    runner._last_collection = 0.0  # (a job started less than a second ago skips the collection)
    Cyclic()  # garbage from now on, reachable only through its own cycle
    worker = _Held()
    thread = runner.start(worker, "held")
    assert died_in == [threading.main_thread()]
    worker.release.set()
    qtbot.waitUntil(lambda: thread not in runner.live_threads(), timeout=10_000)


def test_while_jobs_run_the_gui_thread_waits_at_most_a_millisecond_for_the_interpreter_lock(qtbot) -> None:
    # (the GUI thread asks for the lock at each call from Qt into Python; a job running Python
    # took it back in between and held it the default 5 ms each time: issue 20, F. The lock
    # goes to any waiting thread, so with more jobs the turns are shorter: opening Sweep
    # while Compare's encodings loaded waited 50-110 ms in one turn of the event loop at 1 ms)
    assert runner.stop_all(10_000)
    before = sys.getswitchinterval()
    workers = [_Held() for _ in range(6)]
    threads = [runner.start(workers[0], "held-0")]
    assert sys.getswitchinterval() == runner.JOB_SWITCH_INTERVAL <= 0.001
    threads.append(runner.start(workers[1], "held-1"))
    assert sys.getswitchinterval() == pytest.approx(runner.JOB_SWITCH_INTERVAL / 2, abs=1e-6)
    threads += [runner.start(w, f"held-{i}") for i, w in enumerate(workers[2:], 2)]
    # (the interpreter keeps whole microseconds)
    assert sys.getswitchinterval() == pytest.approx(runner.MIN_SWITCH_INTERVAL, abs=1e-6)
    assert runner.job_switch_interval(6, before) == runner.MIN_SWITCH_INTERVAL
    for worker, thread in zip(workers[1:], threads[1:]):
        worker.release.set()
        qtbot.waitUntil(thread.isFinished, timeout=10_000)
    runner.live_threads()
    assert sys.getswitchinterval() == runner.JOB_SWITCH_INTERVAL  # one job is still running
    workers[0].release.set()
    qtbot.waitUntil(lambda: not runner.live_threads(), timeout=10_000)
    assert sys.getswitchinterval() == before


class _Allocating(runner.Worker):
    """Once ``go`` is set, makes enough containers for the collector to run in its thread."""

    def __init__(self) -> None:
        super().__init__()
        self.go = threading.Event()

    def run(self) -> None:
        self.go.wait(30)
        kept = [[i] for i in range(100_000)]  # gen-0 collections, triggered in this thread
        del kept

    def cancel(self) -> None:
        self.go.set()


class _Marked:
    """Says in which thread it was freed."""

    def __init__(self, freed_in: list[threading.Thread]) -> None:
        self.freed_in = freed_in
        self.me = self  # a cycle: only the cyclic collector frees it

    def __del__(self) -> None:
        self.freed_in.append(threading.current_thread())


def test_cyclic_garbage_is_never_freed_in_a_jobs_thread(qtbot) -> None:
    """Issue 20 E: garbage a closed view left (a QObject in a cycle), collected in a job's
    thread, crashed a later test; a collection there finds everything frozen."""
    import gc

    collections: list[threading.Thread] = []

    def seen(phase: str, _info: dict[str, int]) -> None:
        if phase == "start":
            collections.append(threading.current_thread())

    worker = _Allocating()
    runner.start(worker, "allocating")  # (its GUI-thread collection runs now, before the cycle)
    freed_in: list[threading.Thread] = []
    _Marked(freed_in)  # garbage at once
    gc.callbacks.append(seen)
    try:
        worker.go.set()
        assert runner.wait_all(30_000)
    finally:
        gc.callbacks.remove(seen)
    job_collections = [t for t in collections if t is not threading.main_thread()]
    assert job_collections, "the job's allocations ran no collection in its thread"
    assert all(t is threading.main_thread() for t in freed_in)  # (none, unless this thread collected first)
    gc.unfreeze()
    gc.collect()  # here, in the GUI thread
    gc.freeze()
    assert freed_in == [threading.main_thread()]


def test_a_call_closed_while_it_waits_for_its_lane_is_not_run(qtbot) -> None:
    # (a Sweep closed or its tokenizer changed while its references waited for the lane: the
    # calls taken before ran for seconds each, one after another)
    lane = Lane()
    first, second = CallQueue("first", lane=lane), CallQueue("second", lane=lane)
    entered, gate = threading.Event(), threading.Event()
    ran: list[str] = []
    first.submit("first", lambda: entered.set() or gate.wait(10))
    assert entered.wait(10)
    second.submit("second", lambda: ran.append("second"))
    qtbot.wait(100)  # (its thread starts and waits for the lane)
    second.close()
    gate.set()
    assert first.wait(10) and second.wait(10)
    qtbot.wait(100)
    assert ran == []
