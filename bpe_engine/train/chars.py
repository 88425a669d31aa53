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
from collections.abc import Iterator, Mapping, Sequence

import numpy as np

from ..corpus import CorpusSource
from ..errors import ConfigError
from ..formats.data import BYTE, CONTROL, NORMAL, UNKNOWN, SentencePieceData
from ..kinds import TieBreak, tie_break as to_tie_break
from ..spm import SentencePieceTokenizer
from .char_counting import SPACE, CharCounts, count_char_pretokens_iter
from .events import CountingDone, CountingProgress, MergeEvent, TrainingDone, TrainingEvent
from .merging import MergeLoop

__all__ = ["SPACE", "CharBpeTrainer", "train_char_bpe", "char_pretokens"]

_META = ("<unk>", "<s>", "</s>")
_PACK_SLICE = 65_536  # pre-tokens packed per NumPy call (a few ms of GIL each)
_CHAR_SLICE = 16_384  # distinct segments per NumPy sort of their characters (smaller sorts: less CPU)


def char_pretokens(text: str) -> Iterator[str]:
    """The pre-tokens of ``text``: per line, spaces as ``▁``, a ``▁`` first, cut before each ``▁``."""
    for line in text.splitlines():
        if line:
            # "▁" + the line with spaces as "▁", cut before every "▁": a "▁" and each segment.
            for segment in line.replace(" ", SPACE).split(SPACE):
                yield SPACE + segment


def segment_chars(segments: Mapping[str, int]) -> dict[str, int]:
    """How often each character occurs in the pre-tokens (``▁`` + segment, weighted by their
    counts): NumPy over the distinct segments, a slice at a time."""
    out: dict[str, int] = {}
    items = list(segments.items())
    spaces = 0
    for first in range(0, len(items), _CHAR_SLICE):
        part = items[first : first + _CHAR_SLICE]
        counts = np.fromiter((c for _, c in part), dtype=np.int64, count=len(part))
        spaces += int(counts.sum())
        lengths = np.fromiter((len(seg) for seg, _ in part), dtype=np.int64, count=len(part))
        cps = np.frombuffer("".join(seg for seg, _ in part).encode("utf-32-le"), dtype="<u4")
        if not cps.size:
            continue
        present, inverse = np.unique(cps, return_inverse=True)
        # float64 sums are exact below 2**53 occurrences
        sums = np.bincount(inverse.ravel(), weights=np.repeat(counts, lengths), minlength=present.size)
        get = out.get
        for cp, total in zip(present.tolist(), sums.tolist()):
            ch = chr(cp)
            out[ch] = get(ch, 0) + int(total)
    if spaces:
        out[SPACE] = out.get(SPACE, 0) + spaces
    return out


def _pack(segments: Mapping[str, int], alphabet: Sequence[str]) -> dict[bytes, int]:
    """The pre-tokens (``▁`` + segment) as little-endian ``uint32`` unit indices, for
    :class:`MergeLoop`: one dict of packed runs and their counts. A character outside the
    alphabet never merges, so a pre-token is cut around it; runs of one unit hold no pair
    and are left out. Characters are looked up in slices of pre-tokens, with NumPy."""
    codes = np.fromiter(map(ord, alphabet), dtype=np.int64, count=len(alphabet))
    order = np.argsort(codes)
    sorted_codes = codes[order]
    unit_of = {ch: i for i, ch in enumerate(alphabet)}
    space = unit_of.get(SPACE, -1)
    packed: dict[bytes, int] = {}
    items = list(segments.items())
    for first in range(0, len(items), _PACK_SLICE):
        part = items[first : first + _PACK_SLICE]
        lengths = np.fromiter((len(seg) + 1 for seg, _ in part), dtype=np.int64, count=len(part))
        starts = np.zeros(len(part) + 1, dtype=np.int64)
        np.cumsum(lengths, out=starts[1:])
        cps = np.frombuffer((SPACE + SPACE.join(seg for seg, _ in part)).encode("utf-32-le"), dtype="<u4")
        at = np.minimum(np.searchsorted(sorted_codes, cps), max(len(sorted_codes) - 1, 0))
        units = np.where(sorted_codes[at] == cps, order[at], -1) if len(sorted_codes) else np.full(cps.size, -1)
        bad = np.add.reduceat(units < 0, starts[:-1]) > 0 if len(part) else np.zeros(0, dtype=bool)
        data = units.astype("<u4").tobytes()
        bounds = (starts * 4).tolist()
        for k, (seg, count) in enumerate(part):
            if bad[k]:
                run: list[int] = []
                for u in [space, *(unit_of.get(ch, -1) for ch in seg), -1]:
                    if u >= 0:
                        run.append(u)
                        continue
                    if len(run) > 1:
                        key = np.array(run, dtype="<u4").tobytes()
                        packed[key] = packed.get(key, 0) + count
                    run = []
                continue
            s, e = bounds[k], bounds[k + 1]
            if e - s > 4:
                key = data[s:e]
                packed[key] = packed.get(key, 0) + count
    return packed


