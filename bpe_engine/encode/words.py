r"""Words of mostly-ASCII text as offsets, looked up as integer keys (the pure path's English).

For the GPT patterns and the released custom ones (o200k, cl100k, GPT-2, Qwen, Llama 3,
Tekken), a space that follows an ASCII character other than white space always starts a
piece, and no piece or match attempt looks past it: no piece holds a space after a non-space
but at its start, no pattern has a lookbehind, and every run stops at a space (its lookaheads
and ``$`` only end runs of white space). So the text falls into *chunks* at such spaces, each
split on its own exactly as in the whole text, and chunks may be laid end to end in any
selection without changing their pieces (each one after the first still starts with a space
that follows a non-space). Most chunks of English are a space and a run of ASCII letters,
which every one of these patterns takes as one piece (o200k and Tekken: unless a lower-case
letter is followed by an upper-case one); those are found by NumPy passes, without a Python
object each, and looked up among the whole tokens by an integer key per chunk (up to 16 bytes:
nearly all English words) in a NumPy hash table. The other chunks go to the pattern together.

A chunk that is such a word and then one or two ASCII punctuation characters (``" word,"``,
``" f()"``: two in five of the other chunks of English) is two pieces under every one of these
patterns, the word and its punctuation: the letter alternatives stop at the first non-letter
(a contraction needs a letter after its apostrophe, and the chunk ends after the punctuation:
a space or the end follows), and at the punctuation no letter or digit alternative matches
(each needs a letter or digit within its first two characters), while ``[^\s\p{L}\p{N}]+``
takes the punctuation whole (the space or end after it stops the run, and
``[\r\n/]*``/``[\r\n]*`` match nothing there). A chunk that is a space and one or two
punctuation characters (``" ="``, ``" =="``: code's commonest) is one piece, by the same
alternative with its optional space (the letter alternatives need a letter after at most one
such character, a contraction starts with an apostrophe, not a space). Only the 32 printable
ASCII punctuation characters count, which no Unicode version puts in ``\s``, ``\p{L}`` or
``\p{N}``.

The chunks these shapes leave (code's: a line break and the next line's indentation inside a
chunk, names with punctuation, digits) are cut finer by :mod:`.fine` at points where every
one of these patterns has a piece boundary, and split by NumPy when all their parts have its
shapes (their pieces that no whole token is go through the piece cache); only the rest go to
the pattern, whole, laid end to end by the argument above.
"""

from __future__ import annotations

import re
import string
from dataclasses import dataclass
from typing import Literal

import numpy as np
import regex

__all__ = [
    "WORD_RULES",
    "KEY_BYTES",
    "WordTable",
    "Chunks",
    "chunk_words",
    "known_chunks",
    "word_keys",
    "word_table",
]

# How a pattern splits "space + ASCII letters": "letters": always one piece; "cased": one piece
# unless a lower-case letter is followed by an upper-case one (o200k's and Tekken's case runs).
WORD_RULES: dict[str, Literal["letters", "cased"]] = {
    "gpt2": "letters",
    "cl100k": "letters",
    "qwen": "letters",
    "llama3": "letters",
    "o200k": "cased",
    "tekken": "cased",
}
KEY_BYTES = 16  # a key holds a word of up to this many ASCII bytes

_SPACE = 0x20


def _byte_mask(prop: str) -> np.ndarray:
    """Per byte value, whether it is an ASCII character ``regex`` puts in ``prop``."""
    return np.array([c < 128 and regex.fullmatch(prop, chr(c)) is not None for c in range(256)])


_WHITE = _byte_mask(r"\s")
# A space after one of these starts a piece: ASCII, not white space (a non-ASCII byte may be
# part of a white-space character such as U+00A0, so it never counts).
_FORCES = np.array([c < 128 for c in range(256)]) & ~_WHITE
_NOT_LETTER = ~_byte_mask(r"\p{L}")
_UPPER = _byte_mask(r"\p{Lu}")
_LOWER = _byte_mask(r"\p{Ll}")
# Printable ASCII punctuation (a word's tail, see the module docstring): in no pattern's \s,
# \p{L} or \p{N}, in this `regex` and in tiktoken's tables alike.
_PUNCT = np.array([chr(c) in string.punctuation for c in range(256)])
assert not (_PUNCT & (_WHITE | ~_NOT_LETTER | _byte_mask(r"\p{N}"))).any()
assert not (_UPPER & _LOWER).any() and ((_UPPER | _LOWER) == ~_NOT_LETTER).all(), "ASCII letters are cased"
assert _FORCES[ord("a")] and not _FORCES[_SPACE] and re.fullmatch(r"\s", " ")


@dataclass(frozen=True)
class Chunks:
    """A text's chunks (see the module docstring): where each starts, its length, whether
    it is a simple word (a space and ASCII letters that the pattern takes as one piece) or a
    space and one or two punctuation characters (one piece too), and how many punctuation
    characters follow a simple word's letters (1 or 2: two pieces, the word and them; else 0)."""

    starts: np.ndarray
    lengths: np.ndarray
    simple: np.ndarray
    punct: np.ndarray
    tail: np.ndarray


