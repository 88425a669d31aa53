"""Encoding text whose pieces are nearly all new (Chinese, Japanese) a few characters at a time.

A merge can only ever produce a token of the vocabulary, at the place where that token's
bytes occur. So if no token of the vocabulary occurs in a piece *across* the character
boundary before byte ``q`` (starting before ``q`` and ending after it), no merge ever joins
the two sides, and the BPE of the piece is the BPE of the bytes before ``q`` followed by the
BPE of the bytes from ``q`` on (each side picks its own lowest-ranked merge, untouched by the
other). Cutting every piece at such boundaries turns a poem line that occurs once into
characters and short words that occur thousands of times: each distinct one is encoded
once, and the rest is a table lookup.

Whether a token can cross a boundary depends only on the bytes next to it. A token crossing
at its own character boundary ``i`` (a byte that is not a UTF-8 continuation byte) has a left
fragment ``f1`` (from its last lead byte before ``i``, or from its start, up to ``i``) and a
right fragment ``f2`` (from ``i`` up to its next lead byte, or its end). In valid UTF-8 text,
``f1 + f2`` equal to the bytes around the boundary is necessary for the token to occur there,
so a boundary is cut only when no ``(f1, f2)`` of the vocabulary matches: exact, never a guess.
The result equals :func:`bpe_engine.encode.batch.bpe_flat` (tests/engine/test_charcut.py).
"""

from __future__ import annotations

from itertools import count
from typing import Protocol

import numpy as np

from .batch import bpe_flat
from .rounds import rounds_exact
from .tables import EncoderTables

__all__ = ["CharIds", "CrossTable", "bpe_cut", "bpe_cut_joined", "char_ids", "cross_table", "worth_cutting"]

_SHORT = 7  # segments of at most this many bytes are told apart by one uint64 key
_PAD = 4
_HASH_BITS = 20
_WINDOW = 1 << 22  # bytes cut into segments at a time (temporaries of tens of MB, not GB)
_SEARCH = 1 << 16  # bytes searched at a time for a window's end


def _is_lead(raw: np.ndarray) -> np.ndarray:
    lead: np.ndarray = (raw & 0xC0) != 0x80
    return lead


def _windows(padded: np.ndarray, q: np.ndarray) -> np.ndarray:
    """The 8 bytes ``raw[q-4:q+4]`` of each position as a little-endian uint64 (byte
    ``raw[q-4+m]`` in bits ``8m`` to ``8m+7``; ``padded`` has ``_PAD`` bytes 0xFF on each side: a
    byte that never occurs in UTF-8): one gather from a view of every 8-byte window."""
    every = np.ndarray(shape=(padded.size - 7,), dtype="<u8", buffer=padded, strides=(1,))
    w: np.ndarray = every[q]  # padded index q is raw index q - 4
    return w


def _padded(raw: np.ndarray) -> np.ndarray:
    pad = np.full(_PAD, 0xFF, np.uint8)
    return np.concatenate((pad, raw, pad))


# A fragment pair (f1, f2) hashes to (value(f1) * _LEFT + value(f2) * _RIGHT) >> (64 - bits),
# modulo 2**64 (values: the fragments' bytes as little-endian integers): the terms of each
# fragment length are made once per call and shared by every shape that has that length.
_LEFT = np.uint64(0x9E3779B97F4A7C15)
_RIGHT = np.uint64(0xC2B2AE3D27D4EB4F)


def _left_term(w: np.ndarray, l1: int) -> np.ndarray:
    """``value(raw[q-l1:q]) * _LEFT`` of each window."""
    f1 = w >> np.uint64(8 * (4 - l1))
    f1 &= np.uint64((1 << (8 * l1)) - 1)
    f1 *= _LEFT
    return f1


def _right_term(high: np.ndarray, l2: int, out: np.ndarray | None = None) -> np.ndarray:
    """``value(raw[q:q+l2]) * _RIGHT`` of each window's upper half ``high`` (``w >> 32``)."""
    f2: np.ndarray = np.bitwise_and(high, np.uint64((1 << (8 * l2)) - 1), out=out)
    f2 *= _RIGHT
    return f2


def _slots(left: np.ndarray, right: np.ndarray) -> np.ndarray:
    """Slot indices (int64) of the fragment pairs whose terms are ``left`` and ``right``
    (in place of ``right``)."""
    right += left
    right >>= np.uint64(64 - _HASH_BITS)
    slots: np.ndarray = right.view(np.int64)
    return slots


