"""The merge loop over an alphabet of units (characters, for a character-level vocabulary)
merges exactly as over bytes when the units are the bytes, in any order."""

from __future__ import annotations

import random
import struct
from pathlib import Path

from bpe_engine.reference import reference_pretoken_counts
from bpe_engine.train.merging import MergeLoop

DATA = Path(__file__).resolve().parents[1] / "data"


def _merged(loop: MergeLoop, limit: int) -> list[tuple[bytes, int, int]]:
    out = []
    for _ in range(limit):
        best = loop.pop_best()
        if best is None:
            break
        a, b = loop.pair(best[0])
        _, replaced = loop.merge(best[0])
        out.append((loop.tok[a] + loop.tok[b], best[1], replaced))
    return out


def test_units_that_are_bytes_merge_like_bytes() -> None:
    text = (DATA / "english.txt").read_text(encoding="utf-8")[:60_000] + (DATA / "chinese.txt").read_text(
        encoding="utf-8"
    )[:20_000]
    counts = reference_pretoken_counts(text, ["<|endoftext|>"])
    expected = _merged(MergeLoop([dict(counts)]), 500)
    order = list(range(256))
    random.Random(3).shuffle(order)  # units in another order: the same merges, by their bytes
    index = {b: i for i, b in enumerate(order)}
    packed = {b"".join(struct.pack("<I", index[x]) for x in w): c for w, c in counts.items()}
    loop = MergeLoop([packed], units=[bytes([b]) for b in order])
    assert _merged(loop, 500) == expected
