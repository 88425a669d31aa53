"""The Stream-decode view's tape: the text's tokens as chips, each its id before its bytes,
fed from left to right (the last fed outlined, those still to come faded)."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QSize
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QSizePolicy, QWidget

from app.core.i18n import bind, noop, tr
from app.core.weakly import weak_method
from app.display.chips import POINTER, Chips, LazyList, TokenChipBuilder
from app.display.format import hex_bytes
from app.display.token_data import TokenTable
from app.widgets.chip_layout import MARGIN
from app.widgets.token_chips import ChipView

__all__ = ["Tape"]


class Tape(ChipView):
    """The tokens to feed (see the module docstring)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._table: TokenTable | None = None
        self._builder = TokenChipBuilder()
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Maximum)  # as tall as its chips
        self._fit_rows()
        self.set_placeholder(noop("The tokens of the text, fed from left to right."))
        bind(
            self,
            "setToolTip",
            "The token ids to feed; the outlined one was fed last, the faded ones are still to come.",
        )
        self.tooltip_provider = weak_method(self._tooltip, "")

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
        self.updateGeometry()

    def _rows_height(self, rows: int) -> int:
        """The height that shows ``rows`` lines of chips (frame and margins included)."""
        return int(2 * MARGIN + rows * self._chip_h + (rows - 1) * 5.0 + 2 * self.frameWidth()) + 2

    def _fit_rows(self) -> None:
        # One or two lines of chips, never more: a 1024x700 window needs the room for the
        # queue, the outputs and the log (a longer text scrolls here).
        self.setMinimumHeight(self._rows_height(1))
        self.setMaximumHeight(self._rows_height(2))
        self.updateGeometry()

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt naming)
        self._ensure_layout()
        rows = 2 if len(self._line_first) > 1 else 1
        return QSize(super().sizeHint().width(), self._rows_height(rows))

    def minimumSizeHint(self) -> QSize:  # noqa: N802 (Qt naming)
        # (a scroll area's own one is its scroll bar's: taller than a line of chips)
        return QSize(super().minimumSizeHint().width(), self._rows_height(1))

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt naming)
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:
            self._fit_rows()  # larger chips (zoom, presentation mode) need taller rows

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt naming)
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            self.updateGeometry()  # the chips may now take one line more or less

    def show_fed(self, fed: int, prepared: bool) -> None:
        """``fed`` tokens were fed: outline the last, fade the rest (nothing faded unless ``prepared``)."""
        self.select(fed - 1, emit=False)
        self.set_dim_from(fed if prepared else -1)

    def _tooltip(self, index: int) -> str:
        table = self._table
        if table is None:
            return ""
        return tr("id {id}: bytes {hex}").format(id=table.ids[index], hex=hex_bytes(table.tokens[index]))
