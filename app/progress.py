"""Speed and time-left estimates for progress displays, and their wording.

:class:`RateMeter` turns ``(done, time)`` samples into a rate over a sliding window (a few
seconds, so the estimate follows speed changes without jumping at every batch) and a time
left. The ``format_*`` helpers write sizes, rates and durations the way people read them.
Pure Python: no Qt, so it is easy to test.
"""

from __future__ import annotations

import time
from collections import deque

__all__ = ["RateMeter", "format_bytes", "format_duration", "format_count"]


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


def format_bytes(n: float) -> str:
    """``1536`` -> ``"1.5 KB"`` (decimal units, as file managers show them)."""
    for unit in ("bytes", "KB", "MB", "GB"):
        if abs(n) < 1000 or unit == "GB":
            if unit == "bytes":
                return f"{int(n)} bytes" if n != 1 else "1 byte"
            return f"{n:.1f} {unit}"
        n /= 1000
    return f"{n:.1f} GB"  # pragma: no cover


def format_count(n: int) -> str:
    """``12345`` -> ``"12 345"`` (a thin space groups digits in any locale)."""
    return f"{n:,}".replace(",", "\u202f")


def format_duration(seconds: float | None) -> str:
    """``75`` -> ``"1 min 15 s"``; None -> ``"…"`` (not known yet)."""
    if seconds is None:
        return "…"
    s = int(round(seconds))
    if s < 60:
        return f"{s} s"
    m, s = divmod(s, 60)
    if m < 60:
        return f"{m} min {s:02d} s"
    h, m = divmod(m, 60)
    return f"{h} h {m:02d} min"
