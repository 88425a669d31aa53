"""The longest interpreter-lock holds of a Families training's WordPiece trainer and of its
Unigram trainer up to its seed, the two that held the lock for long single calls.

The trainer runs in a thread beside a Python ticker in the main thread (every 1 ms, with the
switch interval the app sets while jobs run); per gap between two ticks, the CPU the training
thread used (``/proc/self/task/<tid>/schedstat``): the ticker could not run meanwhile, so the
training held the lock for that long, as the GUI thread would have waited for it. Linux only.

Run: BPE_SHARED_DIR=../shared python benchmarks/training_lock_holds.py
"""

from __future__ import annotations

import sys
import tempfile
import threading
import time
from pathlib import Path

from _common import CORPORA, prefix_file

from bpe_engine.family_trainers import family_trainer


def thread_cpu(tid: int) -> float:
    """A thread's time on a CPU, in milliseconds."""
    with open(f"/proc/self/task/{tid}/schedstat") as f:
        return int(f.read().split()[0]) / 1e6


def longest_holds(corpus: Path, family: str, until_round: bool) -> tuple[float, list[float]]:
    """Seconds the training took and its job CPU per gap between two ticks, longest first."""
    tid = [0]

    def body() -> None:
        tid[0] = threading.get_native_id()
        trainer = family_trainer(family, [str(corpus)], 1000, fork_workers=False)
        for event in trainer.events():
            if until_round and type(event).__name__ == "UnigramRound":
                break

    thread = threading.Thread(target=body)
    start = time.perf_counter()
    thread.start()
    while not tid[0]:
        time.sleep(0.001)
    holds: list[float] = []
    last = thread_cpu(tid[0])
    while thread.is_alive():
        time.sleep(0.001)
        try:
            cpu = thread_cpu(tid[0])
        except OSError:  # (the thread ended between two ticks)
            break
        holds.append(cpu - last)
        last = cpu
    return time.perf_counter() - start, sorted(holds, reverse=True)


def main() -> None:
    sys.setswitchinterval(0.001)  # (app.core.jobs.runner.JOB_SWITCH_INTERVAL)
    corpus = prefix_file(CORPORA / "en_mix_36MB.txt", 4_000_000, Path(tempfile.mkdtemp()), at_document=True)
    for family, until_round in (("wordpiece", False), ("unigram", True)):
        took, holds = longest_holds(corpus, family, until_round)
        longest = " ".join(f"{h:.0f}" for h in holds[:5])
        print(f"{family:10} {took:6.1f} s   longest job CPU between two ticks: {longest} ms", flush=True)


if __name__ == "__main__":
    main()
