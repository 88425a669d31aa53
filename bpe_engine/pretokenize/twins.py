"""Faster exact paths for the pre-tokenizers: byte-level twins of the patterns (the stdlib
``re`` on bytes, exact on ASCII input, or on any UTF-8 for ``whitespace``) and ASCII
stand-ins (a per-code-point table that lets the twin cut any text as the pattern would)."""

from __future__ import annotations

import re
from functools import cache

import numpy as np
import regex

from ..unicode_classes import class_mask

__all__ = ["BYTE_TWIN_NAMES", "ascii_byte_pattern", "byte_stand_ins", "every_code_point", "stand_in_table"]


def _ascii_class(prop: str) -> str:
    """The ASCII characters that the ``regex`` module puts in ``prop``, as a ``re`` class body."""
    return "".join(re.escape(chr(c)) for c in range(128) if regex.fullmatch(prop, chr(c)))


@cache
def _ascii_byte_sources() -> dict[str, str]:
    """The sources of the byte-level twins of the GPT patterns, exact on ASCII input (not on
    other text).

    The stdlib ``re`` on bytes runs about 2.4x faster than ``regex`` on str, and needs no
    decoding: corpus counting uses these for the (many) all-ASCII stretches of a corpus.
    Character classes are read off the ``regex`` module itself, so both agree by construction.
    """
    S, L, N = _ascii_class(r"\s"), _ascii_class(r"\p{L}"), _ascii_class(r"\p{N}")
    UP = _ascii_class(r"[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]")
    LO = _ascii_class(r"[\p{Ll}\p{Lm}\p{Lo}\p{M}]")
    assert not set(UP) & set(LO), "o200k's twin below relies on disjoint ASCII upper and lower case"
    contractions = r"(?i:'s|'t|'re|'ve|'m|'ll|'d)?"
    # `\s*[\r\n]+` (and cl100k's `\s*[\r\n]`) match a run of whitespace up to its last line
    # break; written as runs of other whitespace each ending in a line break, possessive, `re`
    # needs no backtracking through a long indentation (5-10 % less time on code).
    blank = _ascii_class(r"[^\S\r\n]")
    lines = rf"""(?:[{blank}]*+[\r\n])++"""
    patterns = {
        "gpt2": rf"""'(?:[sdmt]|ll|ve|re)| ?[{L}]++| ?[{N}]++| ?[^{S}{L}{N}]++|[{S}]++$|[{S}]+(?![^{S}])|[{S}]""",
        "cl100k": (
            rf"""'(?i:[sdmt]|ll|ve|re)|[^\r\n{L}{N}]?+[{L}]++|[{N}]{{1,3}}+| ?[^{S}{L}{N}]++[\r\n]*+"""
            rf"""|[{S}]++$|{lines}|[{S}]+(?![^{S}])|[{S}]"""
        ),
        # The two letter alternatives of o200k as one group, lower-case run first: on ASCII
        # they match the same text (a run that starts lower case, or upper then lower case),
        # and re tries the common case first (35 % faster on English).
        "o200k": "|".join(
            [
                rf"""[^\r\n{L}{N}]?+(?:[{LO}]++|[{UP}]++[{LO}]*+){contractions}""",
                rf"""[{N}]{{1,3}}""",
                rf""" ?+[^{S}{L}{N}]++[\r\n/]*+""",
                lines,
                rf"""[{S}]+(?![^{S}])""",
                rf"""[{S}]+""",
            ]
        ),
    }
    # The released custom patterns (_RELEASED), class for class: the same alternatives in the
    # same order, so `re` on ASCII bytes makes the choices `regex` makes on the text.
    # Possessive quantifiers (here and in o200k's twin) where no backtracking can change the
    # match: the optional prefix is no letter (so without it the letters cannot start there),
    # the letter runs are followed by no letter, and ``[\r\n/]*`` may match nothing
    # (10-14 % less time for ``re`` on English and code).
    patterns["qwen"] = (
        rf"""(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n{L}{N}]?+[{L}]++|[{N}]| ?+[^{S}{L}{N}]++[\r\n]*+"""
        rf"""|{lines}|[{S}]+(?![^{S}])|[{S}]+"""
    )
    patterns["llama3"] = patterns["qwen"].replace(f"|[{N}]|", f"|[{N}]{{1,3}}|", 1)
    # Tekken's two letter alternatives as one group, as o200k's above: on ASCII (upper and
    # lower case disjoint) a run that starts lower case, or upper then lower case, either way.
    patterns["tekken"] = (
        rf"""[^\r\n{L}{N}]?+(?:[{LO}]++|[{UP}]++[{LO}]*+)|[{N}]| ?+[^{S}{L}{N}]++[\r\n/]*+"""
        rf"""|{lines}|[{S}]+(?![^{S}])|[{S}]+"""
    )
    return patterns


