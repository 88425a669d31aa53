"""How one chip looks, for every chip widget: its fill, its border, its text color.

:class:`~app.widgets.token_chips.ChipView` (long token sequences) and
:mod:`app.widgets.segmentation` (step mode's table cells, the pre-tokenizer preview) paint
their chip boxes here, with the colors of :mod:`app.display.palette`, so a token has the same
fill, border and text color in every view. A chip's kind (:mod:`app.display.chips`) decides
the style: a token takes its palette color, a split character's token a lighter fill with a
dashed border and a hatched bottom edge, a special token the dark fill, a pre-tokenization
piece one of two neutral tones. In presentation mode (:func:`high_contrast`: a property of the
window) chips take the palette's high-contrast fills and a black border.

:func:`draw_chip` adds a chip's label (text, and bytes in hex) to its box. It leaves out layout
(the widgets, :mod:`app.widgets.chip_layout`) and choosing colors (the palette).
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QPainter, QPen
from PySide6.QtWidgets import QWidget

from app.display import palette
from app.display.chips import HEX, PARTIAL, PIECE, POINTER, SPECIAL, Segment

__all__ = [
    "ChipFonts",
    "chip_width",
    "draw_chip",
    "chip_color",
    "text_color",
    "paint_chip_box",
    "high_contrast",
    "HIGH_CONTRAST_PROPERTY",
    "MARK",
    "HIGHLIGHT",
    "HEX_TEXT",
    "NEW_TOKEN",
    "NEXT_PAIR",
]

_FILLS = tuple(QColor(c) for c in palette.FILLS)
_PIECE_FILLS = tuple(QColor(c) for c in palette.PIECE_FILLS)
_HC_FILLS = tuple(QColor(c) for c in palette.HIGH_CONTRAST_FILLS)
_HC_PIECE_FILLS = tuple(QColor(c) for c in palette.HIGH_CONTRAST_PIECE_FILLS)
_HC_BORDER = QColor(palette.HIGH_CONTRAST_BORDER)
_SPECIAL_FILL = QColor(palette.SPECIAL_FILL)
_TEXT = QColor(palette.TEXT)
_SPECIAL_TEXT = QColor(palette.SPECIAL_TEXT)
_POINTER_TEXT = QColor(palette.POINTER_TEXT)
MARK = QColor(palette.DIFF_MARK)
HIGHLIGHT = QColor(palette.HIGHLIGHT)
HEX_TEXT = QColor(palette.HEX_TEXT)
NEW_TOKEN = QColor(palette.NEW_TOKEN)
NEXT_PAIR = QColor(palette.NEXT_PAIR)


#: The window property that turns high-contrast chips on (presentation mode sets it).
HIGH_CONTRAST_PROPERTY = "highContrastChips"


def high_contrast(widget: QWidget) -> bool:
    """Whether ``widget``'s window shows high-contrast chips (presentation mode)."""
    return bool(widget.window().property(HIGH_CONTRAST_PROPERTY))


def chip_color(index: int, kind: int, contrast: bool = False) -> QColor:
    """The fill of a chip of palette index ``index`` (a piece's tone for ``PIECE``);
    ``contrast``: the high-contrast fills of presentation mode."""
    if kind == SPECIAL:
        return _SPECIAL_FILL
    if kind == PIECE:
        fills = _HC_PIECE_FILLS if contrast else _PIECE_FILLS
        return fills[index % len(fills)]
    fills = _HC_FILLS if contrast else _FILLS
    return fills[index % len(fills)]


def text_color(kind: int, style: int = 0) -> QColor:
    """The color of a label segment of ``style`` (hex bytes have their own, see HEX_TEXT)."""
    if kind == SPECIAL:
        return _SPECIAL_TEXT
    return _POINTER_TEXT if style == POINTER else _TEXT


