"""The pieces of a SentencePiece ``.model`` read in bulk by NumPy, and their repeats found.

Split from :mod:`.sentencepiece` (which reads the rest of the protocol buffer and checks the
model): a model's piece list is nearly all of its bytes (Mistral's: 32 768 pieces), and
reading it one field at a time was most of a cold open. Pieces written the usual way are
found at once (:func:`simple_pieces`); the generic reader takes any it leaves. Repeated texts
are looked for by keys made with NumPy (:func:`repeats_possible`).
"""

from __future__ import annotations

import codecs
from collections.abc import Sequence
from typing import NamedTuple

import numpy as np

from .data import BYTE, CONTROL, NORMAL, UNKNOWN, UNUSED, USER_DEFINED, PieceTexts

__all__ = ["Bulk", "KINDS", "repeats_possible", "simple_pieces"]

KINDS = frozenset({NORMAL, UNKNOWN, CONTROL, USER_DEFINED, UNUSED, BYTE})  # a piece's valid types
_KIND_OK = np.zeros(256, dtype=bool)
_KIND_OK[sorted(KINDS)] = True


class Bulk(NamedTuple):
    """The leading pieces read in bulk: texts, scores (``<f4``), types (uint8), and the
    offset after them."""

    texts: PieceTexts
    scores: np.ndarray
    kinds: np.ndarray
    end: int


def _unaligned(data: bytes | bytearray, dtype: str) -> np.ndarray:
    """``data`` seen as the values of ``dtype`` starting at every byte offset (an unaligned
    view, no copy): ``view[k]`` is the value in ``data[k:k + size]``."""
    size = np.dtype(dtype).itemsize
    return np.ndarray((max(len(data) - size + 1, 0),), dtype=dtype, buffer=data, strides=(1,))


def simple_pieces(data: bytes) -> Bulk | None:
    """Reads the leading pieces written the usual way (text, score, maybe type, each length
    below 128 bytes) in bulk: their texts (kept as bytes, see :class:`~.data.PieceTexts`),
    scores and types (kept as arrays); None when the first piece is not one. The generic
    reader takes the rest, from the first piece written otherwise (it reports any error).
    Why: a field at a time in Python took half a second for 32k pieces; this is NumPy over
    the offsets (each piece's 4 header bytes, score and type read as one word each through
    unaligned views of the file), a loop only to hop from one piece to the next."""
    if len(data) < 12:
        return None
    buf = np.frombuffer(data, dtype=np.uint8)
    at, i = _chain(buf)
    more: list[int] = []
    n = len(data) - 1
    while i < n and data[i] == 0x0A and data[i + 1] < 0x80:  # a piece whose length is one byte
        more.append(i)
        i += data[i + 1] + 2
    if i > n + 1:  # the last one runs past the end: the generic reader reports it
        if more:
            more.pop()
        else:
            at = at[:-1]
    if more:
        at = np.concatenate((at, np.array(more, dtype=np.int64)))
    if not len(at):
        return None
    # Header: 0x0A, the piece's length, 0x0A, the text's length (both below 128). Offsets are
    # clipped to the file (a piece that does not fit is refused); each read is a gather from
    # an unaligned view (``np.take`` would copy the whole view first). In place where it can:
    # fresh memory is most of what this costs in a new process.
    last = len(data) - 4
    head = _unaligned(data, "<u4")[np.minimum(at, last) if more else at]  # (the chain's fit)
    text = head >> 24
    size = head >> 8
    size &= 0xFF
    head &= 0x80FF80FF
    ok = head == 0x000A000A
    ok &= text >= 1
    ok &= at <= len(data) - 10
    size -= text  # after text and score: nothing (7) or the type too (9)
    typed = size == 9
    ok &= typed | (size == 7)
    starts = at  # the texts' (in place: ``at`` is this function's own array)
    starts += 4
    tag = starts + text  # the score's tag (0x15), its 4 bytes, maybe the type's tag (0x18) and type
    np.minimum(tag, last, out=tag)  # (a piece that fits keeps its own)
    ok &= buf[tag] == 0x15
    near = tag + 5
    np.minimum(near, last, out=near)
    after = _unaligned(data, "<u2")[near]
    kind = np.where(typed, after >> 8, NORMAL).astype(np.uint8)
    after &= 0xFF
    typed &= (after != 0x18) | ~_KIND_OK[kind]
    ok &= ~typed
    bad = np.flatnonzero(~ok)
    count = int(bad[0]) if len(bad) else len(starts)
    if not count:
        return None
    kind, tag, near, starts = kind[:count], tag[:count], near[:count], starts[:count]
    end = int(starts[-1]) - 2 + int(text[count - 1]) + int(size[count - 1])  # (size: the rest, now)
    np.add(tag, 1, out=near)  # the scores
    found = _texts(data, end, starts, tag, near)
    if found is None:
        return None
    return Bulk(found, _unaligned(data, "<f4")[near], kind, end)


