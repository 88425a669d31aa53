""" "As of merge k": the check box with which a view follows the Timeline's slider.

A view that shows a tokenizer (Vocabulary, Tokenize, Compare) puts an :class:`AsOfBox` beside
its picker. Checked, the view shows the Timeline's tokenizer as it was after its first ``k``
merges, and follows the slider as it moves; unchecked, the whole tokenizer. The box names the
position ("As of merge 1 234") and is disabled while the Timeline has no tokenizer the views
can show (none chosen, or a training in progress).

It leaves out what "as of" means for each view (encoding, or filtering the vocabulary).
"""

from __future__ import annotations

from PySide6.QtCore import Signal, Slot
from PySide6.QtWidgets import QCheckBox, QWidget

from app.core import i18n
from app.core.i18n import tr
from app.core.registry import TokenizerRegistry
from app.core.timeline_position import TimelinePosition
from app.display.format import format_count

__all__ = ["AsOfBox"]


class AsOfBox(QCheckBox):
    """Follow the Timeline's "as of merge k" (see the module docstring).

    Signals:
        changed(): the merges to use may have changed (checked, unchecked, or the slider moved
            while checked): the view shows its tokenizer again.
        wanted(str): the box was checked while the view shows another tokenizer: show this
            registry key (the Timeline's).
    """

    changed = Signal()
    wanted = Signal(str)

    def __init__(self, position: TimelinePosition, registry: TokenizerRegistry, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.position = position
        self.registry = registry
        position.moved.connect(self._on_position_moved)
        self.toggled.connect(self._on_self_toggled)
        i18n.connect(self._on_language_changed)
        self._describe()

    def limit_for(self, key: str) -> int | None:
        """How many merges a view showing ``key`` uses: the Timeline's k when checked and
        ``key`` is the Timeline's tokenizer, else None (all of them)."""
        return self.position.limit_for(key) if self.isChecked() else None

    def _describe(self) -> None:
        key, k = self.position.key, self.position.merges
        self.setEnabled(bool(key))
        if not key:
            self.setText(tr("As of merge k"))
            self.setToolTip(
                tr(
                    "Follow the Timeline's slider: choose a trained tokenizer in the Timeline tab first "
                    "(a training in progress can be followed only there)"
                )
            )
            return
        label = self.registry.entry(key).label if key in self.registry.keys() else key
        self.setText(tr("As of merge {k}").format(k=format_count(k)))
        self.setToolTip(
            tr(
                "Show {name} as the Timeline's slider shows it: with only its first {k} of "
                "{total} merges (it follows the slider)"
            ).format(name=label, k=format_count(k), total=format_count(self.position.total))
        )

    @Slot(str)
    def _on_language_changed(self, _language: str) -> None:
        self._describe()

    @Slot(str, int)
    def _on_position_moved(self, _key: str, _merges: int) -> None:
        self._describe()
        if self.isChecked():
            self.changed.emit()

    @Slot(bool)
    def _on_self_toggled(self, on: bool) -> None:
        if on and self.position.key:
            self.wanted.emit(self.position.key)
        self.changed.emit()
