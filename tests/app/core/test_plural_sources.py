"""No count in a sentence without Qt's plural forms (issue 20, point 11): a translatable string
that writes a number right before a counted noun ("{n} tokens", "after 1 merges", "<b>{k}</b>
merges") must be a :func:`~app.core.i18n.tr_n` string, whose ``%n`` Qt writes in the form the
number needs ("1 merge", "2 merges"; Chinese has one form)."""

from __future__ import annotations

import re

from app.core.i18n import catalog

NOUNS = (
    "tokens?|merges?|bytes?|characters?|chars?|files?|pairs?|pieces?|words?|columns?|tokenizers?|"
    "stretch(?:es)?|points?|times?|occurrences?|pre-tokens?|levels?|steps?|languages?|rows?|texts?|ids?|"
    "samples?|families|family|entries|entry|rules?|matches|match|errors?|lines?|digits?|runs?"
)
ADJECTIVES = r"(?:(?:more|distinct|starting|special|UTF-8|merge|single|byte|new|other)\s+)*"
#: a count (a placeholder or "1", maybe in bold) right before a noun, not a unit of a rate (tokens/s)
COUNTED = re.compile(
    rf"(?:\{{(?P<field>[a-z_]*)\}}|\b(?P<one>1))(?:</b>)?\s+{ADJECTIVES}(?P<noun>{NOUNS})\b(?![/-])", re.IGNORECASE
)
#: placeholders that hold a fixed figure or a ratio, not a count that can be 1
FIXED = {"max", "ratio", "bpt"}  # (a ratio such as 1.00 takes the plural)


def counted_without_plurals(messages: dict[str, catalog.Message]) -> list[str]:
    found = []
    for source, message in messages.items():
        if message.numerus:
            continue
        for match in COUNTED.finditer(source):
            if match.group("field") not in FIXED:
                found.append(f"{message.locations[0][0]}: {source!r} ({match.group(0)!r})")
    return found


def test_the_rule_finds_counts_before_nouns() -> None:
    probe = {
        s: catalog.Message(s, [("probe.py", 0)])
        for s in ("after 1 merges", "{n} tokens", "<b>{k}</b> merges", "{n} distinct words.", "up to {max} bytes")
    }
    probe["speed"] = catalog.Message("{n} tokens/s", [("probe.py", 0)])
    probe["as n"] = catalog.Message("%n merge(s)", [("probe.py", 0)], numerus=True)
    flagged = counted_without_plurals(probe)
    assert len(flagged) == 4 and not any("max" in f or "/s" in f or "%n" in f for f in flagged), flagged


def test_every_count_in_a_sentence_goes_through_tr_n() -> None:
    flagged = counted_without_plurals(catalog.extract())
    assert not flagged, "use tr_n('%n noun(s)', n) for:\n" + "\n".join(flagged)


def test_tr_n_sources_say_their_plural() -> None:
    """A tr_n string writes its noun with (s) or (es): English's singular and plural."""
    for source, message in catalog.extract().items():
        if message.numerus:
            assert "%n" in source, source
