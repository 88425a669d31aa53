"""Live training plots (pyqtgraph): pair count per merge, and the corpus' bytes per token.

- *Pair count at merge* (log y): how often each merged pair occurred, against its rank; it
  falls steeply, then flattens into a long tail of rare pairs.
- *Bytes per token*: the training corpus' bytes divided by its length in tokens after each
  merge. Exact, not sampled: the corpus starts as ``CountingDone.initial_tokens`` tokens and
  every merge of a pair with count ``c`` removes ``c`` tokens.

Data is kept in growing NumPy arrays and redrawn once per batch of merges. The widget
computes nothing about training itself; it is fed events.
"""

from __future__ import annotations

from typing import Iterable

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QBoxLayout, QWidget

from bpe_engine import CountingDone

__all__ = ["TrainingPlots"]


class _Series:
    """A growable float array (amortised appends)."""

    def __init__(self) -> None:
        self._data = np.empty(1024, dtype=np.float64)
        self.size = 0

    def extend(self, values: Iterable[float]) -> None:
        arr = np.fromiter(values, dtype=np.float64)
        need = self.size + arr.size
        if need > self._data.size:
            grown = np.empty(max(need, 2 * self._data.size), dtype=np.float64)
            grown[: self.size] = self._data[: self.size]
            self._data = grown
        self._data[self.size:need] = arr
        self.size = need

    def clear(self) -> None:
        self.size = 0

    @property
    def values(self) -> np.ndarray:
        return self._data[: self.size]


class TrainingPlots(QWidget):
    """Two plots (stacked, or side by side), fed with ``set_counting`` and ``add_merges``."""

    def __init__(self, parent: QWidget | None = None, *,
                 orientation: Qt.Orientation = Qt.Orientation.Vertical) -> None:
        super().__init__(parent)
        # subtle: colors are set per widget; pg.setConfigOptions would change every other plot too
        self.count_plot = pg.PlotWidget(background="w")
        self.count_plot.setTitle("Pair count at each merge", color="#333")
        self.count_plot.setLabel("bottom", "merge rank")
        self.count_plot.setLabel("left", "pair count (log)")
        self.count_plot.setLogMode(x=False, y=True)
        self.count_plot.showGrid(x=True, y=True, alpha=0.2)
        self.count_plot.setToolTip("How often each merged pair occurred when it was merged (log scale)")
        self.count_curve = self.count_plot.plot(pen=pg.mkPen("#1565c0", width=2), antialias=True)

        self.bpt_plot = pg.PlotWidget(background="w")
        self.bpt_plot.setTitle("Bytes per token (training corpus)", color="#333")
        self.bpt_plot.setLabel("bottom", "merges")
        self.bpt_plot.setLabel("left", "bytes per token")
        self.bpt_plot.showGrid(x=True, y=True, alpha=0.2)
        self.bpt_plot.setToolTip(
            "Corpus bytes ÷ corpus tokens after each merge (exact: a merge of a pair seen c times removes c tokens)"
        )
        self.bpt_curve = self.bpt_plot.plot(pen=pg.mkPen("#2e7d32", width=2), antialias=True)
        for plot in (self.count_plot, self.bpt_plot):
            for side in ("left", "bottom"):
                plot.getAxis(side).setPen("#555")
                plot.getAxis(side).setTextPen("#333")
            plot.setMouseEnabled(x=True, y=False)
            plot.getPlotItem().setDownsampling(auto=True, mode="peak")
            plot.getPlotItem().setClipToView(True)

        direction = (QBoxLayout.Direction.TopToBottom if orientation == Qt.Orientation.Vertical
                     else QBoxLayout.Direction.LeftToRight)
        layout = QBoxLayout(direction, self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.count_plot)
        layout.addWidget(self.bpt_plot)

        self._counts = _Series()
        self._bpt = _Series()
        self._total_bytes = 0
        self._tokens = 0

    def reset(self) -> None:
        self._counts.clear()
        self._bpt.clear()
        self._total_bytes = 0
        self._tokens = 0
        self.count_curve.setData([], [])
        self.bpt_curve.setData([], [])

    def set_counting(self, done: CountingDone) -> None:
        """Start the bytes-per-token curve at merge 0 (no merge yet)."""
        self._counts.clear()
        self._bpt.clear()
        self._total_bytes = done.total_bytes
        self._tokens = done.initial_tokens
        if self._tokens > 0:
            self._bpt.extend([self._total_bytes / self._tokens])
        self._redraw()

    def add_merges(self, counts: Iterable[int]) -> None:
        counts = list(counts)
        if not counts:
            return
        self._counts.extend(counts)
        if self._total_bytes:
            tokens = self._tokens - np.cumsum(np.asarray(counts, dtype=np.float64))
            self._tokens = int(tokens[-1])
            self._bpt.extend(self._total_bytes / np.maximum(tokens, 1.0))
        self._redraw()

    @property
    def tokens(self) -> int:
        """The corpus length in tokens after the merges seen so far."""
        return self._tokens

    def bytes_per_token(self) -> np.ndarray:
        return self._bpt.values.copy()

    def pair_counts(self) -> np.ndarray:
        return self._counts.values.copy()

    def _redraw(self) -> None:
        counts = self._counts.values
        self.count_curve.setData(np.arange(counts.size, dtype=np.float64), np.maximum(counts, 1.0))
        bpt = self._bpt.values
        self.bpt_curve.setData(np.arange(bpt.size, dtype=np.float64), bpt)
