"""How well a tokenizer compresses one text: compression, fertility and Rényi efficiency.

Every function takes any :class:`~bpe_engine.interface.TokenizerLike` (byte-level or
SentencePiece) and a text, which it encodes as ordinary text (special-token text is plain
characters, as in ``encode_ordinary``); pass ``ids`` when the text is already encoded so that
several measures share one encoding. The figures are exact counts and their ratios.

>>> from bpe_engine import train_bpe
>>> tok = train_bpe(None, 260, text="low lower lowest " * 20)
>>> [tok.vocab[i] for i in tok.encode("low lower")]
[b'low', b' lowe', b'r']
>>> c = compression(tok, "low lower")
>>> c.tokens, c.bytes, c.chars, c.bytes_per_token
(3, 9, 9, 3.0)
>>> f = fertility(tok, "low lower")
>>> f.words, f.split_words, f.tokens_per_word
(2, 1, 1.5)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from ..errors import ConfigError, short
from ..interface import TokenizerLike
from .scripts import word_spans

__all__ = ["Compression", "Fertility", "RenyiEfficiency", "compression", "fertility", "renyi_efficiency", "encoded"]


def encoded(tok: TokenizerLike, text: str, ids: Sequence[int] | None = None) -> list[int]:
    """``ids`` when given, else ``tok.encode_ordinary(text)``."""
    if not isinstance(text, str):
        raise TypeError(f"the text to measure must be a str, got {type(text).__name__}")
    return list(ids) if ids is not None else tok.encode_ordinary(text)


def _ratio(a: float, b: float) -> float:
    return a / b if b else 0.0


@dataclass(frozen=True)
class Compression:
    """How many tokens a text takes, and how much text each holds.

    ``bytes`` counts the UTF-8 bytes of the text and ``chars`` its code points (of the text
    given, before any normalization the tokenizer applies). ``bytes_per_token`` is the
    compression rate most tokenizer papers report (e.g. Zouhar et al. 2023; Rust et al. 2021
    use characters per token); 0 for an empty text.
    """

    tokens: int
    bytes: int
    chars: int

    @property
    def bytes_per_token(self) -> float:
        return _ratio(self.bytes, self.tokens)

    @property
    def chars_per_token(self) -> float:
        return _ratio(self.chars, self.tokens)


def compression(tok: TokenizerLike, text: str, *, ids: Sequence[int] | None = None) -> Compression:
    """Tokens, UTF-8 bytes per token and characters per token of ``text``."""
    n = len(encoded(tok, text, ids))
    return Compression(tokens=n, bytes=len(text.encode("utf-8", "surrogatepass")), chars=len(text))


@dataclass(frozen=True)
class Fertility:
    """Tokens per word and the share of words split into several tokens.

    Rust et al. 2021, "How Good is Your Tokenizer? On the Monolingual Performance of
    Multilingual Language Models" (ACL): *fertility* is the average number of tokens per word,
    *proportion of continued words* the share of words split into two or more tokens.

    Words are those of :mod:`bpe_engine.metrics.scripts` (whitespace-separated; one word per
    character in scripts written without spaces), counted in the text as the tokenizer gives
    it back (``decode(ids)``: the same as the text for byte-level tokenizers, the normalized
    text for SentencePiece). The text is encoded whole, as a model sees it, not word by word:
    ``tokens_per_word`` is all its tokens over its words (a token of spaces only counts too),
    and a word is *split* when more than one token holds some of its characters. A token
    holding two words (``世界`` as one token) counts once in ``tokens`` and is no split of
    either word, so ``tokens_per_word`` can be below 1.
    """

    tokens: int
    words: int
    split_words: int

    @property
    def tokens_per_word(self) -> float:
        return _ratio(self.tokens, self.words)

    @property
    def split_share(self) -> float:
        """``split_words / words`` (Rust et al.'s proportion of continued words)."""
        return _ratio(self.split_words, self.words)


def fertility(tok: TokenizerLike, text: str, *, ids: Sequence[int] | None = None) -> Fertility:
    """Tokens per word and split words of ``text`` (see :class:`Fertility`)."""
    ids = encoded(tok, text, ids)
    spans = word_spans(tok.decode(ids))
    if not spans or not ids:
        return Fertility(tokens=len(ids), words=len(spans), split_words=0)
    first, after, _ = tok.char_spans(ids)
    firsts = np.asarray(first, dtype=np.int64)
    afters = np.asarray(after, dtype=np.int64)
    bounds = np.asarray(spans, dtype=np.int64)
    # Tokens are in text order, so both arrays never go down: the tokens touching a word
    # [s, e) are those starting before e minus those ending at or before s.
    touching = np.searchsorted(firsts, bounds[:, 1], side="left") - np.searchsorted(afters, bounds[:, 0], side="right")
    return Fertility(tokens=len(ids), words=len(spans), split_words=int(np.count_nonzero(touching >= 2)))


@dataclass(frozen=True)
class RenyiEfficiency:
    """The Rényi efficiency of the token distribution a text gives.

    Zouhar et al. 2023, "Tokenization and the Noiseless Channel" (ACL): with ``p`` the
    unigram distribution of the text's tokens, ``H_alpha = log(sum p^alpha) / (1 - alpha)``
    (Shannon entropy ``-sum p log p`` at ``alpha = 1``) and the efficiency is
    ``H_alpha / log |V|``, ``|V|`` the vocabulary size (``tok.vocab_size``, special tokens
    included); ``alpha = 2.5`` is the value they found to predict BLEU best. 1 means every
    token of the vocabulary is used equally often; entropies are in nats.
    """

    alpha: float
    tokens: int
    distinct: int
    vocab_size: int
    entropy: float
    shannon_entropy: float

    @property
    def efficiency(self) -> float:
        return _ratio(self.entropy, math.log(self.vocab_size)) if self.vocab_size > 1 else 0.0

    @property
    def shannon_efficiency(self) -> float:
        return _ratio(self.shannon_entropy, math.log(self.vocab_size)) if self.vocab_size > 1 else 0.0


def renyi_entropy(counts: Sequence[int] | np.ndarray, alpha: float) -> float:
    """``H_alpha`` in nats of the distribution proportional to ``counts`` (zeros ignored)."""
    c = np.asarray(counts, dtype=np.float64)
    c = c[c > 0]
    if c.size == 0:
        return 0.0
    p = c / c.sum()
    if alpha == 1:
        return float(-(p * np.log(p)).sum())
    if math.isinf(alpha):
        return float(-math.log(p.max()))
    return float(math.log(float((p**alpha).sum())) / (1 - alpha))


def renyi_efficiency(
    tok: TokenizerLike, text: str, alpha: float = 2.5, *, ids: Sequence[int] | None = None
) -> RenyiEfficiency:
    """The Rényi efficiency of the tokens of ``text`` (see :class:`RenyiEfficiency`)."""
    if isinstance(alpha, bool) or not isinstance(alpha, (int, float)) or not alpha > 0:
        raise ConfigError(f"alpha must be a number above 0, got {short(alpha)}")
    ids = encoded(tok, text, ids)
    counts = np.unique(np.asarray(ids, dtype=np.int64), return_counts=True)[1] if ids else np.zeros(0)
    return RenyiEfficiency(
        alpha=float(alpha),
        tokens=len(ids),
        distinct=int(counts.size),
        vocab_size=tok.vocab_size,
        entropy=renyi_entropy(counts, float(alpha)),
        shannon_entropy=renyi_entropy(counts, 1.0),
    )
