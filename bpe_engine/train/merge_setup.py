"""Setting the merge loop up from pre-token counts (:class:`~.merging.MergeLoop`'s
constructor): the distinct pre-tokens read a slice at a time (:class:`WordSlices`), their
positions laid out, and the first pairs (of bytes or of units) counted, indexed and logged.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, NamedTuple

import numpy as np

from .._arrays import scatter_grouped
from ..errors import CorpusError
from ..kinds import TieBreak
from .keys import KeyedPieces
from .merge_state import _PAIR, _SLICE, LoopState, _Column, _fill, _fill_runs, _Pairs, _position_dtype
from .tiekeys import token_key

__all__ = ["LoopSetup", "WordSlices"]


class _Keyed(NamedTuple):
    group: KeyedPieces
    start: int
    stop: int


class _Listed(NamedTuple):
    words: list[bytes]
    counts: list[int]


class WordSlices:
    """The distinct pre-tokens of groups of counts (dicts, or :class:`KeyedPieces` read as
    arrays) a slice of at most ``_SLICE`` words at a time: their lengths, their counts, and
    each slice's bytes concatenated (no ``bytes`` object per word for keyed pieces)."""

    def __init__(self, groups: Sequence[Mapping[bytes, int]]) -> None:
        self._parts: list[_Keyed | _Listed] = []
        words: list[bytes] = []
        counts: list[int] = []
        for group in groups:
            if isinstance(group, KeyedPieces):
                n = len(group)
                self._parts += [_Keyed(group, i, min(i + _SLICE, n)) for i in range(0, n, _SLICE)]
                continue
            # Small dicts (the shards of a count) share slices: a slice costs some NumPy calls.
            words += group
            counts += group.values()
            while len(words) >= _SLICE:
                self._parts.append(_Listed(words[:_SLICE], counts[:_SLICE]))
                del words[:_SLICE], counts[:_SLICE]
        if words:
            self._parts.append(_Listed(words, counts))

    def lengths(self) -> np.ndarray:
        """Each word's length in bytes (int64)."""
        return np.concatenate(
            [
                p.group.lengths(p.start, p.stop)
                if isinstance(p, _Keyed)
                else np.fromiter(map(len, p.words), dtype=np.int64, count=len(p.words))
                for p in self._parts
            ]
            or [np.empty(0, dtype=np.int64)]
        )

    def counts(self) -> np.ndarray:
        """Each word's count (int64)."""
        return np.concatenate(
            [
                p.group.counts[p.start : p.stop].astype(np.int64)
                if isinstance(p, _Keyed)
                else np.array(p.counts, dtype=np.int64)
                for p in self._parts
            ]
            or [np.empty(0, dtype=np.int64)]
        )

    def data(self) -> Iterator[tuple[np.ndarray, int]]:
        """Each slice's words concatenated (``uint8``) and how many words that is."""
        for p in self._parts:
            if isinstance(p, _Keyed):
                yield p.group.raw(p.start, p.stop)[0], p.stop - p.start
            else:
                yield np.frombuffer(b"".join(p.words), dtype=np.uint8), len(p.words)


