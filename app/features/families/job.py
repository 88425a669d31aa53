"""The Families tab's background work: training the trained families, and tokenizing the
text being typed with all of them.

- :class:`FamiliesTrainingWorker` (a :class:`~app.core.jobs.runner.Worker`) trains each of
  :data:`~app.features.families.family.TRAINED_FAMILIES` (the corpus's words, character-level
  BPE with byte fallback, byte-level BPE, WordPiece, Unigram), one after the other, from the engine's
  event streams (:func:`bpe_engine.family_trainer`) in a process of its own
  (:mod:`app.features.families.training_child`, spawned), relaying its plain messages as
  signals; progress is batched (~50 ms), Cancel is a ``threading.Event`` seen within 0.1 s,
  which terminates the child (its streams closed, their worker processes stopped) and reaps
  it; a child that dies is reported as a failure. A family that cannot be trained (a
  vocabulary too small for the corpus's characters) is reported and the others go on.
- :func:`run_families` is the body of one live tokenization (a
  :class:`~app.core.jobs.calls.CallQueue` call, newest wins): :func:`bpe_engine.compare_families`
  and the chips of every row, built in that thread.

Plain data goes back to the GUI thread (:class:`TrainedFamilies`, :class:`FamiliesOutcome`).
It leaves out scheduling (:mod:`app.features.families.controller`) and showing (the view).
"""

from __future__ import annotations

import multiprocessing
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import cast

from PySide6.QtCore import Signal

from app.core.i18n import tr
from app.core.jobs.runner import Worker
from app.display.chips import Chips
from app.features.families.display import family_chips, unknown_marks
from app.features.families.family import TRAINED_FAMILIES, Family, Phase
from app.features.families.lost import LostStretches, lost_stretches
from app.features.families.training_child import train_families
from bpe_engine import (
    ByteTokenizer,
    CharacterTokenizer,
    FamilyResult,
    FamilyTokenizer,
    SentencePieceTokenizer,
    WordPieceTokenizer,
    errors,
    family_result,
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

_POLL_SECONDS = 0.1  # (how soon Cancel is seen while the child is quiet)


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
        self.child_pid: int | None = None  # (the training process, once started)

    def cancel(self) -> None:
        """Thread-safe: called directly from the GUI thread."""
        self._cancel.set()

    def run(self) -> None:
        start = time.perf_counter()
        families = [str(f) for f in TRAINED_FAMILIES if f != Family.BYTE_BPE or self.train_byte_bpe]
        paths = list(self.corpus.paths) if self.corpus.text is None else None
        # The trainers run in a process of their own (spawned: the app has Qt and threads), so
        # their many short steps never hold this process's interpreter lock against the GUI.
        context = multiprocessing.get_context("spawn")
        receiver, sender = context.Pipe(duplex=False)
        child = context.Process(
            target=train_families,
            args=(sender, families, paths, self.corpus.text, self.vocab_size),
            name="families-training",
        )
        try:
            child.start()
            sender.close()  # (ours: so that the child's end closing reads as EOF here)
            self.child_pid = child.pid
            message = self._follow(child, receiver)
        except OSError as exc:
            self.failed.emit(str(exc))
            return
        finally:
            _end(child)
            receiver.close()
        if message is None:
            self.cancelled.emit()
        elif message[0] == "finished":
            tokenizers, problems, minimum = cast(
                tuple[dict[str, FamilyTokenizer], dict[str, str], int | None], message[1:]
            )
            self.finished.emit(
                TrainedFamilies(
                    self.corpus, self.vocab_size, tokenizers, problems, minimum, time.perf_counter() - start
                )
            )
        else:
            self.failed.emit(str(message[1]))

    def _follow(self, child: BaseProcess, receiver: Connection) -> tuple[object, ...] | None:
        """Relay the child's messages until its last one (None: cancelled)."""
        while not self._cancel.is_set():
            if not receiver.poll(_POLL_SECONDS):  # (waits without the interpreter lock)
                continue
            try:
                message = cast(tuple[object, ...], receiver.recv())
            except EOFError:  # the child died without a word (killed, out of memory)
                child.join(1.0)
                reason = tr("the training process ended unexpectedly (exit code {code})")
                return ("failed", reason.format(code=child.exitcode))
            kind = message[0]
            if kind == "progress":
                family, phase, done, total = cast(tuple[str, str, int, int], message[1:])
                self.progress.emit(family, Phase(phase), done, total)
            elif kind == "family_failed":
                self.family_failed.emit(str(message[1]), str(message[2]))
            elif kind == "crashed":  # an unexpected exception in a trainer
                reason = tr("training failed ({kind}: {reason})").format(kind=message[1], reason=message[2])
                return ("failed", reason)
            else:  # finished, failed
                return message
        return None


def _end(child: BaseProcess) -> None:
    """Stop ``child`` if it still runs (SIGTERM: it closes the engine's streams) and reap it."""
    if child.pid is None:
        return
    if child.is_alive():
        child.terminate()
        child.join(5.0)
    if child.is_alive():
        child.kill()
    child.join()


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
