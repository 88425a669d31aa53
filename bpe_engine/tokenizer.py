"""The :class:`Tokenizer`: a vocabulary, merges, special tokens and a pre-tokenizer.

Encoding cuts text at special tokens, then into pieces with the pre-tokenizer, and applies
inside each piece the lowest-ranked applicable merge until none applies (seed ``001`` part 4),
with a cache of piece results. Decoding joins token bytes; :meth:`Tokenizer.decode_bytes` is
lossless, :meth:`Tokenizer.decode` is lossy (U+FFFD for broken UTF-8).

Loading and saving live in :mod:`bpe_engine.serialization`, OpenAI encodings in
:mod:`bpe_engine.tiktoken_compat`; this module holds the algorithm only.
"""

from __future__ import annotations

import heapq
import os
from itertools import chain
from typing import AbstractSet, Collection, Iterable, Iterator, Literal, Mapping, Sequence

from .errors import ConfigError, SpecialTokenError, TokenIdError, TokenizerFileError
from ._vocab import MAX_VOCAB, SHIFT, place_specials, resolve_merges
from ._iterencode import iter_encode
from .explain import BpeStep, TokenSpan, bpe_steps, char_spans, token_spans
from .pretokenize import Pretokenizer, SpecialSplitter, get_pretokenizer, pieces_with_offsets

__all__ = ["Tokenizer", "TokenSpan", "BpeStep", "MAX_VOCAB"]

_LONG_PIECE = 48  # pieces longer than this use the heap-based merge (O(n log n))
_CACHE_LIMIT = 500_000
_TEXT_BLOCK = 8_192  # mixed ASCII/non-ASCII text is split in blocks of about this size
# From this many unseen pieces on, they are encoded together, vectorised (bpe_engine.batch:
# below it, the fixed cost of the NumPy calls is more than one piece at a time costs).
_BATCH_MIN_PIECES = 256
# Unseen pieces holding this many bytes in all may skip the cache (see _FLAT_SHARE).
_BATCH_MIN_BYTES = 500_000
# ... and when more than this share of all pieces is unseen, the whole text goes through the
# vectorised merge without the cache.
_FLAT_SHARE = 0.3


