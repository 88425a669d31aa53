"""How long the app's encode job keeps another thread from the interpreter lock (issue 20 F).

Beside each step, a thread sleeps 1 ms at a time; its longest lateness less its own CPU time
and its wait for a core (``/proc/thread-self/schedstat``, Linux) is the longest wait for the
lock, what the GUI thread would wait behind the job. Steps: r50k, cl100k and o200k opened
(from the engine's cache once warm), each one's tiktoken core built, cl100k's merge tables
made, then ``rounds`` encode jobs of 1 MB (the text of ``gui_stalls.py``, with pieces, three
columns) as Compare runs them.

    python benchmarks/bench_job_lock.py [--rounds 3]
"""

from __future__ import annotations

import argparse
import gc
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the checkout's app and engine


def _sched() -> tuple[float, float]:
    with open("/proc/thread-self/schedstat") as stat:
        run, wait, _ = stat.read().split()
    return int(run) / 1e9, int(wait) / 1e9


def longest_lock_wait(step: Callable[[], object]) -> float:
    """The longest wait for the lock (ms) of a thread sleeping 1 ms at a time while ``step`` runs."""
    waits: list[float] = []
    stop = threading.Event()

    def sleeper() -> None:
        last, (ran, queued) = time.perf_counter(), _sched()
        while not stop.is_set():
            time.sleep(0.001)
            now, (ran2, queued2) = time.perf_counter(), _sched()
            waits.append(max(0.0, now - last - 0.001 - (ran2 - ran) - (queued2 - queued)))
            last, ran, queued = now, ran2, queued2

    thread = threading.Thread(target=sleeper, daemon=True)
    thread.start()
    time.sleep(0.01)
    try:
        step()
    finally:
        stop.set()
        thread.join()
    return 1000 * max(waits, default=0.0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    sys.setswitchinterval(0.001)  # as the app while jobs run (runner.JOB_SWITCH_INTERVAL)

    from app.core.encode_job import run_job
    from app.core.messages import EncodeJob
    from bpe_engine import SpecialMode, Tokenizer

    keys = ("r50k_base", "cl100k_base", "o200k_base")
    line = "The quick brown fox 国语的文字 🔭 jumps over the lazy dog.\n"
    text = (line * (1_000_000 // len(line) + 1))[:1_000_000]
    toks: list[tuple[str, Tokenizer]] = []
    results = {"open the three": longest_lock_wait(lambda: toks.extend((k, Tokenizer.from_tiktoken(k)) for k in keys))}
    for key, tok in toks:
        results[f"core {key}"] = longest_lock_wait(tok.core_encoder)
    results["cl100k merges"] = longest_lock_wait(lambda: toks[1][1].merges)
    gc.collect()
    gc.freeze()  # as the app's runner does before a job
    job = EncodeJob(1, text, SpecialMode.ALLOW, tuple(toks), want_pieces=True)
    for k in range(args.rounds):
        results[f"encode job {k}"] = longest_lock_wait(lambda: run_job(job, lambda: False))
    print(" | ".join(f"{name}: {ms:.0f} ms" for name, ms in results.items()), flush=True)


if __name__ == "__main__":
    main()
