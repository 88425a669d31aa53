"""How each trained family of :mod:`bpe_engine.families` is trained: one entry per family in
:data:`FAMILY_TRAINERS`, each making a trainer with the same protocol (:class:`FamilyTrainer`:
``events()`` to iterate, with progress; closing them stops the work; then ``tokenizer()``).
Adding a trained family is one entry here (and its key in :data:`~bpe_engine.families.FAMILIES`).

- ``words``: :class:`~bpe_engine.families.WordTrainer` (every word of the corpus; no size).
- ``char-bpe``: :class:`~bpe_engine.CharBpeTrainer` (SentencePiece-style BPE, byte fallback).
- ``byte-bpe``: :class:`~bpe_engine.BpeTrainer` (GPT-2 pre-tokenizer).
- ``wordpiece``: :class:`~bpe_engine.wordpiece.train.WordPieceTrainer` (likelihood-score
  merges, BERT's uncased normalizer: lower-casing, accents stripped).
- ``unigram``: :class:`~bpe_engine.unigram.train.UnigramTrainer` (EM and pruning, byte fallback).

Events are :class:`~bpe_engine.CountingProgress` (bytes read), :class:`~bpe_engine.CountingDone`
(``target_merges``) and one per merge: a :class:`~bpe_engine.MergeEvent` (``rank``) or a
:class:`~bpe_engine.WordPieceMerge` (``added``: the tokens added so far); Unigram: one
:class:`~bpe_engine.unigram.train.UnigramRound` per round (``done`` of ``total``).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Protocol, TypeAlias

from .families import FamilyTokenizer, WordTrainer
from .train.chars import CharBpeTrainer
from .train.trainer import BpeTrainer
from .unigram.train import UnigramTrainer
from .wordpiece.train import WordPieceTrainer

__all__ = ["FamilyTrainer", "TrainerSpec", "FAMILY_TRAINERS", "family_trainer"]

Paths: TypeAlias = str | os.PathLike[str] | Sequence[str | os.PathLike[str]] | None


class FamilyTrainer(Protocol):
    def events(self) -> Iterator[object]: ...

    def tokenizer(self) -> FamilyTokenizer: ...


@dataclass(frozen=True)
class TrainerSpec:
    """A trained family: its key and how to make its trainer from ``(paths, text, vocab_size,
    fork_workers)`` (``paths`` None: the ``text``)."""

    family: str
    make: Callable[[Paths, str | None, int, bool], FamilyTrainer]


FAMILY_TRAINERS: tuple[TrainerSpec, ...] = (
    TrainerSpec("words", lambda p, t, v, fork: WordTrainer(p, text=t, fork_workers=fork)),
    TrainerSpec("char-bpe", lambda p, t, v, fork: CharBpeTrainer(p, v, text=t, fork_workers=fork)),
    TrainerSpec("byte-bpe", lambda p, t, v, fork: BpeTrainer(p, v, [], text=t, pretokenizer="gpt2", fork_workers=fork)),
    TrainerSpec("wordpiece", lambda p, t, v, fork: WordPieceTrainer(p, v, text=t, name="WordPiece (trained here)")),
    TrainerSpec("unigram", lambda p, t, v, fork: UnigramTrainer(p, v, text=t, name="Unigram (trained here)")),
)


def family_trainer(
    family: str, input_path: Paths, vocab_size: int, *, text: str | None = None, fork_workers: bool = True
) -> FamilyTrainer:
    """A trainer of ``family`` on the files ``input_path`` (or ``text``) with ``vocab_size``
    (unused by ``words``); ``KeyError`` for a family that needs no training."""
    for spec in FAMILY_TRAINERS:
        if spec.family == family:
            return spec.make(input_path, text, vocab_size, fork_workers)
    raise KeyError(f"{family!r} is not a trained family; trained: {[s.family for s in FAMILY_TRAINERS]}")
