"""Zoom: one factor for a whole window, followed by every view's fonts, chips, tables and plots.

:func:`apply_zoom` gives the window a font ``factor`` times the application's; widgets that
inherit their font follow by themselves (chip views re-measure their chips on the font
change). What does not inherit is scaled here, from the size it had at zoom 1 (remembered on
the widget the first time it is seen):

- widgets with a font of their own (monospace text boxes, the larger fonts of Explain and
  step mode), and widgets a style sheet keeps from following their parent's font (a Qt
  quirk: a widget with a style sheet, and those under it, miss the font change);
- fixed sizes measured in pixels: table rows (``QHeaderView`` default section sizes), fixed
  and maximum heights;
- pyqtgraph plots (a ``QGraphicsView`` ignores widget fonts): tick labels, axis labels,
  titles and legends.

Widgets created after a zoom are scaled on the next :func:`apply_zoom` (the window applies
it again when the user changes tabs). Hidden tabs can be left out (``later``) and zoomed when
shown (:func:`catch_up`).

It leaves out deciding the factor (the window's presentation controller).
"""

from __future__ import annotations

from collections.abc import Collection

import pyqtgraph as pg
from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableView, QWidget

from app.widgets.plots import refit_title

__all__ = [
    "apply_zoom",
    "zoom_window_font",
    "walk_zoom",
    "catch_up",
    "zoom_factor",
    "ZOOM_STEPS",
    "MIN_ZOOM",
    "MAX_ZOOM",
    "plot_point_size",
]

#: The zoom factors Ctrl+= and Ctrl+- step through.
ZOOM_STEPS = (0.75, 0.85, 1.0, 1.15, 1.3, 1.5, 1.75, 2.0, 2.35, 2.75, 3.2)
MIN_ZOOM, MAX_ZOOM = ZOOM_STEPS[0], ZOOM_STEPS[-1]
_WIDGET_MAX = 16_777_215  # QWIDGETSIZE_MAX: no maximum set

# Dynamic properties holding what a widget had at zoom 1.
_FONT = "zoomBasePointSize"
_MAX_H = "zoomBaseMaximumHeight"
_ROW = "zoomBaseRowHeight"
_ZOOM = "zoomFactor"
_PLOT = "zoomPlotPointSize"


def zoom_factor(window: QWidget) -> float:
    """The factor last applied to ``window`` (1.0 before any)."""
    value = window.property(_ZOOM)
    return float(value) if value else 1.0


def plot_point_size(plot: QWidget) -> float:
    """The point size a zoomed plot's labels use (0: not zoomed yet)."""
    value = plot.property(_PLOT)
    return float(value) if value else 0.0


def _base(widget: QWidget, name: str, current: float, old: float) -> float:
    """What ``widget`` had at zoom 1 for ``name``: remembered, or ``current`` seen at zoom ``old``."""
    value = widget.property(name)
    if value is None:
        value = current / old
        widget.setProperty(name, value)
    return float(value)


def apply_zoom(window: QWidget, factor: float, base_font: QFont, later: Collection[QWidget] = ()) -> None:
    """Zoom ``window`` and everything in it to ``factor`` times ``base_font``'s size.

    ``later``: parts of the window (hidden tabs) kept at their zoom until :func:`catch_up`
    (when shown): Qt re-applies a font to every widget under the one that changes, ~1 000
    widgets for all the tabs, 150-230 ms of CPU.
    """
    old = zoom_window_font(window, factor, base_font, later)
    walk_zoom(window, old, later)


def zoom_window_font(window: QWidget, factor: float, base_font: QFont, later: Collection[QWidget] = ()) -> float:
    """The first half of :func:`apply_zoom`: the window's font (what inherits it follows);
    returns the factor before, for :func:`walk_zoom`, which must come before the next zoom."""
    old = zoom_factor(window)
    for part in later:
        if old != factor and part.property(_ZOOM) is None:
            # subtle: a font of its own, the one it has, stops the window's from reaching it
            kept = QFont(part.font())
            kept.setPointSizeF(kept.pointSizeF())
            part.setFont(kept)
            part.setProperty(_ZOOM, old)
    font = QFont(base_font)
    font.setPointSizeF(base_font.pointSizeF() * factor)
    window.setFont(font)
    window.setProperty(_ZOOM, factor)
    return old


def walk_zoom(window: QWidget, old: float, later: Collection[QWidget] = ()) -> None:
    """The second half of :func:`apply_zoom`: what does not inherit the window's font (own
    fonts, pixel heights, plots) follows it from the zoom ``old``."""
    factor = zoom_factor(window)
    _zoom_tree(window, _descendants(window, later), factor, old, window.font().pointSizeF())


