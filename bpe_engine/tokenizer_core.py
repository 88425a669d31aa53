"""tiktoken's compiled core for a :class:`~bpe_engine.Tokenizer`: whether it encodes exactly as
the tokenizer does, the ``tiktoken.Encoding`` and :class:`~bpe_engine.encode.core.CoreEncoder`
built from the vocabulary (here or by a :meth:`~CoreMethods.use_core_builder` builder in
another process), when a text goes to it, and the rank encoder that answers a rank table's
short texts before either the merges or the core are made.

:class:`CoreMethods` is a base class of ``Tokenizer`` (a mixin, not a helper object) because
its state lives in the tokenizer's own ``__dict__``: the per-tokenizer locks are made there on
first use (:meth:`CoreMethods._own_lock`), pickling drops it by name (:data:`CORE_TRANSIENT`,
``Tokenizer.__getstate__``), and what it builds from reads the whole tokenizer
(``equivalence_problem``, ``build_encoding``, ``pattern_of``): a separate object would hold a
reference back to its tokenizer, a cycle that would leave tokenizers (and their 200 000-token
tables) to the cyclic garbage collector instead of freeing them with their last reference.
Nothing here touches the tokenizer's construction, merges or decoding.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, cast

from ._blocks import dict_in_blocks
from ._text import fix_surrogates, lone_surrogate
from .encode.core import CoreBuilder, CoreEncoder, CoreRecipe
from .encode.encoder import CACHE_LIMIT
from .encode.ranked import rank_encode
from .errors import CoreUnavailableError, EncodingUnavailableError
from .pretokenize import Pretokenizer, SpecialSplitter

if TYPE_CHECKING:
    from .encode.encoder import Encoder
    from .interface import ByteLevelTokenizerLike
    from .kinds import MergeRule
    from .tokenizer_build import NormalForm

__all__ = ["CoreMethods", "CORE_TRANSIENT"]

_UNCHECKED = "?"  # tiktoken equivalence not worked out yet
# Texts at least this long go to tiktoken's compiled core when it encodes exactly as we do
# (:meth:`CoreMethods.tiktoken_equivalent`), building it on first use (0.1-0.5 s for 200 000
# ranks, so not for a short text); once built, it takes texts from _CORE_BUILT_MIN on (below
# that, our piece cache answers about as fast). Texts from the tokenizer's block-by-block size
# on never come here (memory follows the output; a 60 MB text at once under a memory limit hung
# in tiktoken).
_CORE_MIN = 1 << 18
_CORE_BUILT_MIN = 1 << 12
_core_lock = threading.Lock()
_locks_lock = threading.Lock()  # makes each tokenizer's own locks (CoreMethods._own_lock)
#: What a pickled tokenizer leaves behind of this part (made again where needed); the
#: ``tiktoken.Encoding``, the core and its builder are pickled as None (:meth:`_core_state`).
CORE_TRANSIENT = ("_ordinary_ranks", "_rank_splitters", "_rank_cache", "_ranks_lock", "_core_build_lock")


class CoreMethods:
    """tiktoken's core of a tokenizer, and the choice of it for a text."""

    # Provided by Tokenizer (declared for type checkers).
    vocab: dict[int, bytes]
    special_tokens: dict[str, int]
    _special_ids: frozenset[int]
    pretokenizer: Pretokenizer
    normalizer: NormalForm | None
    name: str | None
    merge_rule: MergeRule
    _encoder: Encoder

    if TYPE_CHECKING:

        def _merges_ready(self) -> bool: ...
        def _normalized(self, text: str) -> str: ...

    def _start_core(self) -> None:
        """The state of this part for a new tokenizer: nothing worked out yet (it imports
        tiktoken, may compile the pattern there, and for trained merges replays tiktoken's
        procedure), so opening stays fast."""
        self._tiktoken_reason: str | None = _UNCHECKED
        self._tiktoken_encoding: Any = None
        self._core: CoreEncoder | None = None
        self._core_builder: CoreBuilder | None = None  # None: tiktoken's core built here

    def _core_state(self, state: dict[str, Any]) -> None:
        """``state`` (a copy of ``__dict__`` being pickled) without what this part rebuilds."""
        state["_tiktoken_encoding"] = None
        state["_core"] = None
        state["_core_builder"] = None  # a builder's core (another process) stays with its owner
        for name in CORE_TRANSIENT:
            state.pop(name, None)

    def _clear_rank_cache(self) -> None:
        self.__dict__.pop("_rank_cache", None)

    def _as_tokenizer(self) -> ByteLevelTokenizerLike:
        # Only Tokenizer mixes this in, and it is one (what the formats' functions read).
        return cast("ByteLevelTokenizerLike", self)

    def _merges_pending(self) -> bool:
        """Whether this is a tiktoken rank table (tiktoken's core encodes it as we do by
        construction) whose merge tables are not made yet (a lazy open)."""
        return self.merge_rule.tiktoken_ranks and not self._merges_ready()

    def _core_encode(self, text: str, allowed: frozenset[str]) -> list[int] | None:
        """The ids from tiktoken's core, or None where it is not used (not equivalent, not
        built yet and ``text`` too short to be worth building it, or it cannot answer: see
        :class:`~bpe_engine.encode.core.CoreEncoder`)."""
        if len(text) < _CORE_BUILT_MIN and not self._merges_pending():
            return None  # our piece cache answers about as fast
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

    def tiktoken_equivalent(self) -> str | None:
        """None if tiktoken's core with this vocabulary encodes exactly like this tokenizer,
        else the reason why not (see :func:`bpe_engine.formats.tiktoken.equivalence_problem`)."""
        if self.normalizer is not None:
            return f"tiktoken has no normalizer ({self.normalizer})"
        if self._tiktoken_reason == _UNCHECKED:
            from .formats.tiktoken import equivalence_problem

            self._tiktoken_reason = equivalence_problem(self._as_tokenizer())
        return self._tiktoken_reason

    def tiktoken_encoding(self) -> Any:
        """This vocabulary as a ``tiktoken.Encoding`` (raises if not equivalent)."""
        if self._tiktoken_encoding is None:
            from .formats.tiktoken import build_encoding

            with self._own_lock("_core_build_lock"):  # two threads with long texts at once build it once
                if self._tiktoken_encoding is None:
                    self._tiktoken_encoding = build_encoding(self._as_tokenizer(), self._ordinary_ranks_of())
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
        return CoreRecipe(name, pattern_of(self._as_tokenizer()), self._ordinary_ranks_of(), dict(self.special_tokens))

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
