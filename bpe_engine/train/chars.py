"""Training the character-level family: BPE over characters with byte fallback, as
SentencePiece's BPE models are (Llama 2, Mistral 7B), for the lessons that compare families.

The text is cut into sentences (lines); in each, spaces become ``▁`` and a ``▁`` goes first
(the dummy prefix), and the sentence is split before every ``▁``: the pre-tokens are ``▁word``
stretches. The units are characters: the alphabet is every character of the corpus, or the
most frequent ones covering ``character_coverage`` of it (a rarer character never takes part
in a merge). The merges are learned by the same incremental loop as byte-level training
(:class:`~bpe_engine.train.merging.MergeLoop`, here over an alphabet of characters): highest
count first, ties to the greatest pair of UTF-8 byte strings. The result is a
:class:`~bpe_engine.spm.SentencePieceTokenizer` whose merges apply in training order; any
character outside the alphabet falls back to its UTF-8 bytes as ``<0xNN>`` tokens.

Vocabulary layout: ``<unk>``, ``<s>``, ``</s>``, the 256 byte tokens, the alphabet by
frequency, then the merged pieces in merge order (so an id never changes while training goes
on; SentencePiece itself puts the characters last).
"""

from __future__ import annotations

import os
import struct
from collections import Counter
from collections.abc import Iterator, Sequence

from ..corpus import CorpusSource
from ..errors import ConfigError, EmptyCorpusError
from ..formats.data import BYTE, CONTROL, NORMAL, UNKNOWN, SentencePieceData
from ..spm import SentencePieceTokenizer
from .events import CountingDone, CountingProgress, MergeEvent, TrainingDone, TrainingEvent
from .merging import MergeLoop

__all__ = ["SPACE", "CharBpeTrainer", "train_char_bpe", "char_pretokens"]

SPACE = "\u2581"  # ▁
_META = ("<unk>", "<s>", "</s>")


def char_pretokens(text: str) -> Iterator[str]:
    """The pre-tokens of ``text``: per line, spaces as ``▁``, a ``▁`` first, cut before each ``▁``."""
    for line in text.splitlines():
        if not line:
            continue
        normalized = SPACE + line.replace(" ", SPACE)
        start = 0
        for k in range(1, len(normalized)):
            if normalized[k] == SPACE:
                yield normalized[start:k]
                start = k
        yield normalized[start:]


