"""Encoding a stream of text lazily (``Tokenizer.encode_iterable``, and ``Tokenizer.encode``
of very long strings).

Text is held back only until a point where the pieces cannot change: the end of a recognised
special token, or the pre-tokenizer's safe cut (:mod:`.cuts`); so memory follows the block
size or the longest stretch without such a point, never the input. Where no cut point comes,
the next search waits for twice as much text, so the work stays linear in the input.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from .._text import fix_surrogates
from ..errors import SpecialTokenError
from ..pretokenize import SpecialSplitter
from .cuts import safe_cut_before, search_end
from .encoder import Encoder

__all__ = ["ITER_BLOCK", "iter_encode"]

ITER_BLOCK = 16_384  # characters encoded at a time


def iter_encode(
    encoder: Encoder,
    iterable: Iterable[str],
    allowed: frozenset[str],
    disallowed: frozenset[str] = frozenset(),
    block: int = ITER_BLOCK,
) -> Iterator[list[int]]:
    """Token ids of the concatenation of ``iterable``, a list per block of about ``block``
    characters, with the special tokens in ``allowed`` recognised; text of one in
    ``disallowed`` raises :class:`~bpe_engine.errors.SpecialTokenError` with its offset in
    the whole stream (a token cut across two blocks is found too)."""
    specials = encoder.splitter_for(allowed)
    pre = encoder.tables.pretokenizer
    check = encoder.splitter_for(disallowed) if disallowed else None
    longest = max(map(len, disallowed), default=1)
    buf = ""
    tail = ""  # the end of the last block, for disallowed tokens that straddle a cut
    done = 0  # characters of the stream before buf
    wait_for = block  # encode when buf holds this much (doubled while no cut point comes)
    searched = 0  # no cut in buf before this (each doubling searches only what is new)
    for chunk in iterable:
        if not isinstance(chunk, str):
            raise TypeError(f"encode_iterable() takes strings, got {type(chunk).__name__}")
        if not chunk:
            continue
        buf += chunk
        while len(buf) >= wait_for:
            cut = safe_cut_before(pre, specials, buf, block, searched)
            if not cut:
                wait_for = 2 * len(buf)
                searched = search_end(specials, buf)
                break
            piece = buf[:cut]
            if check is not None:
                _refuse(check, tail + piece, done - len(tail))
                tail = piece[-(longest - 1) :] if longest > 1 else ""
            yield _encode_block(encoder, piece, allowed)
            done += cut
            buf = buf[cut:]
            wait_for, searched = block, 0
    if buf:
        if check is not None:
            _refuse(check, tail + buf, done - len(tail))
        yield _encode_block(encoder, buf, allowed)


def _refuse(check: SpecialSplitter, text: str, offset: int) -> None:
    found = check.first(text)
    if found is not None:
        raise SpecialTokenError(found[0], offset + found[1])


def _encode_block(encoder: Encoder, text: str, allowed: frozenset[str]) -> list[int]:
    try:
        return encoder.encode(text, allowed)
    except UnicodeEncodeError:  # lone surrogates: tiktoken's repair (see Tokenizer.encode)
        return encoder.encode(fix_surrogates(text), allowed)
