"""Pieces that are one token whole, found without merging them: the tables of the tokens
the merges make of their own bytes (:func:`self_tokens`) and of the whole tokens they do not
(:func:`unmade_tokens`, tiktoken's rule).

Apart from :mod:`.encoder` because they are tables of the vocabulary, not of a text: built once
per :class:`~.tables.EncoderTables` (through ``tables.derived``) by the vectorised merge over
every token, and read by the paths that take a piece whole without asking the cache.
"""

from __future__ import annotations

import numpy as np

from .batch import bpe_flat
from .tables import EncoderTables

__all__ = ["piece_keys", "self_tokens", "unmade_tokens"]


def self_tokens(tables: EncoderTables) -> dict[bytes, int]:
    """Bytes -> id of every token that the merges encode to itself: a piece equal to one is
    that token without merging (what the merges give, looked up; a Hugging Face file without
    ``ignore_merges`` has no whole-token rule, yet nearly all its tokens encode to themselves:
    127 412 of Llama 3.2's 128 000). Built once per tables, by the vectorised merge."""
    specials = tables.special_ids
    tokens = [(i, b) for i, b in enumerate(tables.id_bytes) if b and i not in specials]
    if not tokens:
        return {}
    flat, counts = bpe_flat(tables, [b for _, b in tokens])
    first = np.cumsum(counts) - counts
    ids = np.fromiter((i for i, _ in tokens), dtype=np.int64, count=len(tokens))
    itself = (counts == 1) & (flat[np.minimum(first, flat.size - 1)] == ids)
    return {b: i for (i, b), ok in zip(tokens, itself.tolist()) if ok}


def piece_keys(raw: np.ndarray, starts: np.ndarray, lengths: np.ndarray) -> np.ndarray:
    """A uint64 per byte string of ``raw`` (``starts``/``lengths``): its length (clipped to
    255) and its first 7 bytes. Equal strings have equal keys (a necessary condition only)."""
    tail = np.concatenate((raw, np.zeros(7, dtype=np.uint8)))
    keys = np.zeros(starts.size, dtype=np.uint64)
    for m in range(7):
        keys <<= np.uint64(8)
        keys |= tail[starts + m].astype(np.uint64)
    keys >>= (8 * (7 - np.minimum(lengths, 7))).astype(np.uint64)
    keys |= np.minimum(lengths, 255).astype(np.uint64) << np.uint64(56)
    return keys


def unmade_tokens(tables: EncoderTables) -> tuple[np.ndarray, dict[bytes, int]]:
    """The whole tokens (tiktoken's rule) that the merges do not make of their own bytes, with
    their :func:`piece_keys`: only a piece equal to one of them needs the rule (a piece equal
    to any other token is merged into that token anyway). None in Qwen's, Tekken's and
    OpenAI's rank files, 588 in Llama 3's. Built once per tables."""
    whole = tables.whole_tokens
    if not whole:
        return np.empty(0, dtype=np.uint64), {}
    made = self_tokens(tables)
    unmade = {b: i for b, i in whole.items() if made.get(b) != i}
    if not unmade:
        return np.empty(0, dtype=np.uint64), {}
    tokens = list(unmade)
    lengths = np.fromiter(map(len, tokens), dtype=np.int64, count=len(tokens))
    starts = np.cumsum(lengths) - lengths
    keys = piece_keys(np.frombuffer(b"".join(tokens), dtype=np.uint8), starts, lengths)
    return np.unique(keys), unmade
