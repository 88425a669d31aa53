"""Training a WordPiece vocabulary by the usual likelihood-score merges.

WordPiece as described by Schuster & Nakajima (2012) and taught in Hugging Face's course:
start from the alphabet (every character seen, and ``##`` + every character that continues a
word), then repeatedly merge the adjacent pair with the highest score

    score(a, b) = count(ab) / (count(a) · count(b))

(counts weighted by how often each word occurs), which prefers pairs whose parts are rarely
seen apart: merging them loses the least likelihood. The merged token is ``a`` followed by
``b`` without its ``##``. Training stops at ``vocab_size`` tokens (special tokens included)
or when no pair is left. Ties: the higher pair count, then the smaller pair (by text).
Scores are compared exactly (cross-multiplied integers), never as floats.

Note: ``tokenizers``' ``WordPieceTrainer`` is not this: it trains BPE (merges by pair count)
with the ``##`` prefix and keeps the BPE vocabulary. The two vocabularies share the alphabet
and the special tokens; of the tokens made by merges, about a third (35 % on 97 KB of English
at 2,000 tokens: ``tests/engine/test_wordpiece_train.py``), because likelihood prefers pairs
whose parts are rarely apart and counts prefer frequent pairs. Encoding with the trained vocabulary is WordPiece's greedy longest match, as for any
WordPiece file.

The work per merge is the words holding the merged pair (they are re-split) plus one pass over
the distinct pairs for the best score: fine for the texts of a lesson (a few MB), not for a
production corpus.
"""

from __future__ import annotations

import os
from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from ..corpus import LINE_BLOCK, CorpusSource, line_blocks
from ..errors import ConfigError
from ..formats.data import WordPieceData, WordPieceSplit
from ..formats.post_processor import SpecialAdditions
from ..train.events import CountingDone, CountingProgress
from .normalizer import BertNormalizer, WordSplitter
from .tokenizer import WordPieceTokenizer

__all__ = [
    "WordPieceMerge",
    "TrainedWordPiece",
    "WordPieceTrainer",
    "WordPieceEvent",
    "train_wordpiece",
    "BERT_SPECIALS",
]

BERT_SPECIALS = ("[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]")


@dataclass(frozen=True)
class WordPieceMerge:
    """One merge: ``left`` + ``right`` -> ``token``, with the pair's count and the counts of
    its parts at that moment (``score = pair_count / (left_count * right_count)``)."""

    left: str
    right: str
    token: str
    pair_count: int
    left_count: int
    right_count: int
    #: This merge's index, and how many tokens the merges added so far (a merge may make a
    #: token an earlier merge made already: it adds none).
    rank: int = 0
    added: int = 0

    @property
    def score(self) -> float:
        return self.pair_count / (self.left_count * self.right_count)


@dataclass(frozen=True)
class TrainedWordPiece:
    """The tokenizer a training made and its merges in order."""

    tokenizer: WordPieceTokenizer
    merges: tuple[WordPieceMerge, ...]


def _split(word: str, prefix: str) -> tuple[str, ...]:
    return (word[0], *(prefix + c for c in word[1:]))


def _join(left: str, right: str, prefix: str) -> str:
    return left + (right[len(prefix) :] if prefix and right.startswith(prefix) else right)


