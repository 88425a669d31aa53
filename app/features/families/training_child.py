"""The Families training's own process: the engine's trainers run here, so that their many
short pure-Python steps never compete with the app's GUI thread for the interpreter lock.

:func:`train_families` is the child's body (started with the ``spawn`` context by
:class:`~app.features.families.job.FamiliesTrainingWorker`: the app has Qt and threads, so it
never forks). It imports no Qt. It sends plain messages over a pipe, the same events the worker
emitted when it trained in its own thread: ``("progress", family, phase, done, total)`` (batched,
~50 ms; ``phase`` a :class:`~app.features.families.family.Phase` value), ``("family_failed",
family, message)``, then ``("finished", tokenizers, errors, minimum)``, ``("failed", message)``
or ``("crashed", kind, reason)`` (an unexpected exception).
SIGTERM (Cancel) raises ``SystemExit`` so that the engine's streams are closed and their
counting processes stopped.
"""

from __future__ import annotations

import signal
import time
from collections.abc import Generator, Iterator, Sequence
from multiprocessing.connection import Connection
from types import FrameType
from typing import cast

from bpe_engine import (
    CharBpeTrainer,
    CountingDone,
    CountingProgress,
    FamilyTokenizer,
    MergeEvent,
    UnigramRound,
    WordPieceMerge,
    errors,
    family_trainer,
)

__all__ = ["train_families"]

_PROGRESS_EVERY = 0.05
_COUNTING, _MERGING, _ROUNDS = "counting", "merging", "rounds"  # (Phase's values: no Qt here)
_UNIGRAM = "unigram"


def _terminated(signum: int, frame: FrameType | None) -> None:
    raise SystemExit(1)


def train_families(
    conn: Connection, families: Sequence[str], paths: Sequence[str] | None, text: str | None, vocab_size: int
) -> None:
    """Train each of ``families`` on ``paths`` (or ``text``), reporting over ``conn``."""
    signal.signal(signal.SIGTERM, _terminated)
    try:
        _train(_Sender(conn), families, None if paths is None else list(paths), text, vocab_size)
    except (BrokenPipeError, EOFError):  # the app is gone: nobody to report to
        pass
    finally:
        conn.close()


def _train(send: _Sender, families: Sequence[str], paths: list[str] | None, text: str | None, vocab: int) -> None:
    tokenizers: dict[str, FamilyTokenizer] = {}
    problems: dict[str, str] = {}
    minimum: int | None = None
    try:
        for family in families:
            # No thread here but this one: the engine may fork its counting workers.
            trainer = family_trainer(family, paths, vocab, text=text, fork_workers=True)
            try:
                _drain(send, family, trainer.events())
                tokenizers[family] = trainer.tokenizer()
            except errors.ConfigError as exc:  # too small a vocabulary for the corpus's characters
                problems[family] = str(exc)
                send.message("family_failed", family, str(exc))
            if isinstance(trainer, CharBpeTrainer):
                minimum = trainer.minimum_vocab_size
    except (errors.BPEError, OSError) as exc:
        send.message("failed", str(exc))
        return
    except Exception as exc:  # never let the child die silently
        send.message("crashed", type(exc).__name__, str(exc))
        return
    send.message("finished", tokenizers, problems, minimum)


class _Sender:
    def __init__(self, conn: Connection) -> None:
        self.conn = conn
        self._last = 0.0

    def message(self, *parts: object) -> None:
        self.conn.send(parts)

    def progress(self, family: str, phase: str, done: int, total: int, *, now: bool = False) -> None:
        moment = time.monotonic()
        if now or moment - self._last >= _PROGRESS_EVERY or done == total:
            self._last = moment
            self.conn.send(("progress", family, phase, done, total))


def _drain(send: _Sender, family: str, events: Iterator[object]) -> None:
    """Pull every event, reporting progress; the stream is closed even when terminated."""
    stream = cast(Generator[object, None, None], events)
    target = 0
    try:
        for event in stream:
            if isinstance(event, CountingProgress):
                send.progress(family, _COUNTING, event.bytes_done, event.bytes_total)
            elif isinstance(event, MergeEvent):
                send.progress(family, _MERGING, event.rank + 1, target)
            elif isinstance(event, WordPieceMerge):  # (a merge may add no token: see added)
                send.progress(family, _MERGING, min(event.added, target), target)
            elif isinstance(event, UnigramRound):  # (its total is an estimate until the last round)
                target = event.total
                send.progress(family, _ROUNDS, event.done, event.total)
            elif isinstance(event, CountingDone):  # (Unigram's target: its expected rounds, not merges)
                target = event.target_merges
                send.progress(family, _ROUNDS if family == _UNIGRAM else _MERGING, 0, target, now=True)
    finally:
        stream.close()  # stops the engine's counting processes
