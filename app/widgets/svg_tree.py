"""A widget tree painted into one SVG that clips as the screen does.

Qt's ``QSvgGenerator`` (SVG Tiny 1.2) writes no clipping: a widget painted with its children
let each child's drawing run past the child's rectangle, so a tab pane drawn over a table's
header row, a label's text past its box into its neighbour, a list's hidden rows out of its
frame. Here each widget is painted alone (without its children) into a generator of its own,
and its drawing becomes a nested ``<svg x= y= width= height=>``: an inner ``svg`` element
clips to its viewport in browsers and in librsvg, and as the elements nest as the widgets
do, every ancestor clips too. Children come in Qt's painting order (``children()``, bottom
to top); hidden widgets and other windows (menus, popups) are left out. A scroll area,
an item view or a graphics view paints its content in its viewport, a child like any other.

Inside a widget, the painter's own clipping (a combo box's text cut before its arrow, the two
colors of a progress bar's text) needs SVG 1.1: its generator writes each clip as a
``<clipPath>`` in device coordinates on a group around what it clips. (With the whole tree
in one generator those clips landed off by each child's offset; a widget painted alone at
(0, 0) has none.) Text names the font Qt found first (``_name_found_fonts``), and pictures
drawn in part are cut to that part (``svg_images``), lines drawn with a gradient pen get
that gradient (``svg_pens``).

One generator per widget: each writes its own ``gradient1``…, so ids are made unique.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Callable

from PySide6.QtCore import QBuffer, QIODevice, QPoint, QRect, QSize
from PySide6.QtGui import QFont, QFontInfo, QPainter, QRegion
from PySide6.QtSvg import QSvgGenerator
from PySide6.QtWidgets import QWidget

from app.core.i18n import tr
from app.widgets.svg_images import mend_pictures_and_pens
from app.widgets.svg_strokes import SVG_NS, XLINK_NS

__all__ = ["tree_svg"]

_SVG = f"{{{SVG_NS}}}"
_HREF = f"{{{XLINK_NS}}}href"
_URL = re.compile(r"url\(#([^)]+)\)")
#: What the generator writes at the top that belongs to the document, not to a widget.
_HEAD_TAGS = frozenset({f"{_SVG}title", f"{_SVG}desc"})


def _generator(buffer: QBuffer, size: QSize, title: str) -> QSvgGenerator:
    generator = QSvgGenerator(QSvgGenerator.SvgVersion.Svg11)  # (Tiny writes no clip paths)
    generator.setOutputDevice(buffer)
    generator.setResolution(96)  # CSS pixels: the SVG is as wide as the widget on screen
    generator.setSize(size)
    generator.setViewBox(QRect(QPoint(0, 0), size))
    generator.setTitle(title)
    generator.setDescription(tr("Exported from BPE Explorer"))
    return generator


def _painted(widget: QWidget, title: str, flags: QWidget.RenderFlag) -> ET.Element:
    """``widget`` alone (no children) painted into an SVG document of its size, parsed."""
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    generator = _generator(buffer, widget.size(), title)
    painter = QPainter()
    try:
        if not painter.begin(generator):
            raise OSError(tr("the SVG could not be started"))
        # subtle: QGraphicsView.render means another thing
        QWidget.render(widget, painter, QPoint(0, 0), QRegion(), flags)
    finally:
        if painter.isActive():
            painter.end()
    root = ET.fromstring(bytes(buffer.data().data()))
    mend_pictures_and_pens(root, widget, flags, generator)
    return root


def _unique_ids(root: ET.Element, prefix: str) -> None:
    """Prefix every id of ``root`` and every reference to one (``url(#…)``, ``xlink:href``)."""
    for element in root.iter():
        if element.get("id"):
            element.set("id", prefix + element.get("id", ""))
        for name, value in element.attrib.items():
            if "url(#" in value:
                element.set(name, _URL.sub(lambda m: f"url(#{prefix}{m.group(1)})", value))
            elif name == _HREF and value.startswith("#"):
                element.set(name, "#" + prefix + value[1:])


def _children(widget: QWidget) -> list[QWidget]:
    """``widget``'s children that show inside it, bottom to top (Qt's painting order)."""
    inside = QRect(QPoint(0, 0), widget.size())
    return [
        child
        for child in widget.children()
        if isinstance(child, QWidget)
        and not child.isWindow()
        and not child.isHidden()
        and child.geometry().intersects(inside)  # (wholly clipped: nothing to draw)
    ]


def tree_svg(widget: QWidget, title: str) -> bytes:
    """``widget`` and its visible descendants as one SVG document of ``widget``'s size, each
    widget clipped to its rectangle and its ancestors' (see the module docstring)."""
    ET.register_namespace("", SVG_NS)
    ET.register_namespace("xlink", XLINK_NS)
    root = _painted(widget, title, QWidget.RenderFlag.DrawWindowBackground)
    # (nested svg elements are SVG 1.1, not Tiny 1.2)
    root.set("version", "1.1")
    root.attrib.pop("baseProfile", None)
    count = [0]

    def fresh() -> str:
        count[0] += 1
        return f"w{count[0]}-"

    _unique_ids(root, fresh())
    _nest(root, widget, title, fresh)
    _name_found_fonts(root)
    return ET.tostring(root, encoding="unicode").encode("utf-8")


def _nest(element: ET.Element, widget: QWidget, title: str, fresh: Callable[[], str]) -> None:
    """Append to ``element`` a nested ``svg`` for each child of ``widget``, recursively; a
    child's own background is drawn only when it fills it on screen (``autoFillBackground``)."""
    for child in _children(widget):
        drawn = _painted(child, title, QWidget.RenderFlag(0))
        _unique_ids(drawn, fresh())
        geometry = child.geometry()
        box = ET.SubElement(element, f"{_SVG}svg")
        box.attrib.update(
            {
                "x": str(geometry.x()),
                "y": str(geometry.y()),
                "width": str(geometry.width()),
                "height": str(geometry.height()),
                "overflow": "hidden",
            }
        )
        box.extend(part for part in drawn if part.tag not in _HEAD_TAGS)
        _nest(box, child, title, fresh)


def _name_found_fonts(root: ET.Element) -> None:
    """Put first in each ``font-family`` the font Qt found for it: Qt writes the family asked
    for (``Sans Serif``, ``monospace``), which fontconfig (librsvg) resolves as Qt does but
    Chromium does not (it took Arial's metrics: bold runs came out narrower, gaps after them)."""
    found: dict[str, str] = {}
    for element in root.iter():
        families = element.get("font-family")
        if not families:
            continue
        first = families.split(",", 1)[0].strip()
        if first not in found:
            found[first] = QFontInfo(QFont(first)).family()
        if found[first] and found[first] != first:
            element.set("font-family", f"{found[first]}, {families}")
