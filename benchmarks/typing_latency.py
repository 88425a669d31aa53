"""Keystroke-to-display latency of the Tokenize view, with cl100k_base.

Builds the real :class:`app.features.tokenize.view.TokenizeView` offscreen, loads 1 KB, 10 KB
and 100 KB of English text (../shared/corpora/en_mix_36MB.txt, or --text FILE), then types
single characters into the editor with QTest and measures, for each keystroke, the time
until the token chips have painted the new result. Prints the median, 90th percentile and
worst latency per size, and where the time goes: encode (worker), the rest of the worker
(spans, pieces), and the GUI (chips laid out and painted). Aim: under 50 ms at 10 KB.

Run: python benchmarks/typing_latency.py [--keys 30] [--text FILE]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import SHARED  # noqa: E402  (sets sys.path and TIKTOKEN_CACHE_DIR)
from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402


def wait_until(app: QApplication, cond, timeout: float = 60.0) -> bool:
    end = time.perf_counter() + timeout
    while not cond():
        if time.perf_counter() > end:
            return False
        app.processEvents()
        time.sleep(0.0005)
    return True


def text_of_size(source: str, size: int) -> str:
    data = source.encode("utf-8")[:size]
    return data.decode("utf-8", errors="ignore")


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q * (len(values) - 1))))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keys", type=int, default=30, help="keystrokes per size (default 30)")
    parser.add_argument("--text", type=Path, default=SHARED / "corpora" / "en_mix_36MB.txt")
    args = parser.parse_args()
    if not args.text.exists():
        print(f"{args.text} is missing: pass --text FILE (UTF-8 text of 100 KB or more)")
        return 2
    with open(args.text, encoding="utf-8", errors="replace") as f:
        source = f.read(400_000)

    app = QApplication.instance() or QApplication([])
    from app.core.registry import TokenizerRegistry
    from app.features.tokenize.view import TokenizeView

    registry = TokenizerRegistry()
    view = TokenizeView(registry)
    view.resize(1280, 900)
    view.show()
    view.picker.set_current_key("cl100k_base")
    t0 = time.perf_counter()
    if not wait_until(app, lambda: registry.get("cl100k_base") is not None, 120):
        print("cl100k_base did not load:", registry.entry("cl100k_base").message)
        return 1
    print(f"cl100k_base loaded in {time.perf_counter() - t0:.1f} s (once per process)")
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"machine: {os.cpu_count()} CPUs, load average {load:.2f} (other work on the machine slows every figure)")

    last = {}
    view.controller.finished.connect(lambda r: last.__setitem__("result", r))
    print(
        f"{'text':>8} {'tokens':>7} {'median':>8} {'p90':>8} {'worst':>8} | {'encode':>7} {'worker':>7} {'GUI':>7}   (ms)"
    )
    rows = []
    for size in (1_000, 10_000, 100_000):
        text = text_of_size(source, size)
        view.set_text(text)
        wait_until(app, lambda: view.is_settled() and view.token_chips.painted_generation == view.controller.generation)
        # Warm-up keystroke, as a user's first one after pasting also pays for cold caches.
        cursor = view.editor.textCursor()
        cursor.setPosition(len(text) // 2)
        view.editor.setTextCursor(cursor)
        lat, enc, work, gui = [], [], [], []
        for k in range(args.keys + 1):
            key = "abcdefghij "[k % 11]
            start = time.perf_counter()
            QTest.keyClick(view.editor, key)
            gen = view.controller.generation
            wait_until(app, lambda: view.token_chips.painted_generation >= gen and view.is_settled())
            end = time.perf_counter()
            if k == 0:
                continue
            result = last["result"]
            lat.append((end - start) * 1000)
            enc.append(result.outcomes[0].encode_seconds * 1000)
            work.append(result.seconds * 1000)
            gui.append(lat[-1] - work[-1])
        n_tokens = len(view.table())
        rows.append((size, n_tokens, lat, enc, work, gui))
        print(
            f"{size // 1000:>5} KB {n_tokens:>7} {statistics.median(lat):>8.1f} {pct(lat, 0.9):>8.1f} {max(lat):>8.1f} | "
            f"{statistics.median(enc):>7.1f} {statistics.median(work):>7.1f} {statistics.median(gui):>7.1f}"
        )
    # Typing faster than the view can follow: stale results must be dropped, not queued.
    text = text_of_size(source, 100_000)
    view.set_text(text)
    wait_until(app, view.is_settled)
    dropped0 = view.controller.dropped
    start = time.perf_counter()
    for _ in range(20):
        QTest.keyClick(view.editor, "x")
        app.processEvents()
    gen = view.controller.generation
    wait_until(app, lambda: view.token_chips.painted_generation >= gen and view.is_settled())
    total = (time.perf_counter() - start) * 1000
    print(
        f"burst of 20 keystrokes on 100 KB: last one displayed {total:.0f} ms after the first key; "
        f"{view.controller.dropped - dropped0} stale requests dropped; shown text matches editor: "
        f"{view.table().text == view.text()}"
    )
    med10 = statistics.median(rows[1][2])
    print(f"10 KB median {med10:.1f} ms: {'within' if med10 < 50 else 'ABOVE'} the 50 ms aim")
    view.close()
    registry.wait(10_000)
    return 0


if __name__ == "__main__":
    sys.exit(main())
