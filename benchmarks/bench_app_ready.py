"""How long after the main window shows is Compare ready with the OpenAI encodings?

Each run is a fresh interpreter (offscreen Qt, settings in a temporary file): it builds the
:class:`~app.window.main_window.MainWindow`, shows it with the Compare tab in front (its
columns load their tokenizers when it shows), and then watches, every 5 ms, Compare's three
default columns (r50k, cl100k, o200k) until every one shows its chips for the default text.
Printed per run: the time from the window and Compare shown to that moment ("ready"), and
from the start of ``MainWindow()`` (building the window counts too), and the CPU time the
process spent from the show to that moment (all its threads: the work the app does to get
ready, which the other users of a busy machine do not change as much as the wall time).

- cold: our tokenizer cache (``BPE_EXPLORER_CACHE``) is a new empty folder (the first start
  ever; tiktoken's own rank files are in ``TIKTOKEN_CACHE_DIR``, as after any earlier use);
- warm: the same folder, as the cold start and the runs before left it (every later start).

Python's bytecode caches are written and used in every run (``PYTHONDONTWRITEBYTECODE`` is
dropped): with it set, each run compiled the app's modules again, as no installed app does.

Medians of ``--repeat`` runs; the runs go cold, warm, cold, warm, ... so that a busy moment
of this shared machine slows both alike. Goal (issue 21): warm ready <= 1 s.

    python benchmarks/bench_app_ready.py [--repeat 3] [--against ../main]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import REPO, median  # noqa: E402  (sets TIKTOKEN_CACHE_DIR)

KEYS = ["r50k_base", "cl100k_base", "o200k_base"]

_RUN = """
import json, os, sys, tempfile, time
from PySide6.QtCore import QSettings, QTimer
from PySide6.QtWidgets import QApplication
from app.core.settings import Settings
from app.features.compare.column import ColumnState
from app.window.main_window import MainWindow

app = QApplication([])
settings = Settings(QSettings(os.path.join(tempfile.mkdtemp(), "s.ini"), QSettings.Format.IniFormat))
start = time.perf_counter()
window = MainWindow(settings)
window.show()
window.tabs.setCurrentWidget(window.compare_view)  # its columns load when it shows
shown = time.perf_counter()
shown_cpu = time.process_time()
columns = window.compare_view.columns_area.columns()
keys = {keys!r}
result = {{}}

def check():
    if [c.key() for c in columns] == keys and all(c.state == ColumnState.CHIPS for c in columns):
        now = time.perf_counter()
        result.update(ready=now - shown, start=now - start, cpu=time.process_time() - shown_cpu)
        app.quit()
    elif time.perf_counter() - shown > 120:
        result.update(error="not ready after 120 s: " + str([(c.key(), str(c.state)) for c in columns]))
        app.quit()

timer = QTimer()
timer.setInterval(5)
timer.timeout.connect(check)
timer.start()
app.exec()
window.shutdown()
print(json.dumps(result))
"""


def run(cache: Path, repo: Path = REPO) -> dict[str, float]:
    env = {**os.environ, "BPE_EXPLORER_CACHE": str(cache), "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(repo)}
    env["XDG_CONFIG_HOME"] = tempfile.mkdtemp()
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # warm: the bytecode cached too, as an installed app's
    out = subprocess.run(
        [sys.executable, "-c", _RUN.format(keys=KEYS)], capture_output=True, text=True, cwd=repo, env=env, timeout=300
    )
    lines = [line for line in out.stdout.splitlines() if line.startswith("{")]
    if out.returncode != 0 or not lines:
        raise RuntimeError(out.stderr[-2000:])
    result: dict[str, float] = json.loads(lines[-1])
    if "error" in result:
        raise RuntimeError(str(result["error"]))
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--against", type=Path, help="another checkout of the app, run interleaved with this one")
    args = parser.parse_args()
    repos = {"this": REPO} | ({"other": args.against.resolve()} if args.against else {})
    times: dict[tuple[str, str], list[dict[str, float]]] = {}
    with tempfile.TemporaryDirectory() as scratch:
        for label, repo in repos.items():
            run(Path(scratch) / f"warm-{label}", repo)  # fills the warm cache (a first start, not counted)
        for k in range(args.repeat):
            for label, repo in repos.items():
                for kind in ("cold", "warm"):
                    cache = Path(scratch) / (f"cold-{label}-{k}" if kind == "cold" else f"warm-{label}")
                    got = run(cache, repo)
                    times.setdefault((label, kind), []).append(got)
                    print(
                        f"  run {k + 1}, {label} ({repo}), {kind}: ready {got['ready']:.2f} s, cpu {got['cpu']:.2f} s"
                    )
    print(f"\nmedians of {args.repeat} fresh processes (the warm caches filled by a start before them)\n")
    print("| checkout | start | ready after show() | from MainWindow() | CPU from show() to ready |")
    print("|---|---|---|---|---|")
    for (label, kind), runs in times.items():
        ready = median([r["ready"] for r in runs])
        start = median([r["start"] for r in runs])
        cpu = median([r["cpu"] for r in runs])
        print(f"| {label} | {kind} | {ready:.2f} s | {start:.2f} s | {cpu:.2f} s |")


if __name__ == "__main__":
    main()
