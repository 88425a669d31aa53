"""The Sweep's side panel: the held-out texts (check to draw, add a file, remove one added),
OpenAI's encodings to show as reference points, and the export buttons.

Its own widget because listing the texts (named in the current language, in their curves'
colors) and the reference check boxes are settings, apart from measuring and drawing; the
view connects to its buttons and boxes.
"""

from __future__ import annotations

from collections.abc import Sequence

import pyqtgraph as pg
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QGroupBox,
    QHBoxLayout,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app.core.i18n import bind, tr
from app.core.registry import OPENAI_KEYS
from app.display.format import format_bytes
from app.features.sweep.chart import LINE_COLORS
from app.features.sweep.heldout import HeldOutText, display_name
from app.widgets import build

__all__ = ["SidePanel", "DEFAULT_REFERENCES"]

#: OpenAI's encodings checked at first.
DEFAULT_REFERENCES = ("r50k_base", "cl100k_base", "o200k_base")


class SidePanel(QWidget):
    """Texts, references and exports (see the module docstring)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        column = QVBoxLayout(self)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self._build_texts_box(), 1)
        column.addWidget(self._build_references_box())
        self.export_chart_button = build.button(
            self, "Export chart…", tooltip="Save the chart as a PNG picture or an SVG drawing"
        )
        self.export_csv_button = build.button(
            self,
            "Export CSV…",
            tooltip="Save every point (each text, each vocabulary size, the references) as CSV",
        )
        column.addWidget(self.export_chart_button)
        column.addWidget(self.export_csv_button)

    def _build_texts_box(self) -> QWidget:
        self.text_list = QListWidget(self)
        bind(self.text_list, "setToolTip", "Texts the tokenizer was not trained on; uncheck one to hide its curve")
        self.text_list.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.add_button = build.button(
            self, "Add text file…", tooltip="Measure a UTF-8 text file of your own too (held out: not one trained on)"
        )
        self.remove_button = build.button(self, "Remove", tooltip="Remove the selected text you added")
        box = QGroupBox(self)
        bind(box, "setTitle", "Held-out texts")
        lay = QVBoxLayout(box)  # (the style's margins, unlike build.group_box's narrow ones)
        lay.addWidget(self.text_list, 1)
        row = QHBoxLayout()
        row.addWidget(self.add_button)
        row.addWidget(self.remove_button)
        lay.addLayout(row)
        return box

    def _build_references_box(self) -> QWidget:
        box = QGroupBox(self)
        bind(box, "setTitle", "OpenAI's encodings (reference points)")
        lay = QVBoxLayout(box)
        self.reference_boxes: dict[str, QCheckBox] = {}
        for key in OPENAI_KEYS:
            check = QCheckBox(key, self)  # (an encoding's name: the same in every language)
            check.setChecked(key in DEFAULT_REFERENCES)
            bind(
                check,
                "setToolTip",
                "Each text's bytes per token with {name}, at its vocabulary size (loaded on first use)",
                name=key,
            )
            lay.addWidget(check)
            self.reference_boxes[key] = check
        return box

    def checked_references(self) -> list[str]:
        return [key for key, box in self.reference_boxes.items() if box.isChecked()]

    def fill_texts(self, texts: Sequence[HeldOutText], builtin: int, hidden: set[str]) -> None:
        """List ``texts`` (the first ``builtin`` are built in), checked unless ``hidden``, each in
        its curve's color (quietly: no ``itemChanged``)."""
        self.text_list.blockSignals(True)
        self.text_list.clear()
        for i, text in enumerate(texts):
            origin = tr("built in") if i < builtin else str(text.path) if text.path else tr("added")
            name = display_name(text.name) if i < builtin else text.name
            item = QListWidgetItem(tr("{name} ({size})").format(name=name, size=format_bytes(text.size)))
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Unchecked if text.name in hidden else Qt.CheckState.Checked)
            item.setForeground(pg.mkColor(LINE_COLORS[i % len(LINE_COLORS)]))
            item.setToolTip(
                tr("{name}: {size}, {origin}").format(name=name, size=format_bytes(text.size), origin=origin)
            )
            self.text_list.addItem(item)
        self.text_list.blockSignals(False)
