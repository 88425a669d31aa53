"""What a file format is (:class:`Format`), and the helpers every format's reader and writer
share. Below every format module (it imports none of them), so that each module can declare
its own ``FORMAT`` and :mod:`.registry` can collect them without an import cycle.

A format module ends with one ``FORMAT = Format(...)``: its name, a title for people, the
file-name patterns of an Open dialog, the names a folder is searched for, how its content is
recognised (``detect``), how it is read (``read``) and, if it can be written, a
:class:`Writer` (else ``cannot_write``: the reason, shown when asked).
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable, Iterable, Mapping
from contextvars import ContextVar
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any

from .._files import FileProblem, read_regular
from ..errors import ConfigError, ExportError, TokenizerFileError, short
from ..pretokenize import CL100K_PATTERN, GPT2_PATTERN, O200K_PATTERN, WHITESPACE_PATTERN
from .data import AnyTokenizerData
from .jsonfile import load_json, parse_json, parse_json_head

if TYPE_CHECKING:
    from ..interface import ByteLevelTokenizerLike

__all__ = [
    "Format",
    "Writer",
    "Content",
    "ReadRequest",
    "SpecialTokens",
    "OPENAI_PATTERNS",
    "pretokenizer_for",
    "pattern_of",
    "display_name",
    "check_special_ids",
    "beside",
    "record",
    "read_file",
    "load_recorded_json",
    "load_recorded_settings",
    "no_arguments",
    "refuse",
    "ordinary_tokens",
    "check_specials",
    "json_bytes",
    "files_read",
]

SpecialTokens = Mapping[str, int] | Iterable[str]

#: Our pre-tokenizer name -> tiktoken's pattern, for the named patterns of OpenAI's encodings.
OPENAI_PATTERNS = {"gpt2": GPT2_PATTERN, "cl100k": CL100K_PATTERN, "o200k": O200K_PATTERN}
_WHOLE_TEXT = r"[\s\S]+"  # "none": the text between special tokens is one piece
_HF_CACHE_DIR = re.compile(r"models--([^/\\]+?)--([^/\\]+)[/\\]snapshots[/\\]")


# -- what a format is ---------------------------------------------------------------------


@dataclass(frozen=True)
class ReadRequest:
    """What the caller of :func:`bpe_engine.load_tokenizer` added: a pre-tokenizer regex and
    special tokens, which only formats that lack them take (``Format.takes_settings``)."""

    pattern: str | None = None
    special_tokens: SpecialTokens | None = None


class Content:
    """A file's bytes, and its JSON when it is JSON (parsed once, on first use)."""

    def __init__(self, path: str, data: bytes) -> None:
        self.path = path
        self.data = data
        head = data[:64].lstrip(b"\xef\xbb\xbf \t\r\n")
        #: The content starts like JSON (then :attr:`json` raises for broken JSON).
        self.is_json = head.startswith((b"{", b"["))

    @cached_property
    def json(self) -> Any:
        """The parsed JSON (None when the content is not JSON); broken JSON raises
        TokenizerFileError naming the file and the place. Fractions are read as Hugging Face
        ``tokenizers`` reads them (a Unigram model's scores decide its ties)."""
        if not self.is_json:
            return None
        # A Tekken file as released: its vocab checked in place, not parsed into 150k dicts
        # (parse_with_rows says None for any other file, which is then parsed whole).
        from .tekken_rows import parse_with_rows

        fast = parse_with_rows(self.data, self.path)
        if fast is not None:
            return fast
        return parse_json(self.data, self.path, "tokenizer file", rust_floats=True)


@dataclass(frozen=True)
class Writer:
    """How a format is written: ``paths(path, is_folder)`` gives the files an export to
    ``path`` writes (a folder gets the usual names), ``files(tok, paths)`` their bytes (or
    raises ExportError with the reason the format cannot reproduce ``tok``), ``suffix`` ends a
    proposed file name (``"-tokenizer.json"``)."""

    paths: Callable[[str, bool], list[str]]
    files: Callable[[ByteLevelTokenizerLike, list[str]], list[bytes]]
    suffix: str


@dataclass(frozen=True)
class Format:
    """A tokenizer file format (see the module docstring).

    - ``name``: a short machine name (``"hf"``), ``title``: for people.
    - ``patterns``: file-name patterns for an Open dialog (``"*.tiktoken"``).
    - ``folder_files``: names a folder (or a Hugging Face snapshot) is searched for, and
      ``folder_rank``: which format's names come first (lowest first).
    - ``detect(content)``: whether the content is this format; formats are asked in ``order``.
    - ``read(content, request)``: the parts of the tokenizer (errors name the file and field).
    - ``takes_settings``: a pattern and special tokens from the caller complete it.
    - ``writer``: how it is written, or None, with ``cannot_write`` saying why.
    - ``menu_rank``: its place in lists shown to people (Open filters, export choices).
    """

    name: str
    title: str
    patterns: tuple[str, ...]
    detect: Callable[[Content], bool]
    read: Callable[[Content, ReadRequest], AnyTokenizerData]
    order: int
    folder_files: tuple[str, ...] = ()
    folder_rank: int = 100
    takes_settings: bool = False
    writer: Writer | None = None
    cannot_write: str = ""
    menu_rank: int = 100

    @property
    def writable(self) -> bool:
        """Whether :meth:`bpe_engine.Tokenizer.export` can write it."""
        return self.writer is not None

    def file_filter(self) -> str:
        """An Open dialog's filter line: ``"title (pattern pattern)"``."""
        return f"{self.title} ({' '.join(self.patterns)})"


