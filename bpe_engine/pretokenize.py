"""Pre-tokenization: cutting text into the pieces inside which BPE merges happen.

A text is first split at special tokens (longest match first when they overlap); every
stretch between them is then cut by a named pre-tokenizer or a custom regex:

- ``gpt2``: tiktoken's r50k/p50k pattern (GPT-2, GPT-3).
- ``cl100k``: tiktoken's cl100k pattern (GPT-3.5/4).
- ``o200k``: tiktoken's o200k pattern (GPT-4o).
- ``whitespace``: SentencePiece-like; a piece starts at a single space, which belongs to the
  word after it (SentencePiece shows that space as U+2581 "▁"); other whitespace is ordinary text.
- ``none``: no cut at all between special tokens, so merges may cross words.
- ``regex:<pattern>``: any pattern of the ``regex`` module. Text that the pattern does not
  match becomes pieces of its own, so nothing is ever dropped and round trips stay lossless.

This module also knows where a long text may be cut into chunks without changing the pieces
(:attr:`Pretokenizer.safe_cut`), which the streaming corpus counter relies on.
It knows nothing about vocabularies or merges.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import accumulate, islice

import numpy as np
import regex

from ._text import lone_surrogate, surrogate_message
from .errors import ConfigError, PretokenizerError, as_typed, short
from .unicode_classes import class_mask, divergence, pinned_text

__all__ = [
    "PRETOKENIZER_NAMES",
    "GPT2_PATTERN",
    "CL100K_PATTERN",
    "O200K_PATTERN",
    "WHITESPACE_PATTERN",
    "Piece",
    "Pretokenizer",
    "SpecialSplitter",
    "get_pretokenizer",
    "preview",
    "pieces_with_offsets",
]

# Exactly tiktoken's patterns (tiktoken_ext/openai_public.py); tests compare them with tiktoken's.
GPT2_PATTERN = r"""'(?:[sdmt]|ll|ve|re)| ?\p{L}++| ?\p{N}++| ?[^\s\p{L}\p{N}]++|\s++$|\s+(?!\S)|\s"""
CL100K_PATTERN = (
    r"""'(?i:[sdmt]|ll|ve|re)|[^\r\n\p{L}\p{N}]?+\p{L}++|\p{N}{1,3}+| ?[^\s\p{L}\p{N}]++[\r\n]*+"""
    r"""|\s++$|\s*[\r\n]|\s+(?!\S)|\s"""
)
O200K_PATTERN = "|".join(
    [
        r"""[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?""",
        r"""[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?""",
        r"""\p{N}{1,3}""",
        r""" ?[^\s\p{L}\p{N}]+[\r\n/]*""",
        r"""\s*[\r\n]+""",
        r"""\s+(?!\S)""",
        r"""\s+""",
    ]
)
WHITESPACE_PATTERN = r""" ?[^ ]+| """

# Where a chunk boundary leaves the pieces unchanged (see tests/engine/test_pretokenize.py):
# for the GPT patterns, right after a newline that follows a letter or digit and precedes a
# non-space, or that follows any non-space and precedes any non-space but "/" (subtle: after
# "x \n", or ".\n" followed by "/" or a space, the lookaheads and o200k's [\r\n/]* tail would
# differ); and before a space between two letters (a letter run ends there, and the next
# piece starts at the space whatever came before). For ``whitespace``, before a space that
# follows a non-space.
_GPT_SAFE_CUT = r"(?<=[\p{L}\p{N}]\n)(?=\S)|(?<=\S\n)(?=[^\s/])|(?<=\p{L})(?= \p{L})"
_WHITESPACE_SAFE_CUT = r"(?<=[^ ])(?= )"
# The custom patterns of released tokenizers (Qwen's, Llama 3's, Tekken's: the text of their
# files, to the character). Like OpenAI's named patterns they are alternatives of character
# classes whose backtracking is bounded by the match it leads to (linear time), and tiktoken
# runs them without a limit; so do we (the regex module's limit check doubles their time).
QWEN_PATTERN = r"""(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+"""
LLAMA3_PATTERN = r"""(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+"""
TEKKEN_PATTERN = (
    r"""[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+|"""
    r"""[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*|\p{N}|"""
    r""" ?[^\s\p{L}\p{N}]+[\r\n/]*|\s*[\r\n]+|\s+(?!\S)|\s+"""
)
LINEAR_PATTERNS = frozenset({QWEN_PATTERN, LLAMA3_PATTERN, TEKKEN_PATTERN})
# Custom patterns whose pieces the named patterns' safe cuts (_GPT_SAFE_CUT) keep: no lookbehind,
# no \s++$, a space inside a piece only at its start or in a run of whitespace, and tails
# after punctuation of line breaks (and "/") only (tests/engine/test_pretokenize.py checks it).
_RELEASED = {QWEN_PATTERN: "qwen", LLAMA3_PATTERN: "llama3", TEKKEN_PATTERN: "tekken"}


