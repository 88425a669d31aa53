"""A short text encoded with a rank table alone, before its merges or tiktoken's core exist.

A rank table opened lazily (an OpenAI encoding read from the cache) has its vocabulary but
neither its merge tables (seconds to rebuild) nor tiktoken's core (0.05-0.25 s building hash
maps in Rust while holding the interpreter lock). A short text needs neither: tiktoken merges,
in each piece, the adjacent pair whose joined bytes have the lowest rank, the leftmost of
equals, until no joined pair is a token (``byte_pair_merge`` in tiktoken's ``src/lib.rs``);
this does the same in Python on the pieces of our pre-tokenizer (as our encoder does for
every short text once the merges are made). Pieces longer than :data:`MAX_PIECE` bytes (the
loop is quadratic in a piece's length) are left to the caller.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..pretokenize import Pretokenizer, SpecialSplitter

__all__ = ["rank_encode", "rank_bpe", "MAX_PIECE"]

#: The longest piece merged here; a text with a longer one goes to tiktoken's core.
MAX_PIECE = 256


def rank_bpe(piece: bytes, ranks: Mapping[bytes, int]) -> list[int] | None:
    """The ids of one piece by tiktoken's rule (``ranks``: a token's bytes -> its id, which
    orders as its rank), or None when it is longer than :data:`MAX_PIECE` bytes."""
    whole = ranks.get(piece)
    if whole is not None:
        return [whole]
    if len(piece) > MAX_PIECE:
        return None
    parts = [piece[i : i + 1] for i in range(len(piece))]
    get = ranks.get
    while len(parts) > 1:
        best = -1
        best_rank = 0
        for i in range(len(parts) - 1):
            rank = get(parts[i] + parts[i + 1])
            if rank is not None and (best < 0 or rank < best_rank):
                best, best_rank = i, rank
        if best < 0:
            break
        parts[best : best + 2] = [parts[best] + parts[best + 1]]
    return [ranks[p] for p in parts]


def rank_encode(
    pretokenizer: Pretokenizer,
    ranks: Mapping[bytes, int],
    special_tokens: Mapping[str, int],
    splitter: SpecialSplitter,
    text: str,
    cache: dict[bytes, list[int]] | None = None,
) -> list[int] | None:
    """The ids of ``text`` (UTF-8 encodable), the special tokens ``splitter`` finds recognised
    (``special_tokens`` gives their ids); None when a piece is too long for :func:`rank_bpe`.
    ``cache``: pieces already merged (read and filled; the same rule, so the same ids)."""
    out: list[int] = []
    for segment, special in splitter.split(text):
        if special:
            out.append(special_tokens[segment])
            continue
        for piece in pretokenizer.split(segment):
            data = piece.encode("utf-8")
            ids = cache.get(data) if cache is not None else None
            if ids is None:
                ids = rank_bpe(data, ranks)
                if ids is None:
                    return None
                if cache is not None:
                    cache[data] = ids
            out += ids
    return out
