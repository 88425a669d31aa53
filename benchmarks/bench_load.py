"""Loading time: Llama 3's 128k-token tokenizer.json against OpenAI's o200k, side by side.

Each load runs in a fresh interpreter (so no cache of ours or tiktoken's helps it) and is
timed there, from just before the call to just after it (imports are done first and not
counted):

- o200k: ``Tokenizer.from_tiktoken("o200k_base")`` (tiktoken reads its cached rank file, we
  rebuild the merges);
- Llama 3.2: ``load_tokenizer("llama3.2_tokenizer.json")`` (JSON, byte-level alphabet,
  280,147 merges as Hugging Face's pair priorities);
- with ``--all``, also Llama 3's ``tokenizer.model`` rank file, Qwen's, Tekken and the two
  Mistral SentencePiece models.

Runs alternate (o200k, Llama, o200k, Llama, ...) so that a busy moment of this noisy 2-core
machine slows both; the ratio of each Llama run is taken against the mean of the o200k runs
around it, and the medians are printed. Done when the median ratio is at most 1.

    python benchmarks/bench_load.py [--repeat 7] [--all]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import REPO, SHARED, median  # noqa: E402

TOKENIZERS = SHARED / "tokenizers"
QWEN = r"""(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+"""
CALLS = {
    "o200k": "Tokenizer.from_tiktoken('o200k_base')",
    "llama3.2 tokenizer.json": f"load_tokenizer({str(TOKENIZERS / 'llama3.2_tokenizer.json')!r})",
}
MORE = {
    "llama3.2 tokenizer.model": f"load_tokenizer({str(TOKENIZERS / 'llama3.2_tokenizer.model')!r})",
    "qwen.tiktoken": (
        f"load_tokenizer({str(TOKENIZERS / 'qwen.tiktoken')!r}, pattern={QWEN!r}, special_tokens={{'<|endoftext|>': 151643}})"
    ),
    "tekken": f"load_tokenizer({str(TOKENIZERS / 'mistral_tekken_240718.json')!r})",
    "mistral v3 .model": f"load_tokenizer({str(TOKENIZERS / 'mistral_sentencepiece_v3.model')!r})",
}
_SCRIPT = """
import time, tiktoken, tiktoken.registry, json, regex, numpy
from bpe_engine import Tokenizer, load_tokenizer
import bpe_engine.formats.tiktoken, bpe_engine.formats.detect, bpe_engine.spm
start = time.perf_counter()
tok = {call}
print(time.perf_counter() - start, len(tok.vocab))
"""


def load_once(call: str) -> float:
    out = subprocess.run(
        [sys.executable, "-c", _SCRIPT.format(call=call)], capture_output=True, text=True, cwd=REPO, timeout=600
    )
    if out.returncode != 0:
        raise RuntimeError(out.stderr)
    return float(out.stdout.split()[0])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--all", action="store_true", help="also the other files of ../shared/tokenizers")
    args = parser.parse_args()
    if not TOKENIZERS.is_dir():
        sys.exit(f"{TOKENIZERS} not found: put the shared folder beside the repository or set BPE_SHARED_DIR")
    calls = {**CALLS, **(MORE if args.all else {})}
    times: dict[str, list[float]] = {name: [] for name in calls}
    ratios: dict[str, list[float]] = {name: [] for name in calls if name != "o200k"}
    times["o200k"].append(load_once(calls["o200k"]))
    for _ in range(args.repeat):
        for name, call in calls.items():
            if name == "o200k":
                continue
            before = times["o200k"][-1]
            took = load_once(call)
            after = load_once(calls["o200k"])
            times[name].append(took)
            times["o200k"].append(after)
            ratios[name].append(took / ((before + after) / 2))
    print(f"median load time over {args.repeat} runs (fresh interpreter each; imports not counted):")
    for name in calls:
        line = f"  {name:<26} {median(times[name]):6.2f} s"
        if name in ratios:
            line += (
                f"   ratio to o200k {median(ratios[name]):.2f} (runs: {', '.join(f'{r:.2f}' for r in ratios[name])})"
            )
        print(line)


if __name__ == "__main__":
    main()
