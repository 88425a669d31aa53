"""A progress bar that paints its new value with the next paint of the window, not at once.

``QProgressBar.setValue`` calls ``repaint()`` when the bar's look changes (on a wide bar of
1000 steps: almost every value), and a synchronous repaint paints every pending update of
the window there and then. While a training reports progress during a relayout (presentation
mode's font change) that painted the whole window several times in one turn of the event
loop, waiting for the interpreter lock the training's thread held (issue 20, F).
"""

from __future__ import annotations

from PySide6.QtWidgets import QProgressBar

__all__ = ["ProgressBar"]


class ProgressBar(QProgressBar):
    def setValue(self, value: int) -> None:  # noqa: N802 (Qt naming)
        """The new value, painted later (``update()``, not ``repaint()``)."""
        if value == self.value():
            return
        self.setUpdatesEnabled(False)  # (repaint() does nothing then)
        super().setValue(value)
        self.setUpdatesEnabled(True)  # (schedules an update())
