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
import os
import struct
from collections import Counter
from collections.abc import Generator, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import TypeVar, cast

from .._sorting import sorted_in_blocks
from ..corpus import LINE_BLOCK, CorpusSource, line_blocks
from ..errors import ConfigError, short
from ..formats.data import BYTE, CONTROL, NORMAL, UNKNOWN, SentencePieceData
from ..kinds import Algorithm
from ..train.events import CountingDone, CountingProgress
from .tokenizer import UnigramTokenizer

__all__ = ["UnigramTrainerConfig", "UnigramRound", "UnigramTrainer", "train_unigram", "word_counts"]

SPACE = "▁"
_R = TypeVar("_R")
_TICK = 1000  # words (or pieces) between two points where a long round may be stopped
_FREE_SLICE = 16_384  # list items freed per C call (about a millisecond)


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
    return _drain(_seed_steps(words, config))


def _drain(steps: Generator[None, None, _R]) -> _R:
    """Run a generator of this module (it yields None now and then) to its result."""
    while True:
        try:
            next(steps)
        except StopIteration as stop:
            return cast(_R, stop.value)


def _seed_steps(words: Counter[str], config: UnigramTrainerConfig) -> Generator[None, None, dict[str, float]]:
    """The seed pieces and their scores; yields every :data:`_TICK` words (seconds on a megabyte)."""
    counts: Counter[str] = Counter()
    chars: Counter[str] = Counter()
    for k, (word, n) in enumerate(words.items()):
        if k % _TICK == _TICK - 1:
            yield
        for i in range(len(word)):
            chars[word[i]] += n
            for j in range(i + 2, min(len(word), i + config.max_piece_length) + 1):
                sub = word[i:j]
                if SPACE not in sub[1:]:
                    counts[sub] += n
    frequent = [kv for kv in counts.items() if kv[1] >= 2]  # once is no pattern (as sentencepiece's seed)
    # (in blocks: one sort of every frequent substring of a 4 MB corpus held the interpreter
    # lock for 1.2 s, and the app trains beside its GUI; the keys are distinct, so the order is sorted's)
    best = sorted_in_blocks(frequent, key=lambda kv: (-kv[1] * len(kv[0]), kv[0]), first=config.seed_size)
    _let_go(frequent, counts)
    scored = {p: float(c * len(p)) for p, c in best}
    scored.update({c: float(n) for c, n in chars.items()})
    total = math.log(sum(scored.values()))
    return {p: math.log(v) - total for p, v in scored.items()}


def _let_go(items: list[tuple[str, int]], table: Counter[str]) -> None:
    """Free the seed's substrings a slice at a time: freed at once when the seed returned
    (millions of them on a 4 MB corpus), they held the interpreter lock 0.1-0.2 s."""
    while items:
        del items[-_FREE_SLICE:]
    popitem = table.popitem
    for _ in range(len(table)):
        popitem()


def _logaddexp(a: float, b: float) -> float:
    if a == -math.inf:
        return b
    hi, lo = (a, b) if a > b else (b, a)
    return hi + math.log1p(math.exp(lo - hi))


def _word_expected(word: str, freq: int, scores: dict[str, float], longest: int, expected: dict[str, float]) -> float:
    """Add one word's expected piece counts (forward-backward) to ``expected``; its share of
    the log likelihood."""
    n = len(word)
    edges = [[(j, word[i:j]) for j in range(i + 1, min(n, i + longest) + 1) if word[i:j] in scores] for i in range(n)]
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
        return 0.0
    for i in range(n):
        for j, p in edges[i]:
            expected[p] += freq * math.exp(alpha[i] + scores[p] + beta[j] - z)
    return freq * z


