"""The :class:`Tokenizer`: a vocabulary, merges, special tokens and a pre-tokenizer.

Encoding cuts text at special tokens, then into pieces with the pre-tokenizer, and applies
inside each piece the lowest-ranked applicable merge until none applies (which gives the ids
of applying every merge in training order, :mod:`bpe_engine.reference`).
The encoders themselves live in :mod:`bpe_engine.encode` and work on an
:class:`~bpe_engine.encode.tables.EncoderTables` built from the checked vocabulary;
decoding joins token bytes (:meth:`Tokenizer.decode_bytes` is lossless,
:meth:`Tokenizer.decode` is lossy: U+FFFD for broken UTF-8).

The class is one (users see one tokenizer, tiktoken's API included); its parts live in a
module each, by what makes them change:

- this module: the state and how it is made: the constructors (``Tokenizer(...)``,
  :meth:`Tokenizer.from_data`, the file and OpenAI constructors, the lazy open of a rank
  table or a ``tokenizer.json`` whose merges and encoder are made on first use), pickling,
  ``save`` and ``export``;
- :mod:`bpe_engine.tokenizer_build`: the checks of a vocabulary and its merges and the encoder
  built over them (plain functions);
- :mod:`bpe_engine.tokenizer_encode`: the encode entry points;
- :mod:`bpe_engine.tokenizer_core`: tiktoken's compiled core (equivalence, building, the
  rank encoder of a lazily opened rank table);
- :mod:`bpe_engine.tokenizer_vocab`: decoding, spans, explanations and facts;
- :mod:`bpe_engine.compat`: the rest of tiktoken's ``Encoding`` API.

The last four are base classes over the tokenizer's own state (no state of their own, no
``__init__``): the state is one ``__dict__`` that a lazy open fills on first use (through
``__getattr__`` here) and that pickling copies. Only these modules touch a tokenizer's private
attributes (``tests/engine/test_architecture.py``). Files are read and written by
:mod:`bpe_engine.formats` (which hands back plain
:class:`~bpe_engine.formats.data.TokenizerData`).
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Iterable, Mapping, Sequence
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from ._blocks import dict_in_blocks, list_in_blocks
from ._cache import cached, file_key, openai_key
from ._vocab import MAX_VOCAB, MergeTables
from .compat import TiktokenMethods
from .encode.encoder import Encoder
from .encode.piece import BpeStep
from .encode.tables import id_table
from .errors import BPEError, TokenizerFileError
from .explain import TokenSpan
from .formats.post_processor import SpecialAdditions
from .kinds import Family, MergeRule
from .pretokenize import Pretokenizer, get_pretokenizer
from .tokenizer_build import (
    NORMAL_FORMS,
    CheckedVocab,
    NormalForm,
    build_encoder,
    check_rank_data,
    check_vocab,
    checked_name,
    checked_normalizer,
    merge_rule_of,
)
from .tokenizer_core import CoreMethods
from .tokenizer_encode import EncodeMethods
from .tokenizer_vocab import VocabularyMethods

if TYPE_CHECKING:
    from .formats.data import TokenizerData

__all__ = ["Tokenizer", "TokenSpan", "BpeStep", "MAX_VOCAB", "NORMAL_FORMS"]

_encoder_lock = threading.Lock()
_openai_lock = threading.Lock()
_openai: dict[str, Tokenizer] = {}  # OpenAI encodings, built once per process
# What a lazy open (Tokenizer._from_tables) leaves to first use.
_LAZY_MERGES = frozenset({"merges", "merge_counts", "_merge_triples", "_merge_of_id"})


class Tokenizer(EncodeMethods, VocabularyMethods, CoreMethods, TiktokenMethods):
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
        merge_rule = merge_rule_of(merge_rule, ranks_from_tiktoken, pair_ranks, ignore_merges, rank_splits)
        self.merge_rule: MergeRule = merge_rule
        self.pretokenizer = get_pretokenizer(pretokenizer)
        self.normalizer = checked_normalizer(normalizer)
        self.name = checked_name(name)
        checked = check_vocab(vocab, merges, special_tokens, merge_counts, merge_ids, merge_rule.pair_ranks, bos)
        self._byte_id = checked.byte_id
        self.bos = bos
        self.adds_bos = bool(adds_bos) and bos is not None
        self._finish(checked.vocab, checked.specials, checked.merges)

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
        self._start_core()

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
        """The encoder over this tokenizer's checked tables (see :func:`~bpe_engine.tokenizer_build.build_encoder`)."""
        checked = CheckedVocab(self.vocab, self._byte_id, self.special_tokens, merges)
        return build_encoder(checked, self._special_ids, self.pretokenizer, self.merge_rule)

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
        """A tokenizer whose merges a reader's ``merge_source`` makes on first use
        (:func:`~bpe_engine.tokenizer_build.check_rank_data`)."""
        vocab, byte_id, specials, tables = check_rank_data(data, source)
        normalizer = checked_normalizer(data.normalizer)
        return cls._from_tables(
            vocab=vocab,
            byte_id=byte_id,
            specials=specials,
            pretokenizer=data.pretokenizer,
            name=checked_name(data.name),
            merge_rule=data.merge_rule,
            normalizer=normalizer,
            bos=data.bos,
            adds_bos=bool(data.adds_bos) and data.bos is not None,
            merge_tables=tables,
        )

    # -- facts of the state -----------------------------------------------------------------

    def __repr__(self) -> str:
        label = f"{self.name!r}, " if self.name else ""
        return (
            f"Tokenizer({label}{len(self.vocab)} tokens, {len(self.merges)} merges, "
            f"{len(self.special_tokens)} special, pretokenizer={self.pretokenizer.spec!r})"
        )

    def __len__(self) -> int:
        return len(self.vocab)

    @property
    def merges_made(self) -> bool:
        """Whether the merge list is at hand. False only for a rank table or a byte-level
        Hugging Face ``tokenizer.json`` opened lazily whose merges are not made yet: then
        :attr:`merges`, :meth:`merge_ids`, :meth:`merge_of` or encoding a ``tokenizer.json``
        first make them (seconds for o200k; thread-safe; a damaged merge is reported then),
        which an interactive caller does off its main thread. Encoding a rank table does not
        need them (tiktoken's core)."""
        return "_merge_triples" in self.__dict__ or self._merges_ready()

    # -- pickling and files -----------------------------------------------------------------

    def __getstate__(self) -> dict[str, Any]:
        # A tiktoken Encoding is rebuilt on demand (worker processes get a lean copy).
        self._encoder.tables.merge_tables()  # a worker's copy gets the merge tables made
        state = dict(self.__dict__)
        for name in _LAZY_MERGES - state.keys():
            state[name] = getattr(self, name)
        self._core_state(state)
        for name in ("_encoder_source", "_merges_hook", "_id_table"):
            # made again where needed (the encoder holds the id table)
            state.pop(name, None)
        state["_sizes_after"] = None  # rebuilt on demand (280,000 numbers for Llama 3)
        return state

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
