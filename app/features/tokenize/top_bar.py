"""The Tokenize view's top bar: which tokenizer, a preset text, what special-token text does;
and the check boxes (BOS/EOS, whitespace) the view puts on the Text/Chat row below, where
there is room: beside the three combos they cut "Choose a preset…" and "Recognised (one
special token)" in a 1024-pixel window. Also the place "As of merge k" joins when the view follows
the Timeline. The view connects to the widgets' own signals; this holds the widgets and
their texts, so the view's build reads as its panels.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QWidget

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
        # The picker takes the room the preset and mode combos leave (elided, its tooltip says
        # the whole name): its long names no longer squeeze their short texts.
        self.picker.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self._layout = layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        #: The labels before the picker, the preset and the mode combo (presentation folds the last two).
        self.combo_labels: list[QLabel] = [
            build.labelled(layout, self, "Tokenizer:", self.picker),
            build.labelled(layout, self, "Preset:", self.preset_combo),
            build.labelled(layout, self, "Special tokens:", self.mode_combo),
        ]
        layout.setStretchFactor(self.picker, 1)

    @property
    def boxes(self) -> tuple[QWidget, ...]:
        """The check boxes, for the row below (see the module docstring)."""
        return (self.additions_box, self.whitespace_box)

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
        """Fold the labels of the preset and mode combos away (the combos say what they hold)."""
        for label in self.combo_labels[1:]:
            label.setVisible(not on)
