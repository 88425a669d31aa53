"""Where a text may be cut into blocks that encode independently.

A cut must not fall inside a special token that is recognised, nor change the
pre-tokenizer's pieces (the pre-tokenizer's safe cuts guarantee that; the end of a recognised
special token is a cut too). Blocks let :mod:`.stream` encode a stream lazily and
``Tokenizer.encode`` encode a very long string without building one huge list of pieces.
"""

from __future__ import annotations

from ..pretokenize import Pretokenizer, SpecialSplitter

__all__ = ["safe_cut_before", "search_end"]

_MARGIN = 16  # characters: more than any safe-cut rule looks ahead (two)


def safe_cut_before(pre: Pretokenizer, specials: SpecialSplitter, buf: str, target: int, searched: int = 0) -> int:
    """The last position up to ``target`` where ``buf`` may be cut, else the first one after
    it; 0 if there is none. ``specials`` are the special tokens recognised in the text.
    ``searched``: a call on a shorter start of ``buf`` found no cut before this position
    (:func:`search_end`), so the text rule is not run there again, but for a margin as long
    as its look-ahead may reach."""
    max_special = max(map(len, specials.tokens), default=0)
    usable = len(buf) - max_special  # a special token could start here and end after buf
    if usable <= 0:
        return 0
    known = searched - max_special - _MARGIN  # before this, no cut: judged with all it looks at
    spans: list[tuple[int, int]] = []
    pattern = specials.pattern
    if pattern is not None:
        for m in pattern.finditer(buf):
            if m.start() + max_special > len(buf):
                break
            spans.append(m.span())
    candidates = [e for _, e in spans if e <= usable]
    if pre.safe_cut is not None:
        end = min(usable, max(target, 1))
        # (the last cut before the target lies after ``known``, if there is one)
        lo = max(0, known)
        last = pre.last_safe_cut(buf, lo, end) if lo < end and pre.may_cut(buf, lo, end) else None
        if last is None:  # none before the target: take the first one after it
            lo = max(end, known)
            after = pre.safe_cut.search(buf, lo, usable) if pre.may_cut(buf, lo, usable) else None
            last = after.start() if after else None
        if last is not None:
            candidates.append(last)
    best = 0
    for c in candidates:
        if 0 < c <= usable and not any(s < c < e for s, e in spans):
            if best == 0 or abs(c - target) < abs(best - target):
                best = c
    return best


def search_end(specials: SpecialSplitter, buf: str) -> int:
    """Where :func:`safe_cut_before` stopped looking on ``buf`` (its ``searched`` for a
    longer ``buf`` with the same start, after it found no cut)."""
    return max(0, len(buf) - max(map(len, specials.tokens), default=0))