def _guarded(rule: str) -> str:
    """``rule`` with no cut next to a code point that ``regex`` classifies differently from
    the references (see :mod:`~bpe_engine.unicode_classes`): the text the rule reads is not
    pinned, so it stays clear of them (a cut is only ever optional)."""
    if rule != _GPT_SAFE_CUT or not divergence().count:
        return rule
    d = f"[{divergence().class_body()}]"
    return (
        rf"(?<=[\p{{L}}\p{{N}}]\n)(?<!{d}\n)(?=\S)(?!{d})|(?<=\S\n)(?<!{d}\n)(?=[^\s/])(?!{d})"
        rf"|(?<=\p{{L}})(?<!{d})(?= \p{{L}})(?! {d})"
    )


PRETOKENIZER_NAMES: tuple[str, ...] = ("gpt2", "cl100k", "o200k", "whitespace", "none")


def _ascii_class(prop: str) -> str:
    """The ASCII characters that the ``regex`` module puts in ``prop``, as a ``re`` class body."""
    return "".join(re.escape(chr(c)) for c in range(128) if regex.fullmatch(prop, chr(c)))


def _ascii_byte_patterns() -> dict[str, re.Pattern[bytes]]:
    """Byte-level twins of the GPT patterns, exact on ASCII input (not on other text).

    The stdlib ``re`` on bytes runs about 2.4x faster than ``regex`` on str, and needs no
    decoding: corpus counting uses these for the (many) all-ASCII stretches of a corpus.
    Character classes are read off the ``regex`` module itself, so both agree by construction.
    """
    S, L, N = _ascii_class(r"\s"), _ascii_class(r"\p{L}"), _ascii_class(r"\p{N}")
    UP = _ascii_class(r"[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]")
    LO = _ascii_class(r"[\p{Ll}\p{Lm}\p{Lo}\p{M}]")
    assert not set(UP) & set(LO), "o200k's twin below relies on disjoint ASCII upper and lower case"
    contractions = r"(?i:'s|'t|'re|'ve|'m|'ll|'d)?"
    patterns = {
        "gpt2": rf"""'(?:[sdmt]|ll|ve|re)| ?[{L}]++| ?[{N}]++| ?[^{S}{L}{N}]++|[{S}]++$|[{S}]+(?![^{S}])|[{S}]""",
        "cl100k": (
            rf"""'(?i:[sdmt]|ll|ve|re)|[^\r\n{L}{N}]?+[{L}]++|[{N}]{{1,3}}+| ?[^{S}{L}{N}]++[\r\n]*+"""
            rf"""|[{S}]++$|[{S}]*[\r\n]|[{S}]+(?![^{S}])|[{S}]"""
        ),
        # The two letter alternatives of o200k as one group, lower-case run first: on ASCII
        # they match the same text (a run that starts lower case, or upper then lower case),
        # and re tries the common case first (35 % faster on English).
        "o200k": "|".join(
            [
                rf"""[^\r\n{L}{N}]?(?:[{LO}]+|[{UP}]+[{LO}]*){contractions}""",
                rf"""[{N}]{{1,3}}""",
                rf""" ?[^{S}{L}{N}]+[\r\n/]*""",
                rf"""[{S}]*[\r\n]+""",
                rf"""[{S}]+(?![^{S}])""",
                rf"""[{S}]+""",
            ]
        ),
    }
    # The released custom patterns (_RELEASED), class for class: the same alternatives in the
    # same order, so `re` on ASCII bytes makes the choices `regex` makes on the text.
    patterns["qwen"] = (
        rf"""(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n{L}{N}]?[{L}]+|[{N}]| ?[^{S}{L}{N}]+[\r\n]*"""
        rf"""|[{S}]*[\r\n]+|[{S}]+(?![^{S}])|[{S}]+"""
    )
    patterns["llama3"] = patterns["qwen"].replace(f"|[{N}]|", f"|[{N}]{{1,3}}|", 1)
    patterns["tekken"] = (
        rf"""[^\r\n{L}{N}]?[{UP}]*[{LO}]+|[^\r\n{L}{N}]?[{UP}]+[{LO}]*|[{N}]| ?[^{S}{L}{N}]+[\r\n/]*"""
        rf"""|[{S}]*[\r\n]+|[{S}]+(?![^{S}])|[{S}]+"""
    )
    return {name: re.compile(p.encode("ascii")) for name, p in patterns.items()}


