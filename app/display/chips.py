"""Chip data: what each chip says, its kind and its color, and re-using it across keystrokes.

Pure Python and numpy (no Qt). A chip's label is a tuple of segments ``(text, style)``: the
token's text with visible whitespace (``TEXT``), or for bytes of a split character the hex
bytes (``HEX``) and an arrow to the character they belong to (``POINTER``). For each token
(or id, or pre-tokenization piece) of a text a :class:`Chips` holds its label segments, its
kind, whether its line ends after it, its character span and its palette index. The builders
keep the previous result so that after an edit only the chips between the unchanged prefix
and suffix are made again; they report that ``(prefix, suffix)`` so the view can keep its
layout too. A :class:`Chip` is one chip of a short row (a pre-token's segmentation in step
mode, a piece of the pre-tokenizer preview): the same kinds and colors, fewer fields.

Colors come from :mod:`app.display.palette`: a token keeps its color wherever it appears,
except that neighbours never share one. Drawing is :mod:`app.widgets.chip_painter`'s job.
"""

from __future__ import annotations

from array import array
from bisect import bisect_right
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from operator import itemgetter
from typing import Any, Generic, NamedTuple, TypeVar, overload

import numpy as np

from app.display.format import hex_bytes, token_label, visible
from app.display.palette import color_after, stable_colors
from app.display.token_data import TokenTable, cut_points
from bpe_engine import array_in_blocks

__all__ = [
    "TEXT",
    "HEX",
    "POINTER",
    "Segment",
    "NORMAL",
    "PARTIAL",
    "SPECIAL",
    "PIECE",
    "Chip",
    "Chips",
    "LazyList",
    "TokenChipBuilder",
    "with_chip_arrays",
    "piece_bounds",
    "PieceChipBuilder",
    "common_affixes",
    "chip_segments",
    "chip_text",
    "token_chips",
    "id_chips",
    "piece_chips",
    "piece_reuse",
    "row_chips",
]

# Label segment styles.
TEXT, HEX, POINTER = 0, 1, 2
Segment = tuple[str, int]  # (text, style)

# Chip kinds: a token, a token holding only part of a character, a special token, a
# pre-tokenization piece.
NORMAL, PARTIAL, SPECIAL, PIECE = 0, 1, 2, 3


T = TypeVar("T")
_KEPT = 8192  # items a LazyList keeps (a screenful of chips several times over)


class LazyList(Sequence[T], Generic[T]):
    """``n`` items, item ``i`` made by ``make(i)`` when first asked for and then kept.

    Chip labels of a 300 000-character text are made this way: a view asks only for the
    chips it lays out or paints, so showing a text (or toggling "Show whitespace") costs what
    is on screen, not the whole text."""

    def __init__(self, n: int, make: Callable[[int], T]) -> None:
        self._n = n
        # subtle: only the items made lately are kept (what a view paints again and again);
        # a list of 300 000 labels was walked by every garbage collection, 100 ms each time.
        self._items: dict[int, T] = {}
        self._make = make
        #: How many items were made so far.
        self.made = 0

    def __len__(self) -> int:
        return self._n

    @overload
    def __getitem__(self, index: int) -> T: ...
    @overload
    def __getitem__(self, index: slice) -> list[T]: ...
    def __getitem__(self, index: int | slice) -> T | list[T]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(self._n))]
        if index < 0:
            index += self._n
        if not 0 <= index < self._n:
            raise IndexError(index)
        item = self._items.get(index)
        if item is None:
            item = self._make(index)
            if len(self._items) >= _KEPT:
                self._items.clear()
            self._items[index] = item
            self.made += 1
        return item

    def peek(self, index: int) -> T:
        """Item ``index``; kept only while half full (a layout's pass over every item pushed out the painted ones)."""
        if index in self._items or len(self._items) < _KEPT // 2 or not 0 <= index < self._n:
            return self[index]
        self.made += 1  # (made again at each zoom when pushed out: ~18 µs each, 800 a view)
        return self._make(index)

    def __iter__(self) -> Iterator[T]:
        return (self[i] for i in range(self._n))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sequence) and list(self) == list(other)

    __hash__ = None  # type: ignore[assignment]  # mutable cache: equal by value, not hashable


