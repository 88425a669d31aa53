"""What decoding loses, shown on the text: the stretches each family's decode does not give
back (the word family's ``<UNK>``, SentencePiece reading a typed ``▁`` as a space) as
highlights of the editor, and one sentence naming them. Kept apart from the editor panel
because it reads a :class:`~app.features.families.job.FamiliesOutcome`, not the widgets.
The stretches are found in the job's thread (:func:`lost_stretches`); the editor highlights
those near the lines it shows (:func:`lost_selections` with a window), a few per scroll, not
the 66 000 of a 250 000-character text in one turn of the event loop (issue 20, F).
"""

from __future__ import annotations

import html
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np
from PySide6.QtGui import QColor, QTextCharFormat, QTextCursor, QTextDocument
from PySide6.QtWidgets import QTextEdit

from app.core.i18n import tr
from app.display.format import format_count, visible_html
from app.display.offsets import utf16_offsets
from app.features.families.family import Family, family_name

if TYPE_CHECKING:  # (the job makes the stretches: it imports this module)
    from app.features.families.job import FamiliesOutcome, FamilyRow

__all__ = ["SHOWN", "LostStretches", "lost_stretches", "lost_selections", "lost_sentence"]

_LOST_WORDS = QColor("#ffcdd2")
_LOST_OTHER = QColor("#ffe0b2")
#: How many lost stretches a family's part of the sentence names.
_NAMED = 6


def _losing_rows(outcome: FamiliesOutcome) -> list[FamilyRow]:
    return [row for row in outcome.rows if row.result is not None and not row.result.round_trip]


@dataclass(frozen=True)
class LostStretches:
    """Every stretch some decode loses, in UTF-16 units of the editor (``starts``, ``ends``)
    and characters of the text (``spans``), the words family's ones flagged (``words``): a
    long text has 66 000 of them, so the editor highlights only those near what it shows."""

    spans: tuple[tuple[int, int], ...] = ()
    starts: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    ends: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    words: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=bool))
    end: int = 0  # the text's length in UTF-16 units

    def within(self, first: int, last: int) -> np.ndarray:
        """The indices of the stretches meeting ``[first, last]`` (UTF-16 units), at most :data:`SHOWN`."""
        return np.flatnonzero((self.starts <= last) & (self.ends >= first))[:SHOWN]


#: The most highlights the editor holds at once (it shows two lines).
SHOWN = 2_000


def lost_stretches(outcome: FamiliesOutcome) -> LostStretches:
    """The stretches of ``outcome`` (NumPy passes: made once per outcome, fit for the job's thread)."""
    text = outcome.text
    rows = _losing_rows(outcome)
    spans = tuple((s, max(e, s)) for row in rows if row.result is not None for s, e in row.result.lost)
    words = np.concatenate(
        [np.full(len(row.result.lost), row.family == Family.WORDS) for row in rows if row.result is not None]
        or [np.zeros(0, dtype=bool)]
    )
    flat = np.asarray(spans, dtype=np.int64).reshape(-1)
    bounds = np.asarray(utf16_offsets(text, flat.tolist()) if len(flat) else [], dtype=np.int64).reshape(-1, 2)
    end = utf16_offsets(text, [len(text)])[0]
    return LostStretches(spans, bounds[:, 0].copy(), bounds[:, 1].copy(), words, end)


def lost_selections(
    document: QTextDocument, lost: LostStretches, first: int = 0, last: int | None = None
) -> list[QTextEdit.ExtraSelection]:
    """The highlights of ``document`` (showing the text of ``lost``) where a decode loses
    text, for the stretches meeting ``[first, last]`` (UTF-16 units; default: all, at most
    :data:`SHOWN`); none if the document holds another text (a stale outcome must not point
    past its end)."""
    if lost.end != document.characterCount() - 1:
        return []
    formats = {}
    for words in (True, False):
        fmt = QTextCharFormat()
        fmt.setBackground(_LOST_WORDS if words else _LOST_OTHER)
        formats[words] = fmt
    selections = []
    for k in lost.within(first, lost.end if last is None else last).tolist():
        cursor = QTextCursor(document)
        cursor.setPosition(int(lost.starts[k]))
        cursor.setPosition(int(lost.ends[k]), QTextCursor.MoveMode.KeepAnchor)
        sel = QTextEdit.ExtraSelection()
        sel.format = formats[bool(lost.words[k])]
        sel.cursor = cursor
        selections.append(sel)
    return selections


def lost_sentence(outcome: FamiliesOutcome) -> str:
    """Which family loses what (rich text), or that every decode gives the text back."""
    text = outcome.text
    parts = []
    for row in _losing_rows(outcome):
        assert row.result is not None
        lost = row.result.lost
        shown = ", ".join(f"‘{visible_html(text[s:e])}’" for s, e in lost[:_NAMED])
        more = tr(" and {n} more").format(n=format_count(len(lost) - _NAMED)) if len(lost) > _NAMED else ""
        parts.append(
            tr("<b>{family}</b> loses {texts}{more}").format(
                family=html.escape(family_name(row.family)), texts=shown, more=more
            )
        )
    if not parts:
        return tr("Every family's decode gives this text back exactly.")
    return tr("Decoding does not give the text back (highlighted above): {losses}.").format(losses=tr("; ").join(parts))
