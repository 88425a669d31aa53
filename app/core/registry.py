"""The tokenizers the app knows: trained or opened ones, OpenAI's encodings, and the Hugging
Face cache.

Views pick tokenizers by key from one :class:`TokenizerRegistry`, the one tokenizer list of the
window. Every entry has a unique name (a second run on the same corpus becomes "… (2)"), can
be renamed or removed, and remembers where it came from and when (shown in the pickers'
tooltips). OpenAI encodings are built
on first request, one at a time, in a background thread (a :class:`~app.core.jobs.calls.CallQueue`:
loading o200k takes seconds) and may fail (no internet and no cache): the entry then carries
a message saying why. The tokenizers of the Hugging Face cache on this computer
(:func:`bpe_engine.find_hf_tokenizers`, read offline) are listed by model name the same way and
loaded, in any format, when first chosen (Llama 3's 128 000 tokens take a second or two). The
results reach the registry in the GUI thread; a registry deleted while a load runs (the window
closed) is simply not told.

It leaves out choosing (the views' pickers) and opening files (:mod:`app.core.tokenizer_files`).
"""

from __future__ import annotations

import os
import time
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import cast

from PySide6.QtCore import QObject, Signal, Slot

from app.core import i18n
from app.core.core_host import CoreHost
from app.core.i18n import tr, tr_n
from app.core.jobs.calls import CallQueue
from bpe_engine import OPENAI_ENCODINGS, Tokenizer, TokenizerLike, errors, find_hf_tokenizers, load_tokenizer

__all__ = [
    "EntryStatus",
    "RegistryEntry",
    "RegistryKind",
    "TokenizerRegistry",
    "OPENAI_KEYS",
    "LAZY_KINDS",
    "SpecialTokens",
    "load_any",
]


class RegistryKind(StrEnum):
    """Where an entry came from (:attr:`RegistryEntry.kind`); strings, so "openai" still compares."""

    TRAINED = "trained"
    FILE = "file"  # opened
    TIKTOKEN = "tiktoken"  # a .tiktoken file
    OPENAI = "openai"
    HF = "hf"  # the Hugging Face cache


class EntryStatus(StrEnum):
    """An entry's load state (:attr:`RegistryEntry.status`); strings, so "ready" still compares."""

    IDLE = "idle"
    LOADING = "loading"
    READY = "ready"
    ERROR = "error"


OPENAI_KEYS = ("r50k_base", "p50k_base", "cl100k_base", "o200k_base")
#: Entries the app lists before they are loaded (loaded when first chosen, never renamed or removed).
LAZY_KINDS = (RegistryKind.OPENAI, RegistryKind.HF)


#: Special tokens for a rank file: names -> ids, or names (given the ids after the last rank).
SpecialTokens = dict[str, int] | list[str]


def load_any(path: str, pattern: str | None = None, special_tokens: SpecialTokens | None = None) -> TokenizerLike:
    """A tokenizer file of any format (background threads only: Llama 3's takes seconds).

    A SentencePiece tokenizer's merges are worked out here too (half a second for Mistral's
    32 000 pieces), so that no view does it in the GUI thread; so are a ``tokenizer.json``'s
    (the engine resolves them on first use), which also reports a damaged merge at open.
    """
    tok = load_tokenizer(path, pattern=pattern, special_tokens=special_tokens)
    tok.merge_ids()
    return tok


def load_openai(name: str) -> Tokenizer:
    """One of OpenAI's encodings (background threads only). The engine opens it without its
    merges (rebuilt from the ranks on first use, or read from its cache: seconds): a short text
    encodes by its ranks meanwhile, a long one on tiktoken's core, and the views that list
    merges make them in a job of their own (:meth:`~bpe_engine.Tokenizer.merges_made` says
    whether they must).

    tiktoken's core (~0.05-0.25 s each) is built in the helper process of
    :mod:`app.core.core_host` (in this one it held the interpreter lock all that time), when
    Compare's columns show their chips (:meth:`TokenizerRegistry.prepare_core`) or a long text
    first needs it."""
    return Tokenizer.from_tiktoken(name)


