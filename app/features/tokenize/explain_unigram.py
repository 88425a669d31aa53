"""Explain one piece of a Unigram tokenizer: its most probable segmentation and the ones it beat.

A Unigram model has no merges: every piece of its vocabulary has a score (a log probability)
and a piece of text is cut into the segmentation whose scores sum highest (Viterbi,
:meth:`bpe_engine.UnigramTokenizer.viterbi`). This page shows that best path as chips, each
part with its score, the total, and a table of the best few segmentations with their totals,
best first, the chosen one marked. :class:`~app.features.tokenize.explain_panel.ExplainPanel`
shows it instead of its merge pages when the tokenizer's algorithm is Unigram.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Slot
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app.core.i18n import bind, connect, noop, tr, tr_n
from app.display.chips import HEX, NORMAL, PARTIAL, TEXT, Chips, Segment
from app.display.format import visible, visible_html
from app.display.palette import stable_colors
from app.widgets import build
from app.widgets.token_chips import ChipView
from bpe_engine import UnigramTokenizer, ViterbiResult

__all__ = ["UnigramExplain", "score_text"]


def score_text(score: float) -> str:
    """A score (a log probability) as shown: four decimals, a true minus sign."""
    return f"{score:.4f}".replace("-", "−")


class UnigramExplain(QWidget):
    """The best segmentation of one piece and its competitors (see the module docstring)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._tok: UnigramTokenizer | None = None
        self._piece = ""
        self._special = False
        self._result: ViterbiResult | None = None
        self.title = QLabel("")
        self.title.setWordWrap(True)
        self.parts = ChipView(self)
        self.parts.setFixedHeight(46)
        big = QFont(self.parts.font())
        big.setPointSizeF(big.pointSizeF() * 1.2)
        self.parts.setFont(big)
        bind(self.parts, "setToolTip", "The most probable segmentation: each part with its score (log probability).")
        self.total_label = QLabel("")
        self.total_label.setWordWrap(True)
        self.table = self._build_table()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        for w in (self.title, self.parts, self.total_label):
            layout.addWidget(w)
        layout.addWidget(self.table, 1)
        self._set_headers()
        self.set_piece(None, "")  # the intro, so that a language switch only translates it
        connect(self._retranslate)

    def _build_table(self) -> QTableWidget:
        return build.step_table(
            self,
            noop(
                "The best few ways to cut the piece into vocabulary pieces, with the sum of their scores. "
                "The highest total wins."
            ),
        )

    def _set_headers(self) -> None:
        self.table.setHorizontalHeaderLabels([tr("Segmentation"), tr("Total score"), ""])

    @Slot(str)
    def _retranslate(self, _language: str = "") -> None:
        self._set_headers()
        self.set_piece(self._tok, self._piece, self._special)

    # -- state ------------------------------------------------------------------------------

    @property
    def result(self) -> ViterbiResult | None:
        return self._result

    def rows(self) -> list[tuple[str, str, str]]:
        """The table as text: (segmentation, total score, verdict)."""

        def cell(row: int, column: int) -> str:
            item = self.table.item(row, column)
            return item.text() if item is not None else ""

        return [(cell(r, 0), cell(r, 1), cell(r, 2)) for r in range(self.table.rowCount())]

    def set_piece(self, tok: UnigramTokenizer | None, piece: str, special: bool = False) -> None:
        """Explain ``piece`` (a normalized piece of the pre-tokenization strip) with ``tok``."""
        self._tok, self._piece, self._special = tok, piece, special
        self._result = None
        self.parts.clear()
        self.table.setRowCount(0)
        self.total_label.setText("")
        if tok is None or not piece:
            self.title.setText(tr("Explain: click a piece (or a token) to see how Unigram cuts it."))
            return
        if special and piece in tok.special_tokens:
            self.title.setText(
                tr("<b>{piece}</b> is a special token: it is cut out before normalization and becomes id {id}.").format(
                    piece=visible_html(piece), id=tok.special_tokens[piece]
                )
            )
            return
        self._result = result = tok.viterbi(piece)
        self.title.setText(
            tr(
                "Piece <b>‘{piece}’</b> (▁ is a space): Unigram has no merges. Every piece of the vocabulary "
                "has a score, the log of its probability; of all the ways to cut the text into pieces, the one "
                "whose scores add up highest wins (Viterbi). Best: {parts}."
            ).format(piece=visible_html(piece), parts=tr_n("%n part(s)", len(result.best.parts)))
        )
        self._show_best(tok, result)
        self._fill_table(result)

    # -- drawing ----------------------------------------------------------------------------

    def _show_best(self, tok: UnigramTokenizer, result: ViterbiResult) -> None:
        scores = tok.scores
        segments: list[tuple[Segment, ...]] = []
        kinds = []
        for part, token_id in zip(result.best.parts, result.best.ids):
            unknown = token_id == tok.unigram.unk_id
            label = visible(part)
            score = score_text(scores[token_id]) if 0 <= token_id < len(scores) else "?"
            segments.append(((label, TEXT), (f" {score}", HEX)))
            kinds.append(PARTIAL if unknown else NORMAL)
        self.parts.set_chips(
            Chips(segments, kinds, [False] * len(segments), colors=stable_colors(result.best.ids)),
            generation=self.parts.generation + 1,
        )
        ids = ", ".join(str(i) for i in result.ids)
        text = tr("Total score {total} = the sum of the parts' scores → ids [{ids}]").format(
            total=score_text(result.best.score), ids=ids
        )
        if any(i == tok.unigram.unk_id for i in result.best.ids):
            text += " " + tr("(a character not in the vocabulary falls back to its UTF-8 bytes, <0xNN> tokens)")
        self.total_label.setText(text)

    def _fill_table(self, result: ViterbiResult) -> None:
        self.table.setRowCount(len(result.candidates))
        bold = QFont(self.table.font())
        bold.setBold(True)
        for row, seg in enumerate(result.candidates):
            chosen = seg.parts == result.best.parts
            verdict = tr("★ highest total: chosen") if chosen else tr("lower total")
            items = [
                QTableWidgetItem("  +  ".join(visible(p) for p in seg.parts)),
                QTableWidgetItem(score_text(seg.score)),
                QTableWidgetItem(verdict),
            ]
            items[1].setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            for column, item in enumerate(items):
                if chosen:
                    item.setFont(bold)
                self.table.setItem(row, column, item)
