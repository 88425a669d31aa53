"""``Tokenizer.encode_as_of`` on one long piece ("a" repeated), next to ``encode``: both must
grow linearly with the length (the per-piece merge loop once made ``encode_as_of`` quadratic:
16 000 characters took 1.3 s).

Prints, for 2k..64k characters, the median time of each (cl100k_base, as of half its merges)
and their ratio.

Run: python benchmarks/bench_as_of.py [--repeat 5]
"""

from __future__ import annotations

import argparse
import statistics
import time

import _common  # noqa: F401 (puts the repository on sys.path, sets the tiktoken cache)

from bpe_engine import Tokenizer


def _median(fn, repeat: int) -> float:  # type: ignore[no-untyped-def]
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    tok = Tokenizer.from_tiktoken("cl100k_base")
    k = len(tok.merges) // 2
    tok.encode_as_of("warm up " * 10, k)
    print(f"{'chars':>7} {'encode_as_of ms':>16} {'encode ms':>10} {'ratio':>6}")
    for n in (2_000, 4_000, 8_000, 16_000, 32_000, 64_000):
        text = "a" * n
        as_of = _median(lambda: tok.encode_as_of(text, k), args.repeat)
        tok.clear_cache()
        plain = _median(lambda: (tok.clear_cache(), tok.encode(text)), args.repeat)
        print(f"{n:>7} {as_of * 1000:>16.1f} {plain * 1000:>10.1f} {as_of / plain:>6.2f}")


if __name__ == "__main__":
    main()