def _expected(
    words: Counter[str], scores: dict[str, float], longest: int
) -> Generator[None, None, tuple[dict[str, float], float]]:
    """E-step: every piece's expected count over all words, and the text's log likelihood
    (a generator: it yields every :data:`_TICK` words, so a caller can stop in between)."""
    expected: dict[str, float] = dict.fromkeys(scores, 0.0)
    likelihood = 0.0
    for k, (word, freq) in enumerate(words.items()):
        likelihood += _word_expected(word, freq, scores, longest, expected)
        if k % _TICK == _TICK - 1:
            yield
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
) -> Generator[None, None, dict[str, float]]:
    """Drop the pieces whose removal costs the likelihood least (sentencepiece's loss); a
    generator yielding every :data:`_TICK` words or pieces, as :func:`_expected`."""
    freq: Counter[str] = Counter()
    used_in: dict[str, list[str]] = {}
    for k, (word, n) in enumerate(words.items()):
        for p in _viterbi(word, scores, longest):
            freq[p] += n
            used_in.setdefault(p, []).append(word)
        if k % _TICK == _TICK - 1:
            yield
    total = sum(freq.values())
    vsum = sum(words.values())
    losses: list[tuple[float, str]] = []
    for k, p in enumerate(scores):
        if k % _TICK == _TICK - 1:
            yield
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


def _prunes_left(size: int, desired: int, shrinking: float) -> int:
    """How many pruning rounds bring ``size`` pieces down to ``desired`` (an estimate: the
    M-step may drop a few more)."""
    n = 0
    while size > desired:
        size = max(int(size * shrinking), desired)
        n += 1
    return n


def _rounds(
    words: Counter[str], config: UnigramTrainerConfig, seed: dict[str, float] | None = None
) -> Iterator[tuple[dict[str, float], int] | None]:
    """The scores after each round (EM, then pruning unless small enough) and the rounds
    still expected after it (0 after the last); None in between, every :data:`_TICK` words
    (a round on a corpus of a megabyte takes seconds: the caller may stop at each)."""
    scores = seed if seed is not None else _seed(words, config)
    keep = frozenset(p for p in scores if len(p) == 1)
    longest = config.max_piece_length
    desired = int(config.vocab_size * 1.1)
    while True:
        for _ in range(config.em_iterations):
            expected, _ = yield from _expected(words, scores, longest)
            scores = _m_step(expected, keep)
        if len(scores) <= desired:
            yield scores, 0
            return
        target = max(int(len(scores) * config.shrinking_factor), desired)
        scores = yield from _prune(words, scores, keep, target, longest)
        yield scores, 1 + _prunes_left(len(scores), desired, config.shrinking_factor)


def _best(scores: dict[str, float], vocab_size: int) -> list[tuple[str, float]]:
    ranked = sorted(scores.items(), key=lambda kv: (-kv[1], kv[0]))
    chars = [kv for kv in ranked if len(kv[0]) == 1]
    others = [kv for kv in ranked if len(kv[0]) != 1][: max(vocab_size - len(chars), 0)]
    return sorted(chars + others, key=lambda kv: (-kv[1], kv[0]))


def train_unigram(texts: Iterable[str], config: UnigramTrainerConfig) -> list[tuple[str, float]]:
    """``(piece, score)`` of a Unigram vocabulary of ``config.vocab_size`` pieces (no special
    pieces: add ``<unk>`` and the others before them), highest score first."""
    if isinstance(config.vocab_size, bool) or config.vocab_size < 1:
        raise ConfigError(f"vocab_size must be a positive whole number, got {short(config.vocab_size)}")
    scores: dict[str, float] = {}
    for step in _rounds(word_counts(texts), config):
        if step is not None:
            scores = step[0]
    return _best(scores, config.vocab_size)


@dataclass(frozen=True, slots=True)
class UnigramRound:
    """One round of Unigram training (EM, then pruning): ``done`` of about ``total`` rounds
    (the estimate may shrink as the M-step drops pieces), ``pieces`` left after it."""

    done: int
    total: int
    pieces: int
    #: True: a point inside round ``done + 1`` (nothing new finished), so that a consumer can
    #: stop between two events while a long round runs.
    partial: bool = False


#: What a Unigram family model holds before its pieces: sentencepiece's meta pieces, then the
#: 256 byte pieces of byte fallback (so no character is unknown).
_META = ("<unk>", "<s>", "</s>")
_RESERVED = len(_META) + 256


