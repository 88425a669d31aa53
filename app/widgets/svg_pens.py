"""Lines drawn with a gradient pen, written into the SVG with that gradient.

``QSvgPaintEngine`` writes a pen's ``color()``: for a pen whose brush is a gradient that is
black. Fusion outlines the selected tab with such a pen (a one-stop linear gradient of grey):
the tab came out outlined in black. Each state the engine is given becomes one ``<g>`` of
the SVG (it writes one more when it begins); the pens of a second paint of the widget
(``svg_images``'s recorder) are paired with those groups, every pair checked (the same solid
color, or no stroke for no pen), and a gradient pen's group gets the gradient as its stroke.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from PySide6.QtCore import Qt
from PySide6.QtGui import QGradient, QLinearGradient, QPen

from app.widgets.svg_strokes import SVG_NS

__all__ = ["has_black_lines", "paint_gradient_pens"]

_G = f"{{{SVG_NS}}}g"
_TEXT = f"{{{SVG_NS}}}text"


def _state_groups(root: ET.Element) -> list[ET.Element]:
    """The groups the engine writes for each state (each carries the state's font)."""
    return [element for element in root.iter(_G) if element.get("font-size") is not None]


def has_black_lines(root: ET.Element) -> bool:
    """Whether ``root`` strokes anything but text in opaque black: what a gradient pen looks like."""
    return any(
        group.get("stroke") == "#000000"
        and group.get("stroke-opacity") == "1"
        and any(child.tag != _TEXT for child in group)
        for group in _state_groups(root)
    )


def _matches(group: ET.Element, pen: QPen) -> bool:
    if pen.style() == Qt.PenStyle.NoPen:
        return group.get("stroke") == "none"
    if pen.brush().gradient() is not None:
        return group.get("stroke") == "#000000"
    return group.get("stroke") == pen.color().name()


def _stops(gradient: QGradient, parent: ET.Element) -> None:
    for offset, color in gradient.stops():
        ET.SubElement(
            parent,
            f"{{{SVG_NS}}}stop",
            {"offset": f"{offset:g}", "stop-color": color.name(), "stop-opacity": f"{color.alphaF():g}"},
        )


def _paint(group: ET.Element, pen: QPen, gradient_id: str) -> None:
    """Make ``group``'s stroke ``pen``'s gradient (a linear one in the painter's coordinates),
    else the color of its middle stop."""
    gradient = pen.brush().gradient()
    stops = gradient.stops() if gradient is not None else []
    if not stops:
        return
    group.set("stroke-opacity", "1")
    logical = gradient.coordinateMode() == QGradient.CoordinateMode.LogicalMode
    if isinstance(gradient, QLinearGradient) and logical and pen.brush().transform().isIdentity():
        start, stop = gradient.start(), gradient.finalStop()
        element = ET.Element(
            f"{{{SVG_NS}}}linearGradient",
            {
                "id": gradient_id,
                "gradientUnits": "userSpaceOnUse",
                "x1": f"{start.x():g}",
                "y1": f"{start.y():g}",
                "x2": f"{stop.x():g}",
                "y2": f"{stop.y():g}",
            },
        )
        _stops(gradient, element)
        group.insert(0, element)  # (a paint server is never drawn, wherever it stands)
        group.set("stroke", f"url(#{gradient_id})")
    else:
        color = stops[len(stops) // 2][1]
        group.set("stroke", color.name())
        group.set("stroke-opacity", f"{color.alphaF():g}")


def paint_gradient_pens(root: ET.Element, pens: list[QPen]) -> None:
    """Give each group of ``root`` drawn with a gradient pen (``pens``: the pen of each state,
    in order, from a second paint) that gradient as its stroke; nothing if they do not pair."""
    groups = _state_groups(root)[1:]  # (the first: written when the engine begins)
    if len(groups) != len(pens) or not all(_matches(g, p) for g, p in zip(groups, pens, strict=True)):
        return
    for index, (group, pen) in enumerate(zip(groups, pens, strict=True)):
        if pen.style() != Qt.PenStyle.NoPen and pen.brush().gradient() is not None:
            _paint(group, pen, f"pen-gradient{index}")
