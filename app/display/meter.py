"""Speed and time-left estimates for progress displays.

:class:`RateMeter` turns ``(done, time)`` samples into a rate over a sliding window (a few
seconds, so the estimate follows speed changes without jumping at every batch) and a time
left. Pure Python: no Qt, so it is easy to test. Writing the figures is
:mod:`app.display.format`'s job.
"""

from __future__ import annotations

import time
from collections import deque

__all__ = ["RateMeter"]


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
