"""Training time of each trained family of the Families tab (bpe_engine.family_trainer),
medians of 5 runs with the families interleaved in one run (the machine is noisy):
``QT_QPA_PLATFORM=offscreen python tools/bench_families_training.py`` from the repository root."""

from __future__ import annotations

import statistics
import time

from app.features.families.training_panel import sample_paths
from bpe_engine import family_trainer

cases = [
    ("built-in samples (6 KB)", [str(p) for p in sample_paths()], 1000),
    ("tests/data/english.txt (97 KB)", ["tests/data/english.txt"], 4000),
]
for label, paths, v in cases:
    times = {f: [] for f in ("words", "char-bpe", "byte-bpe", "wordpiece", "unigram")}
    sizes = {}
    for _ in range(5):
        for f in times:  # peers interleaved in one run
            t = time.perf_counter()
            tr = family_trainer(f, paths, v, fork_workers=False)
            for _e in tr.events():
                pass
            times[f].append(time.perf_counter() - t)
            sizes[f] = tr.tokenizer().vocab_size
    print(
        label, "vocab", v, {f: f"{statistics.median(ts) * 1000:.0f} ms ({sizes[f]} tokens)" for f, ts in times.items()}
    )
