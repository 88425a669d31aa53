"""SentencePiece's normalizer: what the text becomes before its characters are merged.

Exactly SentencePiece's ``Normalizer::Normalize`` (normalizer.cc), in this order:

1. at each position, a user-defined symbol is copied as it is; otherwise the longest rule of
   the precompiled charsmap that matches (a Darts double-array trie over UTF-8 bytes, as
   ``nmt_nfkc`` writes them) gives its replacement; otherwise the character stays;
2. with ``remove_extra_whitespaces``: spaces at the start are dropped, a run of spaces
   becomes one, spaces at the end are dropped;
3. with ``escape_whitespaces``: every space becomes ``▁`` (U+2581);
4. the dummy prefix: a ``▁`` before the text (SentencePiece puts it before anything else;
   Hugging Face's Metaspace, :meth:`Normalizer.metaspace`, only where a piece does not
   already start with one).

:meth:`Normalizer.normalize` also gives, for every character of the result, the offset of
the character of the input it came from (for showing pieces in the original text).
"""

from __future__ import annotations

import re
import unicodedata
from array import array
from collections import deque
from collections.abc import Iterable, Iterator
from typing import AnyStr, Generic

import regex

from ..errors import TokenizerFileError
from ..formats.data import Trim

__all__ = ["Charsmap", "Normalizer", "PrefixMatcher", "SPACE"]

SPACE = "▁"
#: Unicode's White_Space characters: what ``tokenizers``' Strip takes (Python's ``str.strip()``
#: would also take U+001C-U+001F).
WHITE_SPACE = (
    "\t\n\x0b\x0c\r \x85\xa0\u1680" + "".join(map(chr, range(0x2000, 0x200B))) + "\u2028\u2029\u202f\u205f\u3000"
)
_SPACES = re.compile(" {2,}")
_GRAPHEME = regex.compile(r"\X")


class PrefixMatcher(Generic[AnyStr]):
    """SentencePiece's ``PrefixMatcher``: the longest of a set of symbols (user-defined
    pieces) that starts at a position. A dict of candidate lengths per first character, not a
    regex of every symbol (a hostile file may hold a million)."""

    def __init__(self, symbols: Iterable[AnyStr]) -> None:
        self._symbols: set[AnyStr] = {s for s in symbols if s}
        lengths: dict[object, set[int]] = {}
        for s in self._symbols:
            lengths.setdefault(s[0], set()).add(len(s))
        self._lengths = {first: sorted(found, reverse=True) for first, found in lengths.items()}

    def __bool__(self) -> bool:
        return bool(self._symbols)

    @property
    def firsts(self) -> frozenset[object]:
        """The characters (or bytes) some symbol starts with: a text with none has no match."""
        return frozenset(self._lengths)

    def match(self, text: AnyStr, i: int) -> int:
        """The length of the longest symbol at ``text[i:]``, or 0."""
        for n in self._lengths.get(text[i], ()):
            if text[i : i + n] in self._symbols:
                return n
        return 0


