"""SVG exports draw in librsvg and in a browser (Chromium) what the widget shows on screen.

The reference is the widget's own pixels (``grab``); the SVG is rendered at the same size by
librsvg's ``rsvg-convert`` and by headless Chromium (``--screenshot``), and each picture is
compared with the grab: where a curve's color is, and how much of the picture is ink. Before
the strokes were baked, a 1-pixel curve in a scaled group came out as a band tens of pixels
thick, and a legend symbol as a hexagon (issue 20, point 14: both renderers).
"""

from __future__ import annotations

import shutil
import subprocess
import xml.etree.ElementTree as ET

import numpy as np
import pyqtgraph as pg
import pytest
from PySide6.QtGui import QImage

from app.widgets.export import svg_bytes, widget_image
from app.widgets.plots import TrainingPlots
from app.widgets.svg_strokes import flatten_scaled_strokes, parse_matrix
from bpe_engine import CountingDone

SVG = "{http://www.w3.org/2000/svg}"
#: Chromium's command under the names distributions give it (the CI image has ``chromium``).
CHROMIUM = next((c for c in ("chromium", "chromium-browser", "google-chrome") if shutil.which(c)), None)
RENDERERS = [
    pytest.param(
        "rsvg",
        marks=pytest.mark.skipif(shutil.which("rsvg-convert") is None, reason="needs rsvg-convert (librsvg2-bin)"),
    ),
    pytest.param(
        "chromium",
        marks=[
            pytest.mark.skipif(
                CHROMIUM is None,
                reason="needs Chromium on PATH (chromium, chromium-browser or google-chrome) for headless screenshots",
            ),
            pytest.mark.slow,  # (a headless Chromium takes 2-5 seconds a picture)
        ],
    ),
]


def _pixels(image: QImage) -> np.ndarray:
    image = image.convertToFormat(QImage.Format.Format_RGB888)
    w, h, stride = image.width(), image.height(), image.bytesPerLine()
    raw = np.frombuffer(bytes(image.constBits()), dtype=np.uint8).reshape(h, stride)
    return raw[:, : 3 * w].reshape(h, w, 3).astype(np.int32)


def _rendered(svg: bytes, tmp_path, width: int, height: int, renderer: str) -> np.ndarray:
    path = tmp_path / "drawing.svg"
    path.write_bytes(svg)
    out = tmp_path / "drawing.png"
    if renderer == "rsvg":
        subprocess.run(["rsvg-convert", "-w", str(width), "-h", str(height), "-o", str(out), str(path)], check=True)
    else:  # the SVG file opened as a page of its own size, as a browser shows an exported file
        command = [str(CHROMIUM), "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars"]
        command += ["--force-device-scale-factor=1", f"--user-data-dir={tmp_path / 'profile'}"]
        command += [f"--window-size={width},{height}", f"--screenshot={out}", path.as_uri()]
        subprocess.run(command, check=True, capture_output=True)
    image = QImage(str(out))
    assert (image.width(), image.height()) == (width, height), (renderer, image.width(), image.height())
    return _pixels(image)


def _near(pixels: np.ndarray, color: str) -> np.ndarray:
    """Pixels of ``color``'s hue, antialiased edges included (colored, same main channel)."""
    main = int(np.argmax([int(color[i : i + 2], 16) for i in (1, 3, 5)]))
    chroma = pixels.max(axis=2) - pixels.min(axis=2)
    return (chroma > 30) & (pixels.argmax(axis=2) == main)


def _ink(pixels: np.ndarray) -> float:
    return float((pixels.min(axis=2) < 160).mean())


def _inherited(element: ET.Element, parents: dict[ET.Element, ET.Element], name: str) -> str | None:
    while element is not None:
        if element.get(name) is not None:
            return element.get(name)
        element = parents.get(element)
    return None


def _check_structure(svg: bytes, colors: tuple[str, ...]) -> ET.Element:
    """No non-scaling stroke left in a scaled group, no pictures, and each curve (``colors``)
    drawn by strokes without fill (one path, or segments for a wide pen)."""
    root = ET.fromstring(svg)
    parents = {child: parent for parent in root.iter() for child in parent}
    for group in root.iter(f"{SVG}g"):
        m = parse_matrix(group.get("transform"))
        if m is not None and (m[0], m[1], m[2], m[3]) != (1.0, 0.0, 0.0, 1.0):
            effects = [c for c in group.iter() if c.get("vector-effect")]
            assert not effects, f"vector-effect inside a scaled group ({group.get('transform')})"
    assert not list(root.iter(f"{SVG}image"))  # symbols are paths, not pictures
    families = {e.get("font-family") for e in root.iter() if e.get("font-family")}
    assert families and all(f.endswith("sans-serif") for f in families)  # (browsers know no "Sans Serif")
    shapes = [*root.iter(f"{SVG}path"), *root.iter(f"{SVG}polyline")]
    for color in colors:
        curve = [p for p in shapes if _inherited(p, parents, "stroke") == color]
        assert sum((p.get("d") or p.get("points") or "").count(",") for p in curve) >= 40
        assert all(_inherited(p, parents, "fill") == "none" for p in curve)
    return root


