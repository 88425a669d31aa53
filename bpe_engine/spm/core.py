"""SentencePiece's BPE rule run on tiktoken's compiled core, where it is exact.

SentencePiece (``bpe_model.cc``) merges, among adjacent symbols (characters), the pair whose
concatenation is a piece with the highest score, the leftmost on ties; tiktoken merges the
adjacent pair whose concatenated bytes have the lowest rank, the leftmost on ties. So the
table given to tiktoken is:

- every character that some piece of several holds, every proper prefix of its UTF-8 bytes
  and the 256 single bytes, ranked below every piece: each such character forms before any
  merge, and the bytes of an unknown one never join anything (a byte sequence that is a
  prefix of a valid character cannot take a following lead byte, nor can a continuation byte
  start a key). A character that is a piece but in no longer one is a text of its own for
  the pattern, which tiktoken looks up whole: it gets no prefixes, so the bytes of unknown
  characters stay single bytes, one ``<0xNN>`` id each;
- the pieces of two characters or more (not user-defined: those are cut out whole, as
  SentencePiece freezes them) in order of descending score. Two pieces with the same score
  make the order ambiguous where tiktoken has no "leftmost" between them; the one shape
  allowed is Mistral's: runs of one character (``▁▁`` ... ``▁`` * 16), scored below every
  other piece, no other piece holding the character twice in a row. Those merges come last,
  inside runs of that character only; ranking the longer run first grows each run from its
  left end as the leftmost rule does, which is checked against the loop of
  :mod:`.model` for every run up to four times the longest piece.
- tiktoken gives a text cut by its pattern that is itself a key that key's rank at once
  (without merging); a piece that SentencePiece does not reach from its own characters is
  therefore left out of the table (it is never made by any text: what forms inside its span
  would form alone).

The pattern cuts only where no merge can cross: before a character that is never the second
of two adjacent characters of a piece, after one never the first, and before ``▁`` after
another character when every piece holds ``▁`` only as its leading run. The core's ranks
become ids by a table (a character with no piece, or the bytes of an unknown one, become
their ``<0xNN>`` pieces, or ``<unk>``, fused as SentencePiece does without byte fallback).

:func:`build` answers a :class:`SpmCore`, or the reason it cannot (the caller keeps its own
merge loop then).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from itertools import chain
from typing import Any, Protocol

import numpy as np

from ..encode.core import has_long_run
from ..formats.data import NORMAL, UNUSED
from .normalizer import PrefixMatcher


class _Model(Protocol):
    """What the core needs of :class:`~bpe_engine.spm.model.CharBpeModel` (a protocol, so that
    this module does not import the model that imports it)."""

    space: str
    unk_id: int | None
    byte_fallback: bool
    split_at_space: bool
    rule: str

    @property
    def kinds(self) -> list[int]: ...
    @property
    def scores(self) -> list[float]: ...
    @property
    def piece_id(self) -> dict[str, int]: ...
    @property
    def byte_id(self) -> list[int]: ...
    @property
    def user_defined(self) -> PrefixMatcher[str] | None: ...
    def symbol_id(self, symbol: str) -> int: ...
    def _sentencepiece_plain(self, text: str) -> list[int]: ...
    def _resegment(self, symbol: str, rev: dict[str, tuple[str, str]], out: list[int]) -> None: ...


__all__ = ["SpmCore", "build"]

# A character that no piece holds, put after each piece when checking that it is reached
# from its characters (see _unreached).
_FENCE = "\x00"
# As for byte-level pieces (bpe_engine.encode.core): stretches of twice this many characters
# are left to our own loop, whose merge of a long chunk is linear.
_WINDOW = 1 << 16
_BREAKS = ("\n", "\u3001", "\u3002", "\uff0c")  # line end, 、 。 ，


@dataclass(frozen=True)
class _Table:
    ranks: dict[bytes, int]
    ids: list[list[int]]  # the ids of each rank
    pieces: list[str]  # the multi-character pieces ranked, for the reachability check
    run: tuple[str, int]  # the character of the tied runs and their longest length, or ("", 0)
    joinable: set[str]  # the characters of the pieces of several, and the space mark


class SpmCore:
    """A ``tiktoken`` core over a SentencePiece BPE model's pieces (see the module)."""

    def __init__(self, model: _Model, encoding: Any, ids: list[list[int]], joinable: set[str]) -> None:
        self._encode = encoding._core_bpe.encode_ordinary
        self._numpy = encoding.encode_to_numpy
        sizes = np.fromiter(map(len, ids), dtype=np.int64, count=len(ids))
        self._sizes = sizes
        self._starts = np.cumsum(sizes) - sizes
        self._flat = np.fromiter((i for group in ids for i in group), dtype=np.int64, count=int(sizes.sum()))
        self._expands = bool((sizes != 1).any())
        # For short texts (lists: NumPy's calls cost more there): a rank's id, or its ids.
        self._one = [group[0] if len(group) == 1 else -1 for group in ids].__getitem__
        self._many = [tuple(group) for group in ids].__getitem__
        self._fuse_unk = not model.byte_fallback
        self._unk = model.unk_id if model.unk_id is not None else -1
        self._space = model.space
        self._user = model.user_defined
        # Whether a text may hold a user-defined piece (a search for their first characters, in C).
        firsts = sorted(str(c) for c in self._user.firsts) if self._user is not None else []
        self._user_search = re.compile("[" + "".join(map(re.escape, firsts)) + "]").search if firsts else None
        self._symbol_id = model.symbol_id
        # A text whose characters after the first are in no piece of several (nor start a
        # user-defined one): nothing merges, each character is its ids (looked up, in C).
        self._stops = joinable | set(firsts)
        self._lone = re.compile("[^" + "".join(map(re.escape, sorted(self._stops))) + "]*").fullmatch
        self._char_ids: dict[str, tuple[int, ...]] = {}
        self._model = model

    def ordinary(self, space: str) -> Callable[[str], list[int] | None]:
        """``encode_ordinary`` of raw text for a normalizer that only makes spaces ``space``
        and puts one first (see ``SentencePieceTokenizer``): a text of characters in no piece
        of several (a line of Chinese) is looked up character by character without being
        normalized, any other goes to :meth:`encode`. Raises ``UnicodeEncodeError`` on lone
        surrogates, as :meth:`encode`."""
        lone = re.compile("[^" + "".join(map(re.escape, sorted(self._stops | {" "}))) + "]*").fullmatch
        get = self._char_ids.get
        encode = self.encode
        fuse, unk = self._fuse_unk, self._unk

        prefix = self._char(space)  # alone before such a text (what follows joins nothing)

        def fast(text: str) -> list[int] | None:
            if lone(text) is None:
                return encode(space + text.replace(" ", space))
            if not text:
                return []
            try:
                out = list(chain(prefix, chain.from_iterable(map(get, text))))  # type: ignore[arg-type]
            except TypeError:  # a character seen for the first time
                out = list(chain(prefix, chain.from_iterable(get(c) or self._char(c) for c in text)))
            if fuse and out.count(unk) > 1:
                out = [i for k, i in enumerate(out) if not (i == unk and k and out[k - 1] == unk)]
            return out

        return fast

    def _char(self, char: str) -> tuple[int, ...]:
        """The ids of one character alone (its piece, its bytes or <unk>), kept."""
        if len(self._char_ids) > 1 << 20:
            self._char_ids.clear()
        out: list[int] = []
        self._model._resegment(char, {}, out)
        ids = self._char_ids[char] = tuple(out)
        return ids

    def encode(self, text: str) -> list[int] | None:
        """Ids of normalized text, or None where the caller's loop must answer (a stretch the
        pattern does not cut, long enough for tiktoken's merge of it to be slow). Raises
        ``UnicodeEncodeError`` on lone surrogates (the caller repairs them)."""
        if len(text) < 4096 and (self._user_search is None or self._user_search(text) is None):
            if self._lone(text, 1) is not None:  # no merge anywhere (a line of Chinese)
                found = list(map(self._char_ids.get, text))
                if None in found:
                    found = [self._char(c) if ids is None else ids for c, ids in zip(text, found)]
                out = list(chain.from_iterable(found))  # type: ignore[arg-type]
            else:
                ranks: list[int] = self._encode(text)  # a short text: lists (NumPy costs more)
                out = list(map(self._one, ranks))
                if self._expands and -1 in out:
                    out = list(chain.from_iterable(map(self._many, ranks)))
        elif len(text) >= 2 * _WINDOW and _long_run(text, self._space):
            return None
        elif self._user_search is not None and self._user_search(text) is not None:
            out = self._with_user_defined(text)
        else:
            out = self._ranks_to_ids(text)
        if self._fuse_unk and out.count(self._unk) > 1:  # a run of unknown pieces is one <unk>
            unk = self._unk
            out = [i for k, i in enumerate(out) if not (i == unk and k and out[k - 1] == unk)]
        return out

    def _ranks_to_ids(self, text: str) -> list[int]:
        if len(text) < 4096:
            ranks: list[int] = self._encode(text)
            out = list(map(self._one, ranks))
            return list(chain.from_iterable(map(self._many, ranks))) if self._expands and -1 in out else out
        array = self._numpy(text, disallowed_special=()).astype(np.int64)
        if not self._expands:
            result: list[int] = self._flat[array].tolist()
            return result
        counts = self._sizes[array]
        out_start = np.cumsum(counts) - counts
        src = self._starts[array] - out_start
        result = self._flat[np.repeat(src, counts) + np.arange(int(counts.sum()))].tolist()
        return result

    def _with_user_defined(self, text: str) -> list[int]:
        """User-defined pieces are symbols of their own, never merged (SentencePiece's prefix
        match: the longest at each position, scanning from the left); the text between them
        is encoded alone."""
        user = self._user
        assert user is not None
        firsts = user.firsts
        out: list[int] = []
        start = i = 0
        while i < len(text):
            n = user.match(text, i) if text[i] in firsts else 0
            if not n:
                i += 1
                continue
            if start < i:
                out += self._ranks_to_ids(text[start:i])
            out.append(self._symbol_id(text[i : i + n]))
            i += n
            start = i
        if start < len(text):
            out += self._ranks_to_ids(text[start:])
        return out


