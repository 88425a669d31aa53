"""The Families tab's background work: training the trained families, and tokenizing the
text being typed with all of them.

- :class:`FamiliesTrainingWorker` (a :class:`~app.core.jobs.runner.Worker`) trains each of
  :data:`~app.features.families.family.TRAINED_FAMILIES` (the corpus's words, character-level
  BPE with byte fallback, byte-level BPE, WordPiece, Unigram), one after the other, from the engine's
  event streams (:func:`bpe_engine.family_trainer`); progress is batched (~50 ms), Cancel is a
  ``threading.Event`` checked between two events (the engine's generators are closed, which
  stops their worker processes). A family that cannot be trained (a vocabulary too small for
  the corpus's characters) is reported and the others go on.
- :func:`run_families` is the body of one live tokenization (a
  :class:`~app.core.jobs.calls.CallQueue` call, newest wins): :func:`bpe_engine.compare_families`
  and the chips of every row, built in that thread.

Plain data goes back to the GUI thread (:class:`TrainedFamilies`, :class:`FamiliesOutcome`).
It leaves out scheduling (:mod:`app.features.families.controller`) and showing (the view).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Generator, Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import cast

from PySide6.QtCore import Signal

from app.core.i18n import tr
from app.core.jobs.runner import Worker
from app.display.chips import Chips
from app.features.families.display import family_chips, unknown_marks
from app.features.families.family import TRAINED_FAMILIES, Family, Phase
from app.features.families.lost import LostStretches, lost_stretches
from bpe_engine import (
    ByteTokenizer,
    CharacterTokenizer,
    CharBpeTrainer,
    CountingDone,
    CountingProgress,
    FamilyResult,
    FamilyTokenizer,
    MergeEvent,
    SentencePieceTokenizer,
    UnigramRound,
    WordPieceMerge,
    WordPieceTokenizer,
    errors,
    family_result,
    family_trainer,
)

__all__ = [
    "TRAINED_FAMILIES",
    "FamiliesCorpus",
    "TrainedFamilies",
    "FamiliesTrainingWorker",
    "FamiliesJob",
    "FamilyRow",
    "FamiliesOutcome",
    "run_families",
    "simple_tokenizers",
]

_PROGRESS_EVERY = 0.05


@dataclass(frozen=True)
class FamiliesCorpus:
    """What the trained families learn from: files (``paths``) or a ``text``; ``label`` names it."""

    label: str = field(compare=False)  # (a name for people, in the language it was chosen in)
    paths: tuple[str, ...] = ()
    text: str | None = None


@dataclass(frozen=True)
class TrainedFamilies:
    """The result of one training run: a tokenizer per family that trained (a family that
    failed is missing and its message is in ``errors``; ``minimum`` is the smallest
    vocabulary size char-level BPE needs on this corpus, once known)."""

    corpus: FamiliesCorpus
    vocab_size: int
    tokenizers: dict[str, FamilyTokenizer] = field(default_factory=dict)
    errors: dict[str, str] = field(default_factory=dict)
    minimum: int | None = None
    seconds: float = 0.0


class _Cancelled(Exception):
    pass


class FamiliesTrainingWorker(Worker):
    """Trains the word vocabulary, char-level BPE and byte-level BPE on one corpus.

    Signals:
        progress(str, str, int, int): family, phase (a :class:`~app.features.families.family.Phase`), done, total
            (bytes while counting, merges while merging; Unigram: rounds); batched.
        family_failed(str, str): a family that could not be trained and why (the others go on).
        finished(object): the :class:`TrainedFamilies`.
        cancelled(): the run stopped at the user's request.
        failed(str): the corpus cannot be used at all (a message for a person).
    """

    progress = Signal(str, str, int, int)
    family_failed = Signal(str, str)
    finished = Signal(object)
    cancelled = Signal()
    failed = Signal(str)

    def __init__(self, corpus: FamiliesCorpus, vocab_size: int, *, train_byte_bpe: bool = True) -> None:
        super().__init__()
        self.corpus = corpus
        self.vocab_size = vocab_size
        self.train_byte_bpe = train_byte_bpe
        self._cancel = threading.Event()
        self._last_emit = 0.0

    def cancel(self) -> None:
        """Thread-safe: called directly from the GUI thread."""
        self._cancel.set()

    def run(self) -> None:
        start = time.perf_counter()
        # Qt runs threads Python cannot see: the engine's workers never fork here.
        paths = list(self.corpus.paths) if self.corpus.text is None else None
        text = self.corpus.text
        tokenizers: dict[str, FamilyTokenizer] = {}
        problems: dict[str, str] = {}
        minimum: int | None = None
        try:
            for family in TRAINED_FAMILIES:
                if family == Family.BYTE_BPE and not self.train_byte_bpe:
                    continue
                trainer = family_trainer(family, paths, self.vocab_size, text=text, fork_workers=False)
                try:
                    self._drain(family, trainer.events())
                    tokenizers[family] = trainer.tokenizer()
                except errors.ConfigError as exc:  # too small a vocabulary for the corpus's characters
                    problems[family] = str(exc)
                    self.family_failed.emit(family, str(exc))
                if isinstance(trainer, CharBpeTrainer):
                    minimum = trainer.minimum_vocab_size
        except _Cancelled:
            self.cancelled.emit()
            return
        except (errors.BPEError, OSError) as exc:
            self.failed.emit(str(exc))
            return
        except Exception as exc:  # never let a worker die silently
            self.failed.emit(tr("training failed ({kind}: {reason})").format(kind=type(exc).__name__, reason=exc))
            return
        self.finished.emit(
            TrainedFamilies(self.corpus, self.vocab_size, tokenizers, problems, minimum, time.perf_counter() - start)
        )

    def _drain(self, family: Family, events: Iterator[object]) -> None:
        """Pull every event, reporting progress; stop (closing the stream) when cancelled."""
        stream = cast(Generator[object, None, None], events)
        target = 0
        try:
            for event in stream:
                if self._cancel.is_set():
                    raise _Cancelled
                if isinstance(event, CountingProgress):
                    self._maybe_progress(family, Phase.COUNTING, event.bytes_done, event.bytes_total)
                elif isinstance(event, MergeEvent):
                    self._maybe_progress(family, Phase.MERGING, event.rank + 1, target)
                elif isinstance(event, WordPieceMerge):  # (a merge may add no token: see added)
                    self._maybe_progress(family, Phase.MERGING, min(event.added, target), target)
                elif isinstance(event, UnigramRound):  # (its total is an estimate until the last round)
                    target = event.total
                    self._maybe_progress(family, Phase.ROUNDS, event.done, event.total)
                elif isinstance(event, CountingDone):  # (Unigram's target: its expected rounds, not merges)
                    target = event.target_merges
                    self.progress.emit(family, Phase.ROUNDS if family == Family.UNIGRAM else Phase.MERGING, 0, target)
        finally:
            stream.close()  # stops the engine's counting processes
        if self._cancel.is_set():
            raise _Cancelled

    def _maybe_progress(self, family: Family, phase: Phase, done: int, total: int) -> None:
        now = time.monotonic()
        if now - self._last_emit >= _PROGRESS_EVERY or done == total:
            self._last_emit = now
            self.progress.emit(family, phase, done, total)


# -- live tokenization ----------------------------------------------------------------------


@dataclass(frozen=True)
class FamiliesJob:
    """Tokenize ``text`` with each ``(family, tokenizer)``; ``generation`` numbers the requests."""

    generation: int
    text: str
    tokenizers: tuple[tuple[str, FamilyTokenizer], ...]
    whitespace: bool = True


@dataclass(frozen=True)
class FamilyRow:
    """One family's part of a :class:`FamiliesOutcome` (``result`` None: no tokenizer yet)."""

    family: Family
    result: FamilyResult | None
    chips: Chips | None
    error: str = ""
    marks: Sequence[bool] | None = None  # the chips outlined: the unknown tokens (made in the job)


