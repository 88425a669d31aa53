"""Held-out texts for the vocabulary-size sweep: short texts the project wrote itself, never
used for training, in ``resources/heldout`` (English prose, modern Chinese prose, Python code).

A tokenizer's bytes per token on text it was not trained on is the honest measure of its
compression; this module only finds and reads them (the Sweep view measures them, and lets
the user add files of their own).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from app.content.samples import RESOURCES
from app.core.i18n import noop, tr

__all__ = ["HeldOutText", "HELDOUT_DIR", "load_heldout", "display_name"]

HELDOUT_DIR = RESOURCES / "heldout"

#: (name, file) in the order they are listed. The name is the text's key (curves, CSV, tests)
#: and stays English; :func:`display_name` gives it in the current language.
_FILES = (
    (noop("English"), "english.txt"),
    (noop("Chinese"), "chinese.txt"),
    (noop("Code (Python)"), "code.txt"),
)
_BUILTIN_NAMES = frozenset(name for name, _ in _FILES)


def display_name(name: str) -> str:
    """A held-out text's name as shown: a built-in one's translated, a file's name as it is."""
    return tr(name) if name in _BUILTIN_NAMES else name


@dataclass(frozen=True)
class HeldOutText:
    """A text to measure on: its name and its content."""

    name: str
    text: str
    path: Path | None = None  # None: typed or pasted

    @property
    def size(self) -> int:
        """Its length in UTF-8 bytes."""
        return len(self.text.encode("utf-8"))


def load_heldout(folder: Path = HELDOUT_DIR) -> list[HeldOutText]:
    """The built-in held-out texts whose files exist (a missing one is left out, never raised)."""
    out = []
    for name, file in _FILES:
        path = folder / file
        try:
            out.append(HeldOutText(name, path.read_text(encoding="utf-8"), path))
        except (OSError, UnicodeDecodeError):
            continue
    return out
