"""Building a vocabulary: resolving merges to token ids and placing special tokens.

Used by :class:`bpe_engine.Tokenizer`; every check here says what is wrong with which merge
or token, so a damaged file gets a clear error instead of a tokenizer that encodes wrongly.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from .errors import ConfigError, TokenizerFileError

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
            raise TokenizerFileError(f"merge {r} must be a pair of byte strings, got {pair!r}") from None
        if merge_ids is not None:
            a, b = merge_ids[r]
            if vocab_get(a) != left or vocab_get(b) != right:
                raise TokenizerFileError(f"merge {r}: ids {a}, {b} do not hold the bytes {left!r}, {right!r}")
        else:
            a = lookup(bytes(left))
            b = lookup(bytes(right))
            if a < 0 or b < 0:
                part = left if a < 0 else right
                raise TokenizerFileError(f"merge {r} ({left!r}, {right!r}): the part {part!r} is not in the vocabulary")
        if not (available[a] and available[b]):
            raise TokenizerFileError(
                f"merge {r} ({left!r}, {right!r}) uses a token that only a later merge creates; "
                "merges must be listed in the order they were learned"
            )
        z = 256 + r
        if vocab_get(z) != joined or available[z]:
            z = lookup(bytes(joined))
            if z < 0 or available[z]:
                raise TokenizerFileError(
                    f"merge {r} ({left!r}, {right!r}): the vocabulary has no token {bytes(joined)!r} for its result"
                )
        code = a << SHIFT | b
        if code in ranks:
            raise TokenizerFileError(f"merge {r} ({left!r}, {right!r}) repeats merge {ranks[code]}")
        ranks[code] = r
        new_ids.append(z)
        pair_ids.append((a, b))
        available[z] = 1
    ordinary = {i for i in range(len(available)) if available[i]}  # bytes and merge results
    return new_ids, pair_ids, ordinary


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
            taken: dict[int, str] = {}
            for tok, i in special_tokens.items():
                if not isinstance(tok, str) or not tok:
                    raise ConfigError(f"special tokens must be non-empty strings, got {tok!r}")
                if isinstance(i, bool) or not isinstance(i, int) or not 0 <= i < MAX_VOCAB:
                    raise TokenizerFileError(
                        f"special token {tok!r} has id {i!r}; ids are whole numbers from 0 to {MAX_VOCAB - 1}"
                    )
                if i in ordinary:
                    raise TokenizerFileError(f"special token {tok!r} has id {i}, which is an ordinary token")
                if i in taken:
                    raise TokenizerFileError(
                        f"special tokens {taken[i]!r} and {tok!r} both have id {i}; each needs its own"
                    )
                if i in vocab and vocab[i] != tok.encode("utf-8"):
                    raise TokenizerFileError(
                        f"special token {tok!r} has id {i}, which the vocabulary holds as {vocab[i]!r}"
                    )
                taken[i] = tok
                specials[tok] = i
        else:
            others = {vocab[i]: i for i in sorted(vocab, reverse=True) if i not in ordinary}
            next_id = max(vocab) + 1
            for tok in special_tokens:
                if not isinstance(tok, str) or not tok:
                    raise ConfigError(f"special tokens must be non-empty strings, got {tok!r}")
                if tok in specials:
                    continue
                i = others.get(tok.encode("utf-8"))
                if i is None or i in specials.values():
                    i = next_id
                    next_id += 1
                specials[tok] = i
    return specials
