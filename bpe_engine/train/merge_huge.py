"""One merge of a pair standing at millions of positions, in slices (one repeated character).

:meth:`MergeLoop._merge_large` makes a merge with ~20 NumPy calls over all of its positions at
once, each making a temporary array of that size. On a line of one repeated character the
first merges stand at tens of millions of positions: at 50 MB those temporaries were ~3 GB of
fresh memory per merge, and touching fresh memory costs more here (~1.7 ms/MB) than the work
done in it, while at 5 MB they fit the allocator's reused memory (up to 32 MB a block): the
50 MB training took 12.8x the 5 MB one. Here the same steps run over slices of ``SLICE``
positions, so every temporary stays small, and only what the new pairs need is kept (``int32``
positions and tokens, the weights):

1. which positions merge: those still holding the pair, and of overlapping ``(a, a)``
   occurrences the ones a left-to-right pass takes (a chain may cross a slice's edge);
2. marks on every merging position (left 2, right 1), for the occurrences that touch;
3. per slice, reading only: the pairs across each occurrence lose its weight, and the new
   pairs ``(p, z)`` / ``(z, n)`` are noted; nothing is written yet, so every slice reads the
   state before the merge, as the one-call merge does;
4. per slice, the writes (marks cleared, links, tokens);
5. the new pairs get their ids and log blocks by a counting sort over the slices, in the
   order and layout of the one-call merge (its stable sort by key).

Exactness is the one-call merge's: the tests run every merge through here with tiny slices
against the reference trainer.
"""

from __future__ import annotations

from typing import NamedTuple, Protocol

import numpy as np

from .._arrays import left_to_right_after, scatter_grouped

__all__ = ["HUGE_MERGE", "SLICE", "merge_huge"]

HUGE_MERGE = 1 << 20  # positions from which a merge runs here
SLICE = 1 << 20  # positions per slice (temporaries of 8 MB: reused, never fresh)


class _Column(Protocol):
    data: np.ndarray
    n: int

    def reserve(self, extra: int) -> None: ...

    def extend(self, values: np.ndarray) -> None: ...


class _Pairs(Protocol):
    n: int
    left: np.ndarray
    right: np.ndarray
    off: np.ndarray
    len: np.ndarray

    def reserve(self, extra: int) -> None: ...


class MergeLoop(Protocol):
    """What a merge here reads and writes of :class:`~.merging.MergeLoop` (:mod:`.merge_one`,
    which makes merges, imports this one)."""

    sym: np.ndarray
    nxt: np.ndarray
    prv: np.ndarray
    wt: np.ndarray
    mark: np.ndarray
    ppid: np.ndarray
    tok: list[bytes]
    live: int

    @property
    def pcount(self) -> _Column: ...

    @property
    def pairs(self) -> _Pairs: ...

    @property
    def log(self) -> _Column: ...

    def queue_new(self, base: int, end: int, cnts: np.ndarray) -> None: ...


class _New(NamedTuple):
    """A slice's new pairs: keys (a left neighbour's token, or a right one's plus the number
    of tokens), the positions where they start, their weights."""

    keys: np.ndarray
    at: np.ndarray
    weights: np.ndarray


def _select(loop: MergeLoop, pid: int, same: bool, block: np.ndarray) -> list[np.ndarray] | None:
    """The merging positions, slice by slice, in the log's order; for a pair ``(a, a)`` None
    if that order is not ascending (then the one-call merge sorts them)."""
    ppid, nxt = loop.ppid, loop.nxt
    chosen: list[np.ndarray] = []
    last, last_taken = -1, False
    for i in range(0, block.size, SLICE):
        pos = block[i : i + SLICE].astype(np.intp)
        pos = pos[ppid[pos] == pid]
        if not pos.size:
            continue
        if same:
            if pos[0] <= last or not (pos[1:] > pos[:-1]).all():
                return None
            taken = left_to_right_after(pos, nxt, last, last_taken)
            last_taken = bool(taken.size) and taken[-1] == pos[-1]
            last = int(pos[-1])
            pos = taken
        chosen.append(pos)
    return chosen