def catch_up(window: QWidget, part: QWidget) -> None:
    """Zoom ``part``, left out of the last :func:`apply_zoom` (``later``), to ``window``'s zoom."""
    old = part.property(_ZOOM)
    if old is None:
        return
    part.setProperty(_ZOOM, None)
    part.setFont(QFont())  # inherits the window's again
    factor = zoom_factor(window)
    if float(old) == factor:
        # zoomed and back while hidden (presentation mode on and off): its fonts and heights
        # are those of this zoom already; the walk cost 45 ms of the GUI thread's CPU
        # (more with a job holding the interpreter lock). Widgets made since: apply_zoom.
        return
    _zoom_tree(window, [part, *_descendants(part)], factor, float(old), window.font().pointSizeF())


def _descendants(root: QWidget, later: Collection[QWidget] = ()) -> list[QWidget]:
    """``root``'s widgets, each before its children, without the parts left for later."""
    found: list[QWidget] = []
    for child in root.children():
        if isinstance(child, QWidget) and child not in later and child.property(_ZOOM) is None:
            found.append(child)
            found.extend(_descendants(child, later))
    return found


def _zoom_tree(window: QWidget, widgets: list[QWidget], factor: float, old: float, points: float) -> None:
    # subtle: each widget comes after its parent, so it is compared with a parent already zoomed.
    for widget in widgets:
        if widget.window() is not window:
            continue  # a popup (a combo box's list): its owner sets its font when it opens
        if isinstance(widget, pg.PlotWidget):
            _zoom_plot(widget, points)
        size = widget.font().pointSizeF()
        parent = widget.parentWidget()
        stuck = parent is not None and widget.property(_FONT) is None and size != parent.font().pointSizeF()
        if size > 0 and (widget.testAttribute(Qt.WidgetAttribute.WA_SetFont) or stuck):
            own = QFont(widget.font())
            own.setPointSizeF(_base(widget, _FONT, size, old) * factor)
            widget.setFont(own)
        _zoom_heights(widget, factor, old)
        if isinstance(widget, QTableView):
            _zoom_rows(widget, factor, old)
        elif isinstance(widget, QAbstractItemView):
            widget.doItemsLayout()


def _zoom_heights(widget: QWidget, factor: float, old: float) -> None:
    fixed = widget.minimumHeight() == widget.maximumHeight()
    if widget.maximumHeight() < _WIDGET_MAX and not isinstance(widget, QHeaderView):
        top = _base(widget, _MAX_H, widget.maximumHeight(), old)
        if fixed:
            widget.setFixedHeight(int(round(top * factor)))
        else:
            widget.setMaximumHeight(int(round(top * factor)))


def _zoom_rows(table: QTableView, factor: float, old: float) -> None:
    header = table.verticalHeader()
    row = _base(table, _ROW, header.defaultSectionSize(), old)
    header.setDefaultSectionSize(max(int(round(row * factor)), header.minimumSectionSize()))
    columns = table.horizontalHeader()
    if old != factor:
        for i in range(columns.count()):
            if columns.sectionResizeMode(i) == QHeaderView.ResizeMode.Interactive:
                columns.resizeSection(i, int(round(columns.sectionSize(i) * factor / old)))


def _zoom_plot(plot: pg.PlotWidget, points: float) -> None:
    """A pyqtgraph plot's texts at ``points`` (ticks), titles a little larger."""
    plot.setProperty(_PLOT, points)
    item = plot.getPlotItem()
    tick = QFont()
    tick.setPointSizeF(points)
    for name in ("left", "bottom", "right", "top"):
        axis = item.getAxis(name)
        if axis is None:
            continue
        axis.setStyle(tickFont=tick)
        if axis.labelText:
            axis.setLabel(axis.labelText, units=axis.labelUnits, **{"font-size": f"{points:.1f}pt"})
    title = item.titleLabel
    if title.text:
        title.setText(title.text, size=f"{points * 1.2:.1f}pt")
        refit_title(plot)  # (a title fitted to its plot's width grew wider than the plot)
    legend = item.legend
    if legend is not None:
        legend.setLabelTextSize(f"{points:.1f}pt")
        # subtle: pyqtgraph stores the size for the labels' next text but does not redraw the
        # ones it has; write each again so the legend grows with the zoom now
        for _sample, label in legend.items:
            label.setText(label.text)
        legend.updateSize()