# Per byte value, its classes as bits (read with one ``bytes.translate``, not a NumPy gather).
_FORCES_BIT, _NOT_LETTER_BIT, _LOWER_BIT, _UPPER_BIT, _PUNCT_BIT = 1, 2, 4, 8, 16
_CLASSES = bytes(
    (_FORCES_BIT * f) | (_NOT_LETTER_BIT * n) | (_LOWER_BIT * lo) | (_UPPER_BIT * up) | (_PUNCT_BIT * p)
    for f, n, lo, up, p in zip(
        _FORCES.tolist(), _NOT_LETTER.tolist(), _LOWER.tolist(), _UPPER.tolist(), _PUNCT.tolist()
    )
)


def chunk_words(data: bytes, rule: Literal["letters", "cased"], cuts: np.ndarray) -> Chunks:
    """The chunks of the UTF-8 bytes ``data`` (non-empty) under a pattern of ``rule``, also
    cut at the byte offsets ``cuts`` (where documents between special tokens end)."""
    raw = np.frombuffer(data, dtype=np.uint8)
    classes = np.frombuffer(data.translate(_CLASSES), dtype=np.uint8)
    n = raw.size
    first = np.zeros(n + 1, dtype=bool)
    first[0] = first[n] = True
    first[1:n] = (raw[1:] == _SPACE) & ((classes[:-1] & _FORCES_BIT) != 0)
    first[cuts] = True
    bounds = np.flatnonzero(first)
    starts, ends = bounds[:-1], bounds[1:]
    bad = (classes & _NOT_LETTER_BIT) != 0
    if rule == "cased":
        bad[1:] |= ((classes[:-1] & _LOWER_BIT) != 0) & ((classes[1:] & _UPPER_BIT) != 0)
    # Bad bytes in each chunk after its first byte (a chunk's first byte is its space).
    seen = np.zeros(n + 1, dtype=np.int32)
    np.cumsum(bad, out=seen[1:])
    spaced = np.take(raw, starts) == _SPACE
    after = np.take(seen, starts + 1)
    lengths = ends - starts
    simple = spaced & (lengths >= 2) & (np.take(seen, ends) == after)

    def punctuation(at: np.ndarray) -> np.ndarray:
        # Clipped: read only where the chunk is long enough for ``at`` to be inside it.
        found: np.ndarray = (np.take(classes, np.clip(at, 0, n - 1)) & _PUNCT_BIT) != 0
        return found

    last, second_last, second = punctuation(ends - 1), punctuation(ends - 2), punctuation(starts + 1)
    # A word's letters and its punctuation: no bad byte before it (one or two characters:
    # exclusive, as punctuation is a bad byte).
    tail = np.zeros(starts.size, dtype=np.int64)
    tail[spaced & (lengths >= 3) & last & (np.take(seen, ends - 1) == after)] = 1
    tail[spaced & (lengths >= 4) & last & second_last & (np.take(seen, ends - 2) == after)] = 2
    punct = spaced & second & ((lengths == 2) | ((lengths == 3) & last))
    return Chunks(starts, lengths, simple, punct, tail)


_LENGTH_MASKS = np.array([(1 << (8 * k)) - 1 for k in range(9)], dtype=np.uint64)
# The length of a word goes into the top bits of its first five bytes (0 in ASCII), so a key
# is unique: the bytes themselves and their count.
_LENGTH_BITS = np.array(
    [sum(((k >> b) & 1) << (8 * b + 7) for b in range(5)) for k in range(KEY_BYTES + 1)], dtype=np.uint64
)


_HIGH_BITS = np.uint64(0x8080808080808080)
_NO_KEY = np.uint64(0xFFFFFFFFFFFFFFFF)  # bit 63 set: no ASCII word's key


def word_keys(raw: np.ndarray, starts: np.ndarray, lengths: np.ndarray) -> np.ndarray:
    """The key of each word ``raw[starts[k]:starts[k] + lengths[k]]`` (1-16 bytes; a word
    that is not ASCII gets a key no table holds): two rows of integers, its first 8 bytes
    with its length, and the next 8."""
    padded = np.zeros(raw.size + 2 * 8, dtype=np.uint8)
    padded[: raw.size] = raw
    # Every byte offset's next 8 bytes as one little-endian integer (an unaligned view).
    windows = np.ndarray((raw.size + 8,), dtype="<u8", buffer=padded.data, strides=(1,))
    head = windows[starts] & _LENGTH_MASKS[np.minimum(lengths, 8)]
    keys = np.empty((2, starts.size), dtype=np.uint64)
    keys[0] = head | _LENGTH_BITS[lengths]
    keys[1] = 0
    long = np.flatnonzero(lengths > 8)
    if long.size:
        keys[1, long] = windows[starts[long] + 8] & _LENGTH_MASKS[lengths[long] - 8]
    keys[0, ((head | keys[1]) & _HIGH_BITS) != 0] = _NO_KEY  # not ASCII: no token's key
    return keys


_MULTIPLIER = np.uint64(0x9E3779B97F4A7C15)  # Fibonacci hashing
_MULTIPLIER_2 = np.uint64(0xC2B2AE3D27D4EB4F)