def _mostly_multibyte(text: str) -> bool:
    """True when a quarter or more of the characters of ``text`` (sampled) are not ASCII."""
    sample = text if len(text) <= 65_536 else text[:32_768] + text[len(text) // 2:len(text) // 2 + 32_768]
    return len(sample.encode("utf-8", "surrogatepass")) >= 1.5 * len(sample)


class Tokenizer:
    """A byte-level BPE tokenizer.

    ``vocab`` maps ids to bytes and must hold all 256 single bytes; ``merges`` are pairs of
    byte strings in merge order. ``special_tokens`` is a list of strings (ids are taken from
    ``vocab`` when it already holds them, otherwise appended) or a ``{token: id}`` mapping.
    ``merge_counts`` (the count each merge had in training) is kept for display.
    ``merge_ids`` gives the ids of each merge's two parts, needed only when two tokens of
    ``vocab`` share the same bytes.
    """

    def __init__(
        self,
        vocab: Mapping[int, bytes],
        merges: Sequence[tuple[bytes, bytes]],
        special_tokens: "Iterable[str] | Mapping[str, int] | None" = None,
        *,
        pretokenizer: "str | Pretokenizer" = "gpt2",
        merge_counts: "Sequence[int | None] | None" = None,
        merge_ids: "Sequence[tuple[int, int]] | None" = None,
        name: str | None = None,
    ) -> None:
        self.pretokenizer = get_pretokenizer(pretokenizer)
        self.name = name
        vocab = dict(vocab)
        for i, b in vocab.items():
            if isinstance(i, bool) or not isinstance(i, int) or i < 0:
                raise TokenizerFileError(f"vocab id {i!r} is not a non-negative whole number")
            if i >= MAX_VOCAB:
                raise TokenizerFileError(f"vocab id {i} is too large (ids must be below {MAX_VOCAB})")
            if not isinstance(b, (bytes, bytearray)) or not b:
                raise TokenizerFileError(f"vocab id {i}: value must be non-empty bytes, got {b!r}")
        byte_id = [-1] * 256
        for i in sorted(vocab):
            b = vocab[i]
            if len(b) == 1 and byte_id[b[0]] < 0:
                byte_id[b[0]] = i
        missing = [x for x in range(256) if byte_id[x] < 0]
        if missing:
            raise TokenizerFileError(
                f"the vocabulary lacks {len(missing)} of the 256 single-byte tokens "
                f"(first missing: byte 0x{missing[0]:02x}); a byte-level vocabulary must hold all of them"
            )
        self._byte_id = byte_id
        self._identity_bytes = byte_id == list(range(256))

        if merge_counts is not None and len(merge_counts) != len(merges):
            raise TokenizerFileError(f"merge_counts has {len(merge_counts)} entries but there are {len(merges)} merges")
        ranks, new_ids, pair_ids, ordinary = resolve_merges(vocab, merges, merge_ids, byte_id)
        n = len(merges)
        self._ranks = ranks
        self._new_ids = new_ids
        self._pair_ids = pair_ids
        self.merges: list[tuple[bytes, bytes]] = [
            (l, r) if type(l) is bytes and type(r) is bytes else (bytes(l), bytes(r)) for l, r in merges
        ]
        self.merge_counts: list[int | None] = list(merge_counts) if merge_counts is not None else [None] * n
        self._merge_of_id: dict[int, int] = {z: r for r, z in enumerate(new_ids)}

        specials = place_specials(vocab, special_tokens, ordinary)
        for tok, i in specials.items():
            vocab[i] = tok.encode("utf-8")
        self.special_tokens: dict[str, int] = specials
        self._special_ids = frozenset(specials.values())
        self._special_by_id = {i: t for t, i in specials.items()}
        self.vocab: dict[int, bytes] = {i: bytes(b) for i, b in vocab.items()}
        size = max(self.vocab) + 1
        self._id_bytes: list[bytes | None] = [None] * size
        for i, b in self.vocab.items():
            self._id_bytes[i] = b
        self._splitters: dict[frozenset[str], SpecialSplitter] = {}
        self._all_specials = SpecialSplitter(specials)
        self._max_special = max((len(t) for t in specials), default=0)
        self._special_keys = {b"\xff" + t.encode("utf-8"): (i,) for t, i in specials.items()}
        self._cache: dict[bytes, tuple[int, ...]] = dict(self._special_keys)
        # bytes -> id of every token, used as a shortcut only where it provably equals BPE
        # (set by bpe_engine.tiktoken_compat for OpenAI's vocabularies).
        self._whole_tokens: dict[bytes, int] | None = None
        #: Most pieces kept in the encode cache; it is emptied when full, so memory stays bounded.
        self.cache_size = _CACHE_LIMIT

    # -- basic facts --------------------------------------------------------------------------

    def __repr__(self) -> str:
        label = f"{self.name!r}, " if self.name else ""
        return (
            f"Tokenizer({label}{len(self.vocab)} tokens, {len(self.merges)} merges, "
            f"{len(self.special_tokens)} special, pretokenizer={self.pretokenizer.spec!r})"
        )

    def __len__(self) -> int:
        return len(self.vocab)

    @property
    def vocab_size(self) -> int:
        """Number of tokens (bytes, merges, special tokens)."""
        return len(self.vocab)

    @property
    def max_id(self) -> int:
        return len(self._id_bytes) - 1

    def merge_of(self, token_id: int) -> "tuple[int, int, int] | None":
        """``(left_id, right_id, rank)`` of the merge that made ``token_id``; None for bytes/specials."""
        r = self._merge_of_id.get(token_id)
        if r is None:
            return None
        a, b = self._pair_ids[r]
        return a, b, r

    def merge_ids(self) -> list[tuple[int, int, int]]:
        """``(left_id, right_id, new_id)`` of every merge, in rank order."""
        return [(a, b, z) for (a, b), z in zip(self._pair_ids, self._new_ids)]

    def is_special(self, token_id: int) -> bool:
        return token_id in self._special_ids

    def id_to_bytes(self, token_id: int) -> bytes:
        """The bytes of one token (lossless)."""
        try:
            b = self._id_bytes[token_id] if token_id >= 0 else None
        except (IndexError, TypeError):
            b = None
        if b is None:
            raise TokenIdError(self._bad_id_message(token_id))
        return b

    def _bad_id_message(self, token_id: object) -> str:
        return (
            f"token id {token_id!r} is not in this vocabulary (valid ids: 0 to {self.max_id}"
            f"{', with gaps' if len(self.vocab) != self.max_id + 1 else ''}); "
            "were these ids made by a different tokenizer?"
        )

    # -- encoding ---------------------------------------------------------------------------

    def _bpe(self, data: bytes) -> tuple[int, ...]:
        """Token ids of one piece: apply the lowest-ranked merge until none applies."""
        ids = list(data) if self._identity_bytes else [self._byte_id[x] for x in data]
        if len(ids) < 2:
            return tuple(ids)
        if len(ids) > _LONG_PIECE:
            return tuple(self._bpe_long(ids))
        ranks = self._ranks
        get = ranks.get
        new_ids = self._new_ids
        while True:
            best = -1
            best_rank = 1 << 62
            prev = ids[0]
            for i in range(1, len(ids)):
                cur = ids[i]
                r = get(prev << SHIFT | cur)
                if r is not None and r < best_rank:
                    best_rank = r
                    best = i - 1
                prev = cur
            if best < 0:
                return tuple(ids)
            a = ids[best]
            b = ids[best + 1]
            z = new_ids[best_rank]
            # Merge every occurrence, left to right: a pair that contains the new token always
            # ranks later, so this equals merging the leftmost occurrence one at a time.
            out = ids[:best]
            i = best
            n = len(ids)
            while i < n:
                if i + 1 < n and ids[i] == a and ids[i + 1] == b:
                    out.append(z)
                    i += 2
                else:
                    out.append(ids[i])
                    i += 1
            ids = out
            if len(ids) == 1:
                return (ids[0],)

    def _bpe_long(self, ids: list[int]) -> list[int]:
        """The same merge rule in O(n log n): linked list plus a heap of (rank, position)."""
        get = self._ranks.get
        new_ids = self._new_ids
        n = len(ids)
        nxt = list(range(1, n + 1))
        nxt[-1] = -1
        prv = list(range(-1, n - 1))
        heap = []
        for i in range(n - 1):
            r = get(ids[i] << SHIFT | ids[i + 1])
            if r is not None:
                heap.append((r, i))
        heapq.heapify(heap)
        alive = [True] * n
        while heap:
            r, i = heapq.heappop(heap)
            if not alive[i]:
                continue
            j = nxt[i]
            if j < 0 or get(ids[i] << SHIFT | ids[j]) != r:
                continue  # stale entry
            ids[i] = new_ids[r]
            alive[j] = False
            k = nxt[j]
            nxt[i] = k
            if k >= 0:
                prv[k] = i
                r2 = get(ids[i] << SHIFT | ids[k])
                if r2 is not None:
                    heapq.heappush(heap, (r2, i))
            p = prv[i]
            if p >= 0:
                r2 = get(ids[p] << SHIFT | ids[i])
                if r2 is not None:
                    heapq.heappush(heap, (r2, p))
        return [ids[i] for i in range(n) if alive[i]]

    def _pieces(self, text: str) -> list[bytes]:
        """The pieces of special-token-free ``text`` as UTF-8 bytes.

        All-ASCII stretches are split by the byte-level twin of the pattern (exact there,
        and ~2.4x faster); long mixed texts are cut into blocks at safe points so that one
        non-ASCII character slows down only its own block.
        """
        pre = self.pretokenizer
        if text.isascii():
            pieces = pre.split_bytes(text.encode("ascii"))
            if pieces is not None:
                return pieces
        elif pre.bytes_exact:
            return pre.split_bytes(text.encode("utf-8"))  # type: ignore[return-value]
        elif _mostly_multibyte(text):
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
                out += pre.split_bytes(block.encode("ascii"))  # type: ignore[operator]
            else:
                found = pre.utf8_pieces(block)
                out += found[0] if found is not None else map(str.encode, pre.split(block))
            pos = end
        return out

    def clear_cache(self) -> None:
        """Forget the encodings of pieces seen so far (they are recomputed on demand)."""
        self._cache = dict(self._special_keys)

    def _ids_of(self, pieces: list[bytes], special_at: "list[int] | None" = None) -> list[int]:
        """Token ids of a list of pieces, through the piece cache.

        ``special_at`` lists the indices of special-token keys in ``pieces`` (the cache
        knows them; the flat path below needs to take them out and put them back).
        """
        cache = self._cache
        if len(cache) > self.cache_size or not cache:
            # Bounded memory: start a new cache rather than grow. subtle: rebind, never clear in
            # place, so another thread in the middle of this method keeps a complete one.
            cache = self._cache = dict(self._special_keys)
        missing = set(pieces).difference(cache)  # subtle: a dict, not .keys(): O(len(pieces))
        if missing and self._whole_tokens is not None:
            # tiktoken's rule: a piece that is itself a token is that token. For OpenAI's
            # vocabularies this equals the merge rule (every token encodes to itself; see
            # tests/engine/test_tiktoken_parity.py), so it is only a shortcut.
            whole = self._whole_tokens
            hits = missing.intersection(whole)
            if hits:
                cache.update((p, (whole[p],)) for p in hits)
                missing -= hits
        if missing:
            todo = list(missing)
            if len(todo) > 1000 and sum(map(len, todo)) >= _BATCH_MIN_BYTES and len(todo) > _FLAT_SHARE * len(pieces):
                # Mostly pieces never seen (Chinese): caching them is pure overhead.
                return self._ids_flat(pieces, special_at or [])
            self._fill_cache(cache, todo)
        return list(chain.from_iterable(map(cache.__getitem__, pieces)))

    def _fill_cache(self, cache: dict, todo: list[bytes]) -> None:
        """Encode the distinct pieces ``todo`` into ``cache`` (vectorised when there are many)."""
        if len(todo) >= _BATCH_MIN_PIECES:
            cache.update(zip(todo, self._bpe_many(todo)))
        else:
            bpe = self._bpe
            for piece in todo:
                cache[piece] = bpe(piece)

    def _encode_distinct(self, pieces: list[bytes]) -> list:
        """Token ids of each of ``pieces`` (distinct, no special tokens), through the cache."""
        cache = self._cache
        if len(cache) > self.cache_size:
            cache = self._cache = dict(self._special_keys)
        todo = [p for p in pieces if p not in cache]
        if todo:
            self._fill_cache(cache, todo)
        return list(map(cache.__getitem__, pieces))

    def _ids_flat(self, pieces: list[bytes], special_at: list[int]) -> list[int]:
        """All pieces through the vectorised merge at once, specials put back in place."""
        import numpy as np

        from .charcut import bpe_cut

        if special_at:
            ordinary: list[bytes] = []
            prev = 0
            for i in special_at:
                ordinary += pieces[prev:i]
                prev = i + 1
            ordinary += pieces[prev:]
        else:
            ordinary = pieces
        flat, counts = bpe_cut(self, ordinary)
        if special_at:
            ends = np.concatenate(([0], np.cumsum(counts)))
            before = np.asarray(special_at, dtype=np.int64) - np.arange(len(special_at))
            ids = [self._special_keys[pieces[i]][0] for i in special_at]
            flat = np.insert(flat, ends[before], ids)
        return flat.tolist()

    def _bpe_many(self, pieces: list[bytes]) -> list[tuple[int, ...]]:
        """The BPE of many distinct pieces at once (vectorised, see bpe_engine.batch)."""
        from .batch import bpe_many

        return bpe_many(self, pieces)

    def encode_ordinary(self, text: str) -> list[int]:
        """Token ids of ``text``; special-token text is encoded as ordinary text."""
        if not isinstance(text, str):
            raise TypeError(f"encode_ordinary() takes a str, got {type(text).__name__}")
        return self._ids_of(self._pieces(text)) if text else []

    def _splitter_for(self, allowed: frozenset[str]) -> SpecialSplitter:
        sp = self._splitters.get(allowed)
        if sp is None:
            sp = SpecialSplitter(t for t in self.special_tokens if t in allowed)
            self._splitters[allowed] = sp
        return sp

    def encode(
        self,
        text: str,
        *,
        allowed_special: "Literal['all'] | AbstractSet[str]" = "all",
        disallowed_special: "Literal['all'] | Collection[str]" = (),
    ) -> list[int]:
        """Token ids of ``text`` with special tokens recognised (longest match first).

        By default every special token of this tokenizer is recognised. For tiktoken's strict
        behaviour pass ``allowed_special=set(), disallowed_special="all"``: special-token text
        then raises :class:`~bpe_engine.errors.SpecialTokenError` unless it is allowed.
        """
        if not isinstance(text, str):
            raise TypeError(f"encode() takes a str, got {type(text).__name__}")
        allowed = frozenset(self.special_tokens) if allowed_special == "all" else frozenset(allowed_special)
        unknown = allowed - self.special_tokens.keys()
        if unknown:
            raise ConfigError(
                f"allowed_special names {sorted(unknown)!r}, which are not special tokens of this tokenizer "
                f"(it has {sorted(self.special_tokens)!r})"
            )
        if disallowed_special == "all":
            disallowed = frozenset(self.special_tokens) - allowed
        else:
            disallowed = frozenset(disallowed_special)
        if disallowed:
            found = SpecialSplitter(disallowed).first(text)
            if found is not None:
                raise SpecialTokenError(found[0], found[1])
        if not allowed:
            return self.encode_ordinary(text)
        # One pass through the cache for the whole text: a special token is a "piece" whose
        # key starts with 0xFF, a byte that never occurs in UTF-8, so no text can collide.
        splitter = self._splitter_for(allowed)
        # Text of mostly multi-byte characters goes through the stand-ins in one piece (many
        # short documents between special tokens would each cost a round of NumPy calls);
        # mostly-ASCII text is split segment by segment (ASCII ones by the byte-level twin).
        found = self.pretokenizer.utf8_pieces(text, splitter) if _mostly_multibyte(text) else None
        if found is not None:
            pieces, special_at = found
            for i in special_at:
                pieces[i] = b"\xff" + pieces[i]
            return self._ids_of(pieces, special_at)
        pieces = []
        special_at = []
        for segment, special in splitter.split(text):
            if special:
                special_at.append(len(pieces))
                pieces.append(b"\xff" + segment.encode("utf-8"))
            else:
                pieces += self._pieces(segment)
        return self._ids_of(pieces, special_at)

    def encode_iterable(self, iterable: Iterable[str]) -> Iterator[int]:
        """Token ids of the concatenation of ``iterable`` (e.g. a file's lines), produced lazily.

        Text is encoded in blocks of a few KiB, each ending where the pieces cannot change (a
        special token, or the pre-tokenizer's safe cut), so memory does not grow with the
        input. Without such points (``none``, custom regexes) text is held until the end.
        """
        return iter_encode(self, iterable)

    # -- decoding ---------------------------------------------------------------------------

    def decode_bytes(self, ids: Iterable[int]) -> bytes:
        """The exact bytes of ``ids`` (lossless)."""
        ids = ids if isinstance(ids, list) else list(ids)
        if not ids:
            return b""
        table = self._id_bytes
        try:
            ok = min(ids) >= 0 and max(ids) < len(table)
            parts = [table[i] for i in ids] if ok else None
        except TypeError:
            parts = None
        if parts is None or None in parts:
            for i in ids:
                self.id_to_bytes(i)  # raises with a clear message naming the first bad id
        return b"".join(parts)  # type: ignore[arg-type]

    def decode(self, ids: Iterable[int], errors: str = "replace") -> str:
        """The text of ``ids``. Lossy: bytes that are not valid UTF-8 become U+FFFD.

        Use :meth:`decode_bytes` for the exact bytes, or ``errors="strict"`` to raise instead.
        """
        return self.decode_bytes(ids).decode("utf-8", errors=errors)

    def token_bytes(self, ids: Iterable[int]) -> list[bytes]:
        """The bytes of each token."""
        return [self.id_to_bytes(i) for i in ids]

    def char_spans(self, ids: Sequence[int]) -> "tuple[list[int], list[int], list[bool]]":
        """For each token: the first character it touches in ``decode(ids)``, the character
        after the last one, and whether it holds whole characters only (see bpe_engine.explain)."""
        return char_spans(self, ids)

    def token_spans(self, ids: Sequence[int]) -> list[TokenSpan]:
        """Where each token sits in ``decode(ids)``; tokens holding part of a character are marked."""
        return token_spans(self, ids)

    def bpe_steps(self, piece: "str | bytes") -> list[BpeStep]:
        """The merges that encode one piece, in the order they apply (for teaching)."""
        return bpe_steps(self, piece)

    def pieces(self, text: str, *, special: bool = True) -> list["tuple[str, int, int, bool]"]:
        """``(piece, start, end, is_special)`` as the pre-tokenizer cuts ``text``
        (``special=False``: special-token text is cut like any other text)."""
        splitter = self._all_specials if special else self._splitter_for(frozenset())
        return pieces_with_offsets(text, self.pretokenizer, splitter)

    def byte_ids(self) -> list[int]:
        """The id of each of the 256 single bytes (GPT-2's vocabulary does not put byte b at id b)."""
        return list(self._byte_id)

    def merge_rank(self, left_id: int, right_id: int) -> "int | None":
        """The rank of the merge of these two tokens, or None if they never merge."""
        return self._ranks.get(left_id << SHIFT | right_id)

    def encode_with(self, text: str, special: str = "allow") -> list[int]:
        """``encode`` with one of three treatments of special-token text: ``"allow"`` (they
        are special tokens), ``"raise"`` (tiktoken's strict default: SpecialTokenError) or
        ``"ordinary"`` (encoded as ordinary text)."""
        if special == "allow":
            return self.encode(text)
        if special == "ordinary":
            return self.encode_ordinary(text)
        if special == "raise":
            return self.encode(text, allowed_special=set(), disallowed_special="all")
        raise ConfigError(f"unknown special-token mode {special!r}; use 'allow', 'raise' or 'ordinary'")

    # -- bulk encoding and tiktoken ----------------------------------------------------------

    def __getstate__(self) -> dict:
        # Caches and derived tables are rebuilt on demand (worker processes get a lean copy).
        state = dict(self.__dict__)
        for key in ("_cache", "_batch_tables", "_cross_table", "_tiktoken_encoding", "_splitters"):
            state.pop(key, None)
        return state

    def __setstate__(self, state: dict) -> None:
        self.__dict__.update(state)
        self._cache = dict(self._special_keys)
        self._splitters = {}

    def tiktoken_equivalent(self) -> str | None:
        """None if tiktoken's core with this vocabulary encodes exactly like this tokenizer,
        else the reason why not (see :func:`bpe_engine.tiktoken_compat.tiktoken_equivalent`)."""
        from .tiktoken_compat import tiktoken_equivalent

        return tiktoken_equivalent(self)

    def tiktoken_encoding(self):  # type: ignore[no-untyped-def]
        """This vocabulary as a ``tiktoken.Encoding`` (raises if not equivalent)."""
        from .tiktoken_compat import to_tiktoken

        return to_tiktoken(self)

    def encode_file(self, path: "str | os.PathLike[str]", **options):  # type: ignore[no-untyped-def]
        """All ids of a UTF-8 file as a NumPy ``uint32`` array; see :func:`bpe_engine.encode_file`."""
        from .bulk import encode_file

        return encode_file(self, path, **options)

    # -- files ------------------------------------------------------------------------------

    def save(self, path: "str | os.PathLike[str]") -> None:
        """Write our versioned JSON format atomically (temporary file, then rename)."""
        from .serialization import save_tokenizer

        save_tokenizer(self, path)

    @classmethod
    def load(cls, path: "str | os.PathLike[str]") -> "Tokenizer":
        """Read a file written by :meth:`save`; every field is checked."""
        from .serialization import load_tokenizer

        return load_tokenizer(path)

    @classmethod
    def from_gpt2_files(
        cls,
        vocab_json_path: "str | os.PathLike[str]",
        merges_txt_path: "str | os.PathLike[str]",
        special_tokens: "Iterable[str] | None" = None,
    ) -> "Tokenizer":
        """GPT-2's byte-to-unicode ``vocab.json`` and ``merges.txt``."""
        from .serialization import load_gpt2_files

        return load_gpt2_files(vocab_json_path, merges_txt_path, special_tokens)

    @classmethod
    def from_tiktoken(cls, name: str) -> "Tokenizer":
        """An OpenAI encoding (``r50k_base``, ``p50k_base``, ``cl100k_base``, ``o200k_base``, ``gpt2``)."""
        from .tiktoken_compat import load_tiktoken_encoding

        return load_tiktoken_encoding(name)
