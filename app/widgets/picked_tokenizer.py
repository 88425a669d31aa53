"""The tokenizer a view's picker chose, loaded when the view is seen: the one wiring between a
:class:`~app.widgets.tokenizer_picker.TokenizerPicker`, the registry and a view.

:class:`PickedTokenizer` owns the picker's current key and says what the view can show of it:
``changed(key, tokenizer or None)`` whenever the key or its loaded tokenizer changes (the view
redraws and emits the View contract's ``tokenizer_changed``), ``loading(key)`` while it loads,
``failed(key, message)`` when it cannot be loaded. OpenAI encodings and Hugging Face models
are asked of the registry only once the view is on screen. It can also choose each tokenizer
the session trains or opens (``follow_new``), and offers the message bar's fixes of a failed
load (Retry, a local ``.tiktoken`` file).

It leaves out what a view shows (chips, curves, tables) and how it words loading and errors.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable

import shiboken6
from PySide6.QtCore import QObject, Qt, Signal, Slot
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import QWidget

from app.core.registry import EntryStatus, RegistryEntry, RegistryKind, TokenizerRegistry
from app.core.tokenizer_files import TiktokenFileOpener
from app.core.weakly import weak_method
from app.widgets.tokenizer_picker import TokenizerPicker, load_problem, open_tiktoken_file
from bpe_engine import TokenizerLike

__all__ = ["PickedTokenizer", "NEW_TOKENIZERS"]

#: What the user just trained or opened: the kinds most views switch to when one arrives.
NEW_TOKENIZERS = (RegistryKind.TRAINED, RegistryKind.FILE)


class PickedTokenizer(QObject):
    """The picker's tokenizer, loaded lazily (see the module docstring).

    ``host`` is the widget whose visibility decides when to load (and the parent of the
    ``.tiktoken`` file dialog). ``follow_new``: the kinds of tokenizer that are chosen when
    one is added to the session (usually :data:`NEW_TOKENIZERS`). ``opener``: a shared file opener (the caller then handles its
    ``opened``); by default one of its own, whose file becomes the picker's choice.

    Signals:
        changed(str, object): the key or its tokenizer changed: the key and the tokenizer,
            or None while it is not loaded (``loading`` or ``failed`` follows then).
        loading(str): the key's tokenizer is being loaded (or will be once the view is seen).
        failed(str, str): the key's tokenizer cannot be loaded; the message says why.
        arrived(str): a tokenizer was trained or opened and is about to be chosen (``follow_new``).
    """

    changed = Signal(str, object)
    loading = Signal(str)
    failed = Signal(str, str)
    arrived = Signal(str)

    def __init__(
        self,
        picker: TokenizerPicker,
        host: QWidget,
        *,
        follow_new: tuple[RegistryKind, ...] = (),
        opener: TiktokenFileOpener | None = None,
    ) -> None:
        super().__init__(host)
        self.picker = picker
        self.registry: TokenizerRegistry = picker.registry
        # subtle: weakly, as the host keeps this object in an attribute: a cycle would leave
        # the closed view to the cyclic collector, which may run in a job's thread (issue 20 E)
        self._host = weakref.ref(host)
        self._follow_new = follow_new
        self._known_keys = set(self.registry.keys())
        self._shown: tuple[str, TokenizerLike | None] = ("", None)
        self._arrived_unseen = False  # the key's tokenizer was loaded while the host was hidden
        if opener is None:
            opener = TiktokenFileOpener(self.registry, self)
            opener.opened.connect(picker.set_current_key)
        self.opener = opener
        self.registry.ready.connect(self._on_registry_ready)
        self.registry.failed.connect(self._on_registry_failed)
        picker.key_changed.connect(self._on_picker_key_changed)
        _ShownWatch(host, weak_method(self._on_host_shown, None))

    # -- what is picked ----------------------------------------------------------------------

    def key(self) -> str:
        """The picker's key ("" when none is chosen)."""
        return self._shown[0]

    def tokenizer(self) -> TokenizerLike | None:
        """The key's tokenizer, None while it is not loaded."""
        return self._shown[1]

    def entry(self) -> RegistryEntry | None:
        key = self._shown[0]
        return self.registry.entry(key) if key in self.registry.keys() else None

    def set_key(self, key: str) -> None:
        """Choose ``key`` in the picker (as the user would)."""
        self.picker.set_current_key(key)

    def update(self) -> None:
        """Take the picker's key as it is now (the view calls this once built, and whenever it
        must say again what it shows: ``changed`` if anything changed, ``loading`` or ``failed``
        again while the tokenizer is not loaded)."""
        self._take(self.picker.current_key())

    # -- the fixes of a failed load --------------------------------------------------------

    def retry(self) -> None:
        key = self.key()
        if key:
            self.registry.request(key)

    def open_file(self) -> None:
        """Ask for a local ``.tiktoken`` file for the key (the offline fix of an OpenAI encoding)."""
        host = self._host()
        if host is not None:
            open_tiktoken_file(host, self.opener, self.key())

    def problem(self, message: str) -> tuple[str, list[tuple[str, Callable[[], None]]]]:
        """The message bar's text and buttons for the key's failed load (``MessageBar.error(*...)``)."""
        return load_problem(self.registry, self.key(), message, self.retry, self.open_file)

    # -- slots -------------------------------------------------------------------------------

    def _take(self, key: str) -> None:
        host = self._host()
        if host is None or not shiboken6.isValid(host):
            return  # subtle: a load the registry finishes after the view was deleted (closing)
        entry = self.registry.entry(key) if key in self.registry.keys() else None
        tok = entry.tokenizer if entry is not None else None
        if entry is None:
            key = ""
        if (key, tok) != self._shown:
            self._shown = (key, tok)
            self.changed.emit(key, tok)
        if entry is None or tok is not None:
            return
        if entry.status == EntryStatus.ERROR:
            self.failed.emit(key, entry.message)
            return
        self.loading.emit(key)
        if host.isVisible():
            self.registry.request(key)

    @Slot(str)
    def _on_picker_key_changed(self, key: str) -> None:
        if key != self._shown[0]:
            self._take(key)

    @Slot(str)
    def _on_registry_ready(self, key: str) -> None:
        if key not in self._known_keys:
            self._known_keys.add(key)
            if self.registry.entry(key).kind in self._follow_new:
                self.arrived.emit(key)
                self.picker.set_current_key(key)
                return
        if key == self._shown[0]:
            host = self._host()
            if host is not None and shiboken6.isValid(host) and host.isVisible():
                self._take(key)
            else:
                # subtle: a hidden view is told when it is shown: at start Compare loads
                # OpenAI's encodings, and Tokenize's, Stream's and the Timeline's work on
                # them (encoding, pieces, merges) would slow Compare's own.
                self._arrived_unseen = True

    @Slot(str, str)
    def _on_registry_failed(self, key: str, message: str) -> None:
        host = self._host()
        if key == self._shown[0] and host is not None and shiboken6.isValid(host):
            self._shown = (key, None)
            self.failed.emit(key, message)

    def _on_host_shown(self) -> None:
        # subtle: Qt may still deliver the host's events while the Python side of this object
        # is being torn down (its attributes gone): then there is nothing to load
        if getattr(self, "_host", None) is None:
            return
        if self._arrived_unseen:
            self._arrived_unseen = False
            self._take(self.picker.current_key())
        entry = self.entry()
        if entry is not None and entry.tokenizer is None and entry.status == EntryStatus.IDLE:
            self.registry.request(entry.key)  # OpenAI encodings load only once someone looks


class _ShownWatch(QWidget):
    """An empty child of a host that calls ``shown()`` each time the host is shown.

    Not an event filter on the host: a filter is called from Qt into Python for every event
    of the host (paints, layouts, mouse moves: 15 calls in one turn of opening Compare), and
    each call waits its turn for the interpreter lock while jobs run (issue 20, F); this
    widget's own events are few, and only its show event reaches Python."""

    def __init__(self, host: QWidget, shown: Callable[[], None]) -> None:
        super().__init__(host)
        self._shown = shown
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.setFixedSize(0, 0)
        self.show()  # (with the host: shown now only if the host is)

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 (Qt naming)
        super().showEvent(event)
        self._shown()
