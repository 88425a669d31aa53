"""Encoding a stream of text lazily (``Tokenizer.encode_iterable``).

Text is held back only until a point where the pieces cannot change: the end of a special
token, or the pre-tokenizer's safe cut; so memory follows the block size, not the input.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from .encoder import Encoder

__all__ = ["ITER_BLOCK", "iter_encode", "safe_cut_before"]

ITER_BLOCK = 16_384  # characters encoded at a time


def iter_encode(
    encoder: Encoder, iterable: Iterable[str], allowed: frozenset[str], block: int = ITER_BLOCK
) -> Iterator[int]:
    """Token ids of the concatenation of ``iterable``, ``block`` characters at a time, with
    the special tokens in ``allowed`` recognised."""
    buf = ""
    for chunk in iterable:
        if not chunk:
            continue
        buf += chunk
        while len(buf) >= block:
            cut = safe_cut_before(encoder, buf, block)
            if not cut:
                break
            yield from encoder.encode(buf[:cut], allowed)
            buf = buf[cut:]
    if buf:
        yield from encoder.encode(buf, allowed)


def safe_cut_before(encoder: Encoder, buf: str, target: int) -> int:
    """The last position <= ``target`` (or the first after it) where ``buf`` may be cut; 0 if none."""
    tables = encoder.tables
    max_special = tables.max_special
    usable = len(buf) - max_special  # a special token could start here and end after buf
    if usable <= 0:
        return 0
    spans: list[tuple[int, int]] = []
    pattern = tables.all_specials.pattern
    if pattern is not None:
        for m in pattern.finditer(buf):
            if m.start() + max_special > len(buf):
                break
            spans.append(m.span())
    candidates = [e for _, e in spans if e <= usable]
    pre = tables.pretokenizer
    if pre.safe_cut is not None:
        last = pre.last_safe_cut(buf, 0, min(usable, max(target, 1)))
        if last is None:  # none before the target: take the first one after it
            after = pre.safe_cut.search(buf, min(usable, max(target, 1)), usable)
            last = after.start() if after else None
        if last is not None:
            candidates.append(last)
    best = 0
    for c in candidates:
        if 0 < c <= usable and not any(s < c < e for s, e in spans):
            if best == 0 or abs(c - target) < abs(best - target):
                best = c
    return best
