"""Record how far training gets over time on real corpora: the traces the time-left estimator
is designed and tested on (``tests/app/data/merge_traces.json``).

For each corpus it trains with the engine, exactly as the app does (``fork_workers=False``),
and writes the seconds since the merge loop began at each merge of a sample grid: every merge
for the first 50, then about 400 merges spread evenly over the run. The counting phase's
duration is kept too. Traces differ from machine to machine in speed, not in shape: the cost of
a merge follows how many positions it touches, which falls steeply over a run.

    python tools/record_merge_traces.py [--out tests/app/data/merge_traces.json]
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
from _common import CORPORA, EOT, REPO, prefix_file, require_shared  # noqa: E402  (sets sys.path)

from bpe_engine import BpeTrainer, CountingDone, MergeEvent, TrainerConfig  # noqa: E402

# (corpus file, bytes to take, vocabulary size, pre-tokenizer)
RUNS = [
    ("zh_classical_poetry_25MB.txt", 25_000_000, 8000, "gpt2"),
    ("code_python311_stdlib_32MB.txt", 5_000_000, 4000, "gpt2"),
    ("en_enwik8_prefix_4MB.txt", 4_000_000, 10000, "gpt2"),
    ("ru_fortunes_4MB.txt", 4_000_000, 5000, "cl100k"),
    ("multi_udhr_532langs_7MB.txt", 7_000_000, 8000, "o200k"),
    ("ja_novels_2MB.txt", 2_500_000, 6000, "gpt2"),
    ("en_mix_36MB.txt", 3_000_000, 3000, "gpt2"),
    # Long runs, where a time left matters most.
    ("zh_classical_poetry_25MB.txt", 25_000_000, 32000, "gpt2"),
    ("en_mix_36MB.txt", 36_000_000, 32000, "gpt2"),
    ("code_python311_stdlib_32MB.txt", 32_000_000, 16000, "gpt2"),
    ("multi_udhr_532langs_7MB.txt", 7_000_000, 32000, "o200k"),
]


def record(path: Path, vocab_size: int, pretokenizer: str) -> dict[str, object]:
    config = TrainerConfig(vocab_size, (EOT,), pretokenizer=pretokenizer, fork_workers=False)
    trainer = BpeTrainer(str(path), config)
    t0 = time.perf_counter()
    start = 0.0
    counting = 0.0
    times: list[float] = []
    for event in trainer.events():
        if isinstance(event, CountingDone):
            start = time.perf_counter()
            counting = start - t0
        elif isinstance(event, MergeEvent):
            times.append(time.perf_counter() - start)
    n = len(times)
    grid = sorted(set(range(min(n, 50))) | {round(i * (n - 1) / 400) for i in range(401)}) if n else []
    return {
        "corpus": path.name,
        "bytes": path.stat().st_size,
        "vocab_size": vocab_size,
        "pretokenizer": pretokenizer,
        "target_merges": trainer.target_merges,
        "counting_seconds": round(counting, 4),
        # (merges done, seconds since the merge loop began)
        "points": [[i + 1, round(times[i], 5)] for i in grid],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(REPO / "tests" / "app" / "data" / "merge_traces.json"))
    args = parser.parse_args()
    require_shared()
    traces = []
    with tempfile.TemporaryDirectory() as tmp:
        for name, size, vocab, pre in RUNS:
            source = CORPORA / name
            path = prefix_file(source, size, Path(tmp)) if source.stat().st_size > size * 1.05 else source
            trace = record(path, vocab, pre)
            last = trace["points"][-1] if trace["points"] else None
            print(f"{name}: {trace['target_merges']} merges, counting {trace['counting_seconds']} s, last {last}")
            traces.append(trace)
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps({"traces": traces}, separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
