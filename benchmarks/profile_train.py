"""Where training spends its time: phase timings of one run, and the counting work split.

Two measurements per workload (the same as ``bench_train.py``'s b, c, d), each in a fresh
process, median of ``--repeat``:

- **phases of a real run** (default workers), read off the trainer's events: *counting*
  (from the start to the "indexing" progress event: reading, pre-tokenization and counting
  in the workers, and merging their counts here), *pair index* (building the merge loop's
  tables, up to ``CountingDone``) and *merge loop* (every merge, up to ``TrainingDone``);
- **the counting work, in one process** (what the workers do between them, one after the
  other, so CPU seconds summed over both cores): *reading* the 1 MiB chunks, *pre-tokenization*
  (cutting them into pieces) and *counting* (the pieces' keys or a ``Counter``, then the
  per-shard dicts that go back to the trainer), found with ``cProfile`` by function.

    python benchmarks/profile_train.py                       # b, c, d, 3 runs each
    python benchmarks/profile_train.py --workloads b --repeat 5

It only uses what every version of the trainer has (events, ``_CountHandler``,
``iter_blocks``), so ``--engine DIR`` (a folder holding another version's ``bpe_engine``, e.g.
``git archive 2a8af28 | tar -x -C /tmp/old``) profiles that version the same way.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import pstats
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import CORPORA, EOT, median, prefix_file, require_shared  # noqa: E402

# Counting, by (file name ending, function): packing keys and counting them, Counter
# updates, the per-shard dicts of the result. Everything else the handler does between
# reading a chunk and counting its pieces is pre-tokenization (decoding, splitting).
_COUNTING = (
    ("keys.py", "pack"),
    ("keys.py", "add"),
    ("keys.py", "items"),
    ("__init__.py", "update"),  # collections.Counter.update
    ("counting.py", "_add_to_shards"),
    ("counting.py", "_add_pieces"),
    ("counting.py", "sharded_result"),
    ("counting.py", "result_parts"),  # versions before streamed_parts
    ("counting.py", "streamed_parts"),
)


def phases(path: str, vocab: int) -> dict[str, float]:
    from bpe_engine.train.events import CountingDone, CountingProgress, TrainingDone
    from bpe_engine.train.trainer import BpeTrainer

    trainer = BpeTrainer(path, vocab, [EOT])
    t0 = time.perf_counter()
    marks: dict[str, float] = {}
    for event in trainer.events():
        if isinstance(event, CountingProgress) and getattr(event, "stage", "") == "indexing":
            marks["counted"] = time.perf_counter()
        elif isinstance(event, CountingDone):
            marks["indexed"] = time.perf_counter()
        elif isinstance(event, TrainingDone):
            marks["done"] = time.perf_counter()
    return {
        "counting": marks["counted"] - t0,
        "pair index": marks["indexed"] - marks["counted"],
        "merge loop": marks["done"] - marks["indexed"],
        "total": marks["done"] - t0,
    }


def counting_work(path: str) -> dict[str, float]:
    """The workers' job done in this process, split by cProfile into reading,
    pre-tokenization and counting (CPU seconds)."""
    from bpe_engine.corpus import Chunker, CorpusSource, iter_blocks
    from bpe_engine.pretokenize import get_pretokenizer
    from bpe_engine.train.counting import _CountHandler

    pre = get_pretokenizer("gpt2")
    source = CorpusSource.from_input(path, None)
    chunker = Chunker(pre, [EOT])
    t = time.perf_counter()
    chunks = [(chunk, p, offset) for chunk, p, offset, _ in iter_blocks(source, chunker, 1 << 20)]
    reading = time.perf_counter() - t
    handler = _CountHandler(pre.spec, (EOT,))
    profile = cProfile.Profile()
    t = time.perf_counter()
    profile.enable()
    for task in chunks:
        handler.handle(task)
    for _ in handler.finish():
        pass
    profile.disable()
    work = time.perf_counter() - t
    stats = pstats.Stats(profile).stats  # type: ignore[attr-defined]
    counting = _outermost(stats)
    return {"reading": reading, "pre-tokenization": work - counting, "counting": counting}


def _outermost(stats: dict) -> float:  # type: ignore[type-arg]
    """Cumulative time of the counting calls that are not made from another counting call."""

    def counts(func: tuple[str, int, str]) -> bool:
        return any(func[0].endswith(f) and func[2] == name for f, name in _COUNTING)

    total = 0.0
    for func, (_, _, _, _, callers) in stats.items():
        if counts(func):
            total += sum(c[3] for caller, c in callers.items() if not counts(caller))
    return total


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--workloads", default="b,c,d")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--engine", help="import bpe_engine from this folder (another version)")
    ap.add_argument("--child", nargs=3, metavar=("WHAT", "PATH", "VOCAB"), help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.engine:
        sys.path.insert(0, str(Path(args.engine).resolve()))
    if args.child:
        what, path, vocab = args.child
        print(json.dumps(phases(path, int(vocab)) if what == "phases" else counting_work(path)))
        return
    require_shared()
    import bpe_engine

    print(f"bpe_engine from {Path(bpe_engine.__file__).parent}")
    print(f"median of {args.repeat} fresh processes; seconds\n")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        workloads = {
            "b": (lambda: prefix_file(CORPORA / "en_mix_36MB.txt", 10_000_000, folder, at_document=True), 10_000),
            "c": (lambda: CORPORA / "en_mix_36MB.txt", 32_000),
            "d": (
                lambda: prefix_file(CORPORA / "zh_classical_poetry_25MB.txt", 10_000_000, folder, at_document=True),
                10_000,
            ),
        }
        for key in args.workloads.split(","):
            make, vocab = workloads[key]
            path = str(make())
            for what in ("phases", "work"):
                runs: list[dict[str, float]] = []
                for _ in range(args.repeat):
                    out = subprocess.run(
                        [
                            sys.executable,
                            __file__,
                            *(["--engine", args.engine] if args.engine else []),
                            "--child",
                            what,
                            path,
                            str(vocab),
                        ],
                        check=True,
                        capture_output=True,
                        text=True,
                    ).stdout
                    runs.append(json.loads(out.strip().splitlines()[-1]))
                title = "run (wall)" if what == "phases" else "counting work, 1 process (CPU)"
                cells = ", ".join(f"{name} {median([r[name] for r in runs]):.2f}" for name in runs[0])
                print(f"  {key} {title}: {cells}", flush=True)


if __name__ == "__main__":
    main()
