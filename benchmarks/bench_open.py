"""Opening a tokenizer, ours against its reference library, cold (no cache of ours) and warm.

Every load runs in a fresh interpreter and is timed there, from just before the call to just
after it (imports are done first and not counted, on both sides):

- ours cold: our cache folder (``BPE_EXPLORER_CACHE``) is a new empty folder;
- ours warm: the same folder, filled by the cold load just before (what opening a tokenizer
  again costs);
- reference: ``tiktoken.get_encoding`` (its rank file read from tiktoken's cache), a
  ``tiktoken.Encoding`` over ``tiktoken.load.load_tiktoken_bpe(file)`` for rank files and
  Tekken (as ``mistral-common`` builds it), ``tokenizers.Tokenizer.from_file``,
  ``sentencepiece.SentencePieceProcessor(model_file=...)``.

For each tokenizer the runs go reference, ours cold, ours warm, repeated; a busy moment of
this shared machine then slows the three alike. Medians of the runs and the ratios
ours/reference are printed (below 1: ours opens faster). Goal (issue 21): cold <= 1, warm
under 0.3 s.

    python benchmarks/bench_open.py [--repeat 3] [--only o200k,qwen.tiktoken] [--cpu]

``--cpu`` reports each load's CPU time in its process (``time.process_time``) rather than the
wall time: on a shared machine it leaves out the waits for a core.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import REPO, SHARED, median  # noqa: E402

TOKENIZERS = SHARED / "tokenizers"
QWEN = r"""(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+"""
LLAMA = r"(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+"


def _file(name: str) -> str:
    return str(TOKENIZERS / name)


# name -> (our call, the reference's call); both see ``import`` lines done before timing.
CASES: dict[str, tuple[str, str]] = {
    "o200k": ("Tokenizer.from_tiktoken('o200k_base')", "tiktoken.get_encoding('o200k_base')"),
    "cl100k": ("Tokenizer.from_tiktoken('cl100k_base')", "tiktoken.get_encoding('cl100k_base')"),
    "llama3.2 tokenizer.json": (
        f"load_tokenizer({_file('llama3.2_tokenizer.json')!r})",
        f"tokenizers.Tokenizer.from_file({_file('llama3.2_tokenizer.json')!r})",
    ),
    "llama3.2 tokenizer.model": (
        f"load_tokenizer({_file('llama3.2_tokenizer.model')!r})",
        f"tiktoken.Encoding('llama3', pat_str={LLAMA!r}, "
        f"mergeable_ranks=tiktoken.load.load_tiktoken_bpe({_file('llama3.2_tokenizer.model')!r}), "
        "special_tokens={f'<|reserved_special_token_{i}|>': 128000 + i for i in range(256)})",
    ),
    "qwen.tiktoken": (
        f"load_tokenizer({_file('qwen.tiktoken')!r}, pattern={QWEN!r}, special_tokens={{'<|endoftext|>': 151643}})",
        f"tiktoken.Encoding('qwen', pat_str={QWEN!r}, "
        f"mergeable_ranks=tiktoken.load.load_tiktoken_bpe({_file('qwen.tiktoken')!r}), "
        "special_tokens={'<|endoftext|>': 151643})",
    ),
    "tekken": (f"load_tokenizer({_file('mistral_tekken_240718.json')!r})", "tekken()"),
    "mistral v3 .model": (
        f"load_tokenizer({_file('mistral_sentencepiece_v3.model')!r})",
        f"sentencepiece.SentencePieceProcessor(model_file={_file('mistral_sentencepiece_v3.model')!r})",
    ),
}

# tiktoken is imported first on our side too: reading an OpenAI encoding or a rank file uses it
# (its cache folder, its core), and the reference's imports are not counted either.
_OURS = """
import time, json, regex, numpy
import tiktoken, tiktoken.load
from bpe_engine import Tokenizer, load_tokenizer
import bpe_engine.formats.tiktoken, bpe_engine.formats.detect, bpe_engine.spm, bpe_engine._cache
start, cpu = time.perf_counter(), time.process_time()
tok = {call}
print(time.perf_counter() - start, time.process_time() - cpu)
"""
_REFERENCE = """
import time, json, base64
import tiktoken, tiktoken.load, tokenizers, sentencepiece

def tekken():
    # as mistral-common builds it: the first default_num_special_tokens ids are reserved
    with open({tekken!r}, "rb") as f:
        d = json.load(f)
    cfg = d["config"]
    inner = cfg["default_vocab_size"] - cfg["default_num_special_tokens"]
    ranks = {{base64.b64decode(v["token_bytes"]): i for i, v in enumerate(d["vocab"][:inner])}}
    return tiktoken.Encoding("tekken", pat_str=cfg["pattern"], mergeable_ranks=ranks, special_tokens={{}})

start, cpu = time.perf_counter(), time.process_time()
tok = {call}
print(time.perf_counter() - start, time.process_time() - cpu)
"""


def run(script: str, env: dict[str, str], cpu: bool = False) -> float:
    """The load's wall time, or with ``cpu`` its CPU time in its process (``--cpu``)."""
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=REPO, env=env, timeout=900)
    if out.returncode != 0:
        raise RuntimeError(out.stderr)
    wall, used = out.stdout.split()[-2:]
    return float(used if cpu else wall)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--only", default="", help="comma-separated names of the tokenizers to open")
    parser.add_argument("--cpu", action="store_true", help="CPU time of each load (process_time), not wall time")
    args = parser.parse_args()
    if not TOKENIZERS.is_dir():
        sys.exit(f"{TOKENIZERS} not found: put the shared folder beside the repository or set BPE_SHARED_DIR")
    names = [n for n in CASES if not args.only or n in args.only.split(",")]
    rows = []
    with tempfile.TemporaryDirectory() as scratch:
        for name in names:
            ours, ref = CASES[name]
            cache = Path(scratch) / name.replace(" ", "_")
            env_ours = {**os.environ, "BPE_EXPLORER_CACHE": str(cache), "PYTHONPATH": str(REPO)}
            # tiktoken reads OpenAI's files from its cache; a local rank file is read directly
            # ("" turns tiktoken's copying of it into its cache off).
            env_ref = dict(os.environ)
            if not ref.startswith("tiktoken.get_encoding"):
                env_ref["TIKTOKEN_CACHE_DIR"] = ""
            ref_script = _REFERENCE.format(call=ref, tekken=_file("mistral_tekken_240718.json"))
            times: dict[str, list[float]] = {"ref": [], "cold": [], "warm": []}
            for _ in range(args.repeat):
                times["ref"].append(run(ref_script, env_ref, args.cpu))
                for p in cache.glob("*") if cache.is_dir() else []:
                    p.unlink()
                times["cold"].append(run(_OURS.format(call=ours), env_ours, args.cpu))
                times["warm"].append(run(_OURS.format(call=ours), env_ours, args.cpu))
            r, c, w = (median(times[k]) for k in ("ref", "cold", "warm"))
            rows.append((name, r, c, w))
            print(
                f"  {name:<26} reference {r:6.3f} s   ours cold {c:6.3f} s ({c / r:5.2f}x)   warm {w:6.3f} s ({w / r:5.2f}x)"
            )
    what = "CPU time" if args.cpu else "wall time"
    print(f"\nmedians of {args.repeat} fresh processes each ({what}, imports not counted); ratio = ours / reference\n")
    print("| tokenizer | reference | ours cold | cold ratio | ours warm | warm ratio |")
    print("|---|---|---|---|---|---|")
    for name, r, c, w in rows:
        print(f"| {name} | {r:.3f} s | {c:.3f} s | {c / r:.2f} | {w:.3f} s | {w / r:.2f} |")


if __name__ == "__main__":
    main()
