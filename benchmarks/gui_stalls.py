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
- *timeline as-of 120k*: Tokenize "As of merge k" on 120 000 "a"s.

Prints the longest stall and the 99th percentile of each case, in milliseconds.

Run: python benchmarks/gui_stalls.py [--settle 60]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections.abc import Callable

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from _common import percentile  # noqa: E402 (after the platform is chosen)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--settle", type=float, default=60.0, help="seconds a case may take at most")
    args = parser.parse_args()
    os.environ.setdefault("XDG_CONFIG_HOME", tempfile.mkdtemp())

    from PySide6.QtCore import QCoreApplication, QEventLoop, Qt, QTimer
    from PySide6.QtWidgets import QApplication

    from app.core.settings import Settings
    from app.window.main_window import MainWindow
    from bpe_engine import train_bpe

    _app = QApplication.instance() or QApplication(sys.argv[:1])  # kept: the window needs it
    window = MainWindow(Settings())
    window.resize(1600, 1000)
    window.show()
    ticks: list[float] = []
    last = [time.perf_counter()]

    def tick() -> None:
        now = time.perf_counter()
        ticks.append(max(0.0, now - last[0] - 0.005) * 1000)
        last[0] = now

    timer = QTimer()
    timer.setTimerType(Qt.TimerType.PreciseTimer)
    timer.setInterval(5)
    timer.timeout.connect(tick)

    def run(name: str, action: Callable[[], None], settled: Callable[[], bool]) -> None:
        ticks.clear()
        last[0] = time.perf_counter()
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
        print(f"{name:<32} longest {max(ticks, default=0):8.0f} ms   p99 {percentile(ticks, 99):7.0f} ms", flush=True)

    def idle(seconds: float) -> None:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            QCoreApplication.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 50)

    idle(1.0)
    tokenize = window.tokenize_view

    def tokenize_settled() -> bool:
        """The chips show the text and are all laid out (they are laid out in slices)."""
        views = (tokenize.token_chips, tokenize.id_chips, tokenize.piece_chips)
        return tokenize.is_settled() and all(v.layout_done() for v in views)

    window.tabs.setCurrentWidget(tokenize)
    line = "The quick brown fox 国语的文字 🔭 jumps over the lazy dog.\n"
    big = (line * (330_000 // len(line) + 1))[:330_000]
    run("tokenize 330k", lambda: tokenize.set_text(big), tokenize_settled)
    box = tokenize.whitespace_box
    run("show whitespace off", box.toggle, tokenize_settled)
    run("show whitespace on", box.toggle, tokenize_settled)
    run("zoom out", window.presentation.zoom_out, tokenize_settled)
    run("actual size", window.presentation.reset_zoom, tokenize_settled)
    paste = (line * (1_000_000 // len(line) + 1))[:1_000_000]
    run("paste 1 MB", lambda: tokenize.set_text(paste), tokenize_settled)
    run("another tab", lambda: window.tabs.setCurrentWidget(window.vocab_view), lambda: True)
    run("back to Tokenize", lambda: window.tabs.setCurrentWidget(tokenize), tokenize_settled)

    tok = train_bpe(None, 256 + 40, text="low lower newest widest " * 50 + "a" * 3000)
    window.registry.add(tok, "runs of a")
    timeline = window.timeline_view
    window.tabs.setCurrentWidget(timeline)
    timeline.set_merges(3)
    idle(2.0)
    window.tabs.setCurrentWidget(tokenize)
    tokenize.set_text("a")
    tokenize.as_of.click()
    idle(1.0)
    key = tokenize.current_key()
    from bpe_engine import SpecialMode

    # the encoding job alone (the editor's layout of one 120 000-character line is apart)
    run(
        "as-of encode 120k 'a'",
        lambda: tokenize.controller.request("a" * 120_000, SpecialMode.ALLOW, [(key, tok)], as_of={key: 3}),
        lambda: not tokenize.controller.is_busy(),
    )
    t0 = time.perf_counter()
    window.close()
    print(f"{'close':<32} took {1000 * (time.perf_counter() - t0):8.0f} ms", flush=True)


if __name__ == "__main__":
    main()
