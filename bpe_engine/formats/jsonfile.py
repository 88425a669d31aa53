"""Reading a JSON tokenizer file strictly: every way it can be wrong gets its own message.

Not UTF-8, truncated, not JSON, nested too deeply to be a tokenizer (Python's parser would
otherwise die with a RecursionError), or holding one key twice in an object (the last one
would silently win). Values quoted in messages are cut short (:func:`short`): a damaged file
can hold a 10 MB string.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterable
from typing import Any

from .._files import FileProblem, read_regular
from ..errors import TokenizerFileError, short

__all__ = ["load_json", "parse_json", "parse_json_head", "short"]


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


_U64_MAX = (1 << 64) - 1


def rust_float(text: str) -> float:
    """``text`` (a JSON number with a fraction or exponent) as Rust's ``serde_json`` reads it
    by default, which Hugging Face ``tokenizers`` uses: the digits gathered into a ``u64``
    (digits past its capacity ignored), then one multiplication or division by a power of ten.
    That is not always the correctly rounded value Python's ``float`` gives: a Unigram
    model's scores can differ by one unit in the last place, and a near-tie of two
    segmentations then goes the other way. (serde_json's ``float_roundtrip`` feature, off in
    ``tokenizers``, would round correctly.)"""
    negative = text.startswith("-")
    body = text[1:] if negative else text
    mantissa, _, exp_text = body.replace("E", "e").partition("e")
    whole, _, fraction = mantissa.partition(".")
    significand = 0
    exponent = int(exp_text) if exp_text else 0
    overflow = False
    for digit in whole:
        d = int(digit)
        if overflow or significand > (_U64_MAX - d) // 10:
            overflow = True
            exponent += 1  # serde_json: integer digits past a u64 only scale the value
        else:
            significand = significand * 10 + d
    for digit in fraction:
        d = int(digit)
        if overflow or significand > (_U64_MAX - d) // 10:
            break  # serde_json ignores fraction digits past a u64
        significand = significand * 10 + d
        exponent -= 1
    value = float(significand)
    while True:
        if abs(exponent) <= 308:
            power = float(f"1e{abs(exponent)}")  # a correctly rounded constant, as Rust's table
            value = value * power if exponent >= 0 else value / power
            break
        if value == 0.0:
            break
        if exponent > 0:
            value = float("inf")
            break
        value /= 1e308
        exponent += 308
    return -value if negative else value


def parse_json(data: bytes, path: str, what: str = "tokenizer file", *, rust_floats: bool = False) -> Any:
    """:func:`load_json` of bytes already read from ``path`` (named in errors); with
    ``rust_floats``, numbers with a fraction are read as ``tokenizers`` reads them
    (:func:`rust_float`)."""
    if not data or data.isspace():  # (not data.strip(): a copy of the whole file)
        raise TokenizerFileError(f"{path}: is empty; it is not a {what}")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise TokenizerFileError(f"{path}: is not a {what} (not UTF-8 text at byte {exc.start})") from None
    try:
        if rust_floats:
            return json.loads(text, object_pairs_hook=_no_duplicates, parse_float=rust_float)
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


_SPACE = re.compile(r"[ \t\n\r]*")


def parse_json_head(data: bytes, last: str, wanted: Iterable[str]) -> dict[str, Any] | None:
    """The members of the JSON object in ``data`` written before its member ``last``, and
    ``last`` itself mapped to an empty object: a file's settings without parsing its bulk
    (Hugging Face writes ``model``, nearly all of a ``tokenizer.json``, last: the settings of
    Llama 3.2's are its first 55 KB of 8 MB). None when the file cannot be read so: not an
    object, ``last`` absent or not an object, a ``wanted`` key's name anywhere after it (it
    may be a member written later), a damaged head. Then parse the whole file
    (:func:`parse_json`, which names any problem)."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return None
    decoder = json.JSONDecoder(object_pairs_hook=_no_duplicates)
    head: dict[str, Any] = {}
    try:
        i = _SPACE.match(text).end()  # type: ignore[union-attr]  # (always matches)
        if text[i : i + 1] != "{":
            return None
        while True:
            i = _SPACE.match(text, i + 1).end()  # type: ignore[union-attr]
            if text[i : i + 1] != '"':
                return None
            key, i = json.decoder.scanstring(text, i + 1)  # type: ignore[attr-defined]
            i = _SPACE.match(text, i).end()  # type: ignore[union-attr]
            if text[i : i + 1] != ":" or key in head:
                return None
            i = _SPACE.match(text, i + 1).end()  # type: ignore[union-attr]
            if key == last:
                if text[i : i + 1] != "{" or any(text.find(f'"{k}"', i) >= 0 for k in wanted):
                    return None
                head[key] = {}
                return head
            head[key], i = decoder.raw_decode(text, i)
            i = _SPACE.match(text, i).end()  # type: ignore[union-attr]
            if text[i : i + 1] != ",":
                return None
    except (ValueError, RecursionError):  # (JSONDecodeError and a repeated key are ValueErrors)
        return None