class LoopSetup(LoopState):
    """The loop laid out from pre-token counts, its first pairs and its pair table."""

    if TYPE_CHECKING:

        def _init_heap(self) -> None: ...

    def __init__(
        self,
        groups: Sequence[Mapping[bytes, int]],
        tie_break: TieBreak | str = TieBreak.GREATEST,
        units: Sequence[bytes] | None = None,
    ) -> None:
        """``groups``: dicts of distinct pre-tokens and their counts (no pre-token in two).

        Byte-level (``units`` None): a pre-token is its bytes, and the first 256 tokens are
        the bytes. Otherwise ``units`` are the first tokens (characters, for a
        character-level vocabulary) and a pre-token is the sequence of their indices, as
        little-endian ``uint32`` values.
        """
        width = 1 if units is None else 4
        # subtle: everything here that is O(corpus) runs in slices of at most _SLICE words or
        # 4 * _SLICE positions, so that a GUI thread gets the GIL back every few milliseconds
        # (one call over the whole corpus would hold it for tens of milliseconds on 10 MB of
        # Chinese). Arrays are allocated empty (no page touched) and filled slice by slice.
        slices = WordSlices(groups)
        lengths = slices.lengths()
        if width > 1:
            lengths //= width
        n_words = int(lengths.size)
        n = int(lengths.sum())
        if n >= 2**31 - 2:
            raise CorpusError(
                f"the distinct pre-tokens hold {n} bytes, more than this trainer can index (2 GiB); "
                "use a pre-tokenizer that splits the text (gpt2, cl100k, o200k, whitespace)"
            )
        starts = np.zeros(n_words, dtype=np.int64)
        if n_words > 1:
            np.cumsum(lengths[:-1], out=starts[1:])
        self.word_start = starts
        self.word_len = lengths
        self.word_count = slices.counts()
        # Position arrays (fields of one record array): NumPy for the vectorised path,
        # memoryviews of the same memory for the plain-Python path of small merges.
        self._positions(np.empty(n, dtype=_position_dtype(int(self.word_count.max()) if n_words else 0)))
        w = 0
        for raw, k in slices.data():
            s, e = (int(starts[w]), int(starts[w + k - 1] + lengths[w + k - 1])) if k else (0, 0)
            self.sym[s:e] = raw if width == 1 else raw.view("<u4")
            _fill_runs(self.wt[s:e], self.word_count[w : w + k], lengths[w : w + k])
            w += k
        del slices
        step = 4 * _SLICE
        for i in range(0, n, step):
            k = min(step, n - i)
            self.nxt[i : i + k] = np.arange(i + 1, i + k + 1, dtype=np.int32)
            self.prv[i : i + k] = np.arange(i - 1, i + k - 1, dtype=np.int32)
            self.ppid[i : i + k] = -1
        for i in range(0, n_words, step):
            self.nxt[starts[i : i + step] + lengths[i : i + step] - 1] = -1
            self.prv[starts[i : i + step]] = -1
        self.mark = np.empty(n, dtype=np.int8)
        self.done = False
        self.live = n  # positions still holding a token (what a checkpoint of the words saves)
        _fill(self.mark, 0)

        self.greatest = TieBreak(tie_break) is TieBreak.GREATEST
        self.tok = [bytes([i]) for i in range(256)] if units is None else [bytes(u) for u in units]
        self.tkey = [token_key(t, self.greatest) for t in self.tok]
        if units is None:
            present, sizes, pair_counts, log = self._byte_pairs(n, _SLICE)
        else:
            present, sizes, pair_counts, log = self._unit_pairs(len(self.tok))
        base = 256 if units is None else max(len(self.tok), 1)
        self._set_pairs(present // base, present % base, sizes, pair_counts, log)

    def _byte_pairs(self, n: int, step: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, _Column]:
        """The pairs of bytes: codes (left * 256 + right), how many positions and how much
        weight each has, and the position log grouped by pair; ppid is filled in.

        Codes are < 65536, so counting is a bincount and grouping a counting sort, both
        slice by slice (positions in each pair's block stay in ascending order)."""
        per_code = np.zeros(65536, dtype=np.int64)
        weights = np.zeros(65536, dtype=np.float64)
        for i in range(0, n, step):
            left = np.flatnonzero(self.nxt[i : i + step] >= 0) + i
            codes16 = (self.sym[left] << 8) | self.sym[left + 1]
            per_code += np.bincount(codes16, minlength=65536)
            weights += np.bincount(codes16, weights=self.wt[left], minlength=65536)
        present = np.flatnonzero(per_code)
        n_pairs = int(present.size)
        pid_of_code = np.full(65536, -1, dtype=np.int32)
        pid_of_code[present] = np.arange(n_pairs, dtype=np.int32)
        cursor = np.zeros(65536, dtype=np.int64)
        np.cumsum(per_code[:-1], out=cursor[1:])
        size = int(per_code.sum())
        # Room to grow (untouched pages cost nothing); when it runs out, stale entries go first.
        log = np.empty(size + size // 2, dtype=np.int32)
        _fill(log[:size], 0)  # first touch of fresh memory costs ~1.5 ms/MB here: pay it in slices
        for i in range(0, n, step):
            left = np.flatnonzero(self.nxt[i : i + step] >= 0) + i
            codes16 = (self.sym[left] << 8) | self.sym[left + 1]
            self.ppid[left] = pid_of_code[codes16]
            scatter_grouped(log, cursor, codes16, left, 65536)

        return present, per_code[present].astype(np.int64), weights[present].astype(np.int64), _Column(log, size)

    def _unit_pairs(self, n_units: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, _Column]:
        """:meth:`_byte_pairs` for an alphabet of ``n_units`` (codes left * n_units + right,
        grouped by sorting: character-level vocabularies train on small corpora)."""
        left = np.flatnonzero(self.nxt >= 0)
        codes = self.sym[left].astype(np.int64) * n_units + self.sym[left + 1]
        present, inverse, sizes = np.unique(codes, return_inverse=True, return_counts=True)
        counts = np.bincount(inverse, weights=self.wt[left], minlength=present.size).astype(np.int64)
        self.ppid[left] = inverse.astype(np.int32)
        log = left[np.argsort(inverse, kind="stable")].astype(np.int32)
        return present, sizes.astype(np.int64), counts, _Column(log, log.size)

    def _set_pairs(
        self, left: np.ndarray, right: np.ndarray, sizes: np.ndarray, counts: np.ndarray, log: _Column
    ) -> None:
        """The pair table of a new loop (pair ``i``: ``left[i]``, ``right[i]``, ``counts[i]``,
        its ``sizes[i]`` positions next in ``log``), then the heap."""
        n_pairs = int(left.size)
        self.log = log
        offsets = np.zeros(n_pairs, dtype=np.int64)
        if n_pairs > 1:
            np.cumsum(sizes[:-1], out=offsets[1:])
        self.pairs = _Pairs(np.empty(4 * n_pairs + 1024, dtype=_PAIR))
        self.pcount = _Column.empty(np.int64, 4 * n_pairs + 1024)
        block = self.pairs.add(n_pairs)
        block["left"] = left
        block["right"] = right
        self.pcount.extend(counts)
        block["off"] = offsets
        block["len"] = sizes
        self._init_heap()
