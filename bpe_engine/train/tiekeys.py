"""The merge loop's tie-break keys: strings that compare as the rule orders pairs of tokens.

A token's key is one character per byte and a terminator; a pair's key is its two tokens'
keys joined, so the heap orders ``(-count, key, id)`` tuples by count, then by the rule.
The terminator makes every token's key prefix-free: comparing two pairs' keys is comparing
their ``(left, right)`` byte tuples (descending for ``GREATEST``, ascending for ``SMALLEST``).

Tokens longer than :data:`LONG` bytes (a line of one repeated character makes tokens of
millions of bytes) get a :class:`TokenKey` instead: joined, it makes a :class:`PairKey`, which
compares by those byte tuples (no copy) with another pair key or a key string alike. Strings
for them cost two bytes a character (the terminator is above Latin-1), made anew for each new
pair: 1.4 GB and O(n log n) time on a 50 MB line.
"""

from __future__ import annotations

from collections.abc import Callable

from ..kinds import TieBreak

__all__ = ["LONG", "PairKey", "TokenKey", "tie_key", "token_key"]

LONG = 1024  # bytes: longer tokens get a TokenKey


def _key_greatest(tok: bytes) -> str:
    # Inverted byte order plus a terminator above every byte: comparing these strings
    # ascending orders (left, right) tuples descending, prefixes included.
    return "".join([chr(255 - b) for b in tok]) + "\u0100"


def _key_smallest(tok: bytes) -> str:
    return "".join([chr(b + 1) for b in tok]) + "\x00"


def tie_key(tie_break: TieBreak | str) -> Callable[[bytes], str]:
    """The per-token sort key of a tie-break rule (pair key = left key + right key)."""
    return _key_greatest if TieBreak(tie_break) is TieBreak.GREATEST else _key_smallest


def token_key(tok: bytes, greatest: bool) -> str | TokenKey:
    """A token's key: a string, or a :class:`TokenKey` for a token longer than LONG bytes."""
    if len(tok) > LONG:
        return TokenKey(tok, greatest)
    return _key_greatest(tok) if greatest else _key_smallest(tok)


def _bytes_of(key: str, greatest: bool) -> bytes:
    """The token of one token's key string (terminator included)."""
    return bytes([255 - ord(c) for c in key[:-1]]) if greatest else bytes([ord(c) - 1 for c in key[:-1]])


def _pair_of(key: str, greatest: bool) -> tuple[bytes, bytes]:
    """The pair of a pair's key string."""
    end = key.index("\u0100" if greatest else "\x00") + 1
    return _bytes_of(key[:end], greatest), _bytes_of(key[end:], greatest)


class TokenKey:
    """The key of a long token: joined with another token's key (``+``), a :class:`PairKey`."""

    __slots__ = ("data", "greatest")

    def __init__(self, data: bytes, greatest: bool) -> None:
        self.data = data
        self.greatest = greatest

    def __add__(self, other: str | TokenKey) -> PairKey:
        right = other.data if isinstance(other, TokenKey) else _bytes_of(other, self.greatest)
        return PairKey(self.data, right, self.greatest)

    def __radd__(self, other: str) -> PairKey:
        return PairKey(_bytes_of(other, self.greatest), self.data, self.greatest)


class PairKey:
    """A pair's key holding a long token: compares with pair keys and key strings by the
    pair's bytes, as their strings would."""

    __slots__ = ("greatest", "pair")

    def __init__(self, left: bytes, right: bytes, greatest: bool) -> None:
        self.pair = (left, right)
        self.greatest = greatest

    def _other(self, other: object) -> tuple[bytes, bytes] | None:
        if isinstance(other, PairKey):
            return other.pair
        if isinstance(other, str):
            return _pair_of(other, self.greatest)
        return None

    def _before(self, other: object, strict: bool) -> bool:
        """Whether this key sorts before ``other`` (or equals it, when not ``strict``)."""
        theirs = self._other(other)
        if theirs is None:
            raise TypeError(f"a pair key compares with pair keys and strings, not {type(other).__name__}")
        if self.pair == theirs:
            return not strict
        return (self.pair > theirs) if self.greatest else (self.pair < theirs)

    def __eq__(self, other: object) -> bool:
        theirs = self._other(other)
        return theirs is not None and self.pair == theirs

    def __hash__(self) -> int:
        return hash(self.pair)

    def __lt__(self, other: object) -> bool:
        return self._before(other, True)

    def __le__(self, other: object) -> bool:
        return self._before(other, False)

    def __gt__(self, other: object) -> bool:
        return not self._before(other, False)

    def __ge__(self, other: object) -> bool:
        return not self._before(other, True)

    def __repr__(self) -> str:
        return f"PairKey({self.pair[0][:8]!r}..., {self.pair[1][:8]!r}...)"
