"""The Tokenize view's tokens: the text as token chips beside the list of ids, the line that
describes the selected token, the legend of the chips' byte notation, and the Copy actions.

Hovering or selecting a chip on one side highlights the same token on the other; the panel
then says so (:attr:`ChipsPanel.hovered`, :attr:`ChipsPanel.selected`) for the view to shade
the editor and explain the piece. The panel keeps the token table it shows (None while the
text was refused or nothing is loaded): what Copy copies and the HTML export draws.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from functools import partial

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtGui import QAction, QGuiApplication
from PySide6.QtWidgets import QLabel, QSplitter, QVBoxLayout, QWidget

from app.core.i18n import noop
from app.display.algorithms import chip_words
from app.display.chips import Chips, TokenChipBuilder
from app.display.copying import ids_csv, ids_python, token_strings
from app.display.pieces import fallback_ids
from app.display.token_data import TokenTable
from app.widgets import build
from app.widgets.token_chips import ChipView
from bpe_engine import TokenizerFacts, TokenizerLike

__all__ = ["ChipsPanel", "CopyFormat", "copy_text"]

_TOKENS_PLACEHOLDER = noop("The tokens of your text appear here.")
_REFUSED = noop("No tokens: the text was refused (see the message above).")


class CopyFormat(StrEnum):
    """What a Copy action puts on the clipboard."""

    PYTHON = "python"  # the ids as a Python list
    CSV = "csv"  # the ids, comma-separated
    STRINGS = "strings"  # the token strings


def copy_text(table: TokenTable | None, what: CopyFormat) -> str:
    """The tokens of ``table`` as ``what`` ("" when there is no table)."""
    if table is None:
        return ""
    if what == CopyFormat.PYTHON:
        return ids_python(table.ids)
    if what == CopyFormat.CSV:
        return ids_csv(table.ids)
    if table.labels is not None:  # SentencePiece: the pieces, as sentencepiece's id_to_piece gives them
        return "[" + ", ".join(map(repr, table.labels)) + "]"
    return token_strings(table.tokens)


class ChipsPanel(QWidget):
    """Token chips and id chips side by side, the token line, the legend (module docstring).

    Signals:
        hovered(int): a token (or its id) is under the mouse (-1: none).
        selected(int): a token (or its id) was clicked.
    """

    hovered = Signal(int)
    selected = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.table: TokenTable | None = None
        self.builder = TokenChipBuilder()
        self.token_chips = self._chip_view(_TOKENS_PLACEHOLDER)
        self.id_chips = self._chip_view(noop("Token ids"))
        self.token_chips.hovered.connect(self._on_token_chips_hovered)
        self.id_chips.hovered.connect(self._on_id_chips_hovered)
        self.token_chips.selected.connect(self._on_token_chips_selected)
        self.id_chips.selected.connect(self._on_id_chips_selected)
        self.info_label = QLabel(self)
        self.info_label.setWordWrap(True)
        self.info_label.setTextFormat(Qt.TextFormat.PlainText)  # (a piece such as <s> is no tag)
        self.info_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        #: The marks of the chips (bytes, ▁, ##, ...) for the tokenizer shown, said once where the chips are.
        self.legend = QLabel(self)
        self.legend.setStyleSheet("color: #555;")
        self.legend.setWordWrap(True)  # the longer legends (Unigram, WordPiece) take two lines on a small screen
        self._tokenizer: tuple[TokenizerFacts | None, bool] = (None, False)  # facts, byte fallback
        self._hinting = True  # the token line shows the hint (no token selected)
        self._write_words()
        self.copy_actions = self._copy_actions()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self._split(), 1)
        layout.addWidget(self.info_label)
        layout.addWidget(self.legend)

    def _chip_view(self, placeholder: str) -> ChipView:
        chips = ChipView(self)
        chips.set_placeholder(placeholder)
        return chips

    def _split(self) -> QSplitter:
        split = QSplitter(Qt.Orientation.Horizontal, self)
        split.addWidget(build.group_box(self, "Token texts", self.token_chips))
        split.addWidget(build.group_box(self, "Token ids", self.id_chips))
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 2)
        return split

    def _copy_actions(self) -> list[QAction]:
        """Copy the tokens of the text: ids (Python list, comma-separated) or token strings;
        in both chips' context menus (the view adds them too, for the shortcut)."""
        made = [
            build.action(
                self, "Copy ids as a Python list", partial(self._copy, CopyFormat.PYTHON), shortcut="Ctrl+Shift+C"
            ),
            build.action(self, "Copy ids, comma-separated", partial(self._copy, CopyFormat.CSV)),
            build.action(self, "Copy token strings", partial(self._copy, CopyFormat.STRINGS)),
        ]
        # The shortcut works wherever the focus is in the view (the editor too), not in the whole window.
        made[0].setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        for chips in (self.token_chips, self.id_chips):
            chips.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
            chips.addActions(made)
        return made

    def _copy(self, what: CopyFormat, _checked: bool = False) -> None:
        text = copy_text(self.table, what)
        if text:
            QGuiApplication.clipboard().setText(text)

    def set_tooltip_provider(self, provider: Callable[[int], str]) -> None:
        """What hovering token ``i`` (or its id) shows."""
        self.token_chips.tooltip_provider = provider
        self.id_chips.tooltip_provider = provider

    # -- showing ----------------------------------------------------------------------------

    def show_table(self, table: TokenTable | None, generation: int, whitespace: bool) -> None:
        """Show the tokens of ``table`` (None: keep the chips, there is no table to draw)."""
        self.table = table
        if table is None:
            return
        self.token_chips.set_placeholder(_TOKENS_PLACEHOLDER)
        tokens, ids, reuse = self.builder.build(table, whitespace)
        self.token_chips.set_chips(tokens, generation=generation, reuse=reuse)
        self.id_chips.set_chips(ids, generation=generation, reuse=reuse)

    def show_refused(self, generation: int, why: str = _REFUSED) -> None:
        """No tokens: the text was refused (``why``: an English source, translated when drawn)."""
        self.table = None
        self.builder = TokenChipBuilder()
        self.token_chips.set_placeholder(why)
        self.token_chips.set_chips(Chips(), generation=generation)
        self.id_chips.set_chips(Chips(), generation=generation)

    def clear(self) -> None:
        """Nothing to show (no tokenizer yet, or it failed to load)."""
        self.table = None
        self.builder = TokenChipBuilder()
        self.token_chips.clear()
        self.id_chips.clear()

    def set_tokenizer(self, tok: TokenizerLike | None) -> None:
        """Word the legend and the hint for ``tok``'s algorithm and marks (None: none chosen)."""
        self._tokenizer = (tok.facts, bool(fallback_ids(tok))) if tok is not None else (None, False)
        self._write_words()

    def _write_words(self) -> None:
        words = chip_words(*self._tokenizer)
        self.legend.setText(words.legend)
        self.legend.setToolTip(words.tip)
        if self._hinting:
            self.info_label.setText(words.hint)

    def show_info(self, index: int, describe: Callable[[int], str]) -> None:
        """The token line: token ``index`` described on one line, or the hint when none is selected."""
        table = self.table
        self._hinting = table is None or not (0 <= index < len(table))
        if self._hinting:
            self._write_words()
        else:
            self.info_label.setText(describe(index).replace("\n", " · "))

    def retranslate(self) -> None:
        self._write_words()
        self.token_chips.update()
        self.id_chips.update()

    def set_presentation(self, on: bool) -> None:
        self.legend.setVisible(not on)

    # -- one token, both sides --------------------------------------------------------------

    @Slot(int)
    def _on_token_chips_hovered(self, index: int) -> None:
        self.id_chips.set_highlight(index)
        self.hovered.emit(index)

    @Slot(int)
    def _on_id_chips_hovered(self, index: int) -> None:
        self.token_chips.set_highlight(index)
        self.hovered.emit(index)

    @Slot(int)
    def _on_token_chips_selected(self, index: int) -> None:
        self.id_chips.select(index, emit=False)
        self.selected.emit(index)

    @Slot(int)
    def _on_id_chips_selected(self, index: int) -> None:
        self.token_chips.select(index, emit=False)
        self.selected.emit(index)