@dataclass
class Chips:
    """What a :class:`ChipView` draws: per chip its label segments, kind, whether its line ends
    after it, its character span (to outline the chips sharing a split character) and its
    palette index (``None``: by position). Token chips' labels and spans are :class:`LazyList`:
    made when a view reaches them."""

    segments: Sequence[tuple[Segment, ...]] = field(default_factory=list)
    kinds: Sequence[int] = field(default_factory=list)
    breaks: Sequence[int] = field(default_factory=list)  # true: the chip ends its line
    spans: Sequence[tuple[int, int]] | None = None
    colors: Sequence[int] | None = None

    def __len__(self) -> int:
        return len(self.segments)

    def related(self, index: int) -> list[int]:
        """Chips sharing a character with chip ``index`` (itself included): the pieces of a split character."""
        spans = self.spans
        if spans is None or not (0 <= index < len(spans)) or self.kinds[index] != PARTIAL:
            return [index] if 0 <= index < len(self.segments) else []
        s, e = spans[index]
        out = [index]
        j = index - 1
        while j >= 0 and spans[j][1] > s:
            out.insert(0, j)
            j -= 1
        j = index + 1
        while j < len(spans) and spans[j][0] < e:
            out.append(j)
            j += 1
        return out


class Chip(NamedTuple):
    """One chip of a short row: its label, its palette index (a token's color, or a piece's
    tone), an outline (the token a merge just made), its kind, and a mark (a bar under it:
    part of the pair the next merge joins)."""

    label: str
    color: int
    outlined: bool = False
    kind: int = NORMAL
    marked: bool = False

    @property
    def special(self) -> bool:
        return self.kind == SPECIAL


def row_chips(
    tokens: Sequence[tuple[int, bytes]], outlined: int = -1, marked: Sequence[bool] | None = None
) -> list[Chip]:
    """The chips of a short token sequence ``(id, bytes)``: token ``outlined`` outlined, and
    ``marked[i]`` marking chip ``i``. Colors follow :func:`~app.display.palette.stable_colors`,
    as in every token view, so a token looks the same here and there."""
    colors = stable_colors(token_id for token_id, _ in tokens)
    out = []
    for i, ((token_id, data), color) in enumerate(zip(tokens, colors)):
        try:
            data.decode("utf-8")
            kind = NORMAL
        except UnicodeDecodeError:
            kind = PARTIAL  # part of a character, as the token views draw it
        out.append(Chip(token_label(data), color, token_id == outlined, kind, bool(marked and marked[i])))
    return out


_label_cache: dict[tuple[bytes | str, bool], tuple[Segment, ...]] = {}  # str: a SentencePiece piece
_piece_cache: dict[tuple[str, bool], tuple[Segment, ...]] = {}


def _bisect_affixes(old: Sequence[Any], new: Sequence[Any]) -> tuple[int, int]:
    """Common prefix and suffix by binary search over slice comparisons (C speed for str)."""
    n = min(len(old), len(new))
    lo, hi = 0, n
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if old[:mid] == new[:mid]:
            lo = mid
        else:
            hi = mid - 1
    prefix = lo
    lo, hi = 0, n - prefix
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if old[len(old) - mid :] == new[len(new) - mid :]:
            lo = mid
        else:
            hi = mid - 1
    return prefix, lo


def _array_affixes(a: np.ndarray, b: np.ndarray) -> tuple[int, int]:
    n = min(len(a), len(b))
    diff = np.flatnonzero(a[:n] != b[:n])
    prefix = int(diff[0]) if diff.size else n
    m = n - prefix
    if m == 0:
        return prefix, 0
    diff = np.flatnonzero(a[len(a) - m :][::-1] != b[len(b) - m :][::-1])
    return prefix, int(diff[0]) if diff.size else m


