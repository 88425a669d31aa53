"""The merge loop's words exported and rebuilt (checkpoints, :meth:`~.merging.MergeLoop.rewound`):
each distinct pre-token's tokens as they are now, and a loop set up afresh from them, its
pairs counted, numbered as the saved loop numbered them, and logged.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Self

import numpy as np

from .._arrays import scatter_grouped
from ..kinds import TieBreak
from .merge_state import _SLICE, LoopState, _Column, _position_dtype
from .tiekeys import token_key

__all__ = ["LoopWords"]

_DENSE_CODES = 1 << 22  # pair codes counted in a table (16 MB of int32 at most), not sorted


def _group_by_pair(at: np.ndarray, pid: np.ndarray, sizes: np.ndarray) -> _Column:
    """The positions ``at`` (ascending) grouped by their pair ``pid`` (``sizes[q]`` of pair
    ``q``), each group in ascending order: a stable sort, a slice at a time. The
    log holds room for as many entries again (see below).

    subtle: the room, because a log without any grew at the loop's first merge (a merge
    may log two new entries per position): a compaction that read ``ppid`` at random for
    the 3.2 million entries of 10 MB of Chinese, none stale yet, then a copy, 0.17-0.19 s.
    Pages never written cost no memory.

    subtle: sliced (one stable sort of 3.6 million keys held the GIL ~100 ms, and slices that
    fit in the cache sort faster); each slice's entries go to their pair's cursor plus their
    rank among that pair's entries in the slice."""
    n_pairs = int(sizes.size)
    cursor = np.zeros(n_pairs, dtype=np.int64)
    if n_pairs > 1:
        np.cumsum(sizes[:-1], out=cursor[1:])
    log = np.empty(2 * at.size, dtype=np.int32)
    step = 4 * _SLICE
    for i in range(0, at.size, step):
        scatter_grouped(log, cursor, pid[i : i + step], at[i : i + step], n_pairs)
    return _Column(log, int(at.size))


