"""A text's pieces with their offsets, special tokens first, then the pre-tokenizer's pieces of
the text between them (what ``preview`` shows and ``Tokenizer.pieces`` gives)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .pretokenizer import Pretokenizer, get_pretokenizer
from .specials import SpecialSplitter

__all__ = ["Piece", "pieces_with_offsets", "preview"]


@dataclass(frozen=True, slots=True)
class Piece:
    """One pre-tokenization piece of a text: ``text[start:end]``; ``special`` for special tokens."""

    text: str
    start: int
    end: int
    special: bool = False


def pieces_with_offsets(
    text: str, pretokenizer: Pretokenizer, splitter: SpecialSplitter, *, timeout: float | None = None
) -> list[tuple[str, int, int, bool]]:
    """``(piece, start, end, is_special)`` covering ``text``: special tokens first, then the
    pre-tokenizer's pieces of the text between them (shared by preview and Tokenizer.pieces)."""
    out: list[tuple[str, int, int, bool]] = []
    offset = 0
    for segment, is_special in splitter.split(text):
        if is_special:
            out.append((segment, offset, offset + len(segment), True))
        else:
            out.extend(
                (segment[s:e], offset + s, offset + e, False) for s, e in pretokenizer.spans(segment, timeout=timeout)
            )
        offset += len(segment)
    return out


def preview(
    text: str,
    pretokenizer: str | Pretokenizer = "gpt2",
    special_tokens: Sequence[str] = (),
    *,
    timeout: float | None = None,
) -> list[Piece]:
    """The pieces of ``text`` with their character offsets, special tokens included (for display).

    ``timeout`` bounds a slow custom regex (see :meth:`Pretokenizer.spans`).
    """
    pre = get_pretokenizer(pretokenizer)
    return [
        Piece(piece, s, e, special)
        for piece, s, e, special in pieces_with_offsets(text, pre, SpecialSplitter(special_tokens), timeout=timeout)
    ]
