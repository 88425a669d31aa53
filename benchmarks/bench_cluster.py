"""Counting on a local Dask cluster of 1 and 2 workers against the local worker processes.

Trains on about 1 GB (the shared corpora concatenated, as bench_train's workload e), vocab
32 000, GPT-2 pre-tokenization, in fresh processes; prints the counting time (start to
CountingDone: for a cluster, its start-up included), the whole run, and the peak resident
memory of the process tree (the cluster's workers included).

    python benchmarks/bench_cluster.py                 # 1 GB; local workers, cluster of 1 and 2
    python benchmarks/bench_cluster.py --gb 0.2 --runs local-2,cluster-2
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import EOT, require_shared, run_measured  # noqa: E402
from bench_train import make_big  # noqa: E402


def child(path: str, vocab: int, mode: str, workers: int) -> dict[str, float]:
    from bpe_engine import BpeTrainer, CountingDone

    settings: dict[str, object] = {"workers": workers}
    if mode == "cluster":
        settings["cluster"] = "local"
    start = time.perf_counter()
    trainer = BpeTrainer(path, vocab, [EOT], **settings)
    counted = start
    for event in trainer.events():
        if isinstance(event, CountingDone):
            counted = time.perf_counter()
    trainer.tokenizer()
    return {"counting": counted - start, "total": time.perf_counter() - start}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--gb", type=float, default=1.0)
    ap.add_argument("--vocab", type=int, default=32_000)
    ap.add_argument("--runs", default="local-2,cluster-1,cluster-2", help="MODE-WORKERS, MODE: local or cluster")
    ap.add_argument("--child", nargs=4, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        path, vocab, mode, workers = args.child
        print(json.dumps(child(path, int(vocab), mode, int(workers))))
        return
    require_shared()
    with tempfile.TemporaryDirectory() as tmp:
        path = make_big(Path(tmp), int(args.gb * 1e9))
        size = path.stat().st_size
        print(f"{size / 1e9:.2f} GB, vocab {args.vocab}")
        print("| run | counting s | total s | peak RSS MB |")
        print("|---|---|---|---|")
        for run in args.runs.split(","):
            mode, workers = run.split("-")
            out, peak = run_measured(
                [sys.executable, __file__, "--child", str(path), str(args.vocab), mode, workers], timeout=7200
            )
            result = json.loads(out.strip().splitlines()[-1])
            label = (
                f"{workers} local worker process(es)" if mode == "local" else f"Dask local cluster, {workers} worker(s)"
            )
            print(f"| {label} | {result['counting']:.1f} | {result['total']:.1f} | {peak:.0f} |", flush=True)


if __name__ == "__main__":
    main()
