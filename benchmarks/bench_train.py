"""Training speed and memory: ours against the peers that are installed, side by side.

Workloads (GPT-2 pre-tokenization, special token <|endoftext|>):

    a  corpus.en (fixtures), vocab 500
    b  first 10 MB of en_mix_36MB.txt, vocab 10 000
    c  all of en_mix_36MB.txt, vocab 32 000
    d  first 10 MB of zh_classical_poetry_25MB.txt, vocab 10 000
    e  a 1 GB input (the corpora concatenated several times), vocab 32 000 (only with --big)

``ours-cli`` (asked for in ``--peers``): the ``bpe-engine train`` program (``python -m
bpe_engine train ... -o FILE``) run in the child, as a user of the command line runs it: its
time includes importing the engine and saving the tokenizer, and the program asks OpenBLAS
for one thread before NumPy loads (the library, ``ours``, never does).

Peers: Hugging Face ``tokenizers`` (BpeTrainer, ByteLevel pre-tokenizer), ``rustbpe`` and
``sentencepiece`` (BPE), each when installed. Every run is a fresh process (imports are not
timed); the time is measured inside it around the training call, the peak resident memory
of its whole process tree by sampling /proc every 10 ms (our forked counting workers count
with the memory they hold privately: the pages they share with the process that forked them
exist once).
Prints, per workload, the median of ``--repeat`` runs and the ratios ours/peer (< 1: we are
faster / smaller). CPU: seconds of user and system time of the run's process and its ended
children (our counting workers; sentencepiece's threads), which a loaded machine moves less
than the wall clock.

    python benchmarks/bench_train.py                 # a, b, c, d, 3 runs each
    python benchmarks/bench_train.py --workloads b,d --repeat 5 --peers hf
    python benchmarks/bench_train.py --workloads e --big
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import CORPORA, EOT, FIXTURES, median, prefix_file, require_shared, run_measured  # noqa: E402

GPT2_PATTERN = r"""'(?:[sdmt]|ll|ve|re)| ?\p{L}++| ?\p{N}++| ?[^\s\p{L}\p{N}]++|\s++$|\s+(?!\S)|\s"""
TRAINERS = ("ours", "ours-cli", "hf", "rustbpe", "spm")


# -- child side: one training run, timed -------------------------------------------------


def _documents(path: str):  # type: ignore[no-untyped-def]
    """The documents of a corpus (cut at <|endoftext|>), read in pieces."""
    buf = ""
    with open(path, encoding="utf-8", newline="") as f:
        while True:
            block = f.read(1 << 20)
            if not block:
                break
            buf += block
            *docs, buf = buf.split(EOT)
            yield from docs
    if buf:
        yield buf


def _cpu() -> float:
    """CPU seconds of this process (all its threads) and of its children that have ended
    (our counting workers are joined before training ends)."""
    import resource

    own, ended = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + ended.ru_utime + ended.ru_stime


def child(trainer: str, path: str, vocab: int, out_dir: str) -> dict:
    cpu = _cpu()
    report = _train(trainer, path, vocab, out_dir)
    report["cpu"] = _cpu() - cpu
    return report


def _train(trainer: str, path: str, vocab: int, out_dir: str) -> dict:
    if trainer == "ours":
        from bpe_engine import BpeTrainer

        t = time.perf_counter()
        trainer = BpeTrainer(path, vocab, [EOT])
        for _ in trainer.events():
            pass
        tok = trainer.tokenizer()
        seconds = time.perf_counter() - t
        assert trainer.counting is not None
        return {"seconds": seconds, "vocab": len(tok.vocab), "distinct": trainer.counting.distinct_pretokens}
    if trainer == "ours-cli":
        from bpe_engine.__main__ import run  # sets the program's own settings, then imports the engine

        out = str(Path(out_dir) / f"ours-cli-{os.getpid()}.json")
        t = time.perf_counter()
        code = run(["train", path, "-v", str(vocab), "-s", EOT, "-o", out, "-q"])
        seconds = time.perf_counter() - t
        if code:
            raise SystemExit(f"bpe-engine train failed ({code})")
        return {"seconds": seconds, "vocab": vocab}
    if trainer == "hf":
        from tokenizers import Tokenizer, models, pre_tokenizers, trainers

        tok = Tokenizer(models.BPE())
        tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
        tr = trainers.BpeTrainer(
            vocab_size=vocab,
            special_tokens=[EOT],
            initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
            show_progress=False,
        )
        t = time.perf_counter()
        tok.train([path], tr)
        return {"seconds": time.perf_counter() - t, "vocab": tok.get_vocab_size()}
    if trainer == "rustbpe":
        import rustbpe

        tok = rustbpe.Tokenizer()
        t = time.perf_counter()
        tok.train_from_iterator(_documents(path), vocab - 1, pattern=GPT2_PATTERN)
        return {"seconds": time.perf_counter() - t, "vocab": tok.vocab_size + 1}
    if trainer == "spm":
        import sentencepiece as spm

        t = time.perf_counter()
        spm.SentencePieceTrainer.train(
            input=path,
            model_prefix=str(Path(out_dir) / "spm"),
            model_type="bpe",
            vocab_size=vocab,
            byte_fallback=True,
            input_sentence_size=0,
            max_sentence_length=1 << 20,
            num_threads=2,
            minloglevel=2,
            user_defined_symbols=[EOT],
        )
        return {"seconds": time.perf_counter() - t, "vocab": vocab}
    raise SystemExit(f"unknown trainer {trainer}")


# -- parent side ----------------------------------------------------------------------------


