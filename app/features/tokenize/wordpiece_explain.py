"""Explain one word of a WordPiece tokenizer (BERT): its greedy longest-match steps.

WordPiece has no merges: from the start of the word, the longest vocabulary entry that
begins there is taken (written ``##…`` when it does not start the word), then the same from
where it ends; when nothing begins at some position, or the word is longer than the model's
limit, the whole word is one ``[UNK]``. :meth:`WordPieceTokenizer.wordpiece_steps` gives each
position's candidates, longest first; this page shows them as a table (one row a position)
under the word's final tokens as chips. :class:`ExplainSwitch` shows this page or the BPE
page (:mod:`.explain_panel`), as the tokenizer's algorithm says (a Unigram page comes next).
"""

from __future__ import annotations

from PySide6.QtCore import Slot
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QStackedWidget,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app.core.i18n import bind, connect, noop, tr, tr_n
from app.display.chips import NORMAL, SPECIAL, TEXT, Chips
from app.display.format import visible, visible_html
from app.display.palette import stable_colors
from app.display.pieces import token_text
from app.features.tokenize.explain_panel import ExplainPanel
from app.widgets.token_chips import ChipView
from bpe_engine import Algorithm, StepOutcome, TokenizerLike, WordPieceStep, WordPieceTokenizer

__all__ = ["WordPiecePanel", "ExplainSwitch", "MAX_SHOWN_CANDIDATES"]

MAX_SHOWN_CANDIDATES = 12  # a long word tries dozens of candidates at a position: the rest are counted
_INTRO = noop(
    "Explain: click a word in the pre-tokenization strip (or a token) to see how WordPiece cuts it: "
    "the longest vocabulary entry first."
)