def _long_run(text: str, space: str) -> bool:
    """Whether ``text`` may hold a stretch the pattern does not cut of ``2 * _WINDOW``
    characters or more (a run of ``▁``, or a window with no ``▁``, line end, or CJK comma or
    full stop); a false alarm only costs speed."""
    if has_long_run(text, _WINDOW, (space, *_BREAKS)):
        return True
    run = space * _WINDOW
    return run in text


def build(model: _Model) -> SpmCore | str:
    """The core for ``model``, or why it cannot be exact (or fast) there."""
    reason = _refusal(model)
    if reason:
        return reason
    try:
        import tiktoken
    except ImportError:
        return "tiktoken is not installed"
    table = _table(model)
    if isinstance(table, str):
        return table
    if any(_FENCE in p for p in table.pieces):
        return "a piece holds U+0000 (the character the check of the table relies on)"
    pattern, problem = _pattern(model, table.pieces)
    if problem:
        return problem
    check = tiktoken.Encoding(
        name="sentencepiece-bpe-check",
        pat_str="[^\\x{0}]*\\x{0}",  # each piece checked alone, followed by U+0000
        mergeable_ranks=table.ranks,
        special_tokens={},
    )
    if table.run:
        problem = _runs_problem(model, check, table)
        if problem:
            return problem
    missing = _unreached(check, table)
    # Those pieces are never made by any text: left out, the other ranks unchanged.
    gone = {p.encode("utf-8") for p in missing}
    ranks = {b: r for b, r in table.ranks.items() if b not in gone} if gone else table.ranks
    encoding = tiktoken.Encoding(name="sentencepiece-bpe", pat_str=pattern, mergeable_ranks=ranks, special_tokens={})
    return SpmCore(model, encoding, table.ids, table.joinable)


