"""The pure-Python path against tiktoken in CPU time, for a machine other jobs keep busy.

Wall-clock rounds on a shared 2-core machine move by 2-10x with the load; CPU time
(``time.process_time``) moves much less. For one tokenizer and one text (the first ``--mb``
MB of the English, Chinese or code corpus), tiktoken built from the same file and our
``Tokenizer.encode`` on the pure-Python path (the core thresholds out of reach, the piece
cache emptied before each run, its derived tables built by one untimed run) take turns
``--runs`` times in this process; it prints both fastest CPU times, tiktoken / ours of the
fastest runs and of the medians (> 1: ours faster). Ids are checked equal first.

Run it once per tree and text, in fresh processes taking turns, to compare two versions:

    python benchmarks/bench_pure_cpu.py o200k English [--runs 5] [--mb 2]
"""

from __future__ import annotations

import argparse
import statistics
import time

from _common import CORPORA, require_shared
from bench_encode import CORPUS_FILES, _pair, _PurePython


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("tokenizer", help="qwen, o200k, cl100k, llama3, llama3json or tekken")
    ap.add_argument("text", choices=sorted(CORPUS_FILES))
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--mb", type=float, default=2.0)
    args = ap.parse_args()
    require_shared()
    tok, ref, offset = _pair(args.tokenizer)
    with open(CORPORA / CORPUS_FILES[args.text], "rb") as f:
        data = f.read(int(args.mb * 1e6))
    text = data[: data.rfind(b"\n") + 1].decode("utf-8")
    tok.encoder.tables.merge_tables()  # else a lazily opened rank file goes to the core
    if offset:  # Tekken: Mistral's encoder matches no special tokens; its ids are shifted
        ours, theirs = (lambda: tok.encode_ordinary(text)), (lambda: ref.encode_ordinary(text))
        expected = [i + offset for i in theirs()]
    else:
        ours, theirs = (
            (lambda: tok.encode(text, allowed_special="all")),
            (lambda: ref.encode(text, allowed_special="all")),
        )
        expected = theirs()
    with _PurePython():
        tok.clear_cache()
        if ours() != expected:
            raise SystemExit(f"{args.tokenizer} {args.text}: ids differ from tiktoken's")
        mine: list[float] = []
        ref_times: list[float] = []
        for _ in range(args.runs):
            start = time.process_time()
            theirs()
            ref_times.append(time.process_time() - start)
            tok.clear_cache()
            start = time.process_time()
            ours()
            mine.append(time.process_time() - start)
    print(
        f"{args.tokenizer} {args.text} ours {min(mine) * 1e3:.0f} ms tiktoken {min(ref_times) * 1e3:.0f} ms "
        f"ratio of fastest {min(ref_times) / min(mine):.2f} of medians "
        f"{statistics.median(ref_times) / statistics.median(mine):.2f}"
    )


if __name__ == "__main__":
    main()
