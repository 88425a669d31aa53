"""Exceptions raised by ``bpe_engine``.

Every error says what was wrong (naming the file, field or value) and how to fix it.
All of them derive from :class:`BPEError`, so callers (the app, the command line) can catch
one class and show ``str(error)`` to a person. Built-in bases (``ValueError``, ``OSError``)
are kept so that generic handlers still work.
"""

from __future__ import annotations

from enum import StrEnum

__all__ = [
    "short",
    "as_typed",
    "BPEError",
    "ConfigError",
    "PretokenizerError",
    "CorpusError",
    "CorpusNotFoundError",
    "CorpusEncodingError",
    "EmptyCorpusError",
    "TokenizerFileError",
    "PatternNeededError",
    "TokenIdError",
    "SpecialTokenError",
    "EncodingUnavailableError",
    "UnknownEncodingError",
    "CoreUnavailableError",
    "UnknownModelError",
    "ExportError",
    "WorkerError",
    "CheckpointError",
    "CheckpointProblem",
]


def short(value: object, limit: int = 80) -> str:
    """``repr(value)`` for a message, cut to about ``limit`` characters (a damaged file can
    hold a 10 MB string; an error line must stay a line)."""
    text = repr(value)
    if len(text) <= limit:
        return text
    return f"{text[:limit]}… ({len(text):,} characters)"


def as_typed(text: str, limit: int = 80) -> str:
    """``text`` in quotes as the user typed it (``'\\S+('``, not repr's ``'\\\\S+('``), only
    characters that cannot be seen escaped, cut to about ``limit`` characters."""
    shown = "".join(ch if ch.isprintable() or ch == " " else repr(ch)[1:-1] for ch in text)
    if len(shown) > limit:
        shown = f"{shown[:limit]}… ({len(text):,} characters)"
    return f"'{shown}'"


class BPEError(Exception):
    """Base class of every error raised on purpose by ``bpe_engine``."""


class ConfigError(BPEError, ValueError):
    """A training or tokenizer setting is out of range or inconsistent."""


class PretokenizerError(ConfigError):
    """An unknown pre-tokenizer name or a custom regex that does not compile."""


class CorpusError(BPEError):
    """A training corpus cannot be used."""


class CorpusNotFoundError(CorpusError, FileNotFoundError):
    """A corpus file does not exist or cannot be read."""


#: The reason Python's UTF-8 decoder gives for bytes that end inside a character.
TRUNCATED = "unexpected end of data"


class CorpusEncodingError(CorpusError, ValueError):
    """A corpus file is not valid UTF-8.

    Attributes: ``path`` and ``offset`` (byte offset of the first bad byte in that file).
    """

    def __init__(self, path: str, offset: int, detail: str) -> None:
        self.path = path
        self.offset = offset
        # A file cut short ends inside a character: converting it from Latin-1 would spoil it.
        hint = (
            "The file ends in the middle of a character (was it cut short?): remove its last bytes or choose a complete file."
            if detail == TRUNCATED
            else "Convert the file to UTF-8 (for example `iconv -f latin1 -t utf-8`) or choose a text file."
        )
        super().__init__(f"{path}: not valid UTF-8 at byte offset {offset} ({detail}). {hint}")
        self.detail = detail

    def __reduce__(self) -> tuple[type[CorpusEncodingError], tuple[str, int, str]]:
        # subtle: pickling (worker processes) must keep the fields
        return (type(self), (self.path, self.offset, self.detail))


class EmptyCorpusError(CorpusError, ValueError):
    """The corpus holds no text to learn from."""


class TokenizerFileError(BPEError, ValueError):
    """A tokenizer file (ours, or GPT-2 ``vocab.json``/``merges.txt``) is unreadable or invalid."""


