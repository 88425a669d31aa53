"""Exports: any widget as a PNG or SVG picture, and text files (HTML, CSV), saved atomically.

- PNG: :meth:`QWidget.grab` (what is on screen, pixel for pixel) or, with ``scale`` above 1,
  the widget rendered at that many times its pixels (sharp on a projector or a slide).
- SVG: the widget rendered into Qt's ``QSvgGenerator`` (QtSvg ships with PySide6-Essentials):
  text, lines and shapes stay vectors; chip views draw their chips as shapes and text when
  painted into an SVG (:class:`~app.widgets.token_chips.ChipView`), and pyqtgraph's plots
  (a ``QGraphicsView``) paint their curves and symbols as paths; ``svg_strokes`` then bakes
  their scaled groups into plain coordinates, so browsers and librsvg draw what Qt drew.
- Every file is written through ``QSaveFile``: a temporary file beside the target, renamed
  over it only when complete, so a failed export never leaves half a file.

It leaves out what to export and where (the views and the window ask).
"""

from __future__ import annotations

import os

import pyqtgraph as pg
from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QSaveFile, Qt
from PySide6.QtGui import QImage, QImageWriter, QPixmap
from PySide6.QtWidgets import QGraphicsView, QWidget

from app.core.i18n import tr
from app.widgets import turn_budget
from app.widgets.svg_strokes import flatten_scaled_strokes
from app.widgets.svg_tree import tree_svg

__all__ = ["save_file", "save_text", "widget_image", "png_bytes", "svg_bytes", "export_png", "export_svg"]


def save_file(path: str | os.PathLike[str], data: bytes) -> None:
    """Write ``data`` to ``path`` atomically; raises OSError saying why it could not be."""
    path = os.fspath(path)
    out = QSaveFile(path)
    if not out.open(QIODevice.OpenModeFlag.WriteOnly):
        raise OSError(tr("cannot write {path}: {reason}").format(path=path, reason=out.errorString()))
    if out.write(QByteArray(data)) != len(data):
        out.cancelWriting()
        raise OSError(tr("cannot write {path}: {reason}").format(path=path, reason=out.errorString()))
    if not out.commit():
        raise OSError(tr("cannot write {path}: {reason}").format(path=path, reason=out.errorString()))


def save_text(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` as UTF-8 to ``path`` atomically."""
    save_file(path, text.encode("utf-8"))


def widget_image(widget: QWidget, scale: float = 1.0) -> QImage:
    """``widget`` as an image: ``grab()`` at scale 1, else rendered at ``scale`` times its pixels
    (every chip drawn: none left for a later turn of the event loop)."""
    with turn_budget.shared().unbudgeted():
        if scale <= 1.0:
            return widget.grab().toImage()
        size = widget.size()
        pixmap = QPixmap(int(size.width() * scale), int(size.height() * scale))
        pixmap.setDevicePixelRatio(scale)
        pixmap.fill(Qt.GlobalColor.white)
        QWidget.render(widget, pixmap)  # subtle: QGraphicsView.render means another thing
        return pixmap.toImage()


def png_bytes(image: QImage) -> bytes:
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    writer = QImageWriter(buffer, QByteArray(b"png"))
    if not writer.write(image):
        raise OSError(tr("the picture could not be encoded as PNG: {reason}").format(reason=writer.errorString()))
    return bytes(buffer.data().data())


def svg_bytes(widget: QWidget, title: str) -> bytes:
    """``widget`` (and its children) painted into an SVG document of its size, each widget
    clipped to its rectangle as on screen (:func:`~app.widgets.svg_tree.tree_svg`)."""
    # subtle: a graphics view (pyqtgraph's plots) paints its cached background as an image;
    # without the cache the SVG holds only vectors.
    views = [widget] if isinstance(widget, QGraphicsView) else []
    views += widget.findChildren(QGraphicsView)
    modes = [view.cacheMode() for view in views]
    for view in views:
        view.setCacheMode(QGraphicsView.CacheModeFlag.CacheNone)
    # subtle: pyqtgraph's symbols come from a cache of pictures unless an item is told it is
    # being exported; then each is drawn as a path
    items = [item for view in views for item in view.items() if isinstance(item, pg.GraphicsItem)]
    for item in items:
        item.setExportMode(True, {"antialias": True})
    try:
        with turn_budget.shared().unbudgeted():  # every chip drawn, none left for later
            svg = tree_svg(widget, title)
    finally:
        for view, mode in zip(views, modes):
            view.setCacheMode(mode)
        for item in items:
            item.setExportMode(False)
    return flatten_scaled_strokes(svg)


def export_png(widget: QWidget, path: str | os.PathLike[str], scale: float = 1.0) -> QImage:
    """Save ``widget`` as a PNG (atomically); returns the image saved."""
    image = widget_image(widget, scale)
    save_file(path, png_bytes(image))
    return image


def export_svg(widget: QWidget, path: str | os.PathLike[str], title: str) -> None:
    """Save ``widget`` as an SVG (atomically)."""
    save_file(path, svg_bytes(widget, title))
