"""The Timeline's token curve: the text's token count after every number of merges (exact,
``Tokenizer.token_curve``), with a red marker at the slider's k.

Its own module because the plot's set-up (downsampling, axis colours, names written again
after a language change) has nothing to do with the chips beside it.
"""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg

from app.core.i18n import bind, tr
from app.widgets.plots import MergeAxis, fit_or_empty, without_scene_export

__all__ = ["CurvePlot"]


class CurvePlot:
    """The plot widget (``plot``), its curve and its marker (see the module docstring)."""

    def __init__(self) -> None:
        self.plot = without_scene_export(
            pg.PlotWidget(background="w", axisItems={"bottom": MergeAxis("bottom"), "left": MergeAxis("left")})
        )
        self.retranslate()
        self.plot.setMouseEnabled(x=False, y=False)
        self.plot.hideButtons()
        for side in ("left", "bottom"):
            self.plot.getAxis(side).setPen("#555")
            self.plot.getAxis(side).setTextPen("#333")
        # subtle: the marker moves at every position and the plot repaints with it; a curve of
        # 200 000 points drawn in full took ~10 ms a time: draw at most a point per pixel.
        self.plot.getPlotItem().setDownsampling(auto=True, mode="peak")
        self.plot.getPlotItem().setClipToView(True)
        self.curve_item = self.plot.plot(pen=pg.mkPen("#1565c0", width=2))
        self.marker = pg.InfiniteLine(angle=90, movable=False, pen=pg.mkPen("#c62828", width=2))
        self.plot.addItem(self.marker)
        bind(
            self.plot,
            "setToolTip",
            "The text's token count with the first k merges, for every k (exact); red: the slider",
        )

    def clear(self) -> None:
        """No curve, and axes of nothing (not the last tokenizer's)."""
        self.curve_item.setData([], [])
        self.marker.setValue(0)
        self.marker.setVisible(False)  # (a red line at merge 0 of no tokenizer)
        fit_or_empty(self.plot, 0)

    def show_curve(self, curve: np.ndarray, k: int) -> None:
        """Draw ``curve`` (token count after 0..n merges) with the marker at ``k``."""
        self.curve_item.setData(np.arange(len(curve), dtype=np.float64), curve.astype(np.float64))
        self.marker.setValue(k)
        self.marker.setVisible(True)
        fit_or_empty(self.plot, len(curve))

    def mark(self, k: int) -> None:
        self.marker.setValue(k)

    def retranslate(self) -> None:
        # (pyqtgraph keeps no source text: its title and axis labels are written again)
        self.plot.setTitle(tr("Tokens after k merges"), color="#333")
        self.plot.setLabel("bottom", tr("merges"))
        self.plot.setLabel("left", tr("tokens"))
