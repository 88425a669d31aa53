"""What decoding loses, shown on the text: the stretches each family's decode does not give
back (the word family's ``<UNK>``, SentencePiece reading a typed ``▁`` as a space) as
highlights of the editor, and one sentence naming them. Kept apart from the editor panel
because it reads a :class:`~app.features.families.job.FamiliesOutcome`, not the widgets.
"""

from __future__ import annotations

import html

from PySide6.QtGui import QColor, QTextCharFormat, QTextCursor, QTextDocument
from PySide6.QtWidgets import QTextEdit

from app.core.i18n import tr
from app.display.format import visible
from app.display.offsets import utf16_offsets
from app.features.families.family import Family, family_name
from app.features.families.job import FamiliesOutcome, FamilyRow

__all__ = ["lost_selections", "lost_sentence"]

_LOST_WORDS = QColor("#ffcdd2")
_LOST_OTHER = QColor("#ffe0b2")
#: How many lost stretches a family's part of the sentence names.
_NAMED = 6


def _losing_rows(outcome: FamiliesOutcome) -> list[FamilyRow]:
    return [row for row in outcome.rows if row.result is not None and not row.result.round_trip]


def lost_selections(document: QTextDocument, outcome: FamiliesOutcome) -> list[QTextEdit.ExtraSelection]:
    """The highlights of ``document`` (showing ``outcome.text``) where a decode loses text;
    none if the document holds another text (a stale outcome must not point past its end)."""
    text = outcome.text
    rows = _losing_rows(outcome)
    spans = [(s, max(e, s)) for row in rows if row.result is not None for s, e in row.result.lost]
    bounds = utf16_offsets(text, [i for span in spans for i in span])  # one pass, not one per span
    end = document.characterCount() - 1
    if bounds and (max(bounds) > end or utf16_offsets(text, [len(text)])[0] != end):
        return []
    selections = []
    at = 0
    for row in rows:
        assert row.result is not None
        fmt = QTextCharFormat()
        fmt.setBackground(_LOST_WORDS if row.family == Family.WORDS else _LOST_OTHER)
        for _ in row.result.lost:
            cursor = QTextCursor(document)
            cursor.setPosition(bounds[at])
            cursor.setPosition(bounds[at + 1], QTextCursor.MoveMode.KeepAnchor)
            at += 2
            sel = QTextEdit.ExtraSelection()
            sel.format = fmt
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
        shown = ", ".join(f"‘{html.escape(visible(text[s:e]))}’" for s, e in lost[:_NAMED])
        more = tr(" and {n} more").format(n=len(lost) - _NAMED) if len(lost) > _NAMED else ""
        parts.append(
            tr("<b>{family}</b> loses {texts}{more}").format(
                family=html.escape(family_name(row.family)), texts=shown, more=more
            )
        )
    if not parts:
        return tr("Every family's decode gives this text back exactly.")
    return tr("Decoding does not give the text back (highlighted above): {losses}.").format(losses=tr("; ").join(parts))
