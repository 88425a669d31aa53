"""What a file reader hands back: the parts of a tokenizer, not yet checked.

Byte-level readers (:mod:`.ours`, :mod:`.gpt2`, :mod:`.tiktoken`, :mod:`.tekken`, :mod:`.hf`)
parse a file into a :class:`TokenizerData`; :meth:`bpe_engine.Tokenizer.from_data` checks it
and builds the tokenizer. SentencePiece-family readers (:mod:`.sentencepiece`, :mod:`.hf`)
return a :class:`SentencePieceData` for :class:`bpe_engine.spm.SentencePieceTokenizer`. So the
formats never import a tokenizer, and a tokenizer imports a format only when it is asked to
read or write one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Generic, TypeVar, overload

import numpy as np

from ..kinds import Algorithm, MergeRule
from .post_processor import SpecialAdditions

__all__ = [
    "TokenizerData",
    "SentencePieceData",
    "PieceTexts",
    "piece_list",
    "ArrayValues",
    "value_list",
    "kind_array",
    "Trim",
    "PREFIX_RULES",
    "NORMAL",
    "UNKNOWN",
    "CONTROL",
    "USER_DEFINED",
    "UNUSED",
    "BYTE",
    "WordPieceData",
    "WordPieceSplit",
    "AnyTokenizerData",
]


@dataclass
class TokenizerData:
    """The arguments of :class:`~bpe_engine.Tokenizer`, plus where they came from.

    ``source`` names the file(s) for error messages. ``merge_rule`` says how the merges are
    read (:class:`~bpe_engine.kinds.MergeRule`: ours, Hugging Face's, tiktoken's). ``bos``
    names the beginning-of-sequence token when the file says which it is, ``adds_bos``
    whether the model's own pipeline adds it (see :class:`~bpe_engine.kinds.TokenizerFacts`).
    ``additions``: the special tokens the model puts around a text (its post-processor).
    ``merge_source``: for a rank table whose merges are rebuilt from its ranks (correct by
    construction, and seconds of work), what gives ``(left id, right id, new id)`` of each
    merge in rank order, called on first use; ``merges`` and ``merge_ids`` are then empty.
    """

    vocab: dict[int, bytes]
    merges: Sequence[tuple[bytes, bytes]]
    special_tokens: Sequence[str] | Mapping[str, int] = ()
    pretokenizer: str = "gpt2"
    merge_counts: Sequence[int | None] | None = None
    merge_ids: Sequence[tuple[int, int]] | None = None
    name: str | None = None
    merge_rule: MergeRule = field(default_factory=MergeRule)
    normalizer: str | None = None
    bos: str | None = None
    adds_bos: bool = False
    additions: SpecialAdditions = field(default_factory=SpecialAdditions)
    source: str = ""
    extra: dict[str, object] = field(default_factory=dict)
    merge_source: Callable[[], list[tuple[int, int, int]]] | None = None
    #: With ``merge_source``: the id of each single byte's token, when the reader has checked
    #: the vocabulary as :func:`bpe_engine._vocab.byte_ids` does (ids whole numbers in range,
    #: every token non-empty ``bytes``, each byte's lowest id): a second pass over 131k tokens
    #: of a Tekken file took 5 % of its open. None: the tokenizer checks it.
    byte_id: list[int] | None = None


# SentencePiece's piece types (sentencepiece_model.proto, ModelProto.SentencePiece.Type).
NORMAL, UNKNOWN, CONTROL, USER_DEFINED, UNUSED, BYTE = 1, 2, 3, 4, 5, 6

#: Where a space symbol is put before the text of each segment: SentencePiece's dummy prefix
#: (``always``), Metaspace's ``always`` and ``first`` (only if the segment does not already
#: start with one; ``first``: only for the segment at the start of the text), or ``never``.
PREFIX_RULES = ("always", "if_missing", "first_if_missing", "never")


class Trim(StrEnum):
    """How ``remove_extra_whitespaces`` trims the ends of a text (or of each part between two
    special tokens)."""

    #: SentencePiece: spaces (after the rules) at both ends, and the escaped text's own trailing ``▁``
    SENTENCEPIECE = "sentencepiece"
    #: ``tokenizers``' ``Strip``: every Unicode White_Space character at both ends
    STRIP = "strip"
    #: ``Strip(left=False)`` (transformers' converter): only at the right; a leading run of
    #: spaces stays, as one ``▁`` (Metaspace then puts no other before it)
    STRIP_RIGHT = "strip-right"


#: What separates the texts in :class:`PieceTexts` (no piece of a usual model holds it).
SEPARATOR = "\x00"


class PieceTexts(Sequence[str]):
    """The texts of a ``.model``'s pieces, kept as the UTF-8 bytes they were read from
    (``buffer``: the part of the file that holds them, each text ``buffer[starts[k]:ends[k]]``,
    checked UTF-8 with no NUL, at least one byte between two; what lies between them is not
    looked at), then ``extra``
    (pieces read one by one, already text). Why: making 32 768 ``str`` took 7-10 ms of a 25 ms
    open while opening uses a few hundred of them; one piece is decoded alone, and the whole
    list at once (the texts cut out with :data:`SEPARATOR` between them, one decode, one
    split) on the first use that needs all of them."""

    __slots__ = ("_buffer", "_starts", "_ends", "_extra", "_list")
    __hash__ = None  # type: ignore[assignment]  # compared by value, like a list

    def __init__(self, buffer: bytes | bytearray, starts: np.ndarray, ends: np.ndarray, extra: list[str]) -> None:
        self._buffer = buffer
        self._starts = starts
        self._ends = ends
        self._extra = extra
        self._list: list[str] | None = None

    @property
    def raw(self) -> tuple[bytes | bytearray, np.ndarray, np.ndarray, list[str]]:
        """``(buffer, starts, ends, extra)`` (see the class)."""
        return self._buffer, self._starts, self._ends, self._extra

    def as_list(self) -> list[str]:
        """Every text, decoded once and kept."""
        if self._list is None:
            head = _joined(self._buffer, self._starts, self._ends).decode("utf-8").split(SEPARATOR)
            self._list = (head if len(self._starts) else []) + self._extra
        return self._list

    def take(self, indices: list[int] | np.ndarray) -> list[str]:
        """The texts of the pieces ``indices``, each decoded alone (the list is not made)."""
        if self._list is not None or self._extra:
            return [self[i] for i in (indices.tolist() if isinstance(indices, np.ndarray) else indices)]
        if not len(indices):
            return []
        # One decode of the texts joined (each is UTF-8 without NUL): a decode each took 1 ms
        # of a .model's open for its thousand pieces that are not NORMAL. Gathered with the
        # byte after each (made the separator): a slice each took 0.1 ms more.
        buffer = self._buffer
        if int(self._ends[-1]) >= len(buffer):  # (no byte after the last text: one slice each)
            picked = zip(self._starts[indices].tolist(), self._ends[indices].tolist(), strict=True)
            return SEPARATOR.encode().join(buffer[a:b] for a, b in picked).decode("utf-8").split(SEPARATOR)
        starts = self._starts[indices]
        sizes = self._ends[indices] - starts
        sizes += 1
        ends = np.cumsum(sizes)
        source = np.repeat(starts - (ends - sizes), sizes)  # where each byte comes from, less its place
        source += np.arange(len(source))
        joined = np.frombuffer(buffer, dtype=np.uint8)[source]
        joined[ends - 1] = 0
        text: str = joined[:-1].tobytes().decode("utf-8")
        return text.split(SEPARATOR)

    def __len__(self) -> int:
        return len(self._starts) + len(self._extra)

    @overload
    def __getitem__(self, index: int) -> str: ...
    @overload
    def __getitem__(self, index: slice) -> list[str]: ...
    def __getitem__(self, index: int | slice) -> str | list[str]:
        if self._list is not None or isinstance(index, slice):
            return self.as_list()[index]
        count = len(self._starts)
        i = index + len(self) if index < 0 else index
        if 0 <= i < count:
            return self._buffer[int(self._starts[i]) : int(self._ends[i])].decode("utf-8")
        if count <= i < len(self):
            return self._extra[i - count]
        raise IndexError("piece index out of range")

    def __iter__(self) -> Iterator[str]:
        return iter(self.as_list())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, PieceTexts):
            return self.as_list() == other.as_list()
        return isinstance(other, list) and self.as_list() == other

    def __repr__(self) -> str:
        return f"PieceTexts({len(self)} pieces)"


def _joined(buffer: bytes | bytearray, starts: np.ndarray, ends: np.ndarray) -> bytes:
    """The texts ``buffer[starts[k]:ends[k]]`` (in order, at least one byte between two) one
    after the other, :data:`SEPARATOR` after each but the last: cut out by a mask (a cumulative sum of
    +1 at each start, -1 one byte after each end, so each text's next byte is kept too and
    then made the separator), one gather and no index array of every byte."""
    if not len(starts):
        return b""
    if ends[-1] >= len(buffer):  # no byte after the last text to become its separator
        return SEPARATOR.encode().join(bytes(buffer[a:b]) for a, b in zip(starts.tolist(), ends.tolist()))
    marks = np.zeros(len(buffer) + 1, dtype=np.int8)
    # Added, not set (the indices of each are distinct): with one byte between two texts, a
    # text's +1 falls where the one before it takes its -1.
    marks[starts] += 1
    marks[ends + 1] -= 1
    np.cumsum(marks, dtype=np.int8, out=marks)  # (in place: no second array to fault in)
    joined = np.frombuffer(buffer, dtype=np.uint8)[marks[:-1].view(bool)]
    joined[np.cumsum(ends - starts + 1) - 1] = ord(SEPARATOR)
    out: bytes = joined[:-1].tobytes()
    return out


def piece_list(pieces: Sequence[str]) -> list[str]:
    """``pieces`` as a list (decoded once for :class:`PieceTexts`, no copy for a list)."""
    if isinstance(pieces, PieceTexts):
        return pieces.as_list()
    return pieces if isinstance(pieces, list) else list(pieces)


_N = TypeVar("_N", int, float)


class ArrayValues(Sequence[_N], Generic[_N]):
    """Numbers of a ``.model``'s pieces (scores, types) kept as the NumPy array they were read
    into (:attr:`array`), a list made on the first use that needs all of them. Why: turning
    32 768 scores and types into Python numbers cost about 2 ms of a fresh process's open,
    which looks only at the types of the pieces that are not NORMAL (with NumPy)."""

    __slots__ = ("_array", "_list")
    __hash__ = None  # type: ignore[assignment]  # compared by value, like a list

    def __init__(self, array: np.ndarray) -> None:
        self._array = array
        self._list: list[Any] | None = None

    @property
    def array(self) -> np.ndarray:
        """The values as a NumPy array (not to be changed)."""
        return self._array

    def as_list(self) -> list[_N]:
        """Every value as a Python number, made once and kept."""
        if self._list is None:
            self._list = self._array.tolist()
        return self._list

    def __len__(self) -> int:
        return len(self._array)

    @overload
    def __getitem__(self, index: int) -> _N: ...
    @overload
    def __getitem__(self, index: slice) -> list[_N]: ...
    def __getitem__(self, index: int | slice) -> _N | list[_N]:
        if self._list is not None or isinstance(index, slice):
            return self.as_list()[index]
        value: _N = self._array[index].item()
        return value

    def __iter__(self) -> Iterator[_N]:
        return iter(self.as_list())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, ArrayValues):
            return self.as_list() == other.as_list()
        return isinstance(other, list) and self.as_list() == other

    def __repr__(self) -> str:
        return f"ArrayValues({len(self)} values)"


def value_list(values: Sequence[_N]) -> list[_N]:
    """``values`` as a list (made once for :class:`ArrayValues`, no copy for a list)."""
    if isinstance(values, ArrayValues):
        return values.as_list()
    return values if isinstance(values, list) else list(values)


def kind_array(kinds: Sequence[int]) -> np.ndarray:
    """Piece types as a NumPy array (``bytes`` makes it three times faster than ``np.array``
    of a list; a type outside 0-255, which no piece has once checked, gives an int64 array)."""
    if isinstance(kinds, ArrayValues):
        return kinds.array
    try:
        return np.frombuffer(bytes(kinds), dtype=np.uint8)
    except (ValueError, TypeError):
        return np.array(kinds, dtype=object)


@dataclass
class SentencePieceData:
    """The parts of a character-level BPE model with byte fallback (the SentencePiece
    family), from a SentencePiece ``.model`` or a Hugging Face ``tokenizer.json``; checked
    and built by :class:`~bpe_engine.spm.SentencePieceTokenizer`.

    ``pieces[i]`` is the text of token ``i`` (spaces written as ``▁``), ``kinds[i]`` its
    SentencePiece type (:data:`NORMAL`, :data:`BYTE`, ...), ``scores[i]`` its score.
    ``merges`` (pairs of ids, by rank) is None for SentencePiece's own rule (any two
    adjacent symbols whose concatenation is a piece merge, highest score first) and the
    merge list for Hugging Face's rule (only listed pairs merge, lowest rank first).

    Normalizer: ``charsmap`` (SentencePiece's precompiled rules, empty for none),
    ``remove_extra_whitespaces``, ``escape_whitespaces`` (spaces become ``▁``),
    ``prefix`` (one of :data:`PREFIX_RULES`), ``split_at_space`` (Metaspace's ``split``:
    no merge crosses a ``▁``). Special tokens are matched in the text (when allowed) before
    normalization, except those in ``normalized_specials``, matched afterwards by their
    normalized text (Hugging Face's ``normalized`` added tokens). ``trim``: how the ends are
    trimmed when extra whitespace is removed (SentencePiece's rule, or ``tokenizers``' Strip).
    """

    pieces: Sequence[str]  # a list, or PieceTexts (decoded on first use) from a .model
    scores: Sequence[float]  # a list, or ArrayValues (a list made on first use) from a .model
    kinds: Sequence[int]  # as scores
    merges: list[tuple[int, int]] | None = None
    byte_fallback: bool = False
    unk_id: int | None = None
    fuse_unk: bool = True
    ignore_merges: bool = False
    charsmap: bytes = b""
    remove_extra_whitespaces: bool = False
    trim: Trim = Trim.SENTENCEPIECE
    escape_whitespaces: bool = True
    prefix: str = "always"
    split_at_space: bool = False
    special_tokens: dict[str, int] = field(default_factory=dict)
    normalized_specials: frozenset[str] = frozenset()
    name: str | None = None
    bos: str | None = None
    adds_bos: bool = False
    additions: SpecialAdditions = field(default_factory=SpecialAdditions)
    source: str = ""
    #: BPE, or UNIGRAM (Viterbi over ``scores``; ``merges`` is then None for sentencepiece's
    #: rule, ``[]`` for Hugging Face's).
    algorithm: Algorithm = Algorithm.BPE
    #: A Unicode normal form applied before everything (a Hugging Face ``NFKC`` normalizer).
    unicode_form: str | None = None


class WordPieceSplit(StrEnum):
    """How a WordPiece tokenizer cuts normalized text into words (its pre-tokenizer)."""

    BERT = "bert"  #: BertPreTokenizer: split at whitespace, every punctuation mark on its own
    WHITESPACE_SPLIT = "whitespace-split"  #: WhitespaceSplit: split at whitespace only
    WHITESPACE = "whitespace"  #: Whitespace: ``\w+|[^\w\s]+``
    PUNCTUATION = "punctuation"  #: Punctuation (isolated): every punctuation mark on its own
    NONE = "none"  #: no pre-tokenizer: the text between special tokens is one word


@dataclass
class WordPieceData:
    """The parts of a WordPiece tokenizer (BERT's), from a Hugging Face ``tokenizer.json`` or
    a BERT ``vocab.txt``; checked and built by :class:`bpe_engine.wordpiece.WordPieceTokenizer`.

    ``tokens``: id -> the token as the model writes it (``"##ing"`` for a continuation), the
    model's vocabulary and the added tokens. ``unk_token`` stands for a word that cannot be
    covered or is longer than ``max_input_chars_per_word`` characters; ``prefix`` marks a
    piece that continues a word. Normalizer (Hugging Face's BertNormalizer; ``normalize``
    False: none): ``clean_text``, ``handle_chinese_chars``, ``strip_accents``, ``lowercase``.
    ``splits``: the pre-tokenizer's stages, applied in order. ``special_tokens``: added tokens
    (matched in the text before normalization, except ``normalized_specials``, matched in the
    normalized text); ``added_only``: the ids of added tokens that are not in the model's
    vocabulary (the greedy match never takes them). Decoder: ``decode_prefix`` (None: no decoder, tokens joined by spaces),
    ``cleanup``.
    """

    tokens: dict[int, str]
    unk_token: str = "[UNK]"
    prefix: str = "##"
    max_input_chars_per_word: int = 100
    normalize: bool = True
    clean_text: bool = True
    handle_chinese_chars: bool = True
    strip_accents: bool = True
    lowercase: bool = True
    splits: tuple[WordPieceSplit, ...] = (WordPieceSplit.BERT,)
    special_tokens: dict[str, int] = field(default_factory=dict)
    normalized_specials: frozenset[str] = frozenset()
    added_only: frozenset[int] = frozenset()
    decode_prefix: str | None = "##"
    cleanup: bool = True
    name: str | None = None
    bos: str | None = None
    adds_bos: bool = False
    additions: SpecialAdditions = field(default_factory=SpecialAdditions)
    source: str = ""


#: What a reader of :mod:`bpe_engine.formats` returns.
AnyTokenizerData = TokenizerData | SentencePieceData | WordPieceData
