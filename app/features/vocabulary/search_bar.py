"""The Vocabulary view's search row: the query, its mode, match case, the three filters and
the "shown of total" count.

Typing waits a moment before searching (150 ms: o200k has 200 000 rows); a mode or filter
change searches at once. The row only gathers what the user asked for (:meth:`SearchBar.query`)
and says :attr:`SearchBar.changed`; the view applies it to the model and shows a bad query.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, QTimer, Signal, Slot
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QLineEdit, QWidget

from app.core.i18n import bind, noop, tr
from app.features.vocabulary.search import SearchMode
from app.widgets import build

__all__ = ["SearchBar"]

_MODES = (
    (SearchMode.TEXT, noop("Text"), noop("Tokens whose text contains this (· ⏎ → are read as space, newline, tab)")),
    (SearchMode.REGEX, noop("Regex"), noop("A regular expression searched in each token's text (\\p{Han}, ^\\s, ...)")),
    (SearchMode.ID, noop("Id"), noop("Ids: 42, a list 1, 5, 9 or a range 100-200")),
    (SearchMode.HEX, noop("Hex"), noop("Tokens containing these bytes: e5 9c or e59c")),
)


class SearchBar(QWidget):
    """The search row (see the module docstring).

    Signals:
        changed(): the query, its mode or a filter changed: search again.
    """

    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.search = QLineEdit(self)
        bind(self.search, "setPlaceholderText", "Search tokens…")
        self.search.setClearButtonEnabled(True)
        self.search.textChanged.connect(self._on_search_text_changed)
        self.mode = QComboBox(self)
        for mode, label, tip in _MODES:
            self.mode.addItem(tr(label), str(mode))
            self.mode.setItemData(self.mode.count() - 1, tr(tip), Qt.ItemDataRole.ToolTipRole)
        bind(self.mode, "setToolTip", "Search by text, regex, id or hex bytes")
        self.mode.currentIndexChanged.connect(self._on_mode_current_index_changed)
        self.case_box = build.check_box(
            self,
            "Match case",
            self._on_filter_toggled,
            tooltip="Off: text and regex searches ignore case (“the” finds “The”)",
        )
        self.space_filter = build.check_box(
            self,
            "Starts with a space",
            self._on_filter_toggled,
            tooltip="Only tokens whose first byte is a space (word starts in GPT vocabularies)",
        )
        self.invalid_filter = build.check_box(
            self,
            "Not valid UTF-8 alone",
            self._on_filter_toggled,
            tooltip="Only tokens holding part of a character: they print as U+FFFD when decoded alone",
        )
        self.special_filter = build.check_box(
            self, "Special tokens", self._on_filter_toggled, tooltip="Only special tokens such as <|endoftext|>"
        )
        self.count_label = QLabel(self)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(150)
        self._timer.timeout.connect(self.changed)
        self._lay_out()

    def _lay_out(self) -> None:
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.search, 2)
        for widget in (self.mode, self.case_box, self.space_filter, self.invalid_filter, self.special_filter):
            row.addWidget(widget)
        row.addWidget(self.count_label)

    def query(self) -> dict[str, Any]:
        """The search as :meth:`~app.features.vocabulary.model.VocabModel.set_search` takes it;
        a typed query waiting to be searched is taken now."""
        self._timer.stop()
        return {
            "query": self.search.text(),
            "mode": SearchMode(self.mode.currentData()),
            "space": self.space_filter.isChecked(),
            "invalid": self.invalid_filter.isChecked(),
            "special": self.special_filter.isChecked(),
            "case": self.case_box.isChecked(),
        }

    def reset(self) -> None:
        """Empty query, filters off (match case and the mode stay), without a search."""
        for box in (self.space_filter, self.invalid_filter, self.special_filter):
            box.blockSignals(True)
            box.setChecked(False)
            box.blockSignals(False)
        self.search.blockSignals(True)
        self.search.clear()
        self.search.blockSignals(False)
        self._timer.stop()

    def set_filters_visible(self, visible: bool) -> None:
        """Show or fold away the check boxes (presentation mode keeps only the search)."""
        for box in (self.case_box, self.space_filter, self.invalid_filter, self.special_filter):
            box.setVisible(visible)

    def focus_search(self) -> None:
        self.search.setFocus()
        self.search.selectAll()

    def retranslate(self) -> None:
        """After a language switch: the mode names and their tooltips."""
        for i, (_mode, label, tip) in enumerate(_MODES):
            self.mode.setItemText(i, tr(label))
            self.mode.setItemData(i, tr(tip), Qt.ItemDataRole.ToolTipRole)

    @Slot(str)
    def _on_search_text_changed(self, _text: str) -> None:
        self._timer.start()

    @Slot(int)
    def _on_mode_current_index_changed(self, _index: int) -> None:
        self.changed.emit()

    @Slot(bool)
    def _on_filter_toggled(self, _checked: bool) -> None:
        self.changed.emit()
