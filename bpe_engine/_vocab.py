"""Building a vocabulary: resolving merges to token ids and placing special tokens.

Used by :class:`bpe_engine.Tokenizer`; every check here says what is wrong with which merge
or token, so a damaged file gets a clear error instead of a tokenizer that encodes wrongly.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from ._text import lone_surrogate, surrogate_message
from .errors import ConfigError, TokenizerFileError, short

__all__ = ["SHIFT", "MAX_VOCAB", "resolve_merges", "place_specials"]

SHIFT = 20
MAX_VOCAB = 1 << SHIFT  # ids must stay below this (pair codes are left << 20 | right)


def resolve_merges(
    vocab: Mapping[int, bytes],
    merges: Sequence[tuple[bytes, bytes]],
    merge_ids: Sequence[tuple[int, int]] | None,
    byte_id: list[int],
) -> tuple[list[int], list[tuple[int, int]], set[int]]:
    """Each merge's ``(left id, right id)`` and new id; checks that every merge uses only
    tokens that exist before it and is not repeated. Returns ``(new ids, pair ids, the ids
    of ordinary tokens)``.
    """
    n = len(merges)
    if merge_ids is not None and len(merge_ids) != n:
        raise TokenizerFileError(f"merge_ids has {len(merge_ids)} entries but there are {n} merges")
    by_bytes: dict[bytes, int] = {}

    def lookup(data: bytes) -> int:
        if not by_bytes:  # built only when needed (merge_ids given: usually never)
            for i in sorted(vocab, reverse=True):
                by_bytes[vocab[i]] = i  # the lowest id wins when two tokens share bytes
        return by_bytes.get(data, -1)

    vocab_get = vocab.get
    available = bytearray(max(vocab) + 1)  # 1 once a token exists (bytes, then each merge)
    for i in byte_id:
        available[i] = 1
    ranks: dict[int, int] = {}
    new_ids: list[int] = []
    pair_ids: list[tuple[int, int]] = []
    for r, pair in enumerate(merges):
        try:
            left, right = pair
            joined = left + right
            if not isinstance(joined, (bytes, bytearray)):
                raise TypeError
        except (TypeError, ValueError):
            raise TokenizerFileError(f"merge {r} must be a pair of byte strings, got {short(pair)}") from None
        if merge_ids is not None:
            a, b = merge_ids[r]
            if vocab_get(a) != left or vocab_get(b) != right:
                raise TokenizerFileError(f"{_what(r, left, right)}: ids {a}, {b} do not hold these bytes")
        else:
            a = lookup(bytes(left))
            b = lookup(bytes(right))
            if a < 0 or b < 0:
                part = left if a < 0 else right
                raise TokenizerFileError(f"{_what(r, left, right)}: the part {short(part)} is not in the vocabulary")
        if not (available[a] and available[b]):
            raise TokenizerFileError(
                f"{_what(r, left, right)} uses a token that only a later merge creates; "
                "merges must be listed in the order they were learned"
            )
        code = a << SHIFT | b
        if code in ranks:  # checked before the result: its token exists already, made by the first one
            raise TokenizerFileError(f"{_what(r, left, right)} repeats merge {ranks[code]}; each pair is merged once")
        ranks[code] = r
        z = 256 + r
        if vocab_get(z) != joined or available[z]:
            z = lookup(bytes(joined))
            if z < 0 or available[z]:
                raise TokenizerFileError(
                    f"{_what(r, left, right)}: the vocabulary has no token {short(bytes(joined))} for its result"
                )
        new_ids.append(z)
        pair_ids.append((a, b))
        available[z] = 1
    ordinary = {i for i in range(len(available)) if available[i]}  # bytes and merge results
    return new_ids, pair_ids, ordinary


def _what(r: int, left: bytes, right: bytes) -> str:
    """A merge as error messages name it (built only for an error: 60 000 merges load faster)."""
    return f"merge {r} ({short(left, 40)}, {short(right, 40)})"


def _check_special(tok: object) -> None:
    if not isinstance(tok, str) or not tok:
        raise ConfigError(f"special tokens must be non-empty strings, got {short(tok)}")
    at = lone_surrogate(tok)
    if at is not None:
        raise ConfigError(surrogate_message(f"special token {short(tok)}", tok, at))


def place_specials(
    vocab: dict[int, bytes], special_tokens: Iterable[str] | Mapping[str, int] | None, ordinary: set[int]
) -> dict[str, int]:
    """Ids of the special tokens: a ``{token: id}`` mapping is checked; for a list, ids the
    vocabulary already holds for them are reused and the rest appended after the last id."""
    # Special tokens: reuse ids the vocabulary already holds for them, append the rest.
    specials: dict[str, int] = {}
    if special_tokens is not None:
        if isinstance(special_tokens, str):
            raise ConfigError(f"special_tokens must be a list of strings, got the string {special_tokens!r}")
        if isinstance(special_tokens, Mapping):
            for tok, i in special_tokens.items():
                _check_special(tok)
                if isinstance(i, bool) or not isinstance(i, int) or not 0 <= i < MAX_VOCAB:
                    raise TokenizerFileError(
                        f"special token {short(tok)} has id {short(i)}; ids are whole numbers from 0 to {MAX_VOCAB - 1}"
                    )
                if i in ordinary:
                    raise TokenizerFileError(f"special token {short(tok)} has id {i}, which is an ordinary token")
                # subtle: two names may share an id (tiktoken's o200k_harmony has two for 200018);
                # the id decodes as the first one, as in tiktoken.
                if i in vocab and vocab[i] != tok.encode("utf-8") and i not in specials.values():
                    raise TokenizerFileError(
                        f"special token {short(tok)} has id {i}, which the vocabulary holds as {short(vocab[i])}"
                    )
                specials[tok] = i
        else:
            others = {vocab[i]: i for i in sorted(vocab, reverse=True) if i not in ordinary}
            next_id = max(vocab) + 1
            for tok in special_tokens:
                _check_special(tok)
                if tok in specials:
                    continue
                i = others.get(tok.encode("utf-8"))
                if i is None or i in specials.values():
                    i = next_id
                    next_id += 1
                specials[tok] = i
    return specials
