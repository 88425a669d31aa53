"""Counting GPT-2 pieces without a Python object per piece.

Counting with ``regex.findall`` and a ``Counter`` costs two Python objects and a dict update
per piece (45 ns per byte of English). Here, for the GPT-2 pattern on ASCII bytes (the
corpus itself, or the ASCII stand-ins of :func:`bpe_engine.pretokenize.stand_in_table`):

1. :func:`gpt2_starts` finds where pieces begin with a dozen NumPy passes over byte classes,
   the pattern's rules written out (tested against the pattern on every kind of text);
2. :func:`pack` turns each piece of at most 31 bytes into exact integer keys (its bytes and
   its length, no hashing: two keys are equal exactly when the pieces are), longer pieces
   stay bytes;
3. :class:`KeyCounter` counts keys with ``np.unique`` and keeps the totals as arrays; only
   the distinct pieces become ``bytes`` at the end.

About 3x faster than findall + Counter; the pieces and counts are the same.
"""

from __future__ import annotations

import zlib
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from typing import NamedTuple

import numpy as np
import regex

__all__ = ["KeyCounter", "KeyedMerger", "KeyedPart", "KeyedPieces", "crc32_of_keys", "gpt2_starts", "pack"]

# Byte classes: letters, digits, other, the space, other whitespace, special-token bytes.
_L, _N, _O, _SP, _WS, _X = 0, 1, 2, 3, 4, 5


def _classes() -> np.ndarray:
    table = np.full(256, _O, dtype=np.uint8)
    for c in range(128):  # read off the regex module, as the ASCII twins are
        ch = chr(c)
        if regex.fullmatch(r"\p{L}", ch):
            table[c] = _L
        elif regex.fullmatch(r"\p{N}", ch):
            table[c] = _N
        elif regex.fullmatch(r"\s", ch):
            table[c] = _SP if ch == " " else _WS
    return table


_CLASS = _classes()
# Run kind of each class: whitespace runs join the space and other whitespace.
_KIND = np.array([_L, _N, _O, _SP, _SP, _X], dtype=np.uint8)
_APOSTROPHE = ord("'")
_SHORT = frozenset(b"sdmt")  # contractions: 's 'd 'm 't, then 'll 've 're
_LONG = frozenset((ord(x), ord(y)) for x, y in ("ll", "ve", "re"))


def gpt2_starts(data: np.ndarray, specials: Sequence[tuple[int, int]] = ()) -> tuple[np.ndarray, np.ndarray]:
    """``(starts, ends)`` of the pieces of ``data`` (ASCII bytes as ``uint8``) under the
    GPT-2 pattern, the text between the ``specials`` spans (special tokens, left out) and the
    ends of ``data`` each counting as a whole text (what ``findall`` sees).

    The pattern ``'(?:[sdmt]|ll|ve|re)| ?\\p{L}++| ?\\p{N}++| ?[^\\s\\p{L}\\p{N}]++|\\s++$|\\s+(?!\\S)|\\s``
    on ASCII, rule by rule:

    - letters, digits and other characters form runs of one class each (possessive);
    - a space right before such a run joins it (`` ?``);
    - a whitespace run before a non-space piece gives all but its last character as one
      piece (``\\s+(?!\\S)``); its last character joins the next run if it is a space, or is a
      piece alone; a whitespace run at the end of a text is one piece (``\\s++$``);
    - ``'s 'd 'm 't 'll 've 're`` are pieces where a piece may begin (after a letter, a digit,
      whitespace other than a space, or at the start of a text), and a piece begins after them.
    """
    size = int(data.size)
    cls = _CLASS[data]
    for s, e in specials:
        cls[s:e] = _X
    kind = _KIND[cls]
    start = np.empty(size, dtype=bool)
    if not size:
        return np.empty(0, dtype=np.intp), np.empty(0, dtype=np.intp)
    start[0] = True
    np.not_equal(kind[1:], kind[:-1], out=start[1:])
    is_ws = kind == _SP
    # next_word[i]: the byte after i is a letter, digit or other character.
    next_word = np.zeros(size, dtype=bool)
    np.less_equal(kind[1:], _O, out=next_word[:-1])
    # The last character of a whitespace run of two or more before a word begins a piece.
    last_ws = is_ws & next_word
    start[1:] |= last_ws[1:] & is_ws[:-1]
    # A space before a word joins it: the word's first byte begins no piece.
    attach = last_ws & (cls == _SP)
    start[1:] &= ~attach[:-1]
    # Contractions.
    for c in np.flatnonzero(data == _APOSTROPHE).tolist():
        if c + 1 >= size or cls[c] == _X:
            continue
        before = cls[c - 1] if c else _X
        if before == _O or before == _SP:
            continue  # inside a run of other characters, or after a space that took the quote
        b1 = int(data[c + 1])
        if cls[c + 1] == _X:
            continue
        if b1 in _SHORT:
            k = 2
        elif c + 2 < size and cls[c + 2] != _X and (b1, int(data[c + 2])) in _LONG:
            k = 3
        else:
            continue
        start[c + 1 : c + k] = False
        if c + k < size:
            start[c + k] = True
    starts = np.flatnonzero(start)
    ends = np.empty_like(starts)
    ends[:-1] = starts[1:]
    ends[-1] = size
    if specials:
        keep = cls[starts] != _X
        starts, ends = starts[keep], ends[keep]
    return starts, ends


