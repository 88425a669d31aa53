"""Compare's vocabulary overlap: how many tokens two tokenizers share, and which they do not.

Pick two tokenizers (by default the Compare view's first two columns, until you choose). The
panel says how many tokens both have, compared by their bytes (a SentencePiece ``▁the`` and
GPT-2's ``Ġthe`` are the same token), the share of each one's vocabulary that is, and lists
the tokens only one of them has, each list filterable by text. A bar draws the three parts to
scale. The overlap is computed off the GUI thread
(:class:`~app.features.compare.overlap_controller.OverlapController`: Llama 3 against o200k takes a moment);
tokenizers that are not loaded yet are loaded first.

Each vocabulary counts its distinct token bytes (SentencePiece's ``<0x41>`` and ``A`` are one);
special tokens are left out unless "Count special tokens" is ticked (their text is a name, not
bytes of text).
"""

from __future__ import annotations

import html
from enum import StrEnum

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QProgressBar,
    QTableView,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from app.core.i18n import bind, connect, tr, tr_n
from app.core.registry import EntryStatus, TokenizerRegistry
from app.display.format import format_count
from app.display.pieces import piece_texts
from app.features.compare.overlap_bar import OverlapBar, share_text
from app.features.compare.overlap_controller import OverlapAnswer, OverlapController
from app.features.compare.overlap_model import OnlyTokensModel
from app.widgets import build
from app.widgets.tokenizer_picker import TokenizerPicker
from bpe_engine import VocabularyOverlap

__all__ = ["OverlapPanel", "OverlapBar", "OverlapNote", "share_text"]


class OverlapNote(StrEnum):
    """What the summary line says (its arguments are kept with it, see ``OverlapPanel._say``)."""

    WAITING = "waiting"  # no pair yet
    LOADING = "loading"  # the tokenizers are loading
    UNLOADABLE = "unloadable"  # (key, why): a tokenizer cannot be loaded
    FAILED = "failed"  # (message,): the overlap cannot be computed
    ANSWER = "answer"  # the figures of ``answer``


def _in_red(text: str) -> str:
    """``text`` (plain) as rich text in the color of a problem."""
    return f"<span style='color:#b71c1c'>{html.escape(text)}</span>"