def _refusal(model: _Model) -> str:
    if model.rule != "sentencepiece":
        return "the file lists merges (Hugging Face's rule by rank, not SentencePiece's by score)"
    if model.split_at_space:
        return "Metaspace's split before every space mark"
    if model.unk_id is None:
        return "the model has no <unk> piece"
    if model.byte_fallback and min(model.byte_id) < 0:
        return "byte fallback without a <0xNN> piece for every byte"
    kinds = model.kinds
    if any(kinds[i] == UNUSED and len(p) > 1 for p, i in model.piece_id.items()):
        return "UNUSED pieces of several characters (SentencePiece splits them again after merging)"
    return ""


def _table(model: _Model) -> _Table | str:
    """The ranks (see the module) and each rank's ids."""
    kinds, scores = model.kinds, model.scores
    multi = [(p, i) for p, i in model.piece_id.items() if len(p) > 1 and kinds[i] in (NORMAL, UNUSED)]
    multi.sort(key=lambda pi: -scores[pi[1]])
    run, problem = _ties([(scores[i], p) for p, i in multi])
    if problem:
        return problem
    # Ties left are one run of a character: the longer run first (see the module).
    multi.sort(key=lambda pi: (-scores[pi[1]], -len(pi[0])))
    # Characters some piece of several holds form from their bytes (every prefix a key); one
    # no such piece holds is always a text of its own for the pattern, which tiktoken looks
    # up whole: no prefixes, so that an unknown character beside it stays single bytes, one
    # id each (no expansion of its ranks).
    joinable = {c for p, _ in multi for c in p} | {model.space}  # (the pattern takes runs of the mark)
    keys: dict[bytes, None] = dict.fromkeys(bytes([b]) for b in range(256))
    for c in sorted(joinable):
        data = c.encode("utf-8", "surrogatepass")
        for k in range(2, len(data) + 1):
            keys[data[:k]] = None
    for p in model.piece_id:
        if len(p) == 1:
            keys[p.encode("utf-8", "surrogatepass")] = None
    ranks: dict[bytes, int] = {}
    ids: list[list[int]] = []
    for key in keys:
        ranks[key] = len(ids)
        ids.append(_key_ids(model, key))
    for p, i in multi:
        ranks[p.encode("utf-8")] = len(ids)
        ids.append([i])
    return _Table(ranks, ids, [p for p, _ in multi], run, joinable)