class LoopWords(LoopState):
    """:meth:`export_words`, and a loop's state set from such words (:meth:`_set_words`)."""

    if TYPE_CHECKING:

        def _set_pairs(
            self, left: np.ndarray, right: np.ndarray, sizes: np.ndarray, counts: np.ndarray, log: _Column
        ) -> None: ...

    def export_words(self) -> tuple[np.ndarray, np.ndarray]:
        """Each distinct pre-token's tokens as they are now, concatenated, and how many each
        has: with ``word_count`` and ``tok``, all :meth:`from_words` needs to go on."""
        live = self.sym >= 0
        before = np.zeros(live.size + 1, dtype=np.int64)
        np.cumsum(live, out=before[1:])
        return self.sym[live], before[self.word_start + self.word_len] - before[self.word_start]

    @classmethod
    def from_words(
        cls,
        ids: np.ndarray,
        lens: np.ndarray,
        counts: np.ndarray,
        tok: Sequence[bytes],
        n_units: int,
        tie_break: TieBreak | str,
    ) -> Self:
        """The loop whose distinct pre-tokens hold the tokens ``ids`` now (concatenated, ``lens``
        each, occurring ``counts`` times), over the tokens ``tok``: ``n_units`` units (bytes or
        characters), then one per merge, in order. Its merges from here on are those of the
        loop :meth:`export_words` saved: pairs are counted and indexed afresh (linear), and
        pair ids, the last tie-break, are handed out in the order that loop created them (when
        its newer token was made; among the pairs of one merge, ``(x, z)`` by ``x``, then
        ``(z, y)`` by ``y``). Arguments are trusted: a checkpoint checks them first."""
        loop = cls.__new__(cls)
        lens = lens.astype(np.int64)
        n = int(lens.sum())
        starts = np.zeros(lens.size, dtype=np.int64)
        if lens.size > 1:
            np.cumsum(lens[:-1], out=starts[1:])
        loop.word_start, loop.word_len, loop.word_count = starts, lens, counts.astype(np.int64)
        loop._positions(np.empty(n, dtype=_position_dtype(int(loop.word_count.max()) if lens.size else 0)))
        loop._fill_positions(ids)
        del ids  # the caller's reference may be the last one
        loop.mark = np.zeros(n, dtype=np.int8)
        loop.done = False
        loop.live = n
        loop.greatest = TieBreak(tie_break) is TieBreak.GREATEST
        loop.tok = list(tok)
        loop.tkey = [token_key(t, loop.greatest) for t in loop.tok]
        n_tok = len(loop.tok)
        step = 4 * _SLICE
        # subtle: int32 (a quarter of the memory peak), a slice at a time (one call held the GIL ~50 ms)
        at = np.concatenate(
            [(np.flatnonzero(loop.nxt[i : i + step] >= 0) + i).astype(np.int32) for i in range(0, n, step)]
            or [np.empty(0, dtype=np.int32)]
        )
        if n_tok * n_tok <= _DENSE_CODES:
            # Few tokens (a loop started after the characters were formed): count the codes
            # directly (np.unique's sort of millions of codes took a second); int32 codes made
            # a slice at a time (the int64 temporaries of one expression were the memory peak).
            codes: np.ndarray = np.empty(at.size, dtype=np.int32)
            for i in range(0, at.size, 4 * _SLICE):
                part = at[i : i + 4 * _SLICE]
                codes[i : i + part.size] = loop.sym[part] * np.int32(n_tok) + loop.sym[part + 1]
            sizes = np.bincount(codes, minlength=n_tok * n_tok)
            present = np.flatnonzero(sizes)
            sizes = sizes[present]
            inverse: np.ndarray | None = None
        else:
            codes = loop.sym[at].astype(np.int64) * n_tok + loop.sym[at + 1]
            present, inverse, sizes = np.unique(codes, return_inverse=True, return_counts=True)
        left, right = present // n_tok, present % n_tok
        newer = np.maximum(left, right)
        born = np.where(newer >= n_units, newer, -1)  # the merge that made the pair; -1: a pair of units
        within = np.where(born < 0, present, np.where((right == born) & (left != born), left, n_tok + right))
        order = np.lexsort((within, born))
        pid = np.empty(order.size, dtype=np.int32)
        pid[order] = np.arange(order.size, dtype=np.int32)
        if inverse is None:  # each code's pair id straight from a table of the codes
            dense = np.zeros(n_tok * n_tok, dtype=np.int32)
            dense[present] = pid
            pid_at = dense[codes]
            del dense
        else:
            pid_at = pid[inverse.ravel()]
        del codes, inverse
        loop.ppid[at] = pid_at
        sizes = sizes[order].astype(np.int64)
        # A pair's weight: its positions, plus the counts above 1 of the words they are in
        # (most words occur once on Chinese: a weighted count of millions of positions was
        # ~0.1 s of its conversions to float and fresh memory)
        heavy, extra = loop._extra_weight(at)
        weights = sizes + np.bincount(pid_at[heavy], weights=extra, minlength=order.size).astype(np.int64)
        log = _group_by_pair(at, pid_at, sizes)
        del at, pid_at
        loop._set_pairs(left[order], right[order], sizes, weights, log)
        return loop

    def _extra_weight(self, at: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Where among the positions ``at`` the weight is not 1 (indices into ``at``), and the
        weight less 1 there (a slice at a time)."""
        where: list[np.ndarray] = [np.empty(0, dtype=np.intp)]
        extra: list[np.ndarray] = [np.empty(0, dtype=np.int64)]
        for i in range(0, at.size, 4 * _SLICE):
            w = self.wt[at[i : i + 4 * _SLICE]]
            k = np.flatnonzero(w != 1)
            where.append(k + i)
            extra.append(w[k].astype(np.int64) - 1)
        return np.concatenate(where), np.concatenate(extra)

    def _fill_positions(self, ids: np.ndarray) -> None:
        """Positions holding the tokens ``ids`` (of the words ``word_start``/``word_len``), each
        linked to its word's neighbours, weighted by its word's count, no pair yet.

        subtle: a slice of words at a time, so that a GUI thread gets the GIL back every few
        milliseconds (3.6 million positions on 10 MB of Chinese); small slices (~70 000
        positions, 1.4 MB of records), so that each slice's five strided field writes meet its
        records in the cache (10 MB of Chinese: 0.028-0.040 -> 0.022-0.025 s; 8x larger
        slices made five passes over the 72 MB of records)."""
        starts, lens, counts = self.word_start, self.word_len, self.word_count.astype(self.wt.dtype)
        step = _SLICE // 8
        for w in range(0, lens.size, step):
            e = min(w + step, lens.size)
            s, end = int(starts[w]), int(starts[e - 1] + lens[e - 1])
            self.sym[s:end] = ids[s:end]
            self.wt[s:end] = np.repeat(counts[w:e], lens[w:e])
            self.nxt[s:end] = np.arange(s + 1, end + 1, dtype=np.int32)
            self.prv[s:end] = np.arange(s - 1, end - 1, dtype=np.int32)
            self.nxt[starts[w:e] + lens[w:e] - 1] = -1
            self.prv[starts[w:e]] = -1
            self.ppid[s:end] = -1
