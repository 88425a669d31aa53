"""One engine call in a pool thread, its result delivered in the GUI thread.

Loading an OpenAI encoding (seconds for o200k), opening or saving a tokenizer file: each is
one call that must not run in the GUI thread. :class:`BackgroundCall` runs it on a
``QThreadPool`` and emits ``(tag, result, message)`` on a :class:`ResultRelay`; an error
becomes a message (the engine's own words), never an exception in a pool thread.

Subtle: the relay has no parent and the call keeps it alive, so the call never emits on its
owner, which may be deleted while the call runs (the window closed): the queued delivery
to a deleted owner is simply dropped by Qt.

Signals (ResultRelay):
    delivered(object, object, str): tag, result (None on error), error message ("" if none).
"""

from __future__ import annotations

import traceback
from collections.abc import Callable

from PySide6.QtCore import QObject, QRunnable, Signal

from bpe_engine import errors

__all__ = ["ResultRelay", "BackgroundCall"]


class ResultRelay(QObject):
    delivered = Signal(object, object, str)


class BackgroundCall(QRunnable):
    """Runs ``fn()``; ``describe(exception)`` turns a failure into the message to show."""

    def __init__(
        self,
        relay: ResultRelay,
        tag: object,
        fn: Callable[[], object],
        describe: Callable[[BaseException], str] = str,
        on_end: Callable[[], None] | None = None,
    ) -> None:
        super().__init__()
        self.relay = relay
        self.tag = tag
        self.fn = fn
        self.describe = describe
        self.on_end = on_end

    def run(self) -> None:
        try:
            result, message = self.fn(), ""
        except (errors.BPEError, OSError) as exc:
            result, message = None, self.describe(exc)
        except Exception as exc:  # noqa: BLE001 - a bad file or encoding must never take the app down
            traceback.print_exc()
            result, message = None, self.describe(exc)
        try:
            self.relay.delivered.emit(self.tag, result, message)
        finally:
            if self.on_end is not None:
                self.on_end()
