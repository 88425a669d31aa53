"""A :class:`~bpe_engine.Tokenizer`'s vocabulary read back: ids to bytes and text (decoding,
lossless or lossy), where each token sits in the decoded text, the merges behind a token or a
piece (for Explain and the merge tree), and the facts the views ask (:attr:`~VocabularyMethods.facts`,
sizes after ``k`` merges). Nothing here encodes or builds.

:class:`VocabularyMethods` is a base class of ``Tokenizer`` (as its other parts are): it reads
the tokenizer's own state, the merge lists a lazy open makes on first use through the
tokenizer's ``__getattr__`` included.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, cast

from ._vocab import SHIFT
from .encode.piece import BpeStep, bpe_steps
from .errors import ConfigError, TokenIdError, short
from .explain import TokenSpan, char_spans, token_spans
from .kinds import Family, MergeRule, TokenizerFacts, TokenUnit
from .tokenizer_build import sizes_after

if TYPE_CHECKING:
    from .encode.encoder import Encoder

__all__ = ["VocabularyMethods"]


class VocabularyMethods:
    """Decoding, spans, explanations and facts of a tokenizer."""

    # Provided by Tokenizer (declared for type checkers).
    vocab: dict[int, bytes]
    merges: list[tuple[bytes, bytes]]
    special_tokens: dict[str, int]
    merge_rule: MergeRule
    bos: str | None
    adds_bos: bool
    _byte_id: list[int]
    _special_ids: frozenset[int]
    _merge_triples: list[tuple[int, int, int]]
    _merge_of_id: dict[int, int]
    _sizes_after: list[int] | None
    _encoder: Encoder

    if TYPE_CHECKING:

        def _id_bytes(self) -> list[bytes | None]: ...

    @property
    def vocab_size(self) -> int:
        """Number of tokens (bytes, merges, special tokens)."""
        return len(self.vocab)

    @property
    def max_id(self) -> int:
        return len(self._id_bytes()) - 1

    @property
    def pair_ranks(self) -> bool:
        """``merge_rule.pair_ranks`` (kept for older callers)."""
        return self.merge_rule.pair_ranks

    @property
    def ignore_merges(self) -> bool:
        """``merge_rule.ignore_merges`` (kept for older callers)."""
        return self.merge_rule.ignore_merges

    @property
    def rank_splits(self) -> bool:
        """``merge_rule.rank_splits`` (kept for older callers)."""
        return self.merge_rule.rank_splits

    @property
    def facts(self) -> TokenizerFacts:
        """What this tokenizer can do (:class:`~bpe_engine.kinds.TokenizerFacts`): bytes, merges
        in training order (byte-level merges are always in rank order, which is the order a
        training made them), pieces shown with ``·``."""
        return TokenizerFacts(
            family=Family.BYTE_LEVEL,
            unit=TokenUnit.BYTE,
            merges_in_training_order=True,
            space_symbol="·",
            special_tokens=MappingProxyType(dict(self.special_tokens)),
            bos=self.bos,
            adds_bos=self.adds_bos,
        )

    def vocab_size_after(self, k: int) -> int:
        """How many tokens exist after the first ``k`` merges: the 256 byte tokens plus the
        distinct tokens those merges make (a Hugging Face file may make one token by several
        merges: Llama 3.2's 280,147 merges make 127,744 tokens). Special tokens are not counted
        (see :attr:`facts`); nor is a token that no merge makes and is no byte."""
        if isinstance(k, bool) or not isinstance(k, int) or not 0 <= k <= len(self.merges):
            raise ConfigError(f"k must be a whole number of merges from 0 to {len(self.merges)}, got {short(k)}")
        return self._sizes_list()[k]

    def vocab_sizes_after(self) -> list[int]:
        """:meth:`vocab_size_after` of every ``k`` from 0 to ``len(merges)``, in one list (a
        vocabulary-size sweep's x axis: ``256 + k`` only where no two merges make one token)."""
        return list(self._sizes_list())

    def _sizes_list(self) -> list[int]:
        sizes = self._sizes_after
        if sizes is None:
            sizes = self._sizes_after = sizes_after(set(self._byte_id), [z for _, _, z in self._merge_triples])
        return sizes

    def merge_of(self, token_id: int) -> tuple[int, int, int] | None:
        """``(left_id, right_id, rank)`` of the merge that made ``token_id``; None for bytes/specials."""
        r = self._merge_of_id.get(token_id)
        if r is None:
            return None
        a, b, _ = self._merge_triples[r]
        return a, b, r

    def merge_ids(self) -> list[tuple[int, int, int]]:
        """``(left_id, right_id, new_id)`` of every merge, in rank order."""
        return list(self._merge_triples)

    def is_special(self, token_id: int) -> bool:
        return token_id in self._special_ids

    def id_to_bytes(self, token_id: int) -> bytes:
        """The bytes of one token (lossless)."""
        if type(token_id) is bool:
            raise TypeError(f"token ids are whole numbers, not the boolean {token_id}")
        table = self._id_bytes()
        try:
            b = table[token_id] if token_id >= 0 else None
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

    def decode_bytes(self, ids: Iterable[int]) -> bytes:
        """The exact bytes of ``ids`` (lossless)."""
        ids = ids if isinstance(ids, list) else list(ids)
        if not ids:
            return b""
        if bool in set(map(type, ids)):  # subtle: True would index table[1]
            at = next(k for k, i in enumerate(ids) if type(i) is bool)
            raise TypeError(f"token ids are whole numbers, but position {at} holds the boolean {ids[at]}")
        table = self._id_bytes()
        try:
            ok = min(ids) >= 0 and max(ids) < len(table)
            parts = [table[i] for i in ids] if ok else None
        except TypeError:
            parts = None
        if parts is None or None in parts:
            # Raises with a clear message naming the first bad id.
            return b"".join([self.id_to_bytes(i) for i in ids])
        return b"".join(cast("list[bytes]", parts))

    def decode(self, ids: Iterable[int], errors: str = "replace") -> str:
        """The text of ``ids``. Lossy: bytes that are not valid UTF-8 become U+FFFD.

        Use :meth:`decode_bytes` for the exact bytes, or ``errors="strict"`` to raise instead.
        """
        return self.decode_bytes(ids).decode("utf-8", errors=errors)

    def token_bytes(self, ids: Iterable[int]) -> list[bytes]:
        """The bytes of each token."""
        return [self.id_to_bytes(i) for i in ids]

    def byte_stream(self) -> Callable[[int], bytes]:
        """What each token adds to ``decode_bytes``: its bytes (see :class:`~bpe_engine.interface.TokenizerLike`)."""
        return self.id_to_bytes

    def char_spans(self, ids: Sequence[int]) -> tuple[list[int], list[int], list[bool]]:
        """For each token: the first character it touches in ``decode(ids)``, the character
        after the last one, and whether it holds whole characters only (see bpe_engine.explain)."""
        return char_spans(self, ids)

    def token_spans(self, ids: Sequence[int]) -> list[TokenSpan]:
        """Where each token sits in ``decode(ids)``; tokens holding part of a character are marked."""
        return token_spans(self, ids)

    def bpe_steps(self, piece: str | bytes) -> list[BpeStep]:
        """The merges that encode one piece, in the order they apply (for teaching)."""
        data = piece.encode("utf-8") if isinstance(piece, str) else bytes(piece)
        return bpe_steps(self._encoder.tables, data)

    def byte_ids(self) -> list[int]:
        """The id of each of the 256 single bytes (GPT-2's vocabulary does not put byte b at id b)."""
        return list(self._byte_id)

    def merge_rank(self, left_id: int, right_id: int) -> int | None:
        """The rank of the merge of these two tokens, or None if they never merge."""
        return self._encoder.tables.ranks.get(left_id << SHIFT | right_id)