@dataclass(frozen=True)
class WordTable:
    """Open-addressing hash table (linear probing) from word keys to token ids: the whole
    tokens of 1-16 ASCII bytes. Each slot is a row of its key's two integers, the id, and a
    pad (one 32-byte row per probe: one cache line); a first key integer of 0 (no word's)
    marks an empty slot."""

    rows: np.ndarray
    shift: np.uint64

    def _slot(self, keys: np.ndarray) -> np.ndarray:
        with np.errstate(over="ignore"):
            mixed = (keys[0] * _MULTIPLIER) ^ (keys[1] * _MULTIPLIER_2)
            slots: np.ndarray = ((mixed * _MULTIPLIER) >> self.shift).astype(np.int64)
        return slots

    def lookup(self, keys: np.ndarray) -> np.ndarray:
        """The id of each key's token, or -1 where no token has that key."""
        rows, last = self.rows, self.rows.shape[0] - 1
        slots = self._slot(keys)
        # The first probe of every key without index arrays (``np.take`` of whole rows is
        # ~4x faster than fancy indexing); most keys end there.
        found = np.take(rows, slots, axis=0)
        hit = (found[:, 0] == keys[0]) & (found[:, 1] == keys[1])
        out = np.where(hit, found[:, 2].astype(np.int64), -1)
        todo = np.flatnonzero(~hit & (found[:, 0] != 0))
        slots = (slots[todo] + 1) & last
        while todo.size:
            found = np.take(rows, slots, axis=0)
            hit = (found[:, 0] == keys[0, todo]) & (found[:, 1] == keys[1, todo])
            out[todo[hit]] = found[hit, 2]
            going = ~hit & (found[:, 0] != 0)
            todo, slots = todo[going], (slots[going] + 1) & last
        return out


def word_table(whole: dict[bytes, int]) -> WordTable:
    """The :class:`WordTable` of the tokens of ``whole`` (bytes -> id) of 1-16 ASCII bytes."""
    words = [w for w in whole if 0 < len(w) <= KEY_BYTES and w.isascii()]
    size = 1 << max(4, (2 * len(words)).bit_length())
    table = WordTable(np.zeros((size, 4), dtype=np.uint64), np.uint64(64 - size.bit_length() + 1))
    if not words:
        return table
    lengths = np.fromiter(map(len, words), dtype=np.int64, count=len(words))
    keys = word_keys(np.frombuffer(b"".join(words), dtype=np.uint8), np.cumsum(lengths) - lengths, lengths)
    ids = np.fromiter(map(whole.__getitem__, words), dtype=np.uint64, count=len(words))
    slots = table._slot(keys)
    todo = np.arange(keys.shape[1])
    while todo.size:
        # Among the keys whose slot is free, the first for each slot takes it; the rest move on.
        free = table.rows[slots, 0] == 0
        _, first = np.unique(slots[free], return_index=True)
        placed = np.flatnonzero(free)[first]
        table.rows[slots[placed], :2] = keys[:, todo[placed]].T
        table.rows[slots[placed], 2] = ids[todo[placed]]
        going = np.ones(todo.size, dtype=bool)
        going[placed] = False
        todo, slots = todo[going], (slots[going] + 1) & (size - 1)
    return table


def known_chunks(
    table: WordTable, raw: np.ndarray, chunks: Chunks, usable: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """Per chunk, its count of pieces where every piece is a token of ``table`` (a simple
    word or a space and punctuation: 1, a word and its punctuation: 2), else 0 (the pattern
    splits it), only where ``usable``; and the tokens of those chunks, in order."""
    starts, lengths, tail = chunks.starts, chunks.lengths, chunks.tail
    single = np.flatnonzero((chunks.simple | chunks.punct) & usable & (lengths <= KEY_BYTES))
    tails = np.flatnonzero((tail > 0) & usable & (lengths <= KEY_BYTES + tail))
    marks = tail[tails]
    key_starts = np.concatenate((starts[single], starts[tails], starts[tails] + lengths[tails] - marks))
    key_lengths = np.concatenate((lengths[single], lengths[tails] - marks, marks))
    found = table.lookup(word_keys(raw, key_starts, key_lengths))
    split = (single.size, single.size + tails.size)
    single_ids, head_ids, mark_ids = found[: split[0]], found[split[0] : split[1]], found[split[1] :]
    first = np.full(starts.size, -1, dtype=np.int64)
    first[single] = single_ids
    both = (head_ids >= 0) & (mark_ids >= 0)
    first[tails[both]] = head_ids[both]
    units = (first >= 0).astype(np.int64)
    units[tails[both]] = 2
    known = np.flatnonzero(units)
    at = np.cumsum(units[known]) - units[known]  # each known chunk's first token
    tokens = np.empty(int(at[-1] + units[known[-1]]) if known.size else 0, dtype=np.int64)
    tokens[at] = first[known]
    second = np.full(starts.size, -1, dtype=np.int64)
    second[tails[both]] = mark_ids[both]
    two = units[known] == 2
    tokens[at[two] + 1] = second[known[two]]
    return units, tokens