class CrossTable:
    """The ``(f1, f2)`` fragments of every token that crosses a character boundary, as a
    hashed set per shape ``(len(f1), len(f2))``, and the pairs of bytes met at the boundary
    (a necessary condition that rules out most boundaries at once)."""

    def __init__(self, tables: EncoderTables) -> None:
        specials = tables.special_ids
        tokens = [b for i, b in enumerate(tables.id_bytes) if b is not None and len(b) > 1 and i not in specials]
        lengths = np.fromiter(map(len, tokens), dtype=np.int64, count=len(tokens))
        raw = np.frombuffer(b"".join(tokens), dtype=np.uint8)
        starts = np.zeros(len(tokens), dtype=np.int64)
        np.cumsum(lengths[:-1], out=starts[1:])
        q, l1, l2 = _boundaries(raw, starts, lengths)
        w = _windows(_padded(raw), q)
        self.byte_pairs = np.zeros(65536, dtype=bool)
        self.byte_pairs[raw[q - 1].astype(np.int64) << 8 | raw[q]] = True
        # Per shape, a hashed set of its fragment pairs: it may answer yes for a pair that is
        # not in it (the boundary is then kept, which is safe: about 1% of them), never no for
        # one that is.
        self.shapes: list[tuple[int, int, np.ndarray]] = []
        shape = l1 * 8 + l2
        high = w >> np.uint64(32)
        for code in np.unique(shape).tolist():
            a, b = divmod(code, 8)
            sel = shape == code
            member = np.zeros(1 << _HASH_BITS, dtype=bool)
            member[_slots(_left_term(w[sel], a), _right_term(high[sel], b))] = True
            self.shapes.append((a, b, member))


def _boundaries(raw: np.ndarray, starts: np.ndarray, lengths: np.ndarray) -> tuple[np.ndarray, ...]:
    """For byte strings laid end to end (``starts``/``lengths``): every character boundary
    inside one of them (a lead byte that does not start it), with the lengths of the
    fragments around it: back to the previous lead byte (or the start), on to the next lead
    byte (or the end). Fragments longer than 4 bytes (invalid UTF-8) are clipped to 4: a
    shorter fragment matches more boundaries, which is cautious, never wrong."""
    n = raw.size
    lead = _is_lead(raw)
    first = np.zeros(n, dtype=bool)
    first[starts[lengths > 0]] = True
    q = np.flatnonzero(lead & ~first)
    idx = np.arange(n, dtype=np.int64)
    mark = np.where(lead | first, idx, -1)
    prev_mark = np.maximum.accumulate(mark)  # last lead byte or string start at or before i
    l1 = q - prev_mark[q - 1]
    stop = np.zeros(n + 1, dtype=bool)  # lead bytes and string ends stop a right fragment
    stop[n] = True
    stop[:n] = lead
    stop[(starts + lengths)[lengths > 0]] = True
    stop_at = np.where(stop, np.arange(n + 1, dtype=np.int64), n)
    next_stop = np.minimum.accumulate(stop_at[::-1])[::-1]  # first stop at or after i
    l2 = next_stop[q + 1] - q
    return q, np.minimum(l1, 4), np.minimum(l2, 4)


def cross_table(tables: EncoderTables) -> CrossTable:
    """The :class:`CrossTable` of these tables (built on first use)."""
    return tables.derived("cross", CrossTable)


def worth_cutting(raw: np.ndarray) -> bool:
    """Mostly multi-byte characters: cutting pays (in ASCII text almost every boundary inside
    a word can be crossed, and pieces repeat anyway)."""
    return int(np.count_nonzero(raw >= 0xC0)) * 4 > raw.size


class DistinctEncoder(Protocol):
    """What :func:`bpe_cut` asks of an :class:`~.encoder.Encoder` (named here, not imported:
    the encoder calls this module)."""

    @property
    def tables(self) -> EncoderTables: ...
    def encode_distinct_packed(self, pieces: list[bytes]) -> list[bytes]:
        """Each piece's ids as native 32-bit integers (the encoder's cache entries)."""
        ...


def bpe_cut(encoder: DistinctEncoder, pieces: list[bytes]) -> tuple[np.ndarray, np.ndarray]:
    """All ids of ``pieces`` in order and how many each piece has; equal to ``bpe_flat``.

    Distinct segments go through ``encoder``'s piece cache (characters recur across calls).
    """
    if not pieces:
        return np.empty(0, dtype=np.int32), np.empty(0, dtype=np.int64)
    lengths = np.fromiter(map(len, pieces), dtype=np.int64, count=len(pieces))
    return bpe_cut_joined(encoder, b"".join(pieces), lengths)


