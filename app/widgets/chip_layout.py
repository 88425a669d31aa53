"""Where each chip goes: lines that wrap at a width, a chip whose text ends with a newline
ending its line, and after an edit only the lines that changed laid out again.

Plain Python (no Qt), so the rule is testable alone; :class:`~app.widgets.token_chips.ChipView`
measures the chips and paints them where this says. A :class:`ChipLayouter` lays out a few
chips at a time (each measured only when reached), so a view of 300 000 chips lays out what is
on screen first and the rest in slices between events, never in one long stall.
"""

from __future__ import annotations

from array import array
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

__all__ = ["GAP", "MARGIN", "ChipLines", "ChipLayouter", "lay_out_chips"]

GAP, MARGIN = 3.0, 6.0  # between chips; around them


@dataclass
class ChipLines:
    """Each chip's x offset and width, and the first chip of each line (of the chips laid
    out so far: ``len(xs)`` of them). Arrays, not lists: the garbage collector walks every
    item of a list, and a collection walking 300 000 chips' floats stalled the GUI."""

    xs: array[float] = field(default_factory=lambda: array("d"))
    widths: array[float] = field(default_factory=lambda: array("d"))
    line_first: array[int] = field(default_factory=lambda: array("q", [0]))

    def next_x(self) -> float:
        """Where the next chip would go on the last line (``MARGIN``: a new line starts)."""
        if not self.xs or self.line_first[-1] == len(self.xs):
            return MARGIN
        return self.xs[-1] + self.widths[-1] + GAP


class ChipLayouter:
    """Lays out ``n`` chips (chip ``i`` is ``width(i)`` wide, measured when reached) within
    ``avail`` pixels (``breaks[i]``: chip ``i`` ends its line), a slice at a time (:meth:`run`).

    With ``old`` and ``reuse`` (the chips kept unchanged at the start and at the end of the
    sequence after an edit), the lines before the edit are kept, and from the first line that
    starts with the same chip as before, the rest of ``old`` (as far as it was laid out) is
    reused, shifted."""

    def __init__(
        self,
        n: int,
        width: Callable[[int], float],
        breaks: Sequence[int],
        avail: float,
        old: ChipLines | None = None,
        reuse: tuple[int, int] | None = None,
        old_n: int | None = None,
    ) -> None:
        self.n, self._width, self._breaks, self._avail = n, width, breaks, avail
        self._old = old
        if reuse is not None and old is not None and old.xs:
            # ``old_n``: the chips of the old sequence, of which ``old`` laid out the first ones
            prefix = min(reuse[0], len(old.xs))
            line = bisect_right(old.line_first, prefix) - 1
            start = old.line_first[line]
            self.lines = ChipLines(old.xs[:start], old.widths[:start], old.line_first[: line + 1])
            self._shift = n - (len(old.xs) if old_n is None else old_n)
            self._resync_from = n - reuse[1]
        else:
            self.lines, self._shift, self._resync_from = ChipLines(), 0, n + 1  # never resync
        self._start = len(self.lines.xs)
        self._x = MARGIN
        #: How many chips were measured (by :meth:`run`) so far.
        self.measured = 0

    @property
    def done(self) -> bool:
        return len(self.lines.xs) >= self.n

    def run(self, budget: int) -> None:
        """Lay out at most ``budget`` more chips (all of them: ``budget >= n``)."""
        out, avail, breaks, n = self.lines, self._avail, self._breaks, self.n
        x, i = self._x, len(out.xs)
        stop = min(n, i + budget)
        while i < stop:
            if x == MARGIN and i >= self._resync_from and i > self._start and self._resync(i):
                return
            w = self._width(i)
            self.measured += 1
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
        self._x = x

    def _resync(self, i: int) -> bool:
        """A line starts at chip ``i``; if the same chip started a line before the edit, the
        rest of the old layout is still right, shifted by the chips added or removed."""
        old, out = self._old, self.lines
        assert old is not None
        j = i - self._shift
        k = bisect_left(old.line_first, j)
        if not (k < len(old.line_first) and old.line_first[k] == j):
            return False
        out.xs.extend(old.xs[j:])
        out.widths.extend(old.widths[j:])
        shift = self._shift
        out.line_first.extend(f + shift for f in old.line_first[k + 1 :])
        self._resync_from = self.n + 1  # the old layout is used up: go on alone
        self._x = out.next_x()
        return True


def lay_out_chips(
    n: int,
    width: Callable[[int], float],
    breaks: Sequence[int],
    avail: float,
    old: ChipLines | None = None,
    reuse: tuple[int, int] | None = None,
) -> ChipLines:
    """All the lines of ``n`` chips at once (see :class:`ChipLayouter`)."""
    layouter = ChipLayouter(n, width, breaks, avail, old, reuse)
    while not layouter.done:
        layouter.run(n + 1)
    return layouter.lines