@cache
def ascii_byte_pattern(name: str) -> re.Pattern[bytes] | None:
    """The byte-level twin of pattern ``name`` (see :func:`_ascii_byte_sources`), or None.

    subtle: compiled when first asked for, one name at a time (all six at import cost ~5 ms
    of every process that imports the engine; a training uses one)."""
    source = _ascii_byte_sources().get(name)
    return None if source is None else re.compile(source.encode("ascii"))


# Stand-ins: the GPT-2 and cl100k patterns look at a non-ASCII character only through the
# classes \s, \p{L} and \p{N} (and, for cl100k's case-insensitive contractions, through
# its case folding); no literal of theirs is outside ASCII. Replacing every character by an
# ASCII one that belongs to exactly the same classes therefore leaves every decision of the
# pattern, hence every piece boundary, unchanged; and on ASCII the byte-level twin is exact.
# So: map the text to stand-ins, split that with the twin (~3x faster than ``regex`` on the
# text), and cut the UTF-8 bytes at the same character offsets. o200k tells upper from lower
# case and marks from letters, which ASCII cannot stand in for: it keeps the ``regex`` path.
_STAND_IN_NAMES = ("gpt2", "cl100k")
_STAND_INS: dict[str, np.ndarray] = {}


def every_code_point() -> str:
    """A string whose character ``i`` is code point ``i`` (surrogates replaced by "!")."""
    codes = np.arange(0x110000, dtype=np.uint32)
    codes[0xD800:0xE000] = 0x21  # surrogates never occur in text decoded from UTF-8
    return codes.tobytes().decode("utf-32-le")


def stand_in_table(name: str) -> np.ndarray | None:
    """Per code point, the ASCII byte that stands in for it under pattern ``name`` (or None)."""
    if name not in _STAND_IN_NAMES:
        return None
    table = _STAND_INS.get(name)
    if table is None:
        # Classes from the references' Unicode tables, not regex's (see unicode_classes).
        table = np.full(0x110000, ord("!"), dtype=np.uint8)  # in none of the classes
        for prop, stand_in in (("L", "a"), ("N", "0"), ("s", "\t")):
            table[class_mask(prop)] = ord(stand_in)
        if name == "cl100k":
            # (?i) contractions: a letter that folds to s, d, m, t, l, v, r or e (U+017F,
            # long s) stands in as that letter (the twin is case-insensitive there too).
            for m in regex.finditer(r"(?i)[sdmtlvre]", every_code_point(), pos=128):
                c = m.start()
                assert table[c] == ord("a"), f"U+{c:04X} folds to a letter but is not one"
                table[c] = ord(next(x for x in "sdmtlvre" if regex.fullmatch(f"(?i){x}", chr(c))))
        table[:128] = np.arange(128, dtype=np.uint8)
        _STAND_INS[name] = table
    return table


# ` ?[^ ]+| ` never looks inside a multi-byte character: exact on any UTF-8 bytes.
_WHITESPACE_BYTES = re.compile(rb""" ?[^ ]+| """)


