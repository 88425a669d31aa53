"""SVG from Qt's ``QSvgGenerator`` made to draw the same in browsers and librsvg.

Qt writes a cosmetic pen (pyqtgraph's curves, axes and symbol outlines) as
``vector-effect="non-scaling-stroke"`` on a shape inside a group whose ``transform`` maps
data to pixels (``matrix(0.4,0,0,-77,…)``). librsvg ignores that effect and scales the
stroke with the group: a 1-pixel curve became a band 77 pixels thick (a filled blob), a
legend symbol a grey hexagon. Here each such shape gets the transform applied to its own
coordinates (its stroke then is what the pen says, in any renderer) and loses the effect.

Plain Python (``xml.etree``), no Qt.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Callable

__all__ = ["flatten_scaled_strokes", "parse_matrix"]

SVG_NS = "http://www.w3.org/2000/svg"
XLINK_NS = "http://www.w3.org/1999/xlink"
_SVG = f"{{{SVG_NS}}}"
_EFFECT = "vector-effect"
_MATRIX = re.compile(r"^\s*matrix\(([^)]*)\)\s*$")
_TOKEN = re.compile(r"[A-Za-z]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
#: Path commands whose arguments are all absolute (x, y) pairs: what Qt writes.
_PAIR_COMMANDS = frozenset("MLCQST")

Matrix = tuple[float, float, float, float, float, float]


def parse_matrix(transform: str | None) -> Matrix | None:
    """``"matrix(a,b,c,d,e,f)"`` as six floats; None for anything else."""
    match = _MATRIX.match(transform or "")
    if not match:
        return None
    parts = [p for p in re.split(r"[\s,]+", match.group(1).strip()) if p]
    if len(parts) != 6:
        return None
    try:
        a, b, c, d, e, f = (float(p) for p in parts)
    except ValueError:
        return None
    return (a, b, c, d, e, f)


def _num(value: float) -> str:
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("", "-0") else text


def _mapper(m: Matrix) -> Callable[[float, float], str]:
    a, b, c, d, e, f = m

    def point(x: float, y: float) -> str:
        return f"{_num(a * x + c * y + e)},{_num(b * x + d * y + f)}"

    return point


def _bake_path(d: str, point: Callable[[float, float], str]) -> str | None:
    out: list[str] = []
    numbers: list[float] = []
    for token in _TOKEN.findall(d):
        if token.isalpha():
            if numbers:
                return None  # a number left over: not the pairs expected
            if token not in _PAIR_COMMANDS and token not in "Zz":
                return None  # relative, H, V or arcs: Qt does not write them
            out.append(token)
            continue
        numbers.append(float(token))
        if len(numbers) == 2:
            out.append(point(numbers[0], numbers[1]))
            numbers = []
    return None if numbers else " ".join(out)


def _bake_points(points: str, point: Callable[[float, float], str]) -> str | None:
    values = [float(v) for v in _TOKEN.findall(points)]
    if len(values) % 2:
        return None
    return " ".join(point(values[i], values[i + 1]) for i in range(0, len(values), 2))


def _bake(element: ET.Element, m: Matrix) -> bool:
    """Apply ``m`` to ``element``'s coordinates in place; False (untouched) if it cannot be."""
    point = _mapper(m)
    tag = element.tag.removeprefix(_SVG)
    if tag == "path":
        baked = _bake_path(element.get("d", ""), point)
        if baked is None:
            return False
        element.set("d", baked)
    elif tag in ("polyline", "polygon"):
        baked = _bake_points(element.get("points", ""), point)
        if baked is None:
            return False
        element.set("points", baked)
    elif tag == "rect" and not element.get("rx") and not element.get("ry"):
        x, y = float(element.get("x", "0")), float(element.get("y", "0"))
        w, h = float(element.get("width", "0")), float(element.get("height", "0"))
        corners = (point(x, y), point(x + w, y), point(x + w, y + h), point(x, y + h))
        for name in ("x", "y", "width", "height"):
            element.attrib.pop(name, None)
        element.tag = f"{_SVG}path"  # (a rect rotated or flipped by the matrix is a path)
        element.set("d", f"M{corners[0]} L{corners[1]} L{corners[2]} L{corners[3]} Z")
    elif tag == "line":
        x1, y1 = point(float(element.get("x1", "0")), float(element.get("y1", "0"))).split(",")
        x2, y2 = point(float(element.get("x2", "0")), float(element.get("y2", "0"))).split(",")
        element.attrib.update({"x1": x1, "y1": y1, "x2": x2, "y2": y2})
    else:
        return False
    del element.attrib[_EFFECT]
    return True


def _flatten_group(parent: ET.Element, index: int, group: ET.Element) -> None:
    matrix = parse_matrix(group.get("transform"))
    if matrix is None:
        return
    baked = [child for child in list(group) if child.get(_EFFECT) and _bake(child, matrix)]
    if not baked:
        return
    if len(baked) == len(group):
        del group.attrib["transform"]
        return
    # the group keeps what could not be baked (text, images): the baked shapes move to a copy
    # of it without the transform, drawn just after it
    twin = ET.Element(group.tag, {k: v for k, v in group.attrib.items() if k != "transform"})
    for child in baked:
        group.remove(child)
        twin.append(child)
    parent.insert(index + 1, twin)


def flatten_scaled_strokes(svg: bytes) -> bytes:
    """``svg`` (from ``QSvgGenerator``) with every non-scaling stroke inside a transformed
    group baked into plain coordinates (see the module docstring)."""
    ET.register_namespace("", SVG_NS)
    ET.register_namespace("xlink", XLINK_NS)
    root = ET.fromstring(svg)
    for element in root.iter():
        family = element.get("font-family")
        if family and "sans-serif" not in family:
            # Qt's "Sans Serif" is no CSS family: browsers fell back to a serif font
            element.set("font-family", f"{family}, sans-serif")
    for parent in list(root.iter()):
        for index, child in reversed(list(enumerate(parent))):
            if child.tag == f"{_SVG}g" and child.get("transform"):
                _flatten_group(parent, index, child)
    body = ET.tostring(root, encoding="unicode")
    return ('<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n' + body).encode("utf-8")
