"""The piece caches' entries: each piece's ids packed as native 32-bit integers (``bytes``).

A text's ids are then one ``b"".join`` of its pieces' entries (C, one pass) and one
``tolist``, where chaining ~400 000 tuples into a list cost more than the regex pass. Apart
from :mod:`.encoder` because every path that writes or reads a cache (the encoder's own, the
words path, the flat paths, :mod:`.charcut`'s callers) shares this one format.
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from itertools import accumulate
from struct import Struct

import numpy as np

__all__ = ["ID_DTYPE", "ONE", "entry_ids", "pack", "pack_flat", "splice", "unpack_many"]

_ID = "i"
ID_DTYPE = np.int32
ONE = Struct("=i")  # one id's entry


def entry_ids(entries: bytes) -> list[int]:
    """The ids of joined cache entries."""
    out: list[int] = np.frombuffer(entries, dtype=ID_DTYPE).tolist()
    return out


def pack(ids: tuple[int, ...] | list[int]) -> bytes:
    """``ids`` as a cache entry."""
    return array(_ID, ids).tobytes()


def unpack_many(entries: list[bytes]) -> list[tuple[int, ...]]:
    """Cache entries back to tuples of ids."""
    ids = np.frombuffer(b"".join(entries), dtype=ID_DTYPE).tolist()
    ends = list(accumulate(map(len, entries)))
    return list(map(tuple, map(ids.__getitem__, map(slice, [0, *(e >> 2 for e in ends[:-1])], (e >> 2 for e in ends)))))


def pack_flat(flat: np.ndarray, counts: np.ndarray) -> list[bytes]:
    """The cache entries of pieces whose ids are ``flat``, ``counts[k]`` for piece ``k``."""
    buf = flat.astype(ID_DTYPE, copy=False).tobytes()
    ends = np.cumsum(counts, dtype=np.int64) * 4
    starts = ends - counts * 4
    return list(map(buf.__getitem__, map(slice, starts.tolist(), ends.tolist())))


def splice(new: np.ndarray, flat: np.ndarray, counts: np.ndarray, found: Sequence[bytes | bytearray]) -> list[int]:
    """The ids of pieces some of which (``new``) were merged (``flat``, ``counts`` per piece),
    the others' cache entries (``found``, in order) put back in place."""
    per_piece = np.empty(new.size, dtype=np.int64)
    per_piece[new] = counts
    per_piece[~new] = np.fromiter(map(len, found), dtype=np.int64, count=len(found)) >> 2
    from_new = np.repeat(new, per_piece)
    ids = np.empty(from_new.size, dtype=np.int64)
    ids[from_new] = flat
    ids[~from_new] = np.frombuffer(b"".join(found), dtype=ID_DTYPE)
    out: list[int] = ids.tolist()
    return out