def common_affixes(old: Sequence[Any], new: Sequence[Any]) -> tuple[int, int]:
    """Lengths of the common prefix and of the common suffix (not overlapping it).

    Whole numbers are compared with numpy, anything else (strings) by binary search over
    slice comparisons; either way a keystroke in 25 000 tokens costs about a millisecond.
    """
    if isinstance(old, str) or isinstance(new, str):
        return _bisect_affixes(old, new)
    a = old if isinstance(old, np.ndarray) else np.asarray(old)
    b = new if isinstance(new, np.ndarray) else np.asarray(new)
    if a.dtype.kind in "iu" and b.dtype.kind in "iu":
        return _array_affixes(a, b)
    return _bisect_affixes(old, new)


def chip_segments(
    table: TokenTable, k: int, whitespace: bool = True, char_starts: list[int] | None = None
) -> tuple[Segment, ...]:
    """The label of token ``k``: its text (a SentencePiece token's piece, ``▁`` included), or
    for bytes of a split character and for byte-fallback tokens the hex bytes and an arrow to
    the character they belong to (never a bare U+FFFD).

    ``char_starts``: ``table.char_byte_starts`` as a list, made once per table by a caller
    labelling many tokens (a NumPy lookup per token made "Show whitespace" take seconds)."""
    cbs: Any = table.char_byte_starts if char_starts is None else char_starts

    def char_at(offset: int) -> int:
        return table.char_at_byte(offset) if char_starts is None else bisect_right(char_starts, offset) - 1

    token = table.tokens[k]
    byte_token = table.fallback is not None and table.fallback[k]
    if table.complete[k] and not byte_token:
        label = token.decode("utf-8") if table.labels is None else table.labels[k]
        return ((chip_text(label, whitespace), TEXT),)
    if byte_token and token:
        # A SentencePiece byte-fallback token (<0xE5>): its byte, and the character it spells.
        c = char_at(table.byte_starts[k])
        return ((hex_bytes(token), HEX), ("→" + visible(table.text[c]), POINTER))
    b0 = table.byte_starts[k]
    b1 = table.byte_starts[k + 1]
    segs: list[Segment] = []
    c = char_at(b0)
    run = []  # whole characters inside the token
    while c < len(cbs) - 1 and cbs[c] < b1:
        cs, ce = int(cbs[c]), int(cbs[c + 1])
        if cs >= b0 and ce <= b1:
            run.append(table.text[c])
        else:
            if run:
                segs.append((chip_text("".join(run), whitespace), TEXT))
                run = []
            segs.append((hex_bytes(table.data[max(cs, b0) : min(ce, b1)]), HEX))
            segs.append(("→" + visible(table.text[c]), POINTER))
        c += 1
    if run:
        segs.append((chip_text("".join(run), whitespace), TEXT))
    return tuple(segs)


def chip_text(text: str, whitespace: bool) -> str:
    if whitespace:
        return visible(text, True)
    # Without visible whitespace a newline still ends the chip's line (the widget breaks
    # there), so it is dropped from the label; a tab becomes spaces.
    return visible(text, False).replace("\n", "").replace("\t", "    ")


def _token_segments(
    table: TokenTable, k: int, whitespace: bool, char_starts: list[int] | None = None
) -> tuple[Segment, ...]:
    if not table.complete[k] or (table.fallback is not None and table.fallback[k]):
        return chip_segments(table, k, whitespace, char_starts)  # depends on the neighbours: not cached
    key: tuple[bytes | str, bool] = (table.tokens[k] if table.labels is None else table.labels[k], whitespace)
    segs = _label_cache.get(key)
    if segs is None:
        if len(_label_cache) > 200_000:
            _label_cache.clear()
        segs = _label_cache[key] = chip_segments(table, k, whitespace)
    return segs