class _Counts:
    """Words as symbol tuples with their counts, and the pair and symbol counts over them."""

    def __init__(self, words: Counter[str], prefix: str) -> None:
        self.prefix = prefix
        self.words = [_split(w, prefix) for w in words]
        self.freq = list(words.values())
        self.pairs: Counter[tuple[str, str]] = Counter()
        self.symbols: Counter[str] = Counter()
        self.where: defaultdict[tuple[str, str], set[int]] = defaultdict(set)
        for k, symbols in enumerate(self.words):
            self._add(k, symbols, 1)

    def _add(self, k: int, symbols: tuple[str, ...], sign: int) -> None:
        f = self.freq[k] * sign
        for s in symbols:
            self.symbols[s] += f
        for pair in zip(symbols, symbols[1:]):
            c = self.pairs[pair] + f
            if c:
                self.pairs[pair] = c
            else:
                del self.pairs[pair]  # gone: the best-pair scan never sees it again
            if sign > 0:
                self.where[pair].add(k)

    def best(self) -> tuple[str, str] | None:
        """The pair of the highest score (see the module docstring for ties)."""
        best: tuple[str, str] | None = None
        num, den, count = 0, 1, 0
        symbols = self.symbols
        for pair, c in self.pairs.items():
            if c <= 0:
                continue
            d = symbols[pair[0]] * symbols[pair[1]]
            # c/d > num/den, exactly; then the higher count, then the smaller pair.
            lhs, rhs = c * den, num * d
            if best is None or lhs > rhs or (lhs == rhs and (c > count or (c == count and pair < best))):
                best, num, den, count = pair, c, d, c
        return best

    def merge(self, pair: tuple[str, str]) -> str:
        a, b = pair
        token = _join(a, b, self.prefix)
        for k in sorted(self.where.pop(pair, ())):
            old = self.words[k]
            if len(old) < 2:
                continue
            new: list[str] = []
            i = 0
            while i < len(old):
                if i + 1 < len(old) and old[i] == a and old[i + 1] == b:
                    new.append(token)
                    i += 2
                else:
                    new.append(old[i])
                    i += 1
            if len(new) == len(old):
                continue
            self._add(k, old, -1)
            self.words[k] = tuple(new)
            self._add(k, self.words[k], 1)
        self.pairs.pop(pair, None)
        return token


#: What :meth:`WordPieceTrainer.events` yields: counting progress (bytes of the corpus read),
#: counting done (``target_merges``: the tokens still to add), then each merge.
WordPieceEvent = CountingProgress | CountingDone | WordPieceMerge


class WordPieceTrainer:
    """Trains a WordPiece vocabulary step by step (see :func:`train_wordpiece` for the
    settings): iterate :meth:`events` (progress: bytes read, then one
    :class:`WordPieceMerge` per merge), then :meth:`result`. Stopping the iteration early
    stops the work (nothing runs between two events). The corpus: files (``input_path``),
    one ``text``, or ``texts`` (an iterable of strings, counted as they come)."""

    def __init__(
        self,
        input_path: str | os.PathLike[str] | Sequence[str | os.PathLike[str]] | None = None,
        vocab_size: int = 30_000,
        *,
        text: str | None = None,
        texts: Iterable[str] | None = None,
        special_tokens: Iterable[str] = BERT_SPECIALS,
        unk_token: str = "[UNK]",
        lowercase: bool = True,
        strip_accents: bool | None = None,
        prefix: str = "##",
        name: str | None = None,
    ) -> None:
        self.specials = list(dict.fromkeys(special_tokens))
        if unk_token not in self.specials:
            raise ConfigError(f"the unknown token {unk_token!r} must be one of the special tokens {self.specials}")
        if vocab_size < len(self.specials):
            raise ConfigError(f"vocab_size {vocab_size} is smaller than the {len(self.specials)} special tokens")
        self.source = None if texts is not None else CorpusSource.from_input(input_path, text)
        self.texts = texts
        self.vocab_size, self.unk_token, self.prefix, self.name = vocab_size, unk_token, prefix, name
        self.normalizer = BertNormalizer(
            True, True, True, lowercase if strip_accents is None else strip_accents, lowercase
        )
        self._result: TrainedWordPiece | None = None
        self._started = False

    def _blocks(self) -> Iterator[tuple[str, int, int]]:
        """``(text, bytes read so far, bytes in all)``: the corpus in blocks cut at line ends
        (a line end is whitespace for BERT, so no word is cut)."""
        if self.source is None:
            assert self.texts is not None
            done = 0
            for t in self.texts:
                done += len(t)
                yield t, done, 0
            return
        total = self.source.total_bytes()
        if self.source.text is not None:
            done = 0
            for block in line_blocks(self.source.text):
                done += len(block.encode("utf-8"))
                yield block, done, total
            return
        done = 0
        for path in self.source.paths:
            with open(path, encoding="utf-8", newline="") as f:
                while True:
                    lines = f.readlines(LINE_BLOCK)  # (see LINE_BLOCK)
                    if not lines:
                        break
                    block = "".join(lines)
                    done += len(block.encode("utf-8"))
                    yield block, done, total

    def events(self) -> Iterator[WordPieceEvent]:
        if self._started:
            raise RuntimeError("WordPieceTrainer.events() can run only once; create a new trainer")
        self._started = True
        splitter = WordSplitter((WordPieceSplit.BERT,))
        words: Counter[str] = Counter()
        for block, done, total in self._blocks():
            words.update(splitter.words(self.normalizer.normalize(block)))
            if total:
                yield CountingProgress(done, total)
        counts = _Counts(words, self.prefix)
        # The alphabet first: every character seen (so any can start a word), then ## and each
        # character seen inside a word, each sorted (as tokenizers' trainers do).
        alphabet = sorted({c for w in words for c in w}) + sorted({s for w in counts.words for s in w[1:]})
        vocab = self.specials + [s for s in alphabet if s not in self.specials]
        target = max(0, self.vocab_size - len(vocab))
        size = sum(len(w.encode("utf-8")) * n for w, n in words.items())
        yield CountingDone(size, len(words), sum(words.values()), len(vocab), len(self.specials), target)
        known = set(vocab)
        merges: list[WordPieceMerge] = []
        while len(vocab) < self.vocab_size:
            pair = counts.best()
            if pair is None:
                break
            a, b = pair
            record = (counts.pairs[pair], counts.symbols[a], counts.symbols[b])
            token = counts.merge(pair)
            if token not in known:
                known.add(token)
                vocab.append(token)
            merge = WordPieceMerge(
                a, b, token, *record, rank=len(merges), added=len(vocab) - (self.vocab_size - target)
            )
            merges.append(merge)
            yield merge
        tok = _tokenizer(vocab, self.specials, self.unk_token, self.normalizer, self.prefix, self.name)
        self._result = TrainedWordPiece(tok, tuple(merges))

    def result(self) -> TrainedWordPiece:
        if self._result is None:
            raise RuntimeError("nothing is trained yet: iterate events() to the end first")
        return self._result

    def tokenizer(self) -> WordPieceTokenizer:
        return self.result().tokenizer


