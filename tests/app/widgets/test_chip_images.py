"""Chip images after a font change: the first paint draws every chip directly, later paints
make a few images each, and the chips look the same drawn or from their images.

Issue 20 F: presentation mode (a new font and contrast) threw away every chip image and the
next paint made one image per chip on screen, in the turn of the event loop that already held
the window's relayout. Now that paint draws the chips (cheaper than making their images) and
the images come a few per paint afterwards.
"""

from __future__ import annotations

import numpy as np
from PySide6.QtGui import QFont, QImage, QPixmap

from app.display.chips import TokenChipBuilder
from app.display.token_data import token_table
from app.widgets.chip_painter import ChipImages
from app.widgets.token_chips import ChipView

from ..text_views_support import openai_tokenizers  # noqa: F401

TEXT = "The quick brown fox 国语的文字 🔭 jumps over the lazy dog. " * 12


def _grab(view: ChipView) -> QImage:
    return view.viewport().grab().toImage()


def test_the_chip_images_are_made_a_few_per_paint_and_not_in_the_first_after_a_clear(qtbot) -> None:
    images = ChipImages(per_paint=2)
    made: list[int] = []

    def make(key: int) -> QPixmap:
        made.append(key)
        return QPixmap(1, 1)

    images.clear()
    images.start_paint()
    assert [images.get(k, lambda k=k: make(k)) for k in range(5)] == [None] * 5
    images.start_paint()
    got = [images.get(k, lambda k=k: make(k)) for k in range(5)]
    assert made == [0, 1] and [g is not None for g in got] == [True, True, False, False, False]
    images.start_paint()
    got = [images.get(k, lambda k=k: make(k)) for k in range(5)]
    assert made == [0, 1, 2, 3] and len(images) == 4  # the first two are reused, not made again


def test_after_a_font_change_every_chip_shows_in_the_new_font_as_its_image_would(
    qtbot,
    openai_tokenizers,  # noqa: F811
) -> None:
    tok = openai_tokenizers["cl100k_base"]
    table = token_table(tok, tok.encode(TEXT), TEXT)
    chips, _ids, _reuse = TokenChipBuilder().build(table, True)
    view = ChipView()
    qtbot.addWidget(view)
    view.resize(700, 400)
    view.show()
    qtbot.waitExposed(view)
    view.set_chips(chips)
    for _ in range(60):  # every chip on screen has its image (a few per paint)
        _grab(view)
    small = _grab(view)
    font = QFont(view.font())
    font.setPointSizeF(font.pointSizeF() * 1.5)
    view.setFont(font)
    drawn = _grab(view)  # the first paint after the change: every chip drawn directly
    assert len(view._images) == 0
    assert drawn != small  # the chips are larger
    for _ in range(60):
        _grab(view)
    cached = _grab(view)
    assert len(view._images) > 0
    assert view.layout_done()
    # drawn in place, the chips look like their images (to antialiasing's rounding)
    assert _difference(drawn, cached) < _difference(drawn, small) / 10
    reference = ChipView()
    qtbot.addWidget(reference)
    reference.setFont(font)
    reference.resize(700, 400)
    reference.show()
    qtbot.waitExposed(reference)
    reference.set_chips(chips)
    for _ in range(60):
        _grab(reference)
    assert _grab(reference) == cached  # as a view made with that font paints them


def _difference(a: QImage, b: QImage) -> float:
    """The mean difference of two pictures' channels (0-255)."""
    x = np.frombuffer(a.constBits(), np.uint8).astype(np.int16)
    y = np.frombuffer(b.constBits(), np.uint8).astype(np.int16)
    return float(np.abs(x - y).mean())