class TokenChipBuilder:
    """Token chips and id chips for successive tables of the same view.

    Labels are made lazily (:class:`LazyList`), kinds and line breaks with NumPy, colors come
    with the table (made in the encode job): building costs a few NumPy passes, whatever the
    text's length. :meth:`build` also returns the unchanged ``(prefix, suffix)`` since the
    previous table, so the view can keep the layout of the lines before an edit and re-use
    the one after it.
    """

    def __init__(self) -> None:
        self._ids: tuple[int, ...] = ()
        self._array = np.empty(0, dtype=np.int64)
        self._ws: bool | None = None
        self.tokens = Chips()
        self.ids = Chips()

    def build(self, table: TokenTable, whitespace: bool = True) -> tuple[Chips, Chips, tuple[int, int] | None]:
        ids = table.ids
        n = len(ids)
        old_n = len(self._ids)
        id_array = table.id_array if table.id_array is not None else np.fromiter(ids, dtype=np.int64, count=n)
        if whitespace == self._ws and old_n:
            p, s = _array_affixes(self._array, id_array)
            # A split character's chips name the character: relabel one more on each side.
            p, s = max(p - 1, 0), max(s - 1, 0)
            reuse: tuple[int, int] | None = (p, s)
        else:
            p = s = 0
            reuse = None
        if ids == self._ids and self.tokens.colors is not None:
            colors = self.tokens.colors  # the same tokens: "Show whitespace" changes only labels
        elif table.colors is not None:
            colors = table.colors
        else:
            colors = self._colors(ids, p, s, list(self.tokens.colors or []))
        kinds = _kinds(table)
        spans: LazyList[tuple[int, int]] = LazyList(n, lambda k: (table.char_starts[k], table.char_ends[k]))
        segments: LazyList[tuple[Segment, ...]] = LazyList(n, lambda k: _token_segments(table, k, whitespace))
        id_segments: LazyList[tuple[Segment, ...]] = LazyList(n, lambda k: ((str(ids[k]), TEXT),))
        self.tokens = Chips(segments, kinds, _breaks(table), spans, colors)
        self.ids = Chips(id_segments, kinds, array("b", bytes(n)), spans, colors)
        self._ids = ids
        self._array = id_array
        self._ws = whitespace
        return self.tokens, self.ids, reuse

    def _colors(self, ids: tuple[int, ...], p: int, s: int, old: list[int]) -> list[int]:
        if not old:
            return stable_colors(ids)
        n, old_n = len(ids), len(old)
        out = old[:p]
        prev = out[-1] if out else -1
        for k in range(p, n):
            if k >= n - s and k > p:
                j = k - n + old_n
                if old[j - 1] == prev:  # the chain has caught up with the old colors
                    out.extend(old[j:])
                    return out
            prev = color_after(ids[k], prev)
            out.append(prev)
        return out


def _kinds(table: TokenTable) -> array[int]:
    """Each token's chip kind (made in the encode job when it made the table)."""
    kinds = table.kinds if table.kinds is not None else _kind_array(table)
    return array("b", kinds.tobytes())


def _kind_array(table: TokenTable) -> np.ndarray:
    """Each token's chip kind, in NumPy passes (a Python loop took a second on 300 000 tokens);
    the tuples read in blocks (one ``np.fromiter`` over them held the interpreter lock long
    enough for the GUI thread to wait)."""
    whole = array_in_blocks(table.complete, bool)
    if table.fallback is not None:
        whole &= ~array_in_blocks(table.fallback, bool)
    special = array_in_blocks(table.special, bool)
    kinds: np.ndarray = np.where(special, SPECIAL, np.where(whole, NORMAL, PARTIAL)).astype(np.int8)
    return kinds


def with_chip_arrays(table: TokenTable) -> TokenTable:
    """``table`` with what its chips are built from made now (the encode job calls it, so
    that the GUI thread does no pass over the tokens when it shows them)."""
    ids = array_in_blocks(table.ids, np.int64)  # (in blocks: no long C call, see _kind_array)
    return replace(table, id_array=ids, kinds=_kind_array(table))


def piece_bounds(pieces: Sequence[tuple[str, int, int, bool]]) -> tuple[np.ndarray, np.ndarray]:
    """The pieces' start and end offsets as arrays (:meth:`PieceChipBuilder.build`'s ``bounds``)."""
    # itemgetter, not a generator: no Python frame per piece (a 1 MB text has 230 000)
    return array_in_blocks(pieces, np.int64, itemgetter(1)), array_in_blocks(pieces, np.int64, itemgetter(2))


def _breaks(table: TokenTable) -> array[int]:
    """Whether each token holds a newline (its chip ends its line): the tokens holding the
    text's newline bytes, found by a search over the tokens' byte offsets."""
    newlines = np.flatnonzero(np.frombuffer(table.data, dtype=np.uint8) == 0x0A)
    breaks = np.zeros(len(table), dtype=bool)
    if newlines.size:
        starts = cut_points(table)  # made in the encode job
        breaks[np.searchsorted(starts, newlines, side="right") - 1] = True
    return array("b", breaks.astype(np.int8).tobytes())


