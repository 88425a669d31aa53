"""Training a Unigram model the way ``sentencepiece``'s trainer does (``unigram_model_trainer.cc``),
in plain Python for small texts (a class, a comparison), not for corpora of gigabytes.

1. Words: spaces become ``▁``, a ``▁`` starts each word (the text is cut before every ``▁``),
   distinct words counted.
2. Seed: every substring of a word up to ``max_piece_length`` characters (a ``▁`` only at its
   start) scored by frequency times length; the best ``seed_size`` and every character kept;
   scores are the log of their share.
3. EM, ``em_iterations`` times per round: the E-step sums each piece's expected count over
   every word's lattice (forward-backward); the M-step sets ``score = digamma(count) -
   digamma(total)`` (the Bayesian estimate sentencepiece uses), dropping pieces expected less
   than half a time.
4. Pruning: each piece's loss is what the likelihood of the text loses when the piece goes and
   its words use their next-best segmentation of it (sentencepiece's formula); the pieces of
   lowest loss go, ``shrinking_factor`` of them kept per round, until ``1.1 x`` the wanted size;
   single characters are never pruned.
5. The pieces of highest score make the vocabulary (characters always in).

The result is close to ``sentencepiece``'s, not identical: its seed comes from a suffix array
over the whole text and its counts are float32; ``tests/engine/test_unigram_train.py`` measures
the share of pieces both vocabularies hold.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from ..errors import ConfigError, short

__all__ = ["UnigramTrainerConfig", "train_unigram", "word_counts"]

SPACE = "▁"


@dataclass(frozen=True)
class UnigramTrainerConfig:
    vocab_size: int
    max_piece_length: int = 16
    seed_size: int = 100_000
    em_iterations: int = 2
    shrinking_factor: float = 0.75


def word_counts(texts: Iterable[str]) -> Counter[str]:
    """Distinct ``▁``-words of the texts and how often each occurs."""
    out: Counter[str] = Counter()
    for text in texts:
        for word in text.split():
            out[SPACE + word] += 1
    return out


def _digamma(x: float) -> float:
    """ψ(x), as sentencepiece's ``Digamma`` (recurrence, then the asymptotic series)."""
    result = 0.0
    while x < 7:
        result -= 1 / x
        x += 1
    x -= 0.5
    xx = 1.0 / x
    xx2 = xx * xx
    xx4 = xx2 * xx2
    return (
        result
        + math.log(x)
        + (1.0 / 24) * xx2
        - (7.0 / 960) * xx4
        + (31.0 / 8064) * xx4 * xx2
        - (127.0 / 30720) * xx4 * xx4
    )


def _seed(words: Counter[str], config: UnigramTrainerConfig) -> dict[str, float]:
    counts: Counter[str] = Counter()
    chars: Counter[str] = Counter()
    for word, n in words.items():
        for i in range(len(word)):
            chars[word[i]] += n
            for j in range(i + 2, min(len(word), i + config.max_piece_length) + 1):
                sub = word[i:j]
                if SPACE not in sub[1:]:
                    counts[sub] += n
    frequent = [kv for kv in counts.items() if kv[1] >= 2]  # once is no pattern (as sentencepiece's seed)
    best = sorted(frequent, key=lambda kv: (-kv[1] * len(kv[0]), kv[0]))[: config.seed_size]
    scored = {p: float(c * len(p)) for p, c in best}
    scored.update({c: float(n) for c, n in chars.items()})
    total = math.log(sum(scored.values()))
    return {p: math.log(v) - total for p, v in scored.items()}


def _logaddexp(a: float, b: float) -> float:
    if a == -math.inf:
        return b
    hi, lo = (a, b) if a > b else (b, a)
    return hi + math.log1p(math.exp(lo - hi))


def _expected(words: Counter[str], scores: dict[str, float], longest: int) -> tuple[dict[str, float], float]:
    """E-step: every piece's expected count over all words, and the text's log likelihood."""
    expected: dict[str, float] = dict.fromkeys(scores, 0.0)
    likelihood = 0.0
    for word, freq in words.items():
        n = len(word)
        edges = [
            [(j, word[i:j]) for j in range(i + 1, min(n, i + longest) + 1) if word[i:j] in scores] for i in range(n)
        ]
        alpha = [-math.inf] * (n + 1)
        alpha[0] = 0.0
        for i in range(n):
            if alpha[i] == -math.inf:
                continue
            for j, p in edges[i]:
                alpha[j] = _logaddexp(alpha[j], alpha[i] + scores[p])
        beta = [-math.inf] * (n + 1)
        beta[n] = 0.0
        for i in range(n - 1, -1, -1):
            for j, p in edges[i]:
                beta[i] = _logaddexp(beta[i], scores[p] + beta[j])
        z = alpha[n]
        if z == -math.inf:
            continue
        likelihood += freq * z
        for i in range(n):
            for j, p in edges[i]:
                expected[p] += freq * math.exp(alpha[i] + scores[p] + beta[j] - z)
    return expected, likelihood


