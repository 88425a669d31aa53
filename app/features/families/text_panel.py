"""The Families tab's text: the menu of texts that show what a family does well or badly,
"Show whitespace", the editor every family tokenizes as one types, and under it the sentence
saying what decoding loses (highlighted in the editor, see :mod:`app.features.families.lost`).
The panel says when the text or the whitespace choice changed; tokenizing is the view's job.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtWidgets import QHBoxLayout, QLabel, QVBoxLayout, QWidget

from app.core.i18n import bind, tr
from app.core.settings import Settings
from app.display.offsets import index_from_utf16
from app.features.families.content import FAMILY_TEXTS
from app.features.families.job import FamiliesOutcome
from app.features.families.lost import LostStretches, lost_selections, lost_sentence
from app.widgets import build
from app.widgets.text_input import TextInput

__all__ = ["TextPanel"]


class TextPanel(QWidget):
    """The text menu, the editor and what decoding loses (see the module docstring).

    Signals:
        changed(): the text or "Show whitespace" changed: tokenize again.
    """

    changed = Signal()

    def __init__(self, settings: Settings | None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(self._build_text_row(settings))
        self.editor = TextInput(self)
        bind(self.editor, "setPlaceholderText", "Type or paste a text: every family tokenizes it as you type…")
        self.editor.setMaximumHeight(
            self.editor.fontMetrics().lineSpacing() * 2 + 14
        )  # (it scrolls: room for the rows)
        self.editor.textChanged.connect(self.changed)
        self._lost = LostStretches()
        # (an edit makes the stretches stale; the editor's highlights move with the edit meanwhile)
        self.editor.textChanged.connect(self._forget_lost)
        for bar in (self.editor.verticalScrollBar(), self.editor.horizontalScrollBar()):
            bar.valueChanged.connect(self._highlight_shown)
        self.editor.verticalScrollBar().rangeChanged.connect(self._highlight_shown)  # (a new width wraps anew)
        layout.addWidget(self.editor)
        self.lost_label = QLabel(self)
        self.lost_label.setWordWrap(True)
        self.lost_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout.addWidget(self.lost_label)
        self.name_items()

    def _build_text_row(self, settings: Settings | None) -> QHBoxLayout:
        # Item data: the text itself (the first item, "Choose a text…", has none).
        items = [("", "")] + [("", text) for _title, text, _note in FAMILY_TEXTS]
        self.text_combo = build.combo(self, items, translate=False)
        self.text_combo.activated.connect(self._on_text_combo_activated)
        self.whitespace_box = build.check_box(
            self, "Show whitespace", checked=settings.show_whitespace if settings else True
        )
        self.whitespace_box.toggled.connect(self.changed)
        row = QHBoxLayout()
        build.labelled(row, self, "Text:", self.text_combo)
        row.addWidget(self.whitespace_box)
        row.addStretch(1)
        return row

    def name_items(self) -> None:
        """The text menu's items in the current language (their data, the texts, stay)."""
        self.text_combo.setItemText(0, tr("Choose a text…"))
        for i, (title, _text, note) in enumerate(FAMILY_TEXTS, start=1):
            self.text_combo.setItemText(i, tr(title))
            self.text_combo.setItemData(i, tr(note), Qt.ItemDataRole.ToolTipRole)

    @Slot(int)
    def _on_text_combo_activated(self, index: int) -> None:
        text = self.text_combo.itemData(index)
        if text:
            self.set_text(text)

    def text(self) -> str:
        return self.editor.text()

    def set_text(self, text: str) -> None:
        self.editor.set_text(text)

    def show_whitespace(self) -> bool:
        return self.whitespace_box.isChecked()

    def show_lost(self, outcome: FamiliesOutcome) -> None:
        """Highlight what ``outcome``'s decodes lose (if the editor still shows its text) and say it."""
        # Another text in the editor: the outcome is stale, its positions would be wrong.
        self._lost = outcome.lost if outcome.text == self.text() else LostStretches()
        self._highlight_shown()
        self.lost_label.setText(lost_sentence(outcome))

    @Slot()
    def _forget_lost(self) -> None:
        self._lost = LostStretches()

    @Slot()
    def _highlight_shown(self) -> None:
        """Highlight the stretches on the lines the editor shows and a screen around them."""
        if not self._lost.spans:
            if self.editor.extraSelections():
                self.editor.setExtraSelections([])
            return
        view = self.editor.viewport().rect()
        first = self.editor.cursorForPosition(view.topLeft()).position()
        last = self.editor.cursorForPosition(view.bottomRight()).position()
        margin = last - first + 1  # (a scroll of a screen shows highlights already made)
        selections = lost_selections(self.editor.document(), self._lost, first - margin, last + margin)
        self.editor.setExtraSelections(selections)

    def lost_highlights(self) -> list[tuple[int, int]]:
        """Every stretch highlighted when shown, in characters of the text (for tests)."""
        return list(self._lost.spans)

    def shown_highlights(self) -> list[tuple[int, int]]:
        """The highlights the editor holds now, in characters of the text (for tests)."""
        text = self.text()
        return [
            (index_from_utf16(text, sel.cursor.selectionStart()), index_from_utf16(text, sel.cursor.selectionEnd()))
            for sel in self.editor.extraSelections()
        ]
