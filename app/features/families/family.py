"""The tokenizer families as a type, with their names and notes, and the phases of a
family's training: the keys every module of the Families tab compares (the engine's
:data:`bpe_engine.FAMILIES` are plain strings; a :class:`Family` equals its string, so both
index the same dicts). No Qt.
"""

from __future__ import annotations

from enum import StrEnum

from app.core.i18n import noop, tr
from bpe_engine import FAMILIES

__all__ = ["Family", "Phase", "TRAINED_FAMILIES", "family_name", "family_note"]


class Family(StrEnum):
    """A tokenizer family, in the order of :data:`bpe_engine.FAMILIES`."""

    CHARACTERS = "characters"
    BYTES = "bytes"
    WORDS = "words"
    CHAR_BPE = "char-bpe"
    BYTE_BPE = "byte-bpe"
    WORDPIECE = "wordpiece"


assert tuple(Family) == FAMILIES, "Family must follow the engine's families, in order"


class Phase(StrEnum):
    """What a family's training is doing: reading the corpus, then merging."""

    COUNTING = "counting"
    MERGING = "merging"


#: The families that learn from a corpus, in the order they are trained.
TRAINED_FAMILIES = (Family.WORDS, Family.CHAR_BPE, Family.BYTE_BPE, Family.WORDPIECE)

#: Each family's name and what it does (translated where shown).
_NAMES = {
    Family.CHARACTERS: noop("Characters"),
    Family.BYTES: noop("UTF-8 bytes"),
    Family.WORDS: noop("Words + <UNK>"),
    Family.CHAR_BPE: noop("Char-level BPE"),
    Family.BYTE_BPE: noop("Byte-level BPE"),
    Family.WORDPIECE: noop("WordPiece"),
}
_NOTES = {
    Family.CHARACTERS: noop(
        "One token per Unicode code point; its id is the code point. The vocabulary is every code "
        "point (1,114,112 ids, about 150,000 of them assigned characters), so nothing is ever "
        "unknown and decoding always gives the text back."
    ),
    Family.BYTES: noop(
        "One token per UTF-8 byte (256 tokens). Nothing is unknown, but a character outside "
        "ASCII takes 2 to 4 tokens that are not characters on their own."
    ),
    Family.WORDS: noop(
        "The GPT-2 pre-tokenizer's pieces (a word keeps the space before it; a run of Chinese "
        "characters up to punctuation is one piece). The vocabulary is every piece of the "
        "training corpus plus <UNK>: an unseen piece becomes <UNK> and decoding loses it."
    ),
    Family.CHAR_BPE: noop(
        "BPE over characters, SentencePiece style (Llama 2, Mistral 7B), trained here: ▁ for "
        "spaces, a ▁ before the text (the dummy prefix), and a character outside its alphabet "
        "as its UTF-8 bytes, <0xNN> tokens (byte fallback)."
    ),
    Family.BYTE_BPE: noop(
        "BPE over UTF-8 bytes (GPT-2 pre-tokenizer), as this app trains it: every text is "
        "covered by the 256 byte tokens, and merges make the common pieces single tokens."
    ),
    Family.WORDPIECE: noop(
        "BERT's WordPiece, trained here with the same vocabulary size (likelihood-score merges): "
        "greedy longest match, ## continues a word, [UNK] when a word cannot be covered. It "
        "lower-cases, strips accents and drops spaces, so decoding does not give the text back."
    ),
}


def family_name(family: str) -> str:
    """``family``'s name in the current language."""
    return tr(_NAMES[Family(family)])


def family_note(family: str) -> str:
    """What ``family`` does, in the current language."""
    return tr(_NOTES[Family(family)])
