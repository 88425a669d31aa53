"""The Sweep's exports: where to save the chart (PNG picture or SVG drawing) or every point
(CSV), and writing the chart in the chosen format.

Its own module so that the file dialogs and formats stay out of the view, which only says
what was saved (or why not).
"""

from __future__ import annotations

import os
from enum import StrEnum
from pathlib import Path

import pyqtgraph as pg
from PySide6.QtWidgets import QFileDialog, QWidget

from app.core.i18n import tr
from app.core.settings import Settings
from app.widgets.export import export_png, export_svg

__all__ = ["ChartFormat", "choose_chart_path", "choose_csv_path", "write_chart"]


class ChartFormat(StrEnum):
    """A format the chart is saved in: its file suffix."""

    PNG = "png"  # a picture, twice the screen's pixels
    SVG = "svg"  # a drawing

    @classmethod
    def of(cls, path: str) -> ChartFormat:
        """The format a path asks for: SVG for a ``.svg`` path, else PNG."""
        return cls.SVG if path.lower().endswith(".svg") else cls.PNG


def _start(settings: Settings | None, name: str) -> str:
    return os.path.join(settings.last_folder if settings else str(Path.home()), name)


def choose_chart_path(parent: QWidget, settings: Settings | None) -> str:
    """Ask where to save the chart ("" when cancelled); the path ends in a format's suffix
    (the chosen filter's when the name has none)."""
    path, chosen = QFileDialog.getSaveFileName(
        parent,
        tr("Export the chart"),
        _start(settings, "vocab_sweep.png"),
        tr("PNG picture (*.png);;SVG drawing (*.svg)"),
    )
    if path and not path.lower().endswith(tuple(f".{f}" for f in ChartFormat)):
        path += f".{ChartFormat.SVG if ChartFormat.SVG in chosen.lower() else ChartFormat.PNG}"
    return path


def choose_csv_path(parent: QWidget, settings: Settings | None) -> str:
    """Ask where to save the points ("" when cancelled); the path ends in ``.csv``."""
    path, _ = QFileDialog.getSaveFileName(
        parent,
        tr("Export the points as CSV"),
        _start(settings, "vocab_sweep.csv"),
        "CSV (*.csv)",  # i18n: none
    )
    if path and not path.lower().endswith(".csv"):
        path += ".csv"
    return path


def write_chart(plot: pg.PlotWidget, path: str) -> None:
    """Save ``plot`` to ``path`` in the format its suffix asks for (OSError when it cannot)."""
    if ChartFormat.of(path) is ChartFormat.SVG:
        export_svg(plot, path, tr("Bytes per token against vocabulary size"))
    else:
        export_png(plot, path, scale=2.0)
