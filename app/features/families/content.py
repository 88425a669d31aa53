"""Texts for the Families tab: each shows what one family does well or badly.

Written for BPE Explorer (no third-party text), to be read against the default training
corpus (the built-in samples: a story about a lighthouse keeper's cat, a spring morning in a
Chinese city, a Python corner shop), so that some words are known and some are not.
Offering them (the view's text menu) is the view's job; titles and notes are marked for
translation with :func:`app.core.i18n.noop` (the texts themselves are what gets tokenized: never
translated).
"""

from __future__ import annotations

from app.core.i18n import noop

__all__ = ["FAMILY_TEXTS", "DEFAULT_TEXT", "DEFAULT_CORPUS_KEYS"]

#: (title, text, what it shows)
FAMILY_TEXTS: tuple[tuple[str, str, str], ...] = (
    (
        noop("English with new words"),
        "The keeper's cat watched the harbour. A dolphin jumped over the telescope!",
        noop(
            "Words the story never used (dolphin, jumped, telescope) are <UNK> for the word family; "
            "the BPE families spell them from smaller pieces."
        ),
    ),
    (
        noop("Chinese"),
        "春天的早晨，小猫在公园里睡觉。老师喝了一碗豆浆。",
        noop(
            "A run of Chinese characters is one 'word' up to the next punctuation mark, so almost every "
            "sentence is unknown; characters are 3 bytes each."
        ),
    ),
    (
        noop("Mixed with emoji"),
        "Ada 喝了一碗豆浆 ☕ and smiled 🙂 at Pebble 🐈.",
        noop(
            "Emoji are 4 bytes; the character family still needs one token each, the byte family four, "
            "and char-level BPE falls back to <0xNN> bytes for characters it never saw."
        ),
    ),
    (
        noop("Python code"),
        'def price(self) -> str:\n    return f"{self.price_cents // 100}"\n',
        noop("Indentation and identifiers: known pieces for the word family, merged runs for BPE."),
    ),
    (
        noop("Spaces and a ▁"),
        "  two spaces,\ta tab and a literal ▁ sign",
        noop(
            "SentencePiece writes a space as ▁, so a ▁ typed in the text comes back as a space: "
            "the character-level BPE round trip fails there."
        ),
    ),
)

DEFAULT_TEXT = FAMILY_TEXTS[2][1]

#: The built-in samples the default training corpus is made of (keys of app.content.samples).
DEFAULT_CORPUS_KEYS: tuple[str, ...] = ("english_story", "chinese_passage", "python_code")