def _texts(data: bytes, end: int, starts: np.ndarray, tags: np.ndarray, scores: np.ndarray) -> PieceTexts | None:
    """The texts ``data[starts[k]:tags[k]]`` of the pieces in ``data[:end]``, checked (UTF-8,
    no NUL) but neither cut out nor decoded (:class:`~.data.PieceTexts` does that on first
    use); None when they fail. Checked on a copy of ``data[:end]`` whose scores are made
    ``0x01``: every other byte between two texts is then ASCII (tags, lengths, types) and not
    NUL, so the copy is UTF-8 without NUL exactly when every text is (a multi-byte character
    cut by a text's end or start meets an ASCII byte). Decoded in 64 KiB steps, so no
    megabyte-sized string is made (cutting the texts out first and decoding them took three
    times as long in a fresh process: fresh memory). ``scores``: where the scores are."""
    region = bytearray(memoryview(data)[:end])
    region += bytes(8)  # (room for :func:`repeats_possible`'s 8-byte words at any text)
    _unaligned(region, "<u4")[scores] = 0x01010101  # each score's 4 bytes in one write
    if np.count_nonzero(np.frombuffer(region, dtype=np.uint8, count=end)) != end:
        return None
    check = codecs.getincrementaldecoder("utf-8")()
    view = memoryview(region)
    try:
        for a in range(0, end, _BLOCK):
            check.decode(view[a : min(a + _BLOCK, end)])
        check.decode(b"", True)
    except UnicodeDecodeError:
        return None  # the generic reader names the piece
    finally:
        view.release()
    return PieceTexts(region, starts, tags, [])


def repeats_possible(pieces: Sequence[str]) -> bool:
    """False when no two pieces are the same; True when some may be (the caller then looks
    at the texts). The texts read in bulk are compared by a key made with NumPy, no string
    made: each text's length, first 8 and last 8 bytes (read through a view of the
    bytes as 8-byte words at every offset), mixed into one number. Equal texts give equal
    keys, so distinct keys mean distinct texts; only the pieces whose keys are shared are
    compared as bytes (a polynomial hash over every byte took 7-10 ms in a fresh process)."""
    if not isinstance(pieces, PieceTexts):
        return len(set(pieces)) != len(pieces)
    buffer, starts, ends, extra = pieces.raw
    if extra:
        return len(set(pieces.as_list())) != len(pieces)
    if int(ends[-1]) + 8 > len(buffer):  # (a text's first 8 bytes are read as one word; ends grow)
        buffer = bytes(buffer) + bytes(8)
    words = np.ndarray((len(buffer) - 7,), dtype="<u8", buffer=buffer, strides=(1,))
    lengths = ends - starts
    keys = words[starts]  # the first 8 bytes; of a shorter text, the bytes after it masked off
    mask = _FIRST.take(lengths, mode="clip")
    keys &= mask
    ends -= 8  # (in place and back: no index array made; before the first text, -3 at most,
    last = words[ends]  # which wraps to the end and is masked off with the text's length)
    ends += 8
    last &= _LAST.take(lengths, mode="clip", out=mask)  # the last 8 bytes, of a text of 8 or more
    with np.errstate(over="ignore"):
        keys *= np.uint64(_K1)
        last *= np.uint64(_K2)
        keys += last
        keys += lengths.view(np.uint64)
    shared = _shared_keys(keys, scratch=last)
    if not len(shared):
        return False
    texts = [bytes(buffer[a:b]) for a, b in zip(starts[shared].tolist(), ends[shared].tolist(), strict=True)]
    return len(set(texts)) != len(texts)


