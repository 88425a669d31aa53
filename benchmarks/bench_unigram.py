"""Unigram encoding: ours (``UnigramTokenizer``) against ``sentencepiece`` and ``tokenizers``.

For each corpus (English, Chinese, code) two models are trained first on the first
``--train-mb`` MB: a SentencePiece Unigram ``.model`` (``sentencepiece``'s trainer,
``model_type=unigram``, ``--vocab`` pieces) and a Hugging Face ``tokenizer.json`` (``tokenizers``'
``UnigramTrainer``, Metaspace pre-tokenizer, no normalizer). Then the first ``--mb`` MB of the
corpus (cut at a line end) is encoded line by line, taking turns (ours on the .model,
sentencepiece's batch ``encode``, ours on the tokenizer.json, tokenizers' ``encode_batch`` with
one thread) over ``--repeat`` rounds. Our caches are emptied before each of our runs. Prints
the median MB/s of each and the ratios (above 1: we are faster); ids are checked to be the
reference's.

    python benchmarks/bench_unigram.py [--mb 1] [--train-mb 0.5] [--repeat 5] [--vocab 8000]
"""

from __future__ import annotations

import argparse
import io
import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("RAYON_NUM_THREADS", "1")  # tokenizers: one thread, as ours and sentencepiece
sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import CORPORA, REPO, median, require_shared  # noqa: E402

CORPUS = {
    "English": "en_mix_36MB.txt",
    "Chinese": "zh_classical_poetry_25MB.txt",
    "code": "code_python311_stdlib_32MB.txt",
}


def head(path: Path, size: int) -> str:
    with open(path, "rb") as f:
        data = f.read(size)
    cut = data.rfind(b"\n") + 1
    return (data[:cut] if cut else data).decode("utf-8")


def make_models(text: str, vocab: int, folder: Path) -> tuple[Path, Path]:
    """A sentencepiece Unigram ``.model`` and a ``tokenizers`` Unigram ``tokenizer.json``, both trained on ``text``."""
    import sentencepiece
    import tokenizers as tk

    lines = [line for line in text.splitlines() if line.strip()]
    out = io.BytesIO()
    sentencepiece.SentencePieceTrainer.train(
        sentence_iterator=iter(lines),
        model_writer=out,
        model_type="unigram",
        vocab_size=vocab,
        hard_vocab_limit=False,
        minloglevel=2,
    )
    model = folder / "u.model"
    model.write_bytes(out.getvalue())
    tok = tk.Tokenizer(tk.models.Unigram())
    tok.pre_tokenizer = tk.pre_tokenizers.Metaspace()
    tok.decoder = tk.decoders.Metaspace()
    trainer = tk.trainers.UnigramTrainer(vocab_size=vocab, special_tokens=["<unk>"], unk_token="<unk>")
    tok.train_from_iterator(lines, trainer)
    hf = folder / "tokenizer.json"
    tok.save(str(hf))
    return model, hf


def clear_caches(tok: object) -> None:
    from bpe_engine import UnigramTokenizer

    assert isinstance(tok, UnigramTokenizer)
    model = tok.unigram
    model.word_cache.clear()
    model.chunk_cache.clear()


def measure(name: str, args: argparse.Namespace, folder: Path) -> dict[str, float]:
    import sentencepiece
    import tokenizers as tk

    from bpe_engine import load_tokenizer

    path = CORPORA / CORPUS[name]
    text = head(path, int(args.mb * 1_000_000))
    lines = text.splitlines()
    mb = len(text.encode("utf-8")) / 1e6
    model, hf = make_models(head(path, int(args.train_mb * 1_000_000)), args.vocab, folder)
    ours_sp, ours_hf = load_tokenizer(model), load_tokenizer(hf)
    spm = sentencepiece.SentencePieceProcessor(model_file=str(model))
    ref_hf = tk.Tokenizer.from_file(str(hf))
    times: dict[str, list[float]] = {"ours .model": [], "sentencepiece": [], "ours .json": [], "tokenizers": []}
    for _ in range(args.repeat):
        clear_caches(ours_sp)
        clear_caches(ours_hf)
        runs = {
            "ours .model": lambda: [ours_sp.encode_ordinary(line) for line in lines],
            "sentencepiece": lambda: spm.encode(lines),
            "ours .json": lambda: [ours_hf.encode_ordinary(line) for line in lines],
            "tokenizers": lambda: [e.ids for e in ref_hf.encode_batch(lines, add_special_tokens=False)],
        }
        got = {}
        for run_name, run in runs.items():
            start = time.perf_counter()
            got[run_name] = run()
            times[run_name].append(time.perf_counter() - start)
        if got["ours .model"] != got["sentencepiece"]:
            sys.exit(f"{name}: our ids differ from sentencepiece's")
        if got["ours .json"] != got["tokenizers"]:
            sys.exit(f"{name}: our ids differ from tokenizers'")
    return {run_name: mb / median(t) for run_name, t in times.items()} | {"MB": mb}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--mb", type=float, default=1)
    ap.add_argument("--train-mb", type=float, default=0.5)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--vocab", type=int, default=8000)
    ap.add_argument("--corpus", choices=list(CORPUS), action="append", help="only these (default: all three)")
    args = ap.parse_args()
    require_shared()
    sys.path.insert(0, str(REPO))
    print(f"one call per line, {args.repeat} rounds taking turns, median MB/s")
    print("| text | MB | ours .model | sentencepiece | ours/spm | ours .json | tokenizers | ours/tokenizers |")
    print("|---|---|---|---|---|---|---|---|")
    for name in args.corpus or list(CORPUS):
        with tempfile.TemporaryDirectory() as tmp:
            s = measure(name, args, Path(tmp))
        print(
            f"| {name} | {s['MB']:.2f} | {s['ours .model']:.2f} | {s['sentencepiece']:.2f} | "
            f"{s['ours .model'] / s['sentencepiece']:.3f} | {s['ours .json']:.2f} | "
            f"{s['tokenizers']:.2f} | {s['ours .json'] / s['tokenizers']:.2f} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
