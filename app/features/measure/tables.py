"""The Measure tab's tables: the language tax (one row per language, three columns per
tokenizer), efficiency (one row per tokenizer) and vocabulary health counts (one row per
tokenizer). Each cell's display text is formatted here; its sort value (``SORT_ROLE``) is the
number itself, so a sorting proxy orders numbers as numbers.

It leaves out computing the figures (:mod:`app.features.measure.job`) and laying out (the view).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, Qt

from app.core.i18n import noop, tr
from app.core.rows_model import RowsModel
from app.display.format import format_count
from app.features.measure.job import ALPHA, Figures
from app.features.measure.tax_chart import short_label
from app.features.measure.texts import MeasureText, script_name

__all__ = ["SORT_ROLE", "TaxModel", "EfficiencyModel", "HealthModel", "HEALTH_KINDS"]

SORT_ROLE = Qt.ItemDataRole.UserRole + 1
_Index = QModelIndex | QPersistentModelIndex
_Cell = tuple[str, float | str]  # (display, sort value)
_ROOT = QModelIndex()

#: The health lists: (name shown, attribute of VocabularyHealth).
HEALTH_KINDS = (
    (noop("Unreachable"), "unreachable"),
    (noop("Part of a character"), "part_character"),
    (noop("Unused on the texts"), "unused"),
    (noop("Intermediate only"), "intermediate_only"),
    (noop("Under-trained candidates"), "undertrained_candidates"),
)


#: The health kinds measured through BPE's merges: they do not apply to WordPiece or Unigram.
BPE_ONLY_KINDS = frozenset({"unreachable", "intermediate_only", "undertrained_candidates"})


def _num(value: float, digits: int = 2) -> _Cell:
    return f"{value:.{digits}f}", value


def _count(value: int) -> _Cell:
    return format_count(value), value


#: Tooltips of headers, by their source text.
_HEADER_TIPS = {
    # (Efficiency's "Tokens" and Health's tokens are different counts, side by side in two tabs)
    noop("Tokens"): noop("The tokens of all the texts measured, with this tokenizer"),
    noop("Tokens checked"): noop(
        "The vocabulary's tokens the health counts are taken among: all of them but the special tokens"
    ),
    noop("Name"): noop(
        "Each text's name; the sample's languages in the interface's language (the CSV export names them in English, as the UDHR collection's index does)"
    ),
}


class _CellsModel(RowsModel):
    """Rows of ``_Cell`` lists; headers given per instance (their count changes with the tokenizers)."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._headers: list[tuple[str, str]] = []  # (source, label added untranslated)

    def columnCount(self, parent: _Index = _ROOT) -> int:  # noqa: N802 (Qt naming)
        return 0 if parent.isValid() else len(self._headers)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:  # noqa: N802
        if orientation == Qt.Orientation.Horizontal and 0 <= section < len(self._headers):
            source, prefix = self._headers[section]
            if role == Qt.ItemDataRole.DisplayRole:
                return f"{prefix}{tr(source)}"
            if role == Qt.ItemDataRole.ToolTipRole and source in _HEADER_TIPS:
                return tr(_HEADER_TIPS[source])
        return None

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        display, value = self._rows[index.row()][index.column()]
        if role == Qt.ItemDataRole.DisplayRole:
            return display
        if role == SORT_ROLE:
            return value
        if role == Qt.ItemDataRole.TextAlignmentRole and not isinstance(value, str):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None

    def _reset(self, headers: list[tuple[str, str]], rows: list[list[_Cell]]) -> None:
        self.beginResetModel()
        self._headers, self._rows = headers, rows
        self.endResetModel()

    def cells(self) -> list[list[str]]:
        """The table as shown (tests, CSV)."""
        return [[display for display, _ in row] for row in self._rows]

    def header_texts(self) -> list[str]:
        return [str(self.headerData(k, Qt.Orientation.Horizontal)) for k in range(self.columnCount())]


class TaxModel(_CellsModel):
    """Each language's cost per tokenizer: tokens, bytes per token, tokens per sentence (of the
    content, counted in English) and premium against English."""

    def show(self, texts: Sequence[MeasureText], figures: Sequence[Figures]) -> None:
        headers = [(noop("Language"), ""), (noop("Name"), ""), (noop("Script"), "")]
        shown = [f for f in figures if f.parity is not None]
        for f in shown:
            headers += [
                (noop("tokens"), f"{short_label(f.label)}: "),
                (noop("bytes/token"), f"{short_label(f.label)}: "),
                (noop("tokens/sentence"), f"{short_label(f.label)}: "),
                (noop("premium"), f"{short_label(f.label)}: "),
            ]
        rows = []
        for k, t in enumerate(texts):
            name, script = t.shown_name(), script_name(t.script)
            row: list[_Cell] = [(t.code, t.code), (name, name), (script, script)]
            for f in shown:
                assert f.parity is not None
                cost = f.parity.languages[k]
                row += [
                    _count(cost.tokens),
                    _num(cost.bytes_per_token),
                    _num(cost.tokens_per_sentence, 1),
                    _num(cost.premium),
                ]
            rows.append(row)
        self._reset(headers, rows)


class EfficiencyModel(_CellsModel):
    """Compression, fertility, split words, Rényi efficiency and the Gini coefficients per tokenizer."""

    def show(self, figures: Sequence[Figures]) -> None:
        headers = [
            (noop("Tokenizer"), ""),
            (noop("Vocabulary"), ""),
            (noop("Tokens"), ""),
            (noop("Bytes/token"), ""),
            (noop("Chars/token"), ""),
            (noop("Tokens/word"), ""),
            (noop("Split words"), ""),
            (noop("Rényi efficiency"), f"α={ALPHA:g} "),
            (noop("Gini (premiums)"), ""),
            (noop("Gini (per byte)"), ""),
        ]
        rows = []
        for f in figures:
            gini: list[_Cell] = [("–", -1.0), ("–", -1.0)]
            if f.parity is not None:
                gini = [_num(f.parity.gini_premium, 3), _num(f.parity.gini_per_byte, 3)]
            share = f.fertility.split_share
            rows.append(
                [
                    (short_label(f.label), f.label),
                    _count(f.renyi.vocab_size),
                    _count(f.compression.tokens),
                    _num(f.compression.bytes_per_token, 3),
                    _num(f.compression.chars_per_token, 3),
                    _num(f.fertility.tokens_per_word, 3),
                    (f"{share:.1%}", share),
                    _num(f.renyi.efficiency, 4),
                    *gini,
                ]
            )
        self._reset(headers, rows)


class HealthModel(_CellsModel):
    """How many tokens of each health kind each tokenizer has."""

    def show(self, figures: Sequence[Figures]) -> None:
        headers = [(noop("Tokenizer"), ""), (noop("Tokens checked"), "")] + [(name, "") for name, _ in HEALTH_KINDS]
        rows = []
        for f in figures:
            h = f.health
            if h is None:
                continue
            row: list[_Cell] = [(short_label(f.label), f.label), _count(h.tokens)]
            row += [
                (tr("n/a (no merges)"), -1)
                if not f.has_merges and attr in BPE_ONLY_KINDS
                else _count(len(getattr(h, attr) or ()))
                for _, attr in HEALTH_KINDS
            ]
            rows.append(row)
        self._reset(headers, rows)
