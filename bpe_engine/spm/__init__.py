"""Character-level BPE with byte fallback: SentencePiece's BPE models.

:class:`SentencePieceTokenizer` offers the interface of :class:`bpe_engine.Tokenizer`
(:class:`bpe_engine.interface.TokenizerLike`); :mod:`.normalizer` is SentencePiece's
normalizer, :mod:`.model` its merge procedure (and Hugging Face's, for SentencePiece-style
``tokenizer.json`` files; a model's tables in :mod:`.tables`, one chunk's merges in
:mod:`.chunks` and :mod:`.merge_loops`). The files themselves are read by :mod:`bpe_engine.formats`.
"""

from __future__ import annotations

from .tokenizer import SentencePieceSplit, SentencePieceTokenizer

__all__ = ["SentencePieceTokenizer", "SentencePieceSplit"]
