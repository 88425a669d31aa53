"""bpe_engine.metrics on the built-in UDHR sample (100 languages, 399 KB) with o200k.

Times, in one process, with the encoder's piece cache emptied before each run (a first
measurement, as the app and ``bpe-engine measure`` make it):

- ``tiktoken``: tiktoken's own ``encode_ordinary`` of every language (the peer: the floor of
  any measure that needs the token counts);
- ``tax+efficiency``: our encoding of every language, then ``parity``, ``compression``,
  ``fertility`` and ``renyi_efficiency`` from those ids (what the language-tax and efficiency
  tables need);
- ``uses``: ``token_uses`` of the whole sample (final and intermediate uses);
- ``reachability`` (``--reach``): of o200k's 199,998 tokens and the Llama 3.2
  tokenizer.json's 128,000, one ``encode_ordinary`` per token (before) against
  ``reachability`` (after, in blocks), alternating, with the ratio.

Runs alternate (tiktoken, ours, tiktoken, ours, ...) so that a busy moment of this noisy
machine slows both; medians and the median ratio to tiktoken's time are printed.

``--fresh N``: each of the five functions alone, as a user calling it once: N fresh
processes, each opening o200k and then timing, one after the other, ``compression`` and
``fertility`` of every language, ``parity`` of the sample, ``renyi_efficiency`` and
``vocabulary_health`` of the whole sample (each encoding the text itself; the first to need
the merge tables builds them), wall clock and CPU time (the machine is shared: CPU time is
what the work itself cost), and tiktoken's encoding of the sample in the same process as
the peer. Medians over the processes.

    python benchmarks/bench_metrics.py [--repeat 5] [--reach] [--fresh 3]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import REPO, median  # noqa: E402

sys.path.insert(0, str(REPO))

from bpe_engine import Tokenizer, load_tokenizer  # noqa: E402
from bpe_engine.metrics import (  # noqa: E402
    compression,
    fertility,
    load_parallel,
    parity,
    reachability,
    renyi_efficiency,
    token_uses,
    vocabulary_health,
)

FIVE = ("compression", "fertility", "parity", "renyi_efficiency", "vocabulary_health")


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
    parser.add_argument("--fresh", type=int, default=0, metavar="N")
    parser.add_argument("--one", action="store_true", help=argparse.SUPPRESS)  # one fresh process
    args = parser.parse_args()
    if args.one:
        print(json.dumps(one_fresh()))
        return
    if args.fresh:
        fresh_runs(args.fresh)
        return
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
        reach_runs(args.repeat)


def per_token(tok: Tokenizer) -> tuple[list[int], int]:
    """The former reachability: one ``encode_ordinary`` per token (the "before")."""
    unreachable, partial = [], 0
    for i, data in tok.vocab.items():
        if tok.is_special(i):
            continue
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            partial += 1
            continue
        if tok.encode_ordinary(text) != [i]:
            unreachable.append(i)
    return sorted(unreachable), partial


def reach_runs(repeat: int) -> None:
    """Reachability of o200k and the Llama 3.2 tokenizer.json: per token (before) and in blocks
    (``reachability``, after), alternating, each on a freshly opened tokenizer."""
    llama = REPO.parent / "shared" / "tokenizers" / "llama3.2_tokenizer.json"
    for name, opener in (
        ("o200k", lambda: Tokenizer.from_tiktoken("o200k_base")),
        ("llama3.2 json", lambda: load_tokenizer(llama)),
    ):
        before: list[float] = []
        after: list[float] = []
        for _ in range(repeat):
            tok = opener()
            tok.encode_ordinary("warm up")
            start = time.perf_counter()
            old, _ = per_token(tok)
            before.append(time.perf_counter() - start)
            tok = opener()
            tok.encode_ordinary("warm up")
            start = time.perf_counter()
            unreachable, partial, examined = reachability(tok)
            after.append(time.perf_counter() - start)
            assert list(unreachable) == old
        ratio = median(before) / median(after)
        print(
            f"reachability {name}: {examined:,} tokens, {len(unreachable)} unreachable, {len(partial):,} "
            f"part-character; per token median {median(before):.2f} s, bulk median {median(after):.2f} s "
            f"({ratio:.1f}x)"
        )


def _timed(work: Callable[[], object]) -> tuple[float, float]:
    wall, cpu = time.perf_counter(), time.process_time()
    work()
    return time.perf_counter() - wall, time.process_time() - cpu


def one_fresh() -> dict[str, tuple[float, float]]:
    """``(wall, cpu)`` seconds of each of the five functions, in this (fresh) process."""
    tok = Tokenizer.from_tiktoken("o200k_base")
    tok.encode_ordinary("warm up")  # opening the tokenizer is not measuring
    texts = load_parallel(REPO / "resources" / "parallel").texts()
    joined = "\n".join(texts.values())
    enc = tok.tiktoken_encoding()
    out = {"tiktoken": _timed(lambda: [enc.encode_ordinary(t) for t in texts.values()])}
    works: dict[str, Callable[[], object]] = {
        "compression": lambda: [compression(tok, t) for t in texts.values()],
        "fertility": lambda: [fertility(tok, t) for t in texts.values()],
        "parity": lambda: parity(tok, texts),
        "renyi_efficiency": lambda: renyi_efficiency(tok, joined),
        "vocabulary_health": lambda: vocabulary_health(tok, joined),
    }
    for name, work in works.items():
        tok.clear_cache()
        out[name] = _timed(work)
    return out


def fresh_runs(n: int) -> None:
    """:func:`one_fresh` in ``n`` fresh processes; medians (see the module docstring)."""
    runs = []
    for _ in range(n):
        got = subprocess.run([sys.executable, __file__, "--one"], check=True, capture_output=True, text=True)
        runs.append(json.loads(got.stdout))
    print(f"UDHR sample, o200k, each function alone; medians of {n} fresh processes (wall / CPU)")
    for name in ("tiktoken", *FIVE):
        wall, cpu = median([r[name][0] for r in runs]), median([r[name][1] for r in runs])
        print(f"{name:18} {wall:6.2f} s / {cpu:6.2f} s")
    wall = median([sum(r[k][0] for k in FIVE) for r in runs])
    cpu = median([sum(r[k][1] for k in FIVE) for r in runs])
    print(f"{'all five':18} {wall:6.2f} s / {cpu:6.2f} s")


if __name__ == "__main__":
    main()