class CharBpeTrainer:
    """Trains a character-level BPE tokenizer with byte fallback, as a stream of events like
    :class:`~bpe_engine.BpeTrainer` (``left``/``right`` of a :class:`MergeEvent` are the UTF-8
    bytes of the two pieces; ids are those of the final vocabulary).

    ``vocab_size`` counts the 3 meta tokens, the 256 byte tokens, the alphabet and the merges.
    ``workers`` (None: every core) and ``fork_workers`` are as for byte-level training: the
    corpus is counted in worker processes when it is big enough (4 MB), forked when that is
    safe and allowed (a GUI passes ``fork_workers=False``). The result never depends on them.
    """

    def __init__(
        self,
        input_path: str | os.PathLike[str] | Sequence[str | os.PathLike[str]] | None = None,
        vocab_size: int = 1000,
        *,
        text: str | None = None,
        character_coverage: float = 1.0,
        tie_break: TieBreak | str = TieBreak.GREATEST,
        name: str | None = None,
        workers: int | None = None,
        fork_workers: bool = True,
    ) -> None:
        if isinstance(vocab_size, bool) or not isinstance(vocab_size, int) or vocab_size < 1:
            raise ConfigError(f"vocab_size must be a positive whole number, got {vocab_size!r}")
        if not 0.0 < character_coverage <= 1.0:
            raise ConfigError(f"character_coverage must be above 0 and at most 1, got {character_coverage!r}")
        self.source = CorpusSource.from_input(input_path, text)
        self.vocab_size = vocab_size
        self.character_coverage = character_coverage
        self.tie_break = to_tie_break(tie_break)  # ConfigError for an unknown rule
        self.name = name
        if workers is not None and (isinstance(workers, bool) or not isinstance(workers, int) or workers < 1):
            raise ConfigError(f"workers must be a whole number of at least 1 (or None: every core), got {workers!r}")
        self.workers = workers
        self.fork_workers = fork_workers
        self.alphabet: list[str] = []
        #: The smallest ``vocab_size`` this corpus allows (3 + 256 + its alphabet), once counted.
        self.minimum_vocab_size: int | None = None
        self.merges: list[tuple[int, int]] = []  # unit/merge indices of the loop
        self.merge_counts: list[int] = []
        self._loop: MergeLoop | None = None
        self._started = False

    def events(self) -> Iterator[TrainingEvent]:
        """The run as events; may be iterated only once.

        Counting streams the corpus in chunks (worker processes for a big one, see
        :mod:`~bpe_engine.train.char_counting`): memory follows the distinct pre-tokens, not
        the size of the corpus. Closing the generator while counting stops the workers.
        """
        if self._started:
            raise RuntimeError("CharBpeTrainer.events() can run only once; create a new trainer")
        self._started = True
        counts: CharCounts | None = None
        for item in count_char_pretokens_iter(self.source, workers=self.workers, fork=self.fork_workers):
            if isinstance(item, CharCounts):
                counts = item
            else:
                yield CountingProgress(item[0], item[1])
        assert counts is not None
        total = counts.total_bytes
        yield CountingProgress(total, total, "indexing")
        segments = counts.segments
        chars = segment_chars(segments)
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
        minimum = self.minimum_vocab_size = len(_META) + 256 + len(self.alphabet)
        if self.vocab_size < minimum:
            raise ConfigError(
                f"vocab_size {self.vocab_size} is too small for this corpus: it needs at least {minimum} "
                f"(3 meta tokens, 256 byte tokens and its {len(self.alphabet)} characters)"
            )
        packed = _pack(segments, self.alphabet)
        loop = MergeLoop([packed], self.tie_break, units=[ch.encode("utf-8") for ch in self.alphabet])
        del packed
        self._loop = loop
        # A character outside the alphabet is as many tokens as it has UTF-8 bytes.
        unit = set(self.alphabet)
        initial = sum(count * (1 if ch in unit else len(ch.encode("utf-8"))) for ch, count in chars.items())
        target = self.vocab_size - minimum
        yield CountingDone(total, len(segments), sum(segments.values()), initial, 0, target)
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
    tie_break: TieBreak | str = TieBreak.GREATEST,
    name: str | None = None,
    workers: int | None = None,
    fork_workers: bool = True,
) -> SentencePieceTokenizer:
    """Train a character-level BPE tokenizer with byte fallback (see :class:`CharBpeTrainer`)."""
    trainer = CharBpeTrainer(
        input_path,
        vocab_size,
        text=text,
        character_coverage=character_coverage,
        tie_break=tie_break,
        name=name,
        workers=workers,
        fork_workers=fork_workers,
    )
    for _ in trainer.events():
        pass
    return trainer.tokenizer()
