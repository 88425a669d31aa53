"""The piece under the cursor (what the explanation shows) is the one holding that character,
found from the pieces' offsets made once per result (each cursor move of a 1 MB text listed
every piece's start in the GUI thread: issue 20, F)."""

from __future__ import annotations

from bisect import bisect_right

import pytest

from app.display.chips import piece_bounds
from app.features.tokenize.pieces_panel import PiecesPanel
from bpe_engine import get_encoding

from ...conftest import data_text


@pytest.mark.parametrize("with_bounds", [True, False])
def test_index_at_is_the_piece_holding_the_character(qtbot, with_bounds: bool) -> None:
    text = data_text("english.txt")[:20_000] + " 漢字 " + "\n\n  x"
    pieces, at = [], 0
    for piece in get_encoding("gpt2").pretokenizer.split(text):  # the regex's pieces, in order
        start = text.index(piece, at)
        pieces.append((piece, start, start + len(piece), False))
        at = start + len(piece)
    panel = PiecesPanel()
    qtbot.addWidget(panel)
    panel.show_pieces(pieces, text, 1, False, piece_bounds(pieces) if with_bounds else None)
    starts = [p[1] for p in pieces]
    for char in [0, 1, len(text) - 1, len(text), len(text) + 5, *range(0, len(text), 97)]:
        assert panel.index_at(char) == max(bisect_right(starts, char) - 1, 0)
    panel.clear()
    shorter = pieces[:3]
    panel.show_pieces(shorter, text, 2, False)
    assert panel.index_at(len(text)) == 2  # the new result's pieces, not the old offsets
