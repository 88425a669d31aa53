"""The Unigram search of a SentencePiece ``.model`` (``UnigramModel.encode`` on normalized
lines, caches emptied before each run): this tree against the ``lattice.py`` of an earlier
commit, taking turns in one process (the machine is shared: read the ratio).

For each of English, Chinese and code: a ``.model`` of ``--vocab`` pieces trained by
``sentencepiece`` on the first ``--train-mb`` MB, the first ``--mb`` MB normalized line by
line, then encoded by both models in turns over ``--repeat`` rounds; the ids are checked to be
the same. Prints the median MB/s of each and after/before.

    python benchmarks/bench_unigram_search.py --before <commit> [--repeat 3] [--mb 1]
"""

from __future__ import annotations

import argparse
import importlib.util
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import ModuleType

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import CORPORA, REPO, require_shared  # noqa: E402
from bench_unigram import CORPUS, head, make_models  # noqa: E402


def old_lattice(commit: str, folder: Path) -> ModuleType:
    """``bpe_engine/unigram/lattice.py`` at ``commit``, importable beside this tree's package."""
    source = subprocess.run(
        ["git", "show", f"{commit}:bpe_engine/unigram/lattice.py"], cwd=REPO, check=True, capture_output=True, text=True
    ).stdout
    source = source.replace("from ..", "from bpe_engine.")
    path = folder / "old_lattice.py"
    path.write_text(source, encoding="utf-8")
    spec = importlib.util.spec_from_file_location("old_lattice", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["old_lattice"] = module  # (dataclasses look their module up)
    spec.loader.exec_module(module)
    return module


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--before", required=True, help="the commit whose lattice.py is 'before'")
    parser.add_argument("--mb", type=float, default=1.0)
    parser.add_argument("--train-mb", type=float, default=0.5)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--vocab", type=int, default=8000)
    args = parser.parse_args()
    require_shared()
    from bpe_engine import UnigramTokenizer, load_tokenizer
    from bpe_engine.formats.sentencepiece import read_sentencepiece_model
    from bpe_engine.unigram.lattice import UnigramModel

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        old = old_lattice(args.before, folder)
        for name, file in CORPUS.items():
            model, _ = make_models(head(CORPORA / file, int(args.train_mb * 1e6)), args.vocab, folder)
            tok = load_tokenizer(model)
            assert isinstance(tok, UnigramTokenizer)
            text = head(CORPORA / file, int(args.mb * 1e6))
            lines = [tok.normalizer.normalize(line) for line in text.splitlines()]
            size = len(text.encode("utf-8")) / 1e6
            data, space = read_sentencepiece_model(model), tok.normalizer.space
            models = {"before": old.UnigramModel(data, space), "after": UnigramModel(data, space)}
            times: dict[str, list[float]] = {"before": [], "after": []}
            ids: dict[str, list[list[int]]] = {}
            for r in range(args.repeat):
                for label in ("before", "after") if r % 2 == 0 else ("after", "before"):
                    m = models[label]
                    m.chunk_cache.clear()
                    m.word_cache.clear()
                    start = time.perf_counter()
                    ids[label] = [m.encode(line) for line in lines]
                    times[label].append(time.perf_counter() - start)
            assert ids["before"] == ids["after"], f"{name}: the ids differ"
            before, after = statistics.median(times["before"]), statistics.median(times["after"])
            print(
                f"{name}: before {size / before:.3f} MB/s, after {size / after:.3f} MB/s, "
                f"after/before {before / after:.2f}x (ids identical)",
                flush=True,
            )


if __name__ == "__main__":
    main()
