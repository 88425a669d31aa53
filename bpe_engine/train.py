"""BPE training: the event stream that ties counting and the merge loop together.

Pre-tokens are counted by :mod:`bpe_engine.counting` (streamed, optionally in worker
processes); the incremental merge loop of seed ``001`` part 3 runs in
:mod:`bpe_engine.merging`. :class:`BpeTrainer` exposes the whole run as events that a GUI
thread can pull one at a time (progress while counting, then one :class:`MergeEvent` per
merge); stopping between two events leaves a usable tokenizer of the merges so far.

Ties go to the highest count, then (``tie_break="greatest"``, the default and the rule of
GPT-2 and of the reference fixtures) to the lexicographically greatest pair of byte strings
``(left_bytes, right_bytes)``, or (``"smallest"``) to the smallest. The result is
deterministic: same input, same merges.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Iterator, Sequence, Union

from .counting import CorpusSource, CountResult, count_pretokens_iter
from .errors import ConfigError
from .merging import MergeLoop
from .pretokenize import Pretokenizer, SpecialSplitter, get_pretokenizer
from .tokenizer import MAX_VOCAB, Tokenizer

__all__ = [
    "TIE_BREAKS",
    "CountingProgress",
    "CountingDone",
    "MergeEvent",
    "TrainingDone",
    "TrainingEvent",
    "PairInfo",
    "PretokenInfo",
    "BpeTrainer",
    "train_bpe",
]

TIE_BREAKS: dict[str, str] = {
    "greatest": "Lexicographically greatest pair (GPT-2, CS336)",
    "smallest": "Lexicographically smallest pair",
}



@dataclass(frozen=True, slots=True)
class CountingProgress:
    """Pre-token counting has read ``bytes_done`` of ``bytes_total`` corpus bytes."""

    bytes_done: int
    bytes_total: int


@dataclass(frozen=True, slots=True)
class CountingDone:
    """Counting finished; the merge loop starts next.

    ``initial_tokens`` is the corpus length in tokens before any merge (its pieces' bytes plus
    one per special token); each merge of a pair with count ``c`` removes ``c`` tokens.
    """

    total_bytes: int
    distinct_pretokens: int
    total_pretokens: int
    initial_tokens: int
    special_count: int
    target_merges: int


@dataclass(frozen=True, slots=True)
class MergeEvent:
    """One merge: ``left_id`` + ``right_id`` became ``new_id``, a pair that occurred ``count`` times.

    ``tied_with`` is the best other pair that had the same count when this one was chosen
    (the tie-break rule decided between them), or None.
    """

    rank: int
    left_id: int
    right_id: int
    left: bytes
    right: bytes
    new_id: int
    count: int
    tied_with: "tuple[bytes, bytes] | None" = None

    @property
    def new_bytes(self) -> bytes:
        return self.left + self.right


@dataclass(frozen=True, slots=True)
class TrainingDone:
    """Training ended: ``reason`` is ``"vocab_size"`` (target reached) or ``"no_pairs"``."""

    merges: int
    reason: str


TrainingEvent = Union[CountingProgress, CountingDone, MergeEvent, TrainingDone]


@dataclass(frozen=True, slots=True)
class PairInfo:
    """A pair of adjacent tokens and how often it occurs now (for step-by-step views)."""

    left_id: int
    right_id: int
    left: bytes
    right: bytes
    count: int


@dataclass(frozen=True, slots=True)
class PretokenInfo:
    """A distinct pre-token, its count, and its current segmentation into token ids."""

    text: bytes
    count: int
    token_ids: tuple[int, ...]


class BpeTrainer:
    """Trains a byte-level BPE tokenizer as a stream of events.

    Iterate :meth:`events` (once); stop whenever you like; :meth:`tokenizer` returns the
    tokenizer of the merges done so far. Pausing is simply not pulling the next event.

    ``vocab_size`` counts the 256 byte tokens, the merges and the special tokens.
    ``input_path`` is a path or a list of paths to UTF-8 text files; or pass ``text=``.
    ``workers`` is the number of processes that count pre-tokens (default: all cores).
    """

    def __init__(
        self,
        input_path: "str | os.PathLike[str] | Sequence[str | os.PathLike[str]] | None" = None,
        vocab_size: int = 1000,
        special_tokens: Sequence[str] = (),
        *,
        text: str | None = None,
        pretokenizer: "str | Pretokenizer" = "gpt2",
        tie_break: str = "greatest",
        workers: int | None = None,
        name: str | None = None,
    ) -> None:
        if isinstance(special_tokens, str):
            raise ConfigError(
                f"special_tokens must be a list of strings, got the string {special_tokens!r}; "
                f"write [{special_tokens!r}]"
            )
        self.special_tokens = SpecialSplitter(special_tokens).tokens
        if isinstance(vocab_size, bool) or not isinstance(vocab_size, int):
            raise ConfigError(f"vocab_size must be a whole number, got {vocab_size!r}")
        minimum = 256 + len(self.special_tokens)
        if vocab_size < minimum:
            raise ConfigError(
                f"vocab_size {vocab_size} is too small: it must be at least {minimum} "
                f"(256 byte tokens + {len(self.special_tokens)} special token(s)); "
                f"choose {minimum + 1} or more to learn any merge"
            )
        if vocab_size > MAX_VOCAB:
            raise ConfigError(f"vocab_size {vocab_size} is too large: at most {MAX_VOCAB} tokens are supported")
        if tie_break not in TIE_BREAKS:
            raise ConfigError(f"unknown tie_break {tie_break!r}; use one of {', '.join(TIE_BREAKS)}")
        if workers is not None and (isinstance(workers, bool) or not isinstance(workers, int) or workers < 1):
            raise ConfigError(f"workers must be a whole number of at least 1, got {workers!r}")
        self.vocab_size = vocab_size
        self.pretokenizer = get_pretokenizer(pretokenizer)
        self.tie_break = tie_break
        self.workers = workers
        self.source = CorpusSource.from_input(input_path, text)
        self.name = name
        self.target_merges = vocab_size - minimum
        self.merges: list[tuple[int, int]] = []
        self.merge_counts: list[int] = []
        self.counting: CountingDone | None = None
        self._state: MergeLoop | None = None
        self._started = False
        self.finished = False

    @property
    def phase(self) -> str:
        """``"new"``, ``"counting"``, ``"merging"`` or ``"done"``."""
        if self.finished:
            return "done"
        if self._state is not None:
            return "merging"
        return "counting" if self._started else "new"

    def events(self) -> Iterator[TrainingEvent]:
        """The training run as events; may be iterated only once."""
        if self._started:
            raise RuntimeError("BpeTrainer.events() can run only once; create a new trainer")
        self._started = True
        result: CountResult | None = None
        for item in count_pretokens_iter(self.source, self.pretokenizer, self.special_tokens, workers=self.workers):
            if isinstance(item, CountResult):
                result = item
            else:
                yield CountingProgress(item[0], item[1])
        assert result is not None
        distinct = result.distinct
        shards, result.shards = result.shards, []
        self._state = MergeLoop(shards, self.tie_break)
        while shards:
            shards.pop()  # one dict at a time (freeing 400 000 pieces at once holds the GIL ~10 ms)
        total_pretokens = int(self._state.word_count.sum())
        initial_tokens = int((self._state.word_count * self._state.word_len).sum()) + result.special_count
        self.counting = CountingDone(
            total_bytes=result.total_bytes,
            distinct_pretokens=distinct,
            total_pretokens=total_pretokens,
            initial_tokens=initial_tokens,
            special_count=result.special_count,
            target_merges=self.target_merges,
        )
        yield self.counting
        state = self._state
        tok = state.tok
        while len(self.merges) < self.target_merges:
            best = state.pop_best()
            if best is None:
                self.finished = True
                yield TrainingDone(len(self.merges), "no_pairs")
                return
            pid, count, tied = best
            a, b = state.pair(pid)
            z = state.merge(pid)
            self.merges.append((a, b))
            self.merge_counts.append(count)
            tied_with = None
            if tied is not None:
                ta, tb = state.pair(tied)
                tied_with = (tok[ta], tok[tb])
            yield MergeEvent(len(self.merges) - 1, a, b, tok[a], tok[b], z, count, tied_with)
        self.finished = True
        yield TrainingDone(len(self.merges), "vocab_size")

    def tokenizer(self) -> Tokenizer:
        """A tokenizer of the merges done so far (specials follow the last merge)."""
        tok = self._state.tok if self._state is not None else [bytes([i]) for i in range(256)]
        n = len(self.merges)
        vocab = {i: tok[i] for i in range(256 + n)}
        for j, s in enumerate(self.special_tokens):
            vocab[256 + n + j] = s.encode("utf-8")
        return Tokenizer(
            vocab,
            [(tok[a], tok[b]) for a, b in self.merges],
            list(self.special_tokens),
            pretokenizer=self.pretokenizer,
            merge_counts=list(self.merge_counts),
            merge_ids=list(self.merges),
            name=self.name,
        )

    # Step-mode inspection: cheap on small corpora, bounded on big ones.
    def top_pairs(self, k: int = 20) -> list[PairInfo]:
        """The ``k`` pairs that would be merged next, best first (empty before counting ends)."""
        state = self._state
        if state is None:
            return []
        tok = state.tok
        return [PairInfo(l, r, tok[l], tok[r], c) for l, r, c in state.top_pairs(k)]

    def pretokens(self, limit: int = 200) -> list[PretokenInfo]:
        """The ``limit`` most frequent pre-tokens with their current segmentation."""
        state = self._state
        if state is None:
            return []
        out = []
        for w in state.frequent_words(limit):
            ids = state.segmentation(w)
            out.append(PretokenInfo(b"".join(state.tok[t] for t in ids), int(state.word_count[w]), ids))
        return out

    def token_bytes(self, token_id: int) -> bytes:
        """Bytes of a token id of this run (bytes and merges; not special tokens)."""
        if self._state is not None:
            return self._state.tok[token_id]
        if 0 <= token_id < 256:
            return bytes([token_id])
        raise IndexError(token_id)


def train_bpe(
    input_path: "str | os.PathLike[str] | Sequence[str | os.PathLike[str]] | None",
    vocab_size: int,
    special_tokens: Sequence[str] = (),
    *,
    text: str | None = None,
    pretokenizer: "str | Pretokenizer" = "gpt2",
    tie_break: str = "greatest",
    workers: int | None = None,
    name: str | None = None,
) -> Tokenizer:
    """Train a byte-level BPE tokenizer on UTF-8 text files (or ``text=``) and return it."""
    trainer = BpeTrainer(
        input_path, vocab_size, special_tokens, text=text, pretokenizer=pretokenizer,
        tie_break=tie_break, workers=workers, name=name,
    )
    for _ in trainer.events():
        pass
    return trainer.tokenizer()
