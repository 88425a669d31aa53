"""From a rank table to a tokenizer's data.

tiktoken stores ranks, not merges: the token with rank ``r`` is made by merging two tokens
of lower rank. We rebuild that merge for every token (the only split into two lower-ranked
tokens, or where several exist, the one tiktoken's own byte-pair procedure reaches), so our
encoder, not tiktoken's, produces the ids, and the vocabulary browser can show merge trees.
"""

from __future__ import annotations

import os
from collections.abc import Mapping

from ...errors import TokenizerFileError
from ...kinds import MergeRule
from ..base import pretokenizer_for
from ..data import TokenizerData
from ..jsonfile import short
from .parse import parse_ranks

__all__ = [
    "merges_from_ranks",
    "merge_ids_from_ranks",
    "merge_triples_from_ranks",
    "data_from_ranks",
    "data_from_rank_file",
]


def merges_from_ranks(ranks: Mapping[bytes, int]) -> list[tuple[bytes, bytes]]:
    """The merge that builds each multi-byte token, in rank order (see :func:`merge_ids_from_ranks`)."""
    by_rank = {r: t for t, r in ranks.items()}
    return [(by_rank[a], by_rank[b]) for a, b in merge_ids_from_ranks(ranks)]


def merge_ids_from_ranks(ranks: Mapping[bytes, int], strict: bool = True) -> list[tuple[int, int]]:
    """The two token ids (ranks) merged into each multi-byte token, in rank order (see
    :func:`merge_triples_from_ranks`)."""
    return [(a, b) for a, b, _ in merge_triples_from_ranks(ranks, strict)]


def merge_triples_from_ranks(
    ranks: Mapping[bytes, int], strict: bool = True, offset: int = 0
) -> list[tuple[int, int, int]]:
    """``(left, right, token)`` ranks (plus ``offset``) of the merge of each multi-byte token,
    in rank order.

    Tokens are visited in rank order; each one is encoded with the merges recovered so far
    (all of lower rank), which must leave exactly two parts: those are its merge. With
    ``strict=False`` a token where that leaves more parts (Llama 3 has such tokens: tiktoken
    reaches them only through splits with a higher-ranked part, or as a whole piece) gets its
    first split into two tokens, and a token with no such split gets no merge; the tokenizer
    then merges every split at its token's rank (``rank_splits``), which is tiktoken's rule.
    """
    byte_rank = [0] * 256
    for token, r in ranks.items():
        if len(token) == 1:
            byte_rank[token[0]] = r
    by_rank = {r: t for t, r in ranks.items()}
    pair_rank: dict[int, int] = {}  # left_rank << 32 | right_rank -> merged token's rank
    get = pair_rank.get
    merges = []
    for r in sorted(by_rank):
        token = by_rank[r]
        if len(token) < 2:
            continue
        parts = [byte_rank[x] for x in token]
        while len(parts) > 2:
            best_i, best_r = -1, r
            prev = parts[0]
            for i in range(1, len(parts)):
                cur = parts[i]
                m = get(prev << 32 | cur)
                if m is not None and m < best_r:
                    best_i, best_r = i - 1, m
                prev = cur
            if best_i < 0:
                break
            parts[best_i : best_i + 2] = [best_r]
        if len(parts) != 2:
            if strict:
                raise TokenizerFileError(
                    f"token {token!r} (rank {r}) cannot be built from two lower-ranked tokens; "
                    "these ranks are not a byte-pair vocabulary"
                )
            split = next(
                (
                    (ranks[token[:k]], ranks[token[k:]])
                    for k in range(1, len(token))
                    if token[:k] in ranks and token[k:] in ranks
                ),
                None,
            )
            if split is None:
                continue
            parts = list(split)
        pair_rank[parts[0] << 32 | parts[1]] = r
        merges.append((parts[0] + offset, parts[1] + offset, r + offset))
    return merges


def _data_from_ranks(
    ranks: dict[bytes, int],
    name: str,
    pretokenizer: str,
    specials: dict[str, int],
    source: str,
    exact: bool = False,
    lazy: bool = False,
) -> TokenizerData:
    """The tokenizer of a rank table. OpenAI's encodings keep one merge per token (tiktoken's
    own procedure rebuilds them; tests/engine/test_tiktoken_parity.py shows the ids equal);
    ``exact``: every split of a token into two tokens merges at the token's rank
    (``rank_splits``), which is tiktoken's rule itself, for rank files of other vocabularies.
    ``lazy``: the merges are rebuilt on first use (``merge_source``), for tables where that
    cannot fail: ``exact`` ones and OpenAI's own (pinned by tiktoken's hash)."""
    singles = list(map(len, ranks)).count(1)
    if singles != 256:
        raise TokenizerFileError(f"{source}: the ranks hold {singles} single-byte tokens, not 256")
    vocab = dict(zip(ranks.values(), ranks.keys()))
    if len(vocab) != len(ranks):
        raise TokenizerFileError(f"{source}: two tokens share a rank")
    rule = MergeRule.tiktoken(exact_splits=exact)
    if lazy:
        return TokenizerData(
            vocab,
            [],
            specials,
            pretokenizer=pretokenizer,
            name=name,
            merge_rule=rule,
            source=source,
            merge_source=lambda: merge_triples_from_ranks(ranks, strict=not exact),
        )
    try:
        merge_ids = merge_ids_from_ranks(ranks, strict=not exact)
    except TokenizerFileError as exc:
        raise TokenizerFileError(f"{source}: {exc}") from None
    merges = [(vocab[a], vocab[b]) for a, b in merge_ids]
    return TokenizerData(
        vocab,
        merges,
        specials,
        pretokenizer=pretokenizer,
        name=name,
        merge_ids=merge_ids,
        merge_rule=rule,
        source=source,
    )


def data_from_ranks(
    ranks: Mapping[bytes, int], pattern: str, special_tokens: Mapping[str, int], name: str
) -> TokenizerData:
    """The parts of a tokenizer from tiktoken's own (``tiktoken.Encoding``'s arguments)."""
    return _data_from_ranks(dict(ranks), name, pretokenizer_for(pattern), dict(special_tokens), name)


def data_from_rank_file(
    data: bytes, path: str, pattern: str, special_tokens: Mapping[str, int], name: str | None = None
) -> TokenizerData:
    """The bytes of a rank file (``base64-token rank`` per line) with the pattern and special
    tokens that such a file does not hold (:func:`bpe_engine.load_tokenizer` finds them)."""
    ranks = parse_ranks(data, path)
    if not ranks:
        raise TokenizerFileError(f"{path}: holds no tokens; it is not a tiktoken rank file")
    if not isinstance(pattern, str) or not pattern:
        raise TokenizerFileError(f"{path}: the pre-tokenizer pattern must be a non-empty regex, got {short(pattern)}")
    label = name or os.path.splitext(os.path.basename(path))[0]
    return _data_from_ranks(ranks, label, pretokenizer_for(pattern), dict(special_tokens), path, exact=True, lazy=True)
