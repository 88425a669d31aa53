"""Building the merge loop's pair index (:mod:`bpe_engine.train.merging`): the byte or unit
pairs of a new loop, and a loop rebuilt from the tokens its pre-tokens hold now (a checkpoint,
or the corpus after the merges made ahead on Chinese, :mod:`bpe_engine.train.preform`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from ..kinds import TieBreak
from .loop_arrays import _DENSE_CODES, _SLICE, _Column, _fill, _group_by_pair, _position_dtype, tie_key

if TYPE_CHECKING:
    from .merging import MergeLoop

__all__ = ["byte_pairs", "fill_positions", "from_words", "unit_pairs"]


def byte_pairs(loop: MergeLoop, n: int, step: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, _Column]:
    """The pairs of bytes: codes (left * 256 + right), how many positions and how much
    weight each has, and the position log grouped by pair; ppid is filled in.

    Codes are < 65536, so counting is a bincount and grouping a counting sort, both
    slice by slice (positions in each pair's block stay in ascending order)."""
    per_code = np.zeros(65536, dtype=np.int64)
    weights = np.zeros(65536, dtype=np.float64)
    for i in range(0, n, step):
        left = np.flatnonzero(loop.nxt[i : i + step] >= 0) + i
        codes16 = (loop.sym[left] << 8) | loop.sym[left + 1]
        per_code += np.bincount(codes16, minlength=65536)
        weights += np.bincount(codes16, weights=loop.wt[left], minlength=65536)
    present = np.flatnonzero(per_code)
    n_pairs = int(present.size)
    pid_of_code = np.full(65536, -1, dtype=np.int32)
    pid_of_code[present] = np.arange(n_pairs, dtype=np.int32)
    cursor = np.zeros(65536, dtype=np.int64)
    np.cumsum(per_code[:-1], out=cursor[1:])
    size = int(per_code.sum())
    # Room to grow (untouched pages cost nothing); when it runs out, stale entries go first.
    log = np.empty(size + size // 2, dtype=np.int32)
    _fill(log[:size], 0)  # first touch of fresh memory costs ~1.5 ms/MB here: pay it in slices
    for i in range(0, n, step):
        left = np.flatnonzero(loop.nxt[i : i + step] >= 0) + i
        codes16 = (loop.sym[left] << 8) | loop.sym[left + 1]
        loop.ppid[left] = pid_of_code[codes16]
        order = np.argsort(codes16.astype(np.uint16), kind="stable")
        # Entry k of the sorted slice goes to its code's cursor plus its rank among that
        # code's entries in this slice (k minus where the code's run starts).
        here = np.bincount(codes16, minlength=65536)
        shift = cursor - (np.cumsum(here) - here)
        log[shift[codes16[order]] + np.arange(order.size)] = left[order]
        cursor += here

    return present, per_code[present].astype(np.int64), weights[present].astype(np.int64), _Column(log, size)


def unit_pairs(loop: MergeLoop, n_units: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, _Column]:
    """:func:`byte_pairs` for an alphabet of ``n_units`` (codes left * n_units + right,
    grouped by sorting: character-level vocabularies train on small corpora)."""
    left = np.flatnonzero(loop.nxt >= 0)
    codes = loop.sym[left].astype(np.int64) * n_units + loop.sym[left + 1]
    present, inverse, sizes = np.unique(codes, return_inverse=True, return_counts=True)
    counts = np.bincount(inverse, weights=loop.wt[left], minlength=present.size).astype(np.int64)
    loop.ppid[left] = inverse.astype(np.int32)
    log = left[np.argsort(inverse, kind="stable")].astype(np.int32)
    return present, sizes.astype(np.int64), counts, _Column(log, log.size)


def from_words(
    loop: MergeLoop,
    ids: np.ndarray,
    lens: np.ndarray,
    counts: np.ndarray,
    tok: Sequence[bytes],
    n_units: int,
    tie_break: TieBreak | str,
) -> None:
    """The loop whose distinct pre-tokens hold the tokens ``ids`` now (concatenated, ``lens``
    each, occurring ``counts`` times), over the tokens ``tok``: ``n_units`` units (bytes or
    characters), then one per merge, in order. Its merges from here on are those of the
    loop :meth:`export_words` saved: pairs are counted and indexed afresh (linear), and
    pair ids, the last tie-break, are handed out in the order that loop created them (when
    its newer token was made; among the pairs of one merge, ``(x, z)`` by ``x``, then
    ``(z, y)`` by ``y``). Arguments are trusted: a checkpoint checks them first."""
    lens = lens.astype(np.int64)
    n = int(lens.sum())
    starts = np.zeros(lens.size, dtype=np.int64)
    if lens.size > 1:
        np.cumsum(lens[:-1], out=starts[1:])
    loop.word_start, loop.word_len, loop.word_count = starts, lens, counts.astype(np.int64)
    loop._positions(np.empty(n, dtype=_position_dtype(int(loop.word_count.max()) if lens.size else 0)))
    fill_positions(loop, ids)
    del ids  # the caller's reference may be the last one
    loop.mark = np.zeros(n, dtype=np.int8)
    loop.done = False
    loop.live = n
    loop.key_of = tie_key(tie_break)
    loop.tok = list(tok)
    loop.tkey = [loop.key_of(t) for t in loop.tok]
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
        dense = np.zeros(n_tok * n_tok, dtype=np.int32)
        dense[present] = np.arange(present.size, dtype=np.int32)
        inverse = dense[codes]
        del dense
    else:
        codes = loop.sym[at].astype(np.int64) * n_tok + loop.sym[at + 1]
        present, inverse, sizes = np.unique(codes, return_inverse=True, return_counts=True)
    del codes
    left, right = present // n_tok, present % n_tok
    newer = np.maximum(left, right)
    born = np.where(newer >= n_units, newer, -1)  # the merge that made the pair; -1: a pair of units
    within = np.where(born < 0, present, np.where((right == born) & (left != born), left, n_tok + right))
    order = np.lexsort((within, born))
    pid = np.empty(order.size, dtype=np.int32)
    pid[order] = np.arange(order.size, dtype=np.int32)
    pid_at = pid[inverse.ravel()]
    loop.ppid[at] = pid_at
    weights = np.bincount(pid_at, weights=loop.wt[at], minlength=order.size).astype(np.int64)
    sizes = sizes[order].astype(np.int64)
    log = _group_by_pair(at, pid_at, sizes)
    del at, pid_at
    loop.set_pairs(left[order], right[order], sizes, weights, _Column(log, log.size))


def fill_positions(loop: MergeLoop, ids: np.ndarray) -> None:
    """Positions holding the tokens ``ids`` (of the words ``word_start``/``word_len``), each
    linked to its word's neighbours, weighted by its word's count, no pair yet.

    subtle: a slice of words at a time, so that a GUI thread gets the GIL back every few
    milliseconds (3.6 million positions on 10 MB of Chinese)."""
    starts, lens, counts = loop.word_start, loop.word_len, loop.word_count.astype(loop.wt.dtype)
    for w in range(0, lens.size, _SLICE):
        e = min(w + _SLICE, lens.size)
        s, end = int(starts[w]), int(starts[e - 1] + lens[e - 1])
        loop.sym[s:end] = ids[s:end]
        loop.wt[s:end] = np.repeat(counts[w:e], lens[w:e])
        loop.nxt[s:end] = np.arange(s + 1, end + 1, dtype=np.int32)
        loop.prv[s:end] = np.arange(s - 1, end - 1, dtype=np.int32)
        loop.nxt[starts[w:e] + lens[w:e] - 1] = -1
        loop.prv[starts[w:e]] = -1
        loop.ppid[s:end] = -1
