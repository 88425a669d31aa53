"""The words path of :class:`~.encoder.Encoder`: long mostly-ASCII text to ids with NumPy.

The text is cut into chunks by :mod:`.words` (no piece crosses a cut); the simple words among
them, and the parts :mod:`.fine` splits the others into, are looked up as integer keys in a
hash table of the whole tokens; only the chunks left go through the pattern, and only their
pieces that no whole token is go through the piece cache.

:class:`WordsPath` is a base class of ``Encoder``, apart because it is one whole path, which
:meth:`.encoder.Encoder.encode` and ``encode_ordinary`` choose by the text's length
(``_WORDS_MIN`` there) and which refuses text with too few simple words (:data:`_WORDS_SHARE`,
here); it reads the encoder's tables and piece cache through the methods declared below.
"""

from __future__ import annotations

from operator import itemgetter
from typing import TYPE_CHECKING, Literal

import numpy as np

from .entries import splice
from .fine import SPLITS, fine_pieces
from .tables import SPECIAL_PREFIX, EncoderTables
from .words import KEY_BYTES, WORD_RULES, Chunks, WordTable, chunk_words, known_chunks, word_keys, word_table

__all__ = ["WordsPath"]

# Text goes this path when at least this share of the chunks of its first 32 KiB are simple
# words (English: 0.8-0.85; code ~0.45, faster here too since its leftovers skip a Python call
# per new piece).
_WORDS_SHARE = 0.3
_WORDS_SAMPLE = 1 << 15


def _pick(items: list[bytes], at: list[int]) -> list[bytes]:
    """``items`` at the indices ``at``, in that order."""
    return list(itemgetter(*at)(items)) if len(at) > 1 else [items[k] for k in at]


class WordsPath:
    """The words path of the encoder (see the module docstring)."""

    # Provided by Encoder (declared for type checkers).
    tables: EncoderTables

    if TYPE_CHECKING:

        def pieces(self, text: str) -> list[bytes]: ...
        def _bounded_cache(self) -> dict[bytes, bytes]: ...
        def _entries_of_few(self, cache: dict[bytes, bytes], pieces: list[bytes]) -> list[bytes]: ...

    def _word_table(self) -> WordTable | None:
        """The whole tokens of up to 16 ASCII bytes as a NumPy hash table (see
        :meth:`.encoder.Encoder._whole`), or None while the tables have no pieces taken whole."""
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
        return splice(is_token, tokens[is_token], np.ones(int(is_token.sum()), dtype=np.int64), entries)

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
