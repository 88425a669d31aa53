"""Parallel texts on disk: one UTF-8 file per language, ``<code>.txt``, in one folder.

A ``languages.tsv`` beside them may name each language and its script (tab-separated
``code``, ``name``, ``script``, after a header line; lines starting with ``#`` are comments),
and gives their order. Further columns named ``name_<language>`` in the header (``name_zh``)
give the name in that interface language (an empty field: none); ``name`` stays the English
one (what the CLI and the CSV exports print); without it every ``*.txt`` of the folder is a language named by its
file (sorted), with the script most of its letters are written in
(:func:`~bpe_engine.metrics.scripts.dominant_script`). The app's built-in sample (the
Universal Declaration of Human Rights in about 100 languages, ISO 639-3 codes) is such a
folder: ``resources/parallel``.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from .._files import FileProblem, read_regular
from ..errors import CorpusEncodingError, CorpusError, CorpusNotFoundError, short
from .scripts import dominant_script

__all__ = ["ParallelLanguage", "ParallelText", "load_parallel", "INDEX_NAME"]

#: The optional index of a parallel folder.
INDEX_NAME = "languages.tsv"
_MAX_TEXT_BYTES = 64 << 20


@dataclass(frozen=True)
class ParallelLanguage:
    """One language of a parallel text: its code (the file's name), name, script and text;
    ``names``: its name in other languages, ``(language, name)`` pairs (``("zh", "俄语")``)."""

    code: str
    name: str
    script: str
    text: str
    names: tuple[tuple[str, str], ...] = ()

    def name_in(self, language: str) -> str:
        """The name in ``language`` (``zh`` or ``zh_CN``: its part before ``_`` also matches),
        else :attr:`name`."""
        base = language.replace("-", "_").split("_")[0]
        for lang, name in self.names:
            if lang in (language, base):
                return name
        return self.name


@dataclass(frozen=True)
class ParallelText:
    """The languages of a parallel folder, in its order."""

    folder: str
    languages: tuple[ParallelLanguage, ...]

    def texts(self) -> dict[str, str]:
        """Language code -> text (what :func:`~bpe_engine.metrics.parity` takes)."""
        return {lang.code: lang.text for lang in self.languages}

    def language(self, code: str) -> ParallelLanguage:
        for lang in self.languages:
            if lang.code == code:
                return lang
        raise CorpusError(f"{self.folder}: no language {short(code)} (no {code}.txt)")


def _read_text(path: Path) -> str:
    try:
        data = read_regular(str(path), _MAX_TEXT_BYTES, "parallel text")
    except FileProblem as exc:
        raise CorpusNotFoundError(str(exc)) from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise CorpusEncodingError(str(path), exc.start, exc.reason) from None


#: One line of an index: code, name, script and the names in other languages.
_Row = tuple[str, str, str, tuple[tuple[str, str], ...]]
_NAME_PREFIX = "name_"


def _header(path: Path, line: str) -> list[str]:
    """The languages of the header's ``name_<language>`` columns after the three fixed ones."""
    extra = [f.strip() for f in line.split("\t")[3:]]
    for field in extra:
        if not field.startswith(_NAME_PREFIX) or len(field) == len(_NAME_PREFIX):
            raise CorpusError(
                f"{path}, line 1: a column after code, name, script must be name_<language> (name_zh), got {short(field)}"
            )
    return [f[len(_NAME_PREFIX) :] for f in extra]


def _index(folder: Path) -> list[_Row] | None:
    path = folder / INDEX_NAME
    if not path.exists():
        return None
    rows: list[_Row] = []
    lines = _read_text(path).splitlines()
    others = _header(path, lines[0]) if lines else []
    for number, line in enumerate(lines[1:], start=2):
        if not line.strip() or line.startswith("#"):
            continue
        fields = line.split("\t")
        if not 3 <= len(fields) <= 3 + len(others) or not all(f.strip() for f in fields[:3]):
            raise CorpusError(
                f"{path}, line {number}: expected {3 + len(others)} tab-separated fields "
                f"(code, name, script{''.join(', name_' + o for o in others)}), got {short(line)}"
            )
        names = tuple((o, f.strip()) for o, f in zip(others, fields[3:]) if f.strip())
        rows.append((fields[0].strip(), fields[1].strip(), fields[2].strip(), names))
    return rows


def load_parallel(folder: str | os.PathLike[str]) -> ParallelText:
    """The parallel text in ``folder`` (see the module docstring); CorpusError naming the
    file when a listed language has no file, a file is not UTF-8, or the folder holds none."""
    root = Path(folder)
    if not root.is_dir():
        raise CorpusNotFoundError(f"{root}: not a folder; give a folder of <language>.txt files")
    rows = _index(root)
    if rows is None:
        rows = [(p.stem, p.stem, "", ()) for p in sorted(root.glob("*.txt"))]
    if not rows:
        raise CorpusError(f"{root}: no <language>.txt files (and no {INDEX_NAME} listing them)")
    seen: set[str] = set()
    languages: list[ParallelLanguage] = []
    for code, name, script, names in rows:
        if code in seen:
            raise CorpusError(f"{root / INDEX_NAME}: the language {short(code)} is listed twice")
        seen.add(code)
        text = _read_text(root / f"{code}.txt")
        languages.append(ParallelLanguage(code, name, script or dominant_script(text), text, names))
    return ParallelText(str(root), tuple(languages))
