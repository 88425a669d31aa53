"""Positions in a text as Qt counts them (UTF-16 code units) and as Python does (code points)."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

__all__ = ["utf16_offset", "utf16_offsets", "index_from_utf16"]


def utf16_offset(text: str, index: int) -> int:
    """Qt counts positions in UTF-16 units: an emoji is two of them."""
    return len(text[:index].encode("utf-16-le")) // 2


def index_from_utf16(text: str, pos: int) -> int:
    return len(text.encode("utf-16-le")[: 2 * pos].decode("utf-16-le", errors="ignore"))


def utf16_offsets(text: str, indices: Sequence[int]) -> list[int]:
    """:func:`utf16_offset` of many indices in one pass over ``text`` (each call of that
    one slices the text: thousands of highlights on a long text were quadratic)."""
    if not indices:
        return []
    codes = np.frombuffer(text.encode("utf-32-le", "surrogatepass"), dtype=np.uint32)
    astral = np.zeros(len(codes) + 1, dtype=np.int64)
    np.cumsum(codes > 0xFFFF, out=astral[1:])  # characters that take two UTF-16 units, before each index
    at = np.clip(np.asarray(indices, dtype=np.int64), 0, len(codes))
    return (at + astral[at]).tolist()  # type: ignore[no-any-return]