def _read(loop: MergeLoop, pos: np.ndarray, z: int, n_tok: int) -> tuple[_New, int]:
    """Step 3 for one slice: the pairs across lose the merged weight; the new pairs; the
    weight merged."""
    sym, nxt, prv, mark, ppid = loop.sym, loop.nxt, loop.prv, loop.mark, loop.ppid
    j = nxt[pos].astype(np.intp)
    w = loop.wt[pos].astype(np.int64, copy=False)
    p = prv[pos].astype(np.intp)
    nn = nxt[j].astype(np.intp)
    has_n = nn >= 0
    nr = nn[has_n]
    right_tok = sym[nr]
    right_tok[mark[nr] == 2] = z  # (z, z) where two merges touch
    p_free = (p >= 0) & (mark[p] != 1)  # subtle: mark[-1] is read for p == -1, then masked
    pl = p[p_free]
    weights = np.concatenate((w[p_free], w[has_n]))
    np.subtract.at(loop.pcount.data, np.concatenate((ppid[pl], ppid[j[has_n]])), weights)
    keys = np.concatenate((sym[pl], right_tok + np.int32(n_tok)))
    at = np.concatenate((pl, pos[has_n])).astype(np.int32)
    return _New(keys, at, weights), int(np.add.reduce(w))


def _write(loop: MergeLoop, pos: np.ndarray, z: int) -> None:
    """Step 4 for one slice (the reads of every slice done)."""
    sym, nxt, ppid, mark = loop.sym, loop.nxt, loop.ppid, loop.mark
    j = nxt[pos].astype(np.intp)
    nn = nxt[j].astype(np.intp)
    has_n = nn >= 0
    mark[j] = 0
    mark[pos] = 0
    ppid[pos] = -1
    ppid[j] = -1
    sym[pos] = z
    sym[j] = -1
    nxt[pos] = nn
    loop.prv[nn[has_n]] = pos[has_n]


def _add(loop: MergeLoop, z: int, n_tok: int, new: list[_New]) -> None:
    """Step 5: ids in key order (left kinds first), each pair's positions contiguous in the
    log in the order the slices found them."""
    # Keys are below 2 * n_tok: present ones found by counting, not sorting
    seen = np.zeros(2 * n_tok, dtype=np.int64)
    for part in new:
        seen += np.bincount(part.keys, minlength=2 * n_tok)
    uniq = seen.nonzero()[0].astype(np.int32)
    m = int(uniq.size)
    if not m:
        return
    index_of = np.zeros(2 * n_tok, dtype=np.uint16 if m <= 65536 else np.intp)
    index_of[uniq] = np.arange(m)
    indices = [index_of[part.keys] for part in new]
    sizes = np.zeros(m, dtype=np.int64)
    counts = np.zeros(m, dtype=np.int64)
    for part, idx in zip(new, indices):
        sizes += np.bincount(idx, minlength=m)
        np.add.at(counts, idx, part.weights)
    k = int(sizes.sum())
    pairs, log = loop.pairs, loop.log
    base = pairs.n
    end = base + m
    log.reserve(k)
    starts = np.zeros(m, dtype=np.int64)
    np.cumsum(sizes[:-1], out=starts[1:])
    cursor = starts + log.n
    for part, idx in zip(new, indices):
        scatter_grouped(log.data, cursor, idx, part.at, m)
        loop.ppid[part.at] = idx.astype(np.int32) + np.int32(base)
    ml = int(uniq.searchsorted(n_tok))
    pairs.reserve(m)
    pairs.n += m
    pairs.left[base : base + ml] = uniq[:ml]
    pairs.left[base + ml : end] = z
    pairs.right[base : base + ml] = z
    pairs.right[base + ml : end] = uniq[ml:] - n_tok
    pairs.len[base:end] = sizes
    pairs.off[base:end] = starts + log.n
    log.n += k
    loop.pcount.extend(counts)
    loop.queue_new(base, end, counts)


def merge_huge(loop: MergeLoop, pid: int, a: int, b: int, z: int, block: np.ndarray) -> int | None:
    """Merge pair ``pid`` = ``(a, b)`` into token ``z`` at the positions logged in ``block``
    (a view of the log); returns the weight merged, or None when the log block is not
    ascending (nothing done: the caller merges in one call)."""
    chosen = _select(loop, pid, a == b, block)
    if chosen is None:
        return None
    mark, nxt = loop.mark, loop.nxt
    for pos in chosen:
        mark[nxt[pos]] = 1
        mark[pos] = 2
    n_tok = len(loop.tok)
    new: list[_New] = []
    replaced = 0
    for pos in chosen:
        part, weight = _read(loop, pos, z, n_tok)
        new.append(part)
        replaced += weight
    for pos in chosen:
        _write(loop, pos, z)
    loop.pcount.data[pid] -= replaced
    loop.live -= sum(int(pos.size) for pos in chosen)
    _add(loop, z, n_tok, new)
    return replaced
