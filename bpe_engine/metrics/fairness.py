"""What the same content costs in each language: Petrov et al.'s premium and a Gini coefficient.

Petrov, La Malfa, Torr and Bibi 2023, "Language Model Tokenizers Introduce Unfairness Between
Languages" (NeurIPS): on parallel texts (one content, translated), a language's *premium* for
a tokenizer is its token count divided by the reference language's (English in the paper);
a fair tokenizer gives every language a premium near 1.

:func:`gini` sums up how unequal the costs are over the languages: 0 when every language pays
the same, towards 1 when one pays everything (the Gini coefficient, mean absolute difference
over twice the mean). :class:`Parity` gives it for the premiums (tokens for the same content)
and for the per-byte costs (tokens per UTF-8 byte, which leaves out how many bytes each
script needs).

*Tokens per sentence*: a language's tokens over the number of sentences of the content,
counted once, in the reference language: its non-empty lines (:func:`sentence_count`; the
built-in sample keeps the Declaration's layout, one heading, clause or paragraph a line, as
FLORES keeps one sentence a line). Translations do not keep the same lines (the Chinese
sample joins three of the English lines into one), so each language is divided by the
reference's count: what one sentence of the content costs in that language.

>>> gini([1, 1, 1]), gini([0, 0, 0, 4])
(0.0, 0.75)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from ..errors import ConfigError, short
from ..interface import TokenizerLike
from .text import encoded

__all__ = ["LanguageCost", "Parity", "gini", "parity", "sentence_count"]


def gini(values: Sequence[float] | np.ndarray) -> float:
    """The Gini coefficient of ``values`` (all at least 0): ``sum_i sum_j |x_i - x_j| /
    (2 n^2 mean)``; 0 for no values or all zeros. Computed from the sorted values in
    O(n log n) (``(2 sum_i i x_(i)) / (n sum x) - (n + 1) / n``, i from 1)."""
    x = np.sort(np.asarray(values, dtype=np.float64))
    if x.size == 0 or x.sum() == 0:
        return 0.0
    if x[0] < 0:
        raise ConfigError(f"the Gini coefficient needs values of 0 or more, got {short(float(x[0]))}")
    n = x.size
    ranks = np.arange(1, n + 1, dtype=np.float64)
    return float(max(0.0, 2 * (ranks * x).sum() / (n * x.sum()) - (n + 1) / n))


@dataclass(frozen=True)
class LanguageCost:
    """One language of a parallel text: its tokens, bytes and characters, its premium
    (tokens over the reference language's tokens) and the content's ``sentences`` (counted
    in the reference language, see the module docstring; 0 when unknown)."""

    language: str
    tokens: int
    bytes: int
    chars: int
    premium: float
    sentences: int = 0

    @property
    def tokens_per_sentence(self) -> float:
        """Tokens over the content's sentences (0 when they are unknown)."""
        return self.tokens / self.sentences if self.sentences else 0.0

    @property
    def bytes_per_token(self) -> float:
        return self.bytes / self.tokens if self.tokens else 0.0

    @property
    def tokens_per_byte(self) -> float:
        """The per-byte cost."""
        return self.tokens / self.bytes if self.bytes else 0.0


@dataclass(frozen=True)
class Parity:
    """Each language's cost on a parallel text, in the order given, with the reference's.

    ``gini_premium``: the Gini coefficient of the premiums (0 = the same content costs every
    language the same number of tokens); ``gini_per_byte``: that of the tokens per byte.
    """

    reference: str
    languages: tuple[LanguageCost, ...]
    gini_premium: float
    gini_per_byte: float

    def cost(self, language: str) -> LanguageCost:
        """The row of ``language``; ConfigError naming the languages when it has none."""
        for row in self.languages:
            if row.language == language:
                return row
        raise ConfigError(f"no language {short(language)} in this parity; it has {_names(self.languages)}")


def sentence_count(text: str) -> int:
    """The sentences of a parallel text's reference: its lines that are not blank."""
    return sum(1 for line in text.splitlines() if line.strip())


def _names(rows: Sequence[LanguageCost]) -> str:
    names = [r.language for r in rows]
    return ", ".join(names[:10]) + (f" and {len(names) - 10} more" if len(names) > 10 else "")


def parity(
    tok: TokenizerLike,
    texts_by_language: Mapping[str, str],
    reference: str = "eng",
    *,
    ids_by_language: Mapping[str, Sequence[int]] | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Parity:
    """Premiums and Gini coefficients of a parallel text (see the module docstring).

    ``texts_by_language`` maps a language code to its translation; ``ids_by_language`` may
    give encodings already made; ``progress(done, total)`` is called after each language (it
    may raise to stop).
    """
    if reference not in texts_by_language:
        raise ConfigError(
            f"the reference language {short(reference)} is not among the texts "
            f"({', '.join(list(texts_by_language)[:10])}); pass reference= one of them"
        )
    counts: dict[str, int] = {}
    known = ids_by_language or {}
    for k, (lang, text) in enumerate(texts_by_language.items()):
        counts[lang] = len(encoded(tok, text, known.get(lang)))
        if progress is not None:
            progress(k + 1, len(texts_by_language))
    ref = counts[reference]
    if ref == 0:
        raise ConfigError(f"the reference text {short(reference)} is empty: a premium needs its token count")
    sentences = sentence_count(texts_by_language[reference])
    rows = tuple(
        LanguageCost(
            language=lang,
            tokens=counts[lang],
            bytes=len(text.encode("utf-8", "surrogatepass")),
            chars=len(text),
            premium=counts[lang] / ref,
            sentences=sentences,
        )
        for lang, text in texts_by_language.items()
    )
    return Parity(
        reference=reference,
        languages=rows,
        gini_premium=gini([r.premium for r in rows]),
        gini_per_byte=gini([r.tokens_per_byte for r in rows]),
    )
