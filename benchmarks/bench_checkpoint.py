"""Training checkpoints: their size as a share of the corpus and their write time, against
the goal (at most 10 % of the corpus, written in under 0.5 s), and how long resuming takes.

Corpora: the first 10 MB of en_mix_36MB.txt and of zh_classical_poetry_25MB.txt (cut at a
document boundary, as in bench_train.py); GPT-2 pre-tokenization, <|endoftext|>. One
training per corpus (a fresh process) stops at each merge of ``--merges`` and saves a
checkpoint ``--repeat`` times there (the median write time is printed, with every run).
With ``--resume``, each checkpoint is then resumed in a fresh process, the resumed run goes
on for 100 merges, and their merges are compared with the uninterrupted run's.

    python benchmarks/bench_checkpoint.py                    # merges 1000 and 5000, 3 writes each
    python benchmarks/bench_checkpoint.py --resume           # and the resume times
    python benchmarks/bench_checkpoint.py --corpora zh --merges 100,2000,9000
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import CORPORA, EOT, REPO, median, prefix_file, require_shared  # noqa: E402

CORPUS_FILES = {"en": "en_mix_36MB.txt", "zh": "zh_classical_poetry_25MB.txt"}
AFTER = 100  # merges a resumed run makes after its checkpoint (compared with the full run)


def child_train(path: str, stops: list[int], repeat: int, folder: str) -> list[dict[str, object]]:
    """Train to each stop, save ``repeat`` times there; also note the merges after it."""
    from bpe_engine import BpeTrainer, MergeEvent

    trainer = BpeTrainer(path, 256 + max(stops) + AFTER + 1, [EOT])
    rows: list[dict[str, object]] = []
    merges: list[list[int]] = []
    for event in trainer.events():
        if not isinstance(event, MergeEvent):
            continue
        merges.append([event.left_id, event.right_id, event.count])
        if len(merges) in stops:
            ckpt = os.path.join(folder, f"{len(merges)}.ckpt")
            times = []
            for _ in range(repeat):
                start = time.perf_counter()
                saved = trainer.save_checkpoint(ckpt)
                times.append(time.perf_counter() - start)
            rows.append({"merges": len(merges), "saved": str(saved), "bytes": os.path.getsize(ckpt), "times": times})
    for row in rows:
        stop = int(row["merges"])  # type: ignore[call-overload]
        row["expected"] = merges[: stop + AFTER]
    return rows


def child_resume(ckpt: str, merges: int) -> dict[str, object]:
    from bpe_engine import BpeTrainer, MergeEvent

    start = time.perf_counter()
    trainer = BpeTrainer.resume(ckpt, vocab_size=256 + merges + AFTER + 1)
    done = [[e.left_id, e.right_id, e.count] for e in trainer.events() if isinstance(e, MergeEvent)]
    return {"seconds": time.perf_counter() - start, "merges": done}


def _run(args: list[str]) -> object:
    out = subprocess.run([sys.executable, __file__, *args], capture_output=True, text=True, check=True, cwd=REPO).stdout
    return json.loads(out.splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--corpora", default="en,zh")
    parser.add_argument("--merges", default="1000,5000")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--resume", action="store_true")
    parser.add_argument("--child", nargs="+", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        kind, *rest = args.child
        if kind == "train":
            print(json.dumps(child_train(rest[0], [int(x) for x in rest[1].split(",")], int(rest[2]), rest[3])))
        else:
            print(json.dumps(child_resume(rest[0], int(rest[1]))))
        return
    require_shared()
    stops = sorted(int(x) for x in args.merges.split(","))
    print("| corpus | merge | saved | size | share of corpus | write s (median) | writes | resume s | same merges |")
    print("| --- | ---: | --- | ---: | ---: | ---: | --- | ---: | --- |")
    with tempfile.TemporaryDirectory() as tmp:
        for name in args.corpora.split(","):
            folder = Path(tmp) / name
            folder.mkdir()
            corpus = prefix_file(CORPORA / CORPUS_FILES[name], 10_000_000, folder, at_document=True)
            size = corpus.stat().st_size
            rows = _run(["--child", "train", str(corpus), ",".join(map(str, stops)), str(args.repeat), str(folder)])
            assert isinstance(rows, list)
            for row in rows:
                resume, same = "", ""
                if args.resume:
                    got = _run(["--child", "resume", str(folder / f"{row['merges']}.ckpt"), str(row["merges"])])
                    assert isinstance(got, dict)
                    resume = f"{got['seconds']:.2f}"
                    same = "yes" if got["merges"] == row["expected"] else "NO"
                times = row["times"]
                print(
                    f"| {name} 10 MB | {row['merges']} | {row['saved']} | {row['bytes'] / 1e3:.1f} KB "
                    f"| {100 * row['bytes'] / size:.2f} % | {median(times):.3f} "
                    f"| {', '.join(f'{t:.3f}' for t in times)} | {resume} | {same} |",
                    flush=True,
                )


if __name__ == "__main__":
    main()
