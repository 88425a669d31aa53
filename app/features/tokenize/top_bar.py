"""The Tokenize view's top bar: which tokenizer, a preset text, what special-token text does,
and whether whitespace is drawn. Also the place "As of merge k" joins when the view follows
the Timeline. The view connects to the widgets' own signals; this holds the widgets and
their texts, so the view's build reads as its panels.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from app.content.presets import PRESETS
from app.core.i18n import tr
from app.core.registry import TokenizerRegistry
from app.display.additions import ADDITIONS_LABEL, additions_tooltip
from app.features.tokenize.special_modes import MODE_LABELS, MODE_TOOLTIP
from app.widgets import build
from app.widgets.tokenizer_picker import TokenizerPicker
from bpe_engine import SpecialAdditions

__all__ = ["TopBar"]

_AS_OF_PLACE = 2  # after the picker and its label: "As of merge k" qualifies the tokenizer


class TopBar(QWidget):
    """Tokenizer picker, preset and special-token combos, "Show whitespace"."""

    def __init__(self, registry: TokenizerRegistry, show_whitespace: bool, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.picker = TokenizerPicker(registry, self)
        self.preset_combo = self._build_preset_combo()
        self.mode_combo = build.combo(self, [(label, mode.value) for mode, label in MODE_LABELS], tooltip=MODE_TOOLTIP)
        self.whitespace_box = build.check_box(
            self,
            "Show whitespace",
            tooltip="Draw spaces as ·, tabs as → and newlines as ⏎ inside the chips (Ctrl+Shift+W)",
            shortcut="Ctrl+Shift+W",
            checked=show_whitespace,
        )
        #: On by default: where the model adds a BOS/EOS, the chips show what it really gets.
        self.additions_box = build.check_box(self, ADDITIONS_LABEL, checked=True)
        self.set_additions(None)
        build.shrinkable(self.preset_combo, self.mode_combo)
        build.elided(self.picker)  # (its names are long: "cl100k_base (GPT-3.5 / GPT-4, 100k)")
        rows = QVBoxLayout(self)
        rows.setContentsMargins(0, 0, 0, 0)
        self._layout = layout = QHBoxLayout()
        #: Presentation mode's second row: the check boxes, where its large fonts leave no room
        #: for them beside the combos on a 1024-pixel screen.
        self._second_row = QHBoxLayout()
        rows.addLayout(layout)
        rows.addLayout(self._second_row)
        #: The labels before the picker, the preset and the mode combo (presentation folds the last two).
        self.combo_labels: list[QLabel] = [
            build.labelled(layout, self, "Tokenizer:", self.picker),
            build.labelled(layout, self, "Preset:", self.preset_combo),
            build.labelled(layout, self, "Special tokens:", self.mode_combo),
        ]
        layout.addWidget(self.additions_box)
        layout.addWidget(self.whitespace_box)
        layout.addStretch(1)

    def _build_preset_combo(self) -> QComboBox:
        combo = build.combo(
            self,
            [("Choose a preset…", "")],
            tooltip="Texts for class: each shows something surprising about tokenizers.",
        )
        for title, text, _note in PRESETS:
            combo.addItem(tr(title), text)
        self._set_preset_notes(combo)
        return combo

    @staticmethod
    def _set_preset_notes(combo: QComboBox) -> None:
        for i, (_title, _text, note) in enumerate(PRESETS, start=1):
            combo.setItemData(i, tr(note), Qt.ItemDataRole.ToolTipRole)

    def set_additions(self, additions: SpecialAdditions | None) -> None:
        """Enable "Add BOS/EOS" only for a tokenizer that adds some, its tooltip naming them."""
        self._additions = additions
        self.additions_box.setEnabled(bool(additions))
        self.additions_box.setToolTip(additions_tooltip(additions))

    def add_as_of(self, box: QWidget) -> None:
        """Put "As of merge k" right after the tokenizer it qualifies."""
        self._layout.insertWidget(_AS_OF_PLACE, box)

    def retranslate(self) -> None:
        """The combos' items in the new language (their labels and tooltips are bound)."""
        self.preset_combo.setItemText(0, tr("Choose a preset…"))
        for i, (title, _text, _note) in enumerate(PRESETS, start=1):
            self.preset_combo.setItemText(i, tr(title))
        self._set_preset_notes(self.preset_combo)
        for i, (_mode, label) in enumerate(MODE_LABELS):
            self.mode_combo.setItemText(i, tr(label))
        self.additions_box.setToolTip(additions_tooltip(self._additions))

    def set_presentation(self, on: bool) -> None:
        """Fold the labels of the preset and mode combos away (the combos say what they hold)
        and put the check boxes on a second row."""
        for label in self.combo_labels[1:]:
            label.setVisible(not on)
        boxes = (self.additions_box, self.whitespace_box)
        source, target = (self._layout, self._second_row) if on else (self._second_row, self._layout)
        if target.indexOf(self.whitespace_box) >= 0:
            return
        for box in boxes:
            source.removeWidget(box)
        if on:
            for box in boxes:
                target.addWidget(box)
            target.addStretch(1)
        else:
            while source.count() and (item := source.takeAt(0)) is not None:
                del item  # the second row's stretch
            stretch_at = self._layout.count() - 1  # before the first row's stretch
            for i, box in enumerate(boxes):
                self._layout.insertWidget(stretch_at + i, box)
