"""Corpora of any shape stay linear (issue 21, point 6): training and ``encode_file`` on inputs
with few or no places to cut, at growing sizes.

Shapes (each one line, written once per size into a temporary folder):

    letters    random ASCII lower-case letters, no spaces (one GPT-2 pre-token)
    repeated   one character repeated ("a")
    minified   a minified-JavaScript-like line: identifiers, ``(){};,.=+``, short strings, numbers
    chinese    zh_classical_poetry_25MB.txt with every non-Han character removed, repeated to size

Per shape and size, each in a fresh process (imports and loading r50k_base are not timed):

    train   ``bpe_engine.train_bpe(path, 600, ["<|endoftext|>"])`` (default workers)
    encode  ``Tokenizer.from_tiktoken("r50k_base").encode_file(path)`` (default workers)

Wall seconds and CPU seconds (user + system of the process and its ended children: the
counting and encoding workers) are measured inside the child around the call; the peak
resident memory of the whole process tree by sampling /proc (see ``_common.run_measured``).
Prints the median of ``--repeat`` fresh processes per cell and, per shape and operation, the
ratios largest/smallest size of time, CPU and peak memory: linear is the ratio of the sizes
(10x for 50/5 MB); a ratio above 1.2 times that (12 for 50/5) is flagged. On a shared machine
the CPU ratio is the one to read.

    python benchmarks/bench_shapes.py                       # 5, 10, 20, 50 MB, 1 run each
    python benchmarks/bench_shapes.py --quick               # 1, 2, 4 MB
    python benchmarks/bench_shapes.py --shapes letters,chinese --ops train --repeat 3
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import CORPORA, EOT, median, require_shared, run_measured  # noqa: E402

SHAPES = ("letters", "repeated", "minified", "chinese")
OPS = ("train", "encode")
MB = 1_000_000


# -- the shapes --------------------------------------------------------------------------------


def _letters(size: int, out: Path) -> None:
    import numpy as np

    rng = np.random.default_rng(21)
    with open(out, "wb") as f:
        for start in range(0, size, 8 * MB):
            f.write(rng.integers(ord("a"), ord("z") + 1, min(8 * MB, size - start), dtype=np.uint8).tobytes())


def _repeated(size: int, out: Path) -> None:
    with open(out, "wb") as f:
        for start in range(0, size, 8 * MB):
            f.write(b"a" * min(8 * MB, size - start))


def _minified_block(rng: random.Random, names: list[str], size: int) -> str:
    """About ``size`` characters of one minified line: calls, assignments, strings, numbers."""
    parts: list[str] = []
    n = 0
    while n < size:
        a, b, c = rng.choice(names), rng.choice(names), rng.choice(names)
        kind = rng.randrange(5)
        if kind == 0:
            s = f"{a}.{b}({c},{rng.randrange(1000)});"
        elif kind == 1:
            s = f"var {a}={b}+{c}*{rng.randrange(100)};"
        elif kind == 2:
            s = f'{a}["{b}"]="{"".join(rng.choices("abcdefxyz ", k=rng.randrange(2, 9)))}";'
        elif kind == 3:
            s = f"function {a}({b},{c}){{return {b}+{c}}};"
        else:
            s = f"if({a}=={rng.randrange(10)}){{{b}.{c}={a}}}else{{{c}()}};"
        parts.append(s)
        n += len(s)
    return "".join(parts)


def _minified(size: int, out: Path) -> None:
    rng = random.Random(21)
    letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_$"
    names = ["".join(rng.choices(letters, k=rng.randrange(1, 9))) for _ in range(5000)]
    written = 0
    with open(out, "wb") as f:
        while written < size:
            block = _minified_block(rng, names, min(4 * MB, size - written)).encode()[: size - written]
            f.write(block)
            written += len(block)


def _chinese(size: int, out: Path) -> None:
    import regex

    text = (CORPORA / "zh_classical_poetry_25MB.txt").read_text(encoding="utf-8")
    data = "".join(regex.findall(r"\p{Han}+", text)).encode("utf-8")
    written = 0
    with open(out, "wb") as f:
        while written < size:
            n = min(len(data), size - written)
            while n < len(data) and (data[n] & 0xC0) == 0x80:  # cut between characters
                n -= 1
            f.write(data[:n])
            written += n
            if n < len(data):
                break


MAKERS = {"letters": _letters, "repeated": _repeated, "minified": _minified, "chinese": _chinese}


# -- child side: one call, timed -------------------------------------------------------------


def _cpu() -> float:
    """CPU seconds of this process (all its threads) and of its children that have ended."""
    import resource

    own, ended = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + ended.ru_utime + ended.ru_stime


def child(op: str, path: str) -> dict[str, float]:
    import bpe_engine

    if op == "train":
        cpu, t = _cpu(), time.perf_counter()
        tok = bpe_engine.train_bpe(path, 600, [EOT])
        seconds, cpu = time.perf_counter() - t, _cpu() - cpu
        return {"seconds": seconds, "cpu": cpu, "vocab": len(tok.vocab)}
    enc = bpe_engine.Tokenizer.from_tiktoken("r50k_base")
    cpu, t = _cpu(), time.perf_counter()
    ids = enc.encode_file(path)
    seconds, cpu = time.perf_counter() - t, _cpu() - cpu
    return {"seconds": seconds, "cpu": cpu, "ids": len(ids)}


# -- parent side ---------------------------------------------------------------------------


def _ratio_line(label: str, small: float, big: float, linear: float) -> str:
    r = big / small if small else float("inf")
    flag = "  SUPER-LINEAR" if r > 1.2 * linear else ""
    return f"{label} {r:5.1f}x{flag}"


def run_shape(shape: str, sizes: list[int], ops: list[str], repeat: int, folder: Path, timeout: float) -> None:
    print(f"\n## {shape}", flush=True)
    cells: dict[tuple[str, int], tuple[float, float, float]] = {}
    for size in sizes:
        path = folder / f"{shape}-{size}MB.txt"
        t = time.perf_counter()
        MAKERS[shape](size * MB, path)
        print(f"  ({path.stat().st_size:,} bytes written in {time.perf_counter() - t:.1f} s)", flush=True)
        for op in ops:
            runs: list[tuple[float, float, float]] = []
            for _ in range(repeat):
                try:
                    out, peak = run_measured([sys.executable, __file__, "--child", op, str(path)], timeout=timeout)
                except TimeoutError:
                    print(f"  {op:6s} {size:3d} MB  over {timeout:.0f} s: stopped", flush=True)
                    break
                report = json.loads(out.strip().splitlines()[-1])
                runs.append((report["seconds"], report["cpu"], peak))
            if not runs:
                continue
            cell = (median([r[0] for r in runs]), median([r[1] for r in runs]), median([r[2] for r in runs]))
            cells[op, size] = cell
            print(
                f"  {op:6s} {size:3d} MB  {cell[0]:8.2f} s  CPU {cell[1]:8.2f} s  {cell[2]:7.0f} MB"
                f"   runs: {', '.join(f'{r[0]:.2f}/{r[1]:.2f}' for r in runs)}",
                flush=True,
            )
        path.unlink()
    print(f"\n| {shape} | size MB | time s | CPU s | peak MB |\n|---|---|---|---|---|")
    for op in ops:
        for size in sizes:
            if (op, size) in cells:
                t, c, m = cells[op, size]
                print(f"| {op} | {size} | {t:.2f} | {c:.2f} | {m:.0f} |")
    lo, hi = sizes[0], sizes[-1]
    for op in ops:
        if (op, lo) in cells and (op, hi) in cells:
            (t0, c0, m0), (t1, c1, m1) = cells[op, lo], cells[op, hi]
            linear = hi / lo
            print(
                f"{shape} {op} {hi}/{lo} MB (linear {linear:.0f}x): "
                + ";  ".join(
                    (
                        _ratio_line("time", t0, t1, linear),
                        _ratio_line("CPU", c0, c1, linear),
                        _ratio_line("memory", m0, m1, linear),
                    )
                ),
                flush=True,
            )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--shapes", default=",".join(SHAPES))
    ap.add_argument("--ops", default=",".join(OPS))
    ap.add_argument("--sizes", default="5,10,20,50", help="MB (10^6 bytes), comma-separated, ascending")
    ap.add_argument("--quick", action="store_true", help="sizes 1,2,4 MB")
    ap.add_argument("--repeat", type=int, default=1)
    ap.add_argument("--timeout", type=float, default=900, help="seconds per run before it is stopped")
    ap.add_argument("--child", nargs=2, metavar=("OP", "PATH"), help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        print(json.dumps(child(*args.child)))
        return
    require_shared()
    sizes = [1, 2, 4] if args.quick else [int(s) for s in args.sizes.split(",")]
    ops = [o for o in args.ops.split(",") if o]
    print(f"sizes {sizes} MB; ops {ops}; median of {args.repeat} fresh process(es) per cell")
    with tempfile.TemporaryDirectory() as tmp:
        for shape in args.shapes.split(","):
            run_shape(shape, sizes, ops, args.repeat, Path(tmp), args.timeout)


if __name__ == "__main__":
    main()
