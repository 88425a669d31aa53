"""Where the Timeline's slider is: the "as of merge k" that the Vocabulary, Tokenize and
Compare views follow when asked to ("As of merge k"). Part of the session, so that those
features follow it without importing the Timeline feature."""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal

__all__ = ["TimelinePosition"]


class TimelinePosition(QObject):
    """The Timeline's "as of merge k", shared with the views that follow it.

    ``key`` is the registry key of the Timeline's tokenizer ("" when it shows a training in
    progress, which the other views cannot show), ``merges`` the slider's position and
    ``total`` how many merges that tokenizer has.

    Signals:
        moved(str, int): the key and the number of merges changed (either or both).
    """

    moved = Signal(str, int)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.key = ""
        self.merges = 0
        self.total = 0

    def set(self, key: str, merges: int, total: int) -> None:
        """Move to merge ``merges`` of ``key``'s ``total``; ``moved`` if anything changed."""
        if (key, merges, total) == (self.key, self.merges, self.total):
            return
        self.key, self.merges, self.total = key, merges, total
        self.moved.emit(key, merges)

    def limit_for(self, key: str) -> int | None:
        """The number of merges a view showing ``key`` should use, or None (not this tokenizer)."""
        return self.merges if key and key == self.key else None