# Keys: a piece of k <= 7 bytes is its bytes as a little-endian integer with k in the top
# byte (which its bytes never reach); longer ones, up to 31 bytes, are rows of 2 to 4 such
# integers: the first eight bytes whole in each but the last, which holds the rest and
# their count. Pieces of different lengths land in different rows or differ in a top byte.
_MASK = np.array([(1 << (8 * k)) - 1 for k in range(8)], dtype=np.uint64)
_TAG = np.array([k << 56 for k in range(8)], dtype=np.uint64)
WIDTHS = (1, 2, 3, 4)
_MAX_KEYED = 8 * WIDTHS[-1] - 1
_RAW = 1 << 15  # keys gathered before a sort (256 KiB)


def pack(raw: bytes, starts: np.ndarray, ends: np.ndarray) -> tuple[list[np.ndarray], list[bytes]]:
    """Keys of the pieces ``raw[s:e]``: one array per width of :data:`WIDTHS` (1-D for one
    word, ``(n, w)`` rows otherwise), and the longer pieces as bytes."""
    padded = raw + bytes(8 * WIDTHS[-1])
    buf = np.frombuffer(padded, dtype=np.uint8)
    words = np.ndarray(
        (len(raw) + 8 * WIDTHS[-1] - 7,), dtype="<u8", buffer=buf, strides=(1,)
    )  # 8 bytes at each offset
    lengths = ends - starts
    tier = lengths >> 3  # 0: 0-7 bytes, 1: 8-15, ...
    out: list[np.ndarray] = []
    for w in WIDTHS:
        pick = tier == w - 1
        s = starts[pick]
        n = lengths[pick] & 7
        if w == 1:
            out.append((words[s] & _MASK[n]) | _TAG[n])
            continue
        rows = np.empty((s.size, w), dtype=np.uint64)
        for i in range(w - 1):
            rows[:, i] = words[s + 8 * i]
        rows[:, w - 1] = (words[s + 8 * (w - 1)] & _MASK[n]) | _TAG[n]
        out.append(rows)
    long_ = lengths > _MAX_KEYED
    rest = [raw[a:b] for a, b in zip(starts[long_].tolist(), ends[long_].tolist())] if long_.any() else []
    return out, rest


_MIX = tuple(np.uint64(m) for m in (0x9E3779B97F4A7C15, 0xC2B2AE3D27D4EB4F, 0x165667B19E3779F9, 0xD6E8FEB86659FD93))


def _reduce(keys: np.ndarray, counts: np.ndarray | None) -> tuple[np.ndarray, np.ndarray]:
    """Distinct keys (1-D) or rows of keys (2-D) and their summed counts (``counts`` None:
    one each).

    Rows are sorted by a mix of their words (one 64-bit sort: sorting rows is 20x slower);
    neighbours with equal mixes must then be equal rows. Two different rows that mix alike
    are possible in principle (never met in practice): then the rows are sorted exactly."""
    n = keys.shape[0]
    if not n:
        return keys, np.empty(0, dtype=np.int64)
    if keys.ndim == 1:
        order = np.argsort(keys, kind="stable")
        by = keys[order]
        sorted_keys = by
    else:
        mixed = keys[:, 0] * _MIX[0]
        for i in range(1, keys.shape[1]):
            mixed ^= keys[:, i] * _MIX[i]
        order = np.argsort(mixed, kind="stable")
        by = mixed[order]
        sorted_keys = np.take(keys, order, axis=0)
    first = np.ones(n, dtype=bool)
    np.not_equal(by[1:], by[:-1], out=first[1:])
    if keys.ndim == 2 and not ((sorted_keys[1:] == sorted_keys[:-1]).all(axis=1) | first[1:]).all():
        order = np.lexsort(keys.T[::-1])
        sorted_keys = np.take(keys, order, axis=0)
        first[1:] = (sorted_keys[1:] != sorted_keys[:-1]).any(axis=1)
    starts = np.flatnonzero(first)
    total = np.diff(starts, append=n) if counts is None else np.add.reduceat(counts[order], starts)
    return sorted_keys[starts], total.astype(np.int64)


