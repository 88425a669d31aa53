"""The WordPiece family's tokens for :mod:`bpe_engine.families`: each token with its character
span in the text (:meth:`~bpe_engine.WordPieceTokenizer.encode_with_offsets`), and where
decoding does not give the text back.

WordPiece's decode is not the text in general: BERT's normalizer lower-cases and strips
accents (when set), the pre-tokenizer drops whitespace (decode writes one space between
words, none before ``.``, ``,``, ``!``, ``?``), and ``[UNK]`` stands for a word the vocabulary
cannot cover. :func:`wordpiece_lost` finds each such place by comparing, token by token, what
decode writes for the token with the text it covers, and the gap before it with the space
decode puts there: exact and linear in the text.
"""

from __future__ import annotations

from collections.abc import Sequence

from .wordpiece.tokenizer import WordPieceTokenizer

__all__ = ["wordpiece_parts", "wordpiece_lost"]

Span = tuple[int, int]


def wordpiece_parts(tok: WordPieceTokenizer, text: str) -> tuple[list[tuple[int, int, int]], list[str]]:
    """``(id, start, end)`` of every token of ``text`` (special-token text as ordinary text),
    and what decode writes for each (their concatenation is ``decode(ids)``)."""
    found = tok.encode_with_offsets(text, special=False)
    step = tok.byte_stream()
    return found, [step(i).decode("utf-8") for i, _, _ in found]


def _merged(spans: list[Span]) -> tuple[Span, ...]:
    out: list[Span] = []
    for s, e in sorted(spans):
        if out and s <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], e))
        else:
            out.append((s, e))
    return tuple(out)


def wordpiece_lost(text: str, found: Sequence[tuple[int, int, int]], parts: Sequence[str]) -> tuple[Span, ...]:
    """The stretches of ``text`` that decode does not give back (touching ones joined): a
    token whose decoded text differs from the text it covers (``[UNK]``, a lower-cased or
    accent-stripped word); whitespace decode drops or changes; and, where decode inserts a
    space the text does not have, the two characters around it. Empty when decode gives
    ``text`` back."""
    if "".join(parts) == text:
        return ()
    spans: list[Span] = []
    prev = 0
    for k, ((_, s, e), part) in enumerate(zip(found, parts)):
        sep = " " if k and part.startswith(" ") else ""
        gap = text[prev:s] if s > prev else ""
        if gap != sep:
            spans.append((prev, s) if gap else (max(prev - 1, 0), min(s + 1, len(text))))
        if part[len(sep) :] != text[s:e]:
            spans.append((s, e))
        prev = max(prev, e)
    if prev < len(text):
        spans.append((prev, len(text)))  # trailing whitespace: decode writes nothing there
    return _merged(spans)
