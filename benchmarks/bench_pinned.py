"""What pinning the text to the references' Unicode tables costs (bpe_engine.unicode_classes).

1. Finding the code points the installed ``regex`` classifies differently, once per process
   (the first non-ASCII text a pattern runs on pays it): median of fresh processes.
2. ``Pretokenizer("o200k").split`` (pinned) against the bare compiled pattern's ``findall``
   (not pinned) on 1 MB of English, Chinese and many scripts, interleaved, medians.

    python benchmarks/bench_pinned.py [--runs 5]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time

from _common import CORPORA, REPO, median, require_shared

ONCE = (
    "import time, sys; sys.path.insert(0, sys.argv[1]); from bpe_engine.unicode_classes import divergence;"
    "t = time.perf_counter(); d = divergence(); print(time.perf_counter() - t, d.count, d.runs)"
)
TEXTS = {
    "en": "en_enwik8_prefix_4MB.txt",
    "zh": "zh_classical_poetry_25MB.txt",
    "multi": "multi_udhr_532langs_7MB.txt",
}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    require_shared()
    import regex

    from bpe_engine.pretokenize import Pretokenizer

    times, facts = [], ""
    for _ in range(args.runs):
        out = subprocess.run([sys.executable, "-c", ONCE, str(REPO)], capture_output=True, text=True, check=True)
        seconds, count, runs = out.stdout.split()
        times.append(float(seconds))
        facts = f"{count} code points in {runs} runs"
    print(f"regex {regex.__version__}: divergent {facts}; found in {median(times):.3f} s (median of {args.runs})")
    pre = Pretokenizer("o200k")
    bare = regex.compile(pre.pattern or "")
    pre.split("é")  # the divergence is found once, not timed below
    for label, name in TEXTS.items():
        text = (CORPORA / name).read_bytes()[:1_000_000].decode("utf-8", "ignore")
        pinned, plain = [], []
        for _ in range(args.runs):
            t = time.perf_counter()
            pre.split(text)
            pinned.append(time.perf_counter() - t)
            t = time.perf_counter()
            bare.findall(text)
            plain.append(time.perf_counter() - t)
        ratio = median(plain) / median(pinned)
        print(
            f"o200k split, 1 MB {label}: pinned {median(pinned) * 1000:.0f} ms, "
            f"bare {median(plain) * 1000:.0f} ms, speed ratio {ratio:.2f}"
        )


if __name__ == "__main__":
    main()
