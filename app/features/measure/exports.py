"""The Measure tab's exports: every figure as one CSV file (long form: ``table, tokenizer,
language, name, script, measure, value``; the health lists one row per token), the chart as
PNG or SVG, and the dialogs asking where.

It leaves out what is measured (the job) and saying what was saved (the view).
"""

from __future__ import annotations

import csv
import io
import os
from collections.abc import Sequence
from pathlib import Path

import pyqtgraph as pg
from PySide6.QtWidgets import QFileDialog, QWidget

from app.core.i18n import tr
from app.core.settings import Settings
from app.display.pieces import token_text
from app.features.measure.job import ALPHA, Figures
from app.features.measure.tables import HEALTH_KINDS
from app.features.measure.texts import MeasureText
from app.widgets.export import export_png, export_svg
from bpe_engine import TokenizerLike

__all__ = ["figures_csv", "choose_chart_path", "choose_csv_path", "write_chart"]

_Row = list[object]


def _tax_rows(texts: Sequence[MeasureText], f: Figures) -> list[_Row]:
    if f.parity is None:
        return []
    rows: list[_Row] = []
    for t, cost in zip(texts, f.parity.languages):
        for measure, value in (
            ("tokens", cost.tokens),
            ("bytes", cost.bytes),
            ("chars", cost.chars),
            ("bytes_per_token", cost.bytes_per_token),
            ("tokens_per_sentence", cost.tokens_per_sentence),
            ("premium", cost.premium),
        ):
            rows.append(["language_tax", f.label, t.code, t.name, t.script, measure, value])
    rows.append(["language_tax", f.label, "", "", "", "gini_premium", f.parity.gini_premium])
    rows.append(["language_tax", f.label, "", "", "", "gini_per_byte", f.parity.gini_per_byte])
    return rows


def _efficiency_rows(f: Figures) -> list[_Row]:
    c, w, r = f.compression, f.fertility, f.renyi
    pairs = (
        ("vocab_size", r.vocab_size),
        ("tokens", c.tokens),
        ("bytes_per_token", c.bytes_per_token),
        ("chars_per_token", c.chars_per_token),
        ("words", w.words),
        ("tokens_per_word", w.tokens_per_word),
        ("split_share", w.split_share),
        (f"renyi_efficiency_{ALPHA:g}", r.efficiency),
        ("shannon_efficiency", r.shannon_efficiency),
    )
    return [["efficiency", f.label, "", "", "", measure, value] for measure, value in pairs]


def _health_rows(f: Figures, tok: TokenizerLike | None) -> list[_Row]:
    h = f.health
    if h is None:
        return []
    rows: list[_Row] = []
    for _, attr in HEALTH_KINDS:
        ids = getattr(h, attr) or ()
        rows.append(["vocabulary_health", f.label, "", "", "", attr, len(ids)])
        for i in ids:
            label = token_text(tok, i) if tok is not None else ""
            rows.append(["health_tokens", f.label, "", label, "", attr, i])
    return rows


def figures_csv(texts: Sequence[MeasureText], figures: Sequence[Figures], tokenizers: dict[str, TokenizerLike]) -> str:
    """Every figure (see the module docstring)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["table", "tokenizer", "language", "name", "script", "measure", "value"])
    for f in figures:
        writer.writerows(_tax_rows(texts, f))
        writer.writerows(_efficiency_rows(f))
        writer.writerows(_health_rows(f, tokenizers.get(f.key)))
    return out.getvalue()


def _start(settings: Settings | None, name: str) -> str:
    return os.path.join(settings.last_folder if settings else str(Path.home()), name)


def choose_chart_path(parent: QWidget, settings: Settings | None) -> str:
    """Where to save the chart ("" when cancelled); ends in ``.png`` or ``.svg``."""
    path, chosen = QFileDialog.getSaveFileName(
        parent,
        tr("Export the chart"),
        _start(settings, "language_tax.png"),
        tr("PNG picture (*.png);;SVG drawing (*.svg)"),
    )
    if path and not path.lower().endswith((".png", ".svg")):
        path += ".svg" if "svg" in chosen.lower() else ".png"
    return path


def choose_csv_path(parent: QWidget, settings: Settings | None) -> str:
    """Where to save the figures ("" when cancelled); ends in ``.csv``."""
    path, _ = QFileDialog.getSaveFileName(
        parent,
        tr("Export the tables as CSV"),
        _start(settings, "measures.csv"),
        "CSV (*.csv)",  # i18n: none
    )
    if path and not path.lower().endswith(".csv"):
        path += ".csv"
    return path


def write_chart(plot: pg.PlotWidget, path: str) -> None:
    """Save ``plot``: SVG for a ``.svg`` path, else PNG at twice the screen's pixels (OSError when it cannot)."""
    if path.lower().endswith(".svg"):
        export_svg(plot, path, tr("The language tax"))
    else:
        export_png(plot, path, scale=2.0)
