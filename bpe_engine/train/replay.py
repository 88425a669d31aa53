"""Making saved merges again on a freshly built merge loop (a checkpoint that keeps only its
merges, :attr:`~bpe_engine.train.checkpoint.Saved.MERGES`), each checked against what the
checkpoint says it was: the same corpus gives the same loop, pair ids included, so the run
goes on exactly as it would have."""

from __future__ import annotations

import numpy as np

from .merging import MergeLoop

__all__ = ["Replay"]


class Replay:
    """Forced merges on ``loop``, built from counts and not merged yet (``n_units`` units)."""

    def __init__(self, loop: MergeLoop, n_units: int) -> None:
        self.loop = loop
        self.n_units = n_units
        first = loop.pairs.n
        codes = loop.pairs.left[:first].astype(np.int64) * n_units + loop.pairs.right[:first]
        self.order = np.argsort(codes, kind="stable")
        self.codes = codes[self.order]
        # Pair ids a merge created, per merge: a pair is created with its newer token only.
        self.made: list[tuple[int, int]] = []

    def pair_id(self, a: int, b: int) -> int | None:
        """The id of the pair ``(a, b)``, or None if the loop never had it."""
        newer = max(a, b)
        if newer < self.n_units:
            code = a * self.n_units + b
            at = int(np.searchsorted(self.codes, code))
            return int(self.order[at]) if at < self.codes.size and int(self.codes[at]) == code else None
        if newer - self.n_units >= len(self.made):
            return None
        start, end = self.made[newer - self.n_units]
        pairs = self.loop.pairs
        hit = np.flatnonzero((pairs.left[start:end] == a) & (pairs.right[start:end] == b))
        return start + int(hit[0]) if hit.size else None

    def merge(self, a: int, b: int, count: int, replaced: int) -> str | None:
        """Merge ``(a, b)``, which must now count ``count`` and replace ``replaced``
        occurrences; else, what differs (and the loop is left as it was, or half-way)."""
        loop = self.loop
        pid = self.pair_id(a, b)
        if pid is None:
            return f"the pair ({a}, {b}) does not occur"
        now = int(loop.pcount.data[pid])
        if now != count:
            return f"the pair ({a}, {b}) occurs {now} times, not {count}"
        start = loop.pairs.n
        _, done = loop.merge(pid)
        self.made.append((start, loop.pairs.n))
        return None if done == replaced else f"merging ({a}, {b}) replaced {done} occurrences, not {replaced}"
