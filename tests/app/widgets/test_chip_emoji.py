"""An emoji in a chip stays visible whatever the chip's color: an orange cat on an orange
chip (presentation mode's saturated fills) vanished. The emoji sits on a white backdrop."""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QImage, QPainter

from app.display.chips import PIECE
from app.display.palette import HIGH_CONTRAST_FILLS
from app.widgets.chip_painter import ChipFonts, draw_chip, has_emoji


def _chip(text: str, fill: str) -> np.ndarray:
    font = QFont()
    font.setPointSizeF(18)
    hex_font = QFont(font)
    fonts = ChipFonts(font, hex_font, QFontMetricsF(font), QFontMetricsF(hex_font))
    image = QImage(80, 40, QImage.Format.Format_RGB888)
    image.fill(QColor("#000000"))
    painter = QPainter(image)
    draw_chip(painter, QRectF(0, 0, 80, 40), ((text, 0),), QColor(fill), PIECE, False, True, fonts)
    painter.end()
    raw = np.frombuffer(bytes(image.constBits()), dtype=np.uint8).reshape(40, image.bytesPerLine())
    return raw[:, : 3 * 80].reshape(40, 80, 3).astype(np.int32)


def test_an_emoji_sits_on_a_light_backdrop_on_every_fill(qtbot) -> None:
    for fill in HIGH_CONTRAST_FILLS:
        pixels = _chip("🐈", fill)[6:34, 4:30]  # where the emoji is drawn
        rgb = np.array([int(fill[i : i + 2], 16) for i in (1, 3, 5)])
        unlike_fill = np.abs(pixels - rgb).sum(axis=2) > 120
        assert unlike_fill.mean() > 0.4, (fill, unlike_fill.mean())


def test_only_emoji_get_the_backdrop(qtbot) -> None:
    assert has_emoji("🐈") and has_emoji("·🙂") and has_emoji("☕") and has_emoji("❤\ufe0f")
    assert not has_emoji("the") and not has_emoji("喝了") and not has_emoji("→") and not has_emoji("·")
    fill = HIGH_CONTRAST_FILLS[0]
    pixels = _chip("ab", fill)[6:34, 30:70]  # right of the text: the chip's own fill
    rgb = np.array([int(fill[i : i + 2], 16) for i in (1, 3, 5)])
    assert (np.abs(pixels - rgb).sum(axis=2) < 30).mean() > 0.9