class Charsmap:
    """SentencePiece's precompiled normalization rules: ``<trie size (4 bytes, little
    endian)><Darts double array><replacement strings, each ending in NUL>``."""

    def __init__(self, blob: bytes, source: str = "") -> None:
        if len(blob) <= 4:
            raise TokenizerFileError(f"{source}: the precompiled charsmap is too short; the file is damaged")
        size = int.from_bytes(blob[:4], "little")
        if size >= len(blob) - 4 or size % 4 or size == 0:
            raise TokenizerFileError(f"{source}: the precompiled charsmap's trie size {size} does not fit its blob")
        units = array("I")
        units.frombytes(blob[4 : 4 + size])
        if units.itemsize != 4:  # pragma: no cover - every supported platform has 4-byte "I"
            raise TokenizerFileError("unsupported platform: array('I') is not 32-bit")
        if array("I", [1]).tobytes() != b"\x01\x00\x00\x00":  # pragma: no cover - big endian
            units.byteswap()
        self._units = units.tolist()
        self._strings = blob[4 + size :]
        self._cache: dict[int, bytes] = {}
        first = self._units[0]
        base = self._offset(first)
        n = len(self._units)
        # Lead bytes that start a rule: text without them needs no lookup.
        self.lead_bytes = frozenset(
            c for c in range(256) if 0 <= base ^ c < n and self._units[base ^ c] & 0x800000FF == c
        )

    @staticmethod
    def _offset(unit: int) -> int:
        return (unit >> 10) << ((unit & (1 << 9)) >> 6)

    def _rules_at(self, data: bytes, pos: int, *, nul_ends: bool = False) -> Iterator[tuple[int, bytes]]:
        """Every rule matching ``data`` at ``pos``, shortest first: (bytes matched, replacement)."""
        units = self._units
        n = len(units)
        node = self._offset(units[0])
        for i in range(pos, len(data)):
            c = data[i]
            if nul_ends and c == 0:
                return
            node ^= c
            if not 0 <= node < n:
                return
            unit = units[node]
            if unit & 0x800000FF != c:
                return
            node ^= self._offset(unit)
            if not 0 <= node < n:
                return
            if (unit >> 8) & 1:
                yield i - pos + 1, self._string(units[node] & 0x7FFFFFFF)

    def longest(self, data: bytes, pos: int) -> tuple[int, bytes] | None:
        """The longest rule matching ``data`` at ``pos``: (bytes matched, replacement)."""
        rules = deque(self._rules_at(data, pos), maxlen=1)  # the last, the longest
        return rules[0] if rules else None

    def shortest(self, key: bytes) -> bytes | None:
        """The replacement of the shortest rule that ``key`` starts with (a NUL byte ends the
        search), or None: ``spm_precompiled``'s ``transform``, which ``tokenizers``' Precompiled
        normalizer asks for a whole grapheme or one character."""
        return next((out for _length, out in self._rules_at(key, 0, nul_ends=True)), None)

    def ascii_rules(self, c: int) -> tuple[bool, bool]:
        """For the ASCII byte ``c``: whether it has a rule of its own, and whether a longer
        rule continues it with an ASCII byte."""
        units = self._units
        n = len(units)
        node = self._offset(units[0]) ^ c
        if not 0 <= node < n or units[node] & 0x800000FF != c:
            return False, False
        own = bool((units[node] >> 8) & 1)
        node ^= self._offset(units[node])
        longer = any(0 <= node ^ d < n and units[node ^ d] & 0x800000FF == d for d in range(1, 0x80))
        return own, longer

    @property
    def replacements(self) -> bytes:
        """Every replacement string, each ending in NUL."""
        return self._strings

    def _string(self, at: int) -> bytes:
        found = self._cache.get(at)
        if found is None:
            end = self._strings.find(b"\x00", at)
            found = self._cache[at] = self._strings[at : end if end >= 0 else len(self._strings)]
        return found


