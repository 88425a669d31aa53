"""The contract between a tab and the window: what the main window and presentation mode ask
of every view, so that neither probes a view for optional features.

A view is a :class:`View`: it has one :class:`~app.widgets.message_bar.MessageBar`
(``messages``), says which tokenizer it shows (``tokenizer_key``), takes presentation mode,
may export its tokens as HTML, may follow the Timeline's "as of merge k", and ends its
background work in ``shutdown``. The defaults are what a view without the feature does.
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QWidget

from app.core.timeline_position import TimelinePosition
from app.widgets.message_bar import MessageBar

__all__ = ["View"]


class View(QWidget):
    """Base class of every tab (see the module docstring).

    Signals:
        tokenizer_changed(): the tokenizer the view shows (``tokenizer_key``) changed, so the
            window updates Save and Export.
    """

    tokenizer_changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        #: The view's one message bar: errors and notices of this tab, and the window's about it.
        self.messages = MessageBar(self)

    def tokenizer_key(self) -> str:
        """The registry key of the tokenizer the view shows ("" when none)."""
        return ""

    def set_presentation(self, on: bool) -> None:
        """Presentation mode on or off: hide secondary panels, larger chips."""

    @property
    def exports_tokens(self) -> bool:
        """True when the view shows tokens that :meth:`html_page` can export."""
        return False

    def html_page(self, contrast: bool = False) -> str | None:
        """The tokens shown as a standalone HTML page, or None when there are none yet."""
        return None

    def follow_timeline(self, position: TimelinePosition) -> None:
        """Offer "As of merge k" for the Timeline's ``position`` (views that cannot: nothing)."""

    def shutdown(self) -> None:
        """End the view's background work (the window is closing)."""
