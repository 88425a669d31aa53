"""Texts for the classroom: each one shows something tokenizers do that surprises people.

Written for BPE Explorer (no third-party text). Shared by the tokenize, compare and
stream-decode views; offering them (the preset menus) is the views' job.
"""

from __future__ import annotations

from app.core.i18n import noop

__all__ = ["PRESETS", "STREAM_PRESETS"]

#: (title, text, what it shows); the title and the note are English sources marked with
#: :func:`~app.core.i18n.noop`: show them through ``tr(title)``, ``tr(note)`` (the text stays as it is).
PRESETS: tuple[tuple[str, str, str], ...] = (
    (
        noop("Emoji with a skin tone 🤚🏾"),
        "Wave 🤚🏾 or 🤚? One hand, two code points: U+1F91A and the skin-tone modifier U+1F3FE.",
        noop(
            "🤚🏾 is two code points and 8 UTF-8 bytes; GPT-4's vocabulary cuts them into pieces that are not characters."
        ),
    ),
    (
        noop("Russian"),
        "Жизнь прекрасна, когда рядом друзья. Мы пьём чай и говорим обо всём на свете.",
        noop("Cyrillic letters are 2 bytes each; a Russian word usually costs more tokens than an English one."),
    ),
    (
        noop("Chinese"),
        "國語和国语是同一个意思。春天的早晨，小河边的柳树发出了新芽。",
        noop("CJK characters are 3 bytes each; rare ones (國) are split into byte tokens."),
    ),
    (
        noop("Indented Python"),
        "def fizzbuzz(n: int) -> str:\n"
        "    if n % 15 == 0:\n"
        '        return "FizzBuzz"\n'
        "    elif n % 3 == 0:\n"
        '        return "Fizz"\n'
        "\treturn str(n)  # a tab, not spaces\n",
        noop("Runs of spaces become single tokens in code-aware vocabularies (p50k, cl100k); a tab is another story."),
    ),
    (
        noop("Long numbers"),
        "In 2024 the population was 8118835999; pi ≈ 3.14159265358979 and 1,000,000 ≠ 1000000.",
        noop("cl100k and o200k cut digits in groups of at most three; GPT-2's pattern keeps a whole run together."),
    ),
    (
        noop("<|endoftext|> inside text"),
        "The document ends here.<|endoftext|>A new document starts: what is <|endoftext|>?",
        noop(
            "Recognised, the marker is one special token; in strict mode tiktoken refuses the text; "
            "as plain text it is ordinary characters."
        ),
    ),
)

#: The stream-decode demo: characters whose bytes are split across tokens (the label through ``tr``).
STREAM_PRESETS: tuple[tuple[str, str], ...] = (
    (noop("🤚🏾  emoji with a skin-tone modifier"), "🤚🏾"),
    (noop("國  a traditional Chinese character"), "國"),
    (noop("Жизнь  Russian for 'life'"), "Жизнь"),
    (noop("All three in a sentence"), "Hi 🤚🏾! 國語, Жизнь."),
)
