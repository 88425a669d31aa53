"""Passes over many items in blocks, so that no one C call holds the interpreter lock for long.

``ndarray.tolist``, ``np.fromiter``, ``dict(zip(...))`` run in C and never let another thread
run until they end: over the 400 000 tokens of a 1 MB text (or the 200 000 tokens of o200k)
each held the lock 20-100 ms, and the app's GUI thread, which needs the lock for every call
from Qt into Python, waited that long behind its encode job (issue 20 F). Here each C call
takes one block (:data:`BLOCK` items, a few milliseconds); between blocks Python code runs, so
the lock changes hands at the switch interval. The results are those of the one-call forms.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from itertools import islice
from typing import Any, TypeVar

import numpy as np
from numpy.typing import DTypeLike

__all__ = ["BLOCK", "array_in_blocks", "dict_in_blocks", "list_in_blocks", "tolist_in_blocks"]

K = TypeVar("K")
V = TypeVar("V")
BLOCK = 32_768


def tolist_in_blocks(values: np.ndarray) -> list[Any]:
    """``values.tolist()`` of a one-dimensional array."""
    if len(values) <= BLOCK:
        out: list[Any] = values.tolist()
        return out
    out = []
    for i in range(0, len(values), BLOCK):
        out += values[i : i + BLOCK].tolist()
    return out


def array_in_blocks(items: Sequence[Any], dtype: DTypeLike, fn: Callable[[Any], Any] | None = None) -> np.ndarray:
    """``np.fromiter(map(fn, items), dtype, count=len(items))`` (``items`` themselves when
    ``fn`` is None) of a sliceable sequence."""
    n = len(items)
    out = np.empty(n, dtype=dtype)
    for i in range(0, n, BLOCK):
        part = items[i : i + BLOCK]
        out[i : i + len(part)] = np.fromiter(part if fn is None else map(fn, part), dtype=dtype, count=len(part))
    return out


def list_in_blocks(items: Iterable[V]) -> list[V]:
    """``list(items)`` of a C iterator (``zip``, ``map`` of a C function)."""
    out: list[V] = []
    it = iter(items)
    while chunk := list(islice(it, BLOCK)):
        out += chunk
    return out


def dict_in_blocks(pairs: Iterable[tuple[K, V]]) -> dict[K, V]:
    """``dict(pairs)`` (a repeated key keeps its last value, as there)."""
    out: dict[K, V] = {}
    it = iter(pairs)
    while chunk := list(islice(it, BLOCK)):
        out.update(chunk)
    return out
