"""Does training block the GUI? Event-loop stalls while the app trains on 10 MB.

Trains on the first 10 MB of ``../shared/corpora/en_mix_36MB.txt`` (cut at a newline; the
shared folder is ``$BPE_SHARED_DIR`` or ``../shared`` beside the repository) with a vocabulary
of 8 000 inside the app's :class:`TrainingController`, with the real Train view attached (its
merges table, plots and labels update as they do for a user; ``--controller-only`` measures
the controller alone). A ``QTimer`` fires every 5 ms; a *stall* is how much later than
planned a tick arrives. Prints the longest and the 99th-percentile stall (ms), per phase and
overall, and the total time. Aim: longest < 100 ms, p99 < 20 ms.

With ``--cancel`` it also measures how long Cancel takes to take effect while counting and
while merging (from ``cancel()`` to the ``cancelled`` signal and to the thread's end).

Run: ``python benchmarks/gui_responsiveness.py`` (offscreen by default).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import SHARED, percentile, prefix_file  # noqa: E402  (sets sys.path and TIKTOKEN_CACHE_DIR)

CORPUS = SHARED / "corpora" / "en_mix_36MB.txt"


class StallMeter:
    """Counts how late each tick of a 5 ms timer arrives, per phase."""

    def __init__(self, interval_ms: int = 5) -> None:
        from PySide6.QtCore import Qt, QTimer

        self.interval = interval_ms / 1000
        self.phase = "starting"
        self.stalls: dict[str, list[float]] = {}
        self._last = time.perf_counter()
        self.timer = QTimer()
        self.timer.setTimerType(Qt.TimerType.PreciseTimer)
        self.timer.setInterval(interval_ms)
        self.timer.timeout.connect(self._on_timer_timeout)

    def start(self) -> None:
        self._last = time.perf_counter()
        self.timer.start()

    def stop(self) -> None:
        self.timer.stop()

    def _on_timer_timeout(self) -> None:
        now = time.perf_counter()
        stall = max(0.0, now - self._last - self.interval)
        self._last = now
        self.stalls.setdefault(self.phase, []).append(stall * 1000)

    def report(self) -> dict[str, tuple[float, float, int]]:
        rows = {}
        everything: list[float] = []
        for phase, values in self.stalls.items():
            rows[phase] = (max(values), percentile(values, 99), len(values))
            everything += values
        rows["all"] = (max(everything, default=0.0), percentile(everything, 99), len(everything))
        return rows


def run_training(corpus: Path, vocab: int, controller_only: bool) -> int:
    from PySide6.QtCore import QEventLoop, QSettings, QTimer
    from PySide6.QtWidgets import QApplication

    from app.core.registry import TokenizerRegistry
    from app.core.settings import Settings
    from app.core.training.controller import TrainingController, TrainingRequest
    from app.features.train.view import TrainView
    from bpe_engine import TrainerConfig

    app = QApplication.instance() or QApplication(sys.argv)
    tmp = tempfile.mkdtemp()
    view = None
    if controller_only:
        controller = TrainingController()
    else:
        settings = Settings(QSettings(os.path.join(tmp, "bench.ini"), QSettings.Format.IniFormat))
        view = TrainView(TokenizerRegistry(), settings)
        view.resize(1280, 800)
        view.show()
        controller = view.controller
    meter = StallMeter()
    loop = QEventLoop()
    outcome: dict[str, object] = {}

    def on_state(state: str) -> None:
        meter.phase = state if state in ("counting", "merging") else meter.phase

    def on_end(*args) -> None:
        outcome["end"] = args
        QTimer.singleShot(50, loop.quit)  # let the last repaint happen inside the measurement

    controller.state_changed.connect(on_state)
    controller.finished.connect(on_end)
    controller.failed.connect(lambda message: on_end("failed", message))
    config = TrainingRequest(TrainerConfig(vocab, ("<|endoftext|>",)), paths=(str(corpus),), label=corpus.name)
    if view is not None:
        # The user has the window on screen and the corpus chosen before pressing Start.
        view.corpus.add_files([str(corpus)])
        view.settings_panel.set_values(
            vocab_size=vocab, special_tokens="<|endoftext|>", pretokenizer="gpt2", tie_break="greatest"
        )
        settle = time.perf_counter() + 0.5
        while time.perf_counter() < settle:
            app.processEvents()
    meter.start()
    t0 = time.perf_counter()
    if view is not None:
        started = view.start()
    else:
        started = controller.start(config)
    if not started:
        print("could not start:", controller.error)
        return 1
    loop.exec()
    total = time.perf_counter() - t0
    meter.stop()
    if isinstance(outcome.get("end"), tuple) and outcome["end"] and outcome["end"][0] == "failed":
        print("training failed:", outcome["end"][1])
        return 1
    merges = len(controller.merges)
    what = "controller only" if controller_only else "Train view (table, plots, labels)"
    print(
        f"trained {corpus.name} ({corpus.stat().st_size / 1e6:.1f} MB), vocab {vocab}: {merges} merges, "
        f"{total:.2f} s total [{what}]"
    )
    print(f"{'phase':<10} {'longest ms':>11} {'p99 ms':>8} {'ticks':>7}")
    for phase, (longest, p99, n) in meter.report().items():
        print(f"{phase:<10} {longest:>11.1f} {p99:>8.1f} {n:>7}")
    rows = meter.report()["all"]
    verdict = "OK" if rows[0] < 100 and rows[1] < 20 else "ABOVE AIM"
    print(
        f"longest stall {rows[0]:.1f} ms, p99 stall {rows[1]:.1f} ms, total {total:.2f} s "
        f"(aim: longest < 100 ms, p99 < 20 ms): {verdict}"
    )
    controller.shutdown()
    return 0


def measure_cancel(corpus: Path, vocab: int) -> None:
    """Cancel at a few points of each phase; print how long until cancelled/thread end."""
    from PySide6.QtCore import QEventLoop, QTimer
    from PySide6.QtWidgets import QApplication

    from app.core.training.controller import TrainingController, TrainingRequest
    from bpe_engine import TrainerConfig

    app = QApplication.instance() or QApplication(sys.argv)
    config = TrainingRequest(TrainerConfig(vocab, ("<|endoftext|>",)), paths=(str(corpus),))
    for phase, delay_ms in (("counting", 300), ("counting", 900), ("merging", 100), ("merging", 500)):
        controller = TrainingController()
        loop = QEventLoop()
        marks: dict[str, float] = {}

        def fire(phase: str = phase, controller: TrainingController = controller) -> None:
            if controller.state != phase:
                return
            marks["asked"] = time.perf_counter()
            controller.cancel()

        def on_state(state: str, phase: str = phase, delay_ms: int = delay_ms) -> None:
            if state == phase and "armed" not in marks:
                marks["armed"] = 1
                QTimer.singleShot(delay_ms, fire)

        controller.state_changed.connect(on_state)
        controller.cancelled.connect(lambda: (marks.setdefault("cancelled", time.perf_counter()), loop.quit()))
        controller.finished.connect(lambda *_: loop.quit())
        controller.start(config)
        loop.exec()
        run = controller._run  # the benchmark may look inside: it measures the thread's end too
        if "asked" not in marks:
            print(f"cancel while {phase}: training left that phase before the cancel ({delay_ms} ms in)")
            controller.shutdown()
            continue
        thread_end = marks["asked"]
        if run is not None:
            run.thread.wait()
            thread_end = time.perf_counter()
        print(
            f"cancel while {phase} ({delay_ms} ms in): cancelled after "
            f"{(marks['cancelled'] - marks['asked']) * 1000:.0f} ms, work stopped after "
            f"{(thread_end - marks['asked']) * 1000:.0f} ms (includes ending the counting processes)"
        )
        controller.shutdown()
        app.processEvents()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mb", type=int, default=10, help="corpus size in MB (default 10)")
    parser.add_argument("--vocab", type=int, default=8000, help="vocabulary size (default 8000)")
    parser.add_argument("--controller-only", action="store_true", help="measure without the Train view")
    parser.add_argument("--cancel", action="store_true", help="also measure how fast Cancel takes effect")
    args = parser.parse_args()
    if not CORPUS.is_file():
        print(f"{CORPUS} is missing: put the shared folder beside the repository or set BPE_SHARED_DIR")
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        corpus = prefix_file(CORPUS, int(args.mb * 1_000_000), Path(tmp))
        status = run_training(corpus, args.vocab, args.controller_only)
        if args.cancel and status == 0:
            measure_cancel(corpus, args.vocab)
    return status


if __name__ == "__main__":  # subtle: required, counting starts worker processes (forkserver)
    sys.exit(main())
