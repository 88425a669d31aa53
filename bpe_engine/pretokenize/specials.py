"""``SpecialSplitter``: a text split at its special tokens, the longest winning where several
match (compiled on first use)."""

from __future__ import annotations

import re
from collections.abc import Iterable

from .._text import lone_surrogate, surrogate_message
from ..errors import ConfigError, short

__all__ = ["SpecialSplitter"]


class SpecialSplitter:
    """Splits text at special tokens; the longest special token wins where several match."""

    __slots__ = ("tokens", "_regex", "_compiled")

    def __init__(self, special_tokens: Iterable[str] = ()) -> None:
        tokens: list[str] = []
        seen: set[str] = set()
        for tok in special_tokens:
            if not isinstance(tok, str) or not tok:
                raise ConfigError(f"special tokens must be non-empty strings, got {short(tok)}")
            if tok not in seen:
                at = lone_surrogate(tok)
                if at is not None:
                    raise ConfigError(surrogate_message(f"special token {short(tok)}", tok, at))
                seen.add(tok)
                tokens.append(tok)
        self.tokens: tuple[str, ...] = tuple(tokens)
        # Compiled on first use: Tekken has 1000 special tokens, and opening it should not wait.
        self._regex: re.Pattern[str] | None = None
        self._compiled = not tokens

    @property
    def pattern(self) -> re.Pattern[str] | None:
        """The alternation of the special tokens, longest first (None when there are none).
        Literals only, so Python's ``re`` (faster to compile and to run than ``regex`` on a
        long alternation) matches exactly as ``regex`` would."""
        if not self._compiled:
            # Longest first: regex alternation is leftmost-first, so this makes the longest win.
            ordered = sorted(self.tokens, key=lambda t: (-len(t), t))
            self._regex = re.compile("|".join(map(re.escape, ordered)))
            self._compiled = True
        return self._regex

    def split(self, text: str) -> list[tuple[str, bool]]:
        """``[(segment, is_special), ...]`` covering ``text``; empty segments are left out."""
        rx = self.pattern
        if rx is None:
            return [(text, False)] if text else []
        out: list[tuple[str, bool]] = []
        pos = 0
        for m in rx.finditer(text):
            s, e = m.span()
            if s > pos:
                out.append((text[pos:s], False))
            out.append((m.group(), True))
            pos = e
        if pos < len(text):
            out.append((text[pos:], False))
        return out

    def ordinary_segments(self, text: str) -> list[str]:
        """The text between special tokens (the special tokens themselves are dropped)."""
        rx = self.pattern
        if rx is None:
            return [text] if text else []
        return [seg for seg in rx.split(text) if seg]

    def first(self, text: str) -> tuple[str, int] | None:
        """The first special token in ``text`` and its character offset, or None."""
        rx = self.pattern
        if rx is None:
            return None
        m = rx.search(text)
        return (m.group(), m.start()) if m else None