_ASCII_BYTE_PATTERNS = _ascii_byte_patterns()

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

_NAMED: dict[str, tuple[str | None, str | None, str]] = {
    "gpt2": (GPT2_PATTERN, _GPT_SAFE_CUT, "GPT-2 regex (tiktoken r50k/p50k)"),
    "cl100k": (CL100K_PATTERN, _GPT_SAFE_CUT, "GPT-4 regex (tiktoken cl100k)"),
    "o200k": (O200K_PATTERN, _GPT_SAFE_CUT, "GPT-4o regex (tiktoken o200k)"),
    "whitespace": (WHITESPACE_PATTERN, _WHITESPACE_SAFE_CUT, "Whitespace prefix (SentencePiece-like ▁)"),
    "none": (None, None, "None (merges may cross words)"),
}


@dataclass(frozen=True, slots=True)
class Piece:
    """One pre-tokenization piece of a text: ``text[start:end]``; ``special`` for special tokens."""

    text: str
    start: int
    end: int
    special: bool = False


class Pretokenizer:
    """A named pre-tokenizer or a custom regex; cuts special-token-free text into pieces.

    ``spec`` is one of :data:`PRETOKENIZER_NAMES` or ``"regex:<pattern>"``.
    """

    __slots__ = (
        "spec",
        "name",
        "pattern",
        "description",
        "_compiled",
        "_safe_cut_rule",
        "_safe_cut",
        "_safe_cut_rev",
        "_covers_all",
        "_bytes_ascii",
        "_bytes_any",
    )

    def __init__(self, spec: str) -> None:
        if not isinstance(spec, str):
            raise PretokenizerError(
                f"pre-tokenizer must be a string, got {type(spec).__name__}; "
                f"use one of {', '.join(PRETOKENIZER_NAMES)} or 'regex:<pattern>'"
            )
        self.spec = spec
        if spec in _NAMED:
            pattern, safe_cut, description = _NAMED[spec]
            self.name = spec
            self.pattern = pattern
            self.description = description
            self._covers_all = True  # the named patterns match every character
        elif spec.startswith("regex:"):
            pattern = spec[len("regex:") :]
            if not pattern:
                raise PretokenizerError("custom pre-tokenizer regex is empty; write a pattern after 'regex:'")
            at = lone_surrogate(pattern)
            if at is not None:
                raise PretokenizerError(surrogate_message("the pre-tokenizer regex", pattern, at))
            released = _RELEASED.get(pattern)
            safe_cut = _GPT_SAFE_CUT if released is not None else None
            self.name = "regex"
            self.pattern = pattern
            self.description = f"Custom regex {pattern}"
            self._covers_all = False
        else:
            raise PretokenizerError(
                f"unknown pre-tokenizer {short(spec)}; use one of {', '.join(PRETOKENIZER_NAMES)} "
                "or 'regex:<pattern>' for a custom regular expression"
            )
        try:
            self._compiled = regex.compile(self.pattern) if self.pattern is not None else None
        except regex.error as exc:
            typed = as_typed(self.pattern or "")
            raise PretokenizerError(f"invalid pre-tokenizer regex {typed}: {exc}") from None
        self._safe_cut_rule = safe_cut
        self._safe_cut: regex.Pattern[str] | None = None  # compiled when first asked for
        self._safe_cut_rev: regex.Pattern[str] | None = None
        twin = _RELEASED.get(self.pattern or "", "") if self.name == "regex" else self.name
        self._bytes_ascii = _ASCII_BYTE_PATTERNS.get(twin)
        self._bytes_any = _WHITESPACE_BYTES if self.name == "whitespace" else None

    def __repr__(self) -> str:
        return f"Pretokenizer({self.spec!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Pretokenizer) and other.spec == self.spec

    def __hash__(self) -> int:
        return hash(self.spec)

    def __reduce__(self) -> tuple[type, tuple[str]]:
        return (Pretokenizer, (self.spec,))

    @property
    def safe_cut(self) -> regex.Pattern[str] | None:
        """Positions where a text may be cut into chunks without changing its pieces, or None."""
        if self._safe_cut is None and self._safe_cut_rule is not None:
            rule = _guarded(self._safe_cut_rule)
            self._safe_cut = regex.compile(rule)
            # subtle: the same rule searched backwards finds the *last* cut in a window directly
            # (thousands of times faster than walking every match; the rules match 0-2 chars,
            # so both directions see the same positions).
            self._safe_cut_rev = regex.compile(rule, flags=regex.REVERSE)
        return self._safe_cut

    def split(self, text: str) -> list[str]:
        """Pieces of ``text`` (which holds no special tokens); their concatenation is ``text``."""
        if not text:
            return []
        compiled = self._compiled
        if compiled is None:
            return [text]
        if self._covers_all:
            pinned = pinned_text(text)
            pieces: list[str] = compiled.findall(pinned)
            if pinned is not text:  # the same cuts, in the original text
                bounds = list(accumulate(map(len, pieces), initial=0))
                pieces = list(map(text.__getitem__, map(slice, bounds, islice(bounds, 1, None))))
            return pieces
        if self.pattern in LINEAR_PATTERNS:
            # Every character is in \s, \p{L}, \p{N} or none of them, and each released
            # pattern has a non-empty alternative for each: findall tiles the text.
            tiles: list[str] = compiled.findall(text)
            return tiles
        if not compiled.groups:
            # A custom pattern usually covers every character too: findall (C-speed) is then
            # the answer, which the lengths prove; else the spans keep the unmatched text.
            limit = self.time_limit(len(text))
            try:
                found: list[str] = compiled.findall(text, timeout=limit)
            except TimeoutError:
                raise self._too_slow(len(text), limit) from None
            if sum(map(len, found)) == len(text):
                return [p for p in found if p] if "" in found else found
        return [text[s:e] for s, e in self.spans(text)]

    def time_limit(self, chars: int) -> float | None:
        """How long a custom regex may take on ``chars`` characters (None for the built-in
        patterns and those of released tokenizers, which never backtrack badly): 1 s plus 2 s
        per million characters, far more than any sane pattern needs, far less than a
        catastrophic one takes."""
        if self._covers_all or self.pattern in LINEAR_PATTERNS:
            return None
        return 1.0 + chars / 500_000

    def spans(self, text: str, *, timeout: float | None = None) -> list[tuple[int, int]]:
        """``(start, end)`` character offsets of the pieces of ``text``.

        A custom regex runs under a time limit (``timeout`` seconds, default
        :meth:`time_limit`): one that backtracks catastrophically raises
        :class:`~bpe_engine.errors.PretokenizerError` naming it instead of running for ages.
        """
        if not text:
            return []
        if self._compiled is None:
            return [(0, len(text))]
        if not self._covers_all:
            limit = timeout if timeout is not None else self.time_limit(len(text))
            try:
                return list(self._spans(pinned_text(text), limit))
            except TimeoutError:
                raise self._too_slow(len(text), limit) from None
        if self._covers_all:
            # The pieces tile the text, so offsets follow from their lengths (C-speed; match
            # objects from finditer cost several times more).
            bounds = list(accumulate(map(len, self._compiled.findall(pinned_text(text))), initial=0))
            return list(zip(bounds, islice(bounds, 1, None)))
        return list(self._spans(pinned_text(text)))

    def _too_slow(self, chars: int, limit: float | None) -> PretokenizerError:
        return PretokenizerError(
            f"the pre-tokenizer regex {short(self.pattern)} takes too long on this text "
            f"({chars:,} characters, more than {limit or 0:.1f} s): it backtracks too much; "
            "simplify it (avoid nested or overlapping repetitions such as (a|a)+ or (a+)+)"
        )

    def _spans(self, text: str, timeout: float | None = None) -> Iterator[tuple[int, int]]:
        compiled = self._compiled
        if compiled is None:  # "none": the whole text is one piece
            yield (0, len(text))
            return
        pos = 0
        for m in compiled.finditer(text, timeout=timeout):
            s, e = m.span()
            if s == e:
                continue  # subtle: empty matches would produce empty pieces; skip them
            if s > pos:
                yield (pos, s)  # text the pattern does not cover stays a piece of its own
            yield (s, e)
            pos = e
        if pos < len(text):
            yield (pos, len(text))

    def last_safe_cut(self, text: str, start: int = 0, end: int | None = None) -> int | None:
        """The last position in ``text[start:end]`` where it may be cut, or None."""
        if self.safe_cut is None or self._safe_cut_rev is None:
            return None
        m = self._safe_cut_rev.search(text, start, len(text) if end is None else end)
        return m.start() if m else None

    @property
    def bytes_exact(self) -> bool:
        """True if :meth:`split_bytes` is exact for any UTF-8 input."""
        return self._bytes_any is not None

    @property
    def ascii_fast(self) -> bool:
        """True if :meth:`split_bytes` is exact for ASCII input."""
        return self._bytes_ascii is not None or self._bytes_any is not None

    def utf8_pieces(self, text: str, specials: SpecialSplitter | None = None) -> tuple[list[bytes], list[int]] | None:
        """The pieces of ``text`` as UTF-8 bytes, split at ``specials`` first (a special token
        is a piece of its own; their indices come second), through the ASCII stand-ins (see
        :func:`stand_in_table`); None for patterns without stand-ins (and for text holding
        lone surrogates, which has no UTF-8 form)."""
        table = stand_in_table(self.name)
        if table is None:
            return None
        if not text:
            return [], []
        twin = self._bytes_ascii
        assert twin is not None
        try:
            cp = np.frombuffer(text.encode("utf-32-le"), dtype=np.uint32)
        except UnicodeEncodeError:
            return None  # lone surrogates: not UTF-8 text; the regex path reports it
        stand = table[cp].tobytes()  # character i of text is byte i here
        lengths: list[int] = []
        special_at: list[int] = []
        pos = 0
        rx = specials.pattern if specials is not None else None
        if rx is not None:
            for m in rx.finditer(text):
                s, e = m.span()
                if s > pos:
                    lengths += map(len, twin.findall(stand, pos, s))
                special_at.append(len(lengths))
                lengths.append(e - s)
                pos = e
        if pos < len(text):
            lengths += map(len, twin.findall(stand, pos))
        # Byte offset of every character boundary, then of every piece's end.
        width = np.ones(cp.size + 1, dtype=np.int64)
        width[0] = 0
        width[1:] += cp >= 0x80
        width[1:] += cp >= 0x800
        width[1:] += cp >= 0x10000
        ends = np.cumsum(width)[np.cumsum(lengths)].tolist()
        raw = text.encode("utf-8")
        return list(map(raw.__getitem__, map(slice, [0] + ends[:-1], ends))), special_at

    def split_bytes(self, data: bytes) -> list[bytes] | None:
        """Pieces of UTF-8 ``data`` without decoding it, when a byte-level pattern is exact
        for it (``whitespace`` always; the GPT patterns for ASCII data); otherwise None."""
        if self._bytes_any is not None:
            return self._bytes_any.findall(data)
        if self._bytes_ascii is not None and data.isascii():
            return self._bytes_ascii.findall(data)
        if self._compiled is None and data:
            return [data]
        return None


