"""Colored token chips, painted and laid out by hand so that 10 000+ tokens stay fluid.

One :class:`ChipView` shows a sequence of chips (tokens, ids or pre-tokenization pieces) in
lines that wrap at the widget's width; a chip whose text holds a newline ends its line, so
indented code keeps its shape. A token's chip has its token's color (:mod:`app.display.palette`:
the same in every view, never its neighbour's); chips without colors take them by position.
Chip kinds:

- ``NORMAL``: a token; its label is the token's text with visible whitespace.
- ``PARTIAL``: a token that holds only part of a character: hatched, dashed border, its
  bytes in hex and an arrow to the character it belongs to (e.g. ``e5 9c→國``); hovering it
  also outlines the other chips holding bytes of that character.
- ``SPECIAL``: a special token (dark).
- ``PIECE``: a pre-tokenization piece (two alternating neutral tones).

Chips may be marked (the compare view's boundary diff: an orange frame) and dimmed from some index on (the
stream view's "not fed yet").

No per-chip QWidget exists: layout stores an x offset and a line per chip (in slices between events, only while
the view is shown), painting walks only the visible lines, and label widths and chip images are cached. Painted
into an SVG (an export), chips are drawn as shapes and text, never as cached images; in presentation mode they
take the high-contrast fills (:func:`~app.widgets.chip_painter.high_contrast`). This module knows nothing about
tokenizers: :mod:`app.display.chips` builds the chip data, the colors are :mod:`app.display.palette`'s, and
:mod:`app.widgets.chip_painter` draws each chip's box.
"""

from __future__ import annotations

import time
from bisect import bisect_right
from collections.abc import Sequence
from math import ceil

from PySide6.QtCore import QEvent, QPointF, QRectF, Qt, QTimer, Signal, Slot
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontDatabase,
    QFontMetricsF,
    QPaintEngine,
    QPainter,
    QPaintEvent,
    QPen,
    QPixmap,
    QResizeEvent,
    QShowEvent,
)
from PySide6.QtWidgets import QWidget

from app.core.i18n import connect, tr
from app.display import palette
from app.display.chips import PIECE, SPECIAL, Chips, Segment
from app.widgets.chip_input import ChipInput
from app.widgets.chip_layout import MARGIN as _MARGIN, ChipLayouter
from app.widgets.chip_painter import HIGHLIGHT, ChipFonts, chip_color, chip_width, draw_chip, high_contrast
from app.widgets.turn_budget import shared as shared_turns

__all__ = ["ChipView"]

_PAD_X, _PAD_Y, _LINE_GAP = 5.0, 2.0, 5.0
# Chips laid out per slice (a few milliseconds at most) and the chips the viewport may take at
# once; the slices of all the views share one budget per turn (app.widgets.turn_budget).
_SLICE, _FIRST_CHIPS = 256, 4096
_LEAST_IMAGES = 1  # new chip images a paint makes whatever the budget (the rest: plain boxes, then)


