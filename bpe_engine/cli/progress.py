"""Progress on stderr: a one-line bar on a terminal, a few plain lines otherwise."""

from __future__ import annotations

import sys
import time
from typing import TextIO

__all__ = ["Progress"]


class Progress:
    """A one-line progress bar on a terminal; sparse plain lines when stderr is not one."""

    def __init__(
        self, label: str, total: float, unit: str = "", stream: TextIO = sys.stderr, quiet: bool = False
    ) -> None:
        self.label = label
        self.total = max(total, 1)
        self.unit = unit
        self.stream = stream
        self.quiet = quiet
        self.tty = stream.isatty()
        self.start = time.monotonic()
        self.last = 0.0
        self.last_decile = -1

    def _fmt(self, value: float) -> str:
        if self.unit == "B":
            for unit, size in (("GB", 1e9), ("MB", 1e6), ("kB", 1e3)):
                if value >= size:
                    return f"{value / size:.1f} {unit}"
            return f"{value:.0f} B"
        return f"{value:,.0f}"

    def update(self, done: float, force: bool = False) -> None:
        if self.quiet:
            return
        now = time.monotonic()
        frac = min(done / self.total, 1.0)
        if self.tty:
            if not force and now - self.last < 0.1:
                return
            self.last = now
            elapsed = now - self.start
            rate = done / elapsed if elapsed > 0 else 0.0
            left = (self.total - done) / rate if rate > 0 else 0.0
            bar = "#" * int(frac * 30)
            self.stream.write(
                f"\r{self.label:10s} [{bar:<30s}] {frac * 100:5.1f}% {self._fmt(done)}/{self._fmt(self.total)}"
                f" {self._fmt(rate)}{self.unit}/s ETA {left:4.0f}s "
            )
            self.stream.flush()
        else:
            decile = int(frac * 10)
            if decile > self.last_decile:
                self.last_decile = decile
                self.stream.write(f"{self.label}: {frac * 100:.0f}% ({self._fmt(done)}/{self._fmt(self.total)})\n")
                self.stream.flush()

    def close(self, message: str = "") -> None:
        if self.quiet:
            return
        elapsed = time.monotonic() - self.start
        if self.tty:
            self.stream.write("\r\x1b[K")
        self.stream.write(f"{self.label}: done in {elapsed:.1f}s{' - ' + message if message else ''}\n")
        self.stream.flush()
