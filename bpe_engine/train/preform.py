"""The first merges of a multi-byte corpus made on its distinct characters, not its positions.

On Chinese the first few hundred merges join the bytes of characters (10 MB: 7.3 million
byte positions, 3.4 million of them touched by the first 500 merges, a third of the merging
time). Those merges are taken here from a small merge loop over the corpus's distinct
*segments* (a byte that is not a UTF-8 continuation byte, with the continuation bytes that
follow it; at most 4 bytes), each weighted by how often it occurs; the big loop then starts
from the corpus with those merges made (:meth:`MergeLoop.from_words`), one position per
token instead of one per byte.

Why this gives exactly the merges of the plain loop: a pair whose right token starts with a
continuation byte lies inside a segment (an *inner* pair), any other pair spans the boundary
of two segments (a *cross* pair). As long as only inner pairs are merged, an inner pair's
count is the same in the corpus and in the loop over segments (both count the same
occurrences: no occurrence crosses a boundary). A merge is taken from the small loop only
while its count is strictly above the highest count of any cross pair at that moment,
computed exactly from the distinct neighbouring segment pairs (the tokens at the end of one
segment and the start of the next); so no cross pair can win or tie. Among inner pairs the
order (count, then the tie-break key) is the same in both loops; two pairs with the same
count *and* the same bytes (told apart only by the loops' internal pair ids) stop this
early. Merge ``k``'s ``tied`` partner is an inner pair too, for the same reason.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from ..kinds import TieBreak
from .merge_state import _SLICE
from .merging import MergeLoop, WordSlices

__all__ = ["Preformed", "preform"]

_MAX_SEGMENT = 4  # UTF-8 characters; longer runs of continuation bytes: no preforming
_LENGTH_MASK = np.array([0, 0xFF, 0xFFFF, 0xFFFFFF, 0xFFFFFFFF], dtype=np.uint32)  # by segment length
_MAX_BOUND_CHECKS = 64  # exact recounts of the cross pairs before giving up
# At most this many tokens (merges made ahead stop there): a recount counts n_tok ** 2 codes
# in a table (32 MB of them), and the loop built after it counts its pairs the same way.
_MAX_TOKENS = 2048

# One merge made ahead: left, right, new token, count, replaced, the tied pair's tokens.
PreMerge = tuple[int, int, int, int, int, "tuple[int, int] | None"]


@dataclass
class Preformed:
    """The merges made on the segments and what it takes to build the big loop after any
    number of them (``loop(r)``: after the first ``r``)."""

    merges: list[PreMerge]
    segments: list[bytes]  # distinct segments
    occurrence: np.ndarray  # per segment occurrence, in corpus order: its distinct segment
    word_segments: np.ndarray  # per word: how many segment occurrences it has
    counts: np.ndarray  # per word: its count
    tie_break: TieBreak | str
    total_bytes: int  # sum over words of length * count (the tokens before any merge)
    # Each segment's tokens after all of `merges` (concatenated, int32) and how many each has.
    final: tuple[np.ndarray, np.ndarray] | None = None

    def loop(self, r: int) -> MergeLoop:
        """The merge loop of the corpus after the first ``r`` of :attr:`merges`."""
        rank = {(a, b): i for i, (a, b, *_) in enumerate(self.merges[:r])}
        tok = [bytes([i]) for i in range(256)]
        for a, b, *_ in self.merges[:r]:
            tok.append(tok[a] + tok[b])
        if r == len(self.merges) and self.final is not None:
            flat, n_tok = self.final  # the small loop's own segmentation: no re-encoding
        else:
            pieces = [_encode(s, rank) for s in self.segments]
            n_tok = np.array([len(p) for p in pieces], dtype=np.int32)
            flat = np.array([t for p in pieces for t in p], dtype=np.int32)
        seg_off = np.zeros(n_tok.size, dtype=np.int32)
        np.cumsum(n_tok[:-1], out=seg_off[1:])
        # subtle: int32 throughout (millions of positions; the loop built next is the peak)
        occ_n = n_tok[self.occurrence]
        total = int(occ_n.sum(dtype=np.int64))
        occ_first = np.zeros(occ_n.size, dtype=np.int32)
        np.cumsum(occ_n[:-1], out=occ_first[1:])
        # Output position k of occurrence o reads flat[seg_off[seg] + (k - occ_first[o])].
        shift = seg_off[self.occurrence]
        shift -= occ_first
        del occ_first
        at = np.repeat(shift, occ_n)
        del shift
        at += np.arange(total, dtype=np.int32)
        ids = flat[at]
        del at
        word_first = np.zeros(self.word_segments.size, dtype=np.int64)
        np.cumsum(self.word_segments[:-1], out=word_first[1:])
        lens = np.add.reduceat(occ_n, word_first, dtype=np.int64) if occ_n.size else np.zeros(0, dtype=np.int64)
        del occ_n
        return MergeLoop.from_words(ids, lens, self.counts, tok, 256, self.tie_break)


def _encode(segment: bytes, rank: Mapping[tuple[int, int], int]) -> list[int]:
    """``segment`` after the merges of ``rank`` (lowest rank first: the same as making them in
    order; a segment has at most 4 bytes)."""
    ids = list(segment)
    while len(ids) > 1:
        best = min(range(len(ids) - 1), key=lambda i: rank.get((ids[i], ids[i + 1]), 1 << 62))
        z = rank.get((ids[best], ids[best + 1]))
        if z is None:
            break
        ids[best : best + 2] = [256 + z]
    return ids


def _unpack(code: int) -> bytes:
    """The bytes of a segment code (byte i << 8 i): every byte after the first is a
    continuation byte, never 0, so the length is where the zeros start."""
    raw = code.to_bytes(4, "little")
    return raw[:1] + raw[1:].rstrip(b"\0")


class _SegmentTable:
    """An open-addressing hash table of segment codes (``uint32``) -> their index in order
    of insertion, probed with NumPy: a few thousand distinct codes, so the table (2x as many
    slots, a power of two) stays in the cache, and a lookup of millions of codes is a few
    vectorised passes (4-5x faster than a binary search of the sorted codes on Chinese)."""

    def __init__(self) -> None:
        self.codes: list[int] = []
        # subtle: room for 16 384 codes from the start (256 KB; 10 MB of Chinese has 10 650):
        # growing from 4 096 slots re-inserted 14 000 codes, one Python call each (~8 ms)
        self._grow(1 << 15)

    def _grow(self, size: int) -> None:
        self.bits = size.bit_length() - 1
        self.slot_code = np.zeros(size, dtype=np.uint32)
        self.slot_id = np.full(size, -1, dtype=np.int32)
        for i, c in enumerate(self.codes):
            self._put(c, i)

    def _put(self, code: int, index: int) -> None:
        mask = self.slot_id.size - 1
        h = ((code * _HASH) & 0xFFFFFFFF) >> (32 - self.bits)
        while self.slot_id[h] >= 0:
            h = (h + 1) & mask
        self.slot_code[h] = code
        self.slot_id[h] = index

    def add(self, codes: Sequence[int]) -> None:
        for c in codes:
            self.codes.append(c)
            if 2 * len(self.codes) > self.slot_id.size:
                self._grow(2 * self.slot_id.size)  # re-inserts every code, this one included
            else:
                self._put(c, len(self.codes) - 1)

    def find(self, code: np.ndarray) -> np.ndarray:
        """Each code's index, -1 where it is not in the table (linear probing, the
        unresolved codes only, until each meets its code or an empty slot)."""
        mask = np.uint32(self.slot_id.size - 1)
        h = (code * np.uint32(_HASH)) >> np.uint32(32 - self.bits)
        found: np.ndarray = self.slot_id[h]
        todo = np.flatnonzero((found >= 0) & (self.slot_code[h] != code))
        while todo.size:
            h[todo] = (h[todo] + np.uint32(1)) & mask
            got = self.slot_id[h[todo]]
            found[todo] = got
            todo = todo[(got >= 0) & (self.slot_code[h[todo]] != code[todo])]
        return found


_HASH = 0x9E3779B1  # Fibonacci hashing: the top bits of code * 2**32 / golden ratio
# More distinct segments than this (text of every script, or bytes that are not UTF-8): the
# table's inserts, one Python call each, would cost more than a binary search saves.
_MAX_TABLE = 1 << 16


def _index_segments(code: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The distinct codes (sorted) and each code's index among them.

    subtle: a slice at a time, so that a GUI thread gets the GIL back every few milliseconds
    (the app trains in a thread beside its window); a slice's codes not yet seen (rare after
    the first slices) are added to the table, then looked up again."""
    table = _SegmentTable()
    occurrence = np.empty(code.size, dtype=np.int32)
    step = 4 * _SLICE
    for i in range(0, code.size, step):
        part = code[i : i + step]
        found = table.find(part)
        missing = found < 0
        if missing.any():
            new = _sorted_distinct(part[missing])  # (np.unique would import numpy.ma: ~7 ms)
            if len(table.codes) + new.size > _MAX_TABLE:
                return _index_segments_sorted(code)
            table.add(new.tolist())
            found[missing] = table.find(part[missing])
        occurrence[i : i + step] = found
    # Sorted order, as the segments are numbered elsewhere (independent of the slices).
    inserted = np.array(table.codes, dtype=np.uint32)
    order = np.argsort(inserted)
    rank = np.empty(order.size, dtype=np.int32)
    rank[order] = np.arange(order.size, dtype=np.int32)
    for i in range(0, code.size, step):
        occurrence[i : i + step] = rank[occurrence[i : i + step]]
    return inserted[order], occurrence


