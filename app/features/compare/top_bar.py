"""Compare's top bar: the preset texts, the display boxes ("Add BOS/EOS", "Show whitespace",
"Highlight differences", "As of merge k" when the view follows the Timeline) and
"+ Add tokenizer". In presentation mode the boxes take a second row: beside the combo at its
large fonts they were wider than a 1024-pixel screen. The view connects the widgets' signals.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QHBoxLayout, QVBoxLayout, QWidget

from app.content.presets import PRESETS
from app.core.i18n import tr
from app.display.additions import ADDITIONS_LABEL
from app.widgets import build

__all__ = ["CompareTopBar"]


class CompareTopBar(QWidget):
    """Preset combo, display boxes and the add button, on one row or (presenting) two."""

    def __init__(self, show_whitespace: bool, add_special_tokens: bool, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        items = [("", "")] + [("", text) for _title, text, _note in PRESETS]
        self.preset_combo = build.combo(self, items, translate=False)
        self.name_presets()
        self.whitespace_box = build.check_box(self, "Show whitespace", checked=show_whitespace)
        self.diff_box = build.check_box(
            self,
            "Highlight differences",
            tooltip="Outline in orange the tokens whose boundaries another column does not share",
            checked=True,
        )
        self.additions_box = build.check_box(self, ADDITIONS_LABEL, checked=add_special_tokens)
        self.add_button = build.button(self, "+ Add tokenizer", None, shortcut="Ctrl+Shift+A")
        build.shrinkable(self.preset_combo)
        rows = QVBoxLayout(self)
        rows.setContentsMargins(0, 0, 0, 0)
        self._first = QHBoxLayout()
        self._second = QHBoxLayout()
        rows.addLayout(self._first)
        rows.addLayout(self._second)
        self.preset_label = build.labelled(self._first, self, "Preset:", self.preset_combo)
        self._boxes: list[QWidget] = [self.additions_box, self.whitespace_box, self.diff_box]
        self._place_boxes(self._first)

    def _place_boxes(self, row: QHBoxLayout) -> None:
        """The boxes, then a stretch, then (on the first row) the add button."""
        for layout in (self._first, self._second):
            while layout.count():
                layout.takeAt(0)  # (the widgets stay; only their places go)
        self._first.addWidget(self.preset_label)
        self._first.addWidget(self.preset_combo)
        for box in self._boxes:
            row.addWidget(box)
        self._first.addStretch(1)
        self._first.addWidget(self.add_button)
        if row is self._second:
            self._second.addStretch(1)

    def add_as_of(self, box: QWidget) -> None:
        """ "As of merge k" joins the display boxes."""
        self._boxes.append(box)
        self._place_boxes(self._second if self.presenting else self._first)

    @property
    def presenting(self) -> bool:
        return self._second.count() > 0

    def set_presentation(self, on: bool) -> None:
        """Boxes on a second row, and the preset combo's label folded away (the combo says
        what it holds)."""
        self.preset_label.setVisible(not on)
        if on != self.presenting:
            self._place_boxes(self._second if on else self._first)

    def name_presets(self) -> None:
        """The preset combo's items in the current language (their texts, the data, stay)."""
        self.preset_combo.setItemText(0, tr("Choose a preset…"))
        for i, (title, _text, note) in enumerate(PRESETS, start=1):
            self.preset_combo.setItemText(i, tr(title))
            self.preset_combo.setItemData(i, tr(note), Qt.ItemDataRole.ToolTipRole)
