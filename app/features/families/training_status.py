"""The line under the Families tab's training row: what training is doing or did. The view
keeps what it last said (a :class:`Said` and its details) so that a language switch can say
it again; :func:`status_text` composes it in the current language. No Qt.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from enum import StrEnum

from app.core.i18n import tr, tr_n
from app.display.format import format_bytes, format_count
from app.features.families.family import Family, Phase, family_name
from app.features.families.job import FamiliesCorpus, TrainedFamilies
from bpe_engine import WordTokenizer

__all__ = ["Said", "status_text"]


class Said(StrEnum):
    """What the status line says; the details that follow it in a said tuple are given."""

    TRAINING = "training"  # (corpus,)
    PROGRESS = "progress"  # (family, phase, done, total)
    CANCELLED = "cancelled"
    TRAINED = "trained"  # (result,)
    FAILED = "failed"
    CHANGED = "changed"


def status_text(said: tuple[object, ...], corpus_label: Callable[[FamiliesCorpus], str]) -> str:
    """The status line for ``said`` (``(Said, *details)``, or empty: nothing), naming a corpus
    with ``corpus_label``."""
    if not said:
        return ""
    what, *args = said
    if what == Said.TRAINING:
        corpus = args[0]
        assert isinstance(corpus, FamiliesCorpus)
        return tr("Training on {corpus}…").format(corpus=html.escape(corpus_label(corpus)))
    if what == Said.PROGRESS:
        return _progress_text(str(args[0]), str(args[1]), int(str(args[2])), int(str(args[3])))
    if what == Said.TRAINED:
        result = args[0]
        assert isinstance(result, TrainedFamilies)
        return _trained_text(result, corpus_label)
    if what == Said.CANCELLED:
        return tr("Training cancelled; the rows keep the families trained before (if any).")
    if what == Said.FAILED:
        return tr("Training failed.")
    if what == Said.CHANGED:
        return tr("The corpus or vocabulary size changed: press Train (Ctrl+Return) to train again.")
    return ""


def _progress_text(family: str, phase: str, done: int, total: int) -> str:
    name = family_name(family)
    if phase == Phase.COUNTING:
        return tr("{family}: reading the corpus, {done} of {total}").format(
            family=name, done=format_bytes(done), total=format_bytes(total)
        )
    if phase == Phase.ROUNDS:
        return tr("{family}: round {k} of about {n} (EM, then pruning)").format(
            family=name, k=format_count(done), n=format_count(total)
        )
    return tr("{family}: merge {k} of {n}").format(family=name, k=format_count(done), n=format_count(total))


def _trained_text(result: TrainedFamilies, corpus_label: Callable[[FamiliesCorpus], str]) -> str:
    parts = [
        tr("Trained on {corpus} with vocabulary size {size} in {seconds} s.").format(
            corpus=html.escape(corpus_label(result.corpus)),
            size=format_count(result.vocab_size),
            seconds=f"{result.seconds:.2f}",
        )
    ]
    words = result.tokenizers.get(Family.WORDS)
    if isinstance(words, WordTokenizer):
        parts.append(tr_n("%n distinct word(s).", len(words.words)))
    if Family.CHAR_BPE in result.errors and result.minimum is not None:
        parts.append(
            tr("Char-level BPE needs a vocabulary of at least {n} here.").format(n=format_count(result.minimum))
        )
    return " ".join(parts)
