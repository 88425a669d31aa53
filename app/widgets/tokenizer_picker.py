"""Choosing a tokenizer: a combo box over the registry, and a local .tiktoken file as a fix.

- :class:`TokenizerPicker` lists the registry's tokenizers (trained ones first, then OpenAI's
  encodings, then, under a heading of their own, the models of the Hugging Face cache by name)
  with their load state, and keeps the selection when the list changes.
- :func:`open_tiktoken_file` asks for a local ``.tiktoken`` file, the offline fix for an
  encoding tiktoken cannot download (loading it is the controller's job).
"""

from __future__ import annotations

import html
from collections.abc import Callable

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtGui import QFont, QStandardItemModel
from PySide6.QtWidgets import QComboBox, QFileDialog, QWidget

from app.core import i18n
from app.core.i18n import bind, noop, tr
from app.core.registry import RegistryEntry, RegistryKind, TokenizerRegistry
from app.core.tokenizer_files import TiktokenFileOpener

__all__ = ["TokenizerPicker", "entry_text", "unavailable_help", "load_problem", "open_tiktoken_file"]

_STATUS = {"loading": noop("{name} (loading…)"), "error": noop("{name} (unavailable)")}
_HF_HEADING = "\x00hf-heading"  # the item data of the Hugging Face group's heading (no key looks like it)


def entry_text(entry: RegistryEntry) -> str:
    """The entry's name and load state, in the current language."""
    status = _STATUS.get(entry.status)
    return tr(status).format(name=entry.label) if status else entry.label


def load_problem(
    registry: TokenizerRegistry, key: str, message: str, retry: Callable[[], None], open_file: Callable[[], None]
) -> tuple[str, list[tuple[str, Callable[[], None]]]]:
    """The message bar's text and buttons for a tokenizer that failed to load: an OpenAI
    encoding gets the offline fixes (a cache folder, a local .tiktoken file); a file of the
    Hugging Face cache the engine's reason and Retry."""
    openai = registry.entry(key).kind == RegistryKind.OPENAI
    text = tr("<b>{name} cannot be loaded.</b> {reason}").format(name=html.escape(key), reason=html.escape(message))
    if openai:
        text += f"<br>{unavailable_help(key)}"
        return text, [(tr("Retry"), retry), (tr("Open .tiktoken file…"), open_file)]
    return text, [(tr("Retry"), retry)]


def unavailable_help(key: str) -> str:
    """What the app adds to the engine's message (which says what to set or open)."""
    return tr(
        "Connecting to the internet once also works (tiktoken downloads {key} and keeps it); after "
        "setting TIKTOKEN_CACHE_DIR, restart BPE Explorer."
    ).format(key=key)


class TokenizerPicker(QComboBox):
    """The registry's tokenizers in a combo box: every view chooses its tokenizer with one.

    Entries show their load state ("loading…", "unavailable", the reason in the tooltip) and
    the selection is kept, by key, when the registry changes. With a ``placeholder`` the
    picker starts with nothing chosen (the Vocabulary view until a tokenizer is shown);
    without one it chooses the first entry.

    Signals:
        key_changed(str): another tokenizer was chosen (by the user or :meth:`set_current_key`).
    """

    key_changed = Signal(str)

    def __init__(self, registry: TokenizerRegistry, parent: QWidget | None = None, *, placeholder: str = "") -> None:
        super().__init__(parent)
        self.registry = registry
        self.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.setMinimumContentsLength(18)
        # A view may set a tooltip of its own (kept then); the default follows the language.
        self._default_tip = ""
        self._set_default_tip()
        self._placeholder = placeholder
        if placeholder:
            # the view marks its placeholder with noop(); shown (and kept) in the current language
            bind(self, "setPlaceholderText", placeholder)
        self._key = ""
        self.refresh()
        registry.changed.connect(self.refresh)
        i18n.connect(self._on_language_changed)
        self.currentIndexChanged.connect(self._on_self_current_index_changed)

    def current_key(self) -> str:
        return self._key

    @Slot(str)
    def set_current_key(self, key: str) -> None:
        i = self.findData(key)
        if i >= 0:
            self.setCurrentIndex(i)

    @Slot()
    def refresh(self) -> None:
        """List the registry's entries as they are now (done on every ``registry.changed``)."""
        keys = self.registry.keys()
        self.blockSignals(True)
        try:
            self.clear()
            hf = set(self.registry.hf_keys())
            for key in keys:
                entry = self.registry.entry(key)
                if key in hf and self.findData(_HF_HEADING) < 0:
                    self._add_heading(tr("Hugging Face cache (this computer)"))
                self.addItem(entry_text(entry), key)
                self.setItemData(self.count() - 1, entry.tooltip(), Qt.ItemDataRole.ToolTipRole)
            i = self.findData(self._key)
            self.setCurrentIndex(i if i >= 0 or self._placeholder else 0)
        finally:
            self.blockSignals(False)
        new = self.currentData() or ""
        if new != self._key:
            self._key = new
            self.key_changed.emit(new)

    def _add_heading(self, text: str) -> None:
        """A separator and a heading that cannot be chosen (the Hugging Face group)."""
        self.insertSeparator(self.count())
        self.addItem(text, _HF_HEADING)
        model = self.model()
        if isinstance(model, QStandardItemModel):
            item = model.item(self.count() - 1)
            item.setEnabled(False)
            font = QFont(item.font())
            font.setBold(True)
            item.setFont(font)
        self.setItemData(
            self.count() - 1,
            tr("Tokenizers of models downloaded with Hugging Face's libraries; each loads when first chosen"),
            Qt.ItemDataRole.ToolTipRole,
        )

    def _set_default_tip(self) -> None:
        if self.toolTip() != self._default_tip:
            return  # the view's own
        self._default_tip = tr(
            "The tokenizer to use. Trained tokenizers come first; OpenAI's encodings load the first time "
            "they are chosen (a few seconds)."
        )
        self.setToolTip(self._default_tip)

    @Slot(str)
    def _on_language_changed(self, _language: str) -> None:
        self._set_default_tip()
        self.refresh()  # the load states, tooltips and heading in the new language

    @Slot(int)
    def _on_self_current_index_changed(self, index: int) -> None:
        if index < 0 and self.count() == 0:
            return  # subtle: the combo is being torn down (the registry always lists OpenAI's encodings)
        key = self.itemData(index) or ""
        if key == _HF_HEADING:
            key = ""
        if key != self._key:
            self._key = key
            self.key_changed.emit(key)


def open_tiktoken_file(parent: QWidget, opener: TiktokenFileOpener, name_hint: str = "") -> None:
    """Ask for a local ``.tiktoken`` file and let ``opener`` load and register it."""
    path, _ = QFileDialog.getOpenFileName(
        parent,
        tr("Open a local {name} .tiktoken file").format(name=name_hint or "OpenAI"),
        "",
        tr("tiktoken files (*.tiktoken);;All files (*)"),
    )
    if path:
        opener.open(path)
