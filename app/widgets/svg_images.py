"""Pictures Qt drew in part, written into the SVG as that part.

``QSvgPaintEngine`` ignores the source rectangle of ``drawPixmap``/``drawImage``: it writes
the whole picture into the target. A style that draws a frame as a 9-piece picture (Fusion's
group box: ``qDrawBorderPixmap`` of a 98x38 frame picture with 6-pixel margins) got the whole
frame squeezed into each 6x6 corner and stretched along each edge: grey bands along every
pane's edges in browsers and librsvg. Here, when a widget's drawing holds a picture whose
size is not its target's, the widget is painted once more into a paint engine that only notes
each picture drawn with its source rectangle; the ``<image>`` elements, in the same order,
get the part drawn instead of the whole. Anything that does not match is left as it was.
The same second paint gives ``svg_pens`` the pen of each state (a gradient pen's lines).
"""

from __future__ import annotations

import base64
import xml.etree.ElementTree as ET
from dataclasses import dataclass

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QPoint, QRect, QRectF, QSize, Qt
from PySide6.QtGui import (
    QImage,
    QImageReader,
    QImageWriter,
    QPaintDevice,
    QPaintEngine,
    QPaintEngineState,
    QPainter,
    QPen,
    QPixmap,
    QRegion,
)
from PySide6.QtWidgets import QWidget

from app.widgets.svg_pens import has_black_lines, paint_gradient_pens
from app.widgets.svg_strokes import SVG_NS, XLINK_NS

__all__ = ["mend_pictures_and_pens"]

_IMAGE = f"{{{SVG_NS}}}image"
_HREF = f"{{{XLINK_NS}}}href"


@dataclass(frozen=True)
class _Drawn:
    """One picture drawn: where (the painter's coordinates), what, which part of it."""

    target: QRectF
    picture: QImage | QPixmap
    source: QRectF


class _Recorder(QPaintEngine):
    """A paint engine that draws nothing and notes each picture drawn, in order."""

    def __init__(self, features: QPaintEngine.PaintEngineFeature) -> None:
        # (the SVG engine's features: QPainter then takes the same paths to both engines)
        super().__init__(features)
        self.drawn: list[_Drawn] = []
        self.pens: list[QPen] = []  # (the pen of each state given, for ``svg_pens``)

    def begin(self, device: QPaintDevice) -> bool:  # noqa: ARG002 (Qt's signature)
        return True

    def end(self) -> bool:
        return True

    def type(self) -> QPaintEngine.Type:
        # (as the SVG engine: a chip view draws shapes, not its cached images, for it)
        return QPaintEngine.Type.SVG

    def updateState(self, state: QPaintEngineState) -> None:  # noqa: N802 (Qt's name)
        self.pens.append(QPen(state.pen()))

    def drawPixmap(self, r: QRectF | QRect, pm: QPixmap | QImage, sr: QRectF | QRect, /) -> None:  # noqa: N802
        picture = QPixmap(pm) if isinstance(pm, QPixmap) else QImage(pm)
        self.drawn.append(_Drawn(QRectF(r), picture, QRectF(sr)))

    def drawImage(  # noqa: N802
        self,
        r: QRectF | QRect,
        pm: QImage,
        sr: QRectF | QRect,
        /,
        flags: Qt.ImageConversionFlag = Qt.ImageConversionFlag.AutoColor,
    ) -> None:
        self.drawn.append(_Drawn(QRectF(r), QImage(pm), QRectF(sr)))

    # shapes and text: nothing to note (without these, Qt's defaults warn or make paths)
    def drawPath(self, *args: object) -> None:  # noqa: N802
        pass

    def drawPolygon(self, *args: object) -> None:  # noqa: N802
        pass

    def drawRects(self, *args: object) -> None:  # noqa: N802
        pass

    def drawLines(self, *args: object) -> None:  # noqa: N802
        pass

    def drawPoints(self, *args: object) -> None:  # noqa: N802
        pass

    def drawEllipse(self, *args: object) -> None:  # noqa: N802
        pass

    def drawTextItem(self, *args: object) -> None:  # noqa: N802
        pass


def _features(engine: QPaintEngine | None) -> QPaintEngine.PaintEngineFeature:
    """``engine``'s features (PySide has no ``features()``: each asked in turn)."""
    every = QPaintEngine.PaintEngineFeature
    if engine is None:
        return every.AllFeatures
    features = every(0)
    for feature in every:
        if feature != every.AllFeatures and engine.hasFeature(feature):
            features |= feature
    return features