def _unpack(keys: np.ndarray) -> list[bytes]:
    """The pieces of packed keys (1-D, or rows of w words)."""
    w = 1 if keys.ndim == 1 else keys.shape[1]
    raw = keys.astype("<u8").tobytes()
    last = keys if w == 1 else keys[:, w - 1]
    head = 8 * (w - 1)
    step = 8 * w
    return [raw[step * i : step * i + head + k] for i, k in enumerate((last >> np.uint64(56)).tolist())]


def _crc_table() -> np.ndarray:
    table = np.arange(256, dtype=np.uint32)
    for _ in range(8):  # zlib's CRC-32 (reflected polynomial 0xEDB88320), a byte at a time
        table = np.where(table & 1, (table >> np.uint32(1)) ^ np.uint32(0xEDB88320), table >> np.uint32(1))
    return table.astype(np.uint32)


_CRC = _crc_table()


def crc32_of_keys(keys: np.ndarray) -> np.ndarray:
    """``zlib.crc32`` of each packed key's piece (1-D keys, or rows of w words), as NumPy
    passes over the byte columns (one pass per byte position, only the rows that long)."""
    n = keys.shape[0]
    rows = keys.reshape(n, -1)
    w = rows.shape[1]
    length = (rows[:, w - 1] >> np.uint64(56)).astype(np.intp) + 8 * (w - 1)
    raw = np.ascontiguousarray(rows, dtype="<u8").view(np.uint8).reshape(n, 8 * w)
    crc = np.full(n, 0xFFFFFFFF, dtype=np.uint32)
    table = _CRC
    for k in range(8 * w - 1):
        if k < 8 * (w - 1):
            crc = table[(crc ^ raw[:, k]) & np.uint32(0xFF)] ^ (crc >> np.uint32(8))
        else:
            at = np.flatnonzero(length > k)
            if not at.size:
                break
            c = crc[at]
            crc[at] = table[(c ^ raw[at, k]) & np.uint32(0xFF)] ^ (c >> np.uint32(8))
    crc ^= np.uint32(0xFFFFFFFF)
    return crc


class _Tally:
    """Distinct keys (or rows of two) with counts. New keys wait in a small list; every
    ``_RAW`` of them are sorted into a block of distinct keys and counts, and the blocks into
    the totals once they outnumber them (so memory stays near the totals, and each key is
    sorted a bounded number of times)."""

    def __init__(self, width: int) -> None:
        self.keys = np.empty((0,) if width == 1 else (0, width), dtype=np.uint64)
        self.counts = np.empty(0, dtype=np.int64)
        self.raw: list[np.ndarray] = []
        self.raw_size = 0
        self.blocks: list[tuple[np.ndarray, np.ndarray]] = []
        self.block_size = 0

    def add(self, keys: np.ndarray) -> None:
        if keys.shape[0]:
            self.raw.append(keys)
            self.raw_size += keys.shape[0]
            if self.raw_size >= _RAW:
                self._compress()

    def _compress(self) -> None:
        if not self.raw:
            return
        raw = np.concatenate(self.raw)
        self.raw, self.raw_size = [], 0
        if raw.ndim == 1:
            raw.sort()  # no need to know where each went: faster than argsort
            first = np.ones(raw.size, dtype=bool)
            np.not_equal(raw[1:], raw[:-1], out=first[1:])
            starts = np.flatnonzero(first)
            new, counts = raw[starts], np.diff(starts, append=raw.size)
        else:
            new, counts = _reduce(raw, None)
        self.blocks.append((new, counts))
        self.block_size += new.shape[0]
        if self.block_size > max(2 * self.keys.shape[0], _RAW):
            self._fold()

    def _fold(self) -> None:
        if self.blocks:
            keys = np.concatenate([self.keys] + [k for k, _ in self.blocks])
            counts = np.concatenate([self.counts] + [c for _, c in self.blocks])
            self.blocks, self.block_size = [], 0
            self.keys, self.counts = _reduce(keys, counts)

    def merge(self) -> None:
        self._compress()
        self._fold()


