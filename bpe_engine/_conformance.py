"""mypy's proof that every tokenizer class satisfies :class:`~bpe_engine.interface.TokenizerLike`.

Nothing imports this module: it exists to be type-checked (``mypy --strict bpe_engine``). It
sits above both tokenizers and the interface, so the proof makes no import cycle.
"""

from __future__ import annotations

from .interface import ByteLevelTokenizerLike, TokenizerLike
from .spm.tokenizer import SentencePieceTokenizer
from .tokenizer import Tokenizer
from .unigram.tokenizer import UnigramTokenizer
from .wordpiece.tokenizer import WordPieceTokenizer

__all__: list[str] = []


def _byte_level(tok: Tokenizer) -> TokenizerLike:
    return tok


def _sentencepiece(tok: SentencePieceTokenizer) -> TokenizerLike:
    return tok


def _wordpiece(tok: WordPieceTokenizer) -> TokenizerLike:
    return tok


def _byte_level_writers(tok: Tokenizer) -> ByteLevelTokenizerLike:
    return tok


def _unigram(tok: UnigramTokenizer) -> TokenizerLike:
    return tok
