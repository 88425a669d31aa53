"""The longest GUI-thread stall of the real main window (offscreen) in the cases of issue 20
that did work proportional to the text in the GUI thread.

A ``QTimer`` ticks every 5 ms while each case runs (its action is started from the event loop,
then the loop turns until the view has settled or ``--settle`` seconds pass); a stall is how
much later than due a tick arrives. Cases:

- *tokenize 330k*: 330 000 characters (English, Chinese, emoji) set into Tokenize, until its
  chips are shown;
- *show whitespace*: "Show whitespace" toggled off and on again on that text;
- *zoom out* / *actual size*: View > Zoom out, then Actual size;
- *paste 1 MB, back to the tab*: 1 MB pasted into Tokenize, another tab, then Tokenize again;
- *compare 330k*: the 330 000 characters pasted into Compare, until its columns show chips
  (also prints the time until they are painted with their images);
  then with five columns (the most Compare has: their chip views share one layout budget);
- *compare first*: 1 MB pasted into Tokenize, then Compare opened for the first time while
  Tokenize's chips are still being laid out; also prints the time until Compare's chips are
  painted (their images made, not blank boxes);
- *families 250k*: 250 000 characters pasted into Families (every family tokenizes it; the
  table's figures, the highlights of what decoding loses, five rows of chips);
- *timeline as-of 120k*: Tokenize "As of merge k" on 120 000 "a"s (measured once the setup's jobs are done);
- *while training*: a Families training runs on the first 4 MB of a shared corpus (its
  pure-Python loops and allocations in a job's thread) while Presentation mode, Compare and
  Sweep are opened.

Prints, per case, the longest stall and the 99th percentile in milliseconds of wall time, and
the longest stall counting only the GUI thread's own CPU time (``cpu``): on a machine shared
with other work, wall time also counts the time the process waited for a core. On Linux, the
longest wall stall is then split (``split``) by the GUI thread's scheduler statistics
(``/proc/thread-self/schedstat``) into its CPU time, its wait for a core (``core``) and the
rest, time off the CPU while it was not sleeping between ticks: waiting for the interpreter
lock (``lock``; the timer's own 5 ms are taken off); and the longest wait for the lock of any
tick (``longest lock wait``: on a loaded machine the longest stall is often a wait for a core).

Run: python benchmarks/gui_stalls.py [--settle 60] [--cases compare training ...] [--dump-after 0.2]
"""

from __future__ import annotations

import argparse
import faulthandler
import os
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

