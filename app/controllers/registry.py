"""The tokenizers the app knows: trained or opened ones, and OpenAI's encodings.

Views pick tokenizers by key from one :class:`TokenizerRegistry`. OpenAI encodings are built
on first request, one at a time, in a background thread (a :class:`~app.jobs.calls.CallQueue`:
loading o200k takes seconds) and may fail (no internet and no cache): the entry then carries
a message saying why. The results reach the registry in the GUI thread; a registry deleted
while a load runs (the window closed) is simply not told.

It leaves out choosing (the views' pickers) and opening files (:mod:`app.controllers.tokenizer_files`).
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QObject, Signal, Slot

from bpe_engine import OPENAI_ENCODINGS, Tokenizer, errors

from ..jobs.calls import CallQueue

__all__ = ["RegistryEntry", "TokenizerRegistry", "OPENAI_KEYS"]

OPENAI_KEYS = ("r50k_base", "p50k_base", "cl100k_base", "o200k_base")


@dataclass
class RegistryEntry:
    """One tokenizer the app knows, its load state and, after a failed load, why."""

    key: str
    label: str
    kind: str  # "trained", "file" (ours), "tiktoken" (a .tiktoken file) or "openai"
    tokenizer: Tokenizer | None = None
    status: str = "idle"  # "idle", "loading", "ready", "error"
    message: str = ""


def _load_message(key: str, exc: BaseException) -> str:
    return str(exc) if isinstance(exc, errors.BPEError) else f"cannot load {key}: {exc}"


class TokenizerRegistry(QObject):
    """Every tokenizer of the app by key (see the module docstring).

    Signals:
        changed(): entries were added, or an entry's status changed.
        ready(str): the tokenizer of this key can be used now.
        failed(str, str): this key could not be loaded; the message says why.
    """

    changed = Signal()
    ready = Signal(str)
    failed = Signal(str, str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._entries: dict[str, RegistryEntry] = {}
        for key in OPENAI_KEYS:
            desc = OPENAI_ENCODINGS[key][2]
            self._entries[key] = RegistryEntry(key, f"{key} ({desc})", "openai")
        self._trained_count = 0
        self._loads = CallQueue("openai-encodings", self)
        self._loads.delivered.connect(self._on_loads_delivered)

    # -- queries ---------------------------------------------------------------------------

    def keys(self) -> list[str]:
        """Trained/opened tokenizers first (newest first), then the OpenAI encodings."""
        own = [k for k, e in self._entries.items() if e.kind != "openai"]
        return list(reversed(own)) + [k for k in OPENAI_KEYS]

    def entry(self, key: str) -> RegistryEntry:
        return self._entries[key]

    def get(self, key: str) -> Tokenizer | None:
        entry = self._entries.get(key)
        return entry.tokenizer if entry is not None else None

    def latest_trained(self) -> str | None:
        own = [k for k, e in self._entries.items() if e.kind != "openai"]
        return own[-1] if own else None

    # -- changes ---------------------------------------------------------------------------

    def add(self, tokenizer: Tokenizer, label: str, kind: str = "trained") -> str:
        """Register a trained or opened tokenizer; returns its key."""
        self._trained_count += 1
        key = f"{kind}-{self._trained_count}"
        self._entries[key] = RegistryEntry(key, label, kind, tokenizer, "ready")
        self.changed.emit()
        self.ready.emit(key)
        return key

    def request(self, key: str) -> None:
        """Make ``key`` usable: OpenAI encodings start loading in the background."""
        entry = self._entries[key]
        if entry.status in ("ready", "loading"):
            return
        entry.status = "loading"
        entry.message = ""
        self.changed.emit()
        self._loads.submit(key, lambda: Tokenizer.from_tiktoken(key), lambda exc: _load_message(key, exc))

    def wait(self, msecs: int = -1) -> bool:
        """Wait for background loads (tests and shutdown); ``msecs`` -1: as long as it takes."""
        return self._loads.wait(None if msecs < 0 else msecs / 1000)

    @Slot(object, object, str)
    def _on_loads_delivered(self, key: object, tokenizer: object, message: str) -> None:
        assert isinstance(key, str)
        entry = self._entries[key]
        if not isinstance(tokenizer, Tokenizer):
            entry.status = "error"
            entry.message = message
            self.changed.emit()
            self.failed.emit(key, message)
        else:
            entry.tokenizer = tokenizer
            entry.status = "ready"
            self.changed.emit()
            self.ready.emit(key)
