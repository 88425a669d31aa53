"""The Sweep's side panel: the held-out texts (check to draw, add a file, remove one added),
OpenAI's encodings to show as reference points, and the export buttons.

Its own widget because the texts (which, which shown, named in the current language in their
curves' colors) and the reference check boxes are settings, apart from measuring and drawing;
it says when the texts changed (:attr:`SidePanel.texts_changed`) or only which are shown
(:attr:`SidePanel.shown_changed`), and the view connects to its other buttons and boxes.
"""

from __future__ import annotations

import html

import pyqtgraph as pg
from PySide6.QtCore import Qt, Signal, Slot
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
from app.features.sweep.heldout import HeldOutText, display_name, load_heldout
from app.widgets import build
from app.widgets.message_bar import MessageBar

__all__ = ["SidePanel", "DEFAULT_REFERENCES"]

#: OpenAI's encodings checked at first.
DEFAULT_REFERENCES = ("r50k_base", "cl100k_base", "o200k_base")


class SidePanel(QWidget):
    """Texts, references and exports (see the module docstring); ``banner`` says what
    became of a text added or removed.

    Signals:
        texts_changed(): a text was added or removed (measure again).
        shown_changed(): a text was checked or unchecked (draw again).
    """

    texts_changed = Signal()
    shown_changed = Signal()

    def __init__(self, messages: MessageBar, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._messages = messages
        self._texts: list[HeldOutText] = load_heldout()
        self._builtin = len(self._texts)  # the first texts are the built-in ones
        self._hidden: set[str] = set()  # names of the texts whose curves are unchecked
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
        self.text_list.itemChanged.connect(self._on_text_list_item_changed)
        self.remove_button.clicked.connect(self._on_remove_button_clicked)
        self.fill_texts()

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

    def texts(self) -> list[HeldOutText]:
        return list(self._texts)

    def shown_texts(self) -> list[str]:
        """Names of the texts whose curves are drawn (checked)."""
        return [t.name for t in self._texts if t.name not in self._hidden]

    def fill_texts(self) -> None:
        """List the texts, checked unless hidden, each in its curve's color (quietly: no
        ``itemChanged``); also after a language change."""
        self.text_list.blockSignals(True)
        self.text_list.clear()
        for i, text in enumerate(self._texts):
            builtin = i < self._builtin
            origin = tr("built in") if builtin else str(text.path) if text.path else tr("added")
            name = display_name(text.name) if builtin else text.name
            item = QListWidgetItem(tr("{name} ({size})").format(name=name, size=format_bytes(text.size)))
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Unchecked if text.name in self._hidden else Qt.CheckState.Checked)
            item.setForeground(pg.mkColor(LINE_COLORS[i % len(LINE_COLORS)]))
            item.setToolTip(
                tr("{name}: {size}, {origin}").format(name=name, size=format_bytes(text.size), origin=origin)
            )
            self.text_list.addItem(item)
        self.text_list.blockSignals(False)

    @Slot(HeldOutText)
    def add_text(self, text: HeldOutText) -> None:
        """Add ``text`` (renamed "name (2)", ... if its name is taken) and say so."""
        names = {t.name for t in self._texts}
        name, n = text.name, 2
        while name in names:
            name, n = f"{text.name} ({n})", n + 1
        self._texts.append(HeldOutText(name, text.text, text.path))
        self.fill_texts()
        size = format_bytes(text.size)
        self._messages.info(lambda: tr("Added {name} ({size}).").format(name=html.escape(name), size=size))
        self.texts_changed.emit()

    @Slot(QListWidgetItem)
    def _on_text_list_item_changed(self, item: QListWidgetItem) -> None:
        name = self._texts[self.text_list.row(item)].name
        if item.checkState() == Qt.CheckState.Checked:
            self._hidden.discard(name)
        else:
            self._hidden.add(name)
        self.shown_changed.emit()

    @Slot()
    def _on_remove_button_clicked(self) -> None:
        row = self.text_list.currentRow()
        if row < self._builtin:
            self._messages.info(lambda: tr("The built-in texts stay; uncheck one to hide its curve."))
            return
        self._hidden.discard(self._texts[row].name)
        del self._texts[row]
        self.fill_texts()
        self.texts_changed.emit()