def available(trainer: str) -> bool:
    module = {
        "ours": "bpe_engine",
        "ours-cli": "bpe_engine",
        "hf": "tokenizers",
        "rustbpe": "rustbpe",
        "spm": "sentencepiece",
    }[trainer]
    try:
        __import__(module)
        return True
    except ImportError:
        return False


def make_big(folder: Path, size: int) -> Path:
    """About ``size`` bytes: all corpora, concatenated over and over (documents separated)."""
    out = folder / "big.txt"
    sources = sorted(p for p in CORPORA.glob("*.txt"))
    written = 0
    with open(out, "wb") as f:
        while written < size:
            for src in sources:
                data = src.read_bytes()
                f.write(data)
                f.write(b"\n" + EOT.encode() + b"\n")
                written += len(data) + 15
                if written >= size:
                    break
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--workloads", default="a,b,c,d")
    ap.add_argument("--peers", default="hf,rustbpe,spm", help="comma-separated: hf, rustbpe, spm, ours-cli")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--big", action="store_true", help="allow workload e (1 GB; takes minutes)")
    ap.add_argument("--big-gb", type=float, default=1.0)
    ap.add_argument("--child", nargs=4, metavar=("TRAINER", "PATH", "VOCAB", "DIR"), help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        trainer, path, vocab, out_dir = args.child
        print(json.dumps(child(trainer, path, int(vocab), out_dir)))
        return

    require_shared()
    wanted = args.workloads.split(",")
    if "e" in wanted and not args.big:
        sys.exit("workload e trains on 1 GB; add --big to run it")
    peers = [p for p in args.peers.split(",") if p]
    trainers = ["ours"] + [p for p in peers if available(p)]
    missing = [p for p in peers if not available(p)]
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        workloads = {
            "a": ("corpus.en, vocab 500", lambda: FIXTURES / "corpus.en", 500),
            "b": (
                "en_mix first 10 MB, vocab 10000",
                lambda: prefix_file(CORPORA / "en_mix_36MB.txt", 10_000_000, folder, at_document=True),
                10_000,
            ),
            "c": ("en_mix all 36 MB, vocab 32000", lambda: CORPORA / "en_mix_36MB.txt", 32_000),
            "d": (
                "zh poetry first 10 MB, vocab 10000",
                lambda: prefix_file(CORPORA / "zh_classical_poetry_25MB.txt", 10_000_000, folder, at_document=True),
                10_000,
            ),
            "e": (
                f"{args.big_gb:g} GB of all corpora, vocab 32000",
                lambda: make_big(folder, int(args.big_gb * 1e9)),
                32_000,
            ),
        }
        print(f"trainers: {', '.join(trainers)}" + (f" (not installed: {', '.join(missing)})" if missing else ""))
        print(f"median of {args.repeat} runs each; seconds (peak RSS MB); ratio = ours / peer\n")
        rows = []
        for key in wanted:
            label, make, vocab = workloads[key]
            path = make()
            results: dict[str, tuple[float, float, float]] = {}
            runs: dict[str, list[tuple[float, float, float]]] = {t: [] for t in (trainers if key != "e" else ["ours"])}
            failed: set[str] = set()
            # The trainers take turns, so a machine that speeds up or slows down during the run
            # affects all of them alike.
            for _ in range(args.repeat if key != "e" else 1):
                for trainer in runs:
                    if trainer in failed:
                        continue
                    try:
                        out, peak = run_measured(
                            [sys.executable, __file__, "--child", trainer, str(path), str(vocab), tmp],
                            timeout=6 * 3600,
                        )
                    except RuntimeError as exc:  # a peer that cannot do this workload is reported, not fatal
                        print(f"  {key} {trainer:8s} failed: {str(exc).strip().splitlines()[-1][:150]}", flush=True)
                        failed.add(trainer)
                        continue
                    report = json.loads(out.strip().splitlines()[-1])
                    runs[trainer].append((report["seconds"], peak, report["cpu"]))
                    if "distinct" in report and key == "e":
                        print(f"  {key} {trainer:8s} {report['distinct']:,} distinct pre-tokens", flush=True)
            for trainer, values in runs.items():
                if trainer in failed or not values:
                    continue
                times = [t for t, _, _ in values]
                cpus = [c for _, _, c in values]
                results[trainer] = (median(times), max(m for _, m, _ in values), median(cpus))
                print(
                    f"  {key} {trainer:8s} {median(times):7.2f} s  {results[trainer][1]:7.0f} MB  CPU {median(cpus):6.2f} s"
                    f"   runs: {', '.join(f'{x:.2f}' for x in times)}; CPU {', '.join(f'{x:.2f}' for x in cpus)}",
                    flush=True,
                )
            rows.append((key, label, results))
        print()
        # One row per workload for the library call, and one for the program (ours-cli) when run.
        peers_of = [p for p in trainers if p not in ("ours", "ours-cli")]
        header = "| workload | ours s (MB) |"
        for p in peers_of:
            header += f" {p} s (MB) | ours/{p} time | ours/{p} RSS | ours/{p} CPU |"
        print(header)
        print("|" + "---|" * (2 + 4 * len(peers_of)))
        for key, label, results in rows:
            for mine in ("ours", "ours-cli"):
                if mine not in results:
                    continue
                ours_t, ours_m, ours_c = results[mine]
                name = f"{key}: {label}" + (" (bpe-engine train)" if mine == "ours-cli" else "")
                line = f"| {name} | {ours_t:.2f} ({ours_m:.0f}) |"
                for p in peers_of:
                    if p in results:
                        t, m, c = results[p]
                        line += f" {t:.2f} ({m:.0f}) | {ours_t / t:.2f} | {ours_m / m:.2f} | {ours_c / c:.2f} |"
                    else:
                        line += " - | - | - | - |"
                print(line)


if __name__ == "__main__":
    main()
