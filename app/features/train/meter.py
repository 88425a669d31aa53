"""Speed and time-left estimates for progress displays.

:class:`RateMeter` turns ``(done, time)`` samples into a rate over a sliding window (a few
seconds, so the estimate follows speed changes without jumping at every batch) and a time
left: right for work of even cost, such as counting bytes. :class:`MergeTimeEstimator`
estimates the merge loop's time left, whose merges get cheaper over a run (its docstring has
the method); :class:`ActiveClock` measures the time that counts, without pauses. Pure Python: no Qt, so it is easy to test. Writing the figures is
:mod:`app.display.format`'s job.
"""

from __future__ import annotations

import math
import statistics
import time
from collections import deque

__all__ = ["RateMeter", "ActiveClock", "MergeTimeEstimator"]


class RateMeter:
    """Rate of progress over the last ``window`` seconds."""

    def __init__(self, window: float = 3.0) -> None:
        self.window = window
        self._samples: deque[tuple[float, float]] = deque()

    def reset(self) -> None:
        self._samples.clear()

    def add(self, done: float, now: float | None = None) -> None:
        now = time.monotonic() if now is None else now
        self._samples.append((now, float(done)))
        while len(self._samples) > 2 and now - self._samples[1][0] > self.window:
            self._samples.popleft()

    def rate(self) -> float | None:
        """Units per second, or None until two samples some time apart exist."""
        if len(self._samples) < 2:
            return None
        (t0, d0), (t1, d1) = self._samples[0], self._samples[-1]
        if t1 - t0 < 0.05:
            return None
        return max(0.0, (d1 - d0) / (t1 - t0))

    def time_left(self, total: float) -> float | None:
        rate = self.rate()
        if not rate or not self._samples:
            return None
        return max(0.0, (total - self._samples[-1][1]) / rate)


class ActiveClock:
    """Seconds of work, not counting pauses: the time axis of a time-left estimate.

    A paused run costs no time, so the estimate after Resume continues where it stopped
    instead of reading the pause as a slow stretch.
    """

    def __init__(self) -> None:
        self._total = 0.0
        self._since: float | None = None

    def start(self, now: float | None = None) -> None:
        if self._since is None:
            self._since = time.monotonic() if now is None else now

    def stop(self, now: float | None = None) -> None:
        if self._since is not None:
            self._total += (time.monotonic() if now is None else now) - self._since
            self._since = None

    def reset(self) -> None:
        self._total = 0.0
        self._since = None

    def seconds(self, now: float | None = None) -> float:
        if self._since is None:
            return self._total
        return self._total + (time.monotonic() if now is None else now) - self._since


class MergeTimeEstimator:
    """Time left of the merge loop, from ``(merges done, seconds of merging)`` samples.

    Method. A merge costs about as much as the positions it rewrites, and that falls over a
    run: the first merges join the most frequent pairs, the last ones pairs seen a few times,
    then the cost levels off at the loop's fixed cost per merge. A rate measured early
    therefore overestimates the rest (fourfold and more on 25 MB of Chinese at 10 % of the
    merges), and the average so far is worse still. So the estimator models the cost of merge
    ``x`` as a power law that has not finished falling, with a floor::

        cost(x) = c·(0.2 + 0.8·(x/n)^-a)      for x after the newest merge n

    ``c`` is the median cost per merge over the last quarter of the merges done, ``a`` how
    fast the median cost fell from the half before it (``[n/4, 3n/4]``), clamped to
    ``[0, 0.6]``: past decay is only partly trusted to go on, since the cost levels off.
    Medians, not means, so that a stall (garbage collection, another program) does not read
    as a slow run. The time left is the sum of ``cost(x)`` up to the known target, in closed
    form.

    No estimate exists (None) before ``min_fraction`` of the merges are done or before
    ``min_seconds`` of merging: a display then says so instead of guessing. Measured on the
    recorded real runs of ``tests/app/data/merge_traces.json`` (11 runs, 2 700 to 31 700
    merges) by ``tests/app/test_time_left.py``.
    """

    MAX_DECAY = 0.6
    FLOOR = 0.2

    def __init__(self, target: int, *, min_fraction: float = 0.03, min_seconds: float = 0.5) -> None:
        self.target = max(1, target)
        self.min_fraction = min_fraction
        self.min_seconds = min_seconds
        self._n: list[int] = []
        self._t: list[float] = []

    def reset(self, target: int | None = None) -> None:
        if target is not None:
            self.target = max(1, target)
        self._n.clear()
        self._t.clear()

    def add(self, merges: int, seconds: float) -> None:
        """A sample: ``merges`` done after ``seconds`` of merging (both growing)."""
        if merges <= 0 or seconds < 0 or (self._n and merges <= self._n[-1]):
            return
        # At most ~2000 samples a run: the newest replaces the last while merges stay close.
        if len(self._n) >= 2 and merges - self._n[-2] < self.target / 2000:
            self._n[-1], self._t[-1] = merges, seconds
            return
        self._n.append(merges)
        self._t.append(seconds)

    def _median_cost(self, lo: float, hi: float) -> float | None:
        """Median seconds per merge of the sample segments whose middle lies in ``[lo, hi)``."""
        n, t = self._n, self._t
        costs = [(t[i + 1] - t[i]) / (n[i + 1] - n[i]) for i in range(len(n) - 1) if lo <= (n[i] + n[i + 1]) / 2 < hi]
        return statistics.median(costs) if costs else None

    def seconds_left(self) -> float | None:
        """Seconds until ``target`` merges, or None while no honest estimate exists."""
        if not self._n:
            return None
        n, t = self._n[-1], self._t[-1]
        if n >= self.target:
            return 0.0
        if n < self.min_fraction * self.target or t < self.min_seconds:
            return None
        early = self._median_cost(n / 4, 3 * n / 4)
        recent = self._median_cost(3 * n / 4, n + 1)
        if early is None or recent is None:
            return None
        a = 0.0
        if early > 0 and recent > 0:
            a = min(self.MAX_DECAY, max(0.0, -math.log(recent / early) / math.log(7 / 4)))  # middles n/2, 7n/8
        cost = recent * (8 / 7) ** a  # the median was measured around 7n/8: the cost at n
        ratio = self.target / n
        falling = n * ((ratio ** (1 - a) - 1) / (1 - a))  # sum of (x/n)^-a for x in (n, target]
        return float(cost * ((1 - self.FLOOR) * falling + self.FLOOR * (self.target - n)))
