"""The language-tax chart: each language's premium (its tokens over English's for the same
text) as bars, one color per tokenizer, languages grouped by script; a line at 1 (English's
cost); the script names under each group and the codes of the languages people look for
first (Chinese, Japanese, Russian, Arabic, Hindi, Korean) above their bars. Hovering a
language says its name, every tokenizer's premium and its first line beside English's cut
into each tokenizer's tokens; the legend gives each tokenizer's
Gini coefficient of the premiums.

It leaves out computing the figures and choosing the tokenizers (the view).
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QPointF, QRectF, Qt, Slot
from PySide6.QtGui import QFontMetricsF, QPainter

from app.core.i18n import bind, tr, tr_n
from app.display.format import token_label
from app.features.measure.job import Figures
from app.features.measure.texts import REFERENCE, MeasureText, script_name
from app.widgets.plots import without_scene_export

__all__ = ["TaxChart", "BAR_COLORS", "MARKED", "Layout", "layout", "short_label", "ScriptAxis"]

BAR_COLORS = ("#1565c0", "#c62828", "#2e7d32", "#6a1b9a", "#ef6c00")
#: Languages named under their bars.
MARKED = ("eng", "cmn", "jpn", "rus", "arb", "hin", "kor")
_GAP = 1.0  # empty slots between two script groups


def short_label(label: str) -> str:
    """A tokenizer's label without its description (``o200k_base``, ``llama3.2_tokenizer.json``):
    what comes before `` (`` or `` · ``."""
    return label.split(" (", 1)[0].split(" · ", 1)[0] or label


def _chips(tokens: Sequence[bytes]) -> str:
    """Tokens as HTML, each on its own alternating background (how many is seen at a glance)."""
    colors = ("#bbdefb", "#ffe0b2")
    return "".join(
        f"<span style='background:{colors[n % 2]}'>{html.escape(token_label(data))}</span>"
        for n, data in enumerate(tokens)
    )


@dataclass(frozen=True)
class Layout:
    """Where each language's bars stand: ``order`` (indices into the texts), their x
    positions, and each script group's (name, first x, last x)."""

    order: tuple[int, ...]
    x: tuple[float, ...]
    groups: tuple[tuple[str, float, float], ...]


def layout(texts: Sequence[MeasureText]) -> Layout:
    """Languages grouped by script (groups with more languages first, then by name), in the
    sample's order within a group."""
    scripts: dict[str, list[int]] = {}
    for k, t in enumerate(texts):
        scripts.setdefault(t.script, []).append(k)
    order: list[int] = []
    xs: list[float] = []
    groups = []
    pos = 0.0
    for script in sorted(scripts, key=lambda s: (-len(scripts[s]), s)):
        first = pos
        for k in scripts[script]:
            order.append(k)
            xs.append(pos)
            pos += 1
        groups.append((script, first, pos - 1))
        pos += _GAP
    return Layout(tuple(order), tuple(xs), tuple(groups))


class ScriptAxis(pg.AxisItem):  # type: ignore[misc]  # pyqtgraph ships no type hints
    """The bottom axis: every script group's name under its bars, on up to :attr:`ROWS`
    staggered rows, shortened ("Mal.", "马拉") where the whole name finds no room (26 groups
    share ~650 pixels: on one row pyqtgraph named only the widest groups, Latin and
    Cyrillic); a name with no room even so is left out (hovering its bars names it)."""

    ROWS = 4

    def __init__(self) -> None:
        super().__init__("bottom")
        self._names: list[tuple[float, float, str, str]] = []
        #: The names drawn last: where, the whole name, and what was written.
        self.shown: list[tuple[QRectF, str, str]] = []

    def set_names(self, names: Sequence[tuple[float, float, str]]) -> None:
        """Name each group (its first and last bar's x, its name) under its centre; a short
        tick marks it."""
        shorts: set[str] = set()
        self._names = []
        everyone = {name for _f, _l, name in names}

        def clear(short: str, name: str) -> bool:
            """A short form no other group's name starts with ("Han." for Hangul read as Han)."""
            stem = short.rstrip(".")
            return short not in shorts and not any(o != name and o.startswith(stem) for o in everyone)

        for first, last, name in sorted(names):
            short = next(s for n in range(len(name) + 1) if (s := _short(name, n)) == name or clear(s, name))
            shorts.add(short)
            self._names.append((first, last, name, short))
        self.setTicks([[((first + last) / 2, "") for first, last, _n, _s in self._names]])
        self._keep_room()

    def setStyle(self, **kwds: Any) -> None:  # noqa: N802 (pyqtgraph's name)
        super().setStyle(**kwds)
        if "tickFont" in kwds and hasattr(self, "_names"):  # zoom, presentation: the room follows the font
            self._keep_room()

    def _keep_room(self) -> None:
        """Room for :attr:`ROWS` lines of names in the tick font (set again when it changes:
        kept at the old font's, the fourth row was cut off in presentation mode)."""
        line = QFontMetricsF(self.style["tickFont"] or self.font()).height()
        rows = self.ROWS if self._names else 1  # (empty: no room kept for names)
        super().setStyle(autoExpandTextSpace=False, tickTextHeight=round(rows * line))
        self.picture = None
        self.update()

    def name_specs(self, metrics: QFontMetricsF) -> list[tuple[QRectF, str, str]]:
        """Where each name goes: centred under its group, on the first row where it (else
        its short form) overlaps no other name."""
        bounds = self.mapRectFromParent(self.geometry())
        low, high = self.range
        scale = bounds.width() / max(high - low, 1e-9)
        top = max(0, self.style["tickLength"]) + self.style["tickTextOffset"][1]
        ends = [-float("inf")] * self.ROWS
        specs = []
        for first, last, name, short in self._names:
            centre = bounds.left() + ((first + last) / 2 - low) * scale
            room = (last - first + 1 + _GAP) * scale  # (a long name under one bar hides its neighbours')
            whole = metrics.horizontalAdvance(name) <= 2 * room
            for text in dict.fromkeys((name, short) if whole else (short, name)):
                width = metrics.horizontalAdvance(text)
                left = centre - width / 2
                if left < bounds.left() or left + width > bounds.right():
                    continue
                row = next((r for r, end in enumerate(ends) if end + metrics.averageCharWidth() <= left), None)
                if row is not None:
                    ends[row] = left + width
                    specs.append((QRectF(left, top + row * metrics.height(), width, metrics.height()), name, text))
                    break
        return specs

    def generateDrawSpecs(self, p: QPainter) -> tuple[object, object, list[tuple[QRectF, object, str]]]:  # noqa: N802
        axis, ticks, _ = super().generateDrawSpecs(p)
        self.shown = self.name_specs(QFontMetricsF(p.font()))
        flags = Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop | Qt.TextFlag.TextDontClip
        return axis, ticks, [(rect, flags, text) for rect, _name, text in self.shown]


def _short(name: str, extra: int = 0) -> str:
    """A script's name shortened (``extra`` letters longer when shorter ones are taken):
    three letters and a dot, two characters (Chinese), or each part's first ("H+K")."""
    if "+" in name:
        return "+".join(part[: 1 + extra] for part in name.split("+"))
    if name.isascii():
        return f"{name[: 3 + extra]}." if len(name) > 4 + extra else name
    return name[: 2 + extra]


class TaxChart:
    """The plot widget (``plot``) and its legend (see the module docstring)."""

    def __init__(self) -> None:
        self.axis = ScriptAxis()
        self.plot = without_scene_export(pg.PlotWidget(background="w", axisItems={"bottom": self.axis}))
        self.plot.showGrid(x=False, y=True, alpha=0.25)
        self.plot.setMouseEnabled(x=True, y=False)
        self.plot.hideButtons()
        for axis in ("left", "bottom"):
            self.plot.getAxis(axis).setPen("#555")
            self.plot.getAxis(axis).setTextPen("#333")
        self.legend = self.plot.addLegend(offset=(10, 10), labelTextColor="#222", brush=pg.mkBrush(255, 255, 255, 220))
        self._texts: list[MeasureText] = []
        self._figures: list[Figures] = []
        self._layout = layout([])
        self.plot.scene().sigMouseMoved.connect(self._on_scene_mouse_moved)
        self.retranslate()

    def retranslate(self) -> None:
        self.plot.setTitle(tr("The language tax: tokens for the same text, relative to English"), color="#333")
        self.plot.setLabel("left", tr("premium (× English's tokens)"))
        self.plot.setLabel("bottom", tr("languages, grouped by script"))
        bind(self.plot, "setToolTip", "Hover a bar: the language and every tokenizer's premium.")

    def draw(self, texts: Sequence[MeasureText], figures: Sequence[Figures]) -> None:
        """Bars of every tokenizer of ``figures`` that has premiums, over ``texts``."""
        self.plot.clear()
        self.legend.clear()
        shown = [f for f in figures if f.parity is not None]
        self._texts, self._figures = list(texts), shown
        self._layout = layout(texts) if shown else layout([])
        if not shown:
            self.axis.set_names([])
            return
        width = 0.8 / len(shown)
        xs = np.asarray(self._layout.x)
        tallest = {k: max(f.parity.languages[k].premium for f in shown if f.parity) for k in self._layout.order}
        for n, f in enumerate(shown):
            assert f.parity is not None
            heights = [f.parity.languages[k].premium for k in self._layout.order]
            bars = pg.BarGraphItem(
                x=xs - 0.4 + width * (n + 0.5),
                height=heights,
                width=width,
                brush=BAR_COLORS[n % len(BAR_COLORS)],
                pen=None,
            )
            self.plot.addItem(bars)
            name = tr("{name} (Gini {gini})").format(name=short_label(f.label), gini=f"{f.parity.gini_premium:.3f}")
            self.legend.addItem(bars, name)
        self.plot.addItem(
            pg.InfiniteLine(pos=1.0, angle=0, pen=pg.mkPen("#333", width=1, style=pg.QtCore.Qt.PenStyle.DashLine))
        )
        self._ticks(tallest)
        self.plot.enableAutoRange()

    def _ticks(self, tallest: dict[int, float]) -> None:
        """Script names under their groups (:class:`ScriptAxis`); the codes of :data:`MARKED`
        above their bars (every other one a line higher, so that neighbours do not overlap)."""
        self.axis.set_names([(a, b, script_name(name)) for name, a, b in self._layout.groups])
        top = max(tallest.values(), default=1.0)
        marked = [(x, k) for k, x in zip(self._layout.order, self._layout.x) if self._texts[k].code in MARKED]
        for n, (x, k) in enumerate(marked):
            label = pg.TextItem(self._texts[k].code, color="#000", anchor=(0.5, 1.0))
            label.setPos(x, tallest[k] + top * (0.02 + 0.06 * (n % 2)))
            self.plot.addItem(label)

    def language_at(self, x: float) -> int | None:
        """The index (into the texts) of the language whose bars stand at ``x``, or None."""
        for k, pos in zip(self._layout.order, self._layout.x):
            if abs(x - pos) <= 0.5:
                return k
        return None

    def describe(self, k: int) -> str:
        """What hovering language ``k`` says (HTML): its name, each tokenizer's tokens and
        premium, and its first line beside English's cut into each tokenizer's tokens."""
        t = self._texts[k]
        lines = [f"<b>{html.escape(t.shown_name())}</b> ({t.code}, {html.escape(script_name(t.script))})"]
        for f in self._figures:
            assert f.parity is not None
            cost = f.parity.languages[k]
            lines.append(
                html.escape(
                    tr_n("{name}: %n token(s), premium {premium}", cost.tokens).format(
                        name=short_label(f.label), premium=f"{cost.premium:.2f}"
                    )
                )
            )
        english = next((n for n, x in enumerate(self._texts) if x.code == REFERENCE), None)
        for f in self._figures:
            if len(f.first_lines) != len(self._texts):
                continue
            lines.append(f"<br><i>{html.escape(short_label(f.label))}</i>")
            for n in dict.fromkeys(x for x in (english, k) if x is not None):
                lines.append(f"{self._texts[n].code}: {_chips(f.first_lines[n])}")
        return "<br>".join(lines)

    @Slot(QPointF)
    def _on_scene_mouse_moved(self, pos: QPointF) -> None:
        if not self._figures:
            return
        x = self.plot.getPlotItem().vb.mapSceneToView(pos).x()
        k = self.language_at(x)
        self.plot.setToolTip(
            self.describe(k) if k is not None else tr("Hover a bar: the language and every tokenizer's premium.")
        )
