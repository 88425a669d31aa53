"""The Measure tab's background work: every figure of each tokenizer on the chosen texts.

:class:`MeasureWorker` runs in a job thread (:mod:`app.core.jobs.runner`): for each tokenizer
in turn it encodes every text once, then computes from those ids the engine's measures
(:mod:`bpe_engine.metrics`): the premiums and Gini coefficients of a parallel text, the
compression, fertility and Rényi efficiency of all texts together, and on request the
vocabulary health (reachability encodes every token of the vocabulary: seconds for 200 000).
It reports progress at most every ~50 ms, one ``figures`` per tokenizer, and stops within one
text (or a few thousand vocabulary tokens) after :meth:`MeasureWorker.cancel`.

It leaves out scheduling (the controller) and showing (the view's panels).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import partial

from PySide6.QtCore import Signal

from app.core.i18n import tr
from app.core.jobs.runner import Worker
from app.features.measure.texts import REFERENCE, MeasureText
from bpe_engine import (
    Compression,
    Fertility,
    Parity,
    RenyiEfficiency,
    TokenizerLike,
    VocabularyHealth,
    compression,
    errors,
    fertility,
    parity,
    renyi_efficiency,
    vocabulary_health,
)

__all__ = ["MeasureState", "Figures", "MeasureWorker", "measure_tokenizer", "reachability_of", "Reachability", "ALPHA"]

ALPHA = 2.5  # Zouhar et al.'s order of the Rényi entropy
_PROGRESS_EVERY = 0.05
_SCALE = 1000  # progress steps per tokenizer


class MeasureState(StrEnum):
    """Where a run stands; it ends ``DONE``, ``CANCELLED`` or ``FAILED``."""

    IDLE = "idle"
    RUNNING = "running"
    CANCELLING = "cancelling"
    DONE = "done"
    CANCELLED = "cancelled"
    FAILED = "failed"


@dataclass(frozen=True)
class Figures:
    """Every figure of one tokenizer: ``parity`` for a parallel text, ``health`` when asked;
    ``first_lines``: the tokens (their bytes) of each text's first line (the Declaration's
    title in the parallel sample), shown when a language's bar is hovered."""

    key: str
    label: str
    parity: Parity | None
    compression: Compression
    fertility: Fertility
    renyi: RenyiEfficiency
    health: VocabularyHealth | None
    first_lines: tuple[tuple[bytes, ...], ...] = ()
    #: BPE: unreachable and intermediate-only tokens (made by merges) mean something; for
    #: WordPiece and Unigram they do not apply (the health table and list say why).
    has_merges: bool = True


#: What :func:`bpe_engine.reachability` gives: unreachable ids, part-character ids, tokens examined.
Reachability = tuple[tuple[int, ...], tuple[int, ...], int]


def reachability_of(figures: Figures) -> Reachability | None:
    """The reachability a measured tokenizer's health holds (None without health)."""
    h = figures.health
    return None if h is None else (h.unreachable, h.part_character, h.tokens)


class Cancelled(Exception):
    """The run was cancelled (raised from a progress callback)."""


def measure_tokenizer(
    key: str,
    label: str,
    tok: TokenizerLike,
    texts: Sequence[MeasureText],
    *,
    parallel: bool,
    health: bool,
    step: Callable[[float], None] | None = None,
    reachable: Reachability | None = None,
) -> Figures:
    """The figures of ``tok`` on ``texts``; ``step(share done)`` (if given) after each text and
    during the health check, which takes the second half (it may raise :class:`Cancelled`).
    ``reachable``: ``tok``'s reachability from an earlier run (it depends on the tokenizer
    only, and takes most of the health check's time)."""
    share = 0.5 if health else 1.0

    def encoded(done: int, total: int) -> None:
        if step is not None:
            step(share * done / max(total, 1))

    def checked(done: int, total: int) -> None:
        if step is not None:
            step(share + (1 - share) * done / max(total, 1))

    ids: dict[str, list[int]] = {}
    for n, t in enumerate(texts):
        ids[t.code] = tok.encode_ordinary(t.text)
        encoded(n + 1, len(texts))
    by_code = {t.code: t.text for t in texts}
    comps = [compression(tok, t.text, ids=ids[t.code]) for t in texts]
    ferts = [fertility(tok, t.text, ids=ids[t.code]) for t in texts]
    joined = "\n".join(by_code.values())
    return Figures(
        key=key,
        label=label,
        parity=parity(tok, by_code, REFERENCE, ids_by_language=ids) if parallel else None,
        compression=Compression(*(sum(getattr(c, f) for c in comps) for f in ("tokens", "bytes", "chars"))),
        fertility=Fertility(*(sum(getattr(f, k) for f in ferts) for k in ("tokens", "words", "split_words"))),
        renyi=renyi_efficiency(tok, joined, ALPHA, ids=[i for t in texts for i in ids[t.code]]),
        health=vocabulary_health(tok, joined, progress=checked, reachable=reachable) if health else None,
        first_lines=tuple(tuple(tok.token_bytes(tok.encode_ordinary(t.text.split("\n", 1)[0]))) for t in texts),
        has_merges=tok.facts.has_merges,
    )


class MeasureWorker(Worker):
    """Measures each tokenizer in turn (see the module docstring).

    Signals:
        progress(int, int): steps done over all tokenizers, and the total.
        figures(object): the :class:`Figures` of one tokenizer.
        finished(str): a :class:`MeasureState` (``done`` or ``cancelled``).
        failed(str): why the run stopped (the engine's words).
    """

    progress = Signal(int, int)
    figures = Signal(object)
    finished = Signal(str)
    failed = Signal(str)

    def __init__(
        self,
        tokenizers: Sequence[tuple[str, str, TokenizerLike]],
        texts: Sequence[MeasureText],
        *,
        parallel: bool,
        health: bool,
        reachable: dict[str, Reachability] | None = None,
    ) -> None:
        super().__init__()
        self.tokenizers = list(tokenizers)
        self.texts = list(texts)
        self.parallel = parallel
        self.health = health
        self.reachable = dict(reachable or {})  # (a copy: the GUI thread keeps its own)
        self._cancel = threading.Event()
        self._last = 0.0

    def cancel(self) -> None:
        """Thread-safe: called directly from the GUI thread."""
        self._cancel.set()

    def run(self) -> None:
        try:
            for n, (key, label, tok) in enumerate(self.tokenizers):
                self._check(n, 0.0)
                self.figures.emit(
                    measure_tokenizer(
                        key,
                        label,
                        tok,
                        self.texts,
                        parallel=self.parallel,
                        health=self.health,
                        step=partial(self._check, n),
                        reachable=self.reachable.get(key),
                    )
                )
            self.progress.emit(len(self.tokenizers) * _SCALE, len(self.tokenizers) * _SCALE)
            self.finished.emit(MeasureState.DONE)
        except Cancelled:
            self.finished.emit(MeasureState.CANCELLED)
        except (errors.BPEError, OSError) as exc:
            self.failed.emit(str(exc))
        except Exception as exc:  # never let a worker die silently
            self.failed.emit(tr("measuring failed ({kind}: {reason})").format(kind=type(exc).__name__, reason=exc))

    def _check(self, n: int, share: float) -> None:
        """Stop when cancelled; report progress (tokenizer ``n``, ``share`` of it done)."""
        if self._cancel.is_set():
            raise Cancelled
        now = time.monotonic()
        if now - self._last >= _PROGRESS_EVERY:
            self._last = now
            self.progress.emit(int((n + share) * _SCALE), len(self.tokenizers) * _SCALE)
