"""Character-level BPE training: ours (``train_char_bpe``) against SentencePiece's own BPE
trainer, side by side in one process, on the same corpus slices.

Workloads (first bytes of a shared corpus, cut after a line):

    a  en_mix_36MB.txt, first 1 MB, vocab 4 000
    b  en_mix_36MB.txt, first 10 MB, vocab 10 000
    c  zh_classical_poetry_25MB.txt, first 1 MB, vocab 10 000 (about 6 900 characters)
    d  zh_classical_poetry_25MB.txt, first 10 MB, vocab 20 000 (about 10 700 characters)

SentencePiece is set up to learn what ours learns: ``model_type=bpe``, ``byte_fallback``,
every character kept (``character_coverage=1``), no normalization, the dummy prefix, spaces
kept, no splitting by script or at digits, every line read whatever its length, pieces up to
SentencePiece's longest (ours has no limit), and as many threads as we have cores. Both
count ``<unk> <s> </s>``, the 256 byte tokens and the characters in the vocabulary size.

Times: both run in this one process, taking turns (the order swaps every round, so a machine
that speeds up or slows down affects both alike); the time is the training call, imports and
a warm-up run left out. Peak memory cannot be told apart inside one process (memory freed by
one run stays with the process and is reused by the next), so it is measured once per trainer
in a fresh process: the peak resident memory of its whole process tree (our forked counting
workers count with the memory they hold privately: the pages they share with the process
that forked them exist once), sampled every 10 ms. Prints the median time of ``--repeat`` rounds, the
peak memory, ours/spm (< 1: we are faster or smaller), and how many of our pieces
SentencePiece learned too (they break ties and count pairs their own way, so the
vocabularies are close, not equal).

    python benchmarks/bench_char_train.py                  # a, b, c, d, 3 rounds each
    python benchmarks/bench_char_train.py --workloads a,c --repeat 5 --no-memory
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import CORPORA, median, prefix_file, require_shared, run_measured  # noqa: E402


def train_ours(path: Path, vocab: int, folder: Path) -> set[str]:
    from bpe_engine import train_char_bpe

    tok = train_char_bpe(path, vocab)
    return set(tok.pieces_text)


def train_spm(path: Path, vocab: int, folder: Path) -> set[str]:
    import sentencepiece as spm

    prefix = str(folder / "spm")
    spm.SentencePieceTrainer.train(
        input=str(path),
        model_prefix=prefix,
        model_type="bpe",
        vocab_size=vocab,
        byte_fallback=True,
        character_coverage=1.0,
        normalization_rule_name="identity",
        add_dummy_prefix=True,
        remove_extra_whitespaces=False,
        split_by_unicode_script=False,
        split_by_number=False,
        split_by_whitespace=True,
        max_sentencepiece_length=512,
        input_sentence_size=0,
        max_sentence_length=1 << 24,
        num_threads=len(os.sched_getaffinity(0)),
        minloglevel=2,
    )
    proc = spm.SentencePieceProcessor(model_file=prefix + ".model")
    return {proc.id_to_piece(i) for i in range(proc.get_piece_size())}


TRAINERS: dict[str, Callable[[Path, int, Path], set[str]]] = {"ours": train_ours, "spm": train_spm}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--workloads", default="a,b,c,d")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--no-memory", action="store_true", help="leave out the fresh-process memory runs")
    ap.add_argument("--child", nargs=4, metavar=("TRAINER", "PATH", "VOCAB", "DIR"), help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        name, path, vocab, folder = args.child
        TRAINERS[name](Path(path), int(vocab), Path(folder))
        print(json.dumps({"ok": True}))
        return
    require_shared()
    try:
        import sentencepiece  # noqa: F401
    except ImportError:
        sys.exit("sentencepiece is not installed: pip install sentencepiece (it is in the test extra)")
    with tempfile.TemporaryDirectory() as tmp:  # imports and first calls are not timed
        warm = Path(tmp) / "warm.txt"
        warm.write_text("a warm up text, 一个热身\n" * 200, encoding="utf-8")
        for trainer in TRAINERS.values():
            trainer(warm, 300, Path(tmp))

    en, zh = CORPORA / "en_mix_36MB.txt", CORPORA / "zh_classical_poetry_25MB.txt"
    workloads = {
        "a": ("English first 1 MB, vocab 4000", en, 1_000_000, 4_000),
        "b": ("English first 10 MB, vocab 10000", en, 10_000_000, 10_000),
        "c": ("Chinese first 1 MB, vocab 10000", zh, 1_000_000, 10_000),
        "d": ("Chinese first 10 MB, vocab 20000", zh, 10_000_000, 20_000),
    }
    print(f"median of {args.repeat} rounds; seconds (peak MB of a fresh process); ratio = ours / spm\n", flush=True)
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for key in args.workloads.split(","):
            label, source, size, vocab = workloads[key]
            path = prefix_file(source, size, folder)
            runs: dict[str, list[float]] = {name: [] for name in TRAINERS}
            pieces: dict[str, set[str]] = {}
            for round_no in range(args.repeat):
                order = list(TRAINERS) if round_no % 2 == 0 else list(reversed(TRAINERS))
                for name in order:
                    t = time.perf_counter()
                    pieces[name] = TRAINERS[name](path, vocab, folder)
                    seconds = time.perf_counter() - t
                    runs[name].append(seconds)
                    print(f"  {key} {name:4s} {seconds:7.2f} s", flush=True)
            memory = {name: float("nan") for name in TRAINERS}
            if not args.no_memory:
                for name in TRAINERS:
                    _, memory[name] = run_measured(
                        [sys.executable, __file__, "--child", name, str(path), str(vocab), tmp]
                    )
                    print(f"  {key} {name:4s} peak {memory[name]:.0f} MB (fresh process)", flush=True)
            ot, st = median(runs["ours"]), median(runs["spm"])
            om, sm = memory["ours"], memory["spm"]
            shared = len(pieces["ours"] & pieces["spm"]) / len(pieces["ours"])
            rows.append(
                f"| {key}: {label} | {ot:.2f} ({om:.0f}) | {st:.2f} ({sm:.0f}) | {ot / st:.2f} | "
                f"{om / sm if sm > 0 else float('nan'):.2f} | {shared:.0%} |"
            )
    print("\n| workload | ours s (MB) | spm s (MB) | ours/spm time | ours/spm memory | our pieces in spm's |")
    print("|---|---|---|---|---|---|")
    for row in rows:
        print(row)


if __name__ == "__main__":
    main()
