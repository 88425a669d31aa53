"""Building a :class:`~bpe_engine.Tokenizer`'s tables: the checks its constructors run on a
vocabulary, its merges and its settings (:func:`check_vocab` for ``Tokenizer(...)``,
:func:`check_rank_data` for a reader's data whose merges are made on first use), and the
encoder over the checked tables (:func:`build_encoder`).

Plain functions of plain values: they never see a tokenizer, so the rules a vocabulary must
follow are read and changed here, apart from the class that keeps what they return.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Literal, NamedTuple

from ._blocks import dict_in_blocks
from ._text import lone_surrogate, surrogate_message
from ._vocab import MergeTables, byte_ids, merge_all_safe, place_specials, resolve_merges, split_pairs
from .encode.encoder import Encoder
from .encode.tables import EncoderTables
from .errors import ConfigError, TokenizerFileError, short
from .kinds import MergeRule

if TYPE_CHECKING:
    from .formats.data import TokenizerData
    from .pretokenize import Pretokenizer

__all__ = [
    "NORMAL_FORMS",
    "NormalForm",
    "CheckedVocab",
    "check_vocab",
    "check_rank_data",
    "checked_name",
    "checked_normalizer",
    "merge_rule_of",
    "build_encoder",
    "sizes_after",
]

NormalForm = Literal["NFC", "NFD", "NFKC", "NFKD"]
NORMAL_FORMS: tuple[NormalForm, ...] = ("NFC", "NFD", "NFKC", "NFKD")


class CheckedVocab(NamedTuple):
    """A vocabulary checked for a tokenizer: ids -> bytes (special tokens' text in place), the
    id of each single byte, the special tokens, and the merge tables or what makes them."""

    vocab: dict[int, bytes]
    byte_id: list[int]
    specials: dict[str, int]
    merges: MergeTables | Callable[[], MergeTables]


def complete(m: MergeTables, ordinary: dict[int, bytes], rule: MergeRule) -> MergeTables:
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


def sizes_after(base: set[int], new_ids: Sequence[int]) -> list[int]:
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


def merge_rule_of(
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


def checked_name(name: object) -> str | None:
    if name is None:
        return None
    if not isinstance(name, str):
        raise ConfigError(f"name must be a string or None, got {short(name)}")
    at = lone_surrogate(name)
    if at is not None:
        raise ConfigError(surrogate_message("the name", name, at))
    return name


def checked_normalizer(normalizer: object) -> NormalForm | None:
    """``normalizer`` if it is one of :data:`NORMAL_FORMS` or None, else raises."""
    if normalizer is not None and normalizer not in NORMAL_FORMS:
        raise ConfigError(f"normalizer must be one of {', '.join(NORMAL_FORMS)} or None, got {short(normalizer)}")
    return normalizer


def check_vocab(
    vocab: Mapping[int, bytes],
    merges: Sequence[tuple[bytes, bytes]],
    special_tokens: Iterable[str] | Mapping[str, int] | None,
    merge_counts: Sequence[int | None] | None,
    merge_ids: Sequence[tuple[int, int]] | None,
    pair_ranks: bool,
    bos: str | None,
) -> CheckedVocab:
    """What ``Tokenizer(...)`` is given, checked (errors name the merge or token at fault)."""
    vocab = dict(vocab)
    byte_id = byte_ids(vocab)
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
    if not set(map(type, vocab.values())) <= {bytes}:
        vocab = {i: bytes(b) for i, b in vocab.items()}
    return CheckedVocab(vocab, byte_id, specials, MergeTables(merges_list, counts, new_ids, pair_ids))


def check_rank_data(
    data: TokenizerData, source: Callable[[], list[tuple[int, int, int]]]
) -> tuple[dict[int, bytes], list[int], dict[str, int], Callable[[], MergeTables]]:
    """A reader's data whose merges ``source`` makes on first use (a rank table's, rebuilt from
    its ranks; a Hugging Face list, resolved), checked as :func:`check_vocab` checks the rest
    (but the normalizer and the name: :func:`checked_normalizer`, :func:`checked_name`): the
    vocabulary, the id of each byte, the special tokens and what makes the merge tables.
    Every rank is an ordinary token; of a Hugging Face vocabulary, the bytes for now (its
    source refuses a special token that a merge makes or uses)."""
    vocab = dict(data.vocab)
    byte_id = byte_ids(vocab) if data.byte_id is None else list(data.byte_id)
    # (every rank is ordinary: the vocabulary's keys, not a set of them made for the check)
    ordinary = vocab.keys() if data.merge_rule.tiktoken_ranks else set(byte_id)
    specials = place_specials(vocab, data.special_tokens, ordinary)
    for tok, i in reversed(specials.items()):  # an id shared by two names decodes as the first
        vocab[i] = tok.encode("utf-8")
    if data.bos is not None and data.bos not in specials:
        raise TokenizerFileError(f"the beginning-of-sequence token {short(data.bos)} is not a special token")

    def tables() -> MergeTables:
        triples = source()
        pair_ids = [(a, b) for a, b, _ in triples]
        get = vocab.__getitem__
        merges = [(get(a), get(b)) for a, b in pair_ids]
        return MergeTables(merges, [None] * len(merges), [z for _, _, z in triples], pair_ids)

    return vocab, byte_id, specials, tables


def build_encoder(
    checked: CheckedVocab, special_ids: frozenset[int], pretokenizer: Pretokenizer, rule: MergeRule
) -> Encoder:
    """The encoder over a tokenizer's checked tables (merges as ``rule`` reads them, completed
    by :func:`complete`; made on first use when ``checked.merges`` is a callable)."""
    vocab, merges = checked.vocab, checked.merges
    ordinary = dict_in_blocks(vocab.items())  # (blocks: no long hold of the interpreter lock)
    for i in special_ids:
        ordinary.pop(i, None)
    # bytes -> id, the last id winning as in a loop over ordinary.items() (built in C)
    whole = dict_in_blocks(zip(ordinary.values(), ordinary.keys())) if rule.ignore_merges else None
    common: dict[str, Any] = {
        "byte_ids": checked.byte_id,
        "id_bytes": vocab,
        "special_tokens": checked.specials,
        "pretokenizer": pretokenizer,
        "whole_tokens": whole,
    }
    if isinstance(merges, MergeTables):
        m = complete(merges, ordinary, rule)
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
    return Encoder(EncoderTables(merges=None, merge_source=lambda: complete(source(), ordinary, rule), **common))
