"""Pre-tokenizing with the references' Unicode tables, whatever ``regex`` is installed.

The ``regex`` module reads ``\\p{L}``, ``\\s``, ``\\d``... from its own Unicode tables, which
follow the newest Unicode version and move with every release; tiktoken's compiled patterns
and Hugging Face ``tokenizers`` use older ones (``_unicode_table.UNICODE_VERSION``, generated
from tiktoken by ``tools/unicode_table.py``; Oniguruma agrees on every code point). Characters
assigned since (U+05C8, U+1ACF.., a plane-3 CJK block ...) would cut differently.

Writing the classes out as explicit ranges makes ``regex`` 20-30x slower (it scans a class's
ranges one by one), so instead the *text* is pinned: every code point whose general category
(or ``\\s``) differs between ``regex``'s tables and the references' (:func:`divergence`,
about 18 000 rarely used code points in 84 runs for ``regex`` 2026.11 against Unicode 16.0;
found once per process, at the first non-ASCII text: 0.55 s on a loaded 2-core machine, see
benchmarks/bench_pinned.py) is replaced by a *stand-in*: the
nearest code point that both tables put in the reference's category (and ``\\s``) for it.
Patterns then see the references' classes; the pieces are cut from the original text at the
same offsets (one character for one). Text without such characters is used as it is.

What this does not pin: scripts, blocks and other properties (``\\p{Han}``), ``\\w``/``\\b``,
case folding, and a custom pattern's explicit ranges or literals that contain a divergent code
point but not its stand-in (the stand-in is the nearest one, usually in the same block).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np
import regex

from ._unicode_table import UNICODE_VERSION

__all__ = ["UNICODE_VERSION", "Divergence", "category_table", "class_mask", "divergence", "pinned_text"]

_MAX = 0x110000
_SURROGATES = slice(0xD800, 0xE000)
_SHORT = 256  # characters: below, a set lookup per character beats NumPy's set-up
# The classes the pre-tokenizers use, as sets of general categories.
_GROUPS = {"L": "Lu Ll Lt Lm Lo", "M": "Mn Mc Me", "N": "Nd Nl No"}


@cache
def _runs() -> tuple[tuple[str, ...], np.ndarray, np.ndarray]:
    """The category names, the first code point of every run of one category (and the end),
    and each run's category index."""
    from ._unicode_table import CATEGORIES, CATEGORY_RUNS

    names = tuple(CATEGORIES.split())
    runs = CATEGORY_RUNS.split()
    starts = np.array([int(r[:-2], 16) for r in runs] + [_MAX], dtype=np.int64)
    index = {name: k for k, name in enumerate(names)}
    codes = np.array([index[r[-2:]] for r in runs], dtype=np.uint8)
    return names, starts, codes


@cache
def category_table() -> tuple[tuple[str, ...], np.ndarray]:
    """The category names and, per code point, the index of its general category."""
    names, starts, codes = _runs()
    return names, np.repeat(codes, np.diff(starts))


@cache
def white_space() -> np.ndarray:
    """Per code point, whether the references' ``\\s`` matches it."""
    from ._unicode_table import WHITE_SPACE

    mask = np.zeros(_MAX, dtype=bool)
    for r in WHITE_SPACE.split():
        a, b = r.split("-")
        mask[int(a, 16) : int(b, 16) + 1] = True
    return mask


def class_mask(name: str) -> np.ndarray:
    """Per code point, whether it is in the references' ``\\p{name}`` (a general category,
    ``L``, ``M`` or ``N``) or, for ``name="s"``, in their ``\\s``."""
    if name == "s":
        return white_space()
    names, table = category_table()
    cats = _GROUPS.get(name, name).split()
    if not set(cats) <= set(names):
        raise ValueError(f"unknown general category {name!r}; use one of {', '.join(names)}, L, M or N")
    return np.isin(table, [names.index(c) for c in cats])


@dataclass(frozen=True, slots=True)
class Divergence:
    """Where the installed ``regex`` and the references' tables disagree."""

    mask: np.ndarray  # per code point: regex's category or \s differs from the references'
    stand_in: np.ndarray  # per code point (uint32): itself, or its stand-in where mask is set
    chars: frozenset[str]  # the code points of mask, as characters
    count: int
    runs: int

    def class_body(self) -> str:
        """The divergent code points as the body of a ``regex`` character class."""
        edges = np.flatnonzero(np.diff(np.r_[0, self.mask.astype(np.int8), 0]))
        return "".join(f"{_char(s)}-{_char(e - 1)}" for s, e in zip(edges[::2].tolist(), edges[1::2].tolist()))


