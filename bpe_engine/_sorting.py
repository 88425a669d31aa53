"""Sorting long lists without holding the interpreter lock for long.

``sorted`` compares in C and never lets another thread run until it is done: 250 000 words
sorted by (count, bytes) held the lock for a second, and the app, which trains in a thread
beside its GUI, froze for that second. :func:`sorted_in_blocks` sorts blocks (each a short C
call) and merges them with :func:`heapq.merge` (Python code: other threads get their turn).
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterable
from itertools import islice
from typing import Any, TypeVar

__all__ = ["sorted_in_blocks"]

T = TypeVar("T")
_BLOCK = 16_384  # a block's sort takes a few milliseconds


def sorted_in_blocks(items: Iterable[T], key: Callable[[T], Any], first: int | None = None) -> list[T]:
    """``sorted(items, key=key)[:first]`` (equal keys may come in another order), in blocks;
    with ``first``, only that many items go through the merge."""
    values = items if isinstance(items, list) else list(items)
    if len(values) <= _BLOCK:
        return sorted(values, key=key)[:first]
    blocks = [sorted(values[i : i + _BLOCK], key=key) for i in range(0, len(values), _BLOCK)]
    return list(islice(heapq.merge(*blocks, key=key), first))
