"""Text to ids for a :class:`~bpe_engine.Tokenizer`: the encode entry points (``encode`` with
tiktoken's arguments, ``encode_ordinary``, ``encode_with``, ``encode_as_model``,
``encode_as_of``, ``token_curve``, ``encode_iterable``, ``encode_file``, ``pieces``), the
special tokens each lets through, the normal form, and which encoder answers: tiktoken's core
where it is worth it (:mod:`bpe_engine.tokenizer_core`), block by block for very long strings,
else the tokenizer's own encoder (:mod:`bpe_engine.encode`).

:class:`EncodeMethods` is a base class of ``Tokenizer``, as :class:`~bpe_engine.compat.TiktokenMethods`
is: the methods read the tokenizer's own state (its encoder is made on first use by the
tokenizer's ``__getattr__`` for a lazy open), so they are methods of the one class users see,
split out by what they answer; the work itself is done by :mod:`bpe_engine.encode`.
"""

from __future__ import annotations

import os
import unicodedata
from collections.abc import Collection, Iterable, Iterator, Set as AbstractSet
from typing import TYPE_CHECKING, Any, Literal

from ._text import fix_surrogates
from .encode.stream import iter_encode
from .errors import ConfigError, SpecialTokenError, short
from .kinds import SpecialMode, special_mode
from .pretokenize import Pretokenizer, pieces_with_offsets

if TYPE_CHECKING:
    import numpy as np

    from .encode.encoder import Encoder
    from .formats.post_processor import SpecialAdditions
    from .interface import ByteLevelTokenizerLike
    from .tokenizer_build import NormalForm

__all__ = ["EncodeMethods"]

_NONE: frozenset[str] = frozenset()
# Strings at least this long are encoded block by block (:mod:`bpe_engine.encode.stream`).
_BLOCKWISE = 1 << 22
_BLOCK = 1 << 20


class EncodeMethods:
    """The encode entry points of a tokenizer."""

    # Provided by Tokenizer (declared for type checkers).
    special_tokens: dict[str, int]
    _special_names: frozenset[str]
    merges: list[tuple[bytes, bytes]]
    pretokenizer: Pretokenizer
    normalizer: NormalForm | None
    special_additions: SpecialAdditions
    _encoder: Encoder

    if TYPE_CHECKING:

        def _core_encode(self, text: str, allowed: frozenset[str]) -> list[int] | None: ...
        def _clear_rank_cache(self) -> None: ...
        def _as_tokenizer(self) -> ByteLevelTokenizerLike: ...

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

    def clear_cache(self) -> None:
        """Forget the encodings of pieces seen so far (they are recomputed on demand)."""
        self._clear_rank_cache()
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
        if len(text) < _BLOCKWISE:
            core_ids = self._core_encode(text, allowed)  # None unless tiktoken's core is worth it
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

    def piece_ids(self, piece: str) -> list[int]:
        """The ids of one piece of :meth:`pieces` (a special token's piece is its id)."""
        if piece in self.special_tokens:
            return [self.special_tokens[piece]]
        return self._encoder.ids_of([piece.encode("utf-8")]) if piece else []

    def pieces(self, text: str, *, special: bool = True) -> list[tuple[str, int, int, bool]]:
        """``(piece, start, end, is_special)`` as the pre-tokenizer cuts ``text``
        (``special=False``: special-token text is cut like any other text). With a
        :attr:`normalizer`, the pieces and offsets are those of the normalized text."""
        splitter = self._encoder.tables.all_specials if special else self._encoder.splitter_for(frozenset())
        return pieces_with_offsets(self._normalized(text), self.pretokenizer, splitter)

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

    def encode_file(self, path: str | os.PathLike[str], **options: Any) -> np.ndarray:
        """All ids of a UTF-8 file as a NumPy ``uint32`` array; see :func:`bpe_engine.encode_file`."""
        from .encode.files import encode_file

        return encode_file(self._as_tokenizer(), path, **options)
