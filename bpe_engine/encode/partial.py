"""Encoding "as of merge k": what the tokenizer gave when its training had made k merges.

Encoding applies a piece's lowest-ranked merge first, so leaving out every merge of rank k or
more gives exactly the ids of the tokenizer of the first k merges, with no need to build it
(:func:`encode_as_of`, for the training timeline). And since the ranks a piece's merges
apply in never go down, one pass per distinct piece gives the token count of a text after
every k at once (:func:`token_curve`, for the vocabulary-size sweep).
"""

from __future__ import annotations

from collections import Counter

import numpy as np

from .by_rank import bpe_by_rank
from .encoder import Encoder
from .piece import bpe_piece_as_of, step_ranks
from .tables import SPECIAL_PREFIX

__all__ = ["encode_as_of", "token_curve"]


def _pieces(encoder: Encoder, text: str, allowed: frozenset[str]) -> list[bytes]:
    """The pieces of ``text``; a recognised special token is its cache key (0xFF + text)."""
    out: list[bytes] = []
    for segment, special in encoder.splitter_for(allowed).split(text):
        if special:
            out.append(SPECIAL_PREFIX + segment.encode("utf-8"))
        else:
            out += encoder.pieces(segment)
    return out


# Pieces longer than this go through the rank-by-rank merge (linear in their length; the
# per-piece loop is quadratic), like ``encode``'s batches.
_LONG = 256


def encode_as_of(encoder: Encoder, text: str, allowed: frozenset[str], merges: int) -> list[int]:
    """Token ids of ``text`` with only the first ``merges`` merges (special tokens as in
    ``encode``)."""
    tables = encoder.tables
    special = tables.special_keys
    pieces = _pieces(encoder, text, allowed)
    done: dict[bytes, tuple[int, ...]] = {}
    long: list[bytes] = []
    for piece in dict.fromkeys(pieces):
        if piece in special:
            done[piece] = special[piece]
        elif len(piece) > _LONG and tables.merge_all_safe:
            long.append(piece)
        else:
            done[piece] = bpe_piece_as_of(tables, piece, merges)
    if long:
        flat, counts = bpe_by_rank(tables, long, merges)
        ids_all = flat.tolist()
        at = 0
        for piece, count in zip(long, counts.tolist()):
            done[piece] = tuple(ids_all[at : at + count])
            at += count
    ids: list[int] = []
    for piece in pieces:
        ids += done[piece]
    return ids


def token_curve(encoder: Encoder, text: str, allowed: frozenset[str]) -> np.ndarray:
    """``curve[k]``: the number of tokens of ``text`` with the first ``k`` merges, for every
    ``k`` from 0 to the number of merges (a special token counts one)."""
    tables = encoder.tables
    n = len(tables.new_ids)
    counts = Counter(_pieces(encoder, text, allowed))
    base = 0
    ranks: list[int] = []
    weights: list[int] = []
    for piece, count in counts.items():
        if piece in tables.special_keys:
            base += count
            continue
        base += len(piece) * count
        applied = step_ranks(tables, piece)
        ranks += applied
        weights += [count] * len(applied)
    removed = np.bincount(np.asarray(ranks, dtype=np.int64), weights=np.asarray(weights, dtype=np.float64), minlength=n)
    curve = np.empty(n + 1, dtype=np.int64)
    curve[0] = base
    np.subtract(base, np.cumsum(removed).astype(np.int64), out=curve[1:])
    return curve