# -- reading ------------------------------------------------------------------------------

#: The absolute paths of the files a read touched (what an output must not overwrite), when
#: the caller of :func:`.detect.read_any` asked for them.
files_read: ContextVar[list[str] | None] = ContextVar("files_read", default=None)


def record(path: str) -> None:
    """Note that ``path`` is read (see :data:`files_read`)."""
    files = files_read.get()
    if files is not None and os.path.abspath(path) not in files:
        files.append(os.path.abspath(path))


def read_file(path: str) -> bytes:
    """A regular file's bytes (size-limited; errors name the file)."""
    record(path)
    try:
        return read_regular(path, what="tokenizer file")
    except FileProblem as exc:
        raise TokenizerFileError(str(exc)) from None


def load_recorded_json(path: str, what: str) -> Any:
    record(path)
    return load_json(path, what)


def load_recorded_settings(path: str, what: str, last: str, wanted: tuple[str, ...]) -> Any:
    """:func:`load_recorded_json` for a file read only for settings written before its member
    ``last`` (see :func:`~.jsonfile.parse_json_head`): the whole file is parsed only when
    they cannot be read alone."""
    record(path)
    try:
        data = read_regular(path, what=what)
    except FileProblem as exc:
        raise TokenizerFileError(str(exc)) from None
    head = parse_json_head(data, last, wanted)
    return head if head is not None else parse_json(data, path, what)


def beside(path: str, *names: str) -> str | None:
    """The first of ``names`` that is a file in the folder of ``path`` (never ``path`` itself)."""
    folder = os.path.dirname(os.path.abspath(path))
    for name in names:
        candidate = os.path.join(folder, name)
        if os.path.isfile(candidate) and os.path.abspath(candidate) != os.path.abspath(path):
            return candidate
    return None


def no_arguments(path: str, kind: str, request: ReadRequest) -> None:
    """Refuse a pattern or special tokens for a file that holds its own."""
    if request.pattern is not None or request.special_tokens is not None:
        raise ConfigError(
            f"{path}: is a {kind}, which holds its own pre-tokenizer and special tokens; "
            "pattern and special_tokens are for tiktoken rank files and GPT-2 files"
        )


def check_special_ids(specials: Iterable[tuple[str, int]], path: str, field: str) -> None:
    """Refuse a file that gives two special tokens the same id (which one would an id decode
    to?), naming both tokens, the id and the field."""
    owner: dict[int, str] = {}
    for token, i in specials:
        other = owner.setdefault(i, token)
        if other != token:
            raise TokenizerFileError(
                f"{path}: {field} gives the special tokens {short(other)} and {short(token)} the same id {i}; "
                "each special token needs its own id (fix the file)"
            )


def display_name(path: str) -> str:
    """A name for the tokenizer at ``path``: ``org/name`` inside a Hugging Face cache, else
    the file's name without extension, or its folder's when the file has a generic name."""
    m = _HF_CACHE_DIR.search(os.path.abspath(path))
    if m:
        return f"{m.group(1)}/{m.group(2)}"
    stem = os.path.splitext(os.path.basename(path))[0]
    if stem in ("tokenizer", "vocab", "merges", "tekken", ""):
        return os.path.basename(os.path.dirname(os.path.abspath(path))) or stem
    return stem


def pretokenizer_for(pattern: str) -> str:
    """Our name for a tiktoken pattern string, or ``regex:<pattern>``."""
    return next((n for n, p in OPENAI_PATTERNS.items() if p == pattern), None) or f"regex:{pattern}"


# -- writing ------------------------------------------------------------------------------


def pattern_of(tok: ByteLevelTokenizerLike) -> str:
    """The regex of the tokenizer's pre-tokenizer, as tiktoken and Hugging Face take it."""
    pre = tok.pretokenizer
    if pre.name in OPENAI_PATTERNS:
        return OPENAI_PATTERNS[pre.name]
    if pre.name == "whitespace":
        return WHITESPACE_PATTERN
    if pre.name == "none":
        return _WHOLE_TEXT
    assert pre.pattern is not None
    return pre.pattern


def refuse(target: str, why: str) -> ExportError:
    """The error of an export that ``target`` cannot express."""
    return ExportError(f"cannot export to {target}: {why}")


def ordinary_tokens(tok: ByteLevelTokenizerLike) -> dict[int, bytes]:
    """Id -> bytes of every token that is not special."""
    return {i: b for i, b in tok.vocab.items() if not tok.is_special(i)}


def check_specials(tok: ByteLevelTokenizerLike, target: str) -> None:
    ids = list(tok.special_tokens.values())
    if len(set(ids)) != len(ids):
        raise refuse(target, "two special tokens share an id, which it cannot express")


def json_bytes(obj: Any) -> bytes:
    """Compact UTF-8 JSON."""
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
