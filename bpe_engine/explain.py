"""Explaining tokens for display: where each token sits in the text, and the merges that
build a piece, step by step (seed ``001`` part 4).

Functions of a :class:`~bpe_engine.Tokenizer` (which exposes them as methods); nothing here
changes how text is encoded.
"""

from __future__ import annotations

import codecs
from dataclasses import dataclass
from typing import TYPE_CHECKING, Sequence

import numpy as np

from ._vocab import SHIFT

if TYPE_CHECKING:
    from .tokenizer import Tokenizer

__all__ = ["TokenSpan", "BpeStep", "char_spans", "char_spans_lossy", "token_spans", "bpe_steps"]


@dataclass(frozen=True, slots=True)
class TokenSpan:
    """Where a token of a decoded text sits, for display.

    ``start``/``end`` are character offsets in ``decode(ids)``. A token that holds only part
    of a character (the character's bytes are split across tokens) has ``complete = False``
    and its span covers the whole character it belongs to.
    """

    index: int
    token_id: int
    data: bytes
    start: int
    end: int
    complete: bool
    special: bool


@dataclass(frozen=True, slots=True)
class BpeStep:
    """One merge while encoding a piece: ``parts[index]`` + ``parts[index+1]`` -> ``new_id``."""

    parts: tuple[int, ...]
    index: int
    rank: int
    new_id: int


def char_spans(tok: "Tokenizer", ids: Sequence[int]) -> "tuple[list[int], list[int], list[bool]]":
    """For each token: the first character it touches in ``decode(ids)``, the character
    after the last one, and whether it holds whole characters only (lists, same order).

    A token with only part of a character (its bytes are split across tokens) covers
    that whole character. Vectorised when the bytes are valid UTF-8 (always, for ids
    made by ``encode``); otherwise the lossy decoder is followed token by token.
    """
    tokens = tok.token_bytes(ids)
    data = b"".join(tokens)
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return char_spans_lossy(tok, tokens)
    lead = (np.frombuffer(data, dtype=np.uint8) & 0xC0) != 0x80  # bytes that start a char
    chars_before = np.zeros(len(data) + 1, dtype=np.int64)
    np.cumsum(lead, out=chars_before[1:])
    bounds = np.zeros(len(tokens) + 1, dtype=np.int64)
    np.cumsum(np.fromiter(map(len, tokens), dtype=np.int64, count=len(tokens)), out=bounds[1:])
    starts_char = np.append(lead, True)[bounds]  # does each boundary fall between chars?
    # A token starting inside a character belongs to the one whose lead byte came before;
    # a token ending inside one already counts that character's lead byte.
    first = chars_before[bounds[:-1]] - (~starts_char[:-1])
    after = chars_before[bounds[1:]]
    whole = starts_char[:-1] & starts_char[1:]
    return first.tolist(), after.tolist(), whole.tolist()

def char_spans_lossy(tok: "Tokenizer", tokens: list[bytes]) -> "tuple[list[int], list[int], list[bool]]":
    dec = codecs.getincrementaldecoder("utf-8")("replace")
    first: list[int] = []
    after: list[int] = []
    whole: list[bool] = []
    chars = 0
    pending_before = False
    for data in tokens:
        first.append(chars)
        chars += len(dec.decode(data))
        pending_after = bool(dec.getstate()[0])
        after.append(chars + (1 if pending_after else 0))
        whole.append(not (pending_before or pending_after))
        pending_before = pending_after
    return first, after, whole

def token_spans(tok: "Tokenizer", ids: Sequence[int]) -> list[TokenSpan]:
    """Where each token sits in ``decode(ids)``; tokens holding part of a character are marked."""
    ids = list(ids)
    first, after, whole = char_spans(tok, ids)
    specials = tok._special_ids
    return [
        TokenSpan(k, tid, tok._id_bytes[tid], s, e, w, tid in specials)  # type: ignore[arg-type]
        for k, (tid, s, e, w) in enumerate(zip(ids, first, after, whole))
    ]

# -- explanation ------------------------------------------------------------------------

def bpe_steps(tok: "Tokenizer", piece: "str | bytes") -> list[BpeStep]:
    """The merges that encode one piece, in the order they apply (for teaching)."""
    data = piece.encode("utf-8") if isinstance(piece, str) else bytes(piece)
    parts = [tok._byte_id[x] for x in data]
    steps: list[BpeStep] = []
    get = tok._ranks.get
    while len(parts) > 1:
        best, best_rank = -1, None
        for i in range(len(parts) - 1):
            r = get(parts[i] << SHIFT | parts[i + 1])
            if r is not None and (best_rank is None or r < best_rank):
                best, best_rank = i, r
        if best_rank is None:
            break
        z = tok._new_ids[best_rank]
        steps.append(BpeStep(tuple(parts), best, best_rank, z))
        parts = parts[:best] + [z] + parts[best + 2:]
    return steps

