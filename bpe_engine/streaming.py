"""Streaming decode: token ids in, complete characters out.

A byte-level token may end in the middle of a UTF-8 character (``国`` is three bytes that a
vocabulary may split across tokens). :class:`StreamingDecoder` keeps such bytes in a queue
and releases text only when a character is complete, exactly as ``Tokenizer.decode`` would
render it; :meth:`StreamingDecoder.flush` ends the stream and turns a dangling partial
character into U+FFFD. Its state (the pending bytes and how many more bytes the pending
character needs, read from its lead byte) is public so that a view can animate it.

The UTF-8 decision itself is CPython's incremental decoder (``errors="replace"``), so the
concatenated output equals ``tokenizer.decode(ids)`` for every split of the ids. Any tokenizer
of the engine works (:class:`~bpe_engine.interface.TokenizerLike`): the bytes of each token come
from its :meth:`~bpe_engine.interface.TokenizerLike.byte_stream` (a SentencePiece byte-fallback
token is one byte; the space of SentencePiece's dummy prefix is dropped, as ``decode`` does).
"""

from __future__ import annotations

import codecs
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .interface import TokenizerLike

__all__ = ["StreamingDecoder", "StreamStep", "utf8_sequence_length"]


def utf8_sequence_length(lead: int) -> int:
    """How many bytes a UTF-8 character starting with byte ``lead`` has (0: not a lead byte)."""
    if lead < 0x80:
        return 1
    if 0xC2 <= lead <= 0xDF:
        return 2
    if 0xE0 <= lead <= 0xEF:
        return 3
    if 0xF0 <= lead <= 0xF4:
        return 4
    return 0


@dataclass(frozen=True, slots=True)
class StreamStep:
    """What one :meth:`StreamingDecoder.feed` did (for display)."""

    token_id: int
    token_bytes: bytes
    output: str  # complete characters released by this token
    pending: bytes  # bytes still waiting for the rest of their character
    needed: int  # how many more bytes the pending character needs (0 if none pending)


class StreamingDecoder:
    """Feeds token ids one at a time and returns only complete characters."""

    def __init__(self, tokenizer: TokenizerLike) -> None:
        self.tokenizer = tokenizer
        self._bytes_of = tokenizer.byte_stream()
        self._decoder = codecs.getincrementaldecoder("utf-8")("replace")
        self._last = b""
        self.text = ""  # everything released so far
        self.tokens_fed = 0

    @property
    def pending(self) -> bytes:
        """Bytes of an incomplete character waiting in the queue."""
        return self._decoder.getstate()[0]

    @property
    def needed(self) -> int:
        """How many more bytes the pending character needs (from its lead byte); 0 if none."""
        pending = self.pending
        if not pending:
            return 0
        total = utf8_sequence_length(pending[0])
        return max(total - len(pending), 0)

    @property
    def expected_length(self) -> int:
        """Total length of the pending character as announced by its lead byte (0 if none)."""
        pending = self.pending
        return utf8_sequence_length(pending[0]) if pending else 0

    def feed(self, token_id: int) -> str:
        """Add one token; return the characters it completes (possibly "")."""
        data = self._last = self._bytes_of(token_id)
        out = self._decoder.decode(data)
        self.text += out
        self.tokens_fed += 1
        return out

    def step(self, token_id: int) -> StreamStep:
        """Like :meth:`feed`, but returns the whole state after the token (for animation)."""
        out = self.feed(token_id)
        data = self._last
        return StreamStep(token_id, data, out, self.pending, self.needed)

    def flush(self) -> str:
        """End the stream: a dangling partial character becomes U+FFFD."""
        out = self._decoder.decode(b"", final=True)
        self.text += out
        return out

    def reset(self) -> None:
        self._bytes_of = self.tokenizer.byte_stream()
        self._decoder.reset()
        self.text = ""
        self.tokens_fed = 0