def _m_step(expected: dict[str, float], keep: frozenset[str]) -> dict[str, float]:
    kept = {p: c for p, c in expected.items() if c >= 0.5 or p in keep}
    total = _digamma(sum(kept.values()))
    return {p: _digamma(max(c, 1e-3)) - total for p, c in kept.items()}


def _viterbi(word: str, scores: dict[str, float], longest: int, without: str | None = None) -> list[str]:
    n = len(word)
    best = [-math.inf] * (n + 1)
    back: list[tuple[int, str]] = [(0, "")] * (n + 1)
    best[0] = 0.0
    for i in range(n):
        if best[i] == -math.inf:
            continue
        for j in range(i + 1, min(n, i + longest) + 1):
            p = word[i:j]
            s = scores.get(p)
            if s is None or p == without:
                continue
            if best[i] + s > best[j]:
                best[j], back[j] = best[i] + s, (i, p)
    if best[n] == -math.inf:
        return []
    out: list[str] = []
    k = n
    while k > 0:
        i, p = back[k]
        out.append(p)
        k = i
    return out[::-1]


def _prune(
    words: Counter[str], scores: dict[str, float], keep: frozenset[str], target: int, longest: int
) -> dict[str, float]:
    """Drop the pieces whose removal costs the likelihood least (sentencepiece's loss)."""
    freq: Counter[str] = Counter()
    used_in: dict[str, list[str]] = {}
    for word, n in words.items():
        for p in _viterbi(word, scores, longest):
            freq[p] += n
            used_in.setdefault(p, []).append(word)
    total = sum(freq.values())
    vsum = sum(words.values())
    losses: list[tuple[float, str]] = []
    for p in scores:
        if p in keep:
            continue
        f = freq.get(p, 0)
        if f == 0:
            losses.append((-math.inf, p))  # never on a best path: goes first
            continue
        alternatives = _viterbi(p, scores, longest, without=p) or [p]
        new_total = total + f * (len(alternatives) - 1)
        logprob = math.log(f) - math.log(total)
        alt = sum(math.log(freq.get(a, 0) + f) - math.log(new_total) for a in alternatives)
        share = sum(words[w] for w in set(used_in.get(p, []))) / vsum
        losses.append((share * (logprob - alt), p))
    losses.sort(reverse=True)
    room = max(target - len(keep), 0)
    kept = {p for _, p in losses[:room]} | keep
    return {p: s for p, s in scores.items() if p in kept}


def train_unigram(texts: Iterable[str], config: UnigramTrainerConfig) -> list[tuple[str, float]]:
    """``(piece, score)`` of a Unigram vocabulary of ``config.vocab_size`` pieces (no special
    pieces: add ``<unk>`` and the others before them), highest score first."""
    if isinstance(config.vocab_size, bool) or config.vocab_size < 1:
        raise ConfigError(f"vocab_size must be a positive whole number, got {short(config.vocab_size)}")
    words = word_counts(texts)
    scores = _seed(words, config)
    keep = frozenset(p for p in scores if len(p) == 1)
    longest = config.max_piece_length
    desired = int(config.vocab_size * 1.1)
    while True:
        for _ in range(config.em_iterations):
            expected, _ = _expected(words, scores, longest)
            scores = _m_step(expected, keep)
        if len(scores) <= desired:
            break
        target = max(int(len(scores) * config.shrinking_factor), desired)
        scores = _prune(words, scores, keep, target, longest)
    ranked = sorted(scores.items(), key=lambda kv: (-kv[1], kv[0]))
    chars = [kv for kv in ranked if kv[0] in keep]
    others = [kv for kv in ranked if kv[0] not in keep][: max(config.vocab_size - len(chars), 0)]
    return sorted(chars + others, key=lambda kv: (-kv[1], kv[0]))
