"""Writing a byte-level tokenizer as a ``tokenizer.json`` that Hugging Face's ``tokenizers``
encodes exactly as it does."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..._vocab import split_pairs
from ...errors import short
from ..base import check_specials, ordinary_tokens, pattern_of, refuse
from ..gpt2 import gpt2_bytes_to_unicode

if TYPE_CHECKING:
    from ...interface import ByteLevelTokenizerLike as Tokenizer

__all__ = ["hf_json"]


def _gpt2_chars(data: bytes) -> str:
    table = gpt2_bytes_to_unicode()
    return "".join(table[b] for b in data)


def hf_json(tok: Tokenizer) -> dict[str, Any]:
    """A ``tokenizer.json`` that Hugging Face's ``tokenizers`` encodes exactly as ``tok``:
    ``encode(text, add_special_tokens=False)`` gives ``tok.encode(text, allowed_special="all")``.

    Hugging Face merges one pair at a time by the pair's rank. Merges learned in order, or
    Hugging Face's own list, are written as they are; for tiktoken's rule (``rank_splits``)
    every split of a token is a merge, in token order, with ``ignore_merges`` as tiktoken's
    whole-piece shortcut.
    """
    check_specials(tok, "Hugging Face tokenizer.json")
    ordinary = ordinary_tokens(tok)
    vocab = {_gpt2_chars(b): i for i, b in sorted(ordinary.items())}
    if len(vocab) != len(ordinary):
        raise refuse("Hugging Face tokenizer.json", "two tokens have the same bytes")
    triples = tok.merge_ids()
    pairs = [(a, b) for a, b, _ in triples]
    if tok.rank_splits:
        new_ids = [z for _, _, z in triples]
        more = split_pairs(ordinary, new_ids, pairs)
        ranked = [(r, 0, a, b) for r, (a, b) in enumerate(pairs)] + [(r, 1, a, b) for a, b, r in more]
        ranked.sort()
        pairs = [(a, b) for _, _, a, b in ranked]
    merges = [[_gpt2_chars(ordinary[a]), _gpt2_chars(ordinary[b])] for a, b in pairs]
    # subtle: Hugging Face gives an added token the id of the model's token with its text, else
    # the next id after the model's vocabulary; so special tokens go into the vocabulary too.
    for t, i in tok.special_tokens.items():
        if vocab.setdefault(t, i) != i:
            raise refuse(
                "Hugging Face tokenizer.json", f"the special token {short(t)} has the text of an ordinary token"
            )
    split = {"type": "Split", "pattern": {"Regex": pattern_of(tok)}, "behavior": "Isolated", "invert": False}
    byte_level = {"type": "ByteLevel", "add_prefix_space": False, "trim_offsets": True, "use_regex": False}
    pre: dict[str, Any] = (
        byte_level if tok.pretokenizer.name == "none" else {"type": "Sequence", "pretokenizers": [split, byte_level]}
    )
    added = [
        {
            "id": i,
            "content": t,
            "single_word": False,
            "lstrip": False,
            "rstrip": False,
            "normalized": False,
            "special": True,
        }
        for t, i in sorted(tok.special_tokens.items(), key=lambda item: item[1])
    ]
    return {
        "version": "1.0",
        "truncation": None,
        "padding": None,
        "added_tokens": added,
        "normalizer": {"type": tok.normalizer} if tok.normalizer is not None else None,
        "pre_tokenizer": pre,
        "post_processor": {"type": "ByteLevel", "add_prefix_space": False, "trim_offsets": False, "use_regex": False},
        "decoder": {"type": "ByteLevel", "add_prefix_space": False, "trim_offsets": True, "use_regex": False},
        "model": {
            "type": "BPE",
            "dropout": None,
            "unk_token": None,
            "continuing_subword_prefix": None,
            "end_of_word_suffix": None,
            "fuse_unk": False,
            "byte_fallback": False,
            "ignore_merges": tok.ignore_merges,
            "vocab": vocab,
            "merges": merges,
        },
    }
