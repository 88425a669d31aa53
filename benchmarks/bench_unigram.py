"""Unigram encoding: ours (``UnigramTokenizer``) against ``sentencepiece`` and ``tokenizers``.

Two models are made first, on the first MB of the English corpus: a SentencePiece Unigram
``.model`` (``sentencepiece``'s trainer, ``--vocab`` pieces) and the same pieces as a Hugging
Face ``tokenizer.json`` (Unigram model, Metaspace pre-tokenizer, no normalizer). Then the first
``--mb`` MB of English (cut at a line end) is encoded line by line, taking turns (ours on the
.model, sentencepiece's batch ``encode``, ours on the tokenizer.json, tokenizers'
``encode_batch`` with one thread) over ``--repeat`` rounds. Our per-word cache is emptied
before each of our runs. Prints the median MB/s of each and the ratios (above 1: we are
faster); ids are checked to be the reference's.

    python benchmarks/bench_unigram.py [--mb 1] [--repeat 5] [--vocab 8000]
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


def head(path: Path, size: int) -> str:
    with open(path, "rb") as f:
        data = f.read(size)
    cut = data.rfind(b"\n") + 1
    return (data[:cut] if cut else data).decode("utf-8")


def make_models(text: str, vocab: int, folder: Path) -> tuple[Path, Path]:
    import sentencepiece
    import tokenizers as tk

    out = io.BytesIO()
    sentencepiece.SentencePieceTrainer.train(
        sentence_iterator=iter(text.splitlines()),
        model_writer=out,
        model_type="unigram",
        vocab_size=vocab,
        minloglevel=2,
    )
    model = folder / "u.model"
    model.write_bytes(out.getvalue())
    ref = sentencepiece.SentencePieceProcessor(model_file=str(model))
    pieces = [(ref.id_to_piece(i), ref.get_score(i)) for i in range(ref.get_piece_size())]
    tok = tk.Tokenizer(tk.models.Unigram(pieces, unk_id=ref.unk_id(), byte_fallback=False))
    tok.pre_tokenizer = tk.pre_tokenizers.Metaspace()
    tok.decoder = tk.decoders.Metaspace()
    hf = folder / "tokenizer.json"
    tok.save(str(hf))
    return model, hf


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--mb", type=float, default=1)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--vocab", type=int, default=8000)
    args = ap.parse_args()
    require_shared()
    import sentencepiece
    import tokenizers as tk

    sys.path.insert(0, str(REPO))
    from bpe_engine import UnigramTokenizer, load_tokenizer

    text = head(CORPORA / "en_mix_36MB.txt", int(args.mb * 1_000_000))
    lines = text.splitlines()
    mb = len(text.encode("utf-8")) / 1e6
    with tempfile.TemporaryDirectory() as tmp:
        model, hf = make_models(head(CORPORA / "en_mix_36MB.txt", 1_000_000), args.vocab, Path(tmp))
        ours_sp, ours_hf = load_tokenizer(model), load_tokenizer(hf)
        assert isinstance(ours_sp, UnigramTokenizer) and isinstance(ours_hf, UnigramTokenizer)
        spm = sentencepiece.SentencePieceProcessor(model_file=str(model))
        ref_hf = tk.Tokenizer.from_file(str(hf))
        times: dict[str, list[float]] = {"ours .model": [], "sentencepiece": [], "ours .json": [], "tokenizers": []}
        for _ in range(args.repeat):
            ours_hf.unigram.word_cache.clear()
            runs = {
                "ours .model": lambda: [ours_sp.encode_ordinary(line) for line in lines],
                "sentencepiece": lambda: spm.encode(lines),
                "ours .json": lambda: [ours_hf.encode_ordinary(line) for line in lines],
                "tokenizers": lambda: [e.ids for e in ref_hf.encode_batch(lines, add_special_tokens=False)],
            }
            got = {}
            for name, run in runs.items():
                start = time.perf_counter()
                got[name] = run()
                times[name].append(time.perf_counter() - start)
            if got["ours .model"] != got["sentencepiece"] or got["ours .json"] != got["tokenizers"]:
                sys.exit("our ids differ from the reference's")
    speed = {name: mb / median(t) for name, t in times.items()}
    print(f"{mb:.2f} MB of English, one call per line, {args.repeat} rounds taking turns, median MB/s")
    print("| ours .model | sentencepiece | ours/spm | ours .json | tokenizers | ours/tokenizers |")
    print("|---|---|---|---|---|---|")
    print(
        f"| {speed['ours .model']:.2f} | {speed['sentencepiece']:.2f} | "
        f"{speed['ours .model'] / speed['sentencepiece']:.2f} | {speed['ours .json']:.2f} | "
        f"{speed['tokenizers']:.2f} | {speed['ours .json'] / speed['tokenizers']:.2f} |"
    )


if __name__ == "__main__":
    main()
