"""Explain one pre-tokenization piece: its merges, one step at a time, in rank order.

As the worked example of the course shows for `` tech``: start from the piece's bytes, list every
adjacent pair with its rank in the merge list, merge the pair with the lowest rank, and
repeat until no adjacent pair is a merge. Each step of :meth:`Tokenizer.bpe_steps` is one
page here: the current parts as chips (the pair about to merge is outlined), a table of the
candidate pairs and their ranks (the winner starred), and the result. With a merge limit
("As of merge k", the training timeline) only the first ``k`` merges of the tokenizer exist:
the steps stop before merge ``k`` and later pairs read "not learned yet".

Leaves out encoding whole texts (the tokenize view does that).
"""

from __future__ import annotations

import html

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtGui import QFont, QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app.core.i18n import bind, connect, noop, tr, tr_n
from app.core.jobs.merges import MergesMaker, merges_at_hand
from app.display.chips import HEX, NORMAL, PARTIAL, TEXT, Chips, Segment
from app.display.format import format_count, hex_bytes, split_valid_utf8, visible, visible_html
from app.display.palette import stable_colors
from app.display.pieces import fallback_ids, is_sentencepiece, piece_texts, token_text
from app.features.tokenize.explain_unigram import UnigramExplain
from app.widgets import build
from app.widgets.token_chips import ChipView
from bpe_engine import Algorithm, BpeStep, SentencePieceTokenizer, TokenizerLike, UnigramTokenizer

__all__ = ["ExplainPanel", "final_parts", "MAX_EXPLAIN_BYTES"]

MAX_EXPLAIN_BYTES = 400  # longer pieces (e.g. with pretokenizer "none") would make hundreds of pages
_INTRO = noop("Explain: click a piece in the pre-tokenization strip (or a token) to see how BPE encodes it.")


def final_parts(tok: TokenizerLike, piece: str, steps: list[BpeStep]) -> tuple[int, ...]:
    """The ids a piece ends as, after all of ``steps``."""
    if not steps:
        if is_sentencepiece(tok):
            return tuple(tok.piece_ids(piece))  # its characters, or their byte-fallback tokens
        table = tok.byte_ids()  # GPT-2's vocabulary does not put byte b at id b
        return tuple(table[x] for x in piece.encode("utf-8"))
    last = steps[-1]
    return last.parts[: last.index] + (last.new_id,) + last.parts[last.index + 2 :]


def _part_segments(tok: TokenizerLike, token_id: int) -> tuple[Segment, ...]:
    """A part's label: its text (a SentencePiece piece, ``▁`` included), with bytes that are not
    a whole character, and byte-fallback tokens, in hex."""
    pieces = piece_texts(tok)
    if pieces is not None:
        if token_id in fallback_ids(tok):
            return ((hex_bytes(tok.id_to_bytes(token_id)), HEX),)
        return ((visible(pieces[token_id]), TEXT),)
    return tuple(
        (text, HEX) if raw else (visible(text), TEXT) for text, raw in split_valid_utf8(tok.id_to_bytes(token_id))
    )


