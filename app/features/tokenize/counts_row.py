"""The Tokenize view's counts row: characters, UTF-8 bytes, tokens, and the two ratios.

Each figure is a :class:`Count`; the row keeps what it shows, so a language switch writes
the same figures again in the new language.
"""

from __future__ import annotations

from enum import StrEnum

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QHBoxLayout, QLabel, QWidget

from app.core.i18n import bind, noop, tr
from app.display.format import format_count, format_ratio
from app.display.token_data import Counts

__all__ = ["Count", "CountsRow"]


class Count(StrEnum):
    """One figure of the counts row (the keys of :attr:`CountsRow.labels`)."""

    CHARS = "chars"
    BYTES = "bytes"
    TOKENS = "tokens"
    BYTES_PER_TOKEN = "bytes_per_token"
    CHARS_PER_TOKEN = "chars_per_token"


_TIPS = {
    Count.CHARS: noop("Unicode characters (code points) in the text"),
    Count.BYTES: noop("Length of the text in UTF-8: what byte-level BPE starts from"),
    Count.TOKENS: noop("Number of tokens"),
    Count.BYTES_PER_TOKEN: noop("UTF-8 bytes per token: the compression (higher is better)"),
    Count.CHARS_PER_TOKEN: noop("Characters per token"),
}


class CountsRow(QWidget):
    """A selectable label per :class:`Count`, written by :meth:`show_counts`."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.labels: dict[Count, QLabel] = {}
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        for name in Count:
            label = QLabel(self)
            bind(label, "setToolTip", _TIPS[name])
            label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            self.labels[name] = label
            layout.addWidget(label)
        layout.addStretch(1)
        self.counts: Counts | None = None
        self._text = ""

    def show_counts(self, c: Counts | None, text: str) -> None:
        """The figures of ``text``; tokens and ratios read "—" while ``c`` is None (no tokens)."""
        self.counts = c
        self._text = text
        labels = self.labels
        labels[Count.CHARS].setText(tr("Characters: <b>{n}</b>").format(n=format_count(len(text))))
        labels[Count.BYTES].setText(tr("UTF-8 bytes: <b>{n}</b>").format(n=format_count(len(text.encode("utf-8")))))
        labels[Count.TOKENS].setText(tr("Tokens: <b>{n}</b>").format(n=format_count(c.tokens) if c else "—"))
        labels[Count.BYTES_PER_TOKEN].setText(
            tr("Bytes/token: <b>{n}</b>").format(n=format_ratio(c.bytes_per_token if c else None))
        )
        labels[Count.CHARS_PER_TOKEN].setText(
            tr("Chars/token: <b>{n}</b>").format(n=format_ratio(c.chars_per_token if c else None))
        )

    def retranslate(self) -> None:
        """The same figures, in the new language."""
        self.show_counts(self.counts, self._text)