def _compare_curve(screen: np.ndarray, drawn: np.ndarray, color: str) -> None:
    a, b = _near(screen, color), _near(drawn, color)
    assert a.sum() > 50
    assert 0.5 < b.sum() / a.sum() < 2.0, (a.sum(), b.sum())
    columns = [x for x in range(a.shape[1]) if a[:, x].any() and b[:, x].any()]
    assert len(columns) > 0.8 * sum(1 for x in range(a.shape[1]) if a[:, x].any())
    rows = np.arange(a.shape[0])
    gaps = [abs(np.median(rows[a[:, x]]) - np.median(rows[b[:, x]])) for x in columns]
    # (a column crossing the legend's sample line too may have its middle elsewhere)
    assert float(np.median(gaps)) <= 1.5 and np.mean(np.array(gaps) <= 3) > 0.9


@pytest.mark.parametrize("renderer", RENDERERS)
def test_training_plots_draw_their_curves_as_thin_lines(qtbot, tmp_path, renderer) -> None:
    plots = TrainingPlots()
    qtbot.addWidget(plots)
    plots.resize(500, 500)
    plots.show()
    qtbot.waitExposed(plots)
    counts = np.geomspace(5000, 3, 1500).astype(int)
    plots.set_counting(CountingDone(400_000, 5000, 90_000, 400_000, 0, 1500))
    plots.add_merges(counts.tolist(), (100_000 - np.cumsum(counts)).tolist())
    plots.redraw(now=True)
    svg = svg_bytes(plots, "plots")
    _check_structure(svg, ("#1565c0", "#2e7d32"))
    screen = _pixels(widget_image(plots))
    drawn = _rendered(svg, tmp_path, plots.width(), plots.height(), renderer)
    _compare_curve(screen, drawn, "#1565c0")
    _compare_curve(screen, drawn, "#2e7d32")
    assert _ink(drawn) == pytest.approx(_ink(screen), rel=0.5)  # (fonts and antialiasing differ)


@pytest.mark.parametrize("renderer", RENDERERS)
def test_a_chart_with_symbols_and_a_legend(qtbot, tmp_path, renderer) -> None:
    plot = pg.PlotWidget(background="w")
    qtbot.addWidget(plot)
    plot.setLogMode(x=True, y=False)
    legend = plot.addLegend(offset=(10, 10), labelTextColor="#222", brush=pg.mkBrush(255, 255, 255, 220))
    x = np.geomspace(300, 50_000, 60)
    plot.plot(x, 2 + np.log(x) / 3, pen=pg.mkPen("#c62828", width=2), name="English")
    for symbol, size in (("t", 50_000), ("star", 200_000), ("o", 100_000)):
        plot.plot([float(size)], [5.0], pen=None, symbol=symbol, symbolSize=13, symbolBrush="#1565c0", symbolPen="#000")
    legend.addItem(pg.PlotDataItem([], [], pen=None, symbol="star", symbolSize=11, symbolBrush="#9e9e9e"), "o200k")
    plot.resize(700, 450)
    plot.show()
    qtbot.waitExposed(plot)
    svg = svg_bytes(plot, "chart")
    _check_structure(svg, ("#c62828",))
    screen = _pixels(widget_image(plot))
    drawn = _rendered(svg, tmp_path, plot.width(), plot.height(), renderer)
    _compare_curve(screen, drawn, "#c62828")
    marker = _near(screen, "#1565c0")
    assert _near(drawn, "#1565c0").sum() == pytest.approx(marker.sum(), rel=0.35)
    assert _ink(drawn) == pytest.approx(_ink(screen), rel=0.5)  # (fonts and antialiasing differ)


def test_baking_applies_the_matrix_to_every_point() -> None:
    source = (
        b'<svg xmlns="http://www.w3.org/2000/svg"><g fill="none" stroke="#000" transform="matrix(2,0,0,-3,10,20)">'
        b'<path vector-effect="non-scaling-stroke" d="M0,0 L1,1 C1,2 2,2 3,3 Z"/>'
        b'<polyline vector-effect="non-scaling-stroke" points="0,1 2,3"/>'
        b'<rect vector-effect="non-scaling-stroke" x="1" y="1" width="2" height="1"/>'
        b"<text>kept</text></g></svg>"
    )
    root = ET.fromstring(flatten_scaled_strokes(source))
    groups = list(root.iter(f"{SVG}g"))
    assert groups[0].get("transform") == "matrix(2,0,0,-3,10,20)"  # the text keeps its transform
    assert [c.tag for c in groups[0]] == [f"{SVG}text"]
    assert groups[1].get("transform") is None and groups[1].get("stroke") == "#000"
    path, polyline, rect = list(groups[1])
    assert path.get("d") == "M 10,20 L 12,17 C 12,14 14,14 16,11 Z"
    assert polyline.get("points") == "10,17 14,11"
    assert rect.tag == f"{SVG}path" and rect.get("d") == "M12,17 L16,17 L16,14 L12,14 Z"
    assert not [e for e in root.iter() if e.get("vector-effect")]
