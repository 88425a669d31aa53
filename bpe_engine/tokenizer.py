"""The :class:`Tokenizer`: a vocabulary, merges, special tokens and a pre-tokenizer.

Encoding cuts text at special tokens, then into pieces with the pre-tokenizer, and applies
inside each piece the lowest-ranked applicable merge until none applies (which gives the ids
of applying every merge in training order, :mod:`bpe_engine.reference`).
The encoders themselves live in :mod:`bpe_engine.encode` and work on an
:class:`~bpe_engine.encode.tables.EncoderTables` built here from the checked vocabulary;
decoding joins token bytes (:meth:`Tokenizer.decode_bytes` is lossless,
:meth:`Tokenizer.decode` is lossy: U+FFFD for broken UTF-8).

Files are read and written by :mod:`bpe_engine.formats` (which hands back plain
:class:`~bpe_engine.formats.data.TokenizerData`), so this module holds the tokenizer only.
"""

from __future__ import annotations

import os
import threading
import unicodedata
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence, Set as AbstractSet
from operator import itemgetter
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Literal, cast

from ._blocks import dict_in_blocks, list_in_blocks
from ._cache import cached, file_key, openai_key
from ._text import fix_surrogates, lone_surrogate, surrogate_message
from ._vocab import MAX_VOCAB, SHIFT, MergeTables, byte_ids, merge_all_safe, place_specials, resolve_merges, split_pairs
from .compat import TiktokenMethods
from .encode.core import CoreBuilder, CoreEncoder, CoreRecipe
from .encode.encoder import CACHE_LIMIT, Encoder
from .encode.piece import BpeStep, bpe_steps
from .encode.ranked import rank_encode
from .encode.stream import iter_encode
from .encode.tables import EncoderTables, id_table
from .errors import (
    BPEError,
    ConfigError,
    CoreUnavailableError,
    EncodingUnavailableError,
    SpecialTokenError,
    TokenIdError,
    TokenizerFileError,
    short,
)
from .explain import TokenSpan, char_spans, token_spans
from .formats.post_processor import SpecialAdditions
from .kinds import Family, MergeRule, SpecialMode, TokenizerFacts, TokenUnit, special_mode
from .pretokenize import Pretokenizer, SpecialSplitter, get_pretokenizer, pieces_with_offsets

if TYPE_CHECKING:
    import numpy as np

    from .formats.data import TokenizerData

__all__ = ["Tokenizer", "TokenSpan", "BpeStep", "MAX_VOCAB", "NORMAL_FORMS"]

NormalForm = Literal["NFC", "NFD", "NFKC", "NFKD"]
NORMAL_FORMS: tuple[NormalForm, ...] = ("NFC", "NFD", "NFKC", "NFKD")

_UNCHECKED = "?"  # tiktoken equivalence not worked out yet
_NONE: frozenset[str] = frozenset()
# Strings at least this long are encoded block by block (:mod:`bpe_engine.encode.stream`).
_BLOCKWISE = 1 << 22
_BLOCK = 1 << 20
# Texts at least this long go to tiktoken's compiled core when it encodes exactly as we do
# (:meth:`Tokenizer.tiktoken_equivalent`), building it on first use (0.1-0.5 s for 200 000
# ranks, so not for a short text); once built, it takes texts from _CORE_BUILT_MIN on (below
# that, our piece cache answers about as fast). Texts from _BLOCKWISE on stay block by block
# (memory follows the output; a 60 MB text at once under a memory limit hung in tiktoken).
_CORE_MIN = 1 << 18
_CORE_BUILT_MIN = 1 << 12
_core_lock = threading.Lock()
_encoder_lock = threading.Lock()
_openai_lock = threading.Lock()
_locks_lock = threading.Lock()  # makes each tokenizer's own locks (Tokenizer._own_lock)
_openai: dict[str, Tokenizer] = {}  # OpenAI encodings, built once per process
# What a lazy open (Tokenizer._from_tables) leaves to first use.
_LAZY_MERGES = frozenset({"merges", "merge_counts", "_merge_triples", "_merge_of_id"})


def _complete(m: MergeTables, ordinary: dict[int, bytes], rule: MergeRule) -> MergeTables:
    """``m`` with the split pairs and the merge-all check worked out where not given."""
    more = m.more
    if more is None:
        more = split_pairs(ordinary, m.new_ids, m.pair_ids) if rule.rank_splits else []
    safe = m.safe
    if safe is None:
        all_pairs = m.pair_ids + [(a, b) for a, b, _ in more]
        all_new = m.new_ids + [m.new_ids[r] for _, _, r in more]
        safe = not (rule.pair_ranks or more) or merge_all_safe(all_pairs, all_new)
    return MergeTables(m.merges, m.counts, m.new_ids, m.pair_ids, more, safe, m.codes)


def _sizes_after(base: set[int], new_ids: Sequence[int]) -> list[int]:
    """``sizes[k]``: how many of ``base`` and ``new_ids[:k]`` are distinct, for every k.

    In NumPy passes: a loop over 200 000 merges held the interpreter lock for a third of a
    second (the app asks from its GUI thread)."""
    import numpy as np  # (this module imports NumPy for its types only)

    ids = np.fromiter(new_ids, dtype=np.int64, count=len(new_ids))
    new = np.zeros(len(ids), dtype=bool)
    new[np.unique(ids, return_index=True)[1]] = True  # each id's first appearance
    new &= ~np.isin(ids, np.fromiter(base, dtype=np.int64, count=len(base)))
    sizes: list[int] = (len(base) + np.concatenate([[0], np.cumsum(new)])).tolist()
    return sizes