class KeyCounter:
    """Counts of packed pieces (:func:`pack`): distinct keys and counts kept as arrays, the
    few long pieces in a ``Counter``; pieces become ``bytes`` only in :meth:`items`."""

    def __init__(self) -> None:
        self.tallies = [_Tally(w) for w in WIDTHS]
        self.rest: Counter[bytes] = Counter()

    def add(self, keys: list[np.ndarray], rest: list[bytes]) -> None:
        for tally, k in zip(self.tallies, keys):
            tally.add(k)
        if rest:
            self.rest.update(rest)

    def _drained(self) -> tuple[Iterator[tuple[np.ndarray, np.ndarray]], Counter[bytes]]:
        """Empty the counter: each width's keys and counts (merged one width at a time, each
        tally let go before the next is merged), and the long pieces."""
        tallies, rest = self.tallies, self.rest
        self.tallies, self.rest = [_Tally(w) for w in WIDTHS], Counter()

        def merged() -> Iterator[tuple[np.ndarray, np.ndarray]]:
            while tallies:
                tally = tallies.pop(0)
                tally.merge()
                keys, counts = tally.keys, tally.counts
                del tally
                yield keys, counts

        return merged(), rest

    def sharded(self, shards: int, part: int) -> Iterator[list[tuple[int, dict[bytes, int]]]]:
        """The keyed pieces with their counts, ``part`` keys at a time, as ``(shard, counts)``
        by ascending shard (shard: ``zlib.crc32(piece) % shards``, a power of two), then the
        long pieces the same way; the counter is emptied as it goes.

        subtle: the shards are found for a whole part at once (:func:`crc32_of_keys`) and each
        shard's dict made in one call; a statement per piece cost the workers ~0.4 CPU s on
        10 MB of Chinese (427 000 distinct pieces). Within a shard the pieces keep the order
        of :meth:`items`."""
        merged, rest = self._drained()
        for keys, counts in merged:
            for i in range(0, keys.shape[0], part):
                chunk = keys[i : i + part]
                shard = (crc32_of_keys(chunk) & np.uint32(shards - 1)).astype(np.uint16)
                order = np.argsort(shard, kind="stable")
                pieces = _unpack(chunk[order])
                values = counts[i : i + part][order].tolist()
                ends = np.cumsum(np.bincount(shard, minlength=shards)).tolist()
                out = []
                start = 0
                for index, end in enumerate(ends):
                    if end > start:
                        out.append((index, dict(zip(pieces[start:end], values[start:end]))))
                        start = end
                yield out
        if rest:
            by_shard: dict[int, dict[bytes, int]] = {}
            for piece, c in rest.items():
                by_shard.setdefault(zlib.crc32(piece) & (shards - 1), {})[piece] = c
            yield sorted(by_shard.items())

    def keyed_parts(self, shards: int, part: int) -> Iterator[KeyedPart | list[tuple[int, dict[bytes, int]]]]:
        """The counts as :meth:`sharded` gives them, except the keyed pieces: those come as
        arrays (:class:`KeyedPart`, ``part`` keys each), to be added up by a
        :class:`KeyedMerger`; no ``bytes`` and no dict per piece (on 10 MB of Chinese, making
        and sending 427 000 of them, then adding them up in the training process, cost
        ~0.3 CPU s)."""
        merged, rest = self._drained()
        for keys, counts in merged:
            for i in range(0, keys.shape[0], part):
                yield KeyedPart(keys[i : i + part], counts[i : i + part])
        if rest:
            self.rest = rest
            yield from self.sharded(shards, part)  # only the long pieces are left
            self.rest = Counter()

    def items(self) -> Iterator[tuple[bytes, int]]:
        """Every distinct piece with its count, one width at a time (the counter is emptied
        as it goes, so the pieces are never held twice)."""
        tallies, rest = self.tallies, self.rest
        self.tallies, self.rest = [_Tally(w) for w in WIDTHS], Counter()
        while tallies:
            tally = tallies.pop(0)
            tally.merge()
            yield from zip(_unpack(tally.keys), tally.counts.tolist())
        yield from rest.items()


