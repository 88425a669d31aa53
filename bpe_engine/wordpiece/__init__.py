"""WordPiece (BERT's tokenizer): greedy longest-match-first over a vocabulary, ``##`` for the
pieces that continue a word, BERT's normalizer and pre-tokenizer; ids as Hugging Face's
``tokenizers``.

- :mod:`.normalizer`: BertNormalizer and the pre-tokenizers (character classes measured from
  ``tokenizers``, in :mod:`._tables`).
- :mod:`.model`: the greedy match of a word and its steps, for display.
- :mod:`.tokenizer`: :class:`WordPieceTokenizer`, with the interface of every tokenizer of the
  engine (:class:`~bpe_engine.interface.TokenizerLike`).
- :mod:`.train`: :func:`~.train.train_wordpiece`, the likelihood-score merges.
"""

from __future__ import annotations

from .model import StepOutcome, WordPieceStep
from .tokenizer import WordPieceDecoder, WordPieceTokenizer

__all__ = ["WordPieceTokenizer", "WordPieceDecoder", "WordPieceStep", "StepOutcome"]
