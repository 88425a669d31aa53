"""Character-level BPE with byte fallback: normalized text to ids, by either merge rule.

- SentencePiece's rule (``bpe_model.cc``): the text's characters (user-defined symbols
  whole, and never merged) are symbols; any two adjacent symbols whose concatenation is a
  piece may merge, the piece with the highest score first, the leftmost on ties; a merged
  piece of type UNUSED is split again into the two symbols that made it; what is left that
  is not a piece is unknown: its UTF-8 bytes become ``<0xNN>`` pieces (byte fallback), or it
  becomes ``<unk>`` (a run of unknown pieces becomes one).
- Hugging Face's rule (``models/bpe``): each character is its token, or its ``<0xNN>`` byte
  tokens, or ``<unk>`` (consecutive ones fused when ``fuse_unk``); only pairs in the merge
  list merge, lowest rank first, leftmost on ties (``Word::merge_all``).

Both are exact on any text. For speed the text is cut into chunks where no merge can ever
join the two sides (no token holds the two characters at the cut next to each other), each
distinct chunk is encoded once and kept in a cache. Long texts are cut with NumPy (code
points, then a lookup of every adjacent pair in the sorted pair keys) and their output put
together with one gather: a Chinese text is mostly one-character chunks, which then cost no
Python work each.

This module holds the model's tables (made on first use), that cutting and caching, and the
symbols' ids (UNUSED pieces split again, byte fallback, ``<unk>``); the merge loops of one
chunk, which decide what merges, are plain functions in :mod:`.merge_loops`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import cached_property
from itertools import chain
from typing import TYPE_CHECKING

import numpy as np

from ..encode.piece import BpeStep
from ..formats.data import BYTE, CONTROL, UNKNOWN, UNUSED, USER_DEFINED, SentencePieceData, piece_list, value_list
from .merge_loops import SHIFT, heap_merge, merge_by_rank, merge_with_steps, scan_merge
from .normalizer import PrefixMatcher

if TYPE_CHECKING:
    from .core import SpmCore

__all__ = ["CharBpeModel", "CACHE_LIMIT", "split_before"]

CACHE_LIMIT = 500_000
# Texts of at least this many characters are cut and put together with NumPy (below it the
# NumPy calls cost more than the plain loop); tests set it to 0 to run every text through it.
VECTOR_MIN = 256
# Chunks up to this length are merged by a scan of a list (tests vary it to run both loops).
SCAN_MAX = 32
_WORD_CHAR = re.compile(r"[^\W_]")


class CharBpeModel:
    """The merge procedure of one model (see the module docstring)."""

    def __init__(self, data: SentencePieceData, space: str) -> None:
        pieces = data.pieces
        self.space = space
        self.unk_id = data.unk_id
        self.byte_fallback = data.byte_fallback
        self.fuse_unk = data.fuse_unk if data.merges is not None else not data.byte_fallback
        self.split_at_space = data.split_at_space
        self.ignore_merges = data.ignore_merges
        self.rule = "sentencepiece" if data.merges is None else "huggingface"
        self._data = data
        self.pair_rank: dict[int, tuple[int, int]] = {}
        if data.merges is not None:
            for r, (a, b) in enumerate(data.merges):
                z = self.piece_id.get(pieces[a] + pieces[b], self.reserved.get(pieces[a] + pieces[b], -1))
                self.pair_rank.setdefault(a << SHIFT | b, (r, z))
            self.vocab_id = {p: i for i, p in enumerate(pieces)}
        self.cache: dict[str, tuple[int, ...]] = {}
        self.cache_size = CACHE_LIMIT
        self._pair_keys: np.ndarray | None = None  # sorted code point pairs of self.pairs
        self._joinable: frozenset[str] = frozenset()  # characters in pairs, and the space mark (_runs)
        self._fast: Callable[[str], list[int] | None] | None | bool = None  # the core's encode (encode)

    # -- tables, built on first use (opening a model builds none of them) ------------------

    @cached_property
    def kinds(self) -> list[int]:
        """The pieces' types, as a list (a ``.model``'s are made here, on first use)."""
        return value_list(self._data.kinds)

    @cached_property
    def scores(self) -> list[float]:
        """The pieces' scores, as a list (a copy: made on first use)."""
        return list(self._data.scores)

    @cached_property
    def pieces(self) -> list[str]:
        """The texts of the pieces, as a list (a ``.model``'s are decoded here, on first use)."""
        return piece_list(self._data.pieces)

    @cached_property
    def _ids(self) -> tuple[dict[str, int], dict[str, int]]:
        # SentencePiece: pieces_ (NORMAL, USER_DEFINED, UNUSED) and the reserved ones.
        piece_id: dict[str, int] = {}
        reserved: dict[str, int] = {}
        for i, (p, k) in enumerate(zip(self.pieces, self.kinds)):
            (reserved if k in (UNKNOWN, CONTROL, BYTE) else piece_id).setdefault(p, i)
        return piece_id, reserved

    @cached_property
    def piece_id(self) -> dict[str, int]:
        return self._ids[0]

    @cached_property
    def reserved(self) -> dict[str, int]:
        return self._ids[1]

    @cached_property
    def byte_id(self) -> list[int]:
        byte_id = [-1] * 256
        for i, k in enumerate(self.kinds):
            if k == BYTE:
                byte_id[int(self.pieces[i][3:5], 16)] = i
        return byte_id

    @cached_property
    def unused(self) -> frozenset[int]:
        return frozenset(i for i, k in enumerate(self.kinds) if k == UNUSED)

    @cached_property
    def score_rank(self) -> dict[int, int]:
        """Rank of a merge: the piece's place by score."""
        scores = self.scores
        order = sorted(self.piece_id.values(), key=lambda i: (-scores[i], i))
        return {i: r for r, i in enumerate(order)}

    @cached_property
    def pairs(self) -> frozenset[str]:
        """Chunk boundaries: two characters never joined by a merge when no token holds them
        side by side."""
        kinds = self.kinds
        mergeable = [p for i, p in enumerate(self.pieces) if kinds[i] not in (CONTROL, BYTE)]
        return frozenset(p[k : k + 2] for p in mergeable for k in range(len(p) - 1))

    @cached_property
    def user_defined(self) -> PrefixMatcher[str] | None:
        kinds = self.kinds
        user = [p for i, p in enumerate(self.pieces) if kinds[i] == USER_DEFINED] if self._data.merges is None else []
        return PrefixMatcher(user) if user else None

    @cached_property
    def _user_firsts(self) -> frozenset[object]:
        return self.user_defined.firsts if self.user_defined is not None else frozenset()

    @cached_property
    def _merge_info(self) -> dict[str, tuple[float, int]]:
        """For the merge loop: a piece's (negated score, id) in one lookup."""
        scores = self.scores
        return {p: (-scores[i], i) for p, i in self.piece_id.items()}

    #: Whether :meth:`encode` may use tiktoken's core (tests turn it off to compare the loops).
    use_core = True

    @cached_property
    def core(self) -> SpmCore | str:
        """SentencePiece's rule on tiktoken's core for this model, or why it is not exact
        there (:mod:`.core`); built on first use."""
        from .core import build

        return build(self)

    def _mostly_lone(self, text: str) -> bool:
        """Whether most of a long text's first 8,192 characters are in no pair of any piece
        (Chinese in Mistral's vocabulary): the NumPy path maps those by code point, faster
        than tiktoken's core, which takes each as a piece of its own."""
        sample = text[:8192]
        return 2 * len(self._lone(sample)) > len(sample)

    @cached_property
    def _lone(self) -> Callable[[str], list[str]]:
        joinable = sorted({c for p in self.pairs for c in p} | {self.space})
        return re.compile("[^" + "".join(map(re.escape, joinable)) + "]").findall

    # -- text to ids ----------------------------------------------------------------------

    def encode(self, text: str) -> list[int]:
        """Ids of normalized text (one segment: no special tokens in it)."""
        if not text:
            return []
        fast = self._fast
        if fast is None:  # first call: tiktoken's core if it applies, else False
            core = self.core if self.use_core and self.rule == "sentencepiece" else ""
            fast = self._fast = core.encode if not isinstance(core, str) else False
        if fast is not False and (len(text) < VECTOR_MIN or not self._mostly_lone(text)):
            assert not isinstance(fast, bool)
            found = fast(text)
            if found is not None:
                return found
        if len(text) >= VECTOR_MIN and not (self.ignore_merges and self.rule == "huggingface"):
            return self._encode_long(text)
        runs = self._runs
        if runs is not None:
            return self._encode_runs(runs(text))
        words = split_before(text, self.space) if self.split_at_space else [text]
        out: list[int] = []
        for word in words:
            if self.ignore_merges and self.rule == "huggingface" and word in self.vocab_id:
                out.append(self.vocab_id[word])
                continue
            self._encode_word(word, out)
        return out

    def split(self, text: str) -> list[str]:
        """The stretches of normalized text that no merge crosses (words, then chunks)."""
        out: list[str] = []
        for word in split_before(text, self.space) if self.split_at_space else [text]:
            if self.ignore_merges and self.rule == "huggingface" and word in self.vocab_id:
                out.append(word)
                continue
            start = 0
            for k in range(1, len(word) + 1):
                if k == len(word) or word[k - 1 : k + 1] not in self.pairs:
                    out.append(word[start:k])
                    start = k
        return out

    def _encode_word(self, word: str, out: list[int]) -> None:
        cache = self.cache
        if len(cache) > self.cache_size:
            cache = self.cache = {}
        pairs = self.pairs
        unk = self.unk_id
        fuse = self.fuse_unk and unk is not None
        start = 0
        for k in range(1, len(word) + 1):
            if k < len(word) and word[k - 1 : k + 1] in pairs:
                continue
            chunk = word[start:k]
            start = k
            ids = cache.get(chunk)
            if ids is None:
                ids = cache[chunk] = tuple(self.chunk_ids(chunk))
            if fuse and ids and out and ids[0] == unk and out[-1] == unk:
                out += ids[1:]
            else:
                out += ids

    @cached_property
    def _runs(self) -> Callable[[str], list[str]] | None:
        """``findall`` of a regex that cuts text into runs (in C): words of the letters and
        digits some merge joins, with the space marks before them; runs of the mark; runs of
        characters no merge joins to anything (most of a Chinese text); any other character
        alone. :meth:`_encode_runs` joins the neighbours a merge may cross (the cut only decides
        what is cached: the ids are the same for any cut). None where the loop of
        :meth:`_encode_word` is kept: Metaspace's split, a file's ``ignore_merges``, runs of
        unknown pieces fused into one (no byte fallback)."""
        if self.split_at_space or (self.ignore_merges and self.rule == "huggingface"):
            return None
        if self.fuse_unk and self.unk_id is not None:
            return None
        mark = re.escape(self.space)
        joinable = dict.fromkeys(sorted({c for p in self.pairs for c in p} | {self.space}))
        letters = "".join(re.escape(c) for c in joinable if _WORD_CHAR.match(c))
        word = f"{mark}*[{letters}]+|" if letters else ""
        lone = "[^" + "".join(map(re.escape, joinable)) + "]+"
        self._joinable = frozenset(joinable)
        return re.compile(f"{word}{mark}*_+|{mark}+|{lone}|.", re.DOTALL).findall

    def _encode_runs(self, runs: list[str]) -> list[int]:
        """The ids of a text cut by :attr:`_runs`. Two runs are joined where a merge may cross
        (their two characters side by side are in :attr:`pairs`; else it is a chunk boundary),
        so each stretch is a whole number of chunks, encoded once (the piece cache); a run of
        characters no merge joins is looked up character by character (in C)."""
        if len(runs) > 1:
            pairs = self.pairs
            edges = [a[-1] + b[0] for a, b in zip(runs, runs[1:])]
            if not pairs.isdisjoint(edges):
                joined = [runs[0]]
                for run, edge in zip(runs[1:], edges):
                    if edge in pairs:
                        joined[-1] += run
                    else:
                        joined.append(run)
                runs = joined
        cache = self.cache
        if len(cache) > self.cache_size:
            cache = self.cache = {}
        get = cache.get
        joinable = self._joinable
        out: list[int] = []
        for run in runs:
            ids = get(run)
            if ids is not None:
                out += ids
            elif len(run) > 1 and run[0] not in joinable:  # chunks of one character each
                found = list(map(get, run))
                if not all(found):  # (faster than "None in": no comparison; an empty tuple is redone)
                    found = [self._cached(c) if ids is None else ids for c, ids in zip(run, found)]
                out += chain.from_iterable(found)  # type: ignore[arg-type]
            else:
                one: list[int] = []
                self._encode_word(run, one)
                out += one
                cache[run] = tuple(one)
        return out

    def _encode_long(self, text: str) -> list[int]:
        """:meth:`encode` with NumPy: the same chunks, each distinct one encoded once."""
        cps = np.frombuffer(text.encode("utf-32-le", "surrogatepass"), dtype=np.uint32)
        n = len(cps)
        keys = (cps[:-1].astype(np.int64) << 21) | cps[1:]
        table = self._pair_keys
        if table is None:
            table = np.array(sorted(ord(p[0]) << 21 | ord(p[1]) for p in self.pairs), dtype=np.int64)
            self._pair_keys = table
        if len(table):
            at = np.searchsorted(table, keys)
            at[at == len(table)] = 0
            joined = table[at] == keys
        else:
            joined = np.zeros(len(keys), dtype=bool)
        if self.split_at_space:  # Metaspace's split: a word starts at every mark
            joined &= cps[1:] != ord(self.space)
        cuts = np.flatnonzero(~joined) + 1
        starts = np.concatenate((np.zeros(1, np.int64), cuts))
        ends = np.concatenate((cuts, np.full(1, n, np.int64)))
        single = ends - starts == 1
        # One entry (ids tuple) per distinct chunk: one-character chunks by code point.
        uniq, inverse = _distinct(cps[starts[single]])
        cached = self._cached
        entries = [cached(chr(c)) for c in uniq.tolist()]
        entry = np.empty(len(starts), dtype=np.int64)
        entry[single] = inverse
        index: dict[str, int] = {}
        found: list[int] = []
        for a, b in zip(starts[~single].tolist(), ends[~single].tolist()):
            chunk = text[a:b]
            i = index.get(chunk)
            if i is None:
                i = index[chunk] = len(entries)
                entries.append(cached(chunk))
            found.append(i)
        entry[~single] = found
        sizes = np.fromiter(map(len, entries), dtype=np.int64, count=len(entries))
        flat = np.fromiter(chain.from_iterable(entries), dtype=np.int64, count=int(sizes.sum()))
        counts = sizes[entry]
        out_start = np.cumsum(counts) - counts
        src = (np.cumsum(sizes) - sizes)[entry] - out_start
        out = flat[np.repeat(src, counts) + np.arange(int(counts.sum()))]
        unk = self.unk_id
        if self.fuse_unk and unk is not None and len(out):
            # As the loop: a chunk's leading <unk> goes when the output so far ends in one.
            first = out_start[(counts > 0) & (out_start > 0)]
            out = np.delete(out, first[(out[first] == unk) & (out[first - 1] == unk)])
        result: list[int] = out.tolist()
        return result

    def _cached(self, chunk: str) -> tuple[int, ...]:
        ids = self.cache.get(chunk)
        if ids is None:
            if len(self.cache) > self.cache_size:
                self.cache = {}
            ids = self.cache[chunk] = tuple(self.chunk_ids(chunk))
        return ids

    def chunk_ids(self, text: str, steps: list[BpeStep] | None = None) -> list[int]:
        """Ids of one chunk; ``steps`` receives each merge (for explaining)."""
        if self.rule == "huggingface":
            return self._hf(text, steps)
        return self._sentencepiece(text, steps)

    def symbol_id(self, symbol: str) -> int:
        """The id SentencePiece gives a symbol (``PieceToId``: reserved pieces first)."""
        i = self.reserved.get(symbol)
        if i is None:
            i = self.piece_id.get(symbol)
        if i is None:
            return self.unk_id if self.unk_id is not None else -1
        return i

    def _sentencepiece(self, text: str, steps: list[BpeStep] | None) -> list[int]:
        if len(text) == 1:  # nothing to merge (most chunks of a Chinese text)
            out: list[int] = []
            self._resegment(text, {}, out)
            return out
        if steps is None and self._user_firsts.isdisjoint(text):
            # A short chunk (most words) by a scan of its pairs, a long one with a heap.
            return self._sentencepiece_scan(text) if len(text) <= SCAN_MAX else self._sentencepiece_plain(text)
        syms: list[str] = []
        freeze: list[bool] = []
        if self.user_defined is None:
            syms = list(text)
            freeze = [False] * len(syms)
        else:
            i = 0
            while i < len(text):
                n = self.user_defined.match(text, i)
                syms.append(text[i : i + (n or 1)])
                freeze.append(n > 0)
                i += n or 1
        record = None
        if steps is not None:
            taken = steps

            def record(syms: list[str], left: int, piece: str) -> None:
                alive = [k for k in range(len(syms)) if syms[k]]
                new = self.piece_id[piece]
                parts = tuple(self.symbol_id(syms[k]) for k in alive)
                taken.append(BpeStep(parts, alive.index(left), self.score_rank[new], new))

        return self._ids_of(*merge_with_steps(syms, freeze, self.piece_id.get, self.scores, self.unused, record))

    def _sentencepiece_scan(self, text: str) -> list[int]:
        """A short chunk without steps or user-defined symbols (:func:`~.merge_loops.scan_merge`)."""
        return self._ids_of(*scan_merge(text, self._merge_info.get, self.unused))

    def _sentencepiece_plain(self, text: str) -> list[int]:
        """:meth:`_sentencepiece` without steps or user-defined symbols
        (:func:`~.merge_loops.heap_merge`)."""
        return self._ids_of(*heap_merge(text, self._merge_info.get, self.unused))

    def _ids_of(self, syms: list[str], rev: dict[str, tuple[str, str]]) -> list[int]:
        """The ids of the symbols a merge loop left (UNUSED pieces split again, byte fallback);
        a run of unknown pieces is one ``<unk>``."""
        out: list[int] = []
        for sym in syms:
            self._resegment(sym, rev, out)
        unk = self.unk_id
        if self.fuse_unk and unk is not None and out.count(unk) > 1:
            out = [i for k, i in enumerate(out) if not (i == unk and k and out[k - 1] == unk)]
        return out

    def _resegment(self, symbol: str, rev: dict[str, tuple[str, str]], out: list[int]) -> None:
        i = self.symbol_id(symbol)
        if i in self.unused and symbol in rev:
            left, right = rev[symbol]
            self._resegment(left, rev, out)
            self._resegment(right, rev, out)
        elif i == self.unk_id and self.byte_fallback:
            out += [self.byte_id[b] for b in symbol.encode("utf-8")]
        elif i >= 0:
            out.append(i)

    def _hf(self, text: str, steps: list[BpeStep] | None) -> list[int]:
        ids: list[int] = []
        unk = self.unk_id
        pending: int | None = None  # a fused <unk> waiting (Hugging Face adds it late)
        get = self.vocab_id.get
        for ch in text:
            i = get(ch)
            if i is not None:
                if pending is not None:
                    ids.append(pending)
                    pending = None
                ids.append(i)
                continue
            if self.byte_fallback:
                fallback = [self.byte_id[b] for b in ch.encode("utf-8")]
                if min(fallback) >= 0:
                    ids += fallback
                    continue
            if unk is not None:
                if pending is not None and not self.fuse_unk:
                    ids.append(pending)
                pending = unk
        if pending is not None:
            ids.append(pending)
        return merge_by_rank(ids, self.pair_rank, steps)

    # -- explaining -----------------------------------------------------------------------

    def initial_ids(self, text: str) -> list[int]:
        """The ids of a chunk's symbols before any merge (for display)."""
        if self.rule == "huggingface":
            steps: list[BpeStep] = []
            final = self._hf(text, steps)
            return list(steps[0].parts) if steps else final
        return [self.symbol_id(s) for s in (list(text) if self.user_defined is None else self._user_split(text))]

    def _user_split(self, text: str) -> list[str]:
        assert self.user_defined is not None
        out, i = [], 0
        while i < len(text):
            n = self.user_defined.match(text, i) or 1
            out.append(text[i : i + n])
            i += n
        return out

    def merge_rank(self, left: int, right: int) -> int | None:
        """The rank of merging these two tokens, or None."""
        if self.rule == "huggingface":
            found = self.pair_rank.get(left << SHIFT | right)
            return found[0] if found is not None else None
        if not (0 <= left < len(self.pieces) and 0 <= right < len(self.pieces)):
            return None
        pid = self.piece_id.get(self.pieces[left] + self.pieces[right])
        return self.score_rank[pid] if pid is not None else None


def _distinct(values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``np.unique(values, return_inverse=True)`` for code points; many of them are counted
    in a table of every code point instead of sorted (no sort of a Chinese text's characters)."""
    if len(values) < 50_000:
        uniq, inverse = np.unique(values, return_inverse=True)
        return uniq, inverse.reshape(-1)
    seen = np.zeros(0x110000, dtype=bool)
    seen[values] = True
    uniq = np.flatnonzero(seen)
    slot = np.empty(0x110000, dtype=np.int64)
    slot[uniq] = np.arange(len(uniq))
    return uniq, slot[values]


def split_before(text: str, mark: str) -> Sequence[str]:
    """``text`` cut before every ``mark`` (Metaspace's split: the mark starts each word)."""
    parts = text.split(mark)
    out = [parts[0]] if parts[0] else []
    out += [mark + p for p in parts[1:]]
    return out
