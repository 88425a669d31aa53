"""Where each chip goes: lines that wrap at a width, a chip whose text ends with a newline
ending its line, and after an edit only the lines that changed laid out again.

Plain Python (no Qt), so the rule is testable alone; :class:`~app.widgets.token_chips.ChipView`
measures the chips and paints them where this says.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

__all__ = ["GAP", "MARGIN", "ChipLines", "lay_out_chips"]

GAP, MARGIN = 3.0, 6.0  # between chips; around them


@dataclass
class ChipLines:
    """Each chip's x offset and width, and the first chip of each line."""

    xs: list[float] = field(default_factory=list)
    widths: list[float] = field(default_factory=list)
    line_first: list[int] = field(default_factory=lambda: [0])


def lay_out_chips(
    n: int,
    width: Callable[[int], float],
    breaks: Sequence[bool],
    avail: float,
    old: ChipLines | None = None,
    reuse: tuple[int, int] | None = None,
) -> ChipLines:
    """Lines of ``n`` chips (chip ``i`` is ``width(i)`` wide, measured when reached) within ``avail`` pixels (``breaks[i]``: chip ``i`` ends
    its line). With ``old`` and ``reuse`` (the chips kept unchanged at the start and at the
    end of the sequence after an edit), the lines before the edit are kept, and from the first
    line that starts with the same chip as before, the rest of ``old`` is reused, shifted."""
    if reuse is not None and old is not None and old.xs:
        prefix, suffix = reuse
        line = bisect_right(old.line_first, prefix) - 1
        start = old.line_first[line]
        out = ChipLines(old.xs[:start], old.widths[:start], old.line_first[: line + 1])
        shift, resync_from = n - len(old.xs), n - suffix
    else:
        start, out, shift, resync_from = 0, ChipLines(), 0, n + 1  # never resync
    x, i = MARGIN, start
    while i < n:
        if x == MARGIN and i >= resync_from and i > start and old is not None:
            # A line starts here; if the same chip started a line before the edit, the rest
            # of the old layout is still right, shifted by the chips added or removed.
            j = i - shift
            k = bisect_left(old.line_first, j)
            if k < len(old.line_first) and old.line_first[k] == j:
                out.xs.extend(old.xs[j:])
                out.widths.extend(old.widths[j:])
                out.line_first.extend(f + shift for f in old.line_first[k + 1 :])
                break
        w = width(i)
        if x > MARGIN and x + w > avail:
            out.line_first.append(i)
            x = MARGIN
            continue  # re-check the resync at the new line start
        out.xs.append(x)
        out.widths.append(min(w, avail - MARGIN) if x == MARGIN else w)
        x += w + GAP
        if breaks[i] and i + 1 < n:
            out.line_first.append(i + 1)
            x = MARGIN
        i += 1
    return out