class UnigramTrainer:
    """Trains a Unigram tokenizer of ``vocab_size`` tokens (meta and byte pieces included, as
    :class:`~bpe_engine.CharBpeTrainer` counts them) step by step: iterate :meth:`events`
    (:class:`~bpe_engine.CountingProgress`, :class:`~bpe_engine.CountingDone` with the rounds
    expected as ``target_merges``, one :class:`UnigramRound` per round), then
    :meth:`tokenizer`. Stopping the iteration stops the work. Scores are rounded to float32,
    as a ``.model`` file stores them, so the model is the same written there."""

    def __init__(
        self,
        input_path: str | os.PathLike[str] | Sequence[str | os.PathLike[str]] | None = None,
        vocab_size: int = 8000,
        *,
        text: str | None = None,
        name: str | None = None,
    ) -> None:
        if isinstance(vocab_size, bool) or not isinstance(vocab_size, int) or vocab_size < 1:
            raise ConfigError(f"vocab_size must be a positive whole number, got {short(vocab_size)}")
        self.source = CorpusSource.from_input(input_path, text)
        self.vocab_size, self.name = vocab_size, name
        self._result: UnigramTokenizer | None = None
        self._started = False

    def _words(self) -> Iterator[CountingProgress | Counter[str]]:
        total = self.source.total_bytes()
        words: Counter[str] = Counter()
        if self.source.text is not None:
            # (in blocks, as the files below: one split of a long text held the interpreter lock)
            for block in line_blocks(self.source.text):
                words.update(word_counts([block]))
            yield CountingProgress(total, total)
            yield words
            return
        done = 0
        for path in self.source.paths:
            with open(path, encoding="utf-8", newline="") as f:
                for lines in iter(lambda: f.readlines(LINE_BLOCK), []):
                    block = "".join(lines)
                    done += len(block.encode("utf-8"))
                    words.update(word_counts([block]))  # cut at line ends: no word is cut
                    yield CountingProgress(done, total)
        yield words

    def events(self) -> Iterator[CountingProgress | CountingDone | UnigramRound]:
        if self._started:
            raise RuntimeError("UnigramTrainer.events() can run only once; create a new trainer")
        self._started = True
        words: Counter[str] = Counter()
        for item in self._words():
            if isinstance(item, CountingProgress):
                yield item
            else:
                words = item
        chars = {c for w in words for c in w}
        if self.vocab_size < _RESERVED + len(chars):
            raise ConfigError(
                f"vocab_size {self.vocab_size} is too small for this corpus: it needs at least "
                f"{_RESERVED + len(chars)} (3 meta tokens, 256 byte tokens and its {len(chars)} characters)"
            )
        config = UnigramTrainerConfig(self.vocab_size - _RESERVED)
        size = sum(len(w.encode("utf-8")) * n for w, n in words.items())
        seed: dict[str, float] = {}
        steps = _seed_steps(words, config)
        while words:
            try:
                next(steps)
                yield CountingProgress(size, size, "indexing")  # (the seed: a point to stop)
            except StopIteration as stop:
                seed = stop.value
                break
        expected = 1 + _prunes_left(len(seed), int(config.vocab_size * 1.1), config.shrinking_factor)
        yield CountingDone(size, len(words), sum(words.values()), size, len(_META), expected)
        scores: dict[str, float] = {}
        done, total = 0, expected
        for step in _rounds(words, config, seed) if words else iter([({}, 0)]):
            if step is None:
                yield UnigramRound(done, total, len(scores) or len(seed), partial=True)
                continue
            scores, left = step
            done += 1
            total = done + left
            yield UnigramRound(done, total, len(scores))
        self._result = _unigram_tokenizer(_best(scores, config.vocab_size), self.name)

    def tokenizer(self) -> UnigramTokenizer:
        if self._result is None:
            raise RuntimeError("nothing is trained yet: iterate events() to the end first")
        return self._result


def _float32(x: float) -> float:
    return float(struct.unpack("<f", struct.pack("<f", x))[0])


def _unigram_tokenizer(pieces: list[tuple[str, float]], name: str | None) -> UnigramTokenizer:
    texts = [*_META, *(f"<0x{b:02X}>" for b in range(256)), *(p for p, _ in pieces)]
    data = SentencePieceData(
        pieces=texts,
        scores=[0.0] * _RESERVED + [_float32(s) for _, s in pieces],
        kinds=[UNKNOWN, CONTROL, CONTROL, *([BYTE] * 256), *([NORMAL] * len(pieces))],
        byte_fallback=True,
        unk_id=0,
        prefix="always",
        escape_whitespaces=True,
        name=name,
        source=name or "trained Unigram",
        algorithm=Algorithm.UNIGRAM,
    )
    return UnigramTokenizer(data)