class PatternNeededError(TokenizerFileError):
    """A tiktoken rank file holds no pre-tokenizer pattern and none was given or found beside it.

    Attributes: ``path`` (the rank file), ``special_tokens`` (those found beside it, ``{}`` if
    none) and ``found_in`` (where they were found, ``""`` if nowhere), so that a program can ask
    for the pattern and load the file again with ``pattern=``.
    """

    def __init__(self, path: str, special_tokens: dict[str, int] | None = None, found_in: str = "") -> None:
        self.path = path
        self.special_tokens = dict(special_tokens or {})
        self.found_in = found_in
        super().__init__(
            f"{path}: is a tiktoken rank file, which holds no pre-tokenizer pattern or special tokens; pass "
            "pattern='<regex>' and special_tokens={'<|endoftext|>': id, ...} (command line: --pattern REGEX and "
            "--special-token NAME=ID), or put the model's tokenizer.json or tokenizer_config.json beside it"
        )

    def __reduce__(self) -> tuple[type[PatternNeededError], tuple[str, dict[str, int], str]]:
        return (type(self), (self.path, self.special_tokens, self.found_in))


class TokenIdError(BPEError, ValueError, KeyError):
    """A token id is not in the vocabulary (or a text is not a single token).

    Also a ``KeyError``, which is what tiktoken raises there, so code written for tiktoken
    catches it unchanged.
    """

    def __str__(self) -> str:  # subtle: KeyError would show the message quoted, as a key
        return str(self.args[0]) if self.args else ""


class SpecialTokenError(BPEError, ValueError):
    """Text contains a special token that the caller did not allow (tiktoken's strict mode)."""

    def __init__(self, token: str, position: int, path: str | None = None) -> None:
        self.token = token
        self.position = position  # in characters, from the start of the text (or of the file)
        self.path = path
        where = f"the file {path}" if path else "the text"
        super().__init__(
            f"{where} contains the special token {short(token)} at character {position}. "
            f"Allow it (allowed_special={{{short(token)}}} or 'all') to encode it as one special token, "
            "or pass disallowed_special=() to encode it as ordinary text."
        )

    def __reduce__(self) -> tuple[type[SpecialTokenError], tuple[str, int, str | None]]:
        return (type(self), (self.token, self.position, self.path))


class EncodingUnavailableError(BPEError, RuntimeError):
    """An OpenAI encoding could not be loaded (tiktoken missing, or its data not downloadable)."""


class CoreUnavailableError(BPEError, RuntimeError):
    """tiktoken's core built elsewhere (another process: :meth:`Tokenizer.use_core_builder`)
    cannot answer now (that process ended). The tokenizer's own encoder answers instead."""


class UnknownEncodingError(EncodingUnavailableError, ValueError):
    """No OpenAI encoding has this name. Also a ``ValueError``, which tiktoken's
    ``get_encoding`` raises there, so code written for tiktoken catches it unchanged."""


class UnknownModelError(EncodingUnavailableError, KeyError):
    """tiktoken maps no encoding to this model name. Also a ``KeyError``, which tiktoken's
    ``encoding_for_model`` raises there, so code written for tiktoken catches it unchanged."""

    def __str__(self) -> str:  # subtle: KeyError would show the message quoted, as a key
        return str(self.args[0]) if self.args else ""


class CheckpointProblem(StrEnum):
    """What is wrong with a checkpoint's path, for callers that word the message themselves
    (the app, in its own language): :attr:`CheckpointError.problem`."""

    NOT_A_CHECKPOINT = "not a checkpoint"  # another kind of file (or a damaged one)
    IS_A_FOLDER = "is a folder"  # a checkpoint saved to a folder's path


class CheckpointError(BPEError, ValueError):
    """A training checkpoint file is unreadable, damaged or from another program. ``path`` and
    ``problem`` say which file and what is wrong when the problem is one of
    :class:`CheckpointProblem` (else ``problem`` is None; the message says it)."""

    def __init__(self, message: str, *, path: str = "", problem: CheckpointProblem | None = None) -> None:
        super().__init__(message)
        self.path = path
        self.problem = problem


class ExportError(BPEError, ValueError):
    """A tokenizer cannot be written in the format asked for: the format could not make it
    encode the same way (the message says why), or the file cannot be saved."""


class WorkerError(BPEError, RuntimeError):
    """A worker process (counting, bulk encoding) ended without finishing its work."""


class ChatTemplateError(BPEError, ValueError):
    """A chat template cannot be read or rendered: its syntax, an undefined name, something
    the sandbox forbids, its own ``raise_exception``, or a limit of time or size. The message
    names the template (its file, or the built-in format) and the line."""
