"""What Copy puts on the clipboard: token ids as a Python list or comma-separated, the token
strings, and a table as tab-separated text (pastes into a spreadsheet). Pure functions, no Qt."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

__all__ = ["ids_python", "ids_csv", "token_strings", "tsv"]


def ids_python(ids: Sequence[int]) -> str:
    """``[9906, 1917]``: paste into Python (``tok.decode([...])``)."""
    return "[" + ", ".join(map(str, ids)) + "]"


def ids_csv(ids: Sequence[int]) -> str:
    """``9906,1917``."""
    return ",".join(map(str, ids))


def token_strings(tokens: Sequence[bytes]) -> str:
    """The tokens as Python string literals, one list: ``['Hello', ' world', '\\xe5\\x9c']``.

    Tokens that are not whole UTF-8 are written as bytes literals, so nothing is lost.
    """
    parts = []
    for t in tokens:
        try:
            parts.append(repr(t.decode("utf-8")))
        except UnicodeDecodeError:
            parts.append(repr(t))
    return "[" + ", ".join(parts) + "]"


def tsv(header: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    """A table as tab-separated lines (tabs and newlines in cells become spaces)."""

    def cell(value: object) -> str:
        return "" if value is None else str(value).replace("\t", " ").replace("\n", " ")

    lines = ["\t".join(map(cell, header))]
    lines.extend("\t".join(map(cell, row)) for row in rows)
    return "\n".join(lines) + "\n"
