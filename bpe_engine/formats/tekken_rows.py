"""Tekken's ``vocab`` read in place from the pretty-printed text ``mistral-common`` writes.

The strict parse of a 15 MB Tekken file (a dict for each of its 150 000 entries, every key
checked for repeats) is half of its cold open. When the file is laid out as released, each
entry is five lines::

        {
          "rank": 7,
          "token_bytes": "Bw==",
          "token_str": "\\u0007"
        },

and :func:`parse_with_rows` reads it so: the members other than ``vocab`` parsed strictly as
usual, ``vocab`` validated by a parse that keeps only each object's number of members
(``object_pairs_hook=len``: every syntax error still found, no dicts made), and the entries
checked and cut out of the bytes with NumPy. JSON strings never hold a raw newline, so each
line's start is structure: with every entry's five lines as above (its keys written so, the
ranks 0, 1, 2, ...), three members in each object, as many objects as entries, and no quote
in a ``token_str`` line beyond its value's own, the parse is exactly these entries (no key
twice, nothing hidden in a value). Anything else (another layout, an escape in a key, a
damaged file) gives None, and the caller parses the whole file strictly, which names any
damage as before.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np

from .jsonfile import parse_json, rust_float

__all__ = ["TekkenRows", "parse_with_rows"]

_FIRST = '[\n    {\n      "rank": 0,\n      "token_bytes": "'
_LEN_ONLY = json.JSONDecoder(object_pairs_hook=len)


class TekkenRows:
    """A Tekken file's ``vocab`` checked in place (see the module docstring): ``len`` entries;
    :meth:`b64` their ``token_bytes`` (ASCII bytes, in rank order), :meth:`entries` the
    entries parsed strictly (for the checks that name a damaged entry)."""

    def __init__(self, data: bytes, span: tuple[int, int], path: str, starts: list[int], ends: list[int]) -> None:
        # (the bytes, not the decoded text: 2 bytes a character here, 29 MB held for nothing)
        self._span = span
        self._path = path
        self._data = data
        self._starts = starts
        self._ends = ends

    def __len__(self) -> int:
        return len(self._starts)

    def b64(self, count: int) -> list[bytes]:
        """The ``token_bytes`` text of the first ``count`` entries."""
        return list(map(self._data.__getitem__, map(slice, self._starts[:count], self._ends[:count])))

    def entries(self) -> list[Any]:
        """The entries as the strict parse gives them."""
        rows: list[Any] = parse_json(self._data[self._span[0] : self._span[1]], self._path)
        return rows


def parse_with_rows(data: bytes, path: str) -> dict[str, Any] | None:
    """The JSON object of a Tekken file with its ``vocab`` as :class:`TekkenRows`, or None
    when the file is not laid out as released (then parse it strictly)."""
    if data.find(_FIRST.encode(), 0, 4096) < 0:
        return None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return None
    strict = json.JSONDecoder(object_pairs_hook=_refuse_repeats, parse_float=rust_float)
    obj: dict[str, Any] = {}
    try:
        i = _space(text, 0)
        if text[i : i + 1] != "{":
            return None
        i = _space(text, i + 1)
        while True:
            if text[i : i + 1] != '"':
                return None
            key, i = json.decoder.scanstring(text, i + 1)  # type: ignore[attr-defined]
            i = _space(text, i)
            if text[i : i + 1] != ":" or key in obj:
                return None
            i = _space(text, i + 1)
            if key == "vocab":
                if not text.startswith(_FIRST, i):
                    return None
                counts, end = _LEN_ONLY.raw_decode(text, i)
                rows = _rows(data, text, i, end, counts, path)
                if rows is None:
                    return None
                obj[key] = rows
                i = end
            else:
                obj[key], i = strict.raw_decode(text, i)
            i = _space(text, i)
            if text[i : i + 1] == "}":
                break
            if text[i : i + 1] != ",":
                return None
            i = _space(text, i + 1)
        if text[i + 1 :].strip(" \t\n\r"):
            return None
    except (ValueError, RecursionError):  # (a syntax error or a repeated key: the strict parse names it)
        return None
    if "format" in obj or "model" in obj:
        return None  # (formats asked before Tekken know these keys: they get the plain parse)
    return obj


def _space(text: str, i: int) -> int:
    n = len(text)
    while i < n and text[i] in " \t\n\r":
        i += 1
    return i


def _refuse_repeats(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    obj = dict(pairs)
    if len(obj) != len(pairs):
        raise ValueError("a repeated key")
    return obj


def _rows(data: bytes, text: str, start: int, end: int, counts: Any, path: str) -> TekkenRows | None:
    """The entries of ``text[start:end]`` (the parsed ``vocab``, ``counts`` its objects'
    numbers of members) checked in the bytes (see the module docstring), or None."""
    n = len(counts) if isinstance(counts, list) else 0
    if not 0 < n < 10**6 or counts.count(3) != n:
        return None
    # byte offsets of the array: the text before and after it is small
    b0 = len(text[:start].encode("utf-8"))
    b1 = len(data) - len(text[end:].encode("utf-8"))
    if not data.endswith(_LAST, b0, b1):
        return None
    arr = np.frombuffer(data, np.uint8, b1 - b0, b0)
    nl = np.flatnonzero(arr == 10)
    if len(nl) != 5 * n + 1:
        return None
    # 8 bytes at any offset, read as one word (unaligned view of the array's bytes)
    words = np.ndarray((b1 - b0 - 7,), "<u8", data, b0, (1,))
    at_open, at_bytes, at_str, at_close = nl[0:-1:5], nl[2::5], nl[3::5], nl[4::5]
    if not (
        _fixed(words, at_open, _OPEN)
        and _fixed(words, at_bytes, _BYTES)
        and _fixed(words, at_str, _STR)
        and _fixed(words, at_close[:-1], _CLOSE)
        and bool((words[at_open + len(_OPEN)] == _rank_words(n)).all())
    ):
        return None
    # a token_str is null (a token that is not whole UTF-8) or a line's one string: it starts
    # and ends the rest of the line, and the quotes are counted below
    strings = arr[at_str + len(_STR)] == 34
    nulls = ~strings
    if not bool(
        (arr[at_close[strings] - 1] == 34).all() and (at_close[strings] - at_str[strings] > len(_STR) + 1).all()
    ):
        return None
    if not bool((words[at_str[nulls] + len(_STR)] == _NULL).all()):
        return None
    b_start = at_bytes + len(_BYTES)
    b_end = at_str - 2
    if not bool((arr[b_end] == 34).all() and (arr[b_end + 1] == 44).all()):
        return None
    if _unescaped_quotes(data, b0, b1) != 8 * n + 2 * int(strings.sum()):
        return None
    return TekkenRows(data, (b0, b1), path, (b_start + b0).tolist(), (b_end + b0).tolist())


_LAST = b"\n    }\n  ]"
_OPEN = b'\n    {\n      "rank": '
_BYTES = b'\n      "token_bytes": "'
_STR = b'\n      "token_str": '
_NULL = int.from_bytes(b"null\n   ", "little")  # (8 bytes: the next line is "    }")
_CLOSE = b"\n    },\n"


def _fixed(words: Any, at: Any, text: bytes) -> bool:
    """Whether ``text`` is written at each offset ``at`` (compared 8 bytes at a time)."""
    for k in [*range(0, len(text) - 8, 8), len(text) - 8]:
        if not bool((words[at + k] == int.from_bytes(text[k : k + 8], "little")).all()):
            return False
    return True


def _rank_words(n: int) -> Any:
    """The 8 bytes after each entry's ``"rank": ``: its rank, a comma, the line break and the
    next line's spaces (ranks under a million)."""
    rows = np.full((n, 8), 32, np.uint8)
    ranks = np.arange(n)
    for width in range(1, 7):
        low, high = (0 if width == 1 else 10 ** (width - 1)), min(10**width, n)
        if low >= high:
            break
        part = rows[low:high]
        values = ranks[low:high]
        for j in range(width):
            part[:, j] = values // 10 ** (width - 1 - j) % 10 + 48
        part[:, width] = 44
        part[:, width + 1] = 10
    return rows.view("<u8").ravel()


def _unescaped_quotes(data: bytes, start: int, end: int) -> int:
    """The quotes in ``data[start:end]`` that end or start a JSON string: all but those after
    an odd run of backslashes."""
    count = data.count(b'"', start, end)
    i = data.find(b"\\", start, end)
    while i >= 0:
        j = i + 1
        while j < end and data[j] == 92:
            j += 1
        if j < end and data[j] == 34 and (j - i) % 2:
            count -= 1
        i = data.find(b"\\", j, end)
    return count
