"""Every code point in probe contexts, as one long text: how the code point scans are built.

Each code point ``X`` (surrogates left out) gets the probe ``aX'tXA1X X'X`` and a newline:
after a lower-case letter (does it join a lower-case run?), before ``'t`` (a letter takes the
contraction, anything else does not), before ``A`` (only an upper-case letter starts a run
that ``A`` continues), after a digit, after a space (a digit or a space does not take it) and
after an apostrophe (case-folded contractions: ``'ſ`` is ``'s``). Between every
``GROUP`` code points sits a special token, so a difference is found to its group (the text
on either side of a special token is encoded on its own by every reference).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

GROUP = 64
SEPARATOR = "<|endoftext|>"


def code_points() -> np.ndarray:
    codes = np.arange(0x110000, dtype=np.uint32)
    return codes[(codes < 0xD800) | (codes >= 0xE000)]


def probe(x: str) -> str:
    return f"a{x}'t{x}A1{x} {x}'{x}\n"


def probe_text(codes: Sequence[int] | np.ndarray) -> str:
    """The probes of ``codes``, a separator after every ``GROUP`` of them."""
    chars = np.asarray(codes, dtype=np.uint32).tobytes().decode("utf-32-le")
    groups = ["".join(map(probe, chars[i : i + GROUP])) for i in range(0, len(chars), GROUP)]
    return SEPARATOR.join(groups)


def differing_groups(ours: list[int], theirs: list[int], separator_id: int) -> list[int]:
    """Indices of the groups whose ids differ (the id lists split at the separator's id)."""
    a, b = np.asarray(ours, dtype=np.int64), np.asarray(theirs, dtype=np.int64)
    if np.array_equal(a, b):
        return []
    cuts_a, cuts_b = np.flatnonzero(a == separator_id), np.flatnonzero(b == separator_id)
    assert cuts_a.size == cuts_b.size, "the separators themselves were encoded differently"
    pa, pb = np.split(a, cuts_a), np.split(b, cuts_b)
    return [g for g, (x, y) in enumerate(zip(pa, pb)) if not np.array_equal(x, y)]


def differing_code_points(
    codes: np.ndarray, groups: list[int], ours: Callable[[str], object], theirs: Callable[[str], object]
) -> list[int]:
    """The code points of ``groups`` whose own probe comes out differently."""
    found = []
    for g in groups:
        for c in codes[g * GROUP : (g + 1) * GROUP].tolist():
            text = probe(chr(c))
            if ours(text) != theirs(text):
                found.append(c)
    return found


def describe(found: list[int], limit: int = 12) -> str:
    shown = ", ".join(f"U+{c:04X}" for c in found[:limit])
    return f"{len(found)} code points cut differently: {shown}{' ...' if len(found) > limit else ''}"
