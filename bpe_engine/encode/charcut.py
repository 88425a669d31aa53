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

from typing import Protocol

import numpy as np

from .._arrays import hash_keys
from .batch import bpe_flat
from .tables import EncoderTables

__all__ = ["CrossTable", "bpe_cut", "bpe_cut_joined", "cross_table", "worth_cutting"]

_SHORT = 7  # segments of at most this many bytes are told apart by one uint64 key
_PAD = 4
_HASH_BITS = 20


def _is_lead(raw: np.ndarray) -> np.ndarray:
    lead: np.ndarray = (raw & 0xC0) != 0x80
    return lead


def _windows(padded: np.ndarray, q: np.ndarray) -> np.ndarray:
    """The 8 bytes ``raw[q-4:q+4]`` of each position as a big-endian uint64 (``padded`` has
    ``_PAD`` bytes 0xFF on each side: a byte that never occurs in UTF-8)."""
    w = np.zeros(q.size, dtype=np.uint64)
    for m in range(8):
        w <<= np.uint64(8)
        w |= padded[q + m].astype(np.uint64)  # padded index q + m is raw index q - 4 + m
    return w


class CrossTable:
    """The ``(f1, f2)`` fragments of every token that crosses a character boundary, as
    sorted uint64 keys per shape ``(len(f1), len(f2))``, and the pairs of bytes met at the
    boundary (a necessary condition that rules out most boundaries at once)."""

    def __init__(self, tables: EncoderTables) -> None:
        specials = tables.special_ids
        tokens = [b for i, b in enumerate(tables.id_bytes) if b is not None and len(b) > 1 and i not in specials]
        lengths = np.fromiter(map(len, tokens), dtype=np.int64, count=len(tokens))
        raw = np.frombuffer(b"".join(tokens), dtype=np.uint8)
        starts = np.zeros(len(tokens), dtype=np.int64)
        np.cumsum(lengths[:-1], out=starts[1:])
        q, l1, l2 = _boundaries(raw, starts, lengths)
        padded = np.concatenate((np.full(_PAD, 0xFF, np.uint8), raw, np.full(_PAD, 0xFF, np.uint8)))
        w = _windows(padded, q)
        self.byte_pairs = np.zeros(65536, dtype=bool)
        self.byte_pairs[raw[q - 1].astype(np.int64) << 8 | raw[q]] = True
        # Per shape, a hashed set of its keys: it may answer yes for a key that is not in it
        # (the boundary is then kept, which is safe: about 1% of them), never no for one that is.
        self.shapes: list[tuple[int, int, np.ndarray]] = []
        shape = l1 * 8 + l2
        for code in np.unique(shape).tolist():
            a, b = divmod(code, 8)
            sel = shape == code
            member = np.zeros(1 << _HASH_BITS, dtype=bool)
            member[hash_keys(_shape_keys(w[sel], a, b), _HASH_BITS)] = True
            self.shapes.append((a, b, member))


def _shape_keys(w: np.ndarray, l1: int, l2: int) -> np.ndarray:
    """Bytes ``raw[q-l1:q+l2]`` of each window, as integers."""
    keys = w >> np.uint64(8 * (4 - l2))
    if l1 + l2 < 8:
        keys &= np.uint64((1 << (8 * (l1 + l2))) - 1)
    return keys


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


