"""BERT's normalizer and pre-tokenizer, as Hugging Face's ``tokenizers`` runs them.

The character classes (controls removed by ``clean_text``, punctuation, non-spacing marks,
lower-casing) come from :mod:`._tables`, measured from ``tokenizers`` itself: its Rust crates
have their own Unicode tables, not Python's. Lower-casing is per character, as there (Python's
``str.lower`` makes a final ``Σ`` a ``ς``; Rust's per-character ``to_lowercase`` does not).

Two ways to normalize: :meth:`BertNormalizer.normalize` (whole-text regex passes, for
encoding) and :meth:`BertNormalizer.normalize_with_offsets` (character by character, with the
place in the original text of every normalized character: spans refer to the original text,
as ``tokenizers``' offsets do).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

import regex

from ..formats.data import WordPieceSplit
from ._tables import CLEAN_SPACES, LOWER, NONSPACING, PUNCTUATION, REMOVED, SPLIT_SPACES

__all__ = ["BertNormalizer", "WordSplitter"]


def _class(ranges: str) -> str:
    """A regex character class body from ``first-last`` hex ranges."""
    out: list[str] = []
    for run in ranges.split():
        first, _, last = run.partition("-")
        out.append(f"\\U{int(first, 16):08x}")
        if last:
            out.append(f"-\\U{int(last, 16):08x}")
    return "".join(out)


def _codes(ranges: str) -> list[int]:
    out: list[int] = []
    for run in ranges.split():
        first, _, last = run.partition("-")
        out.extend(range(int(first, 16), int(last or first, 16) + 1))
    return out


_REMOVED = re.compile(f"[{_class(REMOVED)}]+")
_CLEAN_SPACES = {cp: " " for cp in _codes(CLEAN_SPACES)}
_MARKS = re.compile(f"[{_class(NONSPACING)}]+")
# Hugging Face's is_chinese_char: the CJK ideograph blocks (not Japanese kana nor Hangul).
_CJK_RANGES = "4e00-9fff 3400-4dbf 20000-2a6df 2a700-2b73f 2b740-2b81f 2b920-2ceaf f900-faff 2f800-2fa1f"
_CJK = re.compile(f"[{_class(_CJK_RANGES)}]")
_LOWER = {0x3A3: "σ", **LOWER}  # Σ: no final-sigma rule, as Rust's per-character lowering
_PUNCT = _class(PUNCTUATION)
_SPACE = _class(SPLIT_SPACES)
_SPLITTERS: dict[WordPieceSplit, re.Pattern[str] | regex.Pattern[str]] = {
    WordPieceSplit.BERT: re.compile(f"[{_PUNCT}]|[^{_PUNCT}{_SPACE}]+"),
    WordPieceSplit.WHITESPACE_SPLIT: re.compile(f"[^{_SPACE}]+"),
    WordPieceSplit.WHITESPACE: regex.compile(r"\w+|[^\w\s]+"),
    WordPieceSplit.PUNCTUATION: re.compile(f"[{_PUNCT}]|[^{_PUNCT}]+"),
    WordPieceSplit.NONE: re.compile(r"[\s\S]+"),
}


@dataclass(frozen=True)
class BertNormalizer:
    """Hugging Face's ``BertNormalizer`` (``enabled`` False: the text is left as it is)."""

    enabled: bool = True
    clean_text: bool = True
    handle_chinese_chars: bool = True
    strip_accents: bool = True
    lowercase: bool = True

    def normalize(self, text: str) -> str:
        """The normalized text (whole-text passes; see the module docstring)."""
        if not self.enabled:
            return text
        if self.clean_text:
            text = _REMOVED.sub("", text).translate(_CLEAN_SPACES)
        if self.handle_chinese_chars:
            text = _CJK.sub(r" \g<0> ", text)
        if self.strip_accents:
            text = _MARKS.sub("", unicodedata.normalize("NFD", text))
        if self.lowercase:
            text = text.translate(_LOWER).lower()
        return text

    def normalize_char(self, c: str) -> str:
        """What one character becomes."""
        return self.normalize(c)

    def normalize_with_offsets(self, text: str) -> tuple[str, list[int]]:
        """The normalized text and, for each of its characters, the index of the character of
        ``text`` it comes from (one more entry: ``len(text)``, for an end offset)."""
        if not self.enabled:
            return text, list(range(len(text) + 1))
        memo: dict[str, str] = {}
        parts: list[str] = []
        origin: list[int] = []
        for k, c in enumerate(text):
            out = memo.get(c)
            if out is None:
                out = memo[c] = self.normalize(c)
            if out:
                parts.append(out)
                origin.extend([k] * len(out))
        origin.append(len(text))
        return "".join(parts), origin


class WordSplitter:
    """The pre-tokenizer: the normalized text's words, with their offsets, in stages."""

    def __init__(self, stages: tuple[WordPieceSplit, ...]) -> None:
        self.stages = stages
        self._patterns = [_SPLITTERS[s] for s in stages]

    def words(self, text: str) -> list[str]:
        """The words of ``text`` (normalized), in order."""
        words = [text] if text else []
        for rx in self._patterns:
            words = [w for part in words for w in rx.findall(part)]
        return words

    def spans(self, text: str) -> list[tuple[int, int]]:
        """``(start, end)`` of every word of ``text`` (normalized)."""
        spans = [(0, len(text))] if text else []
        for rx in self._patterns:
            spans = [(a + m.start(), a + m.end()) for a, b in spans for m in rx.finditer(text[a:b])]
        return spans
