"""Reading version 1 checkpoints (BPE Explorer before the words were saved instead of the
merge loop's arrays): their loop arrays are turned into the distinct pre-tokens as they
stood, so such a file resumes as a version 2 one holding its words does."""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from .events import CountingDone, MergeEvent

__all__ = ["parse_v1"]

_HISTORY = ("left_id", "right_id", "count", "replaced", "tokens", "tied_left", "tied_right")


def _column(arrays: Mapping[str, np.ndarray], name: str, size: int | None, low: int | None = None) -> np.ndarray:
    array = arrays.get(name)
    if array is None:
        raise ValueError(f"the array {name!r} is missing")
    if array.ndim != 1 or array.dtype.kind not in "iu":
        raise ValueError(f"the array {name!r} must be a 1-D integer array, got {array.dtype} {array.shape}")
    if size is not None and array.size != size:
        raise ValueError(f"the array {name!r} has {array.size} values where {size} were expected")
    if low is not None and array.size and int(array.min()) < low:
        raise ValueError(f"the array {name!r} holds a value below {low}")
    return array.astype(np.int64)


def parse_v1(
    arrays: Mapping[str, np.ndarray], counting: CountingDone | None
) -> tuple[list[bytes], list[MergeEvent], tuple[np.ndarray, np.ndarray, np.ndarray] | None]:
    """The tokens, the merge history and the words (ids, lens, counts; None for a run saved
    while counting) of a version 1 checkpoint's arrays; ``ValueError`` names a bad array."""
    tok = [bytes([i]) for i in range(256)]
    if not any(k.startswith("loop.") for k in arrays):
        return tok, [], None
    if counting is None:
        raise ValueError("it has a merge loop but no counting totals")
    sym = _column(arrays, "loop.sym", None, low=-1)
    n = int(sym.size)
    starts = _column(arrays, "loop.word_start", None, low=0)
    lens = _column(arrays, "loop.word_len", starts.size, low=1)
    counts = _column(arrays, "loop.word_count", starts.size, low=1)
    if starts.size and (int((starts + lens).max()) > n or bool((starts[1:] != (starts + lens)[:-1]).any())):
        raise ValueError("the arrays 'loop.word_start' and 'loop.word_len' do not tile 'loop.sym'")
    tok_len = _column(arrays, "loop.tok_len", None, low=1)
    raw = arrays.get("loop.tok_bytes")
    if raw is None or raw.dtype != np.uint8 or raw.ndim != 1 or raw.size != int(tok_len.sum()) or tok_len.size < 256:
        raise ValueError("the array 'loop.tok_bytes' does not hold the tokens 'loop.tok_len' describes")
    data = raw.tobytes()
    ends = np.cumsum(tok_len).tolist()
    saved_tok = [data[s:e] for s, e in zip([0, *ends[:-1]], ends)]
    columns = [_column(arrays, f"history.{k}", len(saved_tok) - 256) for k in _HISTORY]
    history = []
    for rank, (a, b, count, replaced, tokens, ta, tb) in enumerate(zip(*(c.tolist() for c in columns))):
        if not (0 <= a < 256 + rank and 0 <= b < 256 + rank and saved_tok[256 + rank] == tok[a] + tok[b]):
            raise ValueError(f"merge {rank} of the history is not the loop's merge {rank}")
        if not (-1 <= ta < 256 + rank and -1 <= tb < 256 + rank):
            raise ValueError(f"merge {rank} of the history ties with a token that does not exist")
        tok.append(tok[a] + tok[b])
        tied = (tok[ta], tok[tb]) if ta >= 0 and tb >= 0 else None
        history.append(MergeEvent(rank, a, b, tok[a], tok[b], 256 + rank, count, replaced, tokens, tied))
    if saved_tok[:256] != tok[:256]:
        raise ValueError("the first 256 tokens of 'loop.tok_bytes' are not the bytes")
    if int(sym.max(initial=-1)) >= len(tok):
        raise ValueError("the array 'loop.sym' holds a token that does not exist")
    live = sym >= 0
    before = np.zeros(n + 1, dtype=np.int64)
    np.cumsum(live, out=before[1:])
    return tok, history, (sym[live], before[starts + lens] - before[starts], counts)
