"""Measuring tokenizers as the research does: compression, fertility, the language tax,
efficiency and vocabulary health, for any :class:`~bpe_engine.interface.TokenizerLike`.

Each measure is defined, with its source, where it is computed:

- :mod:`.text`: :func:`compression` (bytes and characters per token), :func:`fertility`
  (tokens per word and split words, Rust et al. 2021), :func:`renyi_efficiency` (Zouhar et
  al. 2023);
- :mod:`.fairness`: :func:`parity` (each language's premium on a parallel text, Petrov et al.
  2023), tokens per sentence and :func:`gini`;
- :mod:`.health`: :func:`vocabulary_health` (unreachable and part-character tokens, Land and
  Bartolo 2024; unused and intermediate-only tokens, LiteToken 2026);
- :mod:`.scripts`: what a word is in scripts without spaces, and a text's script;
- :mod:`.parallel`: parallel texts on disk (one file per language) and the built-in sample.
"""

from __future__ import annotations

from .fairness import LanguageCost, Parity, gini, parity, sentence_count
from .health import TokenUse, VocabularyHealth, reachability, token_uses, vocabulary_health
from .parallel import ParallelLanguage, ParallelText, load_parallel
from .scripts import NO_SPACE_SCRIPTS, dominant_script, word_spans, words
from .text import Compression, Fertility, RenyiEfficiency, compression, fertility, renyi_efficiency

__all__ = [
    "Compression",
    "Fertility",
    "RenyiEfficiency",
    "compression",
    "fertility",
    "renyi_efficiency",
    "LanguageCost",
    "Parity",
    "gini",
    "parity",
    "sentence_count",
    "TokenUse",
    "VocabularyHealth",
    "vocabulary_health",
    "reachability",
    "token_uses",
    "NO_SPACE_SCRIPTS",
    "dominant_script",
    "word_spans",
    "words",
    "ParallelLanguage",
    "ParallelText",
    "load_parallel",
]