class KeyedPart(NamedTuple):
    """Some distinct keyed pieces of one width (:func:`pack`) and their counts, as a worker
    sends them (a piece may come again from another worker)."""

    keys: np.ndarray
    counts: np.ndarray


_BUCKET_BITS = 4  # parts are spread over 16 buckets by a mix of their keys, reduced apart


class KeyedMerger:
    """Adds up the :class:`KeyedPart` of several workers: each part goes to one of 16 buckets
    per width by the top bits of a mix of its keys, and each bucket is reduced on its own at
    the end, so that no single sort holds the GIL long (the app trains in a thread)."""

    def __init__(self) -> None:
        self.buckets: dict[tuple[int, int], list[KeyedPart]] = {}

    def add(self, part: KeyedPart) -> None:
        keys = part.keys
        if not keys.shape[0]:
            return
        rows = keys.reshape(keys.shape[0], -1)
        w = rows.shape[1]
        mixed = rows[:, 0] * _MIX[0]
        for i in range(1, w):
            mixed ^= rows[:, i] * _MIX[i]
        bucket = (mixed >> np.uint64(64 - _BUCKET_BITS)).astype(np.uint8)
        order = np.argsort(bucket, kind="stable")
        ends = np.cumsum(np.bincount(bucket, minlength=1 << _BUCKET_BITS)).tolist()
        start = 0
        for b, end in enumerate(ends):
            if end > start:
                at = order[start:end]
                self.buckets.setdefault((w, b), []).append(KeyedPart(keys[at], part.counts[at]))
                start = end

    def result(self) -> list[KeyedPieces]:
        """The distinct pieces with their summed counts, one :class:`KeyedPieces` per width
        (emptying the merger)."""
        out: list[KeyedPieces] = []
        buckets, self.buckets = self.buckets, {}
        for w in WIDTHS:
            keys: list[np.ndarray] = []
            counts: list[np.ndarray] = []
            for b in range(1 << _BUCKET_BITS):
                parts = buckets.pop((w, b), None)
                if parts:
                    k, c = _reduce(np.concatenate([p.keys for p in parts]), np.concatenate([p.counts for p in parts]))
                    keys.append(k)
                    counts.append(c)
            if keys:
                out.append(KeyedPieces(np.concatenate(keys), np.concatenate(counts)))
        return out


class KeyedPieces(Mapping[bytes, int]):
    """Distinct pieces of one key width (:func:`pack`) and their counts, as arrays: a
    read-only mapping whose pieces become ``bytes`` only when asked for. The merge loop and
    the characters' preforming read :meth:`raw` instead (the pieces' bytes, concatenated)."""

    def __init__(self, keys: np.ndarray, counts: np.ndarray) -> None:
        # subtle: not `self.keys`, which would hide Mapping.keys() (dict.update calls it)
        self.packed = keys
        self.counts = counts
        self._dict: dict[bytes, int] | None = None

    def __len__(self) -> int:
        return int(self.counts.size)

    def __iter__(self) -> Iterator[bytes]:
        for i in range(0, len(self), 1 << 16):
            yield from _unpack(self.packed[i : i + (1 << 16)])

    def __getitem__(self, piece: bytes) -> int:
        if self._dict is None:
            self._dict = dict(zip(self, self.counts.tolist()))
        return self._dict[piece]

    def lengths(self, start: int, stop: int) -> np.ndarray:
        """The lengths of pieces ``start:stop`` in bytes (int64)."""
        rows = _rows(self.packed[start:stop])
        w = rows.shape[1]
        lengths = (rows[:, w - 1] >> np.uint64(56)).astype(np.int64)
        lengths += 8 * (w - 1)
        return lengths

    def raw(self, start: int, stop: int) -> tuple[np.ndarray, np.ndarray]:
        """The bytes of pieces ``start:stop``, concatenated (``uint8``), and their lengths."""
        rows = np.ascontiguousarray(_rows(self.packed[start:stop]), dtype="<u8")
        n, w = rows.shape
        lengths = (rows[:, w - 1] >> np.uint64(56)).astype(np.int64)
        lengths += 8 * (w - 1)
        inside = np.arange(8 * w) < lengths[:, None]
        return rows.view(np.uint8).reshape(n, 8 * w)[inside], lengths


def _rows(keys: np.ndarray) -> np.ndarray:
    """Keys as rows (a 1-D array of one-word keys as a column)."""
    return keys if keys.ndim == 2 else keys[:, None]