class ChipView(ChipInput):
    """A long sequence of chips, wrapped into lines (see the module docstring); its signals
    are :class:`~app.widgets.chip_input.ChipInput`'s (hovered, selected) and ``lines_changed``
    (the number of lines of chips, :meth:`line_count`, or their height changed)."""

    lines_changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.viewport().setMouseTracking(True)
        self.viewport().setBackgroundRole(self.viewport().backgroundRole())
        self._segments: Sequence[tuple[Segment, ...]] = ()
        self._kinds: Sequence[int] = ()
        self._breaks: Sequence[int] = ()
        self._spans: Sequence[tuple[int, int]] | None = None
        self._colors: Sequence[int] | None = None
        self._chips = Chips()
        self._marks: Sequence[bool] | None = None
        self._dim_from = -1
        self._highlight = -1  # mirrored from another view
        self._placeholder = ""
        #: Generation of the data last given to :meth:`set_chips`, and of the data last painted.
        self.generation = 0
        self.painted_generation = -1
        self._layouter = ChipLayouter(0, float, (), 0.0)
        lines = self._layouter.lines
        self._xs, self._widths, self._line_first = lines.xs, lines.widths, lines.line_first
        self._layout_width = -1.0
        self._dirty = True
        self._anchor = -1  # the chip kept at the top while a new layout reaches it
        self._pending_visible = -1  # a chip to scroll to once the layout reaches it
        self._made, self._deferred = 0, False  # chip images made by this paint; some left for later
        self._width_cache: dict[tuple[Segment, ...], float] = {}
        self._pixmaps: dict[tuple[object, ...], QPixmap] = {}
        self._set_fonts()
        connect(self._on_language_changed)

    @Slot(str)
    def _on_language_changed(self, _language: str) -> None:
        self.viewport().update()  # the placeholder is translated when painted

    # -- fonts ------------------------------------------------------------------------------

    def _set_fonts(self) -> None:
        if self._xs and self._anchor < 0 and self.verticalScrollBar().value() > 0:
            self._anchor = self._top_chip()  # found with the old line height (see _layout)
        self._text_font = QFont(self.font())
        self._hex_font = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
        self._hex_font.setPointSizeF(max(self._text_font.pointSizeF() * 0.85, 6.0))
        self._fm_text = QFontMetricsF(self._text_font)
        self._fm_hex = QFontMetricsF(self._hex_font)
        self._fonts = ChipFonts(self._text_font, self._hex_font, self._fm_text, self._fm_hex)
        self._chip_h = self._fm_text.height() + 2 * _PAD_Y
        self._lines_said = -1  # (the lines' height changed)
        self._width_cache.clear()
        self._pixmaps.clear()
        self._dirty = True

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt naming)
        if event.type() == QEvent.Type.FontChange:
            self._set_fonts()
            self.viewport().update()
        super().changeEvent(event)

    # -- data -------------------------------------------------------------------------------

    def set_chips(
        self,
        chips: Chips,
        *,
        marks: Sequence[bool] | None = None,
        generation: int = 0,
        reuse: tuple[int, int] | None = None,
    ) -> None:
        """Replace all chips. ``reuse = (prefix, suffix)`` promises that the first ``prefix`` and the last
        ``suffix`` chips equal those of the previous call (labels and line breaks): the lines before the
        change keep their layout, and the layout after it is re-used as soon as a line starts at the same
        chip as before."""
        n = len(chips.segments)
        if len(chips.kinds) != n or len(chips.breaks) != n or (chips.spans is not None and len(chips.spans) != n):
            raise ValueError("segments, kinds, breaks and spans must have the same length")
        if chips.colors is not None and len(chips.colors) != n:
            raise ValueError("colors must have one entry per chip")
        old_n = len(self._segments)
        self._chips = chips
        self._segments, self._kinds, self._breaks = chips.segments, chips.kinds, chips.breaks
        self._spans, self._colors = chips.spans, chips.colors
        self._marks = marks if marks is not None and len(marks) == n else None
        self.generation = generation
        for name in ("_hover", "_selected", "_highlight"):
            if getattr(self, name) >= n:
                setattr(self, name, -1)
        self._dim_from = -1 if self._dim_from > n else self._dim_from
        can_reuse = reuse is not None and not self._dirty and self._layout_width == self.viewport().width()
        self._dirty = True
        self._pending_visible = -1
        if self.isVisible():
            self._layout(reuse if can_reuse else None, old_n)
        self.viewport().update()

    def clear(self) -> None:
        self.set_chips(Chips(), generation=self.generation + 1)

    def set_marks(self, marks: Sequence[bool] | None) -> None:
        self._marks = marks if marks is not None and len(marks) == len(self._segments) else None
        self.viewport().update()

    def set_dim_from(self, index: int) -> None:
        """Draw chips from ``index`` on faded (-1: none)."""
        self._dim_from = index
        self.viewport().update()

    def set_placeholder(self, text: str) -> None:
        """What an empty view says: an English source (marked with ``noop``), drawn translated."""
        self._placeholder = text
        self.viewport().update()

    # -- queries (also used by tests) -------------------------------------------------------

    def count(self) -> int:
        return len(self._segments)

    def chip_text(self, index: int) -> str:
        """The label as drawn (segments joined)."""
        return "".join(t for t, _ in self._segments[index])

    def chip_texts(self) -> list[str]:
        return [self.chip_text(i) for i in range(len(self._segments))]

    def chip_kind(self, index: int) -> int:
        return self._kinds[index]

    def _color_index(self, i: int, kind: int) -> int:
        if kind == PIECE or self._colors is None:
            return i % len(palette.PIECE_FILLS) if kind == PIECE else i % len(palette.FILLS)
        return 0 if kind == SPECIAL else self._colors[i]

    def chip_fill(self, index: int) -> QColor:
        kind = self._kinds[index]
        return chip_color(self._color_index(index, kind), kind, high_contrast(self))

    def chips(self) -> Chips:
        return self._chips

    def is_marked(self, index: int) -> bool:
        return bool(self._marks and self._marks[index])

    def highlighted_index(self) -> int:
        return self._highlight

    def related(self, index: int) -> list[int]:
        """Chips sharing a character with chip ``index`` (itself included): the pieces of a split character."""
        return self._chips.related(index)

    def chip_rect(self, index: int) -> QRectF:
        """Where chip ``index`` is drawn, in viewport coordinates (laid out now if it was not yet)."""
        self._ensure_layout()
        if index >= len(self._xs):
            self._run_slice(index + 1 - len(self._xs))
            self._update_bar()
        line = bisect_right(self._line_first, index) - 1
        y = _MARGIN + line * (self._chip_h + _LINE_GAP) - self.verticalScrollBar().value()
        return QRectF(self._xs[index], y, self._widths[index], self._chip_h)

    def index_at(self, pos: QPointF) -> int:
        self._ensure_layout()
        if not self._segments:
            return -1
        y = pos.y() + self.verticalScrollBar().value() - _MARGIN
        step = self._chip_h + _LINE_GAP
        line = int(y // step)
        if y < 0 or line >= len(self._line_first) or y - line * step > self._chip_h:
            return -1
        first = self._line_first[line]
        last = self._line_first[line + 1] if line + 1 < len(self._line_first) else len(self._xs)
        if first >= last:
            return -1
        i = bisect_right(self._xs, pos.x(), first, last) - 1
        if i < first or pos.x() > self._xs[i] + self._widths[i]:
            return -1
        return i

    # -- selection --------------------------------------------------------------------------

    def set_highlight(self, index: int) -> None:
        """Outline chip ``index`` (mirrors the hover or selection of another view)."""
        index = index if 0 <= index < len(self._segments) else -1
        if index != self._highlight:
            self._highlight = index
            if index >= 0:
                self.ensure_visible(index)
            self.viewport().update()

    def ensure_visible(self, index: int) -> None:
        if not (0 <= index < len(self._segments)) or not self.isVisible():
            return
        self._ensure_layout()
        if index >= len(self._xs):
            self._pending_visible = index  # scrolled to when the slices reach it
            return
        r = self.chip_rect(index)
        bar = self.verticalScrollBar()
        if r.top() < 0:
            bar.setValue(int(bar.value() + r.top() - _MARGIN))
        elif r.bottom() > self.viewport().height():
            bar.setValue(int(bar.value() + r.bottom() - self.viewport().height() + _MARGIN))

    # -- layout -----------------------------------------------------------------------------

    def _width_of(self, segs: tuple[Segment, ...]) -> float:
        return chip_width(segs, self._fonts, self._width_cache)

    def _ensure_layout(self) -> None:
        if self._dirty or self._layout_width != self.viewport().width():
            self._layout()

    def layout_done(self) -> bool:
        """Whether no layout work is pending: every chip is laid out (the view lays out in
        slices between events), or the view is hidden (it lays out when shown)."""
        return not self.isVisible() or (not self._dirty and self._layouter.done)

    def finish_layout(self) -> None:
        """Lay out every chip now (exports and tests; the view itself lays out in slices)."""
        self._ensure_layout()
        while not self._layouter.done:
            self._run_slice(len(self._segments))

    def measured_count(self) -> int:
        """Chips measured by the current layout so far (the rest are measured when reached)."""
        return self._layouter.measured

    def _layout(self, reuse: tuple[int, int] | None = None, old_n: int | None = None) -> None:
        """Start laying out the chips: what the viewport shows now, the rest in slices."""
        avail = max(float(self.viewport().width()) - _MARGIN, 40.0)
        old = self._layouter.lines if reuse is not None else None
        if reuse is None and self._anchor < 0 and self.verticalScrollBar().value() > 0 and self._xs:
            self._anchor = self._top_chip()  # kept at the top once the layout reaches it again
        # subtle: the measure holds the fonts and cache, not this view (a cycle through the
        # layouter would leave a closed view to the cyclic collector: app.core.weakly)
        fonts, cache = self._fonts, self._width_cache
        label = getattr(self._segments, "peek", self._segments.__getitem__)
        self._layouter = ChipLayouter(
            len(self._segments), lambda i: chip_width(label(i), fonts, cache), self._breaks, avail, old, reuse, old_n
        )
        lines = self._layouter.lines
        self._xs, self._widths, self._line_first = lines.xs, lines.widths, lines.line_first
        self._layout_width = self.viewport().width()
        self._dirty = False
        # What the viewport shows is laid out at once (a slice or two); the rest follows.
        need = (self.verticalScrollBar().value() + self.viewport().height()) / (self._chip_h + _LINE_GAP) + 2
        for _ in range(_FIRST_CHIPS // _SLICE):
            if self._layouter.done or (self._anchor < 0 and len(self._line_first) > need):
                break
            self._run_slice(_SLICE)
        self._update_bar()
        if not self._layouter.done:
            shared_turns().add(self, self._layout_slice)  # the rest between events

    def _top_chip(self) -> int:
        """The first chip of the line at the top (the first one mostly visible: a line the
        anchor scrolled to stays the top line when found again)."""
        step = self._chip_h + _LINE_GAP
        line = int(max(self.verticalScrollBar().value() - _MARGIN + step / 2, 0) // step)
        return self._line_first[min(line, len(self._line_first) - 1)]

    def _run_slice(self, budget: int) -> None:
        self._layouter.run(budget)
        laid = len(self._xs)
        if 0 <= self._anchor < laid:
            line = bisect_right(self._line_first, self._anchor) - 1
            self._anchor = -1
            self._update_bar()
            self.verticalScrollBar().setValue(int(line * (self._chip_h + _LINE_GAP)))
        if 0 <= self._pending_visible < laid:
            index, self._pending_visible = self._pending_visible, -1
            self._update_bar()
            self.ensure_visible(index)

    def _layout_slice(self) -> bool:
        """A slice of the chips not yet laid out (the shared scheduler's turns); whether more remain."""
        # A new layout starts at the next paint; a hidden view's waits for showEvent (issue 20 F).
        if self._dirty or self._layout_width != self.viewport().width() or not self.isVisible():
            return False
        self._run_slice(_SLICE)
        self._update_bar()
        self.viewport().update()
        return not self._layouter.done

    def line_count(self) -> int:
        """Lines of chips: those laid out, plus an estimate for the chips not yet laid out."""
        laid, lines = len(self._xs), len(self._line_first)
        if laid < len(self._segments):
            lines += int((len(self._segments) - laid) * lines / max(laid, 1))
        return lines

    def height_for_lines(self, lines: int, more: bool = False) -> int:
        """The height showing ``lines`` whole lines of chips; ``more`` below: none of the next."""
        return ceil(_MARGIN + (-1.0 if more else _MARGIN) + lines * (self._chip_h + _LINE_GAP) + 2 * self.frameWidth())

    def _update_bar(self) -> None:
        """The scroll range: every line (see :meth:`line_count`); says when the count changed."""
        lines = self.line_count()
        if lines != self._lines_said:
            self._lines_said = lines
            self.lines_changed.emit()
        total = _MARGIN * 2 + lines * (self._chip_h + _LINE_GAP)
        bar = self.verticalScrollBar()
        bar.setRange(0, max(0, int(total - self.viewport().height())))
        bar.setPageStep(self.viewport().height())
        bar.setSingleStep(int(self._chip_h + _LINE_GAP))

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802
        super().resizeEvent(event)
        # Lines depend on the width alone (a new width is laid out at the next paint): a new height only
        # changes the scroll range (laying out 100 000 chips again sent the view to the top for a while).
        if not self._dirty:
            self._update_bar()

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802
        super().showEvent(event)
        self._ensure_layout()
        if not self._layouter.done and not shared_turns().waiting(self):  # (the slices stop while hidden)
            shared_turns().add(self, self._layout_slice)

    def scrollContentsBy(self, dx: int, dy: int) -> None:  # noqa: N802
        self.viewport().update()

    # -- painting ---------------------------------------------------------------------------

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802
        self._ensure_layout()
        p = QPainter(self.viewport())
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        n = len(self._segments)
        if n == 0:
            if self._placeholder:
                p.setPen(self.palette().placeholderText().color())
                p.drawText(
                    self.viewport().rect().adjusted(8, 8, -8, -8), Qt.TextFlag.TextWordWrap, tr(self._placeholder)
                )
            p.end()
            self.painted_generation = self.generation
            return
        step = self._chip_h + _LINE_GAP
        top = self.verticalScrollBar().value()
        rect = event.rect()
        first_line = max(int((top + rect.top() - _MARGIN) // step), 0)
        last_line = min(int((top + rect.bottom() - _MARGIN) // step) + 1, len(self._line_first) - 1)
        related = set(self.related(self._hover)) if self._hover >= 0 else set()
        if self._highlight >= 0:
            related.update(self.related(self._highlight))
        contrast = high_contrast(self)
        # An export to SVG gets shapes and text, not the cached chip images.
        vector = p.paintEngine().type() == QPaintEngine.Type.SVG
        self._made, self._deferred = 0, False
        for line in range(first_line, last_line + 1):
            y = _MARGIN + line * step - top
            start = self._line_first[line]
            end = self._line_first[line + 1] if line + 1 < len(self._line_first) else len(self._xs)
            for i in range(start, end):
                r = QRectF(self._xs[i], y, self._widths[i], self._chip_h)
                self._paint_chip(p, i, r, i in related, contrast, vector)
        p.end()
        shared_turns().owe(self, self._deferred)  # (the next turns paint before any layout slice)
        if self._deferred:  # the chip images over the turn's budget are made in the next turns
            QTimer.singleShot(0, self.viewport(), self.viewport().update)
        else:
            self.painted_generation = self.generation

    def _paint_chip(self, p: QPainter, i: int, r: QRectF, related: bool, contrast: bool, vector: bool) -> None:
        kind = self._kinds[i]
        marked = bool(self._marks is not None and self._marks[i])
        dim = 0 <= self._dim_from <= i
        if dim:
            p.setOpacity(0.3)
        if vector:
            p.save()
            self._draw_chip(p, i, kind, marked, r, contrast)
            p.restore()
        else:
            # Subtle: antialiased rounded rectangles and text cost ~50 µs a chip; a cached
            # image of each distinct chip makes repainting a full viewport a few milliseconds.
            color = self._color_index(i, kind)
            key = (self._segments[i], kind, color, marked, round(r.width()), contrast)
            pix = self._pixmaps.get(key)
            if pix is None and self._made >= _LEAST_IMAGES and shared_turns().left() <= 0:
                # (a new size or contrast: every chip's image anew, 0.1 s for a few hundred)
                p.fillRect(r, chip_color(color, kind, contrast))
                self._deferred = True
            else:
                if pix is None:
                    pix = self._render_chip(i, kind, marked, r.width(), contrast, key)
                p.drawPixmap(QPointF(r.left() - 2, r.top() - 2), pix)
        if dim:
            p.setOpacity(1.0)
        if i == self._selected or i == self._hover or i == self._highlight or related:
            p.setBrush(Qt.BrushStyle.NoBrush)
            width = 2.5 if i in (self._selected, self._hover, self._highlight) else 1.5
            p.setPen(QPen(HIGHLIGHT, width))
            p.drawRoundedRect(r.adjusted(-1, -1, 1, 1), 5, 5)

    def _render_chip(
        self, i: int, kind: int, marked: bool, width: float, contrast: bool, key: tuple[object, ...]
    ) -> QPixmap:
        """Chip ``i``'s image, kept under ``key``; its time counts in the turn's budget."""
        start = time.perf_counter()
        dpr = self.devicePixelRatioF()
        pix = QPixmap(int((width + 4) * dpr + 1), int((self._chip_h + 6) * dpr + 1))
        pix.setDevicePixelRatio(dpr)
        pix.fill(Qt.GlobalColor.transparent)
        p = QPainter(pix)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        self._draw_chip(p, i, kind, marked, QRectF(2, 2, width, self._chip_h), contrast)
        p.end()
        if len(self._pixmaps) > 20_000:
            self._pixmaps.clear()
        self._pixmaps[key] = pix
        self._made += 1
        shared_turns().spend(time.perf_counter() - start)
        return pix

    def _draw_chip(self, p: QPainter, i: int, kind: int, marked: bool, r: QRectF, contrast: bool) -> None:
        """Chip ``i``'s box, mark and label in ``r``."""
        fill = chip_color(self._color_index(i, kind), kind, contrast)
        draw_chip(p, r, self._segments[i], fill, kind, marked, contrast, self._fonts)
