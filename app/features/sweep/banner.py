"""The Sweep's one message at a time, as a kind and a composer: the bar's text is composed
again after a language change (a composed text cannot be translated afterwards).

Its own module so that the view's handlers only say what to show, never how it survives a
change of language.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum

from app.widgets.message_bar import MessageBar

__all__ = ["Banner", "BannerKind"]


class BannerKind(StrEnum):
    """The message bar's severities the Sweep uses (the bar's own names)."""

    INFO = "info"
    ERROR = "error"


class Banner:
    """The message shown on ``bar``, kept to be composed again in another language."""

    def __init__(self, bar: MessageBar) -> None:
        self._bar = bar
        self._shown: tuple[BannerKind, Callable[[], str]] | None = None

    def say(self, kind: BannerKind, compose: Callable[[], str]) -> None:
        """Show the message ``compose()`` makes, and make it again after a language change."""
        self._shown = (kind, compose)
        self._bar.show_message(compose(), kind)

    def clear(self) -> None:
        self._shown = None
        self._bar.clear()

    def retranslate(self) -> None:
        """Compose the message shown again (the language changed); a closed bar stays closed."""
        if self._shown is not None and self._bar.kind:
            kind, compose = self._shown
            self._bar.show_message(compose(), kind)