def _merge_rule(
    rule: MergeRule | None, tiktoken_ranks: bool, pair_ranks: bool, ignore: bool, splits: bool
) -> MergeRule:
    """The merge rule from ``merge_rule=`` or from the four flags it replaces (not both)."""
    if rule is None:
        return MergeRule(
            pair_ranks=bool(pair_ranks),
            ignore_merges=bool(ignore),
            rank_splits=bool(splits),
            tiktoken_ranks=bool(tiktoken_ranks),
        )
    if not isinstance(rule, MergeRule):
        raise ConfigError(f"merge_rule must be a MergeRule, got {short(rule)}")
    if any((tiktoken_ranks, pair_ranks, ignore, splits)):
        raise ConfigError(
            "give either merge_rule or the flags ranks_from_tiktoken/pair_ranks/ignore_merges/rank_splits, "
            "not both (the flags are the fields of a MergeRule)"
        )
    return rule


def _checked_name(name: object) -> str | None:
    if name is None:
        return None
    if not isinstance(name, str):
        raise ConfigError(f"name must be a string or None, got {short(name)}")
    at = lone_surrogate(name)
    if at is not None:
        raise ConfigError(surrogate_message("the name", name, at))
    return name


class Tokenizer(TiktokenMethods):
    """A byte-level BPE tokenizer (:class:`~bpe_engine.interface.TokenizerLike`).

    ``vocab`` maps ids to bytes and must hold all 256 single bytes; ``merges`` are pairs of
    byte strings in merge order. ``special_tokens`` is a list of strings (ids are taken from
    ``vocab`` when it already holds them, otherwise appended) or a ``{token: id}`` mapping.
    ``merge_counts`` (the count each merge had in training) is kept for display.
    ``merge_ids`` gives the ids of each merge's two parts, needed only when two tokens of
    ``vocab`` share the same bytes.

    ``merge_rule`` (:class:`~bpe_engine.kinds.MergeRule`) says how ``merges`` are read: in
    training order (ours, the default), as Hugging Face's list of pair priorities
    (``MergeRule.hugging_face()``: pieces merged one pair at a time, lowest rank first,
    leftmost on ties, as Hugging Face's BPE model does), or as a tiktoken rank table
    (``MergeRule.tiktoken()``; see :func:`bpe_engine._vocab.split_pairs`). The keywords
    ``ranks_from_tiktoken``, ``pair_ranks``, ``ignore_merges`` and ``rank_splits`` are the
    rule's four fields, kept for older callers (not together with ``merge_rule``).
    ``bos``/``adds_bos``: the beginning-of-sequence token, when known, and whether the
    model's own pipeline adds it (reported by :attr:`facts`; ``encode`` never adds it).
    """

    family: Family = Family.BYTE_LEVEL
    #: The special tokens the model puts around a text (its file's post-processor); none for
    #: tiktoken files and tokenizers built in code. :meth:`encode_as_model` adds them.
    special_additions: SpecialAdditions = SpecialAdditions()

    def __init__(
        self,
        vocab: Mapping[int, bytes],
        merges: Sequence[tuple[bytes, bytes]],
        special_tokens: Iterable[str] | Mapping[str, int] | None = None,
        *,
        pretokenizer: str | Pretokenizer = "gpt2",
        merge_counts: Sequence[int | None] | None = None,
        merge_ids: Sequence[tuple[int, int]] | None = None,
        name: str | None = None,
        merge_rule: MergeRule | None = None,
        ranks_from_tiktoken: bool = False,
        pair_ranks: bool = False,
        ignore_merges: bool = False,
        rank_splits: bool = False,
        normalizer: str | None = None,
        bos: str | None = None,
        adds_bos: bool = False,
    ) -> None:
        merge_rule = _merge_rule(merge_rule, ranks_from_tiktoken, pair_ranks, ignore_merges, rank_splits)
        self.merge_rule: MergeRule = merge_rule
        pair_ranks = merge_rule.pair_ranks
        self.pretokenizer = get_pretokenizer(pretokenizer)
        if normalizer is not None and normalizer not in NORMAL_FORMS:
            raise ConfigError(f"normalizer must be one of {', '.join(NORMAL_FORMS)} or None, got {short(normalizer)}")
        self.normalizer = normalizer
        self.name = _checked_name(name)
        vocab = dict(vocab)
        self._byte_id = byte_id = byte_ids(vocab)

        if merge_counts is not None and len(merge_counts) != len(merges):
            raise TokenizerFileError(f"merge_counts has {len(merge_counts)} entries but there are {len(merges)} merges")
        new_ids, pair_ids, ordinary = resolve_merges(vocab, merges, merge_ids, byte_id, pair_ranks)
        merges_list = [(a, b) if type(a) is bytes and type(b) is bytes else (bytes(a), bytes(b)) for a, b in merges]
        counts: list[int | None] = list(merge_counts) if merge_counts is not None else [None] * len(merges)

        specials = place_specials(vocab, special_tokens, ordinary)
        for tok, i in reversed(specials.items()):  # an id shared by two names decodes as the first
            vocab[i] = tok.encode("utf-8")
        if bos is not None and bos not in specials:
            raise TokenizerFileError(
                f"the beginning-of-sequence token {short(bos)} is not one of the special tokens "
                f"({short(sorted(specials))}); add it to the special tokens or give bos=None"
            )
        self.bos = bos
        self.adds_bos = bool(adds_bos) and bos is not None
        if not set(map(type, vocab.values())) <= {bytes}:
            vocab = {i: bytes(b) for i, b in vocab.items()}
        self._finish(vocab, specials, MergeTables(merges_list, counts, new_ids, pair_ids))

    @classmethod
    def _from_tables(
        cls,
        *,
        vocab: dict[int, bytes],
        byte_id: list[int],
        specials: dict[str, int],
        pretokenizer: str | Pretokenizer,
        name: str | None,
        merge_rule: MergeRule,
        normalizer: NormalForm | None,
        bos: str | None,
        adds_bos: bool,
        merge_tables: Callable[[], MergeTables],
    ) -> Tokenizer:
        """A tokenizer from a vocabulary checked before (the on-disk cache,
        :mod:`bpe_engine._cache`, whose checksum vouches for it; a rank table read just now),
        whose merge tables ``merge_tables()`` makes on first use (``merges``, ``merge_counts``,
        encoding with our encoder, explanations): opening o200k then costs no merge rebuild.
        ``merge_tables`` must give what ``__init__`` would have made of the merges."""
        tok = cls.__new__(cls)
        tok.merge_rule = merge_rule
        tok.pretokenizer = get_pretokenizer(pretokenizer)
        tok.normalizer = normalizer
        tok.name = name
        tok._byte_id = byte_id
        tok.bos = bos
        tok.adds_bos = adds_bos
        tok._finish(vocab, specials, merge_tables)
        return tok

    def _finish(
        self,
        vocab: dict[int, bytes],
        specials: dict[str, int],
        merges: MergeTables | Callable[[], MergeTables],
    ) -> None:
        """The rest of the set-up, from a checked vocabulary and the merge tables, or what makes
        them on first use (then ``merges``, ``merge_counts`` and the merge lookups are set by
        ``_adopt_merges`` when first asked for, through ``__getattr__``)."""
        self.special_tokens: dict[str, int] = specials
        self._sizes_after: list[int] | None = None
        self._special_names = frozenset(specials)
        self._special_ids = frozenset(specials.values())
        self.vocab: dict[int, bytes] = vocab
        if isinstance(merges, MergeTables):
            self._encoder = self._build_encoder(merges)
            self._adopt_merges(merges)
        else:
            # Our encoder's tables are made on first use too (0.08 s for o200k): a rank table
            # encodes on tiktoken's core until its merges are made, so opening one for a short
            # text (the app's Compare tab) needs only the vocabulary and the core.
            self._encoder_source = merges
        # Worked out on first use (it imports tiktoken, may compile the pattern there, and for
        # trained merges replays tiktoken's procedure): opening stays fast.
        self._tiktoken_reason: str | None = _UNCHECKED
        self._tiktoken_encoding: Any = None
        self._core: CoreEncoder | None = None
        self._core_builder: CoreBuilder | None = None  # None: tiktoken's core built here

    def _adopt_merges(self, m: MergeTables) -> None:
        pairs = m.pair_ids  # the triples zipped in C (200,000 of them for o200k)
        triples = list_in_blocks(zip(map(itemgetter(0), pairs), map(itemgetter(1), pairs), m.new_ids))
        self.merges: list[tuple[bytes, bytes]] = m.merges
        self.merge_counts: list[int | None] = m.counts
        # The first (lowest-ranked) merge that makes each token: later ranks are overwritten.
        new_ids = m.new_ids
        self._merge_of_id: dict[int, int] = dict_in_blocks(zip(reversed(new_ids), range(len(new_ids) - 1, -1, -1)))
        # Last: merges_made looks for it, and the blocks above let other threads run meanwhile.
        self._merge_triples = triples

    if not TYPE_CHECKING:  # mypy sees the attributes _adopt_merges sets, not this fallback

        def __getattr__(self, name: str) -> Any:
            # Only reached for attributes not set yet: the encoder and merge tables of a lazy open.
            if name == "_encoder" and "_encoder_source" in self.__dict__:
                return self._lazy_encoder()
            if name in _LAZY_MERGES and ("_encoder" in self.__dict__ or "_encoder_source" in self.__dict__):
                m = self._encoder.tables.merge_tables()
                if m is not None:
                    self._adopt_merges(m)
                    return self.__dict__[name]
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def _lazy_encoder(self) -> Encoder:
        """The encoder of a lazy open, built once (two threads asking at once get the same one)."""
        with _encoder_lock:
            encoder: Encoder | None = self.__dict__.get("_encoder")
            if encoder is None:
                encoder = self._build_encoder(self.__dict__["_encoder_source"])
                encoder.tables.on_merges = self.__dict__.pop("_merges_hook", None)
                self._encoder = encoder
            return encoder

    def _on_merges_made(self, hook: Callable[[], None]) -> None:
        """Call ``hook`` once the merge tables of a lazy open are made (the cache stores them)."""
        if "_encoder" in self.__dict__:
            self._encoder.tables.on_merges = hook
        else:
            self._merges_hook = hook

    def _merges_ready(self) -> bool:
        """Whether the encoder's merge tables are made (never before the encoder itself)."""
        return "_encoder" in self.__dict__ and self._encoder.tables.merges_ready

    def _id_bytes(self) -> list[bytes | None]:
        """The bytes of each id by position: the encoder's table, or one of its own until the
        encoder is built (decoding does not need the encoder)."""
        if "_encoder" in self.__dict__:
            return self._encoder.tables.id_bytes
        table: list[bytes | None] | None = self.__dict__.get("_id_table")
        if table is None:
            table = self._id_table = id_table(self.vocab)
        return table

    def _build_encoder(self, merges: MergeTables | Callable[[], MergeTables]) -> Encoder:
        """The encoder over this tokenizer's checked tables (merges as the rule reads them,
        completed by :func:`_complete`; made on first use when ``merges`` is a callable)."""
        rule = self.merge_rule
        ordinary = dict_in_blocks(self.vocab.items())  # (blocks: no long hold of the interpreter lock)
        for i in self._special_ids:
            ordinary.pop(i, None)
        # bytes -> id, the last id winning as in a loop over ordinary.items() (built in C)
        whole = dict_in_blocks(zip(ordinary.values(), ordinary.keys())) if rule.ignore_merges else None
        common: dict[str, Any] = {
            "byte_ids": self._byte_id,
            "id_bytes": self.vocab,
            "special_tokens": self.special_tokens,
            "pretokenizer": self.pretokenizer,
            "whole_tokens": whole,
        }
        if isinstance(merges, MergeTables):
            m = _complete(merges, ordinary, rule)
            return Encoder(
                EncoderTables(
                    merges=None,
                    merge_all_safe=bool(m.safe),
                    more_pairs=m.more or (),
                    pair_ids=m.pair_ids,
                    new_ids=m.new_ids,
                    pair_codes=m.codes,
                    **common,
                )
            )
        source = merges
        return Encoder(EncoderTables(merges=None, merge_source=lambda: _complete(source(), ordinary, rule), **common))

    @classmethod
    def from_data(cls, data: TokenizerData) -> Tokenizer:
        """Build a tokenizer from what a file reader returned; errors name the file."""
        try:
            if data.merge_source is not None:
                tok = cls._from_rank_data(data, data.merge_source)
                tok.special_additions = data.additions
                return tok
            tok = cls(
                data.vocab,
                data.merges,
                data.special_tokens,
                pretokenizer=data.pretokenizer,
                merge_counts=data.merge_counts,
                merge_ids=data.merge_ids,
                name=data.name,
                merge_rule=data.merge_rule,
                normalizer=data.normalizer,
                bos=data.bos,
                adds_bos=data.adds_bos,
            )
            tok.special_additions = data.additions
            return tok
        except TokenizerFileError as exc:
            raise TokenizerFileError(f"{data.source}: {exc}" if data.source else str(exc)) from None
        except BPEError as exc:
            if not data.source:
                raise
            raise TokenizerFileError(f"{data.source}: {exc}") from None

    @classmethod
    def _from_rank_data(cls, data: TokenizerData, source: Callable[[], list[tuple[int, int, int]]]) -> Tokenizer:
        """A tokenizer whose merges a reader's ``merge_source`` makes on first use (a rank
        table's, rebuilt from its ranks; a Hugging Face list, resolved): the rest is checked as
        ``__init__`` checks it. Every rank is an ordinary token; of a Hugging Face vocabulary,
        the bytes for now (its source refuses a special token that a merge makes or uses)."""
        vocab = dict(data.vocab)
        byte_id = byte_ids(vocab) if data.byte_id is None else list(data.byte_id)
        # (every rank is ordinary: the vocabulary's keys, not a set of them made for the check)
        ordinary = vocab.keys() if data.merge_rule.tiktoken_ranks else set(byte_id)
        specials = place_specials(vocab, data.special_tokens, ordinary)
        for tok, i in reversed(specials.items()):  # an id shared by two names decodes as the first
            vocab[i] = tok.encode("utf-8")
        if data.bos is not None and data.bos not in specials:
            raise TokenizerFileError(f"the beginning-of-sequence token {short(data.bos)} is not a special token")
        if data.normalizer is not None and data.normalizer not in NORMAL_FORMS:
            raise ConfigError(
                f"normalizer must be one of {', '.join(NORMAL_FORMS)} or None, got {short(data.normalizer)}"
            )

        def tables() -> MergeTables:
            triples = source()
            pair_ids = [(a, b) for a, b, _ in triples]
            get = vocab.__getitem__
            merges = [(get(a), get(b)) for a, b in pair_ids]
            return MergeTables(merges, [None] * len(merges), [z for _, _, z in triples], pair_ids)

        return cls._from_tables(
            vocab=vocab,
            byte_id=byte_id,
            specials=specials,
            pretokenizer=data.pretokenizer,
            name=_checked_name(data.name),
            merge_rule=data.merge_rule,
            normalizer=data.normalizer,
            bos=data.bos,
            adds_bos=bool(data.adds_bos) and data.bos is not None,
            merge_tables=tables,
        )

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
            sizes = self._sizes_after = _sizes_after(set(self._byte_id), [z for _, _, z in self._merge_triples])
        return sizes

    @property
    def encoder(self) -> Encoder:
        """The encoder of this tokenizer (its tables and piece cache)."""
        return self._encoder

    @property
    def cache_size(self) -> int:
        """Most pieces kept in the encode cache; it is emptied when full, so memory stays bounded."""
        return self._encoder.cache_size

    @cache_size.setter
    def cache_size(self, value: int) -> None:
        self._encoder.cache_size = value

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

    @property
    def merges_made(self) -> bool:
        """Whether the merge list is at hand. False only for a rank table or a byte-level
        Hugging Face ``tokenizer.json`` opened lazily whose merges are not made yet: then
        :attr:`merges`, :meth:`merge_ids`, :meth:`merge_of` or encoding a ``tokenizer.json``
        first make them (seconds for o200k; thread-safe; a damaged merge is reported then),
        which an interactive caller does off its main thread. Encoding a rank table does not
        need them (tiktoken's core)."""
        return "_merge_triples" in self.__dict__ or self._merges_ready()

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

    # -- encoding ---------------------------------------------------------------------------

    def clear_cache(self) -> None:
        """Forget the encodings of pieces seen so far (they are recomputed on demand)."""
        self.__dict__.pop("_rank_cache", None)
        self._encoder.clear_cache()

    def encode_ordinary(self, text: str) -> list[int]:
        """Token ids of ``text``; special-token text is encoded as ordinary text.

        Lone surrogates are handled as in :meth:`encode`.
        """
        if not isinstance(text, str):
            raise TypeError(f"encode_ordinary() takes a str, got {type(text).__name__}")
        return self._encode(text, _NONE)

    def _allowed(
        self,
        text: str,
        allowed_special: Literal["all"] | AbstractSet[str],
        disallowed_special: Literal["all"] | Collection[str],
    ) -> tuple[frozenset[str], frozenset[str]]:
        """The special tokens to recognise in ``text``, and those to refuse (raises at the
        first one found in ``text``)."""
        names = self._special_names
        if allowed_special == "all":
            allowed = names
        else:
            allowed = allowed_special if isinstance(allowed_special, frozenset) else frozenset(allowed_special)
            if allowed and not allowed <= names:
                # As tiktoken: a name that is no special token of this tokenizer allows nothing
                # (its text stays ordinary text), so code written for tiktoken behaves the same.
                allowed = allowed & names
        if disallowed_special == "all":
            disallowed = names - allowed if allowed else names
        elif isinstance(disallowed_special, frozenset):
            disallowed = disallowed_special
        else:
            disallowed = frozenset(disallowed_special)
        if disallowed and len(text) < _BLOCKWISE:
            found = self._encoder.splitter_for(disallowed).first(text)
            if found is not None:
                raise SpecialTokenError(found[0], found[1])
        return allowed, disallowed

    def _normalized(self, text: str) -> str:
        return unicodedata.normalize(self.normalizer, text) if self.normalizer is not None else text

    def _encode(self, text: str, allowed: frozenset[str], disallowed: frozenset[str] = _NONE) -> list[int]:
        text = self._normalized(text)
        if len(text) < _BLOCKWISE and (len(text) >= _CORE_BUILT_MIN or self._merges_pending()):
            core_ids = self._core_encode(text, allowed)
            if core_ids is not None:
                return core_ids
        if len(text) >= _BLOCKWISE:
            # Block by block (cut where the pieces cannot change): memory follows the output.
            ids: list[int] = []
            blocks = (text[i : i + _BLOCK] for i in range(0, len(text), _BLOCK))
            for part in iter_encode(self._encoder, blocks, allowed, disallowed, _BLOCK):
                ids += part
            return ids
        try:
            return self._encoder.encode(text, allowed)
        except UnicodeEncodeError:  # lone surrogates (see encode)
            return self._encoder.encode(fix_surrogates(text), allowed)

    def _merges_pending(self) -> bool:
        """Whether this is a tiktoken rank table (tiktoken's core encodes it as we do by
        construction) whose merge tables are not made yet (a lazy open)."""
        return self.merge_rule.tiktoken_ranks and not self._merges_ready()

    def _core_encode(self, text: str, allowed: frozenset[str]) -> list[int] | None:
        """The ids from tiktoken's core, or None where it is not used (not equivalent, not
        built yet and ``text`` too short to be worth building it, or it cannot answer: see
        :class:`~bpe_engine.encode.core.CoreEncoder`)."""
        core = self._core
        if core is None:
            # A rank table's merges not made yet: tiktoken's core (~0.25 s for o200k) comes
            # sooner than the merges (seconds), whatever the text's length.
            if (len(text) < _CORE_MIN and not self._merges_pending()) or self.tiktoken_equivalent() is not None:
                return None
            if len(text) < _CORE_BUILT_MIN:
                # A short text by the ranks alone (tiktoken's rule, in Python): the app's first
                # chips of three encodings need not wait for their three cores.
                ids = self._rank_encode(text, allowed)
                if ids is not None:
                    return ids
            core = self.core_encoder()
        # No special token overlaps another (checked), so tiktoken picks the ones we would.
        return core.encode(text, allowed)

    def _rank_encode(self, text: str, allowed: frozenset[str]) -> list[int] | None:
        """``text`` by :func:`~bpe_engine.encode.ranked.rank_encode` (a rank table whose merges
        are not made: neither our encoder nor tiktoken's core is built for it), or None where
        it does not answer (a long piece)."""
        if lone_surrogate(text) is not None:
            text = fix_surrogates(text)
        splitters: dict[frozenset[str], SpecialSplitter] = self.__dict__.setdefault("_rank_splitters", {})
        splitter = splitters.get(allowed)
        if splitter is None:
            splitter = splitters[allowed] = SpecialSplitter(t for t in self.special_tokens if t in allowed)
        # Pieces merged before are looked up (short chat messages repeat most of their
        # words): bounded as the encoder's piece cache, emptied with it.
        cache: dict[bytes, list[int]] | None = self.__dict__.get("_rank_cache")
        if cache is None or len(cache) > CACHE_LIMIT:
            cache = self.__dict__["_rank_cache"] = {}
        return rank_encode(self.pretokenizer, self._ordinary_ranks_of(), self.special_tokens, splitter, text, cache)

    def _ordinary_ranks_of(self) -> dict[bytes, int]:
        """The ordinary tokens' bytes -> id (where two ids share their bytes, the last one),
        made once: tiktoken's mergeable ranks (:meth:`tiktoken_encoding` hands this dict to
        tiktoken, which keeps it) and what the rank encoder reads."""
        ranks: dict[bytes, int] | None = self.__dict__.get("_ordinary_ranks")
        if ranks is not None:
            return ranks
        with self._own_lock("_ranks_lock"):  # two threads' first short texts at once build it once
            return self._build_ordinary_ranks()

    def _own_lock(self, name: str) -> threading.Lock:
        """This tokenizer's lock ``name``, made on first use: a thread waiting for another
        tokenizer's table or core (the app's GUI thread adopting a new one while a helper
        process builds a core for 0.1-0.7 s) does not wait."""
        lock: threading.Lock | None = self.__dict__.get(name)
        if lock is None:
            with _locks_lock:
                lock = self.__dict__.setdefault(name, threading.Lock())
        return lock

    def _build_ordinary_ranks(self) -> dict[bytes, int]:
        ranks: dict[bytes, int] | None = self.__dict__.get("_ordinary_ranks")
        if ranks is None:
            vocab = self.vocab
            ranks = dict_in_blocks(zip(vocab.values(), vocab.keys()))  # in C: 200 000 ids for o200k
            if len(ranks) == len(vocab):  # no two ids share their bytes: drop the special tokens' own
                for i in self._special_ids:
                    ranks.pop(vocab[i], None)
            else:  # the ordinary ids only, the last one winning (copying the vocabulary: 0.02 s more)
                ordinary = dict(vocab)
                for i in self._special_ids:
                    ordinary.pop(i, None)
                ranks = dict_in_blocks(zip(ordinary.values(), ordinary.keys()))
            self._ordinary_ranks = ranks
        return ranks

    def encode(
        self,
        text: str,
        *,
        allowed_special: Literal["all"] | AbstractSet[str] = _NONE,
        disallowed_special: Literal["all"] | Collection[str] = "all",
    ) -> list[int]:
        """Token ids of ``text``, with tiktoken's arguments and defaults.

        Special-token text raises :class:`~bpe_engine.errors.SpecialTokenError` (a
        ``ValueError``) by default, as in tiktoken: text from users must not turn into special
        tokens unnoticed (prompt injection). ``allowed_special="all"`` (or a set of names)
        encodes them as special tokens, longest match first; ``disallowed_special=()`` encodes
        the others as ordinary text.

        Lone surrogates, which have no UTF-8 form, are repaired as tiktoken does: a surrogate
        pair becomes its character, a lone surrogate becomes U+FFFD.
        """
        if not isinstance(text, str):
            raise TypeError(f"encode() takes a str, got {type(text).__name__}")
        allowed, disallowed = self._allowed(text, allowed_special, disallowed_special)
        return self._encode(text, allowed, disallowed)

    def encode_as_model(
        self,
        text: str,
        *,
        allowed_special: Literal["all"] | AbstractSet[str] = _NONE,
        disallowed_special: Literal["all"] | Collection[str] = "all",
    ) -> list[int]:
        """Token ids of ``text`` as the model gets them: :meth:`encode` (same arguments) with
        :attr:`special_additions` around it (Llama 3's ``<|begin_of_text|>``, BERT's
        ``[CLS]``/``[SEP]``), as Hugging Face's ``Tokenizer.encode(text).ids`` with its default
        ``add_special_tokens=True``. ``encode`` itself never adds them, as tiktoken's."""
        ids = self.encode(text, allowed_special=allowed_special, disallowed_special=disallowed_special)
        return self.special_additions.wrap(ids)

    def encode_as_of(
        self,
        text: str,
        merges: int,
        *,
        allowed_special: Literal["all"] | AbstractSet[str] = _NONE,
        disallowed_special: Literal["all"] | Collection[str] = "all",
    ) -> list[int]:
        """Token ids of ``text`` as the tokenizer of only the first ``merges`` merges gives
        them (the same ids: a merge's token keeps its id), for a training timeline. Special
        tokens as in :meth:`encode`."""
        from .encode.partial import encode_as_of

        if isinstance(merges, bool) or not isinstance(merges, int) or not 0 <= merges <= len(self.merges):
            raise ConfigError(f"merges must be a whole number from 0 to {len(self.merges)}, got {short(merges)}")
        allowed, _ = self._allowed(text, allowed_special, disallowed_special)
        try:
            return encode_as_of(self._encoder, text, allowed, merges)
        except UnicodeEncodeError:
            return encode_as_of(self._encoder, fix_surrogates(text), allowed, merges)

    def token_curve(self, text: str, *, allowed_special: Literal["all"] | AbstractSet[str] = "all") -> np.ndarray:
        """``curve[k]`` = how many tokens ``text`` has with the first ``k`` merges, for every
        ``k`` from 0 to ``len(merges)``, exactly and in one pass over its distinct pieces (for
        a vocabulary-size sweep). Special tokens count one each (``allowed_special`` picks
        which are recognised; the others are ordinary text)."""
        from .encode.partial import token_curve

        allowed, _ = self._allowed(text, allowed_special, ())
        try:
            return token_curve(self._encoder, text, allowed)
        except UnicodeEncodeError:
            return token_curve(self._encoder, fix_surrogates(text), allowed)

    def encode_iterable(
        self,
        iterable: Iterable[str],
        *,
        allowed_special: Literal["all"] | AbstractSet[str] = _NONE,
        disallowed_special: Literal["all"] | Collection[str] = "all",
    ) -> Iterator[int]:
        """Token ids of the concatenation of ``iterable`` (e.g. a file's lines), produced lazily.

        Text is encoded in blocks of a few KiB, each ending where the pieces cannot change (a
        special token, or the pre-tokenizer's safe cut), so memory follows the longest stretch
        without such a point, not the input. Special tokens as in :meth:`encode`; a disallowed
        one raises with its offset in the whole stream. With a :attr:`normalizer`, the text is
        joined and normalized first (a normal form is not decided piece by piece).
        """
        allowed, disallowed = self._allowed("", allowed_special, disallowed_special)
        if self.normalizer is not None:
            iterable = [self._normalized("".join(iterable))]
        for ids in iter_encode(self._encoder, iterable, allowed, disallowed):
            yield from ids

    # -- decoding ---------------------------------------------------------------------------

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

    def piece_ids(self, piece: str) -> list[int]:
        """The ids of one piece of :meth:`pieces` (a special token's piece is its id)."""
        if piece in self.special_tokens:
            return [self.special_tokens[piece]]
        return self._encoder.ids_of([piece.encode("utf-8")]) if piece else []

    def encode_alone(self, texts: Sequence[str]) -> list[tuple[int, ...] | None]:
        """``encode_ordinary`` of each of many short ``texts`` when the pre-tokenizer leaves it
        one piece, None when it cuts it into several (its encoding is then 2 tokens or more):
        the pieces merged together, for bulk questions such as reachability."""
        if self.tiktoken_equivalent() is None:
            core = self.core_encoder()
            if core.covers_all:  # tiktoken's core: exact here (see _core_encode)
                if not core.local:  # a builder's (another process): one request for all
                    try:
                        batch = core.encoding.encode_ordinary_batch([self._normalized(t) for t in texts])
                        return [tuple(ids) for ids in batch]
                    except CoreUnavailableError:
                        pass  # our encoder answers
                else:
                    # subtle: not encode_ordinary_batch, whose thread pool costs 4x on short texts
                    one = core.encoding.encode_ordinary
                    return [tuple(one(self._normalized(t))) for t in texts]
        encoder = self._encoder
        cut = [encoder.pieces(self._normalized(t)) if t else [] for t in texts]
        single = [k for k, p in enumerate(cut) if len(p) == 1]
        ids = encoder.piece_ids_many([cut[k][0] for k in single])
        out: list[tuple[int, ...] | None] = [() if not t else None for t in texts]
        for k, got in zip(single, ids):
            out[k] = got
        return out

    def pieces(self, text: str, *, special: bool = True) -> list[tuple[str, int, int, bool]]:
        """``(piece, start, end, is_special)`` as the pre-tokenizer cuts ``text``
        (``special=False``: special-token text is cut like any other text). With a
        :attr:`normalizer`, the pieces and offsets are those of the normalized text."""
        splitter = self._encoder.tables.all_specials if special else self._encoder.splitter_for(frozenset())
        return pieces_with_offsets(self._normalized(text), self.pretokenizer, splitter)

    def byte_ids(self) -> list[int]:
        """The id of each of the 256 single bytes (GPT-2's vocabulary does not put byte b at id b)."""
        return list(self._byte_id)

    def merge_rank(self, left_id: int, right_id: int) -> int | None:
        """The rank of the merge of these two tokens, or None if they never merge."""
        return self._encoder.tables.ranks.get(left_id << SHIFT | right_id)

    def encode_with(self, text: str, special: SpecialMode | str = SpecialMode.ALLOW) -> list[int]:
        """``encode`` with one of three treatments of special-token text
        (:class:`~bpe_engine.kinds.SpecialMode`, or its string): ``ALLOW`` (they are special
        tokens), ``RAISE`` (tiktoken's strict default: SpecialTokenError) or ``ORDINARY``
        (encoded as ordinary text)."""
        mode = special_mode(special)
        if mode is SpecialMode.ALLOW:
            return self.encode(text, allowed_special="all")
        if mode is SpecialMode.ORDINARY:
            return self.encode_ordinary(text)
        return self.encode(text)

    # -- bulk encoding and tiktoken ----------------------------------------------------------

    def __getstate__(self) -> dict[str, Any]:
        # A tiktoken Encoding is rebuilt on demand (worker processes get a lean copy).
        self._encoder.tables.merge_tables()  # a worker's copy gets the merge tables made
        state = dict(self.__dict__)
        for name in _LAZY_MERGES - state.keys():
            state[name] = getattr(self, name)
        state["_tiktoken_encoding"] = None
        state["_core"] = None
        state["_core_builder"] = None  # a builder's core (another process) stays with its owner
        for name in (
            "_encoder_source",
            "_merges_hook",
            "_id_table",
            "_ordinary_ranks",
            "_rank_splitters",
            "_rank_cache",
            "_ranks_lock",
            "_core_build_lock",
        ):
            # made again where needed (the encoder holds the id table)
            state.pop(name, None)
        state["_sizes_after"] = None  # rebuilt on demand (280,000 numbers for Llama 3)
        return state

    def tiktoken_equivalent(self) -> str | None:
        """None if tiktoken's core with this vocabulary encodes exactly like this tokenizer,
        else the reason why not (see :func:`bpe_engine.formats.tiktoken.equivalence_problem`)."""
        if self.normalizer is not None:
            return f"tiktoken has no normalizer ({self.normalizer})"
        if self._tiktoken_reason == _UNCHECKED:
            from .formats.tiktoken import equivalence_problem

            self._tiktoken_reason = equivalence_problem(self)
        return self._tiktoken_reason

    def tiktoken_encoding(self) -> Any:
        """This vocabulary as a ``tiktoken.Encoding`` (raises if not equivalent)."""
        if self._tiktoken_encoding is None:
            from .formats.tiktoken import build_encoding

            with self._own_lock("_core_build_lock"):  # two threads with long texts at once build it once
                if self._tiktoken_encoding is None:
                    self._tiktoken_encoding = build_encoding(self, self._ordinary_ranks_of())
        return self._tiktoken_encoding

    def core_encoder(self) -> CoreEncoder:
        """:meth:`tiktoken_encoding` (or the core of :meth:`use_core_builder`'s builder) with
        the checks that keep its ids ours (:class:`~bpe_engine.encode.core.CoreEncoder`);
        raises if not equivalent."""
        core = self._core
        if core is None:
            builder = self._core_builder
            if builder is None:
                enc = self.tiktoken_encoding()
            else:
                recipe = self.core_recipe()
                with self._own_lock("_core_build_lock"):  # two threads with long texts ask once
                    if self._core is not None:
                        return self._core
                    core = CoreEncoder.of(builder(recipe), self.vocab, self.pretokenizer, local=False)
                    with _core_lock:  # (as use_core_builder changes the builder)
                        if self._core_builder is builder:
                            self._core = core
                            return core
                return self.core_encoder()  # the builder was replaced meanwhile (the app closing)
            core = self._core = CoreEncoder.of(enc, self.vocab, self.pretokenizer, local=True)
        return core

    def core_recipe(self) -> CoreRecipe:
        """What tiktoken's core of this tokenizer is built from (raises if tiktoken's core
        does not encode as this tokenizer does: :meth:`tiktoken_equivalent`)."""
        from .formats.base import pattern_of

        reason = self.tiktoken_equivalent()
        if reason is not None:
            raise EncodingUnavailableError(f"cannot run this tokenizer on tiktoken: {reason}")
        name = f"bpe-explorer:{self.name or 'tokenizer'}"
        return CoreRecipe(name, pattern_of(self), self._ordinary_ranks_of(), dict(self.special_tokens))

    def use_core_builder(self, builder: CoreBuilder | None) -> None:
        """Have tiktoken's core of this tokenizer made by ``builder`` from its
        :meth:`core_recipe` when it is first needed, instead of in this process (``None``: in
        this process again). The builder's core may live elsewhere (another process: building
        or dropping a core here holds the interpreter lock 100-300 ms); where it cannot answer,
        it raises :class:`~bpe_engine.errors.CoreUnavailableError` and this tokenizer's own
        encoder answers. A core made in this process stays (dropping it would hold the lock),
        one of an earlier builder is let go; the builder is not pickled."""
        with _core_lock:
            if builder == self._core_builder:
                return
            if self._core is not None and not self._core.local:
                self._core = None
            self._core_builder = builder

    def encode_file(self, path: str | os.PathLike[str], **options: Any) -> np.ndarray:
        """All ids of a UTF-8 file as a NumPy ``uint32`` array; see :func:`bpe_engine.encode_file`."""
        from .encode.files import encode_file

        return encode_file(self, path, **options)

    # -- files ------------------------------------------------------------------------------

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write our versioned JSON format atomically (temporary file, then rename)."""
        from .formats.ours import save_tokenizer

        save_tokenizer(self, path)

    def export(self, path: str | os.PathLike[str], format: str) -> list[str]:
        """Write this tokenizer for another program: ``"hf"`` (a ``tokenizer.json`` for Hugging
        Face's ``tokenizers``), ``"tiktoken"`` (a rank file and a JSON sidecar with the pattern,
        the special tokens and the Python that builds a ``tiktoken.Encoding``), ``"gpt2"``
        (``vocab.json`` + ``merges.txt``) or ``"ours"``. ``path`` is the file (for ``gpt2``, the
        ``vocab.json``; ``merges.txt`` goes beside it) or a folder. Every file is written
        atomically; returns the paths written. A format that cannot make these ids (a
        pre-tokenizer or merge rule it cannot express) is refused with the reason
        (:class:`~bpe_engine.errors.ExportError`); see :mod:`bpe_engine.formats.export`."""
        from .formats.export import export_tokenizer

        return export_tokenizer(self, path, format)

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> Tokenizer:
        """Read a file written by :meth:`save`; every field is checked."""
        from .formats.ours import read_tokenizer

        return cls.from_data(read_tokenizer(path))

    @classmethod
    def from_gpt2_files(
        cls,
        vocab_json_path: str | os.PathLike[str],
        merges_txt_path: str | os.PathLike[str],
        special_tokens: Iterable[str] | None = None,
    ) -> Tokenizer:
        """GPT-2's byte-to-unicode ``vocab.json`` and ``merges.txt``."""
        from .formats.gpt2 import read_gpt2_files

        return cls.from_data(read_gpt2_files(vocab_json_path, merges_txt_path, special_tokens))

    @classmethod
    def from_tiktoken(cls, name: str) -> Tokenizer:
        """An OpenAI encoding (``r50k_base``, ``p50k_base``, ``cl100k_base``, ``o200k_base``, ``gpt2``),
        built once per process."""
        from .formats.tiktoken import read_openai_encoding

        with _openai_lock:  # subtle: two threads asking for o200k at once should build it once
            tok = _openai.get(name) if isinstance(name, str) else None
            if tok is None:
                tok = _openai[name] = cached(
                    openai_key(name),
                    lambda: Tokenizer.from_data(read_openai_encoding(name)),
                    Tokenizer,
                    Tokenizer._from_tables,
                )
            return tok

    @classmethod
    def from_ranks(
        cls, mergeable_ranks: Mapping[bytes, int], pattern: str, special_tokens: Mapping[str, int], name: str = ""
    ) -> Tokenizer:
        """A tokenizer from tiktoken's parts (the arguments of ``tiktoken.Encoding``): token
        bytes -> rank (the ranks are the ids; the merges are rebuilt from them), the
        pre-tokenizer regex, special tokens -> ids."""
        from .formats.tiktoken import data_from_ranks

        return cls.from_data(data_from_ranks(mergeable_ranks, pattern, special_tokens, name))

    @classmethod
    def for_model(cls, model_name: str) -> Tokenizer:
        """The tokenizer of an OpenAI model (``"gpt-4o"``, ``"gpt-3.5-turbo-0301"``, ...), by
        tiktoken's own table of model names (tiktoken's ``encoding_for_model``)."""
        from .formats.tiktoken import encoding_name_for_model

        return cls.from_tiktoken(encoding_name_for_model(model_name))

    @classmethod
    def from_tiktoken_file(cls, path: str | os.PathLike[str], name: str | None = None) -> Tokenizer:
        """A local ``.tiktoken`` rank file; ``name`` (or the file name) picks a known
        encoding's pattern and special tokens (see :func:`bpe_engine.formats.tiktoken.read_tiktoken_file`)."""
        from .formats.tiktoken import read_tiktoken_file

        key = file_key(path, "from_tiktoken_file", name) if cls is Tokenizer else None
        return cached(key, lambda: cls.from_data(read_tiktoken_file(path, name)), Tokenizer, Tokenizer._from_tables)