def paint_chip_box(p: QPainter, r: QRectF, fill: QColor, kind: int, contrast: bool = False) -> None:
    """The rounded box of a chip (fill and border), without its label; ``contrast``: a black
    border, twice as thick (presentation mode)."""
    if kind == PARTIAL:
        p.setBrush(QBrush(fill.lighter(115)))
        p.setPen(QPen(_HC_BORDER if contrast else fill.darker(170), 2.0 if contrast else 1.2, Qt.PenStyle.DashLine))
        p.drawRoundedRect(r, 4, 4)
        # Hatching only along the bottom edge, so the hex bytes stay readable.
        p.setBrush(QBrush(fill.darker(140), Qt.BrushStyle.BDiagPattern))
        p.setPen(Qt.PenStyle.NoPen)
        p.drawRect(QRectF(r.left() + 2, r.bottom() - 4, r.width() - 4, 3))
    else:
        p.setBrush(fill)
        p.setPen(QPen(_HC_BORDER, 2.0) if contrast else QPen(fill.darker(130), 1.0))
        p.drawRoundedRect(r, 4, 4)


_PAD_X, _PAD_Y = 5.0, 2.0  # a label's distance from its chip's left and top edges


@dataclass(frozen=True)
class ChipFonts:
    """The fonts of chip labels: text, and bytes written in hex."""

    text: QFont
    hex: QFont
    text_metrics: QFontMetricsF
    hex_metrics: QFontMetricsF


#: What an emoji in a chip is drawn on (see :func:`draw_chip`).
EMOJI_BACKDROP = QColor("#ffffff")


def has_emoji(text: str) -> bool:
    """Whether ``text`` holds a character drawn as a colored emoji (pictographs, symbols
    followed by the emoji variation selector U+FE0F)."""
    return any(
        0x1F000 <= ord(ch) <= 0x1FAFF or (0x2600 <= ord(ch) <= 0x27BF and ch in _EMOJI_SYMBOLS) or ch == "\ufe0f"
        for ch in text
    )


#: Symbols of the Miscellaneous Symbols and Dingbats blocks that fonts draw as colored emoji.
_EMOJI_SYMBOLS = frozenset(
    "☀☁☔☕☘☝☺♈♉♊♋♌♍♎♏♐♑♒♓♻♿⚓⚡⚪⚫⚽⚾⛄⛅⛎⛔⛪⛲⛳⛵⛺⛽✅✊✋✨❌❎❓❔❕❗❤➕➖➗➰➿"
)


def draw_chip(
    p: QPainter,
    r: QRectF,
    segments: tuple[Segment, ...],
    fill: QColor,
    kind: int,
    marked: bool,
    contrast: bool,
    fonts: ChipFonts,
) -> None:
    """One chip in ``r``: its box, the mark of a marked chip, and its label's segments."""
    paint_chip_box(p, r, fill, kind, contrast)
    if marked:
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.setPen(QPen(MARK, 2.0))
        p.drawRoundedRect(r.adjusted(1, 1, -1, -1), 4, 4)
    x = r.left() + _PAD_X
    p.setClipRect(r)
    for text, style in segments:
        if style == HEX:
            p.setFont(fonts.hex)
            p.setPen(HEX_TEXT)
            w = fonts.hex_metrics.horizontalAdvance(text) + 3.0
            base = r.top() + (r.height() + fonts.hex_metrics.ascent() - fonts.hex_metrics.descent()) / 2
            p.drawText(QPointF(x + 1.5, base), text)
        else:
            p.setFont(fonts.text)
            w = fonts.text_metrics.horizontalAdvance(text)
            if has_emoji(text):
                # an orange cat on an orange chip vanished: emoji (which bring their own colors)
                # sit on a white backdrop inside the chip
                p.setPen(Qt.PenStyle.NoPen)
                p.setBrush(EMOJI_BACKDROP)
                p.drawRoundedRect(QRectF(x - 1, r.top() + 2, w + 2, r.height() - 4), 3, 3)
            p.setPen(text_color(kind, style))
            p.drawText(QPointF(x, r.top() + _PAD_Y + fonts.text_metrics.ascent()), text)
        x += w


def chip_width(segs: tuple[Segment, ...], fonts: ChipFonts, cache: dict[tuple[Segment, ...], float]) -> float:
    """The width of a chip with these labels (remembered in ``cache``)."""
    w = cache.get(segs)
    if w is None:
        w = 0.0
        for text, style in segs:
            fm = fonts.hex_metrics if style == HEX else fonts.text_metrics
            w += fm.horizontalAdvance(text) + (3.0 if style == HEX else 0.0)
        w += 2 * _PAD_X
        if len(cache) > 50_000:
            cache.clear()
        cache[segs] = w
    return w
