"""Explaining tokens for display: where each token sits in the decoded text.

Functions of any tokenizer of the engine (:class:`~bpe_engine.interface.TokenizerLike`, whose
classes expose them as methods), written on its public methods only; nothing here changes
how text is encoded. The merges that build a piece,
step by step, are :func:`bpe_engine.encode.piece.bpe_steps`.
"""

from __future__ import annotations

import codecs
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Protocol

import numpy as np

from ._blocks import array_in_blocks, tolist_in_blocks

__all__ = ["TokenSpan", "char_spans", "char_spans_lossy", "token_spans", "Explainable"]


class Explainable(Protocol):
    """What these functions ask of a tokenizer (every
    :class:`~bpe_engine.interface.TokenizerLike` has it; named here, not imported, because the
    interface refers to :class:`TokenSpan`)."""

    def byte_stream(self) -> Callable[[int], bytes]: ...
    def token_bytes(self, ids: Iterable[int]) -> list[bytes]: ...
    def is_special(self, token_id: int) -> bool: ...


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


def char_spans(tok: Explainable, ids: Sequence[int]) -> tuple[list[int], list[int], list[bool]]:
    """For each token: the first character it touches in ``decode(ids)``, the character
    after the last one, and whether it holds whole characters only (lists, same order).

    A token with only part of a character (its bytes are split across tokens) covers
    that whole character. Vectorised when the bytes are valid UTF-8 (always, for ids
    made by ``encode``); otherwise the lossy decoder is followed token by token.
    """
    step = tok.byte_stream()
    tokens = [step(i) for i in ids]
    data = b"".join(tokens)
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return char_spans_lossy(tokens)
    lead = (np.frombuffer(data, dtype=np.uint8) & 0xC0) != 0x80  # bytes that start a char
    chars_before = np.zeros(len(data) + 1, dtype=np.int64)
    np.cumsum(lead, out=chars_before[1:])
    bounds = np.zeros(len(tokens) + 1, dtype=np.int64)
    np.cumsum(array_in_blocks(tokens, np.int64, len), out=bounds[1:])
    starts_char = np.append(lead, True)[bounds]  # does each boundary fall between chars?
    # A token starting inside a character belongs to the one whose lead byte came before;
    # a token ending inside one already counts that character's lead byte.
    first = chars_before[bounds[:-1]] - (~starts_char[:-1])
    after = chars_before[bounds[1:]]
    whole = starts_char[:-1] & starts_char[1:]
    # (in blocks: a GUI thread beside the job waits for no long C call; see _blocks)
    return tolist_in_blocks(first), tolist_in_blocks(after), tolist_in_blocks(whole)


def char_spans_lossy(tokens: list[bytes]) -> tuple[list[int], list[int], list[bool]]:
    """:func:`char_spans` of token bytes that are not valid UTF-8, following the lossy
    decoder (each bad sequence becomes one U+FFFD) token by token."""
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


def token_spans(tok: Explainable, ids: Sequence[int]) -> list[TokenSpan]:
    """Where each token sits in ``decode(ids)``; tokens holding part of a character are marked."""
    ids = list(ids)
    first, after, whole = char_spans(tok, ids)
    data = tok.token_bytes(ids)
    return [
        TokenSpan(k, tid, b, s, e, w, tok.is_special(tid))
        for k, (tid, b, s, e, w) in enumerate(zip(ids, data, first, after, whole))
    ]
