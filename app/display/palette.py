"""The one palette of every chip, and the rule that gives each token its color.

Every chip in the app (Tokenize, Compare, Stream decode, Explain, step mode's pre-token table,
the pre-tokenizer preview) takes its colors from here, so a token has the same fill wherever it
is shown: :func:`preferred_color` maps a token id to a palette index, and :func:`stable_colors`
shifts a token to the next color only when its left neighbour already has that one (so
neighbours always differ, and inserting a token does not recolor the rest).

Presentation mode swaps the pastels for :data:`HIGH_CONTRAST_FILLS` (saturated, with black
text and a black border: chips stay distinct on a projector); a token keeps its palette
index, so it keeps its place in the order of colors.

Colors are ``#rrggbb`` strings: this module has no Qt, and drawing (turning them into
``QColor``s, borders, hatching) is :mod:`app.widgets.chip_painter`'s job.
"""

from __future__ import annotations

from collections.abc import Iterable

__all__ = [
    "FILLS",
    "PIECE_FILLS",
    "HIGH_CONTRAST_FILLS",
    "HIGH_CONTRAST_PIECE_FILLS",
    "HIGH_CONTRAST_BORDER",
    "SPECIAL_FILL",
    "TEXT",
    "SPECIAL_TEXT",
    "HEX_TEXT",
    "POINTER_TEXT",
    "DIFF_MARK",
    "HIGHLIGHT",
    "NEW_TOKEN",
    "NEXT_PAIR",
    "preferred_color",
    "color_after",
    "stable_colors",
]

#: Token fills: pastels that stay readable with black text, ordered so neighbours contrast.
FILLS: tuple[str, ...] = ("#ffd6a5", "#bde0fe", "#caffbf", "#ffc6ff", "#fdffb6", "#a0c4ff", "#ffadad", "#9bf6ff")
#: Pre-tokenization pieces alternate between two neutral tones (they are not tokens yet).
PIECE_FILLS: tuple[str, ...] = ("#eceff3", "#d9dfe7")
SPECIAL_FILL = "#37474f"  # special tokens are dark, with white text
#: Presentation mode: the same eight places, saturated enough for a projector, black text.
HIGH_CONTRAST_FILLS: tuple[str, ...] = (
    "#ffa41b",
    "#4fc3f7",
    "#66e066",
    "#ff7ae0",
    "#ffe52e",
    "#8c9eff",
    "#ff6b6b",
    "#2ee6d6",
)
HIGH_CONTRAST_PIECE_FILLS: tuple[str, ...] = ("#d5dbe5", "#aab6c8")
HIGH_CONTRAST_BORDER = "#000000"
TEXT = "#1b1b1b"
SPECIAL_TEXT = "#ffffff"
HEX_TEXT = "#8d2a0b"  # the hex bytes of a split character
POINTER_TEXT = "#5d4037"  # the arrow to the character those bytes belong to
DIFF_MARK = "#e65100"  # Compare: a token in a stretch the tokenizers cut differently
HIGHLIGHT = "#1565c0"  # the hovered, selected or mirrored chip
NEW_TOKEN = "#c62828"  # step mode: the token the last merge made
NEXT_PAIR = "#ff8f00"  # step mode: the pair the next merge joins (a bar under it)


def preferred_color(token_id: int) -> int:
    """The palette index of ``token_id`` (a hash, so close ids get unrelated colors)."""
    return (token_id * 2654435761 >> 11) % len(FILLS)


def color_after(token_id: int, previous: int) -> int:
    """The palette index of ``token_id`` right after a chip of index ``previous`` (-1: none)."""
    color = preferred_color(token_id)
    return (color + 1) % len(FILLS) if color == previous else color


def stable_colors(ids: Iterable[int]) -> list[int]:
    """A palette index per token: the same token keeps its color, but never its neighbour's.

    Each id has a preferred color; a token whose preferred color equals its left
    neighbour's takes the next one. Colors therefore do not all shift when one token is
    inserted, and neighbours always differ.
    """
    out = []
    previous = -1
    for token_id in ids:
        previous = color_after(token_id, previous)
        out.append(previous)
    return out
