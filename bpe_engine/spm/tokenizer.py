"""The :class:`SentencePieceTokenizer`: character-level BPE with byte fallback."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property
from types import MappingProxyType
from typing import TYPE_CHECKING

import numpy as np

from .._special_text import NO_SPECIALS, SpecialText
from .._text import fix_surrogates
from ..errors import ConfigError, TokenIdError, TokenizerFileError, short
from ..explain import TokenSpan, char_spans, token_spans
from ..formats.data import (
    BYTE,
    CONTROL,
    PREFIX_RULES,
    UNKNOWN,
    USER_DEFINED,
    SentencePieceData,
    kind_array,
    value_list,
)
from ..formats.post_processor import SpecialAdditions
from ..kinds import Algorithm, Family, TokenizerFacts, TokenUnit
from ..pretokenize import SpecialSplitter
from .model import VECTOR_MIN, CharBpeModel
from .normalizer import Normalizer

if TYPE_CHECKING:
    from ..encode.piece import BpeStep

__all__ = ["SentencePieceTokenizer", "SentencePieceSplit"]


@dataclass(frozen=True)
class SentencePieceSplit:
    """What stands for a pre-tokenizer in a SentencePiece model (for display)."""

    spec: str = "sentencepiece"
    name: str = "sentencepiece"
    description: str = "SentencePiece: spaces become ▁ and a ▁ starts the text; no pre-tokenizer"


class SentencePieceTokenizer(SpecialText):
    """A character-level BPE tokenizer with byte fallback: SentencePiece's BPE models
    (Llama 2, Mistral 7B) and Hugging Face's SentencePiece-style ``tokenizer.json``.

    It offers the interface of :class:`bpe_engine.Tokenizer`
    (:class:`~bpe_engine.interface.TokenizerLike`), so every view works with both. What differs
    from byte-level BPE:

    - The units are characters, not bytes: the text is normalized first (spaces become ``▁``,
      a ``▁`` is put before it, SentencePiece's charsmap rules apply; see
      :mod:`.normalizer`), then its characters are merged. A character that is no token falls
      back to its UTF-8 bytes as ``<0xNN>`` tokens (byte fallback), or becomes ``<unk>``.
    - Merge priority is the score: SentencePiece merges any two adjacent symbols whose
      concatenation is a piece, the highest-scored first (a ``.model`` stores scores, not
      merges). A Hugging Face file lists merges, applied by rank as there. Both rules are
      exact (:mod:`.model`); :attr:`merges` and :meth:`merge_of` give, for a ``.model``, the
      pair the model's own rule reaches when it encodes the piece alone.
    - There is no pre-tokenizer: merges may cross words wherever the vocabulary holds a token
      that does. :meth:`pieces` gives the stretches no merge crosses.
    - Decoding drops the ``▁`` of the dummy prefix from the first piece, as SentencePiece does;
      special tokens (control symbols, ``<unk>``) decode to their text, as everywhere in the
      engine (SentencePiece hides control symbols and shows ``<unk>`` as " ⁇ ").

    ``encode`` follows tiktoken's default like :class:`~bpe_engine.Tokenizer`: special-token
    text raises unless allowed. SentencePiece itself never matches control symbols in text
    (``encode_ordinary`` gives its ids); Hugging Face matches added tokens
    (``encode(text, allowed_special="all")`` gives its ids).
    """

    family: Family = Family.SENTENCEPIECE

    def __init__(self, data: SentencePieceData) -> None:
        n = len(data.pieces)
        if not n or len(data.scores) != n or len(data.kinds) != n:
            raise TokenizerFileError(f"{data.source}: pieces, scores and types must be as many, and not none")
        if data.prefix not in PREFIX_RULES:
            raise ConfigError(f"prefix must be one of {', '.join(PREFIX_RULES)}, got {short(data.prefix)}")
        self.name = data.name
        self.source = data.source
        self._data = data
        self.normalizer = Normalizer(
            charsmap=data.charsmap,
            remove_extra_whitespaces=data.remove_extra_whitespaces,
            escape_whitespaces=data.escape_whitespaces,
            prefix=data.prefix,
            user_defined=_user_defined(data) if data.merges is None else (),
            source=data.source,
            unicode_form=data.unicode_form,
            tokenizers=data.merges is not None,  # a Hugging Face file: tokenizers' normalizers
            trim=data.trim,
        )
        self.model = self._build_model(data)
        self.pretokenizer = SentencePieceSplit()
        self.special_tokens: dict[str, int] = dict(data.special_tokens)
        for tok, i in self.special_tokens.items():
            if not 0 <= i < n:
                raise TokenizerFileError(
                    f"{data.source}: special token {short(tok)} has id {i}, outside the {n} pieces"
                )
        self._special_ids = frozenset(self.special_tokens.values())
        self._normalized_specials = frozenset(data.normalized_specials)
        self._kinds = data.kinds
        self._size = n
        self._strip_first = data.prefix != "never" or data.remove_extra_whitespaces
        self._splitters: dict[frozenset[str], SpecialSplitter] = {}
        self._ordinary: Callable[[str], list[int] | None] | None = None  # (encode_ordinary)
        self._ordinary_known = False
        self._merges: list[tuple[int, int, int]] | None = None
        self._merge_bytes: list[tuple[bytes, bytes]] = []
        self._merge_counts: list[int | None] = []
        self._merge_of_id: dict[int, int] = {}
        self._sizes_after: list[int] | None = None
        #: The special tokens the model puts around a text (see ``Tokenizer.special_additions``).
        self.special_additions: SpecialAdditions = data.additions
        if data.bos is not None and data.bos not in self.special_tokens:
            raise TokenizerFileError(
                f"{data.source}: the beginning-of-sequence token {short(data.bos)} is not one of the special tokens"
            )

    @cached_property
    def _table(self) -> list[bytes]:
        """Id -> bytes, built on first use (opening a model builds no table of its pieces)."""
        space = self.normalizer.space
        table: list[bytes] = []
        for p, k in zip(self._data.pieces, self._data.kinds):
            if k == BYTE:
                table.append(bytes([int(p[3:5], 16)]))
            elif k in (CONTROL, UNKNOWN):
                table.append(p.encode("utf-8"))
            else:
                table.append(p.replace(space, " ").encode("utf-8") if space != " " else p.encode("utf-8"))
        return table

    @cached_property
    def vocab(self) -> dict[int, bytes]:
        """Id -> bytes (``▁`` is a space; a byte-fallback token is its byte), as ``Tokenizer.vocab``."""
        return dict(enumerate(self._table))

    def _build_model(self, data: SentencePieceData) -> CharBpeModel:
        """The procedure that turns normalized text into ids (a subclass gives its own)."""
        return CharBpeModel(data, self.normalizer.space)

    @classmethod
    def from_data(cls, data: SentencePieceData) -> SentencePieceTokenizer:
        return cls(data)

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> SentencePieceTokenizer:
        """A SentencePiece ``.model`` file of type BPE."""
        from ..formats.sentencepiece import read_sentencepiece_model

        data = read_sentencepiece_model(path)
        if data.algorithm is not Algorithm.BPE:
            raise TokenizerFileError(
                f"{os.fspath(path)}: is a SentencePiece Unigram model, not a BPE model; "
                "load it with load_tokenizer or UnigramTokenizer"
            )
        return cls(data)

    def __repr__(self) -> str:
        label = f"{self.name!r}, " if self.name else ""
        return f"SentencePieceTokenizer({label}{self._size} pieces, {self.model.rule} merge rule)"

    def __len__(self) -> int:
        return self._size

    @property
    def vocab_size(self) -> int:
        return self._size

    @property
    def max_id(self) -> int:
        return self._size - 1

    @property
    def facts(self) -> TokenizerFacts:
        """What this tokenizer can do (:class:`~bpe_engine.kinds.TokenizerFacts`): characters,
        pieces shown with ``▁``; merges in training order only when the file lists them (a
        Hugging Face file), not for a ``.model``, whose merges are reconstructed from scores."""
        return TokenizerFacts(
            family=Family.SENTENCEPIECE,
            unit=TokenUnit.CHARACTER,
            merges_in_training_order=self._data.merges is not None,
            space_symbol="▁",
            special_tokens=MappingProxyType(dict(self.special_tokens)),
            bos=self._data.bos,
            adds_bos=self._data.adds_bos and self._data.bos is not None,
        )

    def vocab_size_after(self, k: int) -> int:
        """How many tokens exist after the first ``k`` merges (of :meth:`merge_ids`): the pieces
        no merge makes, plus the distinct tokens the first ``k`` merges make; special tokens not
        counted. Works out the merges on first use for a ``.model``."""
        merges = self._merges if self._merges is not None else self.merge_ids()
        if isinstance(k, bool) or not isinstance(k, int) or not 0 <= k <= len(merges):
            raise ConfigError(f"k must be a whole number of merges from 0 to {len(merges)}, got {short(k)}")
        if self._sizes_after is None:
            made = {z for _, _, z in merges}
            base = sum(1 for i in range(self._size) if i not in made and i not in self._special_ids)
            seen: set[int] = set()
            sizes = [base]
            for _, _, z in merges:
                if z not in self._special_ids:
                    seen.add(z)
                sizes.append(base + len(seen))
            self._sizes_after = sizes
        return self._sizes_after[k]

    @property
    def pieces_text(self) -> list[str]:
        """Each token as the model writes it (``▁`` for spaces, ``<0xNN>`` for bytes)."""
        return list(self._data.pieces)

    def is_special(self, token_id: int) -> bool:
        return token_id in self._special_ids

    def byte_ids(self) -> list[int]:
        return list(self.model.byte_id)

    # -- encoding -------------------------------------------------------------------------

    def encode_ordinary(self, text: str) -> list[int]:
        """Token ids of ``text`` with special-token text as ordinary text."""
        if not self._ordinary_known:
            self._ordinary = self._fast_ordinary()
            self._ordinary_known = True
        fast = self._ordinary
        if fast is not None and type(text) is str and len(text) < VECTOR_MIN:  # (long: CharBpeModel.encode picks)
            try:
                found = fast(text)
            except UnicodeEncodeError:  # lone surrogates: the general path repairs them
                found = None
            if found is not None:
                return found
        return super().encode_ordinary(text)

    def _fast_ordinary(self) -> Callable[[str], list[int] | None] | None:
        """For a model whose normalization is spaces to ``▁`` and the prefix (Mistral's, Llama
        2's) on tiktoken's core: :meth:`encode_ordinary` of a short text in one call (a line
        at a time, the layers of the general path cost as much as the encoding)."""
        norm = self.normalizer
        core = self.model.core if self.model.use_core and self.model.rule == "sentencepiece" else ""
        if isinstance(core, str) or self._normalized_specials or not norm.spaces_only:
            return None
        return core.ordinary(norm.space)

    def _normalize(self, text: str) -> str:
        return self.normalizer.normalize(text)

    def _encode(self, text: str, allowed: frozenset[str]) -> list[int]:
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            text = fix_surrogates(text)
        if not allowed and not self._normalized_specials:
            # Nothing to cut out (encode_ordinary, or no special token allowed): one segment,
            # at the start; what a short call cost most of is the steps below for one part.
            return self.model.encode(self.normalizer.metaspace(self.normalizer.normalize(text), True))
        out: list[int] = []
        encode = self.model.encode
        metaspace = self.normalizer.metaspace
        for seg, offset, special in self._segments(text, allowed):
            if special:
                out.append(self.special_tokens[seg])
                continue
            for part, at, sid in self._normalized_parts(self.normalizer.normalize(seg), allowed):
                if sid is not None:
                    out.append(sid)
                else:
                    out += encode(metaspace(part, offset == 0 and at == 0))
        return out

    # -- decoding -------------------------------------------------------------------------

    def id_to_bytes(self, token_id: int) -> bytes:
        if type(token_id) is bool or not isinstance(token_id, int):
            raise TypeError(f"token ids are whole numbers, got {token_id!r}")
        if not 0 <= token_id < self._size:
            raise TokenIdError(
                f"token id {token_id} is not in this vocabulary (valid ids: 0 to {self.max_id}); "
                "were these ids made by a different tokenizer?"
            )
        return self._table[token_id]

    def token_bytes(self, ids: Iterable[int]) -> list[bytes]:
        return [self.id_to_bytes(i) for i in ids]

    def byte_stream(self) -> Callable[[int], bytes]:
        """Token bytes, the first piece's leading space dropped as SentencePiece's decoder
        does (while no text came before it; control symbols do not count)."""
        if not self._strip_first:
            return self.id_to_bytes
        state = [True]  # still at the start (no text yet, no space dropped)
        kinds = value_list(self._kinds)
        keep_trying = self._data.remove_extra_whitespaces

        def step(token_id: int) -> bytes:
            data = self.id_to_bytes(token_id)
            if not state[0] or kinds[token_id] == CONTROL:
                return data
            if kinds[token_id] in (BYTE, UNKNOWN):
                state[0] = False
                return data
            if data.startswith(b" "):
                data = data[1:]
                state[0] = keep_trying and not data
            else:
                state[0] = False
            return data

        return step

    def decode_bytes(self, ids: Iterable[int]) -> bytes:
        step = self.byte_stream()
        return b"".join([step(i) for i in ids])

    def decode(self, ids: Iterable[int], errors: str = "replace") -> str:
        return self.decode_bytes(ids).decode("utf-8", errors=errors)

    def char_spans(self, ids: Sequence[int]) -> tuple[list[int], list[int], list[bool]]:
        return char_spans(self, ids)

    def token_spans(self, ids: Sequence[int]) -> list[TokenSpan]:
        return token_spans(self, ids)

    # -- explaining -----------------------------------------------------------------------

    def pieces(self, text: str, *, special: bool = True) -> list[tuple[str, int, int, bool]]:
        """``(piece, start, end, is_special)``: the stretches of normalized text that no merge
        crosses (``▁`` for spaces), with the offsets of the text they come from."""
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            text = fix_surrogates(text)
        allowed = frozenset(self.special_tokens) if special else NO_SPECIALS
        out: list[tuple[str, int, int, bool]] = []
        for seg, offset, is_special in self._segments(text, allowed):
            if is_special:
                out.append((seg, offset, offset + len(seg), True))
                continue
            norm, origin = self.normalizer.normalize_with_offsets(seg)
            for part, at, sid in self._normalized_parts(norm, allowed):
                end = offset + origin[at + len(part)]
                start = offset + origin[at]
                if sid is not None:
                    out.append((part, start, end, True))
                    continue
                full = self.normalizer.metaspace(part, offset == 0 and at == 0)
                extra = len(full) - len(part)
                pos = 0
                for piece in self.model.split(full):
                    a = max(at + pos - extra, at)
                    pos += len(piece)
                    b = at + pos - extra
                    out.append((piece, offset + origin[a], offset + origin[b], False))
        return out

    def bpe_steps(self, piece: str | bytes) -> list[BpeStep]:
        """The merges that make one piece of :meth:`pieces` (normalized text), in order."""
        text = piece.decode("utf-8", "replace") if isinstance(piece, bytes) else piece
        steps: list[BpeStep] = []
        self.model.chunk_ids(text, steps)
        return steps

    def piece_ids(self, piece: str) -> list[int]:
        if piece in self.special_tokens:
            return [self.special_tokens[piece]]
        return self.model.encode(piece)

    # -- merges (for the vocabulary view) -------------------------------------------------

    def merge_ids(self) -> list[tuple[int, int, int]]:
        """``(left, right, new)`` of every merge, by rank (see the class docstring)."""
        if self._merges is None:
            merges: list[tuple[int, int, int]] = []
            if self._data.merges is not None:
                for a, b in self._data.merges:
                    found = self.model.pair_rank.get(a << 20 | b)
                    if found is not None and found[1] >= 0:
                        merges.append((a, b, found[1]))
            else:
                for z in sorted(self.model.score_rank, key=self.model.score_rank.__getitem__):
                    text = self._data.pieces[z]
                    if len(text) < 2:
                        continue
                    steps: list[BpeStep] = []
                    if self.model.chunk_ids(text, steps) == [z] and steps:
                        last = steps[-1]
                        merges.append((last.parts[last.index], last.parts[last.index + 1], z))
            self._merge_of_id = {}
            for r, (_, _, z) in enumerate(merges):
                self._merge_of_id.setdefault(z, r)
            self._merge_bytes = [(self._table[a], self._table[b]) for a, b, _ in merges]
            self._merge_counts = [None] * len(merges)
            self._merges = merges
        return list(self._merges)

    @property
    def merges(self) -> list[tuple[bytes, bytes]]:
        """The bytes of each merge's two parts, by rank (worked out on first use)."""
        if self._merges is None:
            self.merge_ids()
        return self._merge_bytes

    @property
    def merge_counts(self) -> list[int | None]:
        """None for every merge (a model keeps no training counts)."""
        if self._merges is None:
            self.merge_ids()
        return self._merge_counts

    def merge_of(self, token_id: int) -> tuple[int, int, int] | None:
        """``(left, right, rank)`` of the merge that makes ``token_id`` (see :meth:`merge_ids`)."""
        merges = self._merges if self._merges is not None else self.merge_ids()
        r = self._merge_of_id.get(token_id)
        if r is None:
            return None
        a, b, _ = merges[r]
        rank = self.model.merge_rank(a, b)
        return a, b, rank if rank is not None else r

    def merge_rank(self, left_id: int, right_id: int) -> int | None:
        return self.model.merge_rank(left_id, right_id)


def _user_defined(data: SentencePieceData) -> tuple[str, ...]:
    """The user-defined pieces (NumPy finds them: a loop over 32k pieces cost 10 ms an open)."""
    return tuple(data.pieces[i] for i in np.flatnonzero(kind_array(data.kinds) == USER_DEFINED).tolist())