class ExplainPanel(QWidget):
    """The merges of one piece, a page per merge (see the module docstring).

    Signals:
        step_changed(int): the page shown (0 .. number of merges; the last page is the result).
    """

    step_changed = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._tok: TokenizerLike | None = None
        self._limit: int | None = None  # only the first merges exist (None: all)
        self._piece = ""
        self._special = False
        self._steps: list[BpeStep] = []
        self._final: tuple[int, ...] = ()
        self._page = 0
        self.merges_maker = MergesMaker("explain-merges", self)
        self.title = QLabel(tr(_INTRO))
        self.title.setWordWrap(True)
        nav = self._build_nav()
        self.parts = self._build_parts()
        self.table = self._build_table()
        self._set_headers()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.title)
        layout.addLayout(nav)
        layout.addWidget(self.parts)
        layout.addWidget(self.table, 1)
        self.unigram = UnigramExplain(self)  # a Unigram tokenizer's page (no merges to step through)
        self.unigram.hide()
        layout.addWidget(self.unigram, 1)
        self._update_buttons()
        connect(self._retranslate)

    def _build_nav(self) -> QHBoxLayout:
        """First, Previous, Next, Last and the page's line."""
        self.first_button = build.button(
            self,
            "⏮ First",
            self._on_first_button_clicked,
            tooltip="Back to the piece's single bytes (Alt+Home)",
            shortcut="Alt+Home",
        )
        self.prev_button = build.button(
            self, "◀ Previous", self._on_prev_button_clicked, tooltip="Previous merge (Alt+Left)", shortcut="Alt+Left"
        )
        self.next_button = build.button(
            self,
            "Next ▶",
            self._on_next_button_clicked,
            tooltip="Apply the next merge: the adjacent pair with the lowest rank (Alt+Right)",
            shortcut="Alt+Right",
        )
        self.last_button = build.button(
            self,
            "Last ⏭",
            self._on_last_button_clicked,
            tooltip="Jump to the final tokens (Alt+End)",
            shortcut="Alt+End",
        )
        self.page_label = QLabel("")
        self.page_label.setWordWrap(True)
        nav = QHBoxLayout()
        for w in (self.first_button, self.prev_button, self.next_button, self.last_button):
            nav.addWidget(w)
        nav.addWidget(self.page_label, 1)
        return nav

    def _build_parts(self) -> ChipView:
        """The piece's current parts, a little larger than the view's chips."""
        parts = ChipView(self)
        parts.setFixedHeight(46)
        big = QFont(parts.font())
        big.setPointSizeF(big.pointSizeF() * 1.2)
        parts.setFont(big)
        bind(parts, "setToolTip", "The piece's current parts; the outlined pair is merged next.")
        return parts

    def _build_table(self) -> QTableWidget:
        return build.step_table(
            self,
            noop(
                "Every adjacent pair of the current parts with its rank (its position in the merge list). "
                "The pair with the lowest rank is merged first, whatever its position in the piece."
            ),
        )

    def _set_headers(self) -> None:
        self.table.setHorizontalHeaderLabels([tr("Adjacent pair"), tr("Rank in the merge list"), ""])

    @Slot(str)
    def _retranslate(self, _language: str = "") -> None:
        """After a language switch: the title, the page and the table, in the new language."""
        self._set_headers()
        self.set_piece(self._piece, self._special)  # the same piece keeps its page

    # -- state ------------------------------------------------------------------------------

    @property
    def piece(self) -> str:
        return self._piece

    @property
    def steps(self) -> list[BpeStep]:
        return list(self._steps)

    @property
    def page(self) -> int:
        return self._page

    def current_parts(self) -> tuple[int, ...]:
        """Token ids of the parts on the current page."""
        if self._page < len(self._steps):
            return self._steps[self._page].parts
        return self._final

    def candidate_rows(self) -> list[tuple[str, str, str]]:
        """The table as text: (pair, rank, verdict)."""

        def cell(row: int, column: int) -> str:
            item = self.table.item(row, column)
            return item.text() if item is not None else ""

        return [(cell(r, 0), cell(r, 1), cell(r, 2)) for r in range(self.table.rowCount())]

    def set_tokenizer(self, tok: TokenizerLike | None, merge_limit: int | None = None) -> None:
        if tok is not self._tok or merge_limit != self._limit:
            self._tok = tok
            self._limit = merge_limit
            self.set_piece(self._piece, self._special)

    def set_merge_limit(self, merge_limit: int | None) -> None:
        """Explain with only the tokenizer's first ``merge_limit`` merges (None: all)."""
        self.set_tokenizer(self._tok, merge_limit)

    def set_piece(self, piece: str, special: bool = False) -> None:
        """Explain ``piece`` (a pre-tokenization piece), starting at its single bytes."""
        if self._other_page(piece, special):
            return
        same = piece == self._piece and special == self._special and self._steps
        self._piece = piece
        self._special = special
        self._steps = []
        self._final = ()
        tok = self._tok
        if piece and tok is not None and not (special and piece in tok.special_tokens) and not merges_at_hand(tok):
            # An OpenAI encoding opened without its merges (seconds to make): explained once
            # a job has made them, and only on screen (at start Compare comes first).
            self.title.setText(tr("Loading {name}…").format(name=html.escape(tok.name or "")))
            self._page = -1
            self.set_page(0)
            self._make_merges()
            return
        self.merges_maker.cancel()
        self.title.setText(self._explain(piece, special))
        keep = self._page if same else 0
        self._page = -1
        self.set_page(min(keep, len(self._steps)))

    def _make_merges(self) -> None:
        tok = self._tok
        if tok is not None and not merges_at_hand(tok) and self.isVisible():
            self.merges_maker.when_made(tok, self._on_merges_made)

    def _on_merges_made(self) -> None:
        self.set_piece(self._piece, self._special)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self._make_merges()

    def _other_page(self, piece: str, special: bool) -> bool:
        """Show the page of the tokenizer's algorithm; True when it is not the merge pages."""
        tok = self._tok
        unigram = tok is not None and tok.facts.algorithm is Algorithm.UNIGRAM
        for w in (self.title, self.parts, self.table, self.page_label, *self._nav_buttons()):
            w.setVisible(not unigram)
        self.unigram.setVisible(unigram)
        if unigram:
            self._piece, self._special, self._steps, self._final = piece, special, [], ()
            self.unigram.set_piece(tok if isinstance(tok, UnigramTokenizer) else None, piece, special)
        return unigram

    def _nav_buttons(self) -> tuple[QWidget, ...]:
        return (self.first_button, self.prev_button, self.next_button, self.last_button)

    def _explain(self, piece: str, special: bool) -> str:
        """Work out the steps of ``piece`` (and its final parts); the title that says them."""
        tok = self._tok
        data = piece.encode("utf-8")
        if tok is None or not piece:
            return tr(_INTRO)
        if special and piece in tok.special_tokens:
            self._final = (tok.special_tokens[piece],)
            return tr(
                "<b>{piece}</b> is a special token: it is cut out before pre-tokenization and becomes "
                "id {id} directly. Special tokens never take part in a merge."
            ).format(piece=visible_html(piece), id=tok.special_tokens[piece])
        if len(data) > MAX_EXPLAIN_BYTES:
            return tr_n(
                "This piece is %n byte(s) long; Explain steps through pieces of up to {max} bytes. Click a shorter piece.",
                len(data),
            ).format(max=MAX_EXPLAIN_BYTES)
        # subtle: the ranks a piece's steps apply never go down (a pair holding a new token
        # ranks after the merge that made it), so the steps before merge k are a prefix.
        self._steps = [step for step in tok.bpe_steps(piece) if self._limit is None or step.rank < self._limit]
        self._final = final_parts(tok, piece, self._steps)
        if is_sentencepiece(tok):
            return self._sentencepiece_title(tok, piece, len(self._steps))
        return self._byte_level_title(piece, len(data), len(self._steps))

    def _byte_level_title(self, piece: str, nbytes: int, merges: int) -> str:
        """The title for a byte-level piece: it starts from its UTF-8 bytes."""
        size = tr_n("%n byte(s)", nbytes)
        final = tr_n("%n token(s)", len(self._final))
        steps = tr_n("%n merge(s)", merges)
        return tr(
            "Piece <b>‘{piece}’</b>: {bytes} → {final} after {steps}. "
            "At each step every adjacent pair is looked up in the merge list and the one with the "
            "lowest rank is merged."
        ).format(piece=visible_html(piece), bytes=size, final=final, steps=steps)

    def _sentencepiece_title(self, tok: TokenizerLike, piece: str, merges: int) -> str:
        """The title for a SentencePiece piece: it starts from characters, not bytes."""
        start = self._steps[0].parts if self._steps else self._final
        # A .model file ranks by score; a tokenizer.json by its merge list.
        rule = tok.model.rule if isinstance(tok, SentencePieceTokenizer) else "sentencepiece"
        how = (
            tr("the pair whose merged piece has the best score (the lowest rank) is merged")
            if rule == "sentencepiece"
            else tr("the pair with the lowest rank in the merge list is merged")
        )
        chars = tr_n("%n character(s)", len(piece))
        parts = tr_n("%n starting token(s)", len(start))
        final = tr_n("%n token(s)", len(self._final))
        steps = tr_n("%n merge(s)", merges)
        return tr(
            "Piece <b>‘{piece}’</b> (SentencePiece: ▁ is a space): {chars}, {parts} → {final} after {steps}. "
            "It starts from the characters (one missing from the vocabulary falls back to its UTF-8 bytes, "
            "&lt;0xNN&gt; tokens); at each step {how}."
        ).format(piece=visible_html(piece), chars=chars, parts=parts, final=final, steps=steps, how=how)

    def set_page(self, page: int) -> None:
        page = max(0, min(page, len(self._steps)))
        if page == self._page:
            return
        self._page = page
        self._render()
        self._update_buttons()
        self.step_changed.emit(page)

    @Slot()
    def _on_first_button_clicked(self) -> None:
        self.set_page(0)

    @Slot()
    def _on_prev_button_clicked(self) -> None:
        self.set_page(self._page - 1)

    @Slot()
    def _on_next_button_clicked(self) -> None:
        self.set_page(self._page + 1)

    @Slot()
    def _on_last_button_clicked(self) -> None:
        self.set_page(len(self._steps))

    # -- drawing ----------------------------------------------------------------------------

    def _render(self) -> None:
        tok = self._tok
        self.table.setRowCount(0)
        if tok is None or (not self._steps and not self._final):
            self.parts.clear()
            self.page_label.setText("")
            return
        parts = self.current_parts()
        segments = [_part_segments(tok, i) for i in parts]
        kinds = [NORMAL if all(style == TEXT for _, style in s) else PARTIAL for s in segments]
        self.parts.set_chips(
            Chips(segments, kinds, [False] * len(parts), colors=stable_colors(parts)),
            generation=self.parts.generation + 1,
        )
        n = len(self._steps)
        if self._page < n:
            step = self._steps[self._page]
            self.parts.set_marks([i in (step.index, step.index + 1) for i in range(len(parts))])
            self.page_label.setText(
                tr("Step {k} of {n}: merge rank {rank} → new token {id}").format(
                    k=self._page + 1, n=n, rank=format_count(step.rank), id=step.new_id
                )
            )
        else:
            self.parts.set_marks(None)
            done = tr("no adjacent pair is in the merge list") if len(parts) > 1 else tr("one token left")
            ids = ", ".join(str(i) for i in parts)
            self.page_label.setText(tr("Result: ids [{ids}] ({why})").format(ids=ids, why=done))
        self._fill_table(parts)

    def _fill_table(self, parts: tuple[int, ...]) -> None:
        tok = self._tok
        if tok is None or len(parts) < 2:
            return
        rows = []
        for i in range(len(parts) - 1):
            a, b = parts[i], parts[i + 1]
            rank = tok.merge_rank(a, b)
            rows.append((i, a, b, rank if rank is None or self._limit is None or rank < self._limit else None))
        best = min((r for r in rows if r[3] is not None), key=lambda r: (r[3], r[0]), default=None)
        self.table.setRowCount(len(rows))
        bold = QFont(self.table.font())
        bold.setBold(True)
        for row, (i, a, b, rank) in enumerate(rows):
            rank_text, verdict = self._verdict(tok, a, b, rank, best is not None and i == best[0], best)
            items = [QTableWidgetItem(f"{token_text(tok, a)}  +  {token_text(tok, b)}"), QTableWidgetItem(rank_text)]
            items.append(QTableWidgetItem(verdict))
            items[1].setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            for c, item in enumerate(items):
                if best is not None and i == best[0]:
                    item.setFont(bold)
                self.table.setItem(row, c, item)
        now = self.table.item(best[0], 0) if best is not None else None
        if now is not None:
            # The row that merges now is the one to read: bring it into view in a long piece.
            self.table.scrollToItem(now, QAbstractItemView.ScrollHint.PositionAtCenter)

    def _verdict(
        self,
        tok: TokenizerLike,
        a: int,
        b: int,
        rank: int | None,
        now: bool,
        best: tuple[int, int, int, int | None] | None,
    ) -> tuple[str, str]:
        """The rank column and the verdict of pair ``(a, b)`` (``rank``: None when not a merge
        as of the limit; ``now``: the pair merged on this page; ``best``: that pair's row)."""
        if rank is None:
            later = tok.merge_rank(a, b)
            if later is not None:  # a merge the tokenizer learns after the limit
                return format_count(later), tr("not learned yet as of merge {k}").format(
                    k=format_count(self._limit or 0)
                )
            return "—", tr("not a merge")
        if now:
            return format_count(rank), tr("★ lowest rank: merged now")
        if best is not None and rank == best[3]:
            return format_count(rank), tr("the same pair again: merged in the next step (leftmost first)")
        return format_count(rank), tr("later (higher rank)")

    def _update_buttons(self) -> None:
        n = len(self._steps)
        self.first_button.setEnabled(self._page > 0)
        self.prev_button.setEnabled(self._page > 0)
        self.next_button.setEnabled(self._page < n)
        self.last_button.setEnabled(self._page < n)
