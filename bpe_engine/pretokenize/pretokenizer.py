"""``Pretokenizer``: a named pre-tokenizer or a custom regex (run under a time limit, but for
the released ones), cutting special-token-free text into pieces, with its safe cuts and its
byte-level and stand-in fast paths."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from itertools import accumulate, islice
from typing import TYPE_CHECKING

import numpy as np
import regex

from .._blocks import BLOCK, array_in_blocks, tolist_in_blocks
from .._text import lone_surrogate, surrogate_message
from ..errors import PretokenizerError, as_typed, short
from ..unicode_classes import divergence, pinned_text
from .patterns import _GPT_SAFE_CUT, _NAMED, _RELEASED, CUT_MARKS, LINEAR_PATTERNS, PRETOKENIZER_NAMES, _guarded
from .twins import _WHITESPACE_BYTES, BYTE_TWIN_NAMES, ascii_byte_pattern, byte_stand_ins, stand_in_table

if TYPE_CHECKING:
    from .specials import SpecialSplitter

__all__ = ["Pretokenizer", "get_pretokenizer"]


class Pretokenizer:
    """A named pre-tokenizer or a custom regex; cuts special-token-free text into pieces.

    ``spec`` is one of :data:`PRETOKENIZER_NAMES` or ``"regex:<pattern>"``.
    """

    __slots__ = (
        "spec",
        "name",
        "pattern",
        "description",
        "_compiled",
        "_safe_cut_rule",
        "_safe_cut",
        "_safe_cut_rev",
        "_covers_all",
        "_bytes_ascii",
        "_bytes_any",
        "_twin",
    )

    def __init__(self, spec: str) -> None:
        if not isinstance(spec, str):
            raise PretokenizerError(
                f"pre-tokenizer must be a string, got {type(spec).__name__}; "
                f"use one of {', '.join(PRETOKENIZER_NAMES)} or 'regex:<pattern>'"
            )
        self.spec = spec
        if spec in _NAMED:
            pattern, safe_cut, description = _NAMED[spec]
            self.name = spec
            self.pattern = pattern
            self.description = description
            self._covers_all = True  # the named patterns match every character
        elif spec.startswith("regex:"):
            pattern = spec[len("regex:") :]
            if not pattern:
                raise PretokenizerError("custom pre-tokenizer regex is empty; write a pattern after 'regex:'")
            at = lone_surrogate(pattern)
            if at is not None:
                raise PretokenizerError(surrogate_message("the pre-tokenizer regex", pattern, at))
            released = _RELEASED.get(pattern)
            safe_cut = _GPT_SAFE_CUT if released is not None else None
            self.name = "regex"
            self.pattern = pattern
            self.description = f"Custom regex {pattern}"
            self._covers_all = False
        else:
            raise PretokenizerError(
                f"unknown pre-tokenizer {short(spec)}; use one of {', '.join(PRETOKENIZER_NAMES)} "
                "or 'regex:<pattern>' for a custom regular expression"
            )
        try:
            self._compiled = regex.compile(self.pattern) if self.pattern is not None else None
        except regex.error as exc:
            typed = as_typed(self.pattern or "")
            raise PretokenizerError(f"invalid pre-tokenizer regex {typed}: {exc}") from None
        self._safe_cut_rule = safe_cut
        self._safe_cut: regex.Pattern[str] | None = None  # compiled when first asked for
        self._safe_cut_rev: regex.Pattern[str] | None = None
        twin = _RELEASED.get(self.pattern or "", "") if self.name == "regex" else self.name
        self._twin = twin
        self._bytes_ascii = ascii_byte_pattern(twin)
        self._bytes_any = _WHITESPACE_BYTES if self.name == "whitespace" else None

    def __repr__(self) -> str:
        return f"Pretokenizer({self.spec!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Pretokenizer) and other.spec == self.spec

    def __hash__(self) -> int:
        return hash(self.spec)

    def __reduce__(self) -> tuple[type, tuple[str]]:
        return (Pretokenizer, (self.spec,))

    @property
    def safe_cut(self) -> regex.Pattern[str] | None:
        """Positions where a text may be cut into chunks without changing its pieces, or None."""
        if self._safe_cut is None and self._safe_cut_rule is not None:
            rule = _guarded(self._safe_cut_rule)
            self._safe_cut = regex.compile(rule)
            # subtle: the same rule searched backwards finds the *last* cut in a window directly
            # (thousands of times faster than walking every match; the rules match 0-2 chars,
            # so both directions see the same positions).
            self._safe_cut_rev = regex.compile(rule, flags=regex.REVERSE)
        return self._safe_cut

    @property
    def _pins(self) -> bool:
        """Whether the pattern runs on pinned text: the named patterns and the released ones,
        whose references (tiktoken, ``tokenizers``) cut by their own Unicode tables."""
        return self._compiled is not None and (self._covers_all or self.pattern in LINEAR_PATTERNS)

    @contextmanager
    def prepared(self) -> Iterator[None]:
        """Make now what the first split of non-ASCII text and the first chunk cut make (the
        pinning tables, the safe cuts' pattern: ~0.05 s), so that worker processes forked
        inside the block inherit them instead of each making them again. On leaving, the
        pinning tables are dropped again if the block made them (~7 MB this process may
        never use; made again if it does)."""
        fresh = not divergence.cache_info().currsize
        if self._pins:
            divergence()
        _ = self.safe_cut
        # Their temporaries (~12 MB of the scans over every code point) are freed, but glibc
        # keeps such pages resident: the trainer would hold them through the counting.
        from ..parallel import release_free_memory  # (only a forking caller gets here)

        release_free_memory()
        try:
            yield
        finally:
            if fresh:
                divergence.cache_clear()

    def pin(self, text: str) -> str:
        """``text`` as :meth:`split` hands it to the pattern (see :func:`pinned_text`): when
        this is ``text`` itself, :meth:`split_pinned` of any part of it equals :meth:`split`."""
        return pinned_text(text) if self._pins else text

    def split(self, text: str) -> list[str]:
        """Pieces of ``text`` (which holds no special tokens); their concatenation is ``text``."""
        compiled = self._compiled
        if compiled is not None and self._pins and text:
            pinned = pinned_text(text)
            if pinned is not text:  # the same cuts, in the original text
                bounds = list(accumulate(map(len, compiled.findall(pinned)), initial=0))
                return list(map(text.__getitem__, map(slice, bounds, islice(bounds, 1, None))))
        return self.split_pinned(text)

    def split_pinned(self, text: str) -> list[str]:
        """:meth:`split` of ``text`` that :meth:`pin` leaves as it is (or a part of such a
        text), without looking for characters to pin again: a text of thousands of short
        documents between special tokens is pinned once, not once per document."""
        if not text:
            return []
        compiled = self._compiled
        if compiled is None:
            return [text]
        if self._covers_all:
            pieces: list[str] = compiled.findall(text)
            return pieces
        if self.pattern in LINEAR_PATTERNS:
            # Every character is in \s, \p{L}, \p{N} or none of them, and each released
            # pattern has a non-empty alternative for each: findall tiles the text.
            tiles: list[str] = compiled.findall(text)
            return tiles
        if not compiled.groups:
            # A custom pattern usually covers every character too: findall (C-speed) is then
            # the answer, which the lengths prove; else the spans keep the unmatched text.
            limit = self.time_limit(len(text))
            try:
                found: list[str] = compiled.findall(text, timeout=limit)
            except TimeoutError:
                raise self._too_slow(len(text), limit) from None
            if sum(map(len, found)) == len(text):
                return [p for p in found if p] if "" in found else found
        return [text[s:e] for s, e in self.spans(text)]

    def time_limit(self, chars: int) -> float | None:
        """How long a custom regex may take on ``chars`` characters (None for the built-in
        patterns and those of released tokenizers, which never backtrack badly): 1 s plus 2 s
        per million characters, far more than any sane pattern needs, far less than a
        catastrophic one takes."""
        if self._covers_all or self.pattern in LINEAR_PATTERNS:
            return None
        return 1.0 + chars / 500_000

    def spans(self, text: str, *, timeout: float | None = None) -> list[tuple[int, int]]:
        """``(start, end)`` character offsets of the pieces of ``text``.

        A custom regex runs under a time limit (``timeout`` seconds, default
        :meth:`time_limit`): one that backtracks catastrophically raises
        :class:`~bpe_engine.errors.PretokenizerError` naming it instead of running for ages.
        """
        if not text:
            return []
        if self._compiled is None:
            return [(0, len(text))]
        if not self._covers_all:
            limit = timeout if timeout is not None else self.time_limit(len(text))
            try:
                return list(self._spans(pinned_text(text), limit))
            except TimeoutError:
                raise self._too_slow(len(text), limit) from None
        if self._covers_all:
            # The pieces tile the text, so offsets follow from their lengths (C-speed; match
            # objects from finditer cost several times more), in blocks: one C pass over the
            # 400 000 pieces of 1 MB held the interpreter lock for the app's GUI thread.
            lengths = array_in_blocks(self._compiled.findall(pinned_text(text)), np.int64, len)
            bounds = tolist_in_blocks(np.concatenate([np.zeros(1, dtype=np.int64), np.cumsum(lengths)]))
            spans: list[tuple[int, int]] = []
            for i in range(0, len(lengths), BLOCK):
                spans += zip(bounds[i : i + BLOCK], bounds[i + 1 : i + BLOCK + 1])
            return spans
        return list(self._spans(pinned_text(text)))

    def _too_slow(self, chars: int, limit: float | None) -> PretokenizerError:
        return PretokenizerError(
            f"the pre-tokenizer regex {short(self.pattern)} takes too long on this text "
            f"({chars:,} characters, more than {limit or 0:.1f} s): it backtracks too much; "
            "simplify it (avoid nested or overlapping repetitions such as (a|a)+ or (a+)+)"
        )

    def _spans(self, text: str, timeout: float | None = None) -> Iterator[tuple[int, int]]:
        compiled = self._compiled
        if compiled is None:  # "none": the whole text is one piece
            yield (0, len(text))
            return
        pos = 0
        for m in compiled.finditer(text, timeout=timeout):
            s, e = m.span()
            if s == e:
                continue  # subtle: empty matches would produce empty pieces; skip them
            if s > pos:
                yield (pos, s)  # text the pattern does not cover stays a piece of its own
            yield (s, e)
            pos = e
        if pos < len(text):
            yield (pos, len(text))

    def may_cut(self, text: str | bytes, start: int, end: int) -> bool:
        """False when :attr:`safe_cut` has no match at any position from ``start`` to ``end``
        of ``text`` (str or UTF-8 bytes): none of its rule's marks is there (see
        :data:`~.patterns.CUT_MARKS`); True when it may have one."""
        marks = CUT_MARKS.get(self._safe_cut_rule) if self._safe_cut_rule is not None else None
        if marks is None:
            return True
        a, b = max(0, start - 1), end + 1  # a line break just before a cut, a space at it
        if isinstance(text, bytes):
            return any(text.find(m.encode(), a, b) >= 0 for m in marks)
        return any(text.find(m, a, b) >= 0 for m in marks)

    def last_safe_cut(self, text: str, start: int = 0, end: int | None = None) -> int | None:
        """The last position in ``text[start:end]`` where it may be cut, or None."""
        if self.safe_cut is None or self._safe_cut_rev is None:
            return None
        m = self._safe_cut_rev.search(text, start, len(text) if end is None else end)
        return m.start() if m else None

    @property
    def bytes_exact(self) -> bool:
        """True if :meth:`split_bytes` is exact for any UTF-8 input."""
        return self._bytes_any is not None

    @property
    def twin(self) -> str:
        """The name of the pattern's byte-level twin (a named pattern's, or "qwen", "llama3",
        "tekken" for the released custom ones), or "" when it has none."""
        return self._twin if self._bytes_ascii is not None else ""

    @property
    def ascii_fast(self) -> bool:
        """True if :meth:`split_bytes` is exact for ASCII input."""
        return self._bytes_ascii is not None or self._bytes_any is not None

    def utf8_pieces(self, text: str, specials: SpecialSplitter | None = None) -> tuple[list[bytes], list[int]] | None:
        """The pieces of ``text`` as UTF-8 bytes, split at ``specials`` first (a special token
        is a piece of its own; their indices come second), through the ASCII stand-ins (see
        :func:`stand_in_table`) or the byte stand-ins (:func:`byte_stand_ins`); None for
        patterns without stand-ins (and for text holding lone surrogates, which has no UTF-8
        form)."""
        found = self.utf8_bounds(text, specials)
        if found is None:
            return None
        raw, ends, special_at = found
        end_list = ends.tolist()
        return list(map(raw.__getitem__, map(slice, [0] + end_list[:-1], end_list))), special_at

    def utf8_bounds(
        self, text: str, specials: SpecialSplitter | None = None
    ) -> tuple[bytes, np.ndarray, list[int]] | None:
        """:meth:`utf8_pieces` as offsets: ``text`` in UTF-8, the byte offset where each piece
        ends (int64) and the indices of the special tokens' pieces; no ``bytes`` per piece."""
        table = stand_in_table(self.name)
        twin = self._bytes_ascii
        if table is None:
            if self._twin not in BYTE_TWIN_NAMES or self.pattern is None:
                return None
            table, twin = byte_stand_ins(self._twin, self.pattern)
        if not text:
            return b"", np.empty(0, dtype=np.int64), []
        assert twin is not None
        try:
            cp = np.frombuffer(text.encode("utf-32-le"), dtype=np.uint32)
        except UnicodeEncodeError:
            return None  # lone surrogates: not UTF-8 text; the regex path reports it
        stand = table[cp].tobytes()  # character i of text is byte i here
        lengths: list[int] = []  # of the pieces, in characters
        special_at: list[int] = []
        pos = 0
        rx = specials.pattern if specials is not None else None
        if rx is not None:
            for m in rx.finditer(text):
                s, e = m.span()
                if s > pos:
                    lengths += map(len, twin.findall(stand, pos, s))
                special_at.append(len(lengths))
                lengths.append(e - s)
                pos = e
        found = twin.findall(stand, pos) if pos < len(text) else []
        last = np.fromiter(map(len, found), dtype=np.int64, count=len(found))  # (no list of ints)
        piece_chars = np.concatenate((np.array(lengths, dtype=np.int64), last)) if lengths else last
        raw = text.encode("utf-8")
        # Byte offset of every character's start (its lead byte) and of the end, then of every
        # piece's end.
        starts = np.flatnonzero((np.frombuffer(raw, dtype=np.uint8) & 0xC0) != 0x80)
        ends: np.ndarray = np.append(starts, len(raw))[np.cumsum(piece_chars)]
        return raw, ends, special_at

    def split_bytes(self, data: bytes) -> list[bytes] | None:
        """Pieces of UTF-8 ``data`` without decoding it, when a byte-level pattern is exact
        for it (``whitespace`` always; the GPT patterns for ASCII data); otherwise None."""
        if self._bytes_any is not None:
            return self._bytes_any.findall(data)
        if self._bytes_ascii is not None and data.isascii():
            return self._bytes_ascii.findall(data)
        if self._compiled is None and data:
            return [data]
        return None


def get_pretokenizer(spec: str | Pretokenizer) -> Pretokenizer:
    """Return the :class:`Pretokenizer` for a name, ``regex:<pattern>``, or an instance."""
    if isinstance(spec, Pretokenizer):
        return spec
    return Pretokenizer(spec)
