"""Special tokens in text, for the tokenizers that normalize text before they cut it
(SentencePiece, Unigram, WordPiece): one implementation of tiktoken's ``allowed_special`` /
``disallowed_special`` rules, ``encode_as_model`` and the ``encode`` family on top of a
tokenizer's own ``_encode(text, allowed)``.

Added tokens are matched in the raw text, except the ``normalized`` ones (Hugging Face's
``AddedToken(normalized=True)``), which are matched by their normalized text in the
normalized text, as ``tokenizers`` does.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Iterator, Set as AbstractSet
from typing import Literal

from .errors import SpecialTokenError
from .formats.post_processor import SpecialAdditions
from .kinds import SpecialMode, special_mode
from .pretokenize import SpecialSplitter

__all__ = ["SpecialText", "NO_SPECIALS"]

NO_SPECIALS: frozenset[str] = frozenset()


class SpecialText:
    """The special-token half of a normalizing tokenizer (a base class).

    A subclass sets ``special_tokens``, ``special_additions``, ``_normalized_specials`` and
    ``_splitters`` (an empty dict) in its ``__init__`` and implements ``_encode`` (the ids of
    ``text`` with the special tokens of ``allowed`` recognised) and ``_normalize`` (its
    normalizer on one string).
    """

    special_tokens: dict[str, int]
    special_additions: SpecialAdditions
    _normalized_specials: frozenset[str]
    _splitters: dict[frozenset[str], SpecialSplitter]

    def _encode(self, text: str, allowed: frozenset[str]) -> list[int]:
        raise NotImplementedError  # each tokenizer cuts text its own way

    def _normalize(self, text: str) -> str:
        raise NotImplementedError  # each tokenizer has its own normalizer

    def _splitter(self, names: frozenset[str]) -> SpecialSplitter:
        sp = self._splitters.get(names)
        if sp is None:
            sp = self._splitters[names] = SpecialSplitter(sorted(names))
        return sp

    def _allowed(
        self,
        text: str,
        allowed_special: Literal["all"] | AbstractSet[str],
        disallowed_special: Literal["all"] | Collection[str],
    ) -> frozenset[str]:
        names = frozenset(self.special_tokens)
        # As tiktoken: a name that is no special token of this tokenizer allows nothing.
        allowed = names if allowed_special == "all" else frozenset(allowed_special) & names
        disallowed = names - allowed if disallowed_special == "all" else frozenset(disallowed_special)
        if disallowed:
            found = self._splitter(disallowed).first(text)
            if found is not None:
                raise SpecialTokenError(found[0], found[1])
        return allowed

    def encode(
        self,
        text: str,
        *,
        allowed_special: Literal["all"] | AbstractSet[str] = NO_SPECIALS,
        disallowed_special: Literal["all"] | Collection[str] = "all",
    ) -> list[int]:
        """Token ids of ``text``; special tokens as in :meth:`bpe_engine.Tokenizer.encode`
        (never the BOS/EOS the model adds: see :meth:`encode_as_model`)."""
        if not isinstance(text, str):
            raise TypeError(f"encode() takes a str, got {type(text).__name__}")
        return self._encode(text, self._allowed(text, allowed_special, disallowed_special))

    def encode_as_model(
        self,
        text: str,
        *,
        allowed_special: Literal["all"] | AbstractSet[str] = NO_SPECIALS,
        disallowed_special: Literal["all"] | Collection[str] = "all",
    ) -> list[int]:
        """Token ids of ``text`` as the model gets them: :meth:`encode` (same arguments) with
        :attr:`special_additions` around it (Llama 3's ``<|begin_of_text|>``, BERT's
        ``[CLS]``/``[SEP]``), as Hugging Face's ``Tokenizer.encode(text).ids`` with its default
        ``add_special_tokens=True``."""
        ids = self.encode(text, allowed_special=allowed_special, disallowed_special=disallowed_special)
        return self.special_additions.wrap(ids)

    def encode_ordinary(self, text: str) -> list[int]:
        """Token ids of ``text`` with special-token text as ordinary text."""
        if not isinstance(text, str):
            raise TypeError(f"encode_ordinary() takes a str, got {type(text).__name__}")
        return self._encode(text, NO_SPECIALS)

    def encode_with(self, text: str, special: SpecialMode | str = SpecialMode.ALLOW) -> list[int]:
        """As :meth:`bpe_engine.Tokenizer.encode_with` (a :class:`~bpe_engine.kinds.SpecialMode`)."""
        mode = special_mode(special)
        if mode is SpecialMode.ALLOW:
            return self.encode(text, allowed_special="all")
        if mode is SpecialMode.ORDINARY:
            return self.encode_ordinary(text)
        return self.encode(text)

    def encode_iterable(
        self,
        iterable: Iterable[str],
        *,
        allowed_special: Literal["all"] | AbstractSet[str] = NO_SPECIALS,
        disallowed_special: Literal["all"] | Collection[str] = "all",
    ) -> Iterator[int]:
        """Token ids of the concatenation of ``iterable`` (normalized as one text)."""
        text = "".join(iterable)
        yield from self.encode(text, allowed_special=allowed_special, disallowed_special=disallowed_special)

    def _segments(self, text: str, allowed: frozenset[str]) -> Iterator[tuple[str, int, bool]]:
        """``(part, offset, is special)``: ``text`` cut at the special tokens of ``allowed``
        matched before normalization."""
        offset = 0
        for seg, special in self._splitter(allowed - self._normalized_specials).split(text):
            yield seg, offset, special
            offset += len(seg)

    def _normalized_parts(self, norm: str, allowed: frozenset[str]) -> list[tuple[str, int, int | None]]:
        """``(part, start in norm, special id or None)``: ``norm`` cut at the normalized
        special tokens of ``allowed``, matched by their normalized text."""
        names = allowed & self._normalized_specials
        if not names:
            return [(norm, 0, None)]
        by_text = {self._normalize(t): t for t in sorted(names)}
        by_text.pop("", None)  # a token that normalizes to nothing cannot be found in the text
        out: list[tuple[str, int, int | None]] = []
        at = 0
        for part, special in self._splitter(frozenset(by_text)).split(norm):
            out.append((part, at, self.special_tokens[by_text[part]] if special else None))
            at += len(part)
        return out


class WithoutMerges:
    """The merge members of :class:`~bpe_engine.interface.TokenizerLike` for a tokenizer
    that has none (WordPiece, Unigram): honest empty answers (a base class, first in the
    bases, so that it wins over a BPE base's members)."""

    def merge_ids(self) -> list[tuple[int, int, int]]:
        return []

    @property
    def merges(self) -> list[tuple[bytes, bytes]]:
        return []

    @property
    def merge_counts(self) -> list[int | None]:
        return []

    def merge_of(self, token_id: int) -> tuple[int, int, int] | None:
        return None

    def merge_rank(self, left_id: int, right_id: int) -> int | None:
        return None
