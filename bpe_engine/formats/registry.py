"""Every tokenizer file format the engine knows, collected from the ``FORMAT`` that each module
of :mod:`bpe_engine.formats` declares (:class:`~.base.Format`).

Detection (:mod:`.detect`), export (:mod:`.export`), the Hugging Face cache listing
(:mod:`bpe_engine.discovery`), the command line's help and an app's Open filters and proposed
file names all derive from :data:`FORMATS`, so adding a format is one module with a ``FORMAT``
(and its tests): nothing here changes.
"""

from __future__ import annotations

import fnmatch
import importlib
import pkgutil

from ..errors import ConfigError, short
from .base import Format

__all__ = [
    "FORMATS",
    "Format",
    "get_format",
    "readable_names",
    "writable_formats",
    "file_filters",
    "folder_names",
    "folder_patterns",
    "proposed_file_name",
    "matches_file_name",
]


#: The modules of the package that use the registry (they import it, so they declare no format).
_USERS = frozenset({"registry", "detect", "export"})


def _collect() -> tuple[Format, ...]:
    # Every module of this package that declares a FORMAT, found by listing the package, so
    # that a new format module needs no line here.
    package = __name__.rpartition(".")[0]
    found: list[Format] = []
    for info in pkgutil.iter_modules(importlib.import_module(package).__path__):
        if info.name in _USERS:
            continue
        module = importlib.import_module(f"{package}.{info.name}")
        fmt = getattr(module, "FORMAT", None)
        if isinstance(fmt, Format):
            found.append(fmt)
    names = [f.name for f in found]
    if len(set(names)) != len(names):
        raise RuntimeError(f"two format modules declare the same name: {sorted(names)}")
    return tuple(sorted(found, key=lambda f: (f.order, f.name)))


#: Every format, in the order their ``detect`` is asked.
FORMATS: tuple[Format, ...] = _collect()


def get_format(name: str) -> Format:
    """The format called ``name``; ConfigError naming the known ones otherwise."""
    for fmt in FORMATS:
        if fmt.name == name:
            return fmt
    raise ConfigError(f"unknown format {short(name)}; use one of {', '.join(f.name for f in FORMATS)}")


def readable_names() -> list[str]:
    """The titles of every format, for messages and help ("ours, Hugging Face tokenizer.json, ...")."""
    return [f.title for f in sorted(FORMATS, key=lambda f: f.menu_rank)]


def writable_formats() -> list[Format]:
    """The formats :meth:`bpe_engine.Tokenizer.export` writes, in menu order (ours first: the default)."""
    return sorted((f for f in FORMATS if f.writer is not None), key=lambda f: f.menu_rank)


def file_filters() -> list[str]:
    """Open-dialog filter lines: every tokenizer file first, then one per format."""
    every = sorted({p for f in FORMATS for p in f.patterns if p.startswith("*")})
    return [f"All tokenizer files ({' '.join(every)})"] + [
        f.file_filter() for f in sorted(FORMATS, key=lambda f: f.menu_rank)
    ]


def folder_names() -> list[str]:
    """The exact file names a folder (or a Hugging Face snapshot) is searched for, in order."""
    out: list[str] = []
    for fmt in sorted(FORMATS, key=lambda f: f.folder_rank):
        for name in fmt.folder_files:
            if not any(ch in name for ch in "*?[") and name not in out:
                out.append(name)
    return out


def folder_patterns() -> list[str]:
    """The file-name patterns looked for in a folder when none of :func:`folder_names` is there."""
    out: list[str] = []
    for fmt in sorted(FORMATS, key=lambda f: f.folder_rank):
        for name in fmt.folder_files:
            if any(ch in name for ch in "*?[") and name not in out:
                out.append(name)
    return out


def matches_file_name(name: str) -> bool:
    """Whether a file called ``name`` may be a tokenizer file (for a drop filter)."""
    base = name.rsplit("/", 1)[-1]
    return base in folder_names() or any(fnmatch.fnmatch(base, p) for p in folder_patterns())


def proposed_file_name(stem: str, format: str) -> str:
    """A file name for an export of ``stem`` in ``format`` (``"mine-tokenizer.json"``)."""
    writer = get_format(format).writer
    if writer is None:
        raise ConfigError(f"the {format} format is not written: {get_format(format).cannot_write}")
    return stem + writer.suffix