def bpe_cut_joined(encoder: DistinctEncoder, joined: bytes, lengths: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """:func:`bpe_cut` of the pieces laid end to end in ``joined``, ``lengths[k]`` bytes for
    piece ``k`` (int64): no ``bytes`` object per piece."""
    if not lengths.size:
        return np.empty(0, dtype=np.int32), np.empty(0, dtype=np.int64)
    raw = np.frombuffer(joined, dtype=np.uint8)
    if not worth_cutting(raw):
        ends = np.cumsum(lengths).tolist()
        pieces = list(map(joined.__getitem__, map(slice, [0, *ends[:-1]], ends)))
        return bpe_flat(encoder.tables, pieces)
    t = cross_table(encoder.tables)
    n = raw.size
    starts = np.zeros(lengths.size, dtype=np.int64)
    np.cumsum(lengths[:-1], out=starts[1:])

    # Boundaries inside pieces that some token could cross.
    inner = _is_lead(raw)
    inner[starts[lengths > 0]] = False
    q = np.flatnonzero(inner)
    crossable = np.zeros(q.size, dtype=bool)
    maybe = t.byte_pairs[raw[q - 1].astype(np.int64) << 8 | raw[q]]
    qm = q[maybe]
    if qm.size:
        padded = np.concatenate((np.full(_PAD, 0xFF, np.uint8), raw, np.full(_PAD, 0xFF, np.uint8)))
        w = _windows(padded, qm)
        hit = np.zeros(qm.size, dtype=bool)
        for l1, l2, member in t.shapes:
            hit |= member[hash_keys(_shape_keys(w, l1, l2), _HASH_BITS)]
        crossable[np.flatnonzero(maybe)[hit]] = True

    # Segments: from each piece start and each boundary no token crosses.
    first = np.zeros(n, dtype=bool)
    first[starts[lengths > 0]] = True
    cut = first.copy()
    cut[q[~crossable]] = True
    seg_start = np.flatnonzero(cut)
    seg_len = np.diff(np.append(seg_start, n))

    # Distinct segments: single characters of the Basic Multilingual Plane by code point (a
    # dense table, no sorting: they are most segments), other short ones by value (one uint64
    # each), long ones as they are.
    b0 = raw[seg_start].astype(np.int64)
    char_len = 1 + (b0 >= 0xC0) + (b0 >= 0xE0) + (b0 >= 0xF0)
    single = (seg_len == char_len) & (seg_len <= 3)
    s1 = seg_start[single]
    tail = np.concatenate((raw, np.full(8, 0xFF, np.uint8)))
    n1 = seg_len[single]
    # The code point of a 1-3 byte character: decode as if it had 3 bytes, then shift away
    # the bytes it does not have (each adds less than one 6-bit step).
    lead_bits = np.array([0, 0x7F, 0x1F, 0x0F], dtype=np.int64)[n1]
    cp = (b0[single] & lead_bits) << 12
    cp |= (tail[s1 + 1].astype(np.int64) & 0x3F) << 6
    cp |= tail[s1 + 2] & 0x3F
    cp >>= 6 * (3 - n1)
    present = np.zeros(0x10000, dtype=bool)
    present[cp] = True
    chars = np.flatnonzero(present)
    slot = np.zeros(0x10000, dtype=np.int64)
    slot[chars] = np.arange(chars.size)
    texts = [chr(c).encode("utf-8") for c in chars.tolist()]

    short = ~single & (seg_len <= _SHORT)
    s_start, s_len = seg_start[short], seg_len[short]
    v = np.zeros(s_start.size, dtype=np.uint64)
    for m in range(_SHORT):
        v <<= np.uint64(8)
        v |= tail[s_start + m].astype(np.uint64)
    v >>= (8 * (_SHORT - s_len)).astype(np.uint64)
    v |= s_len.astype(np.uint64) << np.uint64(56)
    uniq, inv = np.unique(v, return_inverse=True)
    texts += [int(k & 0xFFFFFFFFFFFFFF).to_bytes(int(k >> 56), "big") for k in uniq.tolist()]
    long_idx = np.flatnonzero(seg_len > _SHORT)
    texts += [joined[s : s + ln] for s, ln in zip(seg_start[long_idx].tolist(), seg_len[long_idx].tolist())]

    # Every distinct segment once (through the tokenizer's cache: characters recur across
    # calls), then each segment's ids from the table.
    encoded = encoder.encode_distinct_packed(texts)
    table_counts = np.fromiter(map(len, encoded), dtype=np.int64, count=len(encoded)) >> 2
    table_ids = np.frombuffer(b"".join(encoded), dtype=np.int32)
    which = np.empty(seg_start.size, dtype=np.int64)
    which[single] = slot[cp]
    which[short] = chars.size + inv.reshape(-1)
    which[long_idx] = chars.size + uniq.size + np.arange(long_idx.size)
    table_off = np.zeros(len(texts), dtype=np.int64)
    np.cumsum(table_counts[:-1], out=table_off[1:])
    counts = table_counts[which]
    total = int(counts.sum())
    out_off = np.cumsum(counts) - counts
    gather = np.repeat(table_off[which] - out_off, counts) + np.arange(total)
    ids = table_ids[gather]
    nonempty = np.flatnonzero(lengths > 0)
    piece_of = nonempty[np.cumsum(first[seg_start]) - 1]
    per_piece = np.bincount(piece_of, weights=counts, minlength=lengths.size).astype(np.int64)
    return ids, per_piece
