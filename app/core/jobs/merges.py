"""A lazily opened tokenizer's merges, made off the GUI thread before a view lists them.

OpenAI's encodings and other rank tables open without their merge list (it is rebuilt from
the ranks on first use: seconds for o200k, or read back from the cache); encoding does not
need it, so Compare and Tokenize never wait for it. The views that list merges (the Timeline,
the Vocabulary) ask :class:`MergesMaker` first: it calls back at once when the merges are at
hand, or else makes them in a background call and calls back in the GUI thread. Only the
newest request of a view is answered (a tokenizer picked meanwhile replaces it).

It leaves out what the views show meanwhile (their own "Loading …" line).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, Slot

from app.core.jobs.calls import CallQueue, Lane
from app.core.weakly import weak_method
from bpe_engine import Tokenizer, TokenizerLike

__all__ = ["MergesMaker", "merges_at_hand"]


def merges_at_hand(tok: TokenizerLike | None) -> bool:
    """Whether reading ``tok``'s merges costs nothing (always, but for a lazy rank table)."""
    return not isinstance(tok, Tokenizer) or tok.merges_made


def _make(tok: Tokenizer) -> Callable[[], object]:
    def make() -> object:
        tok.merge_ids()  # makes the tokenizer's merge list and the encoder's tables
        return tok

    return make


class MergesMaker(QObject):
    """Calls back once a tokenizer's merges are made (see the module docstring)."""

    def __init__(self, name: str, parent: QObject | None = None, *, lane: Lane | None = None) -> None:
        super().__init__(parent)
        self._queue = CallQueue(name, self, latest_only=True, lane=lane)
        self._queue.delivered.connect(self._on_delivered)
        self._waiting: tuple[Tokenizer, Callable[..., None], tuple[object, ...]] | None = None

    def when_made(self, tok: TokenizerLike | None, then: Callable[..., None], *args: object) -> bool:
        """Call ``then(*args)`` when ``tok``'s merges are at hand: now (returns True) or, after a
        background call, in the GUI thread (returns False). Replaces the request before it.

        ``then`` is a bound method of the caller, held weakly while it waits: the caller holds
        this maker, and a cycle would leave a closed view to the cyclic collector (which may
        run in a job's thread; see :mod:`app.core.weakly`)."""
        if merges_at_hand(tok) or not isinstance(tok, Tokenizer):
            self._waiting = None
            then(*args)
            return True
        self._waiting = (tok, weak_method(then, None), args)
        self._queue.submit(tok, _make(tok))
        return False

    def cancel(self) -> None:
        """Answer no request still waiting."""
        self._waiting = None

    def wait(self, seconds: float | None = 30.0) -> bool:
        """Block until no call runs (tests and shutdown only)."""
        return self._queue.wait(seconds)

    def close(self) -> None:
        self._waiting = None
        self._queue.close()

    @Slot(object, object, str)
    def _on_delivered(self, tag: object, _result: object, _message: str) -> None:
        waiting = self._waiting
        if waiting is None or waiting[0] is not tag:
            return  # replaced by a newer request, or cancelled
        self._waiting = None
        # A failed rebuild (never expected for a rank table tiktoken's rule built) is made
        # again by the view and fails there with the engine's own error.
        waiting[1](*waiting[2])
