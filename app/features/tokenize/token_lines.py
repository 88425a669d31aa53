"""The Tokenize view's description of one token (its tooltip and the token line), whose merge
line waits for the merges off the GUI thread.

An OpenAI encoding opens without its merge list (seconds to make for o200k);
:func:`~app.display.token_data.token_detail` then says "being worked out" instead of the
merge. :class:`TokenLines` asks its :class:`~app.core.jobs.merges.MergesMaker` for them the
first time it describes a token of such a tokenizer and, once they are made, writes the
tooltip still shown and the token line again: a first hover shows the other lines at once.

It leaves out what the lines say (:func:`~app.display.token_data.token_detail`).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject

from app.core.jobs.merges import MergesMaker, merges_at_hand
from app.display.token_data import token_detail
from app.features.tokenize.chips_panel import ChipsPanel
from bpe_engine import TokenizerLike

__all__ = ["TokenLines"]


class TokenLines(QObject):
    """Describes token ``i`` of the chips panel's table with ``tokenizer()`` (see the module
    docstring)."""

    def __init__(self, chips: ChipsPanel, tokenizer: Callable[[], TokenizerLike | None]) -> None:
        super().__init__(chips)
        self._chips = chips
        self._tokenizer = tokenizer
        self.merges_maker = MergesMaker("tooltip-merges", self)
        self._asked: TokenizerLike | None = None  # whose merges are being made (asked once)

    def describe(self, index: int) -> str:
        """Token ``index`` in a few lines ("" when there is none); asks for the merges if they
        are not made yet."""
        tok = self._tokenizer()
        table = self._chips.table
        if tok is None or table is None or not (0 <= index < len(table)):
            return ""
        if not merges_at_hand(tok) and tok is not self._asked:
            self._asked = tok
            self.merges_maker.when_made(tok, self._on_merges_made, tok)
        return token_detail(tok, table, index)

    def _on_merges_made(self, tok: TokenizerLike) -> None:
        self._asked = None
        if tok is not self._tokenizer():
            return  # another tokenizer was picked meanwhile: its lines are written as they come
        for chips in (self._chips.token_chips, self._chips.id_chips):
            chips.refresh_tooltip()
        selected = self._chips.token_chips.selected_index()
        if selected >= 0:
            self._chips.show_info(selected, self.describe)

    def close(self) -> None:
        self.merges_maker.close()