class WordPiecePanel(QWidget):
    """The greedy longest-match steps of one word (see the module docstring)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._tok: WordPieceTokenizer | None = None
        self._piece = ""
        self._special = False
        self._steps: list[WordPieceStep] = []
        self.title = QLabel(tr(_INTRO))
        self.title.setWordWrap(True)
        self.parts = ChipView(self)
        self.parts.setFixedHeight(46)
        bind(self.parts, "setToolTip", "The word's tokens: ## marks a token that continues the word.")
        self.table = QTableWidget(0, 3, self)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        self.table.verticalHeader().setVisible(False)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        bind(
            self.table,
            "setToolTip",
            "At each position of the word, the candidates looked up in the vocabulary, longest first; "
            "the first one found is taken.",
        )
        self._set_headers()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.title)
        layout.addWidget(self.parts)
        layout.addWidget(self.table, 1)
        connect(self._retranslate)

    def _set_headers(self) -> None:
        self.table.setHorizontalHeaderLabels(
            [tr("Position"), tr("Candidates tried (longest first)"), tr("Token taken")]
        )

    @Slot(str)
    def _retranslate(self, _language: str = "") -> None:
        self._set_headers()
        self.set_piece(self._piece, self._special)

    @property
    def piece(self) -> str:
        return self._piece

    @property
    def steps(self) -> list[WordPieceStep]:
        return list(self._steps)

    def step_rows(self) -> list[tuple[str, str, str]]:
        """The table as text: (position, candidates, token taken)."""

        def cell(row: int, column: int) -> str:
            item = self.table.item(row, column)
            return item.text() if item is not None else ""

        return [(cell(r, 0), cell(r, 1), cell(r, 2)) for r in range(self.table.rowCount())]

    def set_tokenizer(self, tok: WordPieceTokenizer | None) -> None:
        if tok is not self._tok:
            self._tok = tok
            self.set_piece(self._piece, self._special)

    def set_piece(self, piece: str, special: bool = False) -> None:
        """Explain ``piece`` (a word as the pre-tokenization strip shows it)."""
        self._piece, self._special = piece, special
        tok = self._tok
        self._steps = []
        self.table.setRowCount(0)
        self.parts.clear()
        if tok is None or not piece:
            self.title.setText(tr(_INTRO))
            return
        if special and piece in tok.special_tokens:
            self.title.setText(
                tr(
                    "<b>{piece}</b> is a special token: it is cut out before the words are split and becomes id {id}."
                ).format(piece=visible_html(piece), id=tok.special_tokens[piece])
            )
            self._show_parts((tok.special_tokens[piece],))
            return
        self._steps = tok.wordpiece_steps(piece)
        self.title.setText(self._title(tok, piece))
        failed = self._steps[-1].outcome is not StepOutcome.MATCH
        self._show_parts((tok.unk_id,) if failed else tuple(s.token_id for s in self._steps))
        self._fill_table(tok)

    def _title(self, tok: WordPieceTokenizer, piece: str) -> str:
        last = self._steps[-1] if self._steps else None
        chars = tr_n("%n character(s)", len(piece))
        if last is not None and last.outcome is StepOutcome.TOO_LONG:
            return tr(
                "Word <b>‘{piece}’</b>: {chars}, more than the model's limit of {limit}: "
                "the whole word is <b>{unk}</b>, nothing is looked up."
            ).format(piece=visible_html(piece), chars=chars, limit=tok.model.max_chars, unk=visible_html(tok.unk_token))
        if last is not None and last.outcome is StepOutcome.NO_MATCH:
            return tr(
                "Word <b>‘{piece}’</b>: {chars}. At character {at} no vocabulary entry begins: "
                "the whole word is <b>{unk}</b> (WordPiece never keeps part of a word)."
            ).format(piece=visible_html(piece), chars=chars, at=last.start, unk=visible_html(tok.unk_token))
        return tr(
            "Word <b>‘{piece}’</b>: {chars} → {tokens}. From the start, the longest vocabulary entry "
            "that begins there is taken, then the same from where it ends; {prefix} marks a token "
            "that continues the word."
        ).format(
            piece=visible_html(piece),
            chars=chars,
            tokens=tr_n("%n token(s)", len(self._steps)),
            prefix=visible_html(tok.prefix or "##"),
        )

    def _show_parts(self, ids: tuple[int, ...]) -> None:
        tok = self._tok
        if tok is None:
            return
        segments = [((visible(token_text(tok, i)), TEXT),) for i in ids]
        kinds = [SPECIAL if i == tok.unk_id else NORMAL for i in ids]  # [UNK] drawn as special tokens are
        self.parts.set_chips(
            Chips(segments, kinds, [False] * len(ids), colors=stable_colors(ids)),
            generation=self.parts.generation + 1,
        )

    def _fill_table(self, tok: WordPieceTokenizer) -> None:
        self.table.setRowCount(len(self._steps))
        bold = QFont(self.table.font())
        bold.setBold(True)
        for row, step in enumerate(self._steps):
            matched = step.outcome is StepOutcome.MATCH
            rejected = step.tried[:-1] if matched else step.tried
            tried = "   ".join(visible(c) + " ✗" for c in rejected[:MAX_SHOWN_CANDIDATES])
            if len(rejected) > MAX_SHOWN_CANDIDATES:
                tried += "   " + tr_n("(+ %n more, shorter)", len(rejected) - MAX_SHOWN_CANDIDATES)
            if matched:
                tried += ("   " if tried else "") + visible(step.tried[-1]) + " ✓"
            if step.outcome is StepOutcome.MATCH:
                taken = tr("{token} (id {id})").format(token=visible(step.token), id=step.token_id)
            elif step.outcome is StepOutcome.NO_MATCH:
                taken = tr("none found: the word is {unk}").format(unk=visible(tok.unk_token))
            else:
                taken = tr("too long: the word is {unk}").format(unk=visible(tok.unk_token))
            items = [QTableWidgetItem(str(step.start)), QTableWidgetItem(tried), QTableWidgetItem(taken)]
            items[2].setFont(bold)
            for c, item in enumerate(items):
                self.table.setItem(row, c, item)


class ExplainSwitch(QStackedWidget):
    """The explain page for the tokenizer's algorithm: BPE's merges or WordPiece's matches."""

    def __init__(self, bpe: ExplainPanel, wordpiece: WordPiecePanel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.bpe, self.wordpiece = bpe, wordpiece
        self.addWidget(bpe)
        self.addWidget(wordpiece)

    def _current(self) -> ExplainPanel | WordPiecePanel:
        return self.wordpiece if self.currentWidget() is self.wordpiece else self.bpe

    @property
    def piece(self) -> str:
        return self._current().piece

    def set_piece(self, piece: str, special: bool = False) -> None:
        self._current().set_piece(piece, special)

    def set_tokenizer(self, tok: TokenizerLike | None, merge_limit: int | None) -> None:
        wordpiece = isinstance(tok, WordPieceTokenizer) and tok.facts.algorithm is Algorithm.WORDPIECE
        self.wordpiece.set_tokenizer(tok if isinstance(tok, WordPieceTokenizer) else None)
        # The merge panel also holds the Unigram page (its best path and competing cuts).
        own_page = tok is None or tok.facts.has_merges or tok.facts.algorithm is Algorithm.UNIGRAM
        self.bpe.set_tokenizer(tok if own_page else None, merge_limit)
        self.setCurrentWidget(self.wordpiece if wordpiece else self.bpe)