def bpe_cut_joined(
    encoder: DistinctEncoder, joined: bytes, lengths: np.ndarray, chars: CharIds | None = None
) -> tuple[np.ndarray, np.ndarray]:
    """:func:`bpe_cut` of the pieces laid end to end in ``joined`` (valid UTF-8), ``lengths[k]``
    bytes for piece ``k`` (int64): no ``bytes`` object per piece. With ``chars`` (the
    :class:`CharIds` of ``encoder``'s tables), segments of one character take their ids from
    it instead of from ``encoder``."""
    if not lengths.size:
        return np.empty(0, dtype=np.int32), np.empty(0, dtype=np.int64)
    raw = np.frombuffer(joined, dtype=np.uint8)
    if raw.size > _WINDOW and worth_cutting(raw):
        return _in_windows(encoder, joined, lengths, chars)
    return _cut_joined(encoder, joined, raw, lengths, chars)


def _cut_after(t: CrossTable, raw: np.ndarray, pos: int, starts: np.ndarray) -> int:
    """The first boundary at or after ``pos`` that no token crosses (a piece start, or a
    character boundary :func:`_crossable` rules out), or the end: searched _SEARCH bytes at a time,
    each with the 8 bytes around it that decide (the windows of :func:`_windows`)."""
    n = int(raw.size)
    while pos < n:
        hi = min(pos + _SEARCH, n)
        first_start = int(starts.searchsorted(pos))
        if first_start < starts.size and starts[first_start] < hi:
            hi = int(starts[first_start])  # a piece start is a cut: none needed past it
            if hi == pos:
                return pos
        lo = max(pos - 8, 0)
        local = raw[lo : min(hi + 8, n)]
        q = np.flatnonzero(_is_lead(local[pos - lo : hi - lo])) + (pos - lo)
        q = q[q > 0]
        free = q[~_crossable(t, local, q)]
        if free.size:
            return int(free[0]) + lo
        if hi < min(pos + _SEARCH, n):
            return hi
        pos = hi
    return n


def _in_windows(
    encoder: DistinctEncoder, joined: bytes, lengths: np.ndarray, chars: CharIds | None
) -> tuple[np.ndarray, np.ndarray]:
    """:func:`bpe_cut_joined` of a long text ``_WINDOW`` bytes at a time, each window ending at a
    boundary no token crosses (so a piece split there encodes as its two parts): whole-text
    arrays of 50 MB of Chinese were gigabytes of fresh memory, which costs more to touch here
    than the work done in it."""
    raw = np.frombuffer(joined, dtype=np.uint8)
    n = int(raw.size)
    starts = np.zeros(lengths.size, dtype=np.int64)
    np.cumsum(lengths[:-1], out=starts[1:])
    ends = starts + lengths
    t = cross_table(encoder.tables)
    ids: list[np.ndarray] = []
    per_piece = np.zeros(lengths.size, dtype=np.int64)
    ws = 0
    while ws < n:
        we = n if ws + _WINDOW >= n else _cut_after(t, raw, ws + _WINDOW, starts)
        # The pieces this window holds a part of (an empty piece at the end: the last one).
        k0 = int(ends.searchsorted(ws, side="right")) if ws else 0
        k1 = int(starts.searchsorted(we, side="left")) if we < n else lengths.size
        part = np.minimum(ends[k0:k1], we) - np.maximum(starts[k0:k1], ws)
        window_ids, counts = _cut_joined(encoder, joined[ws:we], raw[ws:we], part, chars)
        ids.append(window_ids)
        per_piece[k0:k1] += counts
        ws = we
    return np.concatenate(ids), per_piece


