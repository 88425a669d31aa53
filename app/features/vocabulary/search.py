"""What the user types in the Vocabulary search: the search modes and the parsing of an id
list or a hex byte sequence, with a message for the user when it cannot be read.

Plain functions and an enum, no Qt: the model (:mod:`~app.features.vocabulary.model`) applies
them and the search row (:mod:`~app.features.vocabulary.search_bar`) offers the modes.
"""

from __future__ import annotations

from enum import StrEnum

from app.core.i18n import tr

__all__ = ["FROM_VISIBLE", "SEARCH_MODES", "SearchError", "SearchMode", "parse_hex", "parse_ids"]


class SearchMode(StrEnum):
    """What the search box holds (see the module docstring); a string, so "text" still works."""

    TEXT = "text"
    REGEX = "regex"
    ID = "id"
    HEX = "hex"


SEARCH_MODES = tuple(SearchMode)
#: The visible marks of whitespace, typed in a text search, read as what they stand for.
FROM_VISIBLE = str.maketrans({"·": " ", "⏎": "\n", "→": "\t", "←": "\r"})


class SearchError(ValueError):
    """A search the user typed cannot be used (bad regex, bad hex, bad id); str() says why."""


def parse_ids(query: str) -> list[tuple[int, int]]:
    """``"42"``, ``"1, 5, 9"`` or ``"100-200"`` as a list of inclusive ``(lo, hi)`` ranges."""
    ranges: list[tuple[int, int]] = []
    for part in query.replace(";", ",").split(","):
        part = part.strip()
        if not part:
            continue
        try:
            if "-" in part:
                lo_s, _, hi_s = part.partition("-")
                lo, hi = sorted((int(lo_s), int(hi_s)))
            else:
                lo = hi = int(part)
        except ValueError:
            raise SearchError(
                tr("{query} is not a token id: type a number (42), a list (1, 5, 9) or a range (100-200)").format(
                    query=repr(part)
                )
            ) from None
        ranges.append((lo, hi))
    return ranges


def parse_hex(query: str) -> bytes:
    """``"e5 9c"``, ``"e59c"`` or ``"0xe5 0x9c"`` as bytes."""
    cleaned = query.replace("0x", "").replace("\\x", "").replace(" ", "").replace(",", "")
    if len(cleaned) % 2:
        raise SearchError(tr("{query}: hex needs two digits per byte (for example e5 9c)").format(query=repr(query)))
    try:
        return bytes.fromhex(cleaned)
    except ValueError:
        raise SearchError(
            tr("{query} is not hex: use the digits 0-9 and a-f, two per byte (for example e5 9c)").format(
                query=repr(query)
            )
        ) from None
