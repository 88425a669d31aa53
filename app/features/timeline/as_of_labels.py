"""The Timeline's three lines about the text as of merge k: where the slider is (and the
vocabulary size there), the text's tokens and bytes per token, and merge k in words.

Its own widget because these lines are composed from the tokenizer, the token table and the
merge; :func:`merge_words` also titles the HTML export.
"""

from __future__ import annotations

import html

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from app.core.i18n import tr, tr_n
from app.display.format import format_count, format_ratio, token_label
from app.display.token_data import TokenTable
from bpe_engine import Tokenizer

__all__ = ["AsOfLabels", "merge_words"]

#: A tokenizer's merges by rank: (left id, right id, new id).
MergeIds = list[tuple[int, int, int]]
#: Tokens longer than this (in characters shown) are named by their ends and their length: a
#: run of 3,000 "a"s is one unbreakable word, wider than any screen.
_LONGEST_SHOWN = 24


def _short_label(data: bytes) -> str:
    label = token_label(data)
    if len(label) <= _LONGEST_SHOWN:
        return label
    size = tr_n("%n byte(s)", len(data))
    return tr("{start}…{end} ({size})").format(start=label[:12], end=label[-6:], size=size)


def merge_words(tok: Tokenizer, merge_ids: MergeIds, k: int) -> str:
    """Merge ``k`` in words (plain text): its pair, its token, its count in training."""
    assert 1 <= k <= len(merge_ids)
    a, b, z = merge_ids[k - 1]
    count = tok.merge_counts[k - 1]
    seen = tr(", pair count {n} in training").format(n=format_count(count)) if count is not None else ""
    return tr("Merge {k}: ‘{left}’ + ‘{right}’ → ‘{token}’ (id {id}{seen})").format(
        k=format_count(k),
        left=_short_label(tok.id_to_bytes(a)),
        right=_short_label(tok.id_to_bytes(b)),
        token=_short_label(tok.id_to_bytes(z)),
        id=z,
        seen=seen,
    )


class AsOfLabels(QWidget):
    """The position, counts and merge lines (see the module docstring)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.position_label = QLabel(self)
        self.counts_label = QLabel(self)
        self.counts_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.merge_label = QLabel(self)
        self.merge_label.setWordWrap(True)
        self.merge_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        column = QVBoxLayout(self)
        column.setContentsMargins(0, 0, 0, 0)
        for label in (self.position_label, self.counts_label, self.merge_label):
            column.addWidget(label)

    def show_as_of(self, tok: Tokenizer | None, table: TokenTable | None, k: int, merge_ids: MergeIds) -> None:
        """Describe ``table``, the text tokenized by ``tok`` as of merge ``k`` (dashes while
        there is none: ``tok`` or ``table`` None, or ``k`` not one of ``tok``'s positions)."""
        if tok is None or table is None or not 0 <= k <= len(merge_ids):
            self.position_label.setText(tr("As of merge —"))
            self.counts_label.setText(tr("Tokens: <b>—</b> · Bytes/token: <b>—</b>"))
            self.merge_label.setText("")
            return
        self._show_position(tok, k)
        n, nbytes = len(table), len(table.data)
        self.counts_label.setText(
            tr("Tokens: <b>{n}</b> · UTF-8 bytes: {bytes} · Bytes/token: <b>{ratio}</b>").format(
                n=format_count(n), bytes=format_count(nbytes), ratio=format_ratio(nbytes / n if n else None)
            )
        )
        if k == 0:
            self.merge_label.setText(tr("No merge yet: every byte is a token."))
            return
        z = merge_ids[k - 1][2]
        uses = sum(1 for i in table.ids if i == z)
        where = tr("{n} in this text, outlined").format(n=uses) if uses else tr("not in this text")
        words = merge_words(tok, merge_ids, k)
        self.merge_label.setText(tr("{merge}; {where}.").format(merge=html.escape(words), where=where))

    def _show_position(self, tok: Tokenizer, k: int) -> None:
        specials = len(tok.special_tokens)
        # A Hugging Face file may make one token by several merges (Llama 3.2: 280,147 merges,
        # 127,744 tokens): the vocabulary then is what exists, not 256 + k.
        made = tok.vocab_size_after(k) - 256
        if made == k:
            parts = tr("256 bytes + {merges} + {specials} special").format(
                merges=tr_n("%n merge(s)", k), specials=format_count(specials)
            )
        else:
            parts = tr("256 bytes + {made} made by {merges} + {specials} special").format(
                made=tr_n("%n token(s)", made), merges=tr_n("%n merge(s)", k), specials=format_count(specials)
            )
        self.position_label.setText(
            tr_n(
                "As of merge <b>{k}</b> of {total} · vocabulary <b>%n</b> token(s) ({parts})", 256 + made + specials
            ).format(
                k=format_count(k),
                total=format_count(len(tok.merges)),
                parts=parts,
            )
        )