_K1 = 0x9E3779B97F4A7C15  # odd multipliers: the mix is a bijection of each part
_K2 = 0xC2B2AE3D27D4EB4F
_FIRST = np.array([(1 << 8 * n) - 1 for n in range(9)], dtype=np.uint64)  # by length, 8 and more: all
_LAST = np.array([0] * 8 + [(1 << 64) - 1], dtype=np.uint64)


def _shared_keys(keys: np.ndarray, scratch: np.ndarray | None = None) -> np.ndarray:
    """The indices of the keys (uint64, well mixed) that occur more than once (``scratch``:
    a uint64 array as long, spoilt, for fewer fresh pages). A hash table
    rather than a sort (``np.sort`` of 32k keys: 1.2 ms here): each key is written into the
    slot its top bits name, one of the keys of each slot stays there (the winner), and two
    equal keys share a slot, so either one of them is its slot's winner or both lost: the
    losers (a tenth of the keys or so) are compared with their winner, and sorted among
    themselves."""
    n = len(keys)
    bits = max(n.bit_length() + 1, 4)  # 2 to 4 slots a key
    ids = np.arange(n, dtype=np.uint16 if n <= 1 << 16 else np.int64)  # (a small table: fresh memory costs)
    slot = np.right_shift(keys, np.uint64(64 - bits), out=scratch)
    table = np.empty(1 << bits, dtype=ids.dtype)
    table[slot] = ids
    winner = table[slot]
    lost = np.flatnonzero(winner != ids)
    lost_keys = keys[lost]
    twin = lost_keys == keys[winner[lost]]
    ordered = np.sort(lost_keys)  # (argsort takes twice as long: only when a key repeats)
    if not twin.any() and not np.any(ordered[1:] == ordered[:-1]):
        return np.zeros(0, dtype=np.int64)
    order = np.argsort(lost_keys)
    ordered = lost_keys[order]
    same = np.flatnonzero(ordered[1:] == ordered[:-1])
    twins = lost[twin]
    found = (twins, winner[twins].astype(np.int64), lost[order[same]], lost[order[same + 1]])
    return np.unique(np.concatenate(found))


def _chain(buf: np.ndarray) -> tuple[np.ndarray, int]:
    """The offsets of the leading pieces found at once, and the offset after them, where the
    loop of :func:`simple_pieces` goes on hopping. Every place that looks like the start of
    a piece is a candidate; the pieces are the candidates from 0 on as long as each one's end
    is the next candidate (a candidate inside a text ends this early, the loop does the rest).
    The candidates are found 64 KiB at a time: the masks of the whole file (three of 0.6 MB
    for Mistral's) cost more in fresh memory than the work on them."""
    none = np.zeros(0, dtype=np.int64)
    if len(buf) < 4:
        return none, 0
    found = []
    for a in range(0, len(buf) - 3, _BLOCK):
        newline = buf[a : a + _BLOCK + 3] == 0x0A
        where = np.flatnonzero(newline[:-3] & newline[2:-1])  # 0x0A at k and k + 2
        where += a
        found.append(where)
    at = np.concatenate(found)
    at = at[buf[1:][at] < 0x80]  # and a one-byte length between (on the few, not every byte)
    if not len(at) or at[0] != 0:
        return none, 0
    after = buf[1:][at] + at  # (no index array made for the lengths)
    after += 2
    broken = np.flatnonzero(after[:-1] != at[1:])
    count = int(broken[0]) + 1 if len(broken) else len(at)
    return at[:count], int(after[count - 1])


_BLOCK = 1 << 16
