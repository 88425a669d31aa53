"""One chunk of a character-level BPE model's text to ids, by either merge rule, and the
same merges explained (the chunk's initial symbols, the rank of merging two tokens).

SentencePiece's rule picks its merge loop here (a scan for short chunks, a heap for long ones,
the loop with frozen user-defined symbols and steps where needed; the loops themselves are
:mod:`.merge_loops`) and turns the symbols left into ids: UNUSED pieces split again, byte
fallback, ``<unk>`` (a run of them fused). Hugging Face's rule maps each character to its id,
its byte tokens or ``<unk>`` and merges by rank.

:class:`ChunkMethods` is a base class of :class:`~.model.CharBpeModel`, apart because a chunk's
ids are the same whatever cut the text into chunks and whatever cache keeps them (:mod:`.model`),
and :mod:`.core` asks for them as they are (``_resegment``).
"""

from __future__ import annotations

from ..encode.piece import BpeStep
from .merge_loops import SHIFT, heap_merge, merge_by_rank, merge_with_steps, scan_merge
from .tables import ModelTables

__all__ = ["SCAN_MAX", "ChunkMethods"]

# Chunks up to this length are merged by a scan of a list (tests vary it to run both loops).
SCAN_MAX = 32


class ChunkMethods(ModelTables):
    """One chunk's ids and their explanation (see the module docstring)."""

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
