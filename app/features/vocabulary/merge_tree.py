"""How a token was built: its merge tree, down to single bytes (plain data, no Qt).

The Vocabulary view's tree panel (:mod:`~app.features.vocabulary.tree_panel`) draws it.
"""

from __future__ import annotations

from typing import NamedTuple

from bpe_engine import TokenizerLike

__all__ = ["MergeTree", "merge_tree"]


class MergeTree(NamedTuple):
    """A token and the two tokens it was merged from, down to single bytes (no children)."""

    token_id: int
    data: bytes
    rank: int | None  # None: a single byte or a special token
    children: list[MergeTree]


def merge_tree(tok: TokenizerLike, token_id: int) -> MergeTree:
    """``(id, bytes, rank_or_None, [left_subtree, right_subtree])`` down to single bytes."""
    merge = tok.merge_of(token_id)
    data = tok.id_to_bytes(token_id)
    if merge is None:
        return MergeTree(token_id, data, None, [])
    left, right, rank = merge
    return MergeTree(token_id, data, rank, [merge_tree(tok, left), merge_tree(tok, right)])