def _key_ids(model: _Model, key: bytes) -> list[int]:
    """A character's ids as SentencePiece gives them (its piece, its bytes, or <unk>); the
    bytes of a character the core leaves unformed (not one of the model's), their bytes."""
    try:
        char = key.decode("utf-8")
    except UnicodeDecodeError:
        char = ""
    out: list[int] = []
    if char:
        model._resegment(char, {}, out)
    elif model.byte_fallback:
        out = [model.byte_id[b] for b in key]
    else:
        out = [model.unk_id if model.unk_id is not None else -1] * len(key)
    return out


def _ties(scored: list[tuple[float, str]]) -> tuple[tuple[str, int], str]:
    """The tied runs' character and longest length (see the module), and why pieces sharing
    a score cannot be ranked ('' if they can)."""
    groups: dict[float, list[str]] = {}
    for score, piece in scored:
        groups.setdefault(score, []).append(piece)
    tied = [(s, ps) for s, ps in groups.items() if len(ps) > 1]
    if not tied:
        return ("", 0), ""
    if len(tied) > 1:
        return ("", 0), f"{len(tied)} scores are each shared by several pieces"
    score, pieces = tied[0]
    char = pieces[0][0]
    if any(p != char * len(p) for p in pieces):
        return ("", 0), f"pieces {pieces[0]!r} and {pieces[1]!r} share the score {score}"
    if score != min(s for s, _ in scored):
        return ("", 0), f"the runs of {char!r} sharing a score are not the lowest-scored pieces"
    double = char * 2
    if any(double in p for s, p in scored if s != score):
        return ("", 0), f"a piece holds {double!r} besides the runs of {char!r} sharing a score"
    return (char, max(map(len, pieces))), ""


def _pattern(model: _Model, pieces: Iterable[str]) -> tuple[str, str]:
    """The core's pattern (see the module), and why none cuts the text finely enough ('' if
    one does)."""
    space = model.space
    firsts: set[str] = set()
    seconds: set[str] = set()
    for p in pieces:
        firsts.update(p[:-1])
        seconds.update(p[1:])
        if space in p and p.lstrip(space).find(space) >= 0:
            return "", f"the piece {p!r} holds {space!r} after another character"
    firsts.discard(space)
    seconds.discard(space)
    both = firsts & seconds
    mark = _class({space})
    alone = "(?s:.)"
    if not firsts:
        return f"{mark}+|{alone}", ""
    tail = (f"{_class(both)}*" if both else "") + (f"{_class(seconds)}?" if seconds else "")
    return f"{mark}+{tail}|{_class(firsts)}{tail}|{alone}", ""


def _class(chars: set[str]) -> str:
    """A Rust regex class of ``chars`` (ranges of code points, escaped)."""
    points = sorted(map(ord, chars))
    parts: list[str] = []
    k = 0
    while k < len(points):
        j = k
        while j + 1 < len(points) and points[j + 1] == points[j] + 1:
            j += 1
        a, b = points[k], points[j]
        parts.append(f"\\x{{{a:X}}}" if a == b else f"\\x{{{a:X}}}-\\x{{{b:X}}}")
        k = j + 1
    return "[" + "".join(parts) + "]"


def _fenced(check: Any, texts: list[str], fence: int) -> list[list[int]]:
    """The ranks of each text merged alone (the check pattern: each text followed by U+0000,
    which joins nothing, so that no text is looked up whole)."""
    got: list[int] = check._core_bpe.encode_ordinary(_FENCE.join(texts) + _FENCE)
    out: list[list[int]] = []
    k = 0
    for _ in texts:
        end = got.index(fence, k)
        out.append(got[k:end])
        k = end + 1
    return out


def _unreached(check: Any, table: _Table) -> list[str]:
    """The ranked pieces tiktoken does not reach from their own characters."""
    ranks = table.ranks
    found = _fenced(check, table.pieces, ranks[_FENCE.encode()])
    return [p for p, got in zip(table.pieces, found) if got != [ranks[p.encode("utf-8")]]]


def _runs_problem(model: _Model, check: Any, table: _Table) -> str:
    """Whether runs of the tied character (see the module) end as SentencePiece's loop ends
    them, for every length up to 4 times the longest such piece ('' if they do)."""
    char, longest = table.run
    texts = [char * n for n in range(1, 4 * longest + 1)]
    ids = table.ids
    for text, ranks in zip(texts, _fenced(check, texts, table.ranks[_FENCE.encode()])):
        if [i for r in ranks for i in ids[r]] != model._sentencepiece_plain(text):
            return f"runs of {char!r} sharing a score merge otherwise by rank ({len(text)} of them)"
    return ""
