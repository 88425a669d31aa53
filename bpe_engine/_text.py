"""Text that has no UTF-8 form: lone surrogates (U+D800-U+DFFF outside a valid pair).

Python strings can hold them (``"\\udfff"``, or ``\\ud83d\\udc4d`` written as two escapes), UTF-8
cannot. ``encode`` does what tiktoken does (:func:`fix_surrogates`); names, special tokens,
patterns and training text are refused with the position instead (:func:`lone_surrogate`).
"""

from __future__ import annotations

__all__ = ["fix_surrogates", "lone_surrogate", "surrogate_message"]


def fix_surrogates(text: str) -> str:
    """tiktoken's repair: surrogate pairs become the character they encode, lone surrogates
    become U+FFFD."""
    return text.encode("utf-16", "surrogatepass").decode("utf-16", "replace")


def lone_surrogate(text: str) -> int | None:
    """The character offset of the first surrogate in ``text``, or None (fast when none)."""
    try:
        text.encode("utf-8")
        return None
    except UnicodeEncodeError as exc:
        return exc.start


def surrogate_message(what: str, text: str, position: int) -> str:
    """A message for a ``what`` (e.g. "special token '<x>'") with a surrogate at ``position``."""
    code = ord(text[position])
    return (
        f"{what} holds the lone surrogate U+{code:04X} at character {position}, which has no UTF-8 form; "
        "text must be valid Unicode (was it decoded with errors='surrogateescape', or built from UTF-16 halves?)"
    )
