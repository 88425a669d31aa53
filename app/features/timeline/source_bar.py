"""The Timeline's top row: which tokenizer (one of the registry, or "Follow the training" in
progress) and which text (a built-in sample or a classroom preset).

Its own widget because the text choices are named in the current language here (samples
by their translated titles, presets with their notes as tooltips); the view decides what a
choice does.
"""

from __future__ import annotations

from enum import StrEnum

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QHBoxLayout, QWidget

from app.content.presets import PRESETS
from app.content.samples import load_samples
from app.core import i18n
from app.core.i18n import bind, tr
from app.core.registry import TokenizerRegistry
from app.widgets import build
from app.widgets.tokenizer_picker import TokenizerPicker

__all__ = ["SourceBar", "TextItemKind"]


class TextItemKind(StrEnum):
    """What an item of the text combo is."""

    CHOOSE = "choose"  # the first item: no text of the list (the user's own)
    SAMPLE = "sample"  # a built-in sample, by its key
    PRESET = "preset"  # a classroom preset, by its English title


class SourceBar(QWidget):
    """The tokenizer picker, "Follow the training" and the text combo (see the module docstring).

    The text combo's item data is the item's text ("" for the first item).
    """

    def __init__(self, registry: TokenizerRegistry, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.picker = TokenizerPicker(registry, self)
        bind(self.picker, "setToolTip", "The tokenizer whose merges the slider walks through (the newest trained one)")
        self.live_box = build.check_box(
            self,
            "Follow the training",
            tooltip="Walk through the merges of the training that is running or paused in the Train tab "
            "(its merges so far, updated once a second)",
        )
        self.live_box.setEnabled(False)
        self.text_combo = build.combo(
            self, tooltip="A text to watch: a built-in sample or a classroom preset (or type your own)"
        )
        self._fill_text_combo()
        # subtle: long tokenizer names and sample titles must not widen the view past the
        # window (presentation mode's large fonts at 1024 pixels): the combos may shrink.
        build.shrinkable(self.picker, self.text_combo, characters=14)
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        build.labelled(row, self, "Tokenizer:", self.picker)
        row.setStretchFactor(self.picker, 2)
        row.addWidget(self.live_box)
        build.labelled(row, self, "Text:", self.text_combo)
        row.setStretchFactor(self.text_combo, 1)

    def _fill_text_combo(self) -> None:
        # (kind, key or title, note) of each item: its text and tooltip are written in the current language
        self._text_items: list[tuple[TextItemKind, str, str]] = [(TextItemKind.CHOOSE, "", "")]
        self.text_combo.addItem("", "")
        self._samples = {sample.key: sample for sample in load_samples()}
        for sample in self._samples.values():
            self._text_items.append((TextItemKind.SAMPLE, sample.key, ""))
            self.text_combo.addItem("", sample.read_text())
        for title, text, note in PRESETS:
            self._text_items.append((TextItemKind.PRESET, title, note))
            self.text_combo.addItem("", text)
        self.retranslate()

    def first_text(self) -> str:
        """Choose the first text of the list and return it ("" when there is none)."""
        first = next((i for i in range(self.text_combo.count()) if self.text_combo.itemData(i)), -1)
        if first < 0:
            return ""
        self.text_combo.setCurrentIndex(first)
        return str(self.text_combo.itemData(first))

    def forget_text_unless(self, text: str) -> None:
        """Show "Choose a text…" unless ``text`` is the chosen item's (it was edited)."""
        index = self.text_combo.currentIndex()
        if index > 0 and self.text_combo.itemData(index) != text:
            self.text_combo.setCurrentIndex(0)

    def retranslate(self) -> None:
        """The text combo's item texts and tooltips, in the current language."""
        for i, (kind, title, note) in enumerate(self._text_items):
            if kind is TextItemKind.CHOOSE:
                self.text_combo.setItemText(i, tr("Choose a text…"))
            elif kind is TextItemKind.SAMPLE:
                sample = self._samples[title]  # (for a sample, the item holds its key)
                self.text_combo.setItemText(
                    i, tr("Sample: {title}").format(title=sample.title_in(i18n.current_language()))
                )
            else:
                self.text_combo.setItemText(i, tr(title))
                self.text_combo.setItemData(i, tr(note), Qt.ItemDataRole.ToolTipRole)
