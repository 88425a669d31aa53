"""The tables of a character-level BPE model (SentencePiece's or Hugging Face's rule), made on
first use from its :class:`~bpe_engine.formats.data.SentencePieceData`: the pieces, their
types and scores, the ids SentencePiece gives symbols (reserved pieces apart), the byte
fallback pieces, the merge ranks, and the pairs of characters some piece holds side by side
(where a text may not be cut).

:class:`ModelTables` is the base of :class:`~.model.CharBpeModel`, apart because opening a
model builds none of these (a ``.model``'s lists are decoded here, on first use), while the
merging of a chunk (:mod:`.chunks`) and the cutting and caching of texts (:mod:`.model`) only
read them.
"""

from __future__ import annotations

from functools import cached_property

from ..formats.data import BYTE, CONTROL, UNKNOWN, UNUSED, USER_DEFINED, SentencePieceData, piece_list, value_list
from .merge_loops import SHIFT
from .normalizer import PrefixMatcher

__all__ = ["ModelTables"]


class ModelTables:
    """A model's settings and tables (see the module docstring)."""

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
