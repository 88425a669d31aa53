"""The Stream-decode view's tape: the text's tokens as chips, each its id before its bytes,
fed from left to right (the last fed outlined, those still to come faded)."""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from app.core.i18n import bind, noop, tr
from app.display.chips import POINTER, Chips, LazyList, TokenChipBuilder
from app.display.format import hex_bytes
from app.display.token_data import TokenTable
from app.widgets.token_chips import ChipView

__all__ = ["Tape"]


class Tape(ChipView):
    """The tokens to feed (see the module docstring)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._table: TokenTable | None = None
        self._builder = TokenChipBuilder()
        self.setMinimumHeight(44)
        self.setMaximumHeight(72)
        self.set_placeholder(noop("The tokens of the text, fed from left to right."))
        bind(
            self,
            "setToolTip",
            "The token ids to feed; the outlined one was fed last, the faded ones are still to come.",
        )
        self.tooltip_provider = self._tooltip

    def set_table(self, table: TokenTable, generation: int) -> None:
        """Show the tokens of ``table``, none fed yet."""
        self._table = table
        chips, _, _reuse = self._builder.build(table, True)
        # subtle: a new Chips, not the builder's own (it re-uses its segments on the next text,
        # and ids written into them would pile up: "22557 22557 ▁Hello" after a few keystrokes);
        # and no reuse of the previous layout, as every chip changed.
        segments, ids = chips.segments, table.ids
        with_ids = Chips(
            LazyList(len(ids), lambda k: ((f"{ids[k]} ", POINTER), *segments[k])),
            chips.kinds,
            chips.breaks,
            chips.spans,
            chips.colors,
        )
        self.set_chips(with_ids, generation=generation)

    def show_fed(self, fed: int, prepared: bool) -> None:
        """``fed`` tokens were fed: outline the last, fade the rest (nothing faded unless ``prepared``)."""
        self.select(fed - 1, emit=False)
        self.set_dim_from(fed if prepared else -1)

    def _tooltip(self, index: int) -> str:
        table = self._table
        if table is None:
            return ""
        return tr("id {id}: bytes {hex}").format(id=table.ids[index], hex=hex_bytes(table.tokens[index]))
