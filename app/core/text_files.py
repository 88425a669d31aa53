"""Users' text files read for measuring (Sweep's held-out texts, Measure's files): UTF-8, not
empty, at most :data:`MAX_TEXT_BYTES`, refused with a message that names the file and the fix."""

from __future__ import annotations

import os

from app.core.i18n import tr

__all__ = ["MAX_TEXT_BYTES", "TextFileError", "read_user_text"]

MAX_TEXT_BYTES = 20_000_000  # a larger file would take long to measure and say little more


class TextFileError(OSError):
    """A user's text file that cannot be measured; the message (translated) says why."""


def read_user_text(path: str) -> str:
    """The text of ``path``; :class:`TextFileError` for a file read but refused (too large, not
    UTF-8, empty), ``OSError`` when it cannot be read at all."""
    name = os.path.basename(path)
    size = os.path.getsize(path)
    if size > MAX_TEXT_BYTES:
        raise TextFileError(
            tr("{name} is {size} MB; texts of up to {limit} MB can be measured (take a part of it)").format(
                name=name, size=f"{size / 1e6:,.1f}", limit=f"{MAX_TEXT_BYTES / 1e6:,.0f}"
            )
        )
    with open(path, "rb") as f:
        data = f.read(MAX_TEXT_BYTES + 1)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise TextFileError(
            tr(
                "{name} is not UTF-8 text: byte {index} ({hex}) cannot be decoded; save it as UTF-8 and add it again"
            ).format(name=name, index=exc.start, hex=f"0x{data[exc.start]:02x}")
        ) from None
    if not text.strip():
        raise TextFileError(tr("{name} is empty: there is nothing to measure").format(name=name))
    return text