def get_pretokenizer(spec: str | Pretokenizer) -> Pretokenizer:
    """Return the :class:`Pretokenizer` for a name, ``regex:<pattern>``, or an instance."""
    if isinstance(spec, Pretokenizer):
        return spec
    return Pretokenizer(spec)


class SpecialSplitter:
    """Splits text at special tokens; the longest special token wins where several match."""

    __slots__ = ("tokens", "_regex", "_compiled")

    def __init__(self, special_tokens: Iterable[str] = ()) -> None:
        tokens: list[str] = []
        seen: set[str] = set()
        for tok in special_tokens:
            if not isinstance(tok, str) or not tok:
                raise ConfigError(f"special tokens must be non-empty strings, got {short(tok)}")
            if tok not in seen:
                at = lone_surrogate(tok)
                if at is not None:
                    raise ConfigError(surrogate_message(f"special token {short(tok)}", tok, at))
                seen.add(tok)
                tokens.append(tok)
        self.tokens: tuple[str, ...] = tuple(tokens)
        # Compiled on first use: Tekken has 1000 special tokens, and opening it should not wait.
        self._regex: re.Pattern[str] | None = None
        self._compiled = not tokens

    @property
    def pattern(self) -> re.Pattern[str] | None:
        """The alternation of the special tokens, longest first (None when there are none).
        Literals only, so Python's ``re`` (faster to compile and to run than ``regex`` on a
        long alternation) matches exactly as ``regex`` would."""
        if not self._compiled:
            # Longest first: regex alternation is leftmost-first, so this makes the longest win.
            ordered = sorted(self.tokens, key=lambda t: (-len(t), t))
            self._regex = re.compile("|".join(map(re.escape, ordered)))
            self._compiled = True
        return self._regex

    def split(self, text: str) -> list[tuple[str, bool]]:
        """``[(segment, is_special), ...]`` covering ``text``; empty segments are left out."""
        rx = self.pattern
        if rx is None:
            return [(text, False)] if text else []
        out: list[tuple[str, bool]] = []
        pos = 0
        for m in rx.finditer(text):
            s, e = m.span()
            if s > pos:
                out.append((text[pos:s], False))
            out.append((m.group(), True))
            pos = e
        if pos < len(text):
            out.append((text[pos:], False))
        return out

    def ordinary_segments(self, text: str) -> list[str]:
        """The text between special tokens (the special tokens themselves are dropped)."""
        rx = self.pattern
        if rx is None:
            return [text] if text else []
        return [seg for seg in rx.split(text) if seg]

    def first(self, text: str) -> tuple[str, int] | None:
        """The first special token in ``text`` and its character offset, or None."""
        rx = self.pattern
        if rx is None:
            return None
        m = rx.search(text)
        return (m.group(), m.start()) if m else None