@dataclass(frozen=True)
class FamiliesOutcome:
    generation: int
    text: str
    rows: tuple[FamilyRow, ...]
    seconds: float = 0.0
    lost: LostStretches = field(default_factory=LostStretches)  # (run_families: made in the job)

    def row(self, family: str) -> FamilyRow | None:
        return next((r for r in self.rows if r.family == family), None)


def simple_tokenizers() -> dict[str, FamilyTokenizer]:
    """The families that need no training."""
    return {Family.CHARACTERS: CharacterTokenizer(), Family.BYTES: ByteTokenizer()}


def run_families(job: FamiliesJob, is_stale: Callable[[], bool]) -> FamiliesOutcome | None:
    """Every family's result and chips for ``job.text``; None when a newer job made it stale."""
    start = time.perf_counter()
    given = dict(job.tokenizers)
    rows = []
    for family in Family:
        if is_stale():
            return None
        tok = given.get(family)
        if tok is None:
            rows.append(FamilyRow(family, None, None))
            continue
        try:
            result = family_result(tok, job.text, family)
        except errors.BPEError as exc:
            rows.append(FamilyRow(family, None, None, str(exc)))
            continue
        # The table's figures are counted here, not in the GUI thread (one pass each over
        # 250 000 tokens, kept by the result).
        _ = (result.unknown_count, result.partial_count, result.text_bytes)
        pieces: Sequence[str] | None = None
        if isinstance(tok, SentencePieceTokenizer):
            pieces = tok.pieces_text
        elif isinstance(tok, WordPieceTokenizer):  # its tokens as it writes them (##, [UNK])
            pieces = [tok.token_text(i) if i in tok.vocab else "" for i in range(tok.max_id + 1)]
        chips = family_chips(result, job.whitespace, pieces)
        rows.append(FamilyRow(family, result, chips, marks=unknown_marks(result)))
    outcome = FamiliesOutcome(job.generation, job.text, tuple(rows))
    return replace(outcome, lost=lost_stretches(outcome), seconds=time.perf_counter() - start)