class Normalizer:
    """Text to what the model merges (see the module docstring).

    ``prefix``: ``always`` (SentencePiece's dummy prefix), ``if_missing`` / ``first_if_missing``
    (Metaspace's ``always`` / ``first``: only where the text does not start with ``▁``; for
    ``first`` only at the start of the whole text), ``never``.
    """

    def __init__(
        self,
        *,
        charsmap: bytes = b"",
        remove_extra_whitespaces: bool = False,
        escape_whitespaces: bool = True,
        prefix: str = "always",
        user_defined: tuple[str, ...] = (),
        source: str = "",
        unicode_form: str | None = None,
        tokenizers: bool = False,
        trim: Trim = Trim.SENTENCEPIECE,
    ) -> None:
        #: A Unicode normal form applied first (a Hugging Face Unigram file's ``NFKC``), or None.
        self.unicode_form = unicode_form
        self.charsmap = Charsmap(charsmap, source) if charsmap else None
        #: The normalizers as ``tokenizers`` runs them (a Hugging Face file): the charsmap per
        #: grapheme cluster, not longest rule first (see :meth:`_grapheme_rules`); ``trim``'s
        #: Strip; Prepend's ``▁`` only before a text the rest left non-empty, and no trailing
        #: ``▁`` taken away (see :meth:`_tokenizers_order`).
        self.tokenizers = tokenizers
        self.graphemes = tokenizers and self.charsmap is not None
        self.remove_extra = remove_extra_whitespaces
        self.trim = trim if tokenizers else Trim.SENTENCEPIECE
        self.space = SPACE if escape_whitespaces else " "
        self.prefix = prefix
        self.user_defined = PrefixMatcher(s.encode("utf-8") for s in user_defined) if user_defined else None
        self._simple = (
            self.charsmap is None and self.user_defined is None and not self.remove_extra and unicode_form is None
        )
        # Without rules a user-defined symbol is copied as its characters would be: only one
        # holding a space can change what removing extra whitespace does.
        self._plain = self.charsmap is None and not (
            self.remove_extra and any(b" " in s.encode("utf-8") for s in user_defined)
        )
        # With rules: only characters whose first byte starts a rule are looked up, the rest
        # copied in runs, when user-defined symbols hold none of those (nor a space) and no
        # replacement holds two spaces (then trimming spaces afterwards is SentencePiece's).
        self._lead: re.Pattern[bytes] | None = None
        if self.charsmap is not None:
            lead = {c for c in self.charsmap.lead_bytes if not 0x80 <= c < 0xC0}
            symbols = [s.encode("utf-8") for s in user_defined]
            if (
                lead
                and not any(c in lead or c == 0x20 for s in symbols for c in s)
                and b"  " not in self.charsmap.replacements
            ):
                self._lead = re.compile(_lead_pattern(self.charsmap, lead))

    @property
    def identity(self) -> bool:
        """True when the text changes only by spaces and the prefix (no rules, no trimming)."""
        return self._simple

    @property
    def spaces_only(self) -> bool:
        """True when :meth:`normalize` is SentencePiece's prefix (always) and spaces made
        ``▁``, nothing else (Mistral's and Llama 2's models, user-defined pieces or not)."""
        return (
            self._plain
            and self.charsmap is None
            and self.unicode_form is None
            and not self.tokenizers
            and not self.remove_extra
            and self.prefix == "always"
        )

    def normalize(self, text: str) -> str:
        """The normalized text, with SentencePiece's dummy prefix (``always``) but not
        Metaspace's (see :meth:`metaspace`, applied after special tokens are cut out)."""
        if self.unicode_form is not None:
            text = unicodedata.normalize(self.unicode_form, text)  # type: ignore[arg-type]
        if self.tokenizers and (self._plain or self._lead is not None):
            return self._tokenizers_order(self._apply_rules(text) if self._lead is not None else text)
        if self._plain or self._lead is not None:
            # The prefix goes before any text, even one the rules erase (then trimmed with
            # the spaces when extra whitespace is removed).
            prefix = self.space if text and self.prefix == "always" else ""
            if self._lead is not None:
                text = self._apply_rules(text)
            if self.remove_extra:  # no space at either end, a run of spaces is one
                text = _SPACES.sub(" ", text).strip(" ")
            out = prefix + (text.replace(" ", self.space) if self.space != " " else text)
            # SentencePiece trims the escaped output: a text's own trailing ▁ go too.
            return out.rstrip(self.space) if self.remove_extra else out
        return self.normalize_with_offsets(text)[0]

    def _tokenizers_order(self, text: str) -> str:
        """What ``tokenizers`` makes of ``text`` after the rules: Strip (of every White_Space
        character), a run of spaces one space, Prepend when something is left, ``▁`` for spaces."""
        if self.remove_extra:
            text = text.rstrip(WHITE_SPACE) if self.trim is Trim.STRIP_RIGHT else text.strip(WHITE_SPACE)
            text = _SPACES.sub(" ", text)
        prefix = self.space if text and self.prefix == "always" else ""
        return prefix + (text.replace(" ", self.space) if self.space != " " else text)

    def _apply_rules(self, text: str) -> str:
        """The charsmap's rules, left to right, longest first (step 1 without symbols)."""
        assert self.charsmap is not None and self._lead is not None
        if self.graphemes:
            return b"".join(rep for _, _, rep in self._grapheme_rules(text)).decode("utf-8", "replace")
        data = text.encode("utf-8")
        find = self._lead.search
        longest = self.charsmap.longest
        parts: list[bytes] = []
        i = 0
        while True:
            m = find(data, i)
            if m is None:
                parts.append(data[i:])
                break
            j = m.start()
            parts.append(data[i:j])
            found = longest(data, j)
            if found is None:
                c = data[j]
                i = j + (1 if c < 0x80 else 2 if c < 0xE0 else 3 if c < 0xF0 else 4)
                parts.append(data[j:i])
            else:
                parts.append(found[1])
                i = j + found[0]
        return b"".join(parts).decode("utf-8", "replace")

    def _grapheme_rules(self, text: str) -> Iterator[tuple[int, int, bytes]]:
        """``(byte offset, byte length, replacement)`` of each part of ``text`` under
        ``tokenizers``' Precompiled normalizer: a grapheme cluster of fewer than 6 bytes that
        starts with a rule becomes that shortest rule's replacement (the rest of the cluster is
        dropped: a ``\\r\\n`` becomes what ``\\r`` becomes); otherwise each character alone."""
        assert self.charsmap is not None
        shortest = self.charsmap.shortest
        at = 0
        for cluster in _clusters(text):
            whole = cluster.encode("utf-8")
            rep = shortest(whole) if len(whole) < 6 else None
            if rep is not None:
                yield at, len(whole), rep
                at += len(whole)
                continue
            for c in cluster:
                raw = c.encode("utf-8")
                rep = shortest(raw)
                yield at, len(raw), raw if rep is None else rep
                at += len(raw)

    def metaspace(self, piece: str, at_start: bool) -> str:
        """Metaspace's prefix (``if_missing``, ``first_if_missing``) before one piece of
        normalized text; ``at_start``: the piece begins the whole input."""
        rule = self.prefix
        if (
            piece
            and rule in ("if_missing", "first_if_missing")
            and not piece.startswith(self.space)
            and (at_start or rule == "if_missing")
        ):
            return self.space + piece
        return piece

    def normalize_with_offsets(self, text: str) -> tuple[str, list[int]]:
        """:meth:`normalize`, and for each character of the result and one past its end, the
        character offset in ``text`` it comes from."""
        if self.unicode_form is not None:
            formed, back = _unicode_form(text, self.unicode_form)
            result, offsets = self._with_offsets(formed)
            return result, [back[k] for k in offsets]
        return self._with_offsets(text)

    def _tokenizers_with_offsets(self, text: str) -> tuple[str, list[int]]:
        """:meth:`_tokenizers_order` with offsets: each character of the rules' output keeps
        the offset of the character (or grapheme cluster) it comes from."""
        chars: list[str] = []
        origin: list[int] = []
        if self.graphemes:
            char_at = _char_offsets(text.encode("utf-8"))
            for at, _, rep in self._grapheme_rules(text):
                done = rep.decode("utf-8", "replace")
                chars += done
                origin += [char_at[at]] * len(done)
        else:
            chars, origin = list(text), list(range(len(text)))
        end = len(text)
        if self.remove_extra:
            right = len(chars)
            while right and chars[right - 1] in WHITE_SPACE:
                right -= 1
            if right < len(chars):
                end = origin[right]
            left = 0
            while self.trim is Trim.STRIP and left < right and chars[left] in WHITE_SPACE:
                left += 1
            keep = [k for k in range(left, right) if not (chars[k] == " " and k > left and chars[k - 1] == " ")]
            chars, origin = [chars[k] for k in keep], [origin[k] for k in keep]
        if chars and self.prefix == "always":
            chars, origin = [" ", *chars], [origin[0], *origin]
        result = "".join(chars)
        return (result.replace(" ", self.space) if self.space != " " else result), [*origin, end]

    def _with_offsets(self, text: str) -> tuple[str, list[int]]:
        if self.tokenizers:
            return self._tokenizers_with_offsets(text)
        data = text.encode("utf-8")
        char_at = _char_offsets(data)
        n = len(data)
        out = bytearray()
        origin: list[int] = []  # per output byte: input byte offset
        space = self.space.encode("utf-8")
        i = 0
        if self.remove_extra:
            while i < n:
                rep, length = self._prefix_rule(data, i)
                if rep != b" ":
                    break
                i += length
        if i == n:
            return "", [len(text)]
        if self.prefix == "always":
            out += space
            origin += [i] * len(space)
        prev_space = self.remove_extra
        rules = {at: (rep, size) for at, size, rep in self._grapheme_rules(text)} if self.graphemes else None
        while i < n:
            rep, length = rules[i] if rules is not None else self._prefix_rule(data, i)
            if prev_space:
                rep = rep.lstrip(b" ")
            if rep:
                prev_space = rep.endswith(b" ")
                if self.space != " " and b" " in rep:
                    rep = rep.replace(b" ", space)
                out += rep
                origin += [i] * len(rep)
            i += length
            if not self.remove_extra:
                prev_space = False
        end = n
        if self.remove_extra:
            while out.endswith(space):
                del out[-len(space) :]
                end = origin[len(out)]
                del origin[len(out) :]
        result = out.decode("utf-8", "replace")
        starts = [origin[k] for k in range(len(out)) if (out[k] & 0xC0) != 0x80]
        offsets = [char_at[b] for b in starts] + [char_at[end]]
        return result, offsets

    def _prefix_rule(self, data: bytes, i: int) -> tuple[bytes, int]:
        """``NormalizePrefix``: the replacement of what starts at ``i`` and its length in bytes."""
        if self.user_defined is not None:
            n = self.user_defined.match(data, i)
            if n:
                return data[i : i + n], n
        c = data[i]
        length = 1 if c < 0x80 else 2 if c < 0xE0 else 3 if c < 0xF0 else 4
        if self.charsmap is not None and c in self.charsmap.lead_bytes:
            found = self.charsmap.longest(data, i)
            if found is not None:
                return found[1], found[0]
        return data[i : i + length], length