def token_chips(table: TokenTable, whitespace: bool = True) -> Chips:
    """Chips for the tokens of ``table`` (no re-use)."""
    return TokenChipBuilder().build(table, whitespace)[0]


def id_chips(table: TokenTable) -> Chips:
    """The ids of ``table`` as chips, styled and colored like its token chips."""
    return TokenChipBuilder().build(table, True)[1]


def _piece_segments(text: str, whitespace: bool) -> tuple[Segment, ...]:
    segs = _piece_cache.get((text, whitespace))
    if segs is None:
        if len(_piece_cache) > 200_000:
            _piece_cache.clear()
        segs = _piece_cache[(text, whitespace)] = ((chip_text(text, whitespace), TEXT),)
    return segs


def piece_chips(pieces: Sequence[tuple[str, int, int, bool]], whitespace: bool = True) -> Chips:
    """Pre-tokenization pieces ``(text, start, end, is_special)`` as chips (no re-use)."""
    return PieceChipBuilder().build(pieces, "".join(p[0] for p in pieces), whitespace)[0]


class PieceChipBuilder:
    """Chips for the pre-tokenization pieces of successive texts, re-using the unchanged ones.

    Pieces cover the text without gaps, so the pieces before the edit are those whose ends
    did not move and lie in the unchanged text prefix; likewise from the end.
    """

    def __init__(self) -> None:
        self._text = ""
        self._pieces: Sequence[tuple[str, int, int, bool]] = ()
        self._starts = np.empty(0, dtype=np.int64)
        self._ends = np.empty(0, dtype=np.int64)
        self._ws: bool | None = None
        self.chips = Chips()

    def build(
        self,
        pieces: Sequence[tuple[str, int, int, bool]],
        text: str,
        whitespace: bool = True,
        bounds: tuple[np.ndarray, np.ndarray] | None = None,
    ) -> tuple[Chips, tuple[int, int] | None]:
        """``bounds``: :func:`piece_bounds` of ``pieces``, if made already (in the encode job)."""
        n = len(pieces)
        if pieces is self._pieces:
            starts, ends = self._starts, self._ends  # the same pieces ("Show whitespace")
        else:
            starts, ends = bounds if bounds is not None else piece_bounds(pieces)
        old = self.chips
        old_n = len(old)
        if whitespace == self._ws and old_n and n:
            tp, ts = _bisect_affixes(self._text, text)
            p = min(_array_affixes(self._ends, ends)[0], int(np.searchsorted(ends, tp, side="right")))
            from_end_old = len(self._text) - self._starts
            from_end_new = len(text) - starts
            s = _array_affixes(from_end_old, from_end_new)[1]
            s = min(s, int(np.count_nonzero(from_end_new <= ts)))
            p, s = max(p - 1, 0), max(s - 1, 0)  # one piece of margin: lookaheads may reach across
            s = min(s, n - p, old_n - p)
            reuse: tuple[int, int] | None = (p, s)
        else:
            p = s = 0
            reuse = None
        # made when a view reaches them (labels, kinds and line ends of 100 000 pieces took
        # a quarter of a second in the GUI thread)
        segments = LazyList(n, lambda k: _piece_segments(pieces[k][0], whitespace))
        kinds = LazyList(n, lambda k: SPECIAL if pieces[k][3] else PIECE)
        breaks = LazyList(n, lambda k: "\n" in pieces[k][0])
        self.chips = Chips(segments, kinds, breaks)
        self._text, self._pieces, self._starts, self._ends, self._ws = text, pieces, starts, ends, whitespace
        return self.chips, reuse


def piece_reuse(
    old: Sequence[tuple[str, int, int, bool]], new: Sequence[tuple[str, int, int, bool]]
) -> tuple[int, int]:
    """Unchanged leading and trailing pieces (by text and kind)."""
    return _bisect_affixes([(t, sp) for t, _, _, sp in old], [(t, sp) for t, _, _, sp in new])
