"""The Tokenize view's pre-tokenization strip: the pieces the pre-tokenizer cuts the text
into, inside which BPE merges (SentencePiece has no pre-tokenizer: its pieces are the
stretches no merge crosses). The panel keeps the pieces it shows and the text they cut;
the view connects to :attr:`PiecesPanel.chips` to shade and explain a piece.
"""

from __future__ import annotations

import numpy as np
from PySide6.QtWidgets import QGroupBox, QVBoxLayout, QWidget

from app.core.i18n import bind, noop, tr
from app.core.messages import TextPiece
from app.display.chips import PieceChipBuilder, piece_bounds
from app.widgets.token_chips import ChipView
from bpe_engine import Algorithm, TokenizerFacts

__all__ = ["PiecesPanel"]

_PLACEHOLDER = noop("The pieces the pre-tokenizer cuts the text into, before any merge.")
_TITLE = noop("Pre-tokenization: the pieces the regex makes (click one to explain it)")
_SP_TITLE = noop("Pieces: the stretches no merge crosses (SentencePiece has no pre-tokenizer; click one to explain it)")
_UNIGRAM_TITLE = noop(
    "Pieces: the stretches between spaces the model cuts, each by its most probable cut (click one to explain it)"
)
_WORDS_TITLE = noop(
    "Words: split at spaces and punctuation, normalized as the file says; the tokenizer cuts inside each "
    "(click one to explain it)"
)


class PiecesPanel(QGroupBox):
    """The pieces of the text as chips, in a box whose title names what cuts them."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(tr(_TITLE), parent)
        self.pieces: list[TextPiece] = []
        self._starts: np.ndarray | None = None  # the pieces' start offsets (index_at)
        self.text = ""  # the text the pieces cut
        self._builder = PieceChipBuilder()
        self._sentencepiece = False
        self._words = False  # WordPiece: the strip shows the words it matches inside
        self._unigram = False  # Unigram: the stretches its Viterbi search cuts
        self._space_symbol = ""
        self.chips = ChipView(self)
        self.chips.set_placeholder(_PLACEHOLDER)
        bind(
            self.chips, "setToolTip", "Pre-tokenization: BPE merges only inside these pieces. Click one to explain it."
        )
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.chips)

    def set_sentencepiece(self, on: bool) -> None:
        """Name the pieces for the family shown: the regex's, or SentencePiece's stretches."""
        self._sentencepiece = on
        title = _WORDS_TITLE if self._words else _UNIGRAM_TITLE if self._unigram else _SP_TITLE if on else _TITLE
        self.setTitle(tr(title))

    def set_tokenizer(self, facts: TokenizerFacts) -> None:
        """A tokenizer was chosen: name its pieces, and build every chip again at the next
        :meth:`show_pieces`.

        subtle: the builder keeps chips whose spans did not move, and a SentencePiece piece
        and a byte-level one often cover the same characters: kept, the strip mixed ``▁``
        (``facts.space_symbol`` of SentencePiece) with the byte-level ``·``.
        """
        self._words = facts.algorithm is Algorithm.WORDPIECE
        self._unigram = facts.algorithm is Algorithm.UNIGRAM
        self.set_sentencepiece(not facts.byte_level)
        if facts.space_symbol != self._space_symbol:
            self._space_symbol = facts.space_symbol
            self._builder = PieceChipBuilder()

    def show_pieces(
        self,
        pieces: list[TextPiece],
        text: str,
        generation: int,
        whitespace: bool,
        bounds: tuple[np.ndarray, np.ndarray] | None = None,
    ) -> None:
        """``bounds``: the pieces' offsets as arrays, if the encode job made them."""
        self.pieces = pieces
        self.text = text
        self._starts = bounds[0] if bounds is not None else None
        chips, reuse = self._builder.build(pieces, text, whitespace, bounds)
        self.chips.set_chips(chips, generation=generation, reuse=reuse)

    def set_refused(self, refused: bool) -> None:
        """What the empty strip says: refused text is not split either (no special token drawn)."""
        self.chips.set_placeholder(
            noop("No pieces: the text was refused (see the message above).") if refused else _PLACEHOLDER
        )

    def redraw(self, whitespace: bool) -> None:
        """The same pieces, with or without visible whitespace."""
        chips, _ = self._builder.build(self.pieces, self.text, whitespace)
        self.chips.set_chips(chips, generation=self.chips.generation)

    def clear(self) -> None:
        self.pieces = []
        self._starts = None
        self._builder = PieceChipBuilder()
        self.chips.clear()

    def index_at(self, char_index: int) -> int:
        """The piece holding character ``char_index`` (the first when it is before all)."""
        if self._starts is None or len(self._starts) != len(self.pieces):
            # (once per result: each cursor move of a 1 MB text listed 250 000 starts, 10-20 ms)
            self._starts = piece_bounds(self.pieces)[0]
        return max(int(np.searchsorted(self._starts, char_index, side="right")) - 1, 0)

    def retranslate(self) -> None:
        self.set_sentencepiece(self._sentencepiece)
        self.chips.update()
