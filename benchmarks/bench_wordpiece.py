"""WordPiece encoding: ours (``WordPieceTokenizer.encode``) against Hugging Face's
``tokenizers`` (``Tokenizer.encode(text, add_special_tokens=False)``), same file, one process.

The reference is trained here by ``tokenizers``' WordPieceTrainer (BertNormalizer uncased,
BertPreTokenizer, ``--vocab`` tokens) on the first ``--train-mb`` MB of English; the text
encoded is the first ``--mb`` MB of the same corpus (cut at a line end), as one string, the
two sides taking turns over ``--repeat`` rounds (so a busy moment of the shared machine slows
both). Our word cache is emptied before each of our runs. Prints the median seconds and MB/s
of each side and the ratio ours/tokenizers (MB/s; above 1: we are faster); checks the ids.
``--lines``: one call per line (ours a loop, tokenizers its ``encode_batch``, multi-threaded).

    python benchmarks/bench_wordpiece.py [--mb 1] [--repeat 5] [--vocab 30000] [--lines]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import CORPORA, median, require_shared  # noqa: E402

CORPUS = "en_mix_36MB.txt"


def head(path: Path, size: int) -> str:
    with open(path, "rb") as f:
        data = f.read(size)
    cut = data.rfind(b"\n") + 1
    return (data[:cut] if cut else data).decode("utf-8")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--mb", type=float, default=1)
    ap.add_argument("--train-mb", type=float, default=4)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--vocab", type=int, default=30000)
    ap.add_argument("--lines", action="store_true")
    args = ap.parse_args()
    require_shared()
    from tokenizers import Tokenizer, models, normalizers, pre_tokenizers, trainers

    from bpe_engine import WordPieceTokenizer, load_tokenizer

    ref = Tokenizer(models.WordPiece(unk_token="[UNK]"))
    ref.normalizer = normalizers.BertNormalizer(lowercase=True)
    ref.pre_tokenizer = pre_tokenizers.BertPreTokenizer()
    train = head(CORPORA / CORPUS, int(args.train_mb * 1_000_000)).splitlines()
    ref.train_from_iterator(train, trainers.WordPieceTrainer(vocab_size=args.vocab, special_tokens=["[UNK]"]))
    folder = Path(tempfile.mkdtemp())
    ref.save(str(folder / "tokenizer.json"))
    ours = load_tokenizer(folder / "tokenizer.json")
    assert isinstance(ours, WordPieceTokenizer)
    text = head(CORPORA / CORPUS, int(args.mb * 1_000_000))
    mb = len(text.encode("utf-8")) / 1e6
    lines = text.splitlines()
    times: dict[str, list[float]] = {"ours": [], "tokenizers": []}
    for _ in range(args.repeat):
        ours.model._cache.clear()
        t = time.perf_counter()
        got = [i for line in lines for i in ours.encode_ordinary(line)] if args.lines else ours.encode_ordinary(text)
        times["ours"].append(time.perf_counter() - t)
        t = time.perf_counter()
        if args.lines:
            want = [i for e in ref.encode_batch(lines, add_special_tokens=False) for i in e.ids]
        else:
            want = ref.encode(text, add_special_tokens=False).ids
        times["tokenizers"].append(time.perf_counter() - t)
        assert got == want, "ids differ"
    o, r = median(times["ours"]), median(times["tokenizers"])
    mode = "one call per line" if args.lines else "the text as one string"
    print(f"{mb:.2f} MB of {CORPUS}, {mode}, vocabulary {ours.vocab_size:,}, {len(got):,} tokens, ids identical")
    print(f"ours:       {o:.3f} s  {mb / o:.2f} MB/s")
    print(f"tokenizers: {r:.3f} s  {mb / r:.2f} MB/s")
    print(f"ratio ours/tokenizers (MB/s): {r / o:.2f}")


if __name__ == "__main__":
    main()
