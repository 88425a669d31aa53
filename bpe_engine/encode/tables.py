"""The lookup tables every encoder reads, built once from a tokenizer's public data.

A :class:`~bpe_engine.Tokenizer` validates its vocabulary and merges, then hands them here;
the encoders (:mod:`.piece`, :mod:`.batch`, :mod:`.charcut`, :mod:`.encoder`) only ever see
an :class:`EncoderTables`, never the tokenizer. Tables that only the vectorised encoders need
(NumPy hash tables, the character-cut table) are built on first use by the module that owns
them, through :meth:`EncoderTables.derived`, and travel with the tables when they are pickled
(worker processes then need not build them again).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from .._blocks import dict_in_blocks
from .._vocab import SHIFT, MergeTables
from ..pretokenize import Pretokenizer, SpecialSplitter

__all__ = ["EncoderTables", "SPECIAL_PREFIX", "id_table"]

T = TypeVar("T")

# A special token's key in the piece cache: 0xFF never occurs in UTF-8, so no text collides.
SPECIAL_PREFIX = b"\xff"
# What a lazy open leaves to first use (EncoderTables.merge_tables makes them).
_LAZY = frozenset({"merge_all_safe", "pair_ids", "new_ids", "ranks"})


def id_table(id_bytes: Mapping[int, bytes]) -> list[bytes | None]:
    """The bytes of each id 0..max, by position (None for a gap in the ids)."""
    size = max(id_bytes) + 1
    if len(id_bytes) == size and list(id_bytes) == list(range(size)):
        return list(id_bytes.values())  # ids 0..size-1 in order (the usual case): no loop
    table: list[bytes | None] = [None] * size
    for i, b in id_bytes.items():
        table[i] = b
    return table


class EncoderTables:
    """Everything needed to turn pieces into ids, indexed for speed.

    - ``byte_id[b]``: the id of the single byte ``b`` (GPT-2's vocabulary does not put byte
      ``b`` at id ``b``); ``identity_bytes`` when it does.
    - ``ranks``: ``left_id << SHIFT | right_id`` -> rank of that merge; ``pair_ids[rank]``
      and ``new_ids[rank]`` give its two parts and its result.
    - ``id_bytes[i]``: the bytes of token ``i`` (None for a gap in the ids).
    - ``special_ids``, ``special_keys`` (cache key -> ``(id,)``), ``all_specials`` (a splitter
      over every special token), ``max_special`` (the longest one, in characters).
    - ``whole_tokens``: bytes -> id, when a piece that is itself a token may be taken whole
      (tiktoken's rule, exact for vocabularies built from tiktoken's ranks), else None.
    - ``more_pairs``: ``(left, right, rank)`` of pairs that also merge, at the rank (and into
      the token) of merge ``rank`` (every split of a token, for tiktoken's rule).
    - ``merge_all_safe``: merging every occurrence of a piece's lowest-ranked pair at once
      gives the same ids as merging one pair at a time (see
      :func:`bpe_engine._vocab.merge_all_safe`); when False, only the one-at-a-time merge of
      :func:`.piece.bpe_piece` is used, never the vectorised encoders.
    """

    def __init__(
        self,
        *,
        byte_ids: Sequence[int],
        merges: Sequence[tuple[int, int, int]] | None,
        id_bytes: Mapping[int, bytes],
        special_tokens: Mapping[str, int],
        pretokenizer: Pretokenizer,
        whole_tokens: Mapping[bytes, int] | None = None,
        merge_all_safe: bool = True,
        more_pairs: Sequence[tuple[int, int, int]] = (),
        pair_ids: list[tuple[int, int]] | None = None,
        new_ids: list[int] | None = None,
        pair_codes: list[int] | None = None,
        merge_source: Callable[[], MergeTables] | None = None,
    ) -> None:
        # pair_ids, new_ids, pair_codes: the columns of ``merges`` (and each pair's code), when
        # the caller has them already: saves three loops over every merge on each load.
        # merge_source (with merges=None): the merge tables are made by it on first use.
        self.byte_id: list[int] = list(byte_ids)
        self.identity_bytes = self.byte_id == list(range(256))
        self._source = merge_source
        self._lock = threading.Lock()
        self.on_merges: Callable[[], None] | None = None
        self._merge_tables: MergeTables | None = None
        if merges is not None or pair_ids is not None:
            pair_ids = pair_ids if pair_ids is not None else [(a, b) for a, b, _ in merges or ()]
            new_ids = new_ids if new_ids is not None else [z for _, _, z in merges or ()]
            self._set_merges(pair_ids, new_ids, pair_codes, more_pairs, merge_all_safe)
        elif merge_source is None:
            raise ValueError("EncoderTables needs merges or a merge_source")
        self.id_bytes = table = id_table(id_bytes)
        self.max_id = len(table) - 1
        self.pretokenizer = pretokenizer
        self.special_ids = frozenset(special_tokens.values())
        self.special_keys: dict[bytes, tuple[int, ...]] = {
            SPECIAL_PREFIX + t.encode("utf-8"): (i,) for t, i in special_tokens.items()
        }
        self.all_specials = SpecialSplitter(special_tokens)
        self.max_special = max((len(t) for t in special_tokens), default=0)
        self.whole_tokens: dict[bytes, int] | None = dict(whole_tokens) if whole_tokens is not None else None
        self._derived: dict[str, Any] = {}

    def _set_merges(
        self,
        pair_ids: list[tuple[int, int]],
        new_ids: list[int],
        pair_codes: list[int] | None,
        more_pairs: Sequence[tuple[int, int, int]],
        merge_all_safe: bool,
    ) -> None:
        self.merge_all_safe = merge_all_safe
        self.pair_ids = pair_ids
        self.new_ids = new_ids
        if pair_codes is None:
            pair_codes = [a << SHIFT | b for a, b in pair_ids]
        ranks = dict_in_blocks(zip(pair_codes, range(len(pair_codes))))  # (no long C call: see _blocks)
        for left, right, rank in more_pairs:  # other pairs that merge at that rank (tiktoken's rule)
            ranks.setdefault(left << SHIFT | right, rank)
        self.ranks: dict[int, int] = ranks

    @property
    def merges_ready(self) -> bool:
        """Whether the merge tables are made (False until first use after a lazy open)."""
        return self._source is None

    def merge_tables(self) -> MergeTables | None:
        """The merge tables from the source this was made with, made now if not yet (None when
        the merges were given to the constructor)."""
        if self._source is not None:
            with self._lock:  # two threads asking at once: one makes them, the other waits
                source = self._source
                if source is not None:
                    m = self._merge_tables = source()
                    self._set_merges(m.pair_ids, m.new_ids, m.codes, m.more or (), bool(m.safe))
                    self._source = None
            hook, self.on_merges = self.on_merges, None
            if hook is not None:
                hook()
        return self._merge_tables

    if not TYPE_CHECKING:  # mypy sees the attributes set by _set_merges, not this fallback

        def __getattr__(self, name: str) -> Any:
            # Only reached for attributes not set yet: the merge tables of a lazy open.
            if name in _LAZY and self.__dict__.get("_source") is not None:
                self.merge_tables()
                return self.__dict__[name]
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def __getstate__(self) -> dict[str, Any]:
        # A copy for a worker process gets the tables made (the source is the opener's).
        self.merge_tables()
        state = dict(self.__dict__)
        del state["_lock"]
        state["on_merges"] = None
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._lock = threading.Lock()

    def made(self, key: str) -> Any:
        """The table :meth:`derived` keeps under ``key``, or None if not made yet."""
        return self._derived.get(key)

    def derived(self, key: str, build: Callable[[EncoderTables], T]) -> T:
        """``build(self)``, made on first use and kept under ``key`` (two threads asking at
        once may both build it; both results are equal, one is kept)."""
        value = self._derived.get(key)
        if value is None:
            value = self._derived[key] = build(self)
        return value
