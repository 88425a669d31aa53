"""What every tokenizer of the engine offers: the interface the app's views program against.

Two classes satisfy :class:`TokenizerLike` (mypy checks it, see the end of this module):

- :class:`bpe_engine.Tokenizer`: byte-level BPE (GPT-2, OpenAI's encodings, Llama 3, Qwen,
  Tekken, ours); tokens are bytes, merges are applied by rank.
- :class:`bpe_engine.spm.SentencePieceTokenizer`: character-level BPE with byte fallback
  (SentencePiece ``.model`` files, Hugging Face's SentencePiece-style ``tokenizer.json``).

Both encode and decode, cut text into the pieces their merges work in, explain a piece merge
by merge, show every token's bytes and (where it was made by a merge) its two parents, and
work with :class:`~bpe_engine.streaming.StreamingDecoder`. What one can do that the other
cannot is asked of ``tok.facts`` (:class:`~bpe_engine.kinds.TokenizerFacts`: merges in
training order, bytes or characters, how a space is shown, the BOS token) and of
``tok.vocab_size_after(k)``, never told from the class or the file.

mypy proves that both classes satisfy the protocol in :mod:`bpe_engine._conformance` (here it
would make an import cycle: the tokenizers import this module).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Iterator, Sequence, Set as AbstractSet
from typing import TYPE_CHECKING, Any, Literal, Protocol

from .kinds import Family, MergeRule, SpecialMode, TokenizerFacts

if TYPE_CHECKING:
    from .encode.core import CoreEncoder
    from .encode.encoder import Encoder
    from .encode.piece import BpeStep
    from .explain import TokenSpan
    from .formats.post_processor import SpecialAdditions
    from .pretokenize import Pretokenizer

__all__ = ["TokenizerLike", "ByteLevelTokenizerLike", "PretokenizerInfo", "Family", "TokenizerFacts"]


class PretokenizerInfo(Protocol):
    """How a tokenizer cuts text before merging, for display."""

    @property
    def spec(self) -> str:
        """A short machine-readable name (``gpt2``, ``regex:...``, ``sentencepiece``)."""
        ...

    @property
    def description(self) -> str:
        """One line for people."""
        ...


class TokenizerLike(Protocol):
    """The interface shared by :class:`~bpe_engine.Tokenizer` and
    :class:`~bpe_engine.spm.SentencePieceTokenizer` (see the module docstring).

    Ids are whole numbers; ``vocab`` maps each to its bytes (a SentencePiece piece's ``▁`` is
    a space there). ``merges``/``merge_ids()``/``merge_of()`` give the pairs that make tokens
    (for SentencePiece models, which store scores rather than merges, the pair the model's own
    rule reaches when it encodes the piece alone). ``pieces()`` gives the units merges work in
    with their place in the text; for SentencePiece the piece is the normalized text (``▁``
    for spaces), which ``bpe_steps``/``piece_ids`` take.
    """

    @property
    def family(self) -> Family: ...
    @property
    def facts(self) -> TokenizerFacts:
        """What this tokenizer can do (see :class:`~bpe_engine.kinds.TokenizerFacts`)."""
        ...

    def vocab_size_after(self, k: int) -> int:
        """How many tokens (special tokens not counted) exist after the first ``k`` merges."""
        ...

    @property
    def name(self) -> str | None: ...
    @property
    def vocab(self) -> dict[int, bytes]: ...
    @property
    def special_tokens(self) -> dict[str, int]: ...
    @property
    def merges(self) -> list[tuple[bytes, bytes]]: ...
    @property
    def merge_counts(self) -> list[int | None]: ...
    @property
    def pretokenizer(self) -> PretokenizerInfo: ...
    @property
    def vocab_size(self) -> int: ...
    @property
    def max_id(self) -> int: ...
    def __len__(self) -> int: ...

    # -- encoding -------------------------------------------------------------------------
    def encode(
        self,
        text: str,
        *,
        allowed_special: Literal["all"] | AbstractSet[str] = ...,
        disallowed_special: Literal["all"] | Collection[str] = ...,
    ) -> list[int]: ...
    @property
    def special_additions(self) -> SpecialAdditions: ...
    def encode_as_model(
        self,
        text: str,
        *,
        allowed_special: Literal["all"] | AbstractSet[str] = ...,
        disallowed_special: Literal["all"] | Collection[str] = ...,
    ) -> list[int]: ...
    def encode_ordinary(self, text: str) -> list[int]: ...
    def encode_with(self, text: str, special: SpecialMode | str = ...) -> list[int]: ...
    def encode_iterable(
        self,
        iterable: Iterable[str],
        *,
        allowed_special: Literal["all"] | AbstractSet[str] = ...,
        disallowed_special: Literal["all"] | Collection[str] = ...,
    ) -> Iterator[int]: ...

    # -- decoding -------------------------------------------------------------------------
    def decode(self, ids: Iterable[int], errors: str = ...) -> str: ...
    def decode_bytes(self, ids: Iterable[int]) -> bytes: ...
    def id_to_bytes(self, token_id: int) -> bytes: ...
    def token_bytes(self, ids: Iterable[int]) -> list[bytes]: ...
    def byte_stream(self) -> Callable[[int], bytes]:
        """A new function that, called with the ids of a sequence one after the other, returns
        the bytes each adds to ``decode_bytes`` of the whole sequence (it may keep state, e.g.
        SentencePiece drops the space of its dummy prefix from the first piece)."""
        ...

    # -- explaining -----------------------------------------------------------------------
    def char_spans(self, ids: Sequence[int]) -> tuple[list[int], list[int], list[bool]]: ...
    def token_spans(self, ids: Sequence[int]) -> list[TokenSpan]: ...
    def pieces(self, text: str, *, special: bool = ...) -> list[tuple[str, int, int, bool]]: ...
    def bpe_steps(self, piece: str | bytes) -> list[BpeStep]: ...
    def piece_ids(self, piece: str) -> list[int]:
        """The ids one piece (as :meth:`pieces` gives it) encodes to."""
        ...

    def merge_of(self, token_id: int) -> tuple[int, int, int] | None: ...
    def merge_ids(self) -> list[tuple[int, int, int]]: ...
    def merge_rank(self, left_id: int, right_id: int) -> int | None: ...
    def is_special(self, token_id: int) -> bool: ...
    def byte_ids(self) -> list[int]:
        """The id of the token of each single byte (-1 where there is none)."""
        ...


class ByteLevelTokenizerLike(TokenizerLike, Protocol):
    """What the writers of :mod:`bpe_engine.formats` and :mod:`bpe_engine.encode.files` read of
    a :class:`~bpe_engine.Tokenizer`: its public attributes, named here so that they need not
    import the tokenizer (which imports them: that would be a cycle)."""

    @property
    def pretokenizer(self) -> Pretokenizer: ...
    @property
    def merge_rule(self) -> MergeRule: ...
    @property
    def pair_ranks(self) -> bool: ...
    @property
    def ignore_merges(self) -> bool: ...
    @property
    def rank_splits(self) -> bool: ...
    @property
    def normalizer(self) -> str | None: ...
    @property
    def bos(self) -> str | None: ...
    @property
    def adds_bos(self) -> bool: ...
    @property
    def encoder(self) -> Encoder: ...
    def tiktoken_equivalent(self) -> str | None: ...
    def tiktoken_encoding(self) -> Any: ...
    def core_encoder(self) -> CoreEncoder: ...
