"""The tokenizer families as a type, with their names and notes, and the phases of a
family's training: the keys every module of the Families tab compares (the engine's
:data:`bpe_engine.FAMILIES` are plain strings; a :class:`Family` equals its string, so both
index the same dicts). No Qt.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from app.core.i18n import noop, tr
from bpe_engine import FAMILIES

__all__ = ["Family", "FamilyInfo", "Phase", "TRAINED_FAMILIES", "family_name", "family_note", "progress_shares"]


class Family(StrEnum):
    """A tokenizer family, in the order of :data:`bpe_engine.FAMILIES`."""

    CHARACTERS = "characters"
    BYTES = "bytes"
    WORDS = "words"
    CHAR_BPE = "char-bpe"
    BYTE_BPE = "byte-bpe"
    WORDPIECE = "wordpiece"
    UNIGRAM = "unigram"


assert tuple(Family) == FAMILIES, "Family must follow the engine's families, in order"


class Phase(StrEnum):
    """What a family's training is doing: reading the corpus, then merging."""

    COUNTING = "counting"
    MERGING = "merging"
    ROUNDS = "rounds"  #: Unigram: its rounds of EM and pruning


@dataclass(frozen=True)
class FamilyInfo:
    """How a family is shown: its name and what it does (English, translated where shown), and
    its share of the training progress bar (0: it needs no training)."""

    name: str
    note: str
    progress: int = 0


#: Every family's entry. A new family is a :class:`Family` member and one entry here (and,
#: in the engine, its key in ``FAMILIES`` and, if trained, its ``FAMILY_TRAINERS`` entry).
_INFO: dict[Family, FamilyInfo] = {
    Family.CHARACTERS: FamilyInfo(
        noop("Characters"),
        noop(
            "One token per Unicode code point; its id is the code point. The vocabulary is every code "
            "point (1,114,112 ids, about 150,000 of them assigned characters), so nothing is ever "
            "unknown and decoding always gives the text back."
        ),
    ),
    Family.BYTES: FamilyInfo(
        noop("UTF-8 bytes"),
        noop(
            "One token per UTF-8 byte (256 tokens). Nothing is unknown, but a character outside "
            "ASCII takes 2 to 4 tokens that are not characters on their own."
        ),
    ),
    Family.WORDS: FamilyInfo(
        noop("Words + <UNK>"),
        noop(
            "The GPT-2 pre-tokenizer's pieces (a word keeps the space before it; a run of Chinese "
            "characters up to punctuation is one piece). The vocabulary is every piece of the "
            "training corpus plus <UNK>: an unseen piece becomes <UNK> and decoding loses it."
        ),
        progress=100,
    ),
    Family.CHAR_BPE: FamilyInfo(
        noop("Char-level BPE"),
        noop(
            "BPE over characters, SentencePiece style (Llama 2, Mistral 7B), trained here: ▁ for "
            "spaces, a ▁ before the text (the dummy prefix), and a character outside its alphabet "
            "as its UTF-8 bytes, <0xNN> tokens (byte fallback)."
        ),
        progress=300,
    ),
    Family.BYTE_BPE: FamilyInfo(
        noop("Byte-level BPE"),
        noop(
            "BPE over UTF-8 bytes (GPT-2 pre-tokenizer), as this app trains it: every text is "
            "covered by the 256 byte tokens, and merges make the common pieces single tokens."
        ),
        progress=300,
    ),
    Family.WORDPIECE: FamilyInfo(
        noop("WordPiece"),
        noop(
            "BERT's WordPiece, trained here with the same vocabulary size (likelihood-score merges): "
            "greedy longest match, ## continues a word, [UNK] when a word cannot be covered. It "
            "lower-cases, strips accents and drops spaces, so decoding does not give the text back."
        ),
        progress=300,
    ),
    Family.UNIGRAM: FamilyInfo(
        noop("Unigram"),
        noop(
            "A Unigram language model (T5, ALBERT), trained here with the same vocabulary size: every "
            "piece has a score (a log probability) and a word is cut into its most probable "
            "segmentation (Viterbi over the pieces' scores), not by merges. ▁ for spaces and byte "
            "fallback as char-level BPE, so nothing is unknown."
        ),
        progress=300,
    ),
}

#: The families that learn from a corpus, in the order they are trained.
TRAINED_FAMILIES = tuple(f for f in Family if _INFO[f].progress)


def progress_shares() -> dict[Family, tuple[int, int]]:
    """Each trained family's stretch of a progress bar of 1000, in training order."""
    total = sum(_INFO[f].progress for f in TRAINED_FAMILIES)
    shares: dict[Family, tuple[int, int]] = {}
    at = 0
    for f in TRAINED_FAMILIES:
        end = at + _INFO[f].progress
        shares[f] = (1000 * at // total, 1000 * end // total)
        at = end
    return shares


def family_name(family: str) -> str:
    """``family``'s name in the current language."""
    return tr(_INFO[Family(family)].name)


def family_note(family: str) -> str:
    """What ``family`` does, in the current language."""
    return tr(_INFO[Family(family)].note)
