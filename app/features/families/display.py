"""The Families tab's chips and figures, as plain data (no Qt).

One row of chips per family (:func:`family_chips`), in the style of every token view
(:mod:`app.display.chips`): a token's text with visible whitespace; a token holding part of
a character its bytes in hex and an arrow to that character (the bytes family's non-ASCII
bytes, byte-level BPE's split characters, char-level BPE's byte fallback, written
``<0xE2>`` as SentencePiece does); ``<UNK>`` as a dark chip, outlined (:func:`unknown_marks`).
Char-level BPE shows its pieces as SentencePiece writes them (``▁`` for a space, the dummy
prefix included). Colors follow the one palette (:func:`~app.display.palette.stable_colors`).

:func:`lost_texts` names what decode does not give back, for the table.
"""

from __future__ import annotations

from collections.abc import Sequence

from app.display.chips import HEX, NORMAL, PARTIAL, POINTER, SPECIAL, TEXT, Chips, Segment, chip_text
from app.display.format import split_valid_utf8, visible
from app.display.palette import stable_colors
from bpe_engine import FamilyResult, FamilyToken

__all__ = ["UNK_LABEL", "family_chips", "unknown_marks", "token_segments", "lost_texts"]

UNK_LABEL = "<UNK>"


def _pointer(result: FamilyResult, index: int) -> Segment:
    return ("→" + visible(result.text[index]), POINTER)


def token_segments(
    result: FamilyResult, token: FamilyToken, whitespace: bool = True, piece: str | None = None
) -> tuple[Segment, ...]:
    """The label of one token (``piece``: how a char-level BPE or WordPiece model writes it)."""
    if token.unknown:
        return ((piece or UNK_LABEL, TEXT),)  # (WordPiece: [UNK])
    if piece is not None and piece.startswith("<0x") and len(token.data) == 1 and not token.complete:
        return ((piece, HEX), _pointer(result, token.start))  # byte fallback: SentencePiece's own name
    if token.complete:
        if piece is not None:
            return ((chip_text(piece, whitespace), TEXT),)
        return ((chip_text(token.data.decode("utf-8"), whitespace), TEXT),)
    # Part of a character at either end (a split character's first or last bytes).
    segs: list[Segment] = []
    parts = split_valid_utf8(token.data)
    for k, (text, raw) in enumerate(parts):
        if raw:  # split_valid_utf8 already wrote the bytes in hex
            segs.append((text, HEX))
            segs.append(_pointer(result, token.start if k == 0 else token.end - 1))
        else:
            segs.append((chip_text(text, whitespace), TEXT))
    return tuple(segs)


def family_chips(result: FamilyResult, whitespace: bool = True, pieces: Sequence[str] | None = None) -> Chips:
    """The chips of one family's tokens (``pieces``: a char-level BPE model's piece strings)."""
    segments = []
    kinds = []
    breaks = []
    for t in result.tokens:
        piece = pieces[t.id] if pieces is not None else None
        segments.append(token_segments(result, t, whitespace, piece))
        kinds.append(SPECIAL if t.unknown else (NORMAL if t.complete else PARTIAL))
        breaks.append(b"\n" in t.data)
    spans = [(t.start, t.end) for t in result.tokens]
    colors = stable_colors(t.id for t in result.tokens)
    # subtle: tuples of tuples of atomic items, which the cyclic collector stops tracking; it
    # walks every item of a list at every full collection (in the job's thread: the
    # interpreter lock held 50-200 ms per collection with the lists of seven families).
    return Chips(tuple(segments), tuple(kinds), tuple(breaks), tuple(spans), tuple(colors))


def unknown_marks(result: FamilyResult) -> tuple[bool, ...]:
    """Which chips to outline: the unknown tokens (a tuple: see :func:`family_chips`)."""
    return tuple(t.unknown for t in result.tokens)


def lost_texts(result: FamilyResult, first: int | None = None) -> list[str]:
    """The stretches of the text that decode does not give back, with visible whitespace
    (``first``: only the first so many, what a table names of 66 000 on a long text)."""
    return [visible(result.text[s:e]) for s, e in result.lost[:first]]