@dataclass
class RegistryEntry:
    """One tokenizer the app knows, its load state and, after a failed load, why."""

    key: str
    label: str
    kind: RegistryKind
    tokenizer: TokenizerLike | None = None
    status: EntryStatus = EntryStatus.IDLE
    message: str = ""
    source: str = ""  # where it came from: the corpus and settings it was trained on, or a path
    created: float = 0.0  # when it was added (time.time()); 0 for the OpenAI encodings
    path: str = ""  # the file of a Hugging Face cache entry or of an opened tokenizer (its chat template is beside it)
    hf_file: tuple[str, str, int] | None = None  # a Hugging Face cache entry's file name, revision, size
    saved_to: str = ""  # the file a trained tokenizer was last saved to ("": never saved, lost on quit)
    #: Writes the name the app made for it in the current language (None: the user named it).
    compose: Callable[[], str] | None = None

    def source_text(self) -> str:
        """Where it came from, in the current language (a Hugging Face entry's is written now)."""
        if self.hf_file is None:
            return self.source
        name, revision, size = self.hf_file
        where = tr_n("Hugging Face cache: {name} of revision {revision} (%n byte(s))", size).format(
            name=name, revision=revision
        )
        return f"{where}\n{self.path}"

    @property
    def lazy(self) -> bool:
        """Listed before it is loaded (OpenAI's encodings, the Hugging Face cache)."""
        return self.kind in LAZY_KINDS

    def tooltip(self) -> str:
        """The entry's source and time (and, after a failed load, why it failed), in the current language."""
        if self.message:
            return self.message
        parts = [self.label]
        source = self.source_text()
        if source:
            parts.append(source)
        if self.created:
            at = time.strftime("%H:%M:%S", time.localtime(self.created))
            parts.append(
                tr("trained {time}").format(time=at)
                if self.kind == RegistryKind.TRAINED
                else tr("opened {time}").format(time=at)
            )
        return "\n".join(parts)


@dataclass(frozen=True)
class _CoreTag:
    """The tag of a background call that builds an encoding's tiktoken core (nothing to deliver)."""

    key: str


def _load_message(key: str, exc: BaseException) -> str:
    return (
        str(exc) if isinstance(exc, errors.BPEError) else tr("cannot load {key}: {reason}").format(key=key, reason=exc)
    )


