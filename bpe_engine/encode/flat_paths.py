"""The flat paths of :class:`~.encoder.Encoder`: pieces that are nearly all new (Chinese)
through the vectorised merge at once, without a piece cache entry each.

:meth:`FlatPaths._ids_flat` takes a list of pieces (those the cache knows put back in place),
:meth:`FlatPaths._ids_spans` a long text's UTF-8 bytes and its pieces' ends, with no ``bytes``
object per piece. Both merge through :mod:`.charcut` (cut where no token can cross).

:class:`FlatPaths` is a base class of ``Encoder``, apart because these paths skip what the
encoder's own methods are about (the piece cache); the encoder decides when they are taken
(``_FLAT_SHARE``, ``_SPANS_MIN`` there) and they read its tables and caches through the
attributes and methods declared below.
"""

from __future__ import annotations

from itertools import compress
from typing import TYPE_CHECKING

import numpy as np

from .charcut import DistinctEncoder, bpe_cut, bpe_cut_joined, char_ids
from .entries import ONE, splice
from .tables import SPECIAL_PREFIX, EncoderTables
from .whole import piece_keys, unmade_tokens

__all__ = ["FlatPaths"]


class FlatPaths:
    """The flat paths of the encoder (see the module docstring)."""

    # Provided by Encoder (declared for type checkers).
    tables: EncoderTables
    _cache: dict[bytes, bytes]
    _special_entries: dict[bytes, bytes]

    if TYPE_CHECKING:

        def _merge_only(self) -> DistinctEncoder: ...
        def encode_distinct_packed(self, pieces: list[bytes]) -> list[bytes]: ...

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
        return splice(new, flat, counts, list(map(cache.__getitem__, compress(pieces, known.tolist()))))

    def _ids_spans(self, raw: bytes, ends: np.ndarray, special_at: list[int]) -> list[int]:
        """Ids of long mostly multi-byte text (UTF-8 ``raw``) whose pieces end at ``ends``
        (:meth:`.Pretokenizer.utf8_bounds`): the flat path of :meth:`.encoder.Encoder.ids_of` without a
        ``bytes`` object, a lookup or a cache entry per piece. Every piece goes through the
        vectorised merge at once but the special tokens' pieces and those equal to a whole
        token the merges do not make (:func:`.whole.unmade_tokens`), which take their entries."""
        starts = np.zeros(ends.size, dtype=np.int64)
        starts[1:] = ends[:-1]
        lengths = ends - starts
        fixed: dict[int, bytes] = {}
        if special_at:
            bounds = list(zip(starts[special_at].tolist(), ends[special_at].tolist()))
            for k, (s, e) in zip(special_at, bounds):
                fixed[k] = self._special_entries[SPECIAL_PREFIX + raw[s:e]]
        keys, unmade = self.tables.derived("unmade_tokens", unmade_tokens)
        if unmade:
            rawarr = np.frombuffer(raw, dtype=np.uint8)
            their_keys = piece_keys(rawarr, starts, lengths)
            # subtle: not np.isin, which sorts all the pieces' keys; this sorts none of them.
            at_key = np.minimum(np.searchsorted(keys, their_keys), keys.size - 1)
            maybe = np.flatnonzero(keys[at_key] == their_keys)
            for k, s, e in zip(maybe.tolist(), starts[maybe].tolist(), ends[maybe].tolist()):
                token = unmade.get(raw[s:e])
                if token is not None and k not in fixed:
                    fixed[k] = ONE.pack(token)
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
        return splice(new, flat, counts, [fixed[k] for k in at])
