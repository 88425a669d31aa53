"""Positions in a text as Qt counts them (UTF-16 code units) and as Python does (code points)."""

from __future__ import annotations

__all__ = ["utf16_offset", "index_from_utf16"]


def utf16_offset(text: str, index: int) -> int:
    """Qt counts positions in UTF-16 units: an emoji is two of them."""
    return len(text[:index].encode("utf-16-le")) // 2


def index_from_utf16(text: str, pos: int) -> int:
    return len(text.encode("utf-16-le")[: 2 * pos].decode("utf-16-le", errors="ignore"))