def _cut_joined(
    encoder: DistinctEncoder, joined: bytes, raw: np.ndarray, lengths: np.ndarray, chars: CharIds | None
) -> tuple[np.ndarray, np.ndarray]:
    """:func:`bpe_cut_joined` of one window (``raw``: ``joined``'s bytes)."""
    if not worth_cutting(raw):
        ends = np.cumsum(lengths).tolist()
        pieces = list(map(joined.__getitem__, map(slice, [0, *ends[:-1]], ends)))
        return bpe_flat(encoder.tables, pieces)
    n = raw.size
    starts = np.zeros(lengths.size, dtype=np.int64)
    np.cumsum(lengths[:-1], out=starts[1:])

    # Segments: from each piece start and each boundary inside a piece that no token crosses.
    first = np.zeros(n, dtype=bool)
    first[starts[lengths > 0]] = True
    inner = _is_lead(raw)
    inner &= ~first
    q = np.flatnonzero(inner)
    cut = first.copy()
    cut[q[~_crossable(cross_table(encoder.tables), raw, q)]] = True
    seg_start = np.flatnonzero(cut)
    seg_len = np.diff(np.append(seg_start, n))

    # Single characters of the Basic Multilingual Plane (most segments) by code point; other
    # short segments by value (one uint64 each), long ones as they are.
    b0 = raw[seg_start].astype(np.int64)
    char_len = 1 + (b0 >= 0xC0) + (b0 >= 0xE0) + (b0 >= 0xF0)
    single = (seg_len == char_len) & (seg_len <= 3)
    tail = np.concatenate((raw, np.full(8, 0xFF, np.uint8)))
    cp = _code_points(tail, seg_start[single], b0[single], seg_len[single])
    single_ids, single_off, single_count = _single_ids(encoder, cp, chars)

    short = ~single & (seg_len <= _SHORT)
    s_start, s_len = seg_start[short], seg_len[short]
    v = np.zeros(s_start.size, dtype=np.uint64)
    for m in range(_SHORT):
        v <<= np.uint64(8)
        v |= tail[s_start + m].astype(np.uint64)
    v >>= (8 * (_SHORT - s_len)).astype(np.uint64)
    v |= s_len.astype(np.uint64) << np.uint64(56)
    uniq, inv = _distinct(v)
    texts = [int(k & 0xFFFFFFFFFFFFFF).to_bytes(int(k >> 56), "big") for k in uniq.tolist()]
    long_idx = np.flatnonzero(seg_len > _SHORT)
    long_texts = [joined[s : s + ln] for s, ln in zip(seg_start[long_idx].tolist(), seg_len[long_idx].tolist())]
    long_slot = dict(zip(dict.fromkeys(long_texts), count(uniq.size)))  # each distinct one once
    texts += long_slot

    # Every other distinct segment once (through the tokenizer's cache: they recur across
    # calls), then each segment's ids from the two tables laid end to end.
    encoded = encoder.encode_distinct_packed(texts) if texts else []
    text_counts = np.fromiter(map(len, encoded), dtype=np.int64, count=len(encoded)) >> 2
    text_off = single_ids.size + np.cumsum(text_counts) - text_counts
    table_ids = np.concatenate((single_ids, np.frombuffer(b"".join(encoded), dtype=np.int32)))
    which = np.empty(seg_start.size, dtype=np.int64)
    which[short] = inv
    which[long_idx] = np.fromiter(map(long_slot.__getitem__, long_texts), dtype=np.int64, count=long_idx.size)
    seg_off = np.empty(seg_start.size, dtype=np.int64)
    counts = np.empty(seg_start.size, dtype=np.int64)
    seg_off[single], counts[single] = single_off, single_count
    other = ~single
    seg_off[other], counts[other] = text_off[which[other]], text_counts[which[other]]
    total = int(counts.sum())
    out_off = np.cumsum(counts) - counts
    gather = np.repeat(seg_off - out_off, counts) + np.arange(total)
    ids = table_ids[gather]
    nonempty = np.flatnonzero(lengths > 0)
    piece_of = nonempty[np.cumsum(first[seg_start]) - 1]
    per_piece = np.bincount(piece_of, weights=counts, minlength=lengths.size).astype(np.int64)
    return ids, per_piece