GROUPS = ("compare-first", "tokenize", "compare", "families", "training", "as-of")

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from _common import percentile  # noqa: E402 (after the platform is chosen)
from gui_stall_cases import (  # noqa: E402
    as_of_case,
    compare_cases,
    compare_first_case,
    families_case,
    laid_out,
    tokenize_cases,
    while_training,
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--settle", type=float, default=60.0, help="seconds a case may take at most")
    parser.add_argument(
        "--cases", nargs="+", choices=GROUPS, default=list(GROUPS), help="the groups of cases to run (default: all)"
    )
    parser.add_argument(
        "--dump-after",
        type=float,
        default=0.0,
        help="print every thread's Python stack to stderr when a tick is this many seconds late"
        " (the thread holding the interpreter lock is the one not waiting in Qt or a lock)",
    )
    parser.add_argument(
        "--blame",
        type=float,
        default=0.0,
        help="when a tick waited this many ms for the interpreter lock, print to stderr each Python"
        " thread's CPU time since the last tick and where it is now (just after what held the lock)",
    )
    parser.add_argument(
        "--switch-interval",
        type=float,
        default=0.0,
        help="the interpreter's switch interval (ms) while jobs run (default: the app's, runner.JOB_SWITCH_INTERVAL)",
    )
    parser.add_argument(
        "--entries",
        action="store_true",
        help="also count the calls from Qt into Python in the longest tick (each takes the interpreter"
        " lock: while a job runs Python, each may wait up to the switch interval for it)",
    )
    parser.add_argument(
        "--spin",
        action="store_true",
        help="in the 'while training' cases, a thread spinning in pure Python instead of the training"
        " (no long C call: what is left is the GUI thread's calls into Python waiting their turn)",
    )
    args = parser.parse_args()
    os.environ.setdefault("XDG_CONFIG_HOME", tempfile.mkdtemp())

    from PySide6.QtCore import QCoreApplication, QEventLoop, Qt, QTimer
    from PySide6.QtWidgets import QApplication

    from app.core.settings import Settings
    from app.window.main_window import MainWindow

    _app = QApplication.instance() or QApplication(sys.argv[:1])  # kept: the window needs it
    if args.blame:
        Blame.name_job_threads()
    if args.switch_interval:
        from app.core.jobs import runner

        runner.JOB_SWITCH_INTERVAL = args.switch_interval / 1000
    window = MainWindow(Settings())
    window.resize(1600, 1000)
    window.show()
    ticks: list[float] = []
    cpu_ticks: list[float] = []
    splits: list[tuple[float, float, float]] = []  # per tick: (cpu, core, lock) in ms
    last = [time.perf_counter(), time.thread_time(), *sched_stat()]
    blame = Blame(args.blame)

    entries = [0]
    tick_entries: list[int] = []
    entry_names: Counter[str] = Counter()
    tick_names: list[Counter[str]] = []

    loops: set[object] = set()  # the code of the functions that turn the event loop

    def count_entry(frame: object, event: str, _arg: object) -> None:
        # (a frame called from C has the Python frame below the C call as its f_back)
        if event == "call" and getattr(frame.f_back, "f_code", None) in loops:  # type: ignore[attr-defined]
            entries[0] += 1
            code = frame.f_code  # type: ignore[attr-defined]
            entry_names[f"{Path(code.co_filename).name}:{code.co_name}"] += 1

    if args.entries:
        sys.setprofile(count_entry)

    def tick() -> None:
        now, cpu = time.perf_counter(), time.thread_time()
        tick_entries.append(entries[0])
        tick_names.append(entry_names.copy())
        entries[0] = 0
        entry_names.clear()
        run, wait = sched_stat()
        ticks.append(max(0.0, now - last[0] - 0.005) * 1000)
        cpu_ticks.append((cpu - last[1]) * 1000)
        ran, waited = (run - last[2]) * 1000, (wait - last[3]) * 1000
        splits.append((ran, waited, max(0.0, (now - last[0] - 0.005) * 1000 - ran - waited)))
        last[:] = [now, cpu, run, wait]
        if args.blame:
            blame.tick(splits[-1][2] >= args.blame)
        if args.dump_after:  # (re-armed at each tick: it fires only when the GUI thread is late)
            faulthandler.dump_traceback_later(args.dump_after, file=sys.stderr)

    timer = QTimer()
    timer.setTimerType(Qt.TimerType.PreciseTimer)
    timer.setInterval(5)
    timer.timeout.connect(tick)

    def run(name: str, action: Callable[[], None], settled: Callable[[], bool]) -> None:
        tick_entries.clear()
        tick_names.clear()
        entries[0] = 0
        entry_names.clear()
        ticks.clear()
        cpu_ticks.clear()
        splits.clear()
        last[:] = [time.perf_counter(), time.thread_time(), *sched_stat()]
        timer.start()
        QTimer.singleShot(0, action)
        loop = QEventLoop()
        end = time.monotonic() + args.settle
        started = [False]

        def poll() -> None:
            if started[0] and settled() or time.monotonic() > end:
                loop.quit()
                return
            started[0] = True
            QTimer.singleShot(20, poll)

        QTimer.singleShot(20, poll)
        loop.exec()
        timer.stop()
        faulthandler.cancel_dump_traceback_later()
        print(
            f"{name:<32} longest {max(ticks, default=0):8.0f} ms   p99 {percentile(ticks, 99):7.0f} ms"
            f"   cpu longest {max(cpu_ticks, default=0):6.0f} ms{split_text(ticks, splits)}",
            flush=True,
        )
        if args.entries and ticks:
            worst = max(range(len(ticks)), key=ticks.__getitem__)
            most = max(range(len(ticks)), key=tick_entries.__getitem__)
            print(
                f"{'':<32} calls into Python: longest tick {tick_entries[worst]}, most {tick_entries[most]}", flush=True
            )
            top = ", ".join(f"{name} {n}" for name, n in tick_names[most].most_common(8))
            print(f"{'':<32} most: {top}", flush=True)

    def idle(seconds: float) -> None:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            QCoreApplication.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 50)

    loops.update((run.__code__, idle.__code__))
    idle(1.0)
    tokenize = window.tokenize_view

    def tokenize_settled() -> bool:
        """The chips show the text and are all laid out (they are laid out in slices)."""
        views = (tokenize.token_chips, tokenize.id_chips, tokenize.piece_chips)
        return tokenize.is_settled() and all(laid_out(v) for v in views)

    window.tabs.setCurrentWidget(tokenize)
    line = "The quick brown fox 国语的文字 🔭 jumps over the lazy dog.\n"
    big = (line * (330_000 // len(line) + 1))[:330_000]
    if "compare-first" in args.cases:
        compare_first_case(window, run, tokenize_settled, line)
    if "tokenize" in args.cases:
        tokenize_cases(window, run, tokenize_settled, big, line)
    if "compare" in args.cases:
        compare_cases(window, run, idle, big)
    if "families" in args.cases:
        families_case(window, run, idle, line)
    if "training" in args.cases:
        while_training(window, run, idle, args.spin)
    if "as-of" in args.cases:
        as_of_case(window, run, idle)
    t0 = time.perf_counter()
    window.close()
    print(f"{'close':<32} took {1000 * (time.perf_counter() - t0):8.0f} ms", flush=True)


class Blame:
    """Per tick, the CPU time of every Python thread since the last tick; printed with each
    thread's innermost frames when the tick waited long for the lock (``--blame``)."""

    idents: dict[int, int] = {}  # a job thread's native id -> its Python ident

    @classmethod
    def name_job_threads(cls) -> None:
        """Job threads are QThreads, which Python's ``threading`` does not list: their ids are
        noted when they start."""
        from app.core.jobs import runner

        run = runner.JobThread.run

        def noted(thread: runner.JobThread) -> None:
            cls.idents[threading.get_native_id()] = threading.get_ident()
            run(thread)

        runner.JobThread.run = noted  # type: ignore[method-assign]

    def __init__(self, late_ms: float = 0.0) -> None:
        self.cpu: dict[int, float] = {}
        self.faults: dict[int, int] = {}
        self.last_tick = time.perf_counter()
        self.gui = threading.get_native_id()
        if late_ms:
            threading.Thread(target=self.watch, args=(late_ms / 1000,), daemon=True).start()

    def watch(self, late: float) -> None:
        """While the GUI thread is late, what it is blocked in (when this thread gets the lock
        then, the lock is free: the GUI thread waits for something else)."""
        import traceback

        seen = 0.0
        while True:
            time.sleep(0.002)
            tick = self.last_tick
            if tick == seen or time.perf_counter() - tick < late:
                continue
            seen = tick
            frames = sys._current_frames()
            gui = frames.get(threading.main_thread().ident or 0)
            stack = traceback.extract_stack(gui)[-5:] if gui else []
            where = " <- ".join(f"{Path(s.filename).name}:{s.lineno} {s.name}" for s in reversed(stack))
            try:
                wchan = Path(f"/proc/self/task/{self.gui}/wchan").read_text()
                syscall = Path(f"/proc/self/task/{self.gui}/syscall").read_text().split()[:2]
            except OSError:
                wchan, syscall = "?", []
            late_ms = 1000 * (time.perf_counter() - tick)
            print(f"  watch: {late_ms:.0f} ms late, GUI in {wchan} {syscall} at {where}", file=sys.stderr, flush=True)

    def tick(self, report: bool) -> None:
        import traceback

        self.last_tick = time.perf_counter()

        threads = {t.native_id: t for t in threading.enumerate() if t.native_id is not None}
        cpu: dict[int, float] = {}
        faults: dict[int, int] = {}
        for tid in map(int, os.listdir("/proc/self/task")):
            try:
                with open(f"/proc/self/task/{tid}/schedstat") as f:
                    cpu[tid] = int(f.read().split()[0]) / 1e6
                with open(f"/proc/self/task/{tid}/stat") as f:
                    faults[tid] = int(f.read().rsplit(")", 1)[1].split()[9])
            except OSError:
                continue
        if report:
            frames = sys._current_frames()
            for tid, now in sorted(cpu.items(), key=lambda kv: self.cpu.get(kv[0], kv[1]) - kv[1]):
                used = now - self.cpu.get(tid, now)
                major = faults.get(tid, 0) - self.faults.get(tid, faults.get(tid, 0))
                if used < 5 and not major:
                    continue
                thread = threads.get(tid)
                frame = frames.get(thread.ident or 0 if thread else self.idents.get(tid, 0))
                stack = traceback.extract_stack(frame)[-4:] if frame else []
                where = " <- ".join(f"{Path(s.filename).name}:{s.lineno} {s.name}" for s in reversed(stack))
                try:
                    name = thread.name if thread else Path(f"/proc/self/task/{tid}/comm").read_text().strip()
                except OSError:  # (it ended meanwhile)
                    name = str(tid)
                print(f"  blame {used:5.0f} ms {major:4d} major faults {name}: {where}", file=sys.stderr, flush=True)
            print("  --", file=sys.stderr, flush=True)
        self.cpu, self.faults = cpu, faults


def sched_stat() -> tuple[float, float]:
    """The calling thread's time on a CPU and waiting for one, in seconds (Linux; else zeros)."""
    try:
        with open("/proc/thread-self/schedstat") as stat:
            run, wait, _ = stat.read().split()
    except OSError:
        return 0.0, 0.0
    return int(run) / 1e9, int(wait) / 1e9


def split_text(ticks: list[float], splits: list[tuple[float, float, float]]) -> str:
    """The longest wall stall's CPU time, wait for a core and the rest (the interpreter lock)."""
    if not ticks or not any(any(s) for s in splits):
        return ""
    cpu, core, lock = splits[max(range(len(ticks)), key=ticks.__getitem__)]
    # (the longest wait for the lock of any tick: on a loaded machine the longest stall is
    # often a wait for a core, and its split hides the lock waits of the others)
    waits = max(s[2] for s in splits)
    return f"   split: cpu {cpu:4.0f} core {core:4.0f} lock {lock:4.0f} ms   longest lock wait {waits:4.0f} ms"


if __name__ == "__main__":
    main()
