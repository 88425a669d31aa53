"""Reading and checking the lines of a tiktoken rank file (``base64-token rank`` per line)
into a ``{token bytes: rank}`` table; errors name the line."""

from __future__ import annotations

import base64
import binascii
import functools

import numpy as np

from ...errors import TokenizerFileError, as_typed
from ..jsonfile import short

__all__ = ["parse_ranks"]


def parse_ranks(data: bytes, source: str) -> dict[bytes, int]:
    """``base64-token rank`` lines; a token or a rank given twice is an error naming the line.

    A file of exactly such lines (one space each, no blank line) is read at C speed: one
    split, ``binascii`` and ``int`` mapped over the fields (the layout checked with NumPy).
    Anything else, or any bad field, goes line by line (:func:`_parse_ranks_slowly`), which
    names the first bad line.
    """
    body = data[:-1] if data.endswith(b"\n") else data
    if not _plain_lines(body):
        return _parse_ranks_slowly(data, source)
    parts = body.split()
    try:
        tokens = list(map(_b64, parts[0::2]))
        numbers = list(map(int, parts[1::2]))
    except (ValueError, binascii.Error):
        return _parse_ranks_slowly(data, source)
    ranks = dict(zip(tokens, numbers))
    if len(ranks) != len(tokens) or len(set(numbers)) != len(numbers) or min(numbers, default=0) < 0:
        return _parse_ranks_slowly(data, source)
    return ranks


_OTHER_SPACE = b"\t\r\x0b\x0c"


def _plain_lines(body: bytes) -> bool:
    """Whether ``body`` is non-empty lines, each two non-empty fields around one space."""
    if not body or any(c in body for c in _OTHER_SPACE):
        return False
    arr = np.frombuffer(body, dtype=np.uint8)
    newlines = np.flatnonzero(arr == 10)
    spaces = np.flatnonzero(arr == 32)
    if len(spaces) != len(newlines) + 1:
        return False
    starts = np.concatenate(([0], newlines + 1))
    ends = np.concatenate((newlines, [len(body)]))
    return bool(np.all(spaces > starts) and np.all(spaces + 1 < ends))


_b64 = functools.partial(binascii.a2b_base64, strict_mode=True)  # no Python frame per token


def _parse_ranks_slowly(data: bytes, source: str) -> dict[bytes, int]:
    """:func:`parse_ranks` line by line, raising at the first bad line (or the parse)."""
    ranks: dict[bytes, int] = {}
    line_of_rank: dict[int, int] = {}
    line_of_token: dict[bytes, int] = {}
    for lineno, line in enumerate(data.split(b"\n"), 1):
        if not line.strip():
            continue
        try:
            token_b64, rank_text = line.split()
            token = base64.b64decode(token_b64, validate=True)
            rank = int(rank_text)
            if rank < 0:
                raise ValueError
        except ValueError:
            raise TokenizerFileError(
                f"{source}: line {lineno} must be '<base64 token> <rank>' with a rank of 0 or more, got {as_typed(line.decode('utf-8', 'replace'))}"
            ) from None
        if token in line_of_token:
            raise TokenizerFileError(
                f"{source}: line {lineno} repeats the token {short(token)} of line {line_of_token[token]}"
            )
        if rank in line_of_rank:
            raise TokenizerFileError(f"{source}: line {lineno} repeats the rank {rank} of line {line_of_rank[rank]}")
        line_of_token[token] = lineno
        line_of_rank[rank] = lineno
        ranks[token] = rank
    return ranks