def pieces_with_offsets(
    text: str, pretokenizer: Pretokenizer, splitter: SpecialSplitter, *, timeout: float | None = None
) -> list[tuple[str, int, int, bool]]:
    """``(piece, start, end, is_special)`` covering ``text``: special tokens first, then the
    pre-tokenizer's pieces of the text between them (shared by preview and Tokenizer.pieces)."""
    out: list[tuple[str, int, int, bool]] = []
    offset = 0
    for segment, is_special in splitter.split(text):
        if is_special:
            out.append((segment, offset, offset + len(segment), True))
        else:
            out.extend(
                (segment[s:e], offset + s, offset + e, False) for s, e in pretokenizer.spans(segment, timeout=timeout)
            )
        offset += len(segment)
    return out


def preview(
    text: str,
    pretokenizer: str | Pretokenizer = "gpt2",
    special_tokens: Sequence[str] = (),
    *,
    timeout: float | None = None,
) -> list[Piece]:
    """The pieces of ``text`` with their character offsets, special tokens included (for display).

    ``timeout`` bounds a slow custom regex (see :meth:`Pretokenizer.spans`).
    """
    pre = get_pretokenizer(pretokenizer)
    return [
        Piece(piece, s, e, special)
        for piece, s, e, special in pieces_with_offsets(text, pre, SpecialSplitter(special_tokens), timeout=timeout)
    ]