def _char(c: int) -> str:
    return f"\\u{c:04x}" if c < 0x10000 else f"\\U{c:08x}"


def _as_text(codes: np.ndarray) -> str:
    return codes.astype(np.uint32).tobytes().decode("utf-32-le", "surrogatepass")


def _regex_disagrees(names: tuple[str, ...], table: np.ndarray) -> np.ndarray:
    """Per code point, whether ``regex`` puts it in another general category or disagrees on
    ``\\s``: each category's code points (the references') as one string, checked in one pass."""
    mask = np.zeros(_MAX, dtype=bool)
    space = white_space()
    _, starts, codes = _runs()
    # Every code point, ordered by category (the runs sorted, each run's code points in a row).
    by_run = np.argsort(codes, kind="stable")
    lengths = np.diff(starts)[by_run]
    ends = np.cumsum(lengths)
    order = (np.repeat(starts[:-1][by_run] - (ends - lengths), lengths) + np.arange(_MAX)).astype(np.uint32)
    bounds = np.r_[0, np.cumsum(np.bincount(codes, weights=np.diff(starts), minlength=len(names)))].astype(int)
    for k, name in enumerate(names):
        if name == "Cs":
            continue  # surrogates: never in text decoded from UTF-8, Cs in every table
        members = order[bounds[k] : bounds[k + 1]]
        members = members[~space[members]]
        text = members.tobytes().decode("utf-32-le")
        for rule in (rf"\P{{{name}}}+", r"\s+"):  # one set each: regex searches it fast
            for m in regex.finditer(rule, text):
                mask[members[m.start() : m.end()]] = True
    for c in np.flatnonzero(space).tolist():
        ch, name = chr(c), names[table[c]]
        mask[c] = not (regex.fullmatch(r"\s", ch) and regex.fullmatch(rf"\p{{{name}}}", ch))
    return mask


@cache
def divergence() -> Divergence:
    """The code points the installed ``regex`` classifies differently, with their stand-ins."""
    names, table = category_table()
    mask = _regex_disagrees(names, table)
    stand_in = np.arange(_MAX, dtype=np.uint32)
    space = white_space()
    targets = np.flatnonzero(mask)
    # Each divergent code point's stand-in: the nearest agreed one of the same kind.
    kind = table[targets].astype(np.int64) * 2 + space[targets]
    for k in sorted(set(kind.tolist())):
        cand = np.flatnonzero(table == k // 2)
        cand = cand[~mask[cand] & (space[cand] == bool(k % 2)) & ((cand < 0xD800) | (cand >= 0xE000))]
        if cand.size == 0:
            raise RuntimeError(
                f"regex {regex.__version__} has no code point of category {names[k // 2]} to stand in with"
            )
        xs = targets[kind == k]
        at = np.searchsorted(cand, xs)
        below = cand[np.clip(at - 1, 0, cand.size - 1)]
        above = cand[np.clip(at, 0, cand.size - 1)]
        stand_in[xs] = np.where(np.abs(xs - below) <= np.abs(above - xs), below, above)
    edges = np.flatnonzero(np.diff(np.r_[0, mask.astype(np.int8), 0]))
    chars = frozenset(map(chr, targets.tolist()))
    return Divergence(mask, stand_in, chars, int(targets.size), int(edges.size // 2))


def pinned_text(text: str) -> str:
    """``text`` with every code point that ``regex`` classifies differently from the references
    replaced by its stand-in (the same length; ``text`` itself when there is none)."""
    if text.isascii():
        return text
    div = divergence()
    if not div.count or (len(text) < _SHORT and div.chars.isdisjoint(text)):
        return text
    codes = np.frombuffer(text.encode("utf-32-le", "surrogatepass"), dtype=np.uint32)
    hit = div.mask[codes]
    if not hit.any():
        return text
    codes = codes.copy()
    codes[hit] = div.stand_in[codes[hit]]
    return _as_text(codes)
