"""The text as of merge k on screen: the token chips (the tokens merge k made outlined, a
tooltip per token), the three lines above them, and the same as an HTML page.

Its own module because showing an encoding's result is apart from asking for it: the view
says which tokenizer and hands over each result (:meth:`AsOfDisplay.show_table`); this keeps
what is on display (the table, its k) for the lines, the tooltips and the export.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QWidget

from app.core.i18n import tr
from app.core.weakly import weak_method
from app.display.chips import TokenChipBuilder
from app.display.format import format_count
from app.display.html_export import tokens_html
from app.display.token_data import TokenTable, token_detail
from app.features.timeline.as_of_labels import AsOfLabels, merge_words
from app.widgets.token_chips import ChipView
from bpe_engine import Tokenizer

__all__ = ["AsOfDisplay"]


class AsOfDisplay:
    """The chips (``chips``) and the lines (``labels``) of the text as of merge k."""

    def __init__(self, parent: QWidget) -> None:
        self.labels = AsOfLabels(parent)
        self.chips = ChipView(parent)
        self.chips.tooltip_provider = weak_method(self._token_tooltip, "")
        self.tok: Tokenizer | None = None
        self.table: TokenTable | None = None
        self.shown = -1  # merges of the text on display
        self._merge_ids: list[tuple[int, int, int]] = []  # the tokenizer's (left, right, new id) by rank
        self._builder = TokenChipBuilder()
        self._unshowable = False  # a tokenizer is chosen that has no timeline (the message says why)
        self.placeholder = ""  # what the empty chip pane says
        self.retranslate()

    def set_tokenizer(self, tok: Tokenizer | None) -> None:
        """Results to come are ``tok``'s (None: nothing to show, the chips empty at once)."""
        changed = tok is not self.tok
        self.tok = tok
        self._merge_ids = tok.merge_ids() if tok is not None else []
        self._builder = TokenChipBuilder()
        if changed:
            # The table and its k were the previous tokenizer's: no line, tooltip or export
            # may combine them with this one (its merges may be fewer than that k).
            self.table = None
            self.shown = -1
            self.show_lines()
        if tok is None:
            self.chips.clear()

    def show_table(self, table: TokenTable, k: int, generation: int) -> None:
        """Show ``table``: the text tokenized with the first ``k`` merges."""
        self.table = table
        tokens, _ids, reuse = self._builder.build(table, True)
        made = self._made_by(k)
        marks = [i == made for i in table.ids] if made is not None else None
        self.chips.set_chips(tokens, marks=marks, generation=generation, reuse=reuse)
        self.shown = k
        self.show_lines()

    def show_lines(self) -> None:
        self.labels.show_as_of(self.tok, self.table, self.shown, self._merge_ids)

    def set_unshowable(self, on: bool) -> None:
        """Whether the chosen tokenizer is one the Timeline cannot show (the empty pane says so)."""
        self._unshowable = on
        self.retranslate()

    def retranslate(self) -> None:
        self.placeholder = (
            tr("This tokenizer has no timeline: the message above says why.")
            if self._unshowable
            else tr("Choose a tokenizer (train one first) and a text: its tokens appear here.")
        )
        self.chips.set_placeholder(self.placeholder)
        self.show_lines()

    def html_page(self, label_of: Callable[[Tokenizer], str], contrast: bool) -> str | None:
        """The text on display as a standalone HTML page titled with the tokenizer's name,
        ``label_of(tokenizer)`` (None while nothing is shown)."""
        tok, table, k = self.tok, self.table, self.shown
        if tok is None or table is None or len(self._builder.tokens) != len(table):
            return None
        label = label_of(tok)
        return tokens_html(
            table,
            self._builder.tokens,
            title=tr("{name}, as of merge {k} of {total}").format(
                name=label, k=format_count(k), total=format_count(len(tok.merges))
            ),
            about=[merge_words(tok, self._merge_ids, k)] if k > 0 else [tr("No merge yet: every byte is a token.")],
            contrast=contrast,
        )

    def _made_by(self, k: int) -> int | None:
        """The id of the token merge ``k`` made (the k-th merge, rank k-1); None for k = 0."""
        if not 1 <= k <= len(self._merge_ids):
            return None
        return self._merge_ids[k - 1][2]

    def _token_tooltip(self, index: int) -> str:
        tok, table = self.tok, self.table
        if tok is None or table is None or index >= len(table):
            return ""
        return token_detail(tok, table, index)