class TokenizerRegistry(QObject):
    """Every tokenizer of the app by key (see the module docstring).

    Signals:
        changed(): entries were added, renamed or removed, or an entry's status changed.
        ready(str): the tokenizer of this key can be used now.
        failed(str, str): this key could not be loaded; the message says why.
        removed(str): this key was removed (views that showed it choose another).
    """

    changed = Signal()
    ready = Signal(str)
    failed = Signal(str, str)
    removed = Signal(str)

    def __init__(self, parent: QObject | None = None, *, hf_cache: str | None = None) -> None:
        """``hf_cache``: the Hugging Face hub cache to list (default: where ``huggingface_hub``
        keeps it, see :func:`bpe_engine.hf_cache_dir`)."""
        super().__init__(parent)
        self._adopted: list[weakref.ref[Tokenizer]] = []  # the tokenizers given the core host's builder
        self._entries: dict[str, RegistryEntry] = {}
        for key in OPENAI_KEYS:
            desc = OPENAI_ENCODINGS[key][2]
            self._entries[key] = RegistryEntry(key, f"{key} ({desc})", RegistryKind.OPENAI)
        self._hf_keys: list[str] = []
        for found in find_hf_tokenizers(hf_cache):
            if found.model not in self._entries:
                entry = RegistryEntry(
                    found.model,
                    found.model,
                    RegistryKind.HF,
                    path=found.path,
                    hf_file=(os.path.basename(found.path), found.revision[:10], found.size),
                )
                entry.source = entry.source_text()
                self._entries[found.model] = entry
                self._hf_keys.append(found.model)
        self._trained_count = 0
        self._cores: set[str] = set()  # the keys whose tiktoken core was asked for (prepare_core)
        self.core_host = CoreHost()  # every tokenizer's tiktoken core, in a helper process
        self._loads = CallQueue("openai-encodings", self)
        self._loads.delivered.connect(self._on_loads_delivered)
        i18n.connect(self._on_language_changed)

    def _on_language_changed(self, _language: str) -> None:
        """The names the app made ("… · 99 743 merges", "Sample: …") in the new language."""
        changed = False
        for key, entry in self._entries.items():
            if entry.compose is not None:
                label = self.unique_label(entry.compose().strip() or tr("tokenizer"), exclude=key)
                changed |= label != entry.label
                entry.label = label
        if changed:
            self.changed.emit()

    # -- queries ---------------------------------------------------------------------------

    def keys(self) -> list[str]:
        """Trained/opened tokenizers first (newest first), then the OpenAI encodings, then the
        models of the Hugging Face cache (by name)."""
        own = [k for k, e in self._entries.items() if not e.lazy]
        return list(reversed(own)) + [k for k in OPENAI_KEYS] + list(self._hf_keys)

    def hf_keys(self) -> list[str]:
        """The models of the Hugging Face cache, by name (their keys are the model names)."""
        return list(self._hf_keys)

    def entry(self, key: str) -> RegistryEntry:
        return self._entries[key]

    def get(self, key: str) -> TokenizerLike | None:
        entry = self._entries.get(key)
        return entry.tokenizer if entry is not None else None

    def latest_trained(self) -> str | None:
        """The newest trained or opened tokenizer: the default of every view that follows it."""
        own = [k for k, e in self._entries.items() if not e.lazy]
        return own[-1] if own else None

    def own_keys(self) -> list[str]:
        """Trained and opened tokenizers, newest first (those that can be renamed and removed)."""
        return [k for k in self.keys() if not self._entries[k].lazy]

    def unsaved_keys(self) -> list[str]:
        """Trained tokenizers never saved to a file (closing the window would lose them), oldest first."""
        entries = self._entries.values()
        return [e.key for e in entries if e.kind == RegistryKind.TRAINED and not e.saved_to]

    def mark_saved(self, tokenizer: TokenizerLike, path: str) -> None:
        """``tokenizer`` was written to ``path``: every entry holding it is saved."""
        for entry in self._entries.values():
            if entry.tokenizer is tokenizer:
                entry.saved_to = path

    def unique_label(self, label: str, *, exclude: str = "") -> str:
        """``label``, or ``label (2)``, ``(3)``… if another entry already has that name."""
        taken = {e.label for k, e in self._entries.items() if k != exclude}
        if label not in taken:
            return label
        n = 2
        while f"{label} ({n})" in taken:
            n += 1
        return f"{label} ({n})"

    # -- changes ---------------------------------------------------------------------------

    def add(
        self,
        tokenizer: TokenizerLike,
        label: str,
        kind: RegistryKind = RegistryKind.TRAINED,
        *,
        source: str = "",
        compose: Callable[[], str] | None = None,
        path: str = "",
    ) -> str:
        """Register a trained or opened tokenizer under a unique name; returns its key.

        ``compose`` writes the name in the current language (``label`` is its English): the
        name is written again after a language switch, until the user renames it.
        """
        if compose is not None:
            label = compose()
        self._adopt(tokenizer)
        self._trained_count += 1
        key = f"{kind}-{self._trained_count}"
        self._entries[key] = RegistryEntry(
            key,
            self.unique_label(label.strip() or tr("tokenizer")),
            RegistryKind(kind),
            tokenizer,
            EntryStatus.READY,
            source=source,
            path=path,
            created=time.time(),
            compose=compose,
        )
        self.changed.emit()
        self.ready.emit(key)
        return key

    def rename(self, key: str, label: str) -> str:
        """Give a trained or opened tokenizer another name (made unique); returns the name given.

        Raises ValueError for an OpenAI encoding or an empty name.
        """
        entry = self._entries[key]
        if entry.kind == RegistryKind.OPENAI:
            raise ValueError(tr("{key} is one of OpenAI's encodings; its name cannot change").format(key=key))
        if entry.kind == RegistryKind.HF:
            raise ValueError(tr("{key} is a model of the Hugging Face cache; its name cannot change").format(key=key))
        label = label.strip()
        if not label:
            raise ValueError(tr("a tokenizer needs a name: type at least one character"))
        entry.label = self.unique_label(label, exclude=key)
        entry.compose = None  # the user's name stays in every language
        self.changed.emit()
        return entry.label

    def remove(self, key: str) -> None:
        """Forget a trained or opened tokenizer (OpenAI's encodings stay: ValueError)."""
        entry = self._entries[key]
        if entry.kind == RegistryKind.OPENAI:
            raise ValueError(tr("{key} is one of OpenAI's encodings and cannot be removed").format(key=key))
        if entry.kind == RegistryKind.HF:
            raise ValueError(tr("{key} is a model of the Hugging Face cache and stays listed").format(key=key))
        del self._entries[key]
        self.removed.emit(key)
        self.changed.emit()

    def request(self, key: str) -> None:
        """Make ``key`` usable: OpenAI encodings and Hugging Face cache models start loading in
        the background."""
        entry = self._entries[key]
        if entry.status in (EntryStatus.READY, EntryStatus.LOADING):
            return
        entry.status = EntryStatus.LOADING
        entry.message = ""
        self.changed.emit()
        if entry.kind == RegistryKind.HF:
            path = entry.path
            self._loads.submit(key, lambda: load_any(path), lambda exc: _load_message(key, exc))
            return
        self._loads.submit(key, lambda: load_openai(key), lambda exc: _load_message(key, exc))

    def prepare_core(self, key: str) -> None:
        """Build tiktoken's core of the loaded OpenAI encoding ``key`` in the helper process
        (sent from the background; once; nothing for other keys). A short text encodes without it (by the ranks), so the views'
        first tokens do not wait for it; a long one would, in its encode job."""
        entry = self._entries.get(key)
        tok = entry.tokenizer if entry is not None and entry.kind == RegistryKind.OPENAI else None
        if isinstance(tok, Tokenizer) and key not in self._cores:
            self._cores.add(key)
            self._loads.submit(_CoreTag(key), tok.core_encoder, lambda exc: _load_message(key, exc))

    def _adopt(self, tokenizer: TokenizerLike) -> TokenizerLike:
        """``tokenizer``, its tiktoken core (if it has one) to be built in the helper process:
        building or dropping one here holds the interpreter lock 100-300 ms."""
        if isinstance(tokenizer, Tokenizer):
            tokenizer.use_core_builder(self.core_host.build)
            self._adopted.append(weakref.ref(tokenizer))
        return tokenizer

    def close(self) -> None:
        """End the helper process of tiktoken's cores (the window closes); the tokenizers it
        served make their cores in this process again (OpenAI's are the engine's one instance
        per process, which outlives this registry)."""
        self.core_host.close()
        for ref in self._adopted:
            tokenizer = ref()
            if tokenizer is not None:
                tokenizer.use_core_builder(None)
        self._adopted.clear()

    def wait(self, msecs: int = -1) -> bool:
        """Wait for background loads (tests and shutdown); ``msecs`` -1: as long as it takes."""
        return self._loads.wait(None if msecs < 0 else msecs / 1000)

    @Slot(object, object, str)
    def _on_loads_delivered(self, key: object, tokenizer: object, message: str) -> None:
        if isinstance(key, _CoreTag):
            return  # a core built ahead (prepare_core): a failure shows when the text needs it
        assert isinstance(key, str)
        entry = self._entries[key]
        if tokenizer is None:
            entry.status = EntryStatus.ERROR
            entry.message = message
            self.changed.emit()
            self.failed.emit(key, message)
        else:
            entry.tokenizer = self._adopt(cast(TokenizerLike, tokenizer))
            entry.status = EntryStatus.READY
            self.changed.emit()
            self.ready.emit(key)