def _index_segments_sorted(code: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """:func:`_index_segments` for many distinct codes: their sorted list, then a binary
    search each (a slice at a time)."""
    step = 4 * _SLICE
    distinct = _sorted_distinct(
        np.concatenate([_sorted_distinct(code[i : i + step]) for i in range(0, code.size, step)])
    )
    occurrence = np.empty(code.size, dtype=np.int32)
    for i in range(0, code.size, step):
        occurrence[i : i + step] = np.searchsorted(distinct, code[i : i + step])
    return distinct, occurrence


def _sorted_distinct(values: np.ndarray) -> np.ndarray:
    # subtle: not np.unique, whose hashing (NumPy 2.3) took 6 s for 3 million random codes
    values = np.sort(values)
    keep = np.ones(values.size, dtype=bool)
    np.not_equal(values[1:], values[:-1], out=keep[1:])
    return values[keep]


def _segment_codes(words: WordSlices) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
    """Each segment occurrence's code (its bytes, little-endian, in a ``uint32``), each
    word's number of segments and its length; None to decline (see :func:`preform`).

    subtle: a slice of words at a time (joining the 7 MB of 10 MB of Chinese's distinct words
    in one call, or one reduceat over them, held the GIL 60-130 ms)."""
    parts: list[tuple[np.ndarray, np.ndarray, np.ndarray]] = []
    continuation = size = 0
    all_lengths = words.lengths()
    at = 0
    for raw, k in words.data():
        lengths = all_lengths[at : at + k]
        at += k
        if not lengths.all():
            return None
        head = (raw & 0xC0) != 0x80  # bytes that are not UTF-8 continuation bytes
        continuation += raw.size - int(np.count_nonzero(head))
        size += raw.size
        parts.append((raw, lengths, head))
    if not size or continuation * 8 < size:
        # Few continuation bytes (English with a few accents): cross pairs win from the start,
        # so save the work (declining is always exact: the plain loop makes these merges).
        return None
    codes: list[np.ndarray] = []
    per_word: list[np.ndarray] = []
    for raw, lengths, head in parts:
        starts = np.zeros(lengths.size, dtype=np.int64)
        np.cumsum(lengths[:-1], out=starts[1:])
        head[starts] = True  # a word's first byte starts a segment, whatever it is
        seg_pos = np.flatnonzero(head)
        del head
        # Segments per word: where each word's first segment is among them (no pass over the bytes).
        per_word.append(np.diff(np.searchsorted(seg_pos, starts), append=seg_pos.size))
        seg_len = np.diff(seg_pos, append=raw.size)
        if int(seg_len.max()) > _MAX_SEGMENT:
            return None
        # Each segment's code: the 4 bytes at its start, read as one little-endian uint32
        # (a strided view at every byte offset), masked to its length.
        padded = np.zeros(raw.size + 3, dtype=np.uint8)
        padded[: raw.size] = raw
        at_byte = np.ndarray((raw.size,), dtype="<u4", buffer=padded, strides=(1,))
        code = at_byte[seg_pos]
        code &= _LENGTH_MASK[seg_len]
        codes.append(code.astype(np.uint32, copy=False))
    lens = [lengths for _, lengths, _ in parts]
    return np.concatenate(codes), np.concatenate(per_word), np.concatenate(lens)


def preform(groups: Sequence[Mapping[bytes, int]], tie_break: TieBreak | str) -> Preformed | None:
    """The merges that provably come first and join bytes of the same segment, or None when
    there are none (no multi-byte characters, or a cross pair counts as much from the start)."""
    words = WordSlices(groups)
    counts = words.counts()
    if not counts.size:
        return None
    found = _segment_codes(words)
    del words
    if found is None:
        return None
    code, word_segments, lengths = found
    total_bytes = int((lengths * counts).sum())
    distinct, occurrence = _index_segments(code)
    del code
    segments = [_unpack(int(c)) for c in distinct.tolist()]
    occ_weight = np.repeat(counts, word_segments)
    seg_weight = np.bincount(occurrence, weights=occ_weight, minlength=distinct.size).astype(np.int64)
    # Neighbouring segments of the same word: one cross pair each.
    same = np.ones(occurrence.size, dtype=bool)
    same[np.cumsum(word_segments) - 1] = False  # a word's last segment has no right neighbour
    left_at = np.flatnonzero(same)
    del same
    neighbours = (occurrence[left_at], occurrence[left_at + 1], occ_weight[left_at].astype(np.float64))
    del left_at, occ_weight
    merges, final = _inner_merges(segments, seg_weight, *neighbours, tie_break)
    del neighbours
    if not merges:
        return None
    return Preformed(merges, segments, occurrence, word_segments, counts, tie_break, total_bytes, final)


def _inner_merges(
    segments: list[bytes],
    weights: np.ndarray,
    left_seg: np.ndarray,
    right_seg: np.ndarray,
    pair_weight: np.ndarray,
    tie_break: TieBreak | str,
) -> tuple[list[PreMerge], tuple[np.ndarray, np.ndarray]]:
    """Merge the segments (as words of a small loop) while the best pair's count is above
    every cross pair's (see the module's docstring); the merges, and each segment's tokens
    after them (concatenated) with how many each has."""
    loop = MergeLoop([dict(zip(segments, weights.tolist()))], tie_break)
    ends = loop.word_start + loop.word_len - 1  # a segment's last position (live until merged away)

    def cross_max() -> int:
        live_end = ends.copy()
        # The last live position of each segment: its tokens are at most 4 positions.
        for _ in range(_MAX_SEGMENT):
            dead = loop.sym[live_end] < 0
            if not dead.any():
                break
            live_end[dead] -= 1
        n_tok = len(loop.tok)
        last = loop.sym[live_end] * np.int32(n_tok)  # n_tok <= _MAX_TOKENS: no overflow
        codes = last[left_seg]
        codes += loop.sym[loop.word_start][right_seg]
        if not codes.size:
            return 0
        return int(np.bincount(codes, weights=pair_weight).max())

    merges: list[PreMerge] = []
    bound = cross_max()
    checks = 1
    while True:
        top = loop.peek_best()
        if top is None or len(loop.tok) >= _MAX_TOKENS:
            break
        if top[1] <= bound:
            if checks >= _MAX_BOUND_CHECKS:
                break
            bound = cross_max()
            checks += 1
            if top[1] <= bound:
                break
        best = loop.pop_best()
        assert best is not None
        pid, count, tied = best
        a, b = loop.pair(pid)
        tied_pair = None if tied is None else loop.pair(tied)
        if tied_pair is not None and (loop.tok[tied_pair[0]], loop.tok[tied_pair[1]]) == (loop.tok[a], loop.tok[b]):
            break  # two pairs of the same bytes: only the loops' internal pair ids would tell them apart
        z, replaced = loop.merge(pid)
        merges.append((a, b, z, count, replaced, tied_pair))
    ids, lens = loop.export_words()  # the words are the segments, in their order
    return merges, (ids.astype(np.int32), lens.astype(np.int32))