# Byte stand-ins: o200k, Qwen, Llama 3 and Tekken tell upper from lower case and marks from
# letters, which no ASCII character can stand in for; but `re` on bytes may give the bytes
# 0x80-0xFF (which a stand-in text holds only as stand-ins) any classes. Each non-ASCII
# character stands in as the byte of its general category group (the references' tables);
# the twin is the pattern itself with every class holding its ASCII characters and the bytes
# of its categories. Same alternatives, same quantifiers: `re` makes `regex`'s choices.
_CATEGORY_BYTES = {"s": 0x80, "Lu": 0x81, "Ll": 0x82, "Lt": 0x83, "Lm": 0x84, "Lo": 0x85, "M": 0x86, "N": 0x87}
_OTHER_BYTE = 0x88  # in none of the classes
BYTE_TWIN_NAMES = frozenset({"o200k", "qwen", "llama3", "tekken"})
_BYTE_CLASSES = {"L": ("Lu", "Ll", "Lt", "Lm", "Lo"), "s": ("s",), "M": ("M",), "N": ("N",)}
_BYTE_TWINS: dict[str, tuple[np.ndarray, re.Pattern[bytes]]] = {}


def _class_body(prop: str) -> str:
    """``\\p{prop}`` (or ``\\s``) as the body of a twin's class: its ASCII characters and the
    stand-in bytes of its categories."""
    ascii_body = _ascii_class(r"\s" if prop == "s" else rf"\p{{{prop}}}")
    return ascii_body + "".join(f"\\x{_CATEGORY_BYTES[c]:02x}" for c in _BYTE_CLASSES.get(prop, (prop,)))


def _byte_twin(pattern: str) -> str:
    """``pattern`` (classes ``\\p{L}``, ``\\p{Lu}``..., ``\\s``, ``\\S``; other escapes and
    literals ASCII) with each class written out for the byte stand-ins."""
    out: list[str] = []
    in_class = False
    for m in re.finditer(r"\\p\{(\w+)\}|\\([sS])|\\.|.", pattern, re.DOTALL):
        prop, space, token = m.group(1), m.group(2), m.group(0)
        if prop is not None or space == "s":
            body = _class_body(prop or "s")
            out.append(body if in_class else f"[{body}]")
        elif space == "S":
            assert not in_class, "\\S inside a class"
            out.append(f"[^{_class_body('s')}]")
        else:
            assert token.isascii(), "a twin's literals are ASCII"
            if token == "[" and not in_class:
                in_class = True
            elif token == "]" and in_class:  # (no class of these patterns starts with "]")
                in_class = False
            out.append(token)
    return "".join(out)


def byte_stand_ins(name: str, pattern: str) -> tuple[np.ndarray, re.Pattern[bytes]]:
    """Per code point the byte that stands in for it under pattern ``name`` (o200k, qwen,
    llama3, tekken: ``pattern``), and the twin that splits the stand-ins as ``pattern`` splits
    the text pinned to the references' tables (see :mod:`bpe_engine.unicode_classes`)."""
    found = _BYTE_TWINS.get(name)
    if found is None:
        table = np.full(0x110000, _OTHER_BYTE, dtype=np.uint8)
        for prop, code in _CATEGORY_BYTES.items():
            mask = class_mask(prop)
            assert prop == "s" or not (mask & class_mask("s")).any(), "white space in a category"
            table[mask] = code
        # (?i) contractions: a letter that folds to s, d, m, t, l, v, r or e (U+017F, long s)
        # stands in as that letter, of the same category (the twin is case-insensitive there).
        for m in regex.finditer(r"(?i)[sdmtlvre]", every_code_point(), pos=128):
            c = m.start()
            assert table[c] == _CATEGORY_BYTES["Ll"], f"U+{c:04X} folds to a letter but is not lower case"
            table[c] = ord(next(x for x in "sdmtlvre" if regex.fullmatch(f"(?i){x}", chr(c))))
        table[:128] = np.arange(128, dtype=np.uint8)
        found = _BYTE_TWINS[name] = (table, re.compile(_byte_twin(pattern).encode("ascii")))
    return found
