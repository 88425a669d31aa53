"""tiktoken's ``Encoding`` API on top of the tokenizer's own, so that code written for tiktoken
runs on a :class:`~bpe_engine.Tokenizer` by changing one import.

:class:`TiktokenMethods` is a base class of ``Tokenizer``; every method here is written on the
tokenizer's public methods (``encode``, ``decode_bytes``, ``special_tokens`` ...), with
tiktoken's names, signatures, defaults and exceptions (``KeyError`` for an unknown single
token, ``ValueError`` for disallowed special-token text). Differences, by design:

- ``num_threads`` is accepted and ignored: the pure-Python encoder holds the GIL, so threads
  would only add overhead (``encode_file`` uses worker processes for big inputs instead).
- :meth:`TiktokenMethods.encode_bytes` is public (tiktoken calls it ``_encode_bytes``).

``bpe_engine.get_encoding(name)`` and ``bpe_engine.encoding_for_model(model)`` are
:meth:`Tokenizer.from_tiktoken` and :meth:`Tokenizer.for_model`.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence, Set as AbstractSet
from typing import TYPE_CHECKING, Literal

from .errors import TokenIdError, short

if TYPE_CHECKING:
    import numpy as np

    from .encode.encoder import Encoder
    from .encode.tables import EncoderTables

__all__ = ["TiktokenMethods"]

_SPACE = frozenset(b" \n\t")


class TiktokenMethods:
    """The parts of tiktoken's API that a tokenizer's own methods do not already cover."""

    # Provided by Tokenizer (declared for type checkers).
    special_tokens: dict[str, int]
    vocab: dict[int, bytes]

    if TYPE_CHECKING:

        @property
        def max_id(self) -> int: ...
        @property
        def encoder(self) -> Encoder: ...
        def encode(
            self,
            text: str,
            *,
            allowed_special: Literal["all"] | AbstractSet[str] = ...,
            disallowed_special: Literal["all"] | Collection[str] = ...,
        ) -> list[int]: ...
        def encode_ordinary(self, text: str) -> list[int]: ...
        def decode(self, ids: Sequence[int], errors: str = ...) -> str: ...
        def decode_bytes(self, ids: Sequence[int]) -> bytes: ...
        def id_to_bytes(self, token_id: int) -> bytes: ...
        def is_special(self, token_id: int) -> bool: ...

    # -- encoding ---------------------------------------------------------------------------

    def encode_batch(
        self,
        text: list[str],
        *,
        num_threads: int = 8,
        allowed_special: Literal["all"] | AbstractSet[str] = frozenset(),
        disallowed_special: Literal["all"] | Collection[str] = "all",
    ) -> list[list[int]]:
        """``encode`` of each text (tiktoken's signature; ``num_threads`` is ignored)."""
        return [self.encode(t, allowed_special=allowed_special, disallowed_special=disallowed_special) for t in text]

    def encode_ordinary_batch(self, text: list[str], *, num_threads: int = 8) -> list[list[int]]:
        """``encode_ordinary`` of each text (``num_threads`` is ignored)."""
        return [self.encode_ordinary(t) for t in text]

    def encode_to_numpy(
        self,
        text: str,
        *,
        allowed_special: Literal["all"] | AbstractSet[str] = frozenset(),
        disallowed_special: Literal["all"] | Collection[str] = "all",
    ) -> np.ndarray:
        """``encode`` as a NumPy ``uint32`` array."""
        import numpy as np

        ids = self.encode(text, allowed_special=allowed_special, disallowed_special=disallowed_special)
        return np.asarray(ids, dtype=np.uint32)

    def encode_single_token(self, text_or_bytes: str | bytes) -> int:
        """The id of the token whose bytes (or special-token text) these are; ``KeyError`` if
        no single token is."""
        data = text_or_bytes.encode("utf-8") if isinstance(text_or_bytes, str) else bytes(text_or_bytes)
        single = self._single_tokens()
        token = single.get(data)
        if token is None:
            special = self.special_tokens.get(data.decode("utf-8", "replace"))
            if special is None:
                raise TokenIdError(f"{short(text_or_bytes)} is not a single token of this vocabulary")
            return special
        return token

    def _single_tokens(self) -> dict[bytes, int]:
        return self.encoder.tables.derived("single", _single_tokens)

    def encode_bytes(self, data: bytes) -> list[int]:
        """Token ids of raw bytes, valid UTF-8 or not (tiktoken's ``_encode_bytes``).

        The longest valid UTF-8 prefix is encoded as ordinary text; its last piece (with the
        whitespace tokens before it, where it is whitespace) is encoded again together with
        the invalid rest, by the merge rule alone. ``decode_bytes`` gives ``data`` back.
        """
        data = bytes(data)
        try:
            return self.encode_ordinary(data.decode("utf-8"))
        except UnicodeDecodeError as exc:
            valid = exc.start
        encoder = self.encoder
        pieces = encoder.pieces(data[:valid].decode("utf-8")) if valid else []
        per_piece = encoder.encode_distinct(pieces) if pieces else []
        tokens = [t for ids in per_piece for t in ids]
        last = len(per_piece[-1]) if per_piece else 0

        def all_space(token: int) -> bool:
            return all(b in _SPACE for b in self.id_to_bytes(token))

        # tiktoken's rule: a whitespace last piece may take whitespace tokens before it along.
        if last and all_space(tokens[-last]):
            while last < len(tokens) and all_space(tokens[-last - 1]):
                last += 1
        unstable = self.decode_bytes(tokens[len(tokens) - last :]) + data[valid:]
        del tokens[len(tokens) - last :]
        whole = self._single_tokens().get(unstable)
        tokens += [whole] if whole is not None else encoder.encode_distinct([unstable])[0]
        return tokens

    # -- decoding ---------------------------------------------------------------------------

    def decode_single_token_bytes(self, token: int) -> bytes:
        """The bytes of one token; ``KeyError`` if the id is not in the vocabulary."""
        return self.id_to_bytes(token)

    def decode_tokens_bytes(self, tokens: Sequence[int]) -> list[bytes]:
        """The bytes of each token."""
        return [self.id_to_bytes(t) for t in tokens]

    def decode_with_offsets(self, tokens: Sequence[int]) -> tuple[str, list[int]]:
        """The text and, per token, the index of the first character it has bytes of
        (tiktoken's rule: a token that starts inside a character points at that character).
        Raises ``UnicodeDecodeError`` if the tokens do not make valid UTF-8."""
        pieces = self.decode_tokens_bytes(tokens)
        chars = 0
        offsets = []
        for piece in pieces:
            offsets.append(max(0, chars - (0x80 <= piece[0] < 0xC0)))
            chars += sum(1 for c in piece if not 0x80 <= c < 0xC0)
        return b"".join(pieces).decode("utf-8", errors="strict"), offsets

    def decode_batch(
        self, batch: Sequence[Sequence[int]], *, errors: str = "replace", num_threads: int = 8
    ) -> list[str]:
        """``decode`` of each list of ids (``num_threads`` is ignored)."""
        return [self.decode(ids, errors=errors) for ids in batch]

    def decode_bytes_batch(self, batch: Sequence[Sequence[int]], *, num_threads: int = 8) -> list[bytes]:
        """``decode_bytes`` of each list of ids (``num_threads`` is ignored)."""
        return [self.decode_bytes(ids) for ids in batch]

    # -- facts ------------------------------------------------------------------------------

    def token_byte_values(self) -> list[bytes]:
        """The bytes of every ordinary token, sorted."""
        return sorted(b for i, b in self.vocab.items() if not self.is_special(i))

    @property
    def eot_token(self) -> int:
        """The id of ``<|endoftext|>`` (``KeyError`` if this tokenizer has none)."""
        return self.special_tokens["<|endoftext|>"]

    @property
    def special_tokens_set(self) -> set[str]:
        return set(self.special_tokens)

    def is_special_token(self, token: int) -> bool:
        return self.is_special(token)

    @property
    def max_token_value(self) -> int:
        return self.max_id

    @property
    def n_vocab(self) -> int:
        """``max_token_value + 1`` (tiktoken's name; ids may have gaps)."""
        return self.max_id + 1


def _single_tokens(tables: EncoderTables) -> dict[bytes, int]:
    """bytes -> id of every ordinary token (the lowest id where two share their bytes)."""
    table: dict[bytes, int] = {}
    for i in range(len(tables.id_bytes) - 1, -1, -1):
        data = tables.id_bytes[i]
        if data is not None and i not in tables.special_ids:
            table[data] = i
    return table
