"""The text sets the Measure tab measures on: the built-in parallel sample (the Universal
Declaration of Human Rights in 100 languages, ``resources/parallel``), the held-out texts
(``resources/heldout``: English, Chinese, Python code), or the user's files.

Only the parallel sample says the same thing in every language, so only it gives a language
tax (premiums against English); the other sets give efficiency and vocabulary health.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path

from app.content.samples import RESOURCES
from app.core.i18n import current_language, noop, tr
from app.core.text_files import MAX_TEXT_BYTES, TextFileError, read_user_text
from bpe_engine import dominant_script, load_parallel

__all__ = [
    "TextSet",
    "MeasureText",
    "REFERENCE",
    "sample_texts",
    "heldout_texts",
    "read_text_file",
    "script_name",
    "MAX_TEXT_BYTES",
    "TextFileError",
]

#: The language premiums are relative to.
REFERENCE = "eng"
# A source checkout's own folder (an editable install may map app.resources to another
# checkout, e.g. from a git worktree, whose sample may differ), else the installed package's.
PARALLEL_DIR = Path(__file__).resolve().parents[3] / "resources" / "parallel"
if not (PARALLEL_DIR / "languages.tsv").is_file():
    PARALLEL_DIR = RESOURCES / "parallel"
_HELDOUT = ((noop("English"), "english.txt"), (noop("Chinese"), "chinese.txt"), (noop("Code (Python)"), "code.txt"))


#: The writing systems' names the engine gives (``dominant_script``: the first word of a letter's
#: Unicode name): those of the parallel sample and the common others, for translation.
SCRIPT_NAMES = frozenset(
    {
        noop("Arabic"),
        noop("Armenian"),
        noop("Bengali"),
        noop("Bopomofo"),
        noop("Canadian Syllabics"),
        noop("Cherokee"),
        noop("Cyrillic"),
        noop("Devanagari"),
        noop("Ethiopic"),
        noop("Georgian"),
        noop("Greek"),
        noop("Gujarati"),
        noop("Gurmukhi"),
        noop("Han"),
        noop("Hangul"),
        noop("Hebrew"),
        noop("Hiragana"),
        noop("Kana"),
        noop("Kannada"),
        noop("Katakana"),
        noop("Khmer"),
        noop("Lao"),
        noop("Latin"),
        noop("Malayalam"),
        noop("Mongolian"),
        noop("Myanmar"),
        noop("Oriya"),
        noop("Sinhala"),
        noop("Syriac"),
        noop("Tamil"),
        noop("Telugu"),
        noop("Thaana"),
        noop("Thai"),
        noop("Tibetan"),
        noop("Tifinagh"),
    }
)


def script_name(script: str) -> str:
    """``script`` (``Latin``, ``Han+Kana``) in the current language; a script not in
    :data:`SCRIPT_NAMES` as the engine names it."""
    return "+".join(tr(part) if part in SCRIPT_NAMES else part for part in script.split("+"))


class TextSet(StrEnum):
    """Which texts are measured."""

    SAMPLE = noop("Parallel sample: UDHR, 100 languages")
    HELDOUT = noop("Held-out texts: English, Chinese, code")
    FILES = noop("Text files…")

    @property
    def parallel(self) -> bool:
        """The same content in every text: a language tax can be computed."""
        return self is TextSet.SAMPLE


@dataclass(frozen=True)
class MeasureText:
    """One text: its code (a language's ISO 639-3 code, or a name), name (English for the
    sample's languages: the CSV's), script and content; ``names``: the name in other interface
    languages, ``(language, name)`` (the sample's ``name_zh``)."""

    code: str
    name: str
    script: str
    text: str
    names: tuple[tuple[str, str], ...] = ()
    #: ``name`` is a source text of the catalog (the held-out texts'): shown translated.
    catalog_name: bool = False

    def shown_name(self) -> str:
        """The name in the interface's current language (the table, the chart's hover)."""
        if self.catalog_name:
            return tr(self.name)
        current = current_language()
        base = current.split("_")[0]
        return next((name for lang, name in self.names if lang in (current, base)), self.name)

    @property
    def size(self) -> int:
        return len(self.text.encode("utf-8"))


def sample_texts() -> list[MeasureText]:
    """The built-in parallel sample, in its order (English first)."""
    sample = load_parallel(PARALLEL_DIR)
    return [MeasureText(lang.code, lang.name, lang.script, lang.text, lang.names) for lang in sample.languages]


def heldout_texts() -> list[MeasureText]:
    """The held-out texts whose files exist (named in English, shown translated)."""
    out = []
    for name, file in _HELDOUT:
        try:
            text = (RESOURCES / "heldout" / file).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        out.append(MeasureText(name, name, dominant_script(text), text, catalog_name=True))
    return out


def read_text_file(path: str) -> MeasureText:
    """A user's UTF-8 text file (see :func:`app.core.text_files.read_user_text`)."""
    name = os.path.basename(path)
    text = read_user_text(path)
    return MeasureText(name, name, dominant_script(text), text)