class CharBpeTrainer:
    """Trains a character-level BPE tokenizer with byte fallback, as a stream of events like
    :class:`~bpe_engine.BpeTrainer` (``left``/``right`` of a :class:`MergeEvent` are the UTF-8
    bytes of the two pieces; ids are those of the final vocabulary).

    ``vocab_size`` counts the 3 meta tokens, the 256 byte tokens, the alphabet and the merges.
    """

    def __init__(
        self,
        input_path: str | os.PathLike[str] | Sequence[str | os.PathLike[str]] | None = None,
        vocab_size: int = 1000,
        *,
        text: str | None = None,
        character_coverage: float = 1.0,
        tie_break: str = "greatest",
        name: str | None = None,
    ) -> None:
        if isinstance(vocab_size, bool) or not isinstance(vocab_size, int) or vocab_size < 1:
            raise ConfigError(f"vocab_size must be a positive whole number, got {vocab_size!r}")
        if not 0.0 < character_coverage <= 1.0:
            raise ConfigError(f"character_coverage must be above 0 and at most 1, got {character_coverage!r}")
        if tie_break not in ("greatest", "smallest"):
            raise ConfigError(f"unknown tie_break {tie_break!r}; use greatest or smallest")
        self.source = CorpusSource.from_input(input_path, text)
        self.vocab_size = vocab_size
        self.character_coverage = character_coverage
        self.tie_break = tie_break
        self.name = name
        self.alphabet: list[str] = []
        self.merges: list[tuple[int, int]] = []  # unit/merge indices of the loop
        self.merge_counts: list[int] = []
        self._loop: MergeLoop | None = None
        self._started = False

    def _text(self) -> str:
        if self.source.text is not None:
            return self.source.text
        parts = []
        for path in self.source.paths:
            with open(path, encoding="utf-8") as f:
                parts.append(f.read())
        return "\n".join(parts)

    def events(self) -> Iterator[TrainingEvent]:
        """The run as events; may be iterated only once."""
        if self._started:
            raise RuntimeError("CharBpeTrainer.events() can run only once; create a new trainer")
        self._started = True
        total = self.source.total_bytes()
        yield CountingProgress(0, total)
        text = self._text()
        words = Counter(char_pretokens(text))
        chars: Counter[str] = Counter()
        for word, count in words.items():
            for ch in word:
                chars[ch] += count
        if not chars:
            raise EmptyCorpusError("the corpus holds no text to learn from; choose a file with some text in it")
        ordered = sorted(chars, key=lambda c: (-chars[c], c))
        keep = len(ordered)
        if self.character_coverage < 1.0:
            need = self.character_coverage * sum(chars.values())
            covered = 0
            for index, ch in enumerate(ordered):
                covered += chars[ch]
                if covered >= need:
                    keep = index + 1
                    break
        self.alphabet = ordered[:keep]
        minimum = len(_META) + 256 + len(self.alphabet)
        if self.vocab_size < minimum:
            raise ConfigError(
                f"vocab_size {self.vocab_size} is too small for this corpus: it needs at least {minimum} "
                f"(3 meta tokens, 256 byte tokens and its {len(self.alphabet)} characters)"
            )
        unit = {ch: i for i, ch in enumerate(self.alphabet)}
        packed: dict[bytes, int] = {}
        for word, count in words.items():
            # A character outside the alphabet never merges: the word is cut around it.
            run: list[int] = []
            for ch in [*word, None]:
                u = unit.get(ch) if ch is not None else None
                if u is not None:
                    run.append(u)
                    continue
                if len(run) > 1:
                    key = struct.pack(f"<{len(run)}I", *run)
                    packed[key] = packed.get(key, 0) + count
                run = []
        loop = MergeLoop([packed], self.tie_break, units=[ch.encode("utf-8") for ch in self.alphabet])
        self._loop = loop
        # A character outside the alphabet is as many tokens as it has UTF-8 bytes.
        initial = sum(count * (1 if ch in unit else len(ch.encode("utf-8"))) for ch, count in chars.items())
        target = self.vocab_size - minimum
        yield CountingDone(total, len(words), sum(words.values()), initial, 0, target)
        tokens = initial
        while len(self.merges) < target:
            best = loop.pop_best()
            if best is None:
                yield TrainingDone(len(self.merges), "no_pairs")
                return
            pid, count, tied = best
            a, b = loop.pair(pid)
            z, replaced = loop.merge(pid)
            tokens -= replaced
            self.merges.append((a, b))
            self.merge_counts.append(count)
            tied_with = (loop.tok[loop.pair(tied)[0]], loop.tok[loop.pair(tied)[1]]) if tied is not None else None
            rank = len(self.merges) - 1
            yield MergeEvent(
                rank,
                self._id(a),
                self._id(b),
                loop.tok[a],
                loop.tok[b],
                self._id(z),
                count,
                replaced,
                tokens,
                tied_with,
            )
        yield TrainingDone(len(self.merges), "vocab_size")

    @staticmethod
    def _id(unit: int) -> int:
        """The vocabulary's id of a loop token (a character, or the result of a merge)."""
        return len(_META) + 256 + unit

    def tokenizer(self) -> SentencePieceTokenizer:
        """The tokenizer of the merges made so far."""
        loop = self._loop
        if loop is None:
            raise RuntimeError("nothing is trained yet: iterate events() first")
        n_alpha = len(self.alphabet)
        merged = [loop.tok[n_alpha + r].decode("utf-8") for r in range(len(self.merges))]
        pieces = [*_META, *(f"<0x{b:02X}>" for b in range(256)), *self.alphabet, *merged]
        kinds = [UNKNOWN, CONTROL, CONTROL, *([BYTE] * 256), *([NORMAL] * (n_alpha + len(merged)))]
        scores = [0.0] * (len(_META) + 256) + [-float(i) for i in range(n_alpha + len(merged))]
        merges = [(self._id(a), self._id(b)) for a, b in self.merges]
        data = SentencePieceData(
            pieces=pieces,
            scores=scores,
            kinds=kinds,
            merges=merges,
            byte_fallback=True,
            unk_id=0,
            prefix="always",
            escape_whitespaces=True,
            split_at_space=True,
            name=self.name,
        )
        return SentencePieceTokenizer(data)


def train_char_bpe(
    input_path: str | os.PathLike[str] | Sequence[str | os.PathLike[str]] | None,
    vocab_size: int,
    *,
    text: str | None = None,
    character_coverage: float = 1.0,
    tie_break: str = "greatest",
    name: str | None = None,
) -> SentencePieceTokenizer:
    """Train a character-level BPE tokenizer with byte fallback (see :class:`CharBpeTrainer`)."""
    trainer = CharBpeTrainer(
        input_path, vocab_size, text=text, character_coverage=character_coverage, tie_break=tie_break, name=name
    )
    for _ in trainer.events():
        pass
    return trainer.tokenizer()
