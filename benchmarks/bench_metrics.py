"""bpe_engine.metrics on the built-in UDHR sample (100 languages, 399 KB) with o200k.

Times, in one process, with the encoder's piece cache emptied before each run (a first
measurement, as the app and ``bpe-engine measure`` make it):

- ``tiktoken``: tiktoken's own ``encode_ordinary`` of every language (the peer: the floor of
  any measure that needs the token counts);
- ``tax+efficiency``: our encoding of every language, then ``parity``, ``compression``,
  ``fertility`` and ``renyi_efficiency`` from those ids (what the language-tax and efficiency
  tables need);
- ``uses``: ``token_uses`` of the whole sample (final and intermediate uses);
- ``reachability``: ``reachability`` of the 199,998 tokens (depends on the tokenizer only,
  computed once per tokenizer; ``--reach`` to include it, it takes seconds).

Runs alternate (tiktoken, ours, tiktoken, ours, ...) so that a busy moment of this noisy
machine slows both; medians and the median ratio to tiktoken's time are printed.

    python benchmarks/bench_metrics.py [--repeat 5] [--reach]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import REPO, median  # noqa: E402

sys.path.insert(0, str(REPO))

from bpe_engine import Tokenizer  # noqa: E402
from bpe_engine.metrics import (  # noqa: E402
    compression,
    fertility,
    load_parallel,
    parity,
    reachability,
    renyi_efficiency,
    token_uses,
)


def tax_and_efficiency(tok: Tokenizer, texts: dict[str, str]) -> float:
    tok.clear_cache()
    start = time.perf_counter()
    ids = {k: tok.encode_ordinary(t) for k, t in texts.items()}
    parity(tok, texts, ids_by_language=ids)
    for k, t in texts.items():
        compression(tok, t, ids=ids[k])
        fertility(tok, t, ids=ids[k])
        renyi_efficiency(tok, t, ids=ids[k])
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--reach", action="store_true")
    args = parser.parse_args()
    tok = Tokenizer.from_tiktoken("o200k_base")
    enc = tok.tiktoken_encoding()
    texts = load_parallel(REPO / "resources" / "parallel").texts()
    joined = "\n".join(texts.values())
    times: dict[str, list[float]] = {"tiktoken": [], "tax+efficiency": [], "uses": []}
    ratios: dict[str, list[float]] = {"tax+efficiency": [], "uses": []}
    for _ in range(args.repeat):
        start = time.perf_counter()
        for t in texts.values():
            enc.encode_ordinary(t)
        peer = time.perf_counter() - start
        times["tiktoken"].append(peer)
        ours = tax_and_efficiency(tok, texts)
        times["tax+efficiency"].append(ours)
        ratios["tax+efficiency"].append(ours / peer)
        tok.clear_cache()
        start = time.perf_counter()
        token_uses(tok, joined)
        uses = time.perf_counter() - start
        times["uses"].append(uses)
        ratios["uses"].append(uses / peer)
    print(f"UDHR sample: {len(texts)} languages, {len(joined.encode()):,} bytes; o200k; {args.repeat} runs")
    for name, values in times.items():
        ratio = f"  ({median(ratios[name]):.0f}x tiktoken's encode)" if name in ratios else ""
        print(f"{name:16} median {median(values):.2f} s{ratio}")
    if args.reach:
        start = time.perf_counter()
        unreachable, partial, examined = reachability(tok)
        print(
            f"reachability     {time.perf_counter() - start:.2f} s ({examined:,} tokens: "
            f"{len(unreachable)} unreachable, {len(partial):,} part-character)"
        )


if __name__ == "__main__":
    main()
