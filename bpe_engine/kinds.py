"""The engine's small vocabulary of kinds: enums and rules instead of strings and flags.

This module imports only :mod:`bpe_engine.errors`, so every layer (formats, encoders,
tokenizers, the app) can use these names without an import cycle. The string enums are
``StrEnum``: ``SpecialMode.ALLOW == "allow"``, so code that passes the old strings keeps
working.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum, StrEnum
from types import MappingProxyType

from .errors import ConfigError, short

__all__ = [
    "SpecialMode",
    "TieBreak",
    "Family",
    "Algorithm",
    "TokenUnit",
    "MergeRule",
    "TokenizerFacts",
    "special_mode",
    "tie_break",
]


class SpecialMode(StrEnum):
    """What ``encode_with`` does with special-token text."""

    ALLOW = "allow"  #: encoded as special tokens
    RAISE = "raise"  #: SpecialTokenError (tiktoken's strict default)
    ORDINARY = "ordinary"  #: encoded as ordinary text


class TieBreak(StrEnum):
    """Which pair a training merges among those with the highest count."""

    GREATEST = "greatest"  #: lexicographically greatest pair of byte strings (GPT-2, CS336)
    SMALLEST = "smallest"  #: lexicographically smallest pair


def special_mode(special: SpecialMode | str) -> SpecialMode:
    """``special`` as a :class:`SpecialMode` (its string works too); ConfigError otherwise."""
    try:
        return SpecialMode(special)
    except ValueError:
        raise ConfigError(
            f"unknown special-token mode {short(special)}; use one of {', '.join(m.value for m in SpecialMode)}"
        ) from None


def tie_break(rule: TieBreak | str) -> TieBreak:
    """``rule`` as a :class:`TieBreak` (its string works too); ConfigError otherwise."""
    try:
        return TieBreak(rule)
    except ValueError:
        raise ConfigError(
            f"unknown tie_break {short(rule)}; use one of {', '.join(m.value for m in TieBreak)}"
        ) from None


class Family(StrEnum):
    """The tokenizer families of the engine (``tok.family``): which class reads the file."""

    BYTE_LEVEL = "byte-level"  #: :class:`bpe_engine.Tokenizer`
    SENTENCEPIECE = "sentencepiece"  #: :class:`bpe_engine.spm.SentencePieceTokenizer`
    WORDPIECE = "wordpiece"  #: BERT-style WordPiece (greedy longest match, ``##`` continuation)
    UNIGRAM = "unigram"  #: Unigram language model (Viterbi over the pieces' scores)


class Algorithm(StrEnum):
    """How a tokenizer cuts a word into tokens (``tok.facts.algorithm``).

    Views that show merges (step mode, the Timeline, the Sweep, "as of merge k") apply to
    :attr:`BPE` only; WordPiece and Unigram have no merges to replay.
    """

    BPE = "bpe"  #: merges applied by rank
    WORDPIECE = "wordpiece"  #: greedy longest-match-first from the vocabulary
    UNIGRAM = "unigram"  #: the most probable segmentation (Viterbi)


class TokenUnit(Enum):
    """What merges start from: the 256 bytes, or the characters of the text."""

    BYTE = "byte"
    CHARACTER = "character"


@dataclass(frozen=True)
class MergeRule:
    """How a byte-level tokenizer reads its merges (one value instead of four flags).

    - ``pair_ranks``: the merges are Hugging Face's list of pair priorities (several merges
      may make the same token; a merge may use a token that a later one makes); a piece is
      merged one pair at a time, lowest rank first, leftmost on ties.
    - ``ignore_merges``: a piece that is itself a token encodes to that token (Hugging Face's
      ``ignore_merges``; always so for a tiktoken rank table).
    - ``rank_splits``: any two adjacent parts that make a token merge at the rank of that
      token's merge (tiktoken's own rule for rank tables whose merges do not all follow from
      the ranks).
    - ``tiktoken_ranks``: the vocabulary is a tiktoken rank table (ids are ranks), so
      tiktoken's core encodes exactly like ours.

    The default is the rule of our own training (merges applied in training order).
    """

    pair_ranks: bool = False
    ignore_merges: bool = False
    rank_splits: bool = False
    tiktoken_ranks: bool = False

    def __post_init__(self) -> None:
        if self.tiktoken_ranks and not self.ignore_merges:
            object.__setattr__(self, "ignore_merges", True)  # a rank table's whole tokens always win

    @classmethod
    def learned(cls) -> MergeRule:
        """Merges in training order, each from tokens made before it (our own training)."""
        return cls()

    @classmethod
    def hugging_face(cls, *, ignore_merges: bool = False) -> MergeRule:
        """A Hugging Face ``tokenizer.json``'s BPE model."""
        return cls(pair_ranks=True, ignore_merges=ignore_merges)

    @classmethod
    def tiktoken(cls, *, exact_splits: bool = True) -> MergeRule:
        """A tiktoken rank table; ``exact_splits``: tiktoken's rule for every split of a token."""
        return cls(pair_ranks=exact_splits, ignore_merges=True, rank_splits=exact_splits, tiktoken_ranks=True)


def _frozen_map() -> Mapping[str, int]:
    return MappingProxyType({})


@dataclass(frozen=True)
class TokenizerFacts:
    """What a tokenizer can do, asked once (``tok.facts``), so that views need not test classes
    or file kinds.

    - ``family``, ``unit``: byte-level BPE on bytes, or character-level BPE (SentencePiece).
    - ``merges_in_training_order``: ``merges[k]`` is the k-th merge of the training that made
      the tokenizer (a timeline, a sweep and "as of merge k" need it). False for SentencePiece
      ``.model`` files, which store scores: their merges are reconstructed.
    - ``space_symbol``: how pieces show a space (``▁`` for SentencePiece, ``·`` byte-level).
      How many tokens exist after ``k`` merges is ``tokenizer.vocab_size_after(k)`` (a
      method: for a SentencePiece model it must work out the merges first).
    - ``special_tokens``: name -> id (read-only); ``bos``: the name of the beginning-of-sequence
      token when the file says which it is, else None; ``adds_bos``: whether the model's own
      pipeline puts it before every text (our ``encode`` never does: it gives the ids of the
      text alone).
    - ``algorithm``: BPE, WordPiece or Unigram (:class:`Algorithm`); ``has_merges`` is True
      for BPE only.
    """

    family: Family
    unit: TokenUnit
    merges_in_training_order: bool
    space_symbol: str
    special_tokens: Mapping[str, int] = field(default_factory=_frozen_map)
    bos: str | None = None
    adds_bos: bool = False
    algorithm: Algorithm = Algorithm.BPE

    @property
    def has_merges(self) -> bool:
        """The tokenizer is BPE: merges, ranks and "as of merge k" mean something."""
        return self.algorithm is Algorithm.BPE

    @property
    def byte_level(self) -> bool:
        """Tokens are byte strings built from the 256 bytes."""
        return self.unit is TokenUnit.BYTE
