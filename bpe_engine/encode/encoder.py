"""Text to ids: special tokens, pre-tokenization, a cache of pieces, and the fastest exact encoder.

:class:`Encoder` owns the piece cache and picks, for each batch of pieces the cache has not
seen, how to encode them: one at a time (:func:`.piece.bpe_piece`), many at once
(:mod:`.batch`), or the whole text without the cache when nearly every piece is new
(:mod:`.charcut`, Chinese text). All give the same ids; only the speed differs.

Its paths for long texts are base classes of :class:`Encoder` in modules of their own, chosen
here: :mod:`.words_path` (mostly-ASCII text cut into words by NumPy) and :mod:`.flat_paths`
(pieces nearly all new, merged without the cache); the cache entries' format is
:mod:`.entries`, the tables of tokens taken whole without merging :mod:`.whole`.

It does no argument checking: :class:`~bpe_engine.Tokenizer` checks what callers pass and
then calls in here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from ..pretokenize import SpecialSplitter
from .batch import ROUNDS_MAX, bpe_flat
from .charcut import bpe_cut
from .entries import ONE, entry_ids, pack, pack_flat, unpack_many
from .flat_paths import FlatPaths
from .piece import bpe_piece, bpe_pieces
from .rounds import rounds_exact
from .tables import SPECIAL_PREFIX, EncoderTables
from .whole import self_tokens
from .words_path import WordsPath

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
# (Encoder._ids_words; below it the NumPy calls' fixed cost is more than they save) when
# enough of it is simple words (.words_path._WORDS_SHARE).
_WORDS_MIN = 1 << 14
# New ASCII pieces up to this many bytes are merged in rounds without the character cuts.
_ROUNDS_DIRECT = 64

# A call that merges this many new pieces of tables without whole tokens makes the table of
# the tokens that encode to themselves (see .whole.self_tokens), for the calls after it.
_SELF_TOKENS_AFTER = 4096


def merge_packed(tables: EncoderTables, todo: list[bytes]) -> list[bytes]:
    """The cache entries of the distinct pieces ``todo`` by the merges alone (no piece taken
    whole): vectorised when there are many or one is long, else one at a time."""
    if rounds_exact(tables) and (len(todo) >= _BATCH_MIN_PIECES or max(map(len, todo)) > ROUNDS_MAX):
        return pack_flat(*bpe_flat(tables, todo))
    return list(map(pack, bpe_pieces(tables, todo)))


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
                entry = self.whole_hits[piece] = ONE.pack(token)
            else:
                entry = bytearray()
                self.todo.append(piece)
                self.slots.append(entry)
        self[piece] = entry
        return entry


class Encoder(WordsPath, FlatPaths):
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
            return entry_ids(b"".join(map(cache.__getitem__, pieces)))
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
                cache.update(zip(hits, map(ONE.pack, map(whole.__getitem__, hits))))
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
        return entry_ids(b"".join(map(cache.__getitem__, pieces)))

    def _ids_gathered(self, cache: dict[bytes, bytes], pieces: list[bytes]) -> list[int]:
        """:meth:`ids_of` of pieces some of which the cache lacks (see :meth:`_entries`)."""
        return entry_ids(b"".join(self._entries(cache, pieces)))

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
                new.update(zip(hits, map(ONE.pack, map(whole.__getitem__, hits))))
                missing.difference_update(hits)
            if missing:
                self._fill_cache(new, list(missing))
            cache.update(new)
        return list(map(cache.__getitem__, pieces))

    def _whole(self) -> dict[bytes, int] | None:
        """The pieces taken whole: tiktoken's whole tokens, or else (once made) the tokens
        that encode to themselves (a shortcut only: :func:`.whole.self_tokens`)."""
        whole = self.tables.whole_tokens
        return whole if whole is not None else self.tables.made("self_tokens")

    def _note_new(self, count: int) -> None:
        """After a call with ``count`` new pieces, make the table of :meth:`_whole` if worth it."""
        tables = self.tables
        if count >= _SELF_TOKENS_AFTER and tables.whole_tokens is None and rounds_exact(tables):
            tables.derived("self_tokens", self_tokens)

    def _fill_cache(self, cache: dict[bytes, bytes], todo: list[bytes]) -> None:
        """Encode the distinct pieces ``todo`` into ``cache`` (vectorised when there are many,
        or when one is long: the vectorised merge is linear in its length), one at a time
        when the vectorised merge does not apply (:func:`.rounds.rounds_exact` is False)."""
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

    def _spans_apply(self, text: str) -> bool:
        """Whether :meth:`_ids_spans` takes ``text`` (mostly multi-byte, long)."""
        tables = self.tables
        return len(text) >= _SPANS_MIN and (tables.merge_all_safe or rounds_exact(tables))

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