def train_wordpiece(
    texts: Iterable[str],
    vocab_size: int,
    *,
    special_tokens: Iterable[str] = BERT_SPECIALS,
    unk_token: str = "[UNK]",
    lowercase: bool = True,
    strip_accents: bool | None = None,
    prefix: str = "##",
    name: str | None = None,
) -> TrainedWordPiece:
    """A WordPiece vocabulary of ``vocab_size`` tokens learned from ``texts`` (see the module
    docstring), with BERT's normalizer (``lowercase``; ``strip_accents`` None: as
    ``lowercase``) and pre-tokenizer; the tokenizer puts ``[CLS]``/``[SEP]`` around a text when
    they are among ``special_tokens``. (:class:`WordPieceTrainer` does it step by step.)"""
    trainer = WordPieceTrainer(
        None,
        vocab_size,
        texts=texts,
        special_tokens=special_tokens,
        unk_token=unk_token,
        lowercase=lowercase,
        strip_accents=strip_accents,
        prefix=prefix,
        name=name,
    )
    for _ in trainer.events():
        pass
    return trainer.result()


def _tokenizer(
    vocab: list[str], specials: list[str], unk: str, normalizer: BertNormalizer, prefix: str, name: str | None
) -> WordPieceTokenizer:
    ids = {t: i for i, t in enumerate(vocab)}
    additions = (
        SpecialAdditions((("[CLS]", ids["[CLS]"]),), (("[SEP]", ids["[SEP]"]),))
        if "[CLS]" in ids and "[SEP]" in ids
        else SpecialAdditions()
    )
    data = WordPieceData(
        tokens=dict(enumerate(vocab)),
        unk_token=unk,
        prefix=prefix,
        clean_text=normalizer.clean_text,
        handle_chinese_chars=normalizer.handle_chinese_chars,
        strip_accents=normalizer.strip_accents,
        lowercase=normalizer.lowercase,
        special_tokens={t: ids[t] for t in specials},
        decode_prefix=prefix,
        additions=additions,
        bos="[CLS]" if additions else None,
        adds_bos=bool(additions),
        name=name,
        source=name or "trained WordPiece",
    )
    return WordPieceTokenizer(data)