def _distinct(keys: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``np.unique(keys, return_inverse=True)`` (sorted distinct keys, each key's index among
    them) by one argsort: ~half of ``np.unique``'s time on 50 000 keys."""
    order = np.argsort(keys, kind="stable")
    ordered = keys[order]
    new = np.empty(keys.size, dtype=bool)
    new[:1] = True
    np.not_equal(ordered[1:], ordered[:-1], out=new[1:])
    inverse = np.empty(keys.size, dtype=np.int64)
    inverse[order] = np.cumsum(new) - 1
    return ordered[new], inverse


def _crossable(t: CrossTable, raw: np.ndarray, q: np.ndarray) -> np.ndarray:
    """Which of the character boundaries ``q`` (lead bytes inside pieces) a token of ``t`` may
    cross (True also for a few it cannot: a hashed set's false yes keeps a boundary)."""
    crossable = np.zeros(q.size, dtype=bool)
    maybe = np.flatnonzero(t.byte_pairs[raw[q - 1].astype(np.int64) << 8 | raw[q]])
    if not maybe.size:
        return crossable
    w = _windows(_padded(raw), q[maybe])
    high = w >> np.uint64(32)
    hit = np.zeros(maybe.size, dtype=bool)
    scratch = np.empty(maybe.size, dtype=np.uint64)
    left, left_length = w, 0
    # subtle: one left term at a time (the shapes come sorted by it) and the rest in place: a
    # term per fragment length kept at once (up to eight arrays of 8 bytes per boundary) made
    # fresh pages on every call, which cost more than computing the right terms again.
    for l1, l2, member in t.shapes:
        if l1 != left_length:
            left, left_length = _left_term(w, l1), l1
        hit |= member[_slots(left, _right_term(high, l2, scratch))]
    crossable[maybe[hit]] = True
    return crossable


def _code_points(tail: np.ndarray, s1: np.ndarray, b0: np.ndarray, n1: np.ndarray) -> np.ndarray:
    """The code points of the characters of ``n1`` (1-3) bytes at ``s1`` (lead bytes ``b0``;
    ``tail``: the bytes with 8 more after them): decoded as if each had 3 bytes, then the
    bytes it does not have shifted away (each adds less than one 6-bit step)."""
    lead_bits = np.array([0, 0x7F, 0x1F, 0x0F], dtype=np.int64)[n1]
    cp: np.ndarray = (b0 & lead_bits) << 12
    cp |= (tail[s1 + 1].astype(np.int64) & 0x3F) << 6
    cp |= tail[s1 + 2] & 0x3F
    cp >>= 6 * (3 - n1)
    return cp


def _single_ids(encoder: DistinctEncoder, cp: np.ndarray, chars: CharIds | None) -> tuple[np.ndarray, ...]:
    """Ids of the characters ``cp``: a table of ids, and each character's offset and count of
    ids in it (``chars``'s, or their distinct ones through ``encoder``)."""
    if chars is not None:
        return chars.ids, chars.offset[cp], chars.count[cp]
    present = np.zeros(0x10000, dtype=bool)
    present[cp] = True
    distinct = np.flatnonzero(present)
    encoded = encoder.encode_distinct_packed([chr(c).encode("utf-8") for c in distinct.tolist()])
    per_char = np.fromiter(map(len, encoded), dtype=np.int64, count=len(encoded)) >> 2
    slot = np.zeros(0x10000, dtype=np.int64)
    slot[distinct] = np.arange(distinct.size)
    at = slot[cp]
    ids = np.frombuffer(b"".join(encoded), dtype=np.int32)
    return ids, (np.cumsum(per_char) - per_char)[at], per_char[at]


class CharIds:
    """The ids the merges alone give each character of one to three UTF-8 bytes (every code
    point below U+10000 but the surrogates): what :func:`bpe_cut_joined` would get from its
    encoder for a segment that is one such character, as dense tables by code point.

    Exact: a segment is no piece, so its ids are its bytes merged, never a token taken whole
    (the encoders :func:`bpe_cut` is called with merge segments so: ``_MergeOnly``, or the piece
    cache of tables whose whole tokens are what the merges make); :func:`~.batch.bpe_flat` is
    those merges wherever :func:`~.rounds.rounds_exact` holds, and :func:`char_ids` makes no
    table elsewhere. 63 488 characters of 1-3 bytes: ~10 ms once per tables.
    """

    def __init__(self, tables: EncoderTables) -> None:
        cps = np.arange(0x10000)
        cps = cps[(cps < 0xD800) | (cps > 0xDFFF)]
        flat, counts = bpe_flat(tables, [chr(c).encode("utf-8") for c in cps.tolist()])
        #: Ids per code point (surrogates: none), at ``offset[cp]``, ``count[cp]`` of them.
        self.count = np.zeros(0x10000, dtype=np.int64)
        self.count[cps] = counts
        self.offset = np.zeros(0x10000, dtype=np.int64)
        self.offset[cps] = np.cumsum(counts) - counts
        self.ids = flat.astype(np.int32, copy=False)


def char_ids(tables: EncoderTables) -> CharIds | None:
    """The :class:`CharIds` of these tables (built on first use), or None where the vectorised
    merge is not exact for them."""
    return tables.derived("char_ids", CharIds) if rounds_exact(tables) else None