class _Device(QPaintDevice):
    """A device measuring as ``like`` (the SVG generator) does, painted by a ``_Recorder``."""

    def __init__(self, like: QPaintDevice) -> None:
        super().__init__()
        self._engine = _Recorder(_features(like.paintEngine()))
        metric = QPaintDevice.PaintDeviceMetric
        self._metrics = {
            metric.PdmWidth: like.width(),
            metric.PdmHeight: like.height(),
            metric.PdmWidthMM: like.widthMM(),
            metric.PdmHeightMM: like.heightMM(),
            metric.PdmNumColors: like.colorCount(),
            metric.PdmDepth: like.depth(),
            metric.PdmDpiX: like.logicalDpiX(),
            metric.PdmDpiY: like.logicalDpiY(),
            metric.PdmPhysicalDpiX: like.physicalDpiX(),
            metric.PdmPhysicalDpiY: like.physicalDpiY(),
            metric.PdmDevicePixelRatio: round(like.devicePixelRatio()),
            metric.PdmDevicePixelRatioScaled: round(like.devicePixelRatioF() * QPaintDevice.devicePixelRatioFScale()),
        }

    @property
    def recorder(self) -> _Recorder:
        return self._engine

    def paintEngine(self) -> QPaintEngine:  # noqa: N802 (Qt's name)
        return self._engine

    def metric(self, metric: QPaintDevice.PaintDeviceMetric) -> int:
        return int(self._metrics.get(metric, 0))


def _href(image: ET.Element) -> str:
    """The attribute naming ``image``'s picture (Qt writes ``xlink:href``)."""
    return _HREF if _HREF in image.attrib else "href"


def _embedded_size(image: ET.Element) -> QSize | None:
    """The pixel size of the picture an ``<image>`` holds (a ``data:`` URI), or None."""
    href = image.get(_href(image), "")
    if not href.startswith("data:") or "," not in href:
        return None
    buffer = QBuffer()
    buffer.setData(QByteArray(base64.b64decode(href.split(",", 1)[1])))
    buffer.open(QIODevice.OpenModeFlag.ReadOnly)
    size = QImageReader(buffer).size()  # (reads the header only)
    return size if size.isValid() else None


def _target(image: ET.Element) -> QRectF | None:
    try:
        return QRectF(*(float(image.get(name, "")) for name in ("x", "y", "width", "height")))
    except ValueError:
        return None


def _shows_whole(image: ET.Element) -> bool:
    """Whether ``image``'s picture is as large as its target (then nothing was cut from it)."""
    size, target = _embedded_size(image), _target(image)
    if size is None or target is None:
        return True
    return size.width() == round(target.width()) and size.height() == round(target.height())


def _same(a: QRectF, b: QRectF) -> bool:
    return all(abs(p - q) < 1e-3 for p, q in zip(_numbers(a), _numbers(b), strict=True))


def _numbers(rect: QRectF) -> tuple[float, float, float, float]:
    return (rect.x(), rect.y(), rect.width(), rect.height())


def _png_uri(image: QImage) -> str | None:
    """``image`` as a ``data:`` URI of a PNG, or None if it could not be encoded."""
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    if not QImageWriter(buffer, QByteArray(b"png")).write(image):
        return None
    return "data:image/png;base64," + base64.b64encode(bytes(buffer.data().data())).decode("ascii")


def _part(drawn: _Drawn) -> QImage | None:
    """The part of ``drawn``'s picture it drew, or None when that is the whole picture."""
    picture = drawn.picture.toImage() if isinstance(drawn.picture, QPixmap) else drawn.picture
    whole = QRectF(0, 0, picture.width(), picture.height())
    source = drawn.source.intersected(whole)
    if source.isEmpty() or _same(source, whole):
        return None
    part = picture.copy(source.toAlignedRect())
    part.setDevicePixelRatio(1.0)
    return part


def _recorded(widget: QWidget, flags: QWidget.RenderFlag, like: QPaintDevice) -> _Recorder | None:
    """What ``widget`` (alone) draws when rendered as into ``like``, or None."""
    device = _Device(like)
    painter = QPainter()
    if not painter.begin(device):
        return None
    try:
        QWidget.render(widget, painter, QPoint(0, 0), QRegion(), flags)
    finally:
        painter.end()
    return device.recorder


def mend_pictures_and_pens(root: ET.Element, widget: QWidget, flags: QWidget.RenderFlag, like: QPaintDevice) -> None:
    """Give each ``<image>`` of ``root`` (``widget`` alone painted into the SVG generator
    ``like`` with ``flags``) the part of its picture Qt drew, where that was a part, and each
    line drawn with a gradient pen that gradient (``svg_pens``), from a second paint; none
    when nothing looks so (Qt's SVG engine writes a gradient pen as black)."""
    images = list(root.iter(_IMAGE))
    parts = not all(_shows_whole(image) for image in images)
    if not parts and not has_black_lines(root):
        return
    recorded = _recorded(widget, flags, like)
    if recorded is None:
        return
    paint_gradient_pens(root, recorded.pens)
    if parts:
        _crop(images, recorded.drawn)


def _crop(images: list[ET.Element], drawn: list[_Drawn]) -> None:
    """Each of ``images`` (in order) the part of its picture ``drawn`` says was drawn."""
    if len(drawn) != len(images):
        return  # (the widget drew otherwise this time: leave the pictures whole)
    for image, each in zip(images, drawn):
        target = _target(image)
        if target is None or not _same(target, each.target):
            return
    for image, each in zip(images, drawn):
        part = _part(each)
        uri = _png_uri(part) if part is not None else None
        if uri is not None:
            image.set(_href(image), uri)
