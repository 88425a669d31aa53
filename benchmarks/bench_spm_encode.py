"""SentencePiece BPE encoding: ours (``SentencePieceTokenizer.encode_ordinary``) against
``sentencepiece`` (``SentencePieceProcessor.encode``), same ``.model`` file, in one process.

For each corpus (English, Chinese, Python code: the first ``--mb`` MB of each shared corpus,
cut at a line end) the whole text is encoded as one string by each side, taking turns
(ours, spm, ours, spm ... over ``--repeat`` rounds, so a busy moment of this shared VM slows
both). Our piece cache is emptied before each of our runs: every round is a first encoding.
Prints the median MB/s of each side and the ratio ours/spm (MB/s; above 1: we are faster).
Our ids are checked to be sentencepiece's. ``--lines``: each line is its own call instead
(ours one ``encode_ordinary`` per line, sentencepiece its batch ``encode`` of the list, which
runs on its own threads). Where it is exact ours runs on tiktoken's core
(``bpe_engine/spm/core.py``); its per-character table, filled in the first round, is kept.

    python benchmarks/bench_spm_encode.py [--mb 2] [--repeat 3] [--model mistral_sentencepiece_v3.model] [--lines]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import CORPORA, REPO, SHARED, median, require_shared  # noqa: E402

CORPUS_FILES = {
    "English": "en_mix_36MB.txt",
    "Chinese": "zh_classical_poetry_25MB.txt",
    "code": "code_python311_stdlib_32MB.txt",
}


def head(path: Path, size: int) -> str:
    """The first ``size`` bytes of ``path``, cut after the last newline."""
    with open(path, "rb") as f:
        data = f.read(size)
    cut = data.rfind(b"\n") + 1
    return (data[:cut] if cut else data).decode("utf-8")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--mb", type=float, default=2)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--model", default="mistral_sentencepiece_v3.model")
    ap.add_argument("--corpora", default=",".join(CORPUS_FILES))
    ap.add_argument("--lines", action="store_true", help="one call per line, not one per text")
    args = ap.parse_args()
    require_shared()
    import sentencepiece

    sys.path.insert(0, str(REPO))
    from bpe_engine import SentencePieceTokenizer

    path = SHARED / "tokenizers" / args.model
    ours = SentencePieceTokenizer.load(path)
    ref = sentencepiece.SentencePieceProcessor(model_file=str(path))
    rows = []
    for name in args.corpora.split(","):
        text = head(CORPORA / CORPUS_FILES[name], int(args.mb * 1_000_000))
        mb = len(text.encode("utf-8")) / 1e6
        lines = text.splitlines()
        times: dict[str, list[float]] = {"ours": [], "spm": []}
        for _ in range(args.repeat):
            ours.model.cache.clear()  # a first encoding each round
            start = time.perf_counter()
            if args.lines:
                got = [ours.encode_ordinary(line) for line in lines]
            else:
                got = ours.encode_ordinary(text)
            times["ours"].append(time.perf_counter() - start)
            start = time.perf_counter()
            want = ref.encode(lines if args.lines else text)
            times["spm"].append(time.perf_counter() - start)
            if got != want:
                sys.exit(f"{name}: our ids differ from sentencepiece's")
        o, s = mb / median(times["ours"]), mb / median(times["spm"])
        rows.append((name, mb, o, s, o / s))
    how = "one call per line" if args.lines else "the whole text in one call"
    print(f"model {args.model}, {how}, {args.repeat} rounds, median MB/s")
    print("| text | MB | ours MB/s | spm MB/s | ours/spm |")
    print("|---|---|---|---|---|")
    for name, mb, o, s, r in rows:
        print(f"| {name} | {mb:.2f} | {o:.2f} | {s:.2f} | {r:.2f} |")


if __name__ == "__main__":
    main()
