"""Building a vocabulary: resolving merges to token ids and placing special tokens.

Used by :class:`bpe_engine.Tokenizer`; every check here says what is wrong with which merge
or token, so a damaged file gets a clear error instead of a tokenizer that encodes wrongly.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence, Set as AbstractSet
from dataclasses import dataclass
from itertools import chain, compress, repeat
from operator import add, eq, itemgetter
from typing import cast

from ._text import lone_surrogate, surrogate_message
from .errors import ConfigError, TokenizerFileError, short

__all__ = [
    "SHIFT",
    "MAX_VOCAB",
    "MergeTables",
    "byte_ids",
    "resolve_merges",
    "place_specials",
    "merge_all_safe",
    "split_pairs",
]

SHIFT = 20
MAX_VOCAB = 1 << SHIFT  # ids must stay below this (pair codes are left << 20 | right)


@dataclass
class MergeTables:
    """A tokenizer's merge tables, checked: what an open may leave until first use (rebuilding
    o200k's merges from its ranks takes seconds, and only encoding with our own encoder, the
    merge list and explanations need them).

    ``merges[r]`` (the parts' bytes), ``counts[r]``, ``pair_ids[r]`` (the parts' ids) and
    ``new_ids[r]`` (the result) of merge ``r``; ``more``: the other pairs that merge at a
    merge's rank (tiktoken's rule, :func:`split_pairs`); ``safe``: :func:`merge_all_safe`;
    ``codes``: each pair's ``left << SHIFT | right``. None: worked out from the rest.
    """

    merges: list[tuple[bytes, bytes]]
    counts: list[int | None]
    new_ids: list[int]
    pair_ids: list[tuple[int, int]]
    more: list[tuple[int, int, int]] | None = None
    safe: bool | None = None
    codes: list[int] | None = None


def byte_ids(vocab: Mapping[int, bytes]) -> list[int]:
    """The id of each single byte's token (the lowest one), after checking every entry.

    The checks run over the whole vocabulary at C speed (types, range, lengths); only when
    one fails is the vocabulary walked again to name the first bad entry.
    """
    values = vocab.values()
    lengths = list(map(len, values)) if set(map(type, values)) <= {bytes, bytearray} else [0]
    if not vocab or not set(map(type, vocab)) <= {int} or min(vocab) < 0 or max(vocab) >= MAX_VOCAB or min(lengths) < 1:
        _name_bad_entry(vocab)
    byte_id = [-1] * 256
    # The single bytes picked out in C by their lengths (a bytes -> id dict of every token
    # took three times as long), the lowest id winning where two share a byte.
    singles = compress(vocab.items(), map(eq, lengths, repeat(1)))
    for i, b in sorted(singles, reverse=True):
        byte_id[b[0]] = i
    missing = [x for x in range(256) if byte_id[x] < 0]
    if missing:
        raise TokenizerFileError(
            f"the vocabulary lacks {len(missing)} of the 256 single-byte tokens "
            f"(first missing: byte 0x{missing[0]:02x}); a byte-level vocabulary must hold all of them"
        )
    return byte_id


def _name_bad_entry(vocab: Mapping[int, bytes]) -> None:
    for i, b in vocab.items():
        if isinstance(i, bool) or not isinstance(i, int) or i < 0:
            raise TokenizerFileError(f"vocab id {i!r} is not a non-negative whole number")
        if i >= MAX_VOCAB:
            raise TokenizerFileError(f"vocab id {i} is too large (ids must be below {MAX_VOCAB})")
        if not isinstance(b, (bytes, bytearray)) or not b:
            raise TokenizerFileError(f"vocab id {i}: value must be non-empty bytes, got {b!r}")


def resolve_merges(
    vocab: Mapping[int, bytes],
    merges: Sequence[tuple[bytes, bytes]],
    merge_ids: Sequence[tuple[int, int]] | None,
    byte_id: list[int],
    pair_ranks: bool = False,
) -> tuple[list[int], list[tuple[int, int]], set[int]]:
    """Each merge's ``(left id, right id)`` and new id; checks that every merge uses only
    tokens that exist before it and is not repeated. Returns ``(new ids, pair ids, the ids
    of ordinary tokens)``.

    ``pair_ranks``: the merges are Hugging Face's list of pair priorities, where a token may
    be made by several merges (every split of it) and a merge may use a token that only a
    later merge makes; the parts and the result need only be tokens of the vocabulary.
    """
    n = len(merges)
    if merge_ids is not None and len(merge_ids) != n:
        raise TokenizerFileError(f"merge_ids has {len(merge_ids)} entries but there are {n} merges")
    if merge_ids is not None and pair_ranks:
        found = _resolve_at_once(vocab, merges, merge_ids, byte_id)
        if found is not None:
            return found
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
        if not pair_ranks and not (available[a] and available[b]):
            raise TokenizerFileError(
                f"{_what(r, left, right)} uses a token that only a later merge creates; merges must be listed in the order they were learned"
            )
        code = a << SHIFT | b
        if code in ranks:  # checked before the result: its token exists already, made by the first one
            raise TokenizerFileError(f"{_what(r, left, right)} repeats merge {ranks[code]}; each pair is merged once")
        ranks[code] = r
        z = 256 + r
        if vocab_get(z) != joined or (available[z] and not pair_ranks):
            z = lookup(bytes(joined))
            if z < 0 or (available[z] and not pair_ranks):
                raise TokenizerFileError(
                    f"{_what(r, left, right)}: the vocabulary has no token {short(bytes(joined))} for its result"
                )
        new_ids.append(z)
        pair_ids.append((a, b))
        available[z] = 1
    if pair_ranks:
        for a, b in pair_ids:  # parts made by no merge (never reached, but tokens all the same)
            available[a] = available[b] = 1
    ordinary = {i for i in range(len(available)) if available[i]}  # bytes and merge results
    return new_ids, pair_ids, ordinary


def _resolve_at_once(
    vocab: Mapping[int, bytes],
    merges: Sequence[tuple[bytes, bytes]],
    merge_ids: Sequence[tuple[int, int]],
    byte_id: list[int],
) -> tuple[list[int], list[tuple[int, int]], set[int]] | None:
    """:func:`resolve_merges` of a Hugging Face list (``pair_ranks``, ids given) in C loops
    (``map``, list comparison, NumPy) when nothing is wrong and no two tokens share bytes:
    the loop took a second for Llama 3's 280,000 merges. None otherwise: the loop then
    resolves them, naming what is wrong."""
    values = list(vocab.values())
    if set(map(type, values)) != {bytes}:
        return None
    by_bytes = dict(zip(values, vocab))
    if len(by_bytes) != len(vocab):
        return None  # tokens sharing bytes: the loop picks the lowest id
    try:
        lefts, rights = list(map(itemgetter(0), merges)), list(map(itemgetter(1), merges))
        left_ids, right_ids = list(map(itemgetter(0), merge_ids)), list(map(itemgetter(1), merge_ids))
        if set(map(type, lefts)) | set(map(type, rights)) != {bytes}:
            return None
    except (TypeError, IndexError):
        return None
    get = vocab.get
    if list(map(get, left_ids)) != lefts or list(map(get, right_ids)) != rights:
        return None
    new_ids = list(map(by_bytes.get, map(add, lefts, rights)))
    if None in new_ids:
        return None
    import numpy as np  # (deferred: this module is imported by processes that never open a file)

    if not (0 <= min(left_ids + right_ids) and max(left_ids + right_ids) < MAX_VOCAB):
        return None
    codes = np.sort(np.array(left_ids, dtype=np.int64) << SHIFT | np.array(right_ids, dtype=np.int64))
    if (codes[1:] == codes[:-1]).any():
        return None  # a repeated merge
    ordinary = set(byte_id).union(cast(list[int], new_ids), left_ids, right_ids)
    return cast(list[int], new_ids), list(zip(left_ids, right_ids)), ordinary


def split_pairs(
    vocab: Mapping[int, bytes], new_ids: Sequence[int], pair_ids: Sequence[tuple[int, int]]
) -> list[tuple[int, int, int]]:
    """tiktoken's rule as merges: every split of a token made by merge ``r`` into two tokens of
    ``vocab``, as ``(left id, right id, r)``, except the merge itself. With these, merging the
    lowest-ranked adjacent pair (leftmost on ties) merges whatever two parts form the
    lowest-ranked token, as tiktoken does, whichever way the parts were made.
    """
    by_bytes: dict[bytes, int] = {}
    for i in sorted(vocab, reverse=True):
        by_bytes[vocab[i]] = i
    get = by_bytes.get
    known = set(pair_ids)
    out: list[tuple[int, int, int]] = []
    first: dict[int, int] = {}
    for r, z in enumerate(new_ids):
        first.setdefault(z, r)
    for z, r in first.items():
        token = vocab[z]
        for k in range(1, len(token)):
            a = get(token[:k])
            if a is None:
                continue
            b = get(token[k:])
            if b is not None and (a, b) not in known:
                out.append((a, b, r))
    return out


def _what(r: int, left: bytes, right: bytes) -> str:
    """A merge, named in an error (built only when one is raised: a file has 100,000s)."""
    return f"merge {r} ({short(left, 40)}, {short(right, 40)})"


def merge_all_safe(pair_ids: Sequence[tuple[int, int]], new_ids: Sequence[int]) -> bool:
    """True when every merge that uses a token ranks after every merge that makes it.

    Then merging all occurrences of the lowest-ranked pair at once equals Hugging Face's
    one merge at a time (a new pair never outranks the merge that formed it), which the
    vectorised encoders rely on. Merges learned in order always pass; a Hugging Face list
    of pair priorities may not (a merge listed before one of its parts is made).
    """
    import numpy as np  # (deferred, as above)

    n = len(pair_ids)
    if not n:
        return True
    # In NumPy (a loop over Llama 3's 280,000 merges took 0.3 s): each id's first rank as a part.
    parts = np.fromiter(chain.from_iterable(pair_ids), dtype=np.int64, count=2 * n)
    made = np.fromiter(new_ids, dtype=np.int64, count=len(new_ids))
    size = int(max(parts.max(), made.max(initial=0))) + 1
    first_use = np.full(size, n + 1, dtype=np.int64)
    np.minimum.at(first_use, parts, np.repeat(np.arange(n, dtype=np.int64), 2))
    return bool((first_use[made] > np.arange(len(made))).all())


def _check_special(tok: object) -> None:
    if not isinstance(tok, str) or not tok:
        raise ConfigError(f"special tokens must be non-empty strings, got {short(tok)}")
    at = lone_surrogate(tok)
    if at is not None:
        raise ConfigError(surrogate_message(f"special token {short(tok)}", tok, at))


def place_specials(
    vocab: dict[int, bytes], special_tokens: Iterable[str] | Mapping[str, int] | None, ordinary: AbstractSet[int]
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
