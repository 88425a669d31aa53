"""Plot titles fitted to their plots' width: a little smaller when too wide, else on two lines.

Plots side by side can share one title size (:func:`share_title_size`): each fitted alone, the
Train tab's pair-count title went on two lines beside a one-line neighbour in English, and was
shrunk smaller than its neighbour in Chinese. Shared, both titles take the size the tighter
one fits at, each on one line.
"""

from __future__ import annotations

import html
import math
import weakref

import pyqtgraph as pg

__all__ = ["refit_title", "refit_title_if_moved", "set_fitted_title", "share_title_size"]

_FITTED_TITLE = "bpe_fitted_title"  # the property holding a fitted title's whole text
_TITLE_SIZE = "bpe_title_size"  # and the size it is meant to have (the zoom's)
_TITLE_ROOM = "bpe_title_room"  # and the room it was fitted to
_LEAST_TITLE_SCALE = 0.75  # smaller than this, a title goes on two lines
_COLOR = "#333"

#: Each plot of a group sharing its title size, to its group (weakly: plots come and go).
_GROUPS: weakref.WeakKeyDictionary[pg.PlotWidget, tuple[weakref.ref[pg.PlotWidget], ...]] = weakref.WeakKeyDictionary()


def share_title_size(*plots: pg.PlotWidget) -> None:
    """Fit the titles of ``plots`` together from now on: one size for all, where every one
    fits on one line at it."""
    group = tuple(weakref.ref(plot) for plot in plots)
    for plot in plots:
        _GROUPS[plot] = group


def set_fitted_title(plot: pg.PlotWidget, title: str, *, size: str | None = None) -> None:
    """``plot``'s title at its size (``size``, else the one it was given), or smaller (down to
    :data:`_LEAST_TITLE_SCALE` of it) when wider than the plot, else on two lines: broken
    before its parenthesis, or at the space nearest its middle. (At 1024 pixels the Train
    tab's side-by-side plots cut their titles at both ends; two lines cut their axis labels
    at the bottom of a short plot.) A plot of a group (:func:`share_title_size`) takes the
    group's one-line size, when each of its titles fits one at it."""
    base = size or plot.property(_TITLE_SIZE) or str(plot.getPlotItem().titleLabel.opts.get("size", "11pt"))
    plot.setProperty(_FITTED_TITLE, title)  # fitted again when the plot or the zoom changes
    plot.setProperty(_TITLE_SIZE, base)
    members = [p for ref in _GROUPS.get(plot, ()) if (p := ref()) is not None]
    titled = [p for p in members if isinstance(p.property(_FITTED_TITLE), str)] or [plot]
    sizes = [_one_line_points(p) for p in titled]
    if all(s is not None for s in sizes):
        common = min(s for s in sizes if s is not None)
        for member in titled:
            _set_title(member, html.escape(member.property(_FITTED_TITLE)), common)
        return
    for member, points in zip(titled, sizes):
        if points is None:
            _two_lines(member)
        else:
            _set_title(member, html.escape(member.property(_FITTED_TITLE)), points)


def _set_title(plot: pg.PlotWidget, text: str, points: float) -> None:
    plot.setTitle(text, color=_COLOR, size=_size_text(points))
    plot.setProperty(_TITLE_ROOM, _title_room(plot))


def _size_text(points: float) -> str:
    return f"{points:g}pt" if points == int(points) else f"{points:.1f}pt"


def _one_line_points(plot: pg.PlotWidget) -> float | None:
    """The largest size (its base, else by half points down to the least scale) at which
    ``plot``'s title fits its room on one line; None if it fits at none."""
    label = plot.getPlotItem().titleLabel
    title, points = html.escape(plot.property(_FITTED_TITLE)), float(str(plot.property(_TITLE_SIZE)).removesuffix("pt"))
    room = _title_room(plot)
    plot.setTitle(title, color=_COLOR, size=_size_text(points))
    width = label.item.boundingRect().width()
    if width <= room:
        return points
    smaller: float = math.floor(points * room / width * 2) / 2
    while smaller >= points * _LEAST_TITLE_SCALE:  # (by half points: hinting is not linear)
        plot.setTitle(title, color=_COLOR, size=_size_text(smaller))
        if label.item.boundingRect().width() <= room:
            return smaller
        smaller -= 0.5
    return None


def _two_lines(plot: pg.PlotWidget) -> None:
    title, base = plot.property(_FITTED_TITLE), str(plot.property(_TITLE_SIZE))
    cut = max(title.rfind(" ("), title.rfind("（"))
    if cut <= 0:
        spaces = [i for i, ch in enumerate(title) if ch == " "]
        cut = min(spaces, key=lambda i: abs(i - len(title) // 2)) if spaces else len(title) // 2
    lines = "<br>".join(html.escape(part) for part in (title[:cut].rstrip(), title[cut:].lstrip()))
    plot.setTitle(lines, color=_COLOR, size=base)
    plot.setProperty(_TITLE_ROOM, _title_room(plot))


def _title_room(plot: pg.PlotWidget) -> float:
    """The width a title has: it sits above the plotting area, right of the left axis; a wider
    one widens the whole plot past its view, which cuts it (and the axis' end) on the right."""
    return float(plot.width() - max(plot.getPlotItem().getAxis("left").width(), 40) - 20)


def refit_title(plot: pg.PlotWidget) -> None:
    """Fit a title set by :func:`set_fitted_title` again at the size the zoom just gave it."""
    title = plot.property(_FITTED_TITLE)
    if isinstance(title, str):
        set_fitted_title(plot, title, size=str(plot.getPlotItem().titleLabel.opts.get("size", "11pt")))


def refit_title_if_moved(plot: pg.PlotWidget) -> None:
    """Fit a title set by :func:`set_fitted_title` again if its room changed since: the left
    axis settles its width after the plot's resize (its ticks follow the new height), and the
    title was fitted to the axis' old width (52.6 px, then 37.9: at 570x140 "Pair count at
    each merge (log scale)" went on two lines where it fits on one at 8.5 pt)."""
    title, room = plot.property(_FITTED_TITLE), plot.property(_TITLE_ROOM)
    if isinstance(title, str) and (room is None or abs(_title_room(plot) - float(room)) > 0.5):
        set_fitted_title(plot, title)
        # subtle: the wider title tried first widened the plot past its view, and only the
        # view's resize lays the plot out to its width again (the plot's own resize event)
        pg.GraphicsView.resizeEvent(plot, None)