class OverlapPanel(QWidget):
    """Two tokenizers' shared and own tokens (see the module docstring).

    Signals:
        shown(): the figures and lists now show the current pair.
    """

    shown = Signal()

    def __init__(self, registry: TokenizerRegistry, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.registry = registry
        self.controller = OverlapController(self)
        self.answer: OverlapAnswer | None = None
        self._chosen = False  # the user picked a tokenizer: stop following the columns
        self._dirty = True
        self._setting = False
        self._names = ("", "")
        # What the summary says, kept to say it again in another language.
        self._said: tuple[str, ...] = (OverlapNote.WAITING,)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(self._build_pickers())
        layout.addWidget(self._build_summary())
        self.bar = OverlapBar(self)
        bind(self.bar, "setToolTip", "Only in A · in both · only in B, to scale")
        layout.addWidget(self.bar)
        layout.addLayout(self._build_lists(), 1)
        self.controller.busy_changed.connect(self.busy.setVisible)
        self.controller.finished.connect(self._on_controller_finished)
        self.controller.failed.connect(self._on_controller_failed)
        registry.ready.connect(self._on_registry_ready)
        registry.failed.connect(self._on_registry_failed)
        connect(self._on_language_changed)
        self._show_waiting()

    def _build_pickers(self) -> QHBoxLayout:
        """A and B, the swap button, "Count special tokens" and the busy bar."""
        self.a_picker = TokenizerPicker(self.registry, self)
        self.b_picker = TokenizerPicker(self.registry, self)
        for picker in (self.a_picker, self.b_picker):
            picker.setMinimumContentsLength(14)
            picker.activated.connect(self._on_picker_activated)
            picker.key_changed.connect(self._on_picker_key_changed)
        self.swap_button = QToolButton(self)
        self.swap_button.setText("⇄")
        bind(self.swap_button, "setToolTip", "Swap A and B")
        self.swap_button.clicked.connect(self._on_swap_button_clicked)
        self.special_box = build.check_box(
            self,
            "Count special tokens",
            self._on_special_box_toggled,
            tooltip="Special tokens are names (<|endoftext|>), not bytes of text; they are left out unless ticked",
        )
        self.busy = QProgressBar(self)
        self.busy.setRange(0, 0)
        self.busy.setTextVisible(False)
        self.busy.setMaximumWidth(100)
        self.busy.hide()
        top = QHBoxLayout()
        build.labelled(top, self, "A:", self.a_picker)
        top.setStretchFactor(self.a_picker, 1)
        top.addWidget(self.swap_button)
        build.labelled(top, self, "B:", self.b_picker)
        top.setStretchFactor(self.b_picker, 1)
        top.addWidget(self.special_box)
        top.addWidget(self.busy)
        return top

    def _build_summary(self) -> QLabel:
        self.summary = QLabel(self)
        self.summary.setWordWrap(True)
        self.summary.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        bind(
            self.summary,
            "setToolTip",
            "Tokens are the same when their bytes are (a SentencePiece ▁the is GPT-2's Ġthe). Each vocabulary "
            "counts its distinct token bytes.",
        )
        return self.summary

    def _build_lists(self) -> QGridLayout:
        """The tokens only in A and only in B, side by side, each with its count and filter."""
        grid = QGridLayout()
        self.only_labels: list[QLabel] = []
        self.filters: list[QLineEdit] = []
        self.models: list[OnlyTokensModel] = []
        self.tables: list[QTableView] = []
        for column in range(2):
            label = QLabel(self)
            filter_edit = QLineEdit(self)
            bind(filter_edit, "setPlaceholderText", "Filter by text…")
            filter_edit.setClearButtonEnabled(True)
            filter_edit.textChanged.connect(self._on_filter_text_changed)
            model = OnlyTokensModel(self)
            table = self._build_list(model)
            head = QHBoxLayout()
            head.addWidget(label, 1)
            head.addWidget(filter_edit, 1)
            grid.addLayout(head, 0, column)
            grid.addWidget(table, 1, column)
            self.only_labels.append(label)
            self.filters.append(filter_edit)
            self.models.append(model)
            self.tables.append(table)
        return grid

    def _build_list(self, model: OnlyTokensModel) -> QTableView:
        table = QTableView(self)
        table.setModel(model)
        table.verticalHeader().hide()
        table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        table.verticalHeader().setDefaultSectionSize(22)
        table.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
        table.setAlternatingRowColors(True)
        table.setWordWrap(False)
        header = table.horizontalHeader()
        for section, width in enumerate((64, 150, 170, 56)):
            header.resizeSection(section, width)
        header.setSectionResizeMode(OnlyTokensModel.TOKEN, QHeaderView.ResizeMode.Stretch)
        return table

    # -- public ---------------------------------------------------------------------------------

    def keys(self) -> tuple[str, str]:
        return self.a_picker.current_key(), self.b_picker.current_key()

    def set_keys(self, key_a: str, key_b: str) -> None:
        """Compare these two tokenizers (as if chosen)."""
        self._chosen = True
        self._set_keys(key_a, key_b)

    def follow(self, keys: list[str]) -> None:
        """The Compare view's columns changed: show its first two, unless the user chose others."""
        if not self._chosen and len(keys) >= 2:
            self._set_keys(keys[0], keys[1])

    def is_settled(self) -> bool:
        """The figures shown are those of the current pair (tests)."""
        a, b = self.keys()
        answer = self.answer
        return (
            answer is not None
            and (answer.key_a, answer.key_b) == (a, b)
            and answer.include_special == self.special_box.isChecked()
            and not self.controller.is_busy()
        )

    def overlap(self) -> VocabularyOverlap | None:
        return self.answer.overlap if self.answer is not None else None

    def shutdown(self) -> None:
        self.controller.shutdown()

    # -- computing ------------------------------------------------------------------------------

    def _set_keys(self, key_a: str, key_b: str) -> None:
        self._setting = True  # one computation for the new pair, not one per picker
        try:
            self.a_picker.set_current_key(key_a)
            self.b_picker.set_current_key(key_b)
        finally:
            self._setting = False
        self._refresh()

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802
        super().showEvent(event)
        if self._dirty:
            self._refresh()

    def _refresh(self) -> None:
        """Compute the overlap of the current pair (loading them first), when on screen."""
        self._dirty = True
        if not self.isVisible():
            return
        a, b = self.keys()
        if not a or not b:
            return
        tok_a, tok_b = self.registry.get(a), self.registry.get(b)
        if tok_a is None or tok_b is None:
            for key, tok in ((a, tok_a), (b, tok_b)):
                if tok is None:
                    entry = self.registry.entry(key)
                    if entry.status == EntryStatus.ERROR:
                        self._show_problem((OverlapNote.UNLOADABLE, key, entry.message))
                        return
                    self.registry.request(key)
            self._show_waiting(loading=True)
            return
        self._dirty = False
        self.controller.request(a, tok_a, b, tok_b, include_special=self.special_box.isChecked())

    @Slot(object)
    def _on_controller_finished(self, answer: object) -> None:
        assert isinstance(answer, OverlapAnswer)
        if (answer.key_a, answer.key_b) != self.keys() or answer.include_special != self.special_box.isChecked():
            return  # an answer for a pair no longer shown; the current one is on its way
        self.answer = answer
        found = answer.overlap
        name_a = self.registry.entry(answer.key_a).label
        name_b = self.registry.entry(answer.key_b).label
        self._said = (OverlapNote.ANSWER,)
        self._say()
        self.bar.set_parts(len(found.only_a), found.shared_count, len(found.only_b))
        toks = (self.registry.get(answer.key_a), self.registry.get(answer.key_b))
        self._names = (name_a, name_b)
        for k, (tokens, tok) in enumerate(((found.only_a, toks[0]), (found.only_b, toks[1]))):
            self.models[k].set_tokens(tokens, piece_texts(tok) if tok is not None else None)
            self.models[k].set_filter(self.filters[k].text())
        self._update_only_labels()
        self.shown.emit()

    @Slot(str)
    def _on_controller_failed(self, message: str) -> None:
        self._show_problem((OverlapNote.FAILED, message))

    def _say(self) -> None:
        """Write the summary of ``self._said`` in the current language."""
        what = self._said[0]
        if what == OverlapNote.ANSWER and self.answer is not None:
            found = self.answer.overlap
            self.summary.setText(
                tr_n(
                    "In both (the same bytes): <b>%n</b> token(s), <b>{share_a}</b> of A’s {size_a} "
                    "and <b>{share_b}</b> of B’s {size_b}. Only in A: {only_a} · only in B: {only_b}.",
                    found.shared_count,
                ).format(
                    share_a=share_text(found.shared_count, found.size_a),
                    size_a=format_count(found.size_a),
                    share_b=share_text(found.shared_count, found.size_b),
                    size_b=format_count(found.size_b),
                    only_a=format_count(len(found.only_a)),
                    only_b=format_count(len(found.only_b)),
                )
            )
        elif what == OverlapNote.LOADING:
            self.summary.setText(tr("Loading the tokenizers…"))
        elif what == OverlapNote.UNLOADABLE:
            text = tr("{key} cannot be loaded: {why}").format(key=self._said[1], why=self._said[2])
            self.summary.setText(_in_red(text))
        elif what == OverlapNote.FAILED:
            text = tr("The overlap cannot be computed: {reason}").format(reason=self._said[1])
            self.summary.setText(_in_red(text))
        else:
            self.summary.setText(tr("Choose two tokenizers to see how many tokens they share."))

    @Slot(str)
    def _on_language_changed(self, _language: str) -> None:
        self._say()
        self._update_only_labels()

    def _show_waiting(self, *, loading: bool = False) -> None:
        self._said = (OverlapNote.LOADING,) if loading else (OverlapNote.WAITING,)
        self._say()
        self.bar.set_parts(0, 0, 0)
        self.answer = None
        self._names = ("", "")
        for model in self.models:
            model.set_tokens([])
        self._update_only_labels()

    def _show_problem(self, said: tuple[str, ...]) -> None:
        self._said = said
        self._say()
        self.bar.set_parts(0, 0, 0)
        for model in self.models:
            model.set_tokens([])
        self._update_only_labels()

    def _update_only_labels(self) -> None:
        for k, (label, model) in enumerate(zip(self.only_labels, self.models)):
            shown, total = model.rowCount(), model.total()
            count = format_count(total) if shown == total else f"{format_count(shown)} / {format_count(total)}"
            which = tr("Only in A") if k == 0 else tr("Only in B")
            name = self._names[k]
            name = name if len(name) <= 40 else name[:39] + "…"
            label.setText(f"<b>{which}</b> ({count}) · {html.escape(name)}" if name else f"<b>{which}</b> ({count})")
            label.setToolTip(self._names[k])

    # -- slots ----------------------------------------------------------------------------------

    @Slot(int)
    def _on_picker_activated(self, _index: int) -> None:
        self._chosen = True  # the user chose: the columns no longer decide

    @Slot(str)
    def _on_picker_key_changed(self, _key: str) -> None:
        if not self._setting:
            self._refresh()

    @Slot()
    def _on_swap_button_clicked(self) -> None:
        a, b = self.keys()
        self.set_keys(b, a)

    @Slot(bool)
    def _on_special_box_toggled(self, _on: bool) -> None:
        self._refresh()

    @Slot(str)
    def _on_registry_ready(self, key: str) -> None:
        if key in self.keys() and (self._dirty or self.answer is None):
            self._refresh()

    @Slot(str, str)
    def _on_registry_failed(self, key: str, message: str) -> None:
        if key in self.keys():
            self._show_problem((OverlapNote.UNLOADABLE, key, message))

    @Slot(str)
    def _on_filter_text_changed(self, text: str) -> None:
        edit = self.sender()
        for k, filter_edit in enumerate(self.filters):
            if filter_edit is edit:
                self.models[k].set_filter(text)
        self._update_only_labels()
