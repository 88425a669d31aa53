"""How much two vocabularies share: tokens compared by their bytes.

Any two tokenizers of the engine can be compared (byte-level or SentencePiece: a piece's
``▁`` is a space in its bytes, so ``▁the`` and GPT-2's ``Ġthe`` are the same token). Each
vocabulary counts its distinct token bytes (SentencePiece's ``<0x41>`` and its piece ``A`` are
one); special tokens are left out unless asked for (their text is a name, not bytes of text).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .interface import TokenizerLike

__all__ = ["VocabularyOverlap", "vocabulary_overlap"]


@dataclass(frozen=True)
class VocabularyOverlap:
    """The result of :func:`vocabulary_overlap`.

    ``shared``: ``(bytes, id in a, id in b)`` of every token both have, by id in ``a``;
    ``only_a``/``only_b``: ``(id, bytes)`` of the tokens only one has, by id (for paging
    through); ``size_a``/``size_b``: distinct token bytes of each vocabulary.
    """

    shared: list[tuple[bytes, int, int]]
    only_a: list[tuple[int, bytes]]
    only_b: list[tuple[int, bytes]]
    size_a: int
    size_b: int

    @property
    def shared_count(self) -> int:
        return len(self.shared)

    @property
    def share_a(self) -> float:
        """The part of ``a``'s vocabulary that ``b`` also has (0 to 1)."""
        return len(self.shared) / self.size_a if self.size_a else 0.0

    @property
    def share_b(self) -> float:
        """The part of ``b``'s vocabulary that ``a`` also has (0 to 1)."""
        return len(self.shared) / self.size_b if self.size_b else 0.0


def _by_bytes(tok: TokenizerLike, include_special: bool) -> dict[bytes, int]:
    """Token bytes -> the lowest id with them."""
    out: dict[bytes, int] = {}
    for i, data in sorted(tok.vocab.items(), reverse=True):
        if include_special or not tok.is_special(i):
            out[data] = i
    return out


def vocabulary_overlap(a: TokenizerLike, b: TokenizerLike, *, include_special: bool = False) -> VocabularyOverlap:
    """Which tokens ``a`` and ``b`` share, by bytes (see the module docstring).

    >>> from bpe_engine import train_bpe
    >>> x = train_bpe(None, 260, text="aaaa bbbb " * 20)
    >>> found = vocabulary_overlap(x, x)
    >>> (found.shared_count, found.share_a, len(found.only_b))
    (260, 1.0, 0)
    """
    in_a = _by_bytes(a, include_special)
    in_b = _by_bytes(b, include_special)
    shared = sorted(((data, i, in_b[data]) for data, i in in_a.items() if data in in_b), key=lambda t: t[1])
    only_a = sorted((i, data) for data, i in in_a.items() if data not in in_b)
    only_b = sorted((i, data) for data, i in in_b.items() if data not in in_a)
    return VocabularyOverlap(shared, only_a, only_b, len(in_a), len(in_b))
