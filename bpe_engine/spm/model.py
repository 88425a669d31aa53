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

This module holds that cutting and caching (:class:`CharBpeModel`, the model the tokenizers
use); the model's tables, made on first use, are its base :class:`~.tables.ModelTables`, one
chunk's ids (the merge loop picked, UNUSED pieces split again, byte fallback, ``<unk>``) its
base :class:`~.chunks.ChunkMethods`, and the merge loops of one chunk, which decide what
merges, plain functions in :mod:`.merge_loops`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import cached_property
from itertools import chain
from typing import TYPE_CHECKING

import numpy as np

from ..formats.data import SentencePieceData
from .chunks import ChunkMethods

if TYPE_CHECKING:
    from .core import SpmCore

__all__ = ["CharBpeModel", "CACHE_LIMIT", "split_before"]

CACHE_LIMIT = 500_000
# Texts of at least this many characters are cut and put together with NumPy (below it the
# NumPy calls cost more than the plain loop); tests set it to 0 to run every text through it.
VECTOR_MIN = 256
_WORD_CHAR = re.compile(r"[^\W_]")


class CharBpeModel(ChunkMethods):
    """The merge procedure of one model (see the module docstring)."""

    def __init__(self, data: SentencePieceData, space: str) -> None:
        super().__init__(data, space)
        self.cache: dict[str, tuple[int, ...]] = {}
        self.cache_size = CACHE_LIMIT
        self._pair_keys: np.ndarray | None = None  # sorted code point pairs of self.pairs
        self._joinable: frozenset[str] = frozenset()  # characters in pairs, and the space mark (_runs)
        self._fast: Callable[[str], list[int] | None] | None | bool = None  # the core's encode (encode)

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