def _lead_pattern(charsmap: Charsmap, lead: set[int]) -> bytes:
    """Where a rule may start: a lead byte, except an ASCII one that has no rule of its own
    and no longer rule going on in ASCII, which is a lead only before a non-ASCII byte (a
    letter before a combining mark; most of an English text is then never looked up)."""
    always: list[int] = []
    before_non_ascii: list[int] = []
    for c in sorted(lead):
        own, longer = charsmap.ascii_rules(c) if c < 0x80 else (True, True)
        (always if own or longer else before_non_ascii).append(c)
    pattern = b"[" + b"".join(re.escape(bytes([c])) for c in always) + b"]"
    if before_non_ascii:
        pattern += b"|[" + b"".join(re.escape(bytes([c])) for c in before_non_ascii) + b"](?=[\\x80-\\xff])"
    return pattern


def _clusters(text: str) -> Iterator[str]:
    """Extended grapheme clusters as ``tokenizers``' ``unicode-segmentation`` finds them.

    subtle: the ``regex`` module's ``\\X`` joins an Indic consonant to a virama after any
    base (a no-break space, U+094D, a consonant: one cluster); Unicode's rule GB9c joins it
    only after a consonant, so the cluster is cut before an Indic letter that follows none."""
    for cluster in _GRAPHEME.findall(text):
        start = 0
        for k in range(1, len(cluster)):
            if _is_indic_letter(cluster[k]) and cluster[k - 1] != "\u0d4e":  # DOT REPH: Prepend
                if not any(_is_indic_letter(c) for c in cluster[start:k]):
                    yield cluster[start:k]
                    start = k
        yield cluster[start:]


def _is_indic_letter(c: str) -> bool:
    return "\u0900" <= c <= "\u0dff" and unicodedata.category(c) == "Lo"


def _unicode_form(text: str, form: str) -> tuple[str, list[int]]:
    """``text`` in the normal form ``form`` and, for each character of it and one past its
    end, the character of ``text`` it comes from (character by character where that gives
    the same text, else spread evenly: offsets are for display)."""
    parts = [unicodedata.normalize(form, c) for c in text]  # type: ignore[arg-type]
    whole = unicodedata.normalize(form, text)  # type: ignore[arg-type]
    if "".join(parts) == whole:
        back = [k for k, part in enumerate(parts) for _ in part]
    else:
        back = [k * len(text) // max(len(whole), 1) for k in range(len(whole))]
    return whole, back + [len(text)]


def _char_offsets(data: bytes) -> list[int]:
    """For every byte offset of UTF-8 ``data`` (and its end), the character it belongs to."""
    out = []
    chars = -1
    for b in data:
        if (b & 0xC0) != 0x80:
            chars += 1
        out.append(chars)
    out.append(chars + 1)
    return out
