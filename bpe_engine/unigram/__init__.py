"""Unigram language-model tokenizers: SentencePiece ``.model`` files of type Unigram and
Hugging Face ``tokenizer.json`` files with a ``Unigram`` model.

:class:`UnigramTokenizer` has the interface of every tokenizer of the engine
(:class:`bpe_engine.interface.TokenizerLike`); :mod:`.lattice` is the Viterbi search, exact to
``sentencepiece`` and ``tokenizers``.
"""

from __future__ import annotations

from .lattice import Segmentation, ViterbiResult
from .tokenizer import UnigramTokenizer

__all__ = ["UnigramTokenizer", "Segmentation", "ViterbiResult"]
