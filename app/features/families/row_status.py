"""What a row of the Families tab says besides its tokens: why it shows none (training, not
trained, loading, unavailable) and, for the byte-level row showing a tokenizer of the
session, which one. Decided from the state the view holds, in the current language; no Qt.
"""

from __future__ import annotations

import html

from app.core.i18n import tr
from app.core.registry import EntryStatus, RegistryEntry, RegistryKind
from app.display.algorithms import algorithm_name
from app.features.families.family import TRAINED_FAMILIES, Family
from app.features.families.job import TrainedFamilies
from bpe_engine import TokenizerFacts

__all__ = ["family_status", "fits_byte_row", "source_note"]

#: How many characters of a session tokenizer's name the byte-level row's label shows.
_NOTE_LENGTH = 20


def family_status(
    family: Family, models: TrainedFamilies | None, training: bool, session: RegistryEntry | None = None
) -> str:
    """Why ``family``'s row shows no tokens ("" when it can): ``models`` are the families
    trained here, ``session`` the registry entry the byte-level row shows instead (if any)."""
    if family not in TRAINED_FAMILIES:
        return ""
    if family == Family.BYTE_BPE and session is not None:
        if session.tokenizer is None:
            return tr("unavailable") if session.status == EntryStatus.ERROR else tr("loading…")
        facts = session.tokenizer.facts
        if not facts.has_merges:
            return tr("not BPE ({algorithm}): this row shows a BPE tokenizer's merges").format(
                algorithm=algorithm_name(facts.algorithm)
            )
        if not facts.byte_level:  # (a SentencePiece model: the character-level row's family)
            return tr("not byte-level: its tokens are characters (bytes only for characters it lacks)")
        return ""
    if models is not None and family in models.tokenizers:
        return ""
    if training:
        return tr("training…")
    if models is not None and family in models.errors:
        return tr("not trained: vocabulary too small")
    return tr("not trained yet: press Train")


def fits_byte_row(facts: TokenizerFacts) -> bool:
    """A session tokenizer the byte-level row can show: byte-level BPE (else it says why)."""
    return facts.has_merges and facts.byte_level


def source_note(session: RegistryEntry) -> str:
    """A line for the byte-level row's label naming the session tokenizer it shows (rich text;
    an OpenAI encoding by its key, the others by a label cut short)."""
    name = session.key if session.kind == RegistryKind.OPENAI else session.label
    if len(name) > _NOTE_LENGTH:
        name = name[: _NOTE_LENGTH - 1] + "…"
    return f"<br><i>{html.escape(name)}</i>"
