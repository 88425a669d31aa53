"""Encoding on tiktoken's compiled core, for tokenizers it reproduces exactly.

Whether it does is decided elsewhere (:func:`bpe_engine.formats.tiktoken.equivalence_problem`);
this module runs a ``tiktoken.Encoding`` built from our vocabulary and guards the two places
where tiktoken and our encoder can still part:

- text that a custom pattern leaves unmatched: tiktoken drops it, we keep it as a piece of its
  own (so decoding gives the text back). A custom pattern's ids are checked to hold every
  byte of the text; when they do not, :meth:`CoreEncoder.encode` answers None and the caller
  uses our encoder. (The built-in patterns match every character.)
- a very long piece (a line of letters with no space, Chinese without punctuation or line
  ends): tiktoken's merge grows faster than its length (2 MB of letters: 17 s, ours 4 s);
  text with a stretch of ``_WINDOW`` characters and no space or line end (or only spaces)
  goes to our encoder, whose merge of a long piece is linear.
- a pattern on which Rust's fancy-regex reaches its backtracking limit: tiktoken panics (a
  ``BaseException``) or raises; None again, and our encoder runs the pattern under its time
  limit.

The core need not live in this process: building one (``tiktoken.Encoding``, one Rust call
that converts 100 000-200 000 ranks) holds the interpreter lock 100-300 ms, and so does
dropping it. A caller whose other threads must not wait that long (a GUI) gives the tokenizer
a :data:`CoreBuilder` (:meth:`~bpe_engine.Tokenizer.use_core_builder`): it gets the
:class:`CoreRecipe` and returns a :class:`CoreEncoding` that may encode elsewhere (another
process); where that one cannot answer it raises :class:`~bpe_engine.errors.CoreUnavailableError`
and our encoder answers.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Set as AbstractSet
from dataclasses import dataclass
from typing import Any, Protocol

import numpy as np

from .._text import fix_surrogates
from ..errors import CoreUnavailableError
from ..pretokenize import Pretokenizer

__all__ = ["CoreBuilder", "CoreEncoder", "CoreEncoding", "CoreRecipe", "has_long_run"]

# Every piece of at least 2 * _WINDOW characters holds a whole aligned window of them; tiktoken
# is still faster than ours on pieces below that (250 000 characters: 0.9 s, ours 1.5 s).
_WINDOW = 1 << 16
_BREAKS = (" ", "\n", "\u3001", "\u3002", "\uff0c")  # space, line end, 、 。 ，


def has_long_run(text: str, window: int = _WINDOW, breaks: tuple[str, ...] = _BREAKS) -> bool:
    """Whether ``text`` may hold a piece of ``2 * window`` characters or more: an aligned
    window of it without a space, line end or CJK comma or full stop (Japanese and Chinese
    write no spaces; or ``breaks``), or of whitespace only. (Cheap: ``find`` stops at the first hit in
    each window; a false alarm only costs speed.)"""
    find = text.find
    for start in range(0, len(text) - window + 1, window):
        end = start + window
        if all(find(c, start, end) < 0 for c in breaks):
            return True
        if text[start].isspace() and text[start:end].isspace():
            return True
    return False


@dataclass(frozen=True)
class CoreRecipe:
    """What a tokenizer's tiktoken core is built from:
    ``tiktoken.Encoding(name, pat_str=pattern, mergeable_ranks=ranks, special_tokens=special_tokens)``
    (``ranks``: the ordinary tokens' bytes -> id). Built from this, the core gives our ids."""

    name: str
    pattern: str
    ranks: Mapping[bytes, int]
    special_tokens: Mapping[str, int]


class CoreEncoding(Protocol):
    """The part of ``tiktoken.Encoding`` that :class:`CoreEncoder` calls."""

    def encode(
        self, text: str, *, allowed_special: AbstractSet[str], disallowed_special: AbstractSet[str]
    ) -> list[int]: ...

    def encode_ordinary(self, text: str) -> list[int]: ...

    def encode_ordinary_batch(self, texts: list[str]) -> list[list[int]]: ...

    def encode_to_numpy(
        self, text: str, *, allowed_special: AbstractSet[str], disallowed_special: AbstractSet[str]
    ) -> np.ndarray: ...


#: Makes a tokenizer's core from its recipe (see the module: a core in another process).
CoreBuilder = Callable[[CoreRecipe], CoreEncoding]


class CoreEncoder:
    """A ``tiktoken.Encoding`` over our ids; ``id_bytes``: the bytes of every id (ordinary
    and special), for the check of a pattern that may leave text unmatched (``covers_all``
    False). ``local``: the encoding is tiktoken's, in this process (not a builder's)."""

    def __init__(
        self, encoding: Any, id_bytes: Mapping[int, bytes] | None, covers_all: bool, local: bool = True
    ) -> None:
        self.encoding = encoding
        self.covers_all = covers_all
        self.local = local
        self._lengths: np.ndarray | None = None
        if not covers_all and id_bytes is not None:
            lengths = np.zeros(max(id_bytes) + 1, dtype=np.int64)
            lengths[np.fromiter(id_bytes.keys(), dtype=np.int64)] = np.fromiter(map(len, id_bytes.values()), np.int64)
            self._lengths = lengths

    @classmethod
    def of(
        cls, encoding: Any, id_bytes: Mapping[int, bytes], pretokenizer: Pretokenizer, local: bool = True
    ) -> CoreEncoder:
        """The core encoder of a tokenizer's vocabulary and pre-tokenizer (a custom pattern's
        ids are checked; the built-in patterns match every character)."""
        covers_all = pretokenizer.name != "regex"
        return cls(encoding, None if covers_all else id_bytes, covers_all, local)

    def encode(self, text: str, allowed: frozenset[str]) -> list[int] | None:
        """Token ids of ``text`` (the special tokens in ``allowed`` recognised, the others
        ordinary text), or None where our encoder must answer instead (see the module)."""
        if has_long_run(text):
            return None
        if not self.covers_all:
            array = self._array(text, allowed)
            out: list[int] | None = None if array is None else array.tolist()
            return out
        enc = self.encoding
        try:
            if allowed:
                ids: list[int] = enc.encode(text, allowed_special=allowed, disallowed_special=())
            else:
                ids = enc.encode_ordinary(text)
        except BaseException as exc:
            if not _gave_up(exc):
                raise
            return None
        return ids

    def encode_array(self, text: str, allowed: frozenset[str]) -> np.ndarray | None:
        """The ids as a ``uint32`` array, or None where our encoder must answer (see :meth:`encode`)."""
        return None if has_long_run(text) else self._array(text, allowed)

    def _array(self, text: str, allowed: frozenset[str]) -> np.ndarray | None:
        try:
            array: np.ndarray = self.encoding.encode_to_numpy(text, allowed_special=allowed, disallowed_special=())
        except UnicodeEncodeError:  # lone surrogates: repaired as tiktoken (and we) do
            return self._array(fix_surrogates(text), allowed)
        except BaseException as exc:
            if not _gave_up(exc):
                raise
            return None
        # subtle: the text's UTF-8 size only when the ids must be checked (a custom pattern):
        # encoding 1 MB to count its bytes cost ~1 % of the core's own time per block.
        if self._lengths is not None and int(self._lengths[array].sum()) != len(text.encode("utf-8")):
            return None
        return array


def _gave_up(exc: BaseException) -> bool:
    """Whether ``exc`` is tiktoken's answer when fancy-regex gives up on a pattern (its
    backtracking limit): a panic (a BaseException named PanicException) from ``encode``, a
    ValueError from ``encode_to_numpy``; or a core built elsewhere that cannot answer
    (:class:`CoreUnavailableError`); nothing else is swallowed."""
    if isinstance(exc, CoreUnavailableError):
        return True
    if isinstance(exc, ValueError):
        return str(exc).startswith("Regex error while tokenizing")
    return type(exc).__name__ == "PanicException"
