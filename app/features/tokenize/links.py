"""What points at what in the Tokenize view: a token (or its id) under the mouse or selected
shades its characters in the editor and is described on the token line; a piece of the
pre-tokenization strip shades its characters and is explained; the piece under the editor's
cursor is explained a moment after the cursor stops.

Kept apart from the view, which encodes and shows results: this only links the panels that
show them, from what they hold (the chips panel's token table, the strip's pieces).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, QTimer, Slot
from PySide6.QtGui import QColor, QTextCharFormat, QTextCursor
from PySide6.QtWidgets import QTextEdit

from app.display.offsets import index_from_utf16, utf16_offset
from app.features.tokenize.chips_panel import ChipsPanel
from app.features.tokenize.pieces_panel import PiecesPanel
from app.features.tokenize.wordpiece_explain import ExplainSwitch
from app.widgets.text_input import TextInput

__all__ = ["Links"]

_TOKEN_SHADE, _PIECE_SHADE = QColor("#ffe082"), QColor("#c5e1a5")
_EXPLAIN_DELAY_MS = 60  # the cursor has stopped: explain its piece


class Links(QObject):
    """Links the editor, the chips, the strip and Explain (see the module docstring).

    ``describe(i)`` writes token ``i`` on the token line; ``settled()`` says the panels
    show the text in the editor (no newer encoding on the way).
    """

    def __init__(
        self,
        editor: TextInput,
        chips: ChipsPanel,
        pieces: PiecesPanel,
        explain: ExplainSwitch,
        describe: Callable[[int], str],
        settled: Callable[[], bool],
    ) -> None:
        super().__init__(editor)
        self._editor, self._chips, self._pieces, self._explain = editor, chips, pieces, explain
        self._describe = describe
        self._settled = settled
        #: Explains the cursor's piece once the cursor stops (and after the chips are painted).
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(_EXPLAIN_DELAY_MS)
        self.timer.timeout.connect(self._explain_at_cursor)
        chips.hovered.connect(self.mark_editor)
        chips.selected.connect(self.token_selected)
        pieces.chips.selected.connect(self._on_piece_selected)
        pieces.chips.hovered.connect(self._on_piece_hovered)
        editor.cursorPositionChanged.connect(self.timer.start)

    def _editor_text(self) -> str:
        return self._editor.text()

    @Slot(int)
    def token_selected(self, index: int, explain: bool = True) -> None:
        """Token ``index`` is the selected one: shade it, describe it, and (``explain``) its piece."""
        self.mark_editor(index)
        self._chips.show_info(index, self._describe)
        table = self._chips.table
        if explain and table is not None and 0 <= index < len(table):
            self._explain_piece_at(table.char_starts[index])

    @Slot(int)
    def mark_editor(self, index: int) -> None:
        """Shade the characters of token ``index`` (or of the selected one) in the editor."""
        if index < 0:
            index = self._chips.token_chips.selected_index()
        table = self._chips.table
        if table is None or not (0 <= index < len(table)) or table.text != self._editor_text():
            self._editor.setExtraSelections([])
            return
        self._shade(table.text, table.char_starts[index], table.char_ends[index], _TOKEN_SHADE)

    def _shade(self, text: str, start: int, end: int, color: QColor) -> None:
        """Shade characters ``start`` to ``end`` of ``text`` (the editor's) in ``color``."""
        sel = QTextEdit.ExtraSelection()
        cursor = QTextCursor(self._editor.document())
        cursor.setPosition(utf16_offset(text, start))
        cursor.setPosition(utf16_offset(text, end), QTextCursor.MoveMode.KeepAnchor)
        sel.cursor = cursor
        fmt = QTextCharFormat()
        fmt.setBackground(color)
        sel.format = fmt
        self._editor.setExtraSelections([sel])

    @Slot(int)
    def _on_piece_selected(self, index: int) -> None:
        pieces = self._pieces.pieces
        if 0 <= index < len(pieces):
            text, start, end, special = pieces[index]
            self._explain.set_piece(text, special)
            if self._pieces.text == self._editor_text():  # a chat's pieces are not the editor's
                self._shade(self._pieces.text, start, end, _PIECE_SHADE)

    @Slot(int)
    def _on_piece_hovered(self, index: int) -> None:
        pieces = self._pieces.pieces
        if 0 <= index < len(pieces) and self._pieces.text == self._editor_text():
            _, start, end, _ = pieces[index]
            self._shade(self._pieces.text, start, end, _PIECE_SHADE)
        elif index < 0:
            self.mark_editor(-1)

    @Slot()
    def _explain_at_cursor(self) -> None:
        # Subtle: while typing, the cursor moves before the new pieces exist; explaining then
        # would repaint the strip for nothing and slow the keystroke that matters.
        if not self._settled():
            return
        pos = index_from_utf16(self._pieces.text, self._editor.textCursor().position())
        self._explain_piece_at(max(pos - 1, 0))

    def _explain_piece_at(self, char_index: int) -> None:
        pieces = self._pieces.pieces
        if not pieces:
            self._explain.set_piece("")
            return
        i = self._pieces.index_at(char_index)
        text, _, _, special = pieces[i]
        self._pieces.chips.select(i, emit=False)
        if text != self._explain.piece:
            self._explain.set_piece(text, special)
