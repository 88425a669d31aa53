"""Does training let other threads breathe? (the GUI trains in a thread)

Trains on the first 10 MB of en_mix_36MB.txt (vocab 10 000) in a background thread while a
second thread wakes every 5 ms and records how much later than planned it woke. Prints the
longest wait and the 99th percentile, per phase (counting, merging), for the default
worker processes and for ``workers=1`` (counting in the training thread itself).
Aim: longest wait under 50 ms.

    python benchmarks/bench_gil.py [--corpus zh_classical_poetry_25MB.txt]
"""

from __future__ import annotations

import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import CORPORA, EOT, percentile, prefix_file, require_shared  # noqa: E402


def measure(path: Path, workers: int | None) -> dict[str, list[float]]:
    from bpe_engine import BpeTrainer, CountingDone

    phase = ["counting"]
    waits: dict[str, list[float]] = {"counting": [], "merging": []}
    done = threading.Event()

    def train() -> None:
        trainer = BpeTrainer(path, 10_000, [EOT], workers=workers)
        for event in trainer.events():
            if isinstance(event, CountingDone):
                phase[0] = "merging"
        trainer.tokenizer()
        done.set()

    worker = threading.Thread(target=train)
    worker.start()
    while not done.is_set():
        planned = time.perf_counter() + 0.005
        time.sleep(0.005)
        waits[phase[0]].append(max(0.0, time.perf_counter() - planned) * 1000)
    worker.join()
    return waits


def main() -> None:
    import argparse

    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--corpus", default="en_mix_36MB.txt", help="a file of the shared corpora (first 10 MB)")
    args = ap.parse_args()
    require_shared()
    with tempfile.TemporaryDirectory() as tmp:
        path = prefix_file(CORPORA / args.corpus, 10_000_000, Path(tmp), at_document=True)
        print(f"training on the first 10 MB of {args.corpus}, vocab 10 000")
        for workers in (None, 1):
            start = time.perf_counter()
            waits = measure(path, workers)
            total = time.perf_counter() - start
            label = "default workers" if workers is None else f"workers={workers}"
            every = waits["counting"] + waits["merging"]
            print(
                f"{label}: training {total:.1f} s; longest wait {max(every):.1f} ms, p99 {percentile(every, 99):.1f} ms"
            )
            for name, values in waits.items():
                if values:
                    print(
                        f"    {name:9s} longest {max(values):6.1f} ms   p99 {percentile(values, 99):5.1f} ms   ({len(values)} wake-ups)"
                    )


if __name__ == "__main__":
    main()
