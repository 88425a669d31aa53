"""Text to ids: special tokens, pre-tokenization, a cache of pieces, and the fastest exact encoder.

:class:`Encoder` owns the piece cache and picks, for each batch of pieces the cache has not
seen, how to encode them: one at a time (:func:`.piece.bpe_piece`), many at once
(:mod:`.batch`), or the whole text without the cache when nearly every piece is new
(:mod:`.charcut`, Chinese text). All give the same ids; only the speed differs.

It does no argument checking: :class:`~bpe_engine.Tokenizer` checks what callers pass and
then calls in here.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Iterable, Sequence
from itertools import accumulate, compress
from operator import itemgetter
from struct import Struct
from typing import Literal

import numpy as np

from ..pretokenize import SpecialSplitter
from .batch import ROUNDS_MAX, bpe_flat, rounds_exact
from .charcut import bpe_cut, bpe_cut_joined, char_ids
from .fine import SPLITS, fine_pieces
from .piece import bpe_piece, bpe_pieces
from .tables import SPECIAL_PREFIX, EncoderTables
from .words import KEY_BYTES, WORD_RULES, Chunks, WordTable, chunk_words, known_chunks, word_keys, word_table

__all__ = ["Encoder", "CACHE_LIMIT"]

CACHE_LIMIT = 500_000
_TEXT_BLOCK = 8_192  # mixed ASCII/non-ASCII text is split in blocks of about this size
# From this many unseen pieces on, they are encoded together, vectorised (bpe_engine.encode.batch:
# below it, the fixed cost of the NumPy calls is more than one piece at a time costs).
_BATCH_MIN_PIECES = 256
# Unseen pieces holding this many bytes in all may skip the cache (see _FLAT_SHARE).
_BATCH_MIN_BYTES = 500_000
# ... and when more than this share of all pieces is unseen, the whole text goes through the
# vectorised merge without the cache.
_FLAT_SHARE = 0.3
# Mostly multi-byte text of this many characters on goes through the vectorised merge whole,
# its pieces as offsets (Encoder._ids_spans): nearly all its pieces are new even to a warm
# cache (a piece cache lookup per piece cost more than the merge it saves).
# subtle: its first use builds the tokens the merges do not make (o200k 1.4 CPU s, Qwen 0.5):
# from 256 Ki characters on (the size from which Tokenizer.encode builds tiktoken's core),
# so that a text short of that, where tiktoken's core is not built, never pays it.
_SPANS_MIN = 1 << 18
# Mostly-ASCII text of this many characters on is cut into words by NumPy first
# (Encoder._ids_words; below it the NumPy calls' fixed cost is more than they save) ...
_WORDS_MIN = 1 << 14
# ... when at least this share of the chunks of its first 32 KiB are simple words (English:
# 0.8-0.85; code ~0.45, faster here too since its leftovers skip a Python call per new piece).
_WORDS_SHARE = 0.3
_WORDS_SAMPLE = 1 << 15
# New ASCII pieces up to this many bytes are merged in rounds without the character cuts.
_ROUNDS_DIRECT = 64


# The piece caches hold each piece's ids packed as native 32-bit integers (``bytes``), not as a
# tuple: a text's ids are then one ``b"".join`` of its pieces' entries (C, one pass) and one
# ``tolist``, where chaining ~400 000 tuples into a list cost more than the regex pass.
_ID = "i"
_ID_DTYPE = np.int32


_ONE = Struct("=i")  # one id's entry


def _ids(entries: bytes) -> list[int]:
    """The ids of joined cache entries."""
    out: list[int] = np.frombuffer(entries, dtype=_ID_DTYPE).tolist()
    return out


def pack(ids: tuple[int, ...] | list[int]) -> bytes:
    """``ids`` as a cache entry."""
    return array(_ID, ids).tobytes()


def unpack_many(entries: list[bytes]) -> list[tuple[int, ...]]:
    """Cache entries back to tuples of ids."""
    ids = np.frombuffer(b"".join(entries), dtype=_ID_DTYPE).tolist()
    ends = list(accumulate(map(len, entries)))
    return list(map(tuple, map(ids.__getitem__, map(slice, [0, *(e >> 2 for e in ends[:-1])], (e >> 2 for e in ends)))))


def pack_flat(flat: np.ndarray, counts: np.ndarray) -> list[bytes]:
    """The cache entries of pieces whose ids are ``flat``, ``counts[k]`` for piece ``k``."""
    buf = flat.astype(_ID_DTYPE, copy=False).tobytes()
    ends = np.cumsum(counts, dtype=np.int64) * 4
    starts = ends - counts * 4
    return list(map(buf.__getitem__, map(slice, starts.tolist(), ends.tolist())))


def merge_packed(tables: EncoderTables, todo: list[bytes]) -> list[bytes]:
    """The cache entries of the distinct pieces ``todo`` by the merges alone (no piece taken
    whole): vectorised when there are many or one is long, else one at a time."""
    if rounds_exact(tables) and (len(todo) >= _BATCH_MIN_PIECES or max(map(len, todo)) > ROUNDS_MAX):
        return pack_flat(*bpe_flat(tables, todo))
    return list(map(pack, bpe_pieces(tables, todo)))


# A call that merges this many new pieces of tables without whole tokens makes the table of
# the tokens that encode to themselves (see _self_tokens), for the calls after it.
_SELF_TOKENS_AFTER = 4096


def _self_tokens(tables: EncoderTables) -> dict[bytes, int]:
    """Bytes -> id of every token that the merges encode to itself: a piece equal to one is
    that token without merging (what the merges give, looked up; a Hugging Face file without
    ``ignore_merges`` has no whole-token rule, yet nearly all its tokens encode to themselves:
    127 412 of Llama 3.2's 128 000). Built once per tables, by the vectorised merge."""
    specials = tables.special_ids
    tokens = [(i, b) for i, b in enumerate(tables.id_bytes) if b and i not in specials]
    if not tokens:
        return {}
    flat, counts = bpe_flat(tables, [b for _, b in tokens])
    first = np.cumsum(counts) - counts
    ids = np.fromiter((i for i, _ in tokens), dtype=np.int64, count=len(tokens))
    itself = (counts == 1) & (flat[np.minimum(first, flat.size - 1)] == ids)
    return {b: i for (i, b), ok in zip(tokens, itself.tolist()) if ok}


def _piece_keys(raw: np.ndarray, starts: np.ndarray, lengths: np.ndarray) -> np.ndarray:
    """A uint64 per byte string of ``raw`` (``starts``/``lengths``): its length (clipped to
    255) and its first 7 bytes. Equal strings have equal keys (a necessary condition only)."""
    tail = np.concatenate((raw, np.zeros(7, dtype=np.uint8)))
    keys = np.zeros(starts.size, dtype=np.uint64)
    for m in range(7):
        keys <<= np.uint64(8)
        keys |= tail[starts + m].astype(np.uint64)
    keys >>= (8 * (7 - np.minimum(lengths, 7))).astype(np.uint64)
    keys |= np.minimum(lengths, 255).astype(np.uint64) << np.uint64(56)
    return keys


def _unmade_tokens(tables: EncoderTables) -> tuple[np.ndarray, dict[bytes, int]]:
    """The whole tokens (tiktoken's rule) that the merges do not make of their own bytes, with
    their :func:`_piece_keys`: only a piece equal to one of them needs the rule (a piece equal
    to any other token is merged into that token anyway). None in Qwen's, Tekken's and
    OpenAI's rank files, 588 in Llama 3's. Built once per tables."""
    whole = tables.whole_tokens
    if not whole:
        return np.empty(0, dtype=np.uint64), {}
    made = _self_tokens(tables)
    unmade = {b: i for b, i in whole.items() if made.get(b) != i}
    if not unmade:
        return np.empty(0, dtype=np.uint64), {}
    tokens = list(unmade)
    lengths = np.fromiter(map(len, tokens), dtype=np.int64, count=len(tokens))
    starts = np.cumsum(lengths) - lengths
    keys = _piece_keys(np.frombuffer(b"".join(tokens), dtype=np.uint8), starts, lengths)
    return np.unique(keys), unmade


def _splice(new: np.ndarray, flat: np.ndarray, counts: np.ndarray, found: Sequence[bytes | bytearray]) -> list[int]:
    """The ids of pieces some of which (``new``) were merged (``flat``, ``counts`` per piece),
    the others' cache entries (``found``, in order) put back in place."""
    per_piece = np.empty(new.size, dtype=np.int64)
    per_piece[new] = counts
    per_piece[~new] = np.fromiter(map(len, found), dtype=np.int64, count=len(found)) >> 2
    from_new = np.repeat(new, per_piece)
    ids = np.empty(from_new.size, dtype=np.int64)
    ids[from_new] = flat
    ids[~from_new] = np.frombuffer(b"".join(found), dtype=_ID_DTYPE)
    out: list[int] = ids.tolist()
    return out


def _pick(items: list[bytes], at: list[int]) -> list[bytes]:
    """``items`` at the indices ``at``, in that order."""
    return list(itemgetter(*at)(items)) if len(at) > 1 else [items[k] for k in at]


def mostly_multibyte(text: str) -> bool:
    """True when a quarter or more of the characters of ``text`` (sampled) are not ASCII."""
    n = len(text)
    sample = text if n <= 65_536 else text[:32_768] + text[n // 2 : n // 2 + 32_768]
    return len(sample.encode("utf-8", "surrogatepass")) >= 1.5 * len(sample)


class _MergeOnly:
    """Segments of pieces to ids by the merges alone, through a cache of its own (for
    :func:`.charcut.bpe_cut`)."""

    def __init__(self, tables: EncoderTables) -> None:
        self.tables = tables
        self.cache: dict[bytes, bytes] = {}

    def encode_distinct_packed(self, pieces: list[bytes]) -> list[bytes]:
        cache = self.cache
        todo = [p for p in pieces if p not in cache]
        if todo:
            cache.update(zip(todo, merge_packed(self.tables, todo)))
        return list(map(cache.__getitem__, pieces))


class _Gather(dict[bytes, "bytes | bytearray"]):
    """One call's view of the piece cache (see :meth:`Encoder._ids_gathered`): a piece not in
    it is looked up in the cache, then among the whole tokens, else given a placeholder."""

    def __init__(self, cache: dict[bytes, bytes], whole: dict[bytes, int] | None) -> None:
        super().__init__()
        self.cache = cache
        self.whole = whole if whole is not None else {}
        self.whole_hits: dict[bytes, bytes] = {}
        self.todo: list[bytes] = []
        self.slots: list[bytearray] = []

    def __missing__(self, piece: bytes) -> bytes | bytearray:
        entry: bytes | bytearray | None = self.cache.get(piece)
        if entry is None:
            token = self.whole.get(piece)
            if token is not None:
                # tiktoken's rule: a piece that is itself a token is that token (see ids_of).
                entry = self.whole_hits[piece] = _ONE.pack(token)
            else:
                entry = bytearray()
                self.todo.append(piece)
                self.slots.append(entry)
        self[piece] = entry
        return entry


class Encoder:
    """Encodes text with one tokenizer's :class:`EncoderTables`, through a bounded cache."""

    def __init__(self, tables: EncoderTables, cache_size: int = CACHE_LIMIT) -> None:
        self.tables = tables
        #: Most pieces kept in the cache; it is emptied when full, so memory stays bounded.
        self.cache_size = cache_size
        # Special tokens' cache keys and entries (see SPECIAL_PREFIX), the cache's first entries.
        self._special_entries = {key: pack(ids) for key, ids in tables.special_keys.items()}
        self._cache: dict[bytes, bytes] = dict(self._special_entries)
        self._splitters: dict[frozenset[str], SpecialSplitter] = {}
        self._segments: _MergeOnly | None = None

    def __reduce__(self) -> tuple[type[Encoder], tuple[EncoderTables, int]]:
        # The cache is rebuilt on demand (a worker process gets a lean copy).
        return (Encoder, (self.tables, self.cache_size))

    def clear_cache(self) -> None:
        """Forget the encodings of pieces seen so far (they are recomputed on demand)."""
        self._cache = dict(self._special_entries)
        self._segments = None

    def bpe(self, data: bytes) -> tuple[int, ...]:
        """Token ids of one piece, without the cache."""
        return bpe_piece(self.tables, data)

    def splitter_for(self, allowed: frozenset[str]) -> SpecialSplitter:
        """A splitter over the special tokens in ``allowed`` (made once per set)."""
        sp = self._splitters.get(allowed)
        if sp is None:
            sp = SpecialSplitter(t for t in self.tables.all_specials.tokens if t in allowed)
            self._splitters[allowed] = sp
        return sp

    # -- text to pieces ---------------------------------------------------------------------

    def pieces(self, text: str) -> list[bytes]:
        """The pieces of special-token-free ``text`` as UTF-8 bytes.

        All-ASCII stretches are split by the byte-level twin of the pattern (exact there,
        and ~2.4x faster); long mixed texts are cut into blocks at safe points so that one
        non-ASCII character slows down only its own block.
        """
        pre = self.tables.pretokenizer
        if text.isascii():
            found_bytes = pre.split_bytes(text.encode("ascii"))
            if found_bytes is not None:
                return found_bytes
        elif pre.bytes_exact:
            return pre.split_bytes(text.encode("utf-8")) or []
        elif mostly_multibyte(text):
            found = pre.utf8_pieces(text)
            if found is not None:
                return found[0]
        safe = pre.safe_cut
        n = len(text)
        if safe is None or not pre.ascii_fast or n <= 2 * _TEXT_BLOCK:
            return list(map(str.encode, pre.split(text)))
        out: list[bytes] = []
        pos = 0
        while pos < n:
            m = safe.search(text, pos + _TEXT_BLOCK) if n - pos > 2 * _TEXT_BLOCK else None
            end = m.start() if m is not None else n
            block = text[pos:end]
            if block.isascii():
                out += pre.split_bytes(block.encode("ascii")) or []
            else:
                found = pre.utf8_pieces(block)
                out += found[0] if found is not None else map(str.encode, pre.split(block))
            pos = end
        return out

    # -- pieces to ids ----------------------------------------------------------------------

    def _bounded_cache(self) -> dict[bytes, bytes]:
        """The piece cache, a new one when it is full."""
        cache = self._cache
        if len(cache) > self.cache_size or not cache:
            # Bounded memory: start a new cache rather than grow. subtle: rebind, never clear in
            # place, so another thread in the middle of a call keeps a complete one.
            cache = self._cache = dict(self._special_entries)
        return cache

    def ids_of(self, pieces: list[bytes], mostly_new: bool = False) -> list[int]:
        """Token ids of a list of pieces (special tokens as their cache keys), through the
        piece cache; ``mostly_new``: a hint that most pieces were never seen (multi-byte text),
        where the flat path (:meth:`_ids_flat`) may skip the cache."""
        cache = self._bounded_cache()
        try:
            # Every piece known (a warm cache): no set of the pieces at all. A miss stops the
            # join where it occurs (early in a cold call).
            return _ids(b"".join(map(cache.__getitem__, pieces)))
        except KeyError:
            pass
        if not mostly_new:
            return self._ids_gathered(cache, pieces)
        missing = set(pieces).difference(cache)  # subtle: a dict, not .keys(): O(len(pieces))
        whole = self.tables.whole_tokens
        if whole is not None:
            # tiktoken's rule: a piece that is itself a token is that token. For OpenAI's
            # vocabularies this equals the merge rule (every token encodes to itself; see
            # tests/engine/test_tiktoken_parity.py), so it is only a shortcut.
            # subtle: not missing.intersection(whole), which walks all of ``whole`` (200 000
            # tokens) when it is a dict; this walks the few missing pieces.
            hits = list(filter(whole.__contains__, missing))
            if hits:
                cache.update(zip(hits, map(_ONE.pack, map(whole.__getitem__, hits))))
                missing.difference_update(hits)
        if missing:
            todo = list(missing)
            self._note_new(len(todo))
            if (
                len(todo) > 1000
                and sum(map(len, todo)) >= _BATCH_MIN_BYTES
                and len(todo) > _FLAT_SHARE * len(pieces)
                and (self.tables.merge_all_safe or rounds_exact(self.tables))
            ):
                # Mostly pieces never seen (Chinese): caching them is pure overhead.
                return self._ids_flat(pieces)
            self._fill_cache(cache, todo)
        return _ids(b"".join(map(cache.__getitem__, pieces)))

    def _ids_gathered(self, cache: dict[bytes, bytes], pieces: list[bytes]) -> list[int]:
        """:meth:`ids_of` of pieces some of which the cache lacks (see :meth:`_entries`)."""
        return _ids(b"".join(self._entries(cache, pieces)))

    def _entries(self, cache: dict[bytes, bytes], pieces: list[bytes]) -> list[bytes | bytearray]:
        """The cache entries of ``pieces``, in one pass over them: each distinct piece the
        cache lacks gets an empty ``bytearray`` that every occurrence shares, the new pieces
        are merged together and their entries written into those placeholders in place (no
        set of the pieces, no second pass of lookups)."""
        gather = _Gather(cache, self._whole())
        entries = list(map(gather.__getitem__, pieces))
        if gather.whole_hits:
            cache.update(gather.whole_hits)
        todo = gather.todo
        if todo:
            # subtle: into a private dict first, so another thread never sees the placeholders.
            merged: dict[bytes, bytes] = {}
            self._fill_cache(merged, todo)
            for slot, entry in zip(gather.slots, map(merged.__getitem__, todo)):
                slot += entry
            cache.update(merged)
        return entries

    def _entries_of_few(self, cache: dict[bytes, bytes], pieces: list[bytes]) -> list[bytes]:
        """:meth:`_entries` for pieces of which a large share is distinct (the words path's
        leftovers: ~50 000 pieces, ~13 000 new in English): the distinct pieces the cache
        lacks found by set operations in C, not by a Python call each (:class:`_Gather`), and
        the cache written with complete entries only."""
        missing = dict.fromkeys(pieces).keys() - cache.keys()
        if missing:
            new: dict[bytes, bytes] = {}
            whole = self._whole()
            if whole:
                # tiktoken's rule (see ids_of). subtle: filter, not missing & whole.keys(),
                # which may walk all of ``whole``.
                hits = list(filter(whole.__contains__, missing))
                new.update(zip(hits, map(_ONE.pack, map(whole.__getitem__, hits))))
                missing.difference_update(hits)
            if missing:
                self._fill_cache(new, list(missing))
            cache.update(new)
        return list(map(cache.__getitem__, pieces))

    def _whole(self) -> dict[bytes, int] | None:
        """The pieces taken whole: tiktoken's whole tokens, or else (once made) the tokens
        that encode to themselves (a shortcut only: :func:`_self_tokens`)."""
        whole = self.tables.whole_tokens
        return whole if whole is not None else self.tables.made("self_tokens")

    def _note_new(self, count: int) -> None:
        """After a call with ``count`` new pieces, make the table of :meth:`_whole` if worth it."""
        tables = self.tables
        if count >= _SELF_TOKENS_AFTER and tables.whole_tokens is None and rounds_exact(tables):
            tables.derived("self_tokens", _self_tokens)

    def _fill_cache(self, cache: dict[bytes, bytes], todo: list[bytes]) -> None:
        """Encode the distinct pieces ``todo`` into ``cache`` (vectorised when there are many,
        or when one is long: the vectorised merge is linear in its length), one at a time
        when the vectorised merge does not apply (:func:`.batch.rounds_exact` is False)."""
        tables = self.tables
        self._note_new(len(todo))
        if (
            not tables.merge_all_safe
            and len(todo) >= _BATCH_MIN_PIECES
            and rounds_exact(tables)
            and not (max(map(len, todo)) <= _ROUNDS_DIRECT and b"".join(todo).isascii())
        ):
            # Rounds take one per merge of the longest piece: long Chinese pieces are cut
            # first where no token can cross (exact, see .charcut). Short ASCII pieces
            # (English words) take few rounds and the cuts cost more than they save.
            cache.update(zip(todo, pack_flat(*bpe_cut(self._merge_only(), todo))))
        else:
            cache.update(zip(todo, merge_packed(tables, todo)))

    def _merge_only(self) -> _MergeOnly:
        """The segment cache :func:`.charcut.bpe_cut` encodes through for tables that are not
        ``merge_all_safe``, kept apart from the piece cache: a piece that is itself a token
        is taken whole there (tiktoken's rule), a segment of a piece never is."""
        if self._segments is None or len(self._segments.cache) > self.cache_size:
            self._segments = _MergeOnly(self.tables)
        return self._segments

    def encode_distinct_packed(self, pieces: list[bytes]) -> list[bytes]:
        """The cache entries of ``pieces`` (distinct, no special tokens), through the cache."""
        cache = self._cache
        if len(cache) > self.cache_size:
            cache = self._cache = dict(self._special_entries)
        todo = [p for p in pieces if p not in cache]
        if todo:
            self._fill_cache(cache, todo)
        return list(map(cache.__getitem__, pieces))

    def encode_distinct(self, pieces: list[bytes]) -> list[tuple[int, ...]]:
        """Token ids of each of ``pieces`` (distinct, no special tokens), through the cache."""
        return unpack_many(self.encode_distinct_packed(pieces)) if pieces else []

    def piece_ids_many(self, pieces: list[bytes]) -> list[tuple[int, ...]]:
        """Token ids of each of ``pieces`` (no special tokens) as :meth:`ids_of` gives them
        one by one (a piece that is itself a token taken whole where the rule says so), the
        pieces not seen yet merged together; for bulk questions such as reachability."""
        whole = self.tables.whole_tokens
        out: list[tuple[int, ...] | None] = [None] * len(pieces)
        rest: list[int] = []
        for k, piece in enumerate(pieces):
            found = whole.get(piece) if whole is not None else None
            if found is None:
                rest.append(k)
            else:
                out[k] = (found,)
        distinct = list(dict.fromkeys(pieces[k] for k in rest))
        ids = dict(zip(distinct, self.encode_distinct(distinct))) if distinct else {}
        for k in rest:
            out[k] = ids[pieces[k]]
        return [o if o is not None else () for o in out]

    def _ids_flat(self, pieces: list[bytes]) -> list[int]:
        """All pieces the cache does not know through the vectorised merge at once, without
        caching them; the known ones (special tokens, tokens taken whole, pieces seen before)
        put back in place from the cache."""
        cache = self._cache
        known = np.fromiter(map(cache.__contains__, pieces), dtype=bool, count=len(pieces))
        new = ~known
        # Tables that are not merge_all_safe merge segments through a cache of their own,
        # where no piece is taken whole (see _merge_only); the others through the piece cache.
        merging = self if self.tables.merge_all_safe else self._merge_only()
        flat, counts = bpe_cut(merging, list(compress(pieces, new.tolist())))
        if not known.any():
            out: list[int] = flat.tolist()
            return out
        return _splice(new, flat, counts, list(map(cache.__getitem__, compress(pieces, known.tolist()))))

    def _spans_apply(self, text: str) -> bool:
        """Whether :meth:`_ids_spans` takes ``text`` (mostly multi-byte, long)."""
        tables = self.tables
        return len(text) >= _SPANS_MIN and (tables.merge_all_safe or rounds_exact(tables))

    def _ids_spans(self, raw: bytes, ends: np.ndarray, special_at: list[int]) -> list[int]:
        """Ids of long mostly multi-byte text (UTF-8 ``raw``) whose pieces end at ``ends``
        (:meth:`.Pretokenizer.utf8_bounds`): the flat path of :meth:`ids_of` without a
        ``bytes`` object, a lookup or a cache entry per piece. Every piece goes through the
        vectorised merge at once but the special tokens' pieces and those equal to a whole
        token the merges do not make (:func:`_unmade_tokens`), which take their entries."""
        starts = np.zeros(ends.size, dtype=np.int64)
        starts[1:] = ends[:-1]
        lengths = ends - starts
        fixed: dict[int, bytes] = {}
        if special_at:
            bounds = list(zip(starts[special_at].tolist(), ends[special_at].tolist()))
            for k, (s, e) in zip(special_at, bounds):
                fixed[k] = self._special_entries[SPECIAL_PREFIX + raw[s:e]]
        keys, unmade = self.tables.derived("unmade_tokens", _unmade_tokens)
        if unmade:
            rawarr = np.frombuffer(raw, dtype=np.uint8)
            piece_keys = _piece_keys(rawarr, starts, lengths)
            # subtle: not np.isin, which sorts all the pieces' keys; this sorts none of them.
            at_key = np.minimum(np.searchsorted(keys, piece_keys), keys.size - 1)
            maybe = np.flatnonzero(keys[at_key] == piece_keys)
            for k, s, e in zip(maybe.tolist(), starts[maybe].tolist(), ends[maybe].tolist()):
                token = unmade.get(raw[s:e])
                if token is not None and k not in fixed:
                    fixed[k] = _ONE.pack(token)
        merging = self if self.tables.merge_all_safe else self._merge_only()
        # The characters' ids as one table (~10 ms once per tables: not for shorter texts).
        chars = char_ids(self.tables)
        if not fixed:
            flat, _ = bpe_cut_joined(merging, raw, lengths, chars)
            out: list[int] = flat.tolist()
            return out
        at = sorted(fixed)
        new = np.ones(ends.size, dtype=bool)
        new[at] = False
        rest = np.frombuffer(raw, dtype=np.uint8)[np.repeat(new, lengths)].tobytes()
        flat, counts = bpe_cut_joined(merging, rest, lengths[new], chars)
        return _splice(new, flat, counts, [fixed[k] for k in at])

    def _word_table(self) -> WordTable | None:
        """The whole tokens of up to 16 ASCII bytes as a NumPy hash table (see :meth:`_whole`),
        or None while the tables have no pieces taken whole."""
        tables = self.tables
        if tables.whole_tokens is not None:
            return tables.derived("word_table", lambda t: word_table(t.whole_tokens or {}))
        made = tables.made("self_tokens")
        return None if made is None else tables.derived("self_word_table", lambda t: word_table(made))

    def _ids_words(self, segments: list[tuple[str, bool]]) -> list[int] | None:
        """Ids of mostly-ASCII text, as documents and special tokens (``segments``), cut into
        chunks by NumPy (see :mod:`.words`): the simple words among them looked up by their
        keys, every other chunk split by the pattern (laid end to end, document by document:
        the same pieces) and its pieces of up to 16 ASCII bytes looked up too, the rest through
        the piece cache; None where the text is not for this path."""
        rule = WORD_RULES.get(self.tables.pretokenizer.twin)
        table = self._word_table() if rule is not None else None
        if rule is None or table is None:
            return None
        try:
            parts = [segment.encode("utf-8") for segment, _ in segments]
        except UnicodeEncodeError:  # lone surrogates: the piece path repairs them
            return None
        data = b"".join(parts)
        if not data or not self._wordy(data[:_WORDS_SAMPLE], rule):
            return None
        raw = np.frombuffer(data, dtype=np.uint8)
        bounds = np.cumsum(np.fromiter(map(len, parts), dtype=np.int64, count=len(parts)))
        chunks = chunk_words(data, rule, bounds[:-1])
        starts, lengths = chunks.starts, chunks.lengths
        # Each chunk's segment: the segments that start at or before it (each starts a chunk;
        # an empty one where the next starts), found for the few segments, not the many chunks.
        firsts = np.searchsorted(starts, bounds[:-1])
        document = np.cumsum(np.bincount(firsts, minlength=starts.size + 1)[: starts.size])
        specials = np.fromiter((special for _, special in segments), dtype=bool, count=len(segments))
        usable = ~specials[document]
        units, known = known_chunks(table, raw, chunks, usable)
        units, known, split = self._known_parts(table, raw, chunks, usable & (units == 0), units, known)
        # Every other chunk (words no whole token is, or longer than a key, included) goes to
        # the pattern, laid end to end in each document: the same pieces, each chunk ending
        # where one does.
        rest = units == 0
        others = raw[np.repeat(rest, lengths)].tobytes()
        rest_ends = np.cumsum(lengths[rest])  # where each such chunk ends in ``others``
        # Where each document ends in ``others``: after its last chunk there.
        last = np.searchsorted(document[rest], np.arange(len(parts)), side="right")
        doc_ends = np.concatenate((np.zeros(1, dtype=np.int64), rest_ends))[last]
        pieces, special_at = self._split_documents(others, doc_ends.tolist(), parts, specials)
        piece_lengths = np.fromiter(map(len, pieces), dtype=np.int64, count=len(pieces))
        piece_lengths[special_at] -= len(SPECIAL_PREFIX)
        ends = np.cumsum(piece_lengths)
        # Pieces ending at or before each byte of ``others``: a chunk's count of pieces.
        done = np.zeros(len(others) + 1, dtype=np.int32)
        done[ends] = 1
        if not done[rest_ends].all():
            return None  # never, by the module's argument; the piece path stays exact if it did
        np.cumsum(done, out=done)
        units[rest] = np.diff(done[rest_ends], prepend=0)
        tokens = np.full(int(units.sum()), -1, dtype=np.int64)  # per piece, a token or -1
        from_rest = np.repeat(rest, units)
        tokens[~from_rest] = known
        at_piece = np.flatnonzero(from_rest)
        short = np.flatnonzero(piece_lengths <= KEY_BYTES)
        if short.size:
            keys = word_keys(np.frombuffer(others, dtype=np.uint8), (ends - piece_lengths)[short], piece_lengths[short])
            tokens[at_piece[short]] = table.lookup(keys)
            tokens[at_piece[special_at]] = -1  # a special token's text is not that token
            left = np.flatnonzero(tokens[at_piece] < 0).tolist()
            pieces = _pick(pieces, left)
        if split:
            # The split chunks' pieces that are no whole token, in place among the others.
            spots = np.concatenate((np.flatnonzero((tokens < 0) & ~from_rest), at_piece[tokens[at_piece] < 0]))
            pieces = _pick(split + pieces, np.argsort(spots, kind="stable").tolist())
        entries = self._entries_of_few(self._bounded_cache(), pieces) if pieces else []
        is_token = tokens >= 0
        return _splice(is_token, tokens[is_token], np.ones(int(is_token.sum()), dtype=np.int64), entries)

    def _known_parts(
        self, table: WordTable, raw: np.ndarray, chunks: Chunks, todo: np.ndarray, units: np.ndarray, known: np.ndarray
    ) -> tuple[np.ndarray, np.ndarray, list[bytes]]:
        """:func:`.words.known_chunks`'s ``units`` and tokens with the chunks ``todo`` (which
        it left) added where :func:`.fine.fine_pieces` splits them: their pieces' tokens among
        ``table``'s, -1 for the pieces no token of it is, and those pieces, in order."""
        rule = WORD_RULES.get(self.tables.pretokenizer.twin)
        split_rule = SPLITS.get(self.tables.pretokenizer.twin)
        at = np.flatnonzero(todo)
        if split_rule is None or not at.size:
            return units, known, []
        lengths = chunks.lengths[at]
        data = raw[np.repeat(todo, chunks.lengths)].tobytes()
        starts = np.cumsum(lengths) - lengths
        ok, piece_starts, piece_lengths = fine_pieces(data, starts, rule == "cased", split_rule)
        if not piece_starts.size:
            return units, known, []
        found = np.full(piece_starts.size, -1, dtype=np.int64)
        short = np.flatnonzero(piece_lengths <= KEY_BYTES)
        buf = np.frombuffer(data, dtype=np.uint8)
        found[short] = table.lookup(word_keys(buf, piece_starts[short], piece_lengths[short]))
        more = units.copy()
        more[at[ok]] = np.diff(np.searchsorted(piece_starts, starts[ok]), append=piece_starts.size)
        tokens = np.empty(int(more.sum()), dtype=np.int64)
        old = np.repeat(units > 0, more)
        tokens[old] = known
        tokens[~old] = found
        new = np.flatnonzero(found < 0)
        begin = piece_starts[new]
        split = list(map(data.__getitem__, map(slice, begin.tolist(), (begin + piece_lengths[new]).tolist())))
        return more, tokens, split

    @staticmethod
    def _wordy(data: bytes, rule: Literal["letters", "cased"]) -> bool:
        """Whether ``data``'s share of simple words is the words path's (:data:`_WORDS_SHARE`)."""
        simple = chunk_words(data, rule, np.zeros(0, dtype=np.int64)).simple
        return bool(np.count_nonzero(simple) >= _WORDS_SHARE * simple.size)

    def _split_documents(
        self, others: bytes, ends: list[int], parts: list[bytes], specials: np.ndarray
    ) -> tuple[list[bytes], list[int]]:
        """The pieces of ``others``, document ``k`` ending at ``ends[k]``, special tokens as
        their cache keys (and where they are among the pieces)."""
        pieces: list[bytes] = []
        special_at: list[int] = []
        start = 0
        for end, part, special in zip(ends, parts, specials.tolist()):
            if special:
                special_at.append(len(pieces))
                pieces.append(SPECIAL_PREFIX + part)
            elif end > start:
                pieces += self._split_bytes(others[start:end])
            start = end
        return pieces, special_at

    def _split_bytes(self, data: bytes) -> list[bytes]:
        """The pieces of the UTF-8 ``data`` (no special tokens)."""
        pre = self.tables.pretokenizer
        if data.isascii():
            found = pre.split_bytes(data)
            if found is not None:
                return found
        return self.pieces(data.decode("utf-8"))

    # -- text to ids ------------------------------------------------------------------------

    def encode_ordinary(self, text: str) -> list[int]:
        """Token ids of ``text``; special-token text is ordinary text."""
        if not text:
            return []
        multibyte = not text.isascii() and mostly_multibyte(text)
        if multibyte and self._spans_apply(text):
            bounds = self.tables.pretokenizer.utf8_bounds(text)
            if bounds is not None:
                return self._ids_spans(*bounds)
        if not multibyte and len(text) >= _WORDS_MIN:
            found = self._ids_words([(text, False)])
            if found is not None:
                return found
        return self.ids_of(self.pieces(text), multibyte)

    def encode(self, text: str, allowed: frozenset[str]) -> list[int]:
        """Token ids of ``text``, the special tokens in ``allowed`` recognised (longest first)."""
        if not allowed:
            return self.encode_ordinary(text)
        # One pass through the cache for the whole text: a special token is a "piece" whose
        # key starts with 0xFF, a byte that never occurs in UTF-8, so no text can collide.
        splitter = self.splitter_for(allowed)
        # Text of mostly multi-byte characters goes through the stand-ins in one piece (many
        # short documents between special tokens would each cost a round of NumPy calls);
        # mostly-ASCII text is split segment by segment (ASCII ones by the byte-level twin).
        pre = self.tables.pretokenizer
        multibyte = mostly_multibyte(text)
        if multibyte and self._spans_apply(text):
            bounds = pre.utf8_bounds(text, splitter)
            if bounds is not None:
                return self._ids_spans(*bounds)
        found = pre.utf8_pieces(text, splitter) if multibyte else None
        if found is not None:
            pieces, special_at = found
            for i in special_at:
                pieces[i] = SPECIAL_PREFIX + pieces[i]
            return self.ids_of(pieces, True)
        # Without stand-ins (o200k, Tekken), mostly multi-byte text goes to the pattern segment
        # by segment as it is: the choices of :meth:`pieces` (ASCII twin, blocks) were made
        # again for each of thousands of short documents and cost as much as the regex.
        # Pinned once for the whole text (a NumPy pass), not once per document.
        split: Callable[[str], Iterable[bytes]]
        if not multibyte:
            split = self.pieces
        elif pre.pin(text) is text:
            split = lambda segment: map(str.encode, pre.split_pinned(segment))  # noqa: E731
        else:
            split = lambda segment: map(str.encode, pre.split(segment))  # noqa: E731
        segments = list(splitter.split(text))
        if not multibyte and len(text) >= _WORDS_MIN:
            words = self._ids_words(segments)
            if words is not None:
                return words
        pieces = []
        for segment, special in segments:
            if special:
                pieces.append(SPECIAL_PREFIX + segment.encode("utf-8"))
            else:
                pieces += split(segment)
        return self.ids_of(pieces, multibyte)
