"""The Vocabulary view's right panel: the selected token's merge tree and the line above it.

The tree shows how a token was built: each token is the merge of its two children, down to
single bytes (or, for SentencePiece, characters). The details line says the token's id, text,
bytes and how it was made (merge rank and pair count, or why it was never merged). Both are
redone after a language switch (:meth:`MergeTreePanel.retranslate`).
"""

from __future__ import annotations

import html

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QHeaderView, QLabel, QTreeWidget, QTreeWidgetItem, QVBoxLayout, QWidget

from app.core.i18n import bind, noop, tr, tr_n
from app.display.algorithms import no_tree_reason
from app.display.format import format_count, hex_bytes
from app.display.pieces import fallback_ids, is_sentencepiece, specials_have_no_bytes, token_text
from app.features.vocabulary.merge_tree import MergeTree, merge_tree
from bpe_engine import TokenizerLike

__all__ = ["MergeTreePanel"]

_SELECT = noop("Select a token to see its merge tree.")


def _leaves(node: MergeTree) -> list[int]:
    return [node[0]] if not node[3] else [x for c in node[3] for x in _leaves(c)]


def _depth(node: MergeTree) -> int:
    return 0 if not node[3] else 1 + max(_depth(c) for c in node[3])


class MergeTreePanel(QWidget):
    """The merge tree of one token and its details line (see the module docstring)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.tree = QTreeWidget(self)
        self._set_headers()
        bind(
            self.tree,
            "setToolTip",
            "How the selected token was built: each token is the merge of its two children, down to single bytes",
        )
        header = self.tree.header()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for column in (1, 2, 3):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(False)
        self.details = QLabel(tr(_SELECT), self)
        self.details_of: int | None = None  # the token whose merge tree the details describe
        self.details.setWordWrap(True)
        self.details.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        title = QLabel(self)
        bind(title, "setText", "<b>Merge tree</b>")
        layout.addWidget(title)
        layout.addWidget(self.details)
        layout.addWidget(self.tree, 1)

    def _set_headers(self) -> None:
        self.tree.setHeaderLabels([tr("Token"), tr("Id"), tr("Merge rank"), tr("Byte")])

    def retranslate(self, tok: TokenizerLike | None) -> None:
        """After a language switch: the headers, the details and the tree's tooltips."""
        self._set_headers()
        if self.details_of is not None and tok is not None and self.details_of in tok.vocab:
            self.show_token(tok, self.details_of)
        else:
            self.clear()

    def clear(self) -> None:
        """No token selected: an empty tree and the invitation to select one."""
        self.tree.clear()
        self.details_of = None
        self.details.setText(tr(_SELECT))

    def show_token(self, tok: TokenizerLike, token_id: int) -> None:
        """Show the merge tree of ``token_id`` and its details."""
        tree = merge_tree(tok, token_id)
        self.tree.clear()
        self.tree.addTopLevelItem(self._tree_item(tree, tok))
        self.tree.expandAll()
        self.details_of = token_id
        self.details.setText(" · ".join(self._details(tok, token_id, tree)))

    def _details(self, tok: TokenizerLike, token_id: int, tree: MergeTree) -> list[str]:
        """The parts of the line above the tree: the token's id, text, bytes and how it was made."""
        data = b"" if tok.is_special(token_id) and specials_have_no_bytes(tok) else tok.id_to_bytes(token_id)
        return [
            f"<b>id {token_id}</b>",
            # rich text: the whole text escaped (a token "&amp;" was read as an entity: "&")
            html.escape(token_text(tok, token_id), quote=False),
            *([tr("bytes {hex}").format(hex=hex_bytes(data))] if data else []),
            tr_n("%n byte(s)", len(data)),
            *self._origin(tok, token_id, tree),
        ]

    @staticmethod
    def _origin(tok: TokenizerLike, token_id: int, tree: MergeTree) -> list[str]:
        """How the token was made: its merge, or why it is a leaf."""
        merge = tok.merge_of(token_id)
        sentencepiece = is_sentencepiece(tok)
        if merge is not None:
            rank = merge[2]
            counts = tok.merge_counts
            count = counts[rank] if 0 <= rank < len(counts) else None
            if count is None:
                made = tr("merge rank {rank}").format(rank=format_count(rank))
            else:
                made = tr("merge rank {rank}, pair count {count}").format(
                    rank=format_count(rank), count=format_count(count)
                )
            leaves = len(_leaves(tree))
            shape = tr_n("%n character(s)", leaves) if sentencepiece else tr_n("%n single byte(s)", leaves)
            return [made, tr("{leaves}, {levels}").format(leaves=shape, levels=tr_n("%n merge level(s)", _depth(tree)))]
        if tok.is_special(token_id):
            return [tr("special token: never merged")]
        if not tok.facts.has_merges:
            return [no_tree_reason(tok.facts.algorithm)]
        if token_id in fallback_ids(tok):
            return [tr("byte fallback: one byte of a character the vocabulary has no piece for")]
        if sentencepiece:
            return [tr("a character of the vocabulary: a leaf of the merge trees (SentencePiece merges characters)")]
        return [tr("a single byte: a leaf of every merge tree")]

    def _tree_item(self, node: MergeTree, tok: TokenizerLike) -> QTreeWidgetItem:
        token_id, data, rank, children = node
        if tok.is_special(token_id) and specials_have_no_bytes(tok):
            data = b""  # (as in the line above and the table)
        leaf_byte = f"0x{data[0]:02x}" if len(data) == 1 and not children else ""
        item = QTreeWidgetItem(
            [token_text(tok, token_id), str(token_id), "" if rank is None else format_count(rank), leaf_byte]
        )
        item.setToolTip(0, tr("bytes {hex}").format(hex=hex_bytes(data)))
        for child in children:
            item.addChild(self._tree_item(child, tok))
        return item
