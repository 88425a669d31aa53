"""One column of the compare view: a tokenizer picker, its counts and its token chips.

When the column's tokenizer cannot be used yet the chips give way to a message: "loading",
or why it cannot be loaded and how to fix it (``TIKTOKEN_CACHE_DIR`` or a local
``.tiktoken`` file), with buttons for the fixes. Other columns are unaffected.

It leaves out encoding and comparing (the compare view).
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from enum import StrEnum

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtWidgets import (
    QComboBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QStackedWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from app.core.i18n import bind, connect, tr, tr_n
from app.core.registry import TokenizerRegistry
from app.core.tokenizer_files import TiktokenFileOpener
from app.display.chips import TokenChipBuilder
from app.display.format import format_ratio
from app.display.token_data import TokenTable, counts
from app.widgets import build
from app.widgets.picked_tokenizer import PickedTokenizer
from app.widgets.token_chips import ChipView
from app.widgets.tokenizer_picker import TokenizerPicker, unavailable_help

__all__ = ["ColumnState", "CompareColumn"]


class ColumnState(StrEnum):
    """What a column shows."""

    EMPTY = "empty"  # nothing yet
    CHIPS = "chips"  # its tokenizer's chips for the text
    LOADING = "loading"  # that its tokenizer is loading
    ERROR = "error"  # why its tokenizer cannot be loaded, and the fixes


class CompareColumn(QFrame):
    """One tokenizer's column (see the module docstring).

    Signals:
        key_changed(str): another tokenizer was chosen in this column, or it was loaded.
        remove_requested(): the column's ✕ was clicked.
    """

    key_changed = Signal(str)
    remove_requested = Signal()

    def __init__(self, registry: TokenizerRegistry, opener: TiktokenFileOpener, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.registry = registry
        self.builder = TokenChipBuilder()
        self.table: TokenTable | None = None
        self._source = ""  # the text typed, whose tokens the table holds
        self.state = ColumnState.EMPTY
        self._retry: Callable[[], None] | None = None
        self._open: Callable[[], None] | None = None
        # What the message page and the counts say, kept to say it again in another language.
        self._shown_key = ""
        self._error = ""
        head = self._build_head()
        self.counts_label = QLabel("—", self)
        self.counts_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        # subtle: five columns, or three in presentation mode's large fonts, must fit the
        # window: the name may shrink (its tooltip says it whole) and the counts may wrap.
        self.counts_label.setWordWrap(True)
        self.chips = ChipView(self)
        self.stack = QStackedWidget(self)
        self.stack.addWidget(self.chips)
        self.stack.addWidget(self._build_message_page())
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(head)
        layout.addWidget(self.counts_label)
        layout.addWidget(self.stack, 1)
        # (the area handles the opener's file: it goes where a column failed)
        self.picked = PickedTokenizer(self.picker, self, opener=opener)
        self.picked.changed.connect(self._on_picked_changed)
        self.picked.loading.connect(self.show_loading)
        self.picked.failed.connect(self._on_picked_failed)
        connect(self._on_language_changed)

    def _build_head(self) -> QHBoxLayout:
        """The tokenizer picker and the column's ✕."""
        self.picker = TokenizerPicker(self.registry, self)
        self.picker.setMinimumContentsLength(10)
        self.picker.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.remove_button = QToolButton(self)
        self.remove_button.setText("✕")
        bind(self.remove_button, "setToolTip", "Remove this column (at least two stay)")
        self.remove_button.clicked.connect(self.remove_requested)
        head = QHBoxLayout()
        head.addWidget(self.picker, 1)
        head.addWidget(self.remove_button)
        return head

    def _build_message_page(self) -> QWidget:
        """What the column shows instead of chips: loading, or why not and the fixes."""
        self.message = QLabel(self)
        self.message.setWordWrap(True)
        self.message.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.message.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.retry_button = build.button(self, "Retry", self._on_retry_button_clicked)
        self.open_button = build.button(
            self,
            "Open .tiktoken file…",
            self._on_open_button_clicked,
            tooltip="Load the encoding from a local .tiktoken file (base64 token and rank per line)",
        )
        page = QWidget(self)
        page_layout = QVBoxLayout(page)
        page_layout.addWidget(self.message)
        # One above the other: side by side, four columns of them are wider than a projector.
        for button in (self.retry_button, self.open_button):
            page_layout.addWidget(button, 0, Qt.AlignmentFlag.AlignLeft)
        page_layout.addStretch(1)
        return page

    def key(self) -> str:
        return self.picker.current_key()

    def set_key(self, key: str) -> None:
        self.picker.set_current_key(key)

    @Slot(str, object)
    def _on_picked_changed(self, key: str, _tok: object) -> None:
        self.key_changed.emit(key)

    @Slot(str, str)
    def _on_picked_failed(self, key: str, message: str) -> None:
        self.show_error(key, message, self.picked.retry, self.picked.open_file)

    @Slot(str)
    def show_loading(self, key: str) -> None:
        self.state = ColumnState.LOADING
        self.table = None
        self.builder = TokenChipBuilder()
        self._shown_key = key
        self.retry_button.hide()
        self.open_button.hide()
        self._show_texts()
        self.stack.setCurrentIndex(1)

    def show_error(self, key: str, message: str, retry: Callable[[], None], open_file: Callable[[], None]) -> None:
        self.state = ColumnState.ERROR
        self.table = None
        self.builder = TokenChipBuilder()
        kind = self._kind(key)
        openai = kind == "openai"
        self._shown_key, self._error = key, message
        self._retry, self._open = retry, open_file
        self.retry_button.setVisible(openai or kind == "hf")
        self.open_button.setVisible(openai)
        self._show_texts()
        self.stack.setCurrentIndex(1)

    def show_table(
        self, table: TokenTable, whitespace: bool, marks: Sequence[bool] | None, generation: int, source: str = ""
    ) -> None:
        """Show ``table``, the tokens of ``source`` (the text typed: a WordPiece table holds its
        decoded text, lower-cased and re-spaced; the counts are the typed text's)."""
        self.state = ColumnState.CHIPS
        self.table = table
        self._source = source or table.text
        tokens, _, reuse = self.builder.build(table, whitespace)
        self.chips.set_chips(tokens, marks=marks, generation=generation, reuse=reuse)
        self._show_texts()
        self.stack.setCurrentIndex(0)

    def _kind(self, key: str) -> str:
        return self.registry.entry(key).kind if key in self.registry.keys() else ""

    def _show_texts(self) -> None:
        """Write the message and the counts of the current state in the current language."""
        key = self._shown_key
        if self.state == ColumnState.LOADING:
            self.message.setText(
                tr("Loading <b>{key}</b>… building its merge list takes a few seconds the first time.").format(key=key)
            )
            self.counts_label.setText(tr("loading…"))
        elif self.state == ColumnState.ERROR:
            help_text = unavailable_help(key) if self._kind(key) == "openai" else ""
            self.message.setText(
                tr(
                    "<b>{key} cannot be loaded.</b><br>{reason}<br><br>{help}<br><br>The other columns keep working."
                ).format(key=key, reason=html.escape(self._error, quote=False), help=help_text)
            )
            self.counts_label.setText(tr("unavailable"))
        elif self.state == ColumnState.CHIPS and self.table is not None:
            c = counts(self._source or self.table.text, len(self.table))
            self.counts_label.setText(
                tr_n("<b>%n</b> token(s) · {bytes} bytes/token · {chars} chars/token", c.tokens).format(
                    bytes=format_ratio(c.bytes_per_token),
                    chars=format_ratio(c.chars_per_token),
                )
            )

    @Slot(str)
    def _on_language_changed(self, _language: str) -> None:
        self._show_texts()

    def message_text(self) -> str:
        return self.message.text() if self.stack.currentIndex() == 1 else ""

    @Slot()
    def _on_retry_button_clicked(self) -> None:
        if self._retry is not None:
            self._retry()

    @Slot()
    def _on_open_button_clicked(self) -> None:
        if self._open is not None:
            self._open()
