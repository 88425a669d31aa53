"""Reading a JSON tokenizer file strictly: every way it can be wrong gets its own message.

Not UTF-8, truncated, not JSON, nested too deeply to be a tokenizer (Python's parser would
otherwise die with a RecursionError), or holding one key twice in an object (the last one
would silently win). Values quoted in messages are cut short (:func:`short`): a damaged file
can hold a 10 MB string.
"""

from __future__ import annotations

import json
import os
from typing import Any

from .._files import FileProblem, read_regular
from ..errors import TokenizerFileError, short

__all__ = ["load_json", "parse_json", "short"]


class _Duplicate(ValueError):
    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    obj = dict(pairs)
    if len(obj) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _Duplicate(key)
            seen.add(key)
    return obj


def load_json(path: str | os.PathLike[str], what: str = "tokenizer file") -> Any:
    """The parsed JSON of ``path``; :class:`~bpe_engine.errors.TokenizerFileError` naming the
    path and the problem otherwise."""
    path = os.fspath(path)
    try:
        data = read_regular(path, what=what)
    except FileProblem as exc:
        raise TokenizerFileError(str(exc)) from None
    return parse_json(data, path, what)


def parse_json(data: bytes, path: str, what: str = "tokenizer file") -> Any:
    """:func:`load_json` of bytes already read from ``path`` (named in errors)."""
    if not data.strip():
        raise TokenizerFileError(f"{path}: is empty; it is not a {what}")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise TokenizerFileError(f"{path}: is not a {what} (not UTF-8 text at byte {exc.start})") from None
    try:
        return json.loads(text, object_pairs_hook=_no_duplicates)
    except _Duplicate as exc:
        raise TokenizerFileError(
            f"{path}: the key {short(exc.key)} appears twice in one object; the file is damaged "
            "(which of the two values is meant cannot be known)"
        ) from None
    except RecursionError:
        raise TokenizerFileError(
            f"{path}: is nested too deeply to be a {what}; it is damaged or not a {what}"
        ) from None
    except json.JSONDecodeError as exc:
        if exc.pos >= len(text.rstrip()) - 1:
            raise TokenizerFileError(
                f"{path}: ends early at line {exc.lineno}, column {exc.colno}: the file is truncated; save it again"
            ) from None
        raise TokenizerFileError(
            f"{path}: is not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg}); "
            f"it is not a {what} or is damaged"
        ) from None
