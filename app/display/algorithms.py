"""What the views say about a tokenizer's algorithm (BPE, WordPiece, Unigram), in one place.

Views that replay merges (the Timeline, the Sweep, "As of merge k", Explain's merge pages)
apply to BPE with merges in training order only; :func:`no_merges_reason` is the one
sentence they show for any other tokenizer, decided by ``tok.facts`` (never its class), so a
Unigram tokenizer needs nothing new here. Pure Python (no Qt).
"""

from __future__ import annotations

import html

from app.core.i18n import tr
from bpe_engine import Algorithm, TokenizerFacts

__all__ = ["algorithm_name", "no_merges_reason", "no_tree_reason"]


def algorithm_name(algorithm: Algorithm) -> str:
    """The algorithm's name as the views write it."""
    if algorithm is Algorithm.WORDPIECE:
        return tr("WordPiece")
    if algorithm is Algorithm.UNIGRAM:
        return tr("Unigram")
    return tr("BPE")


def no_merges_reason(name: str, facts: TokenizerFacts, view: str) -> str:
    """Why tokenizer ``name`` (plain text) has no ``view`` (a translated view name: "timeline",
    "sweep"): rich text naming its algorithm and what to pick instead."""
    name = html.escape(name)
    if facts.algorithm is Algorithm.WORDPIECE:
        return tr(
            "{name} is a WordPiece tokenizer (BERT): it cuts each word by the longest match in its "
            "vocabulary and learned no merges in order, so it has no {view}. Pick a BPE tokenizer "
            "(one you trained, GPT-2, Llama 3, …)."
        ).format(name=name, view=view)
    if facts.algorithm is Algorithm.UNIGRAM:
        return tr(
            "{name} is a Unigram tokenizer: it keeps the most probable cut of each word by its pieces' "
            "scores and has no merges, so it has no {view}. Pick a BPE tokenizer "
            "(one you trained, GPT-2, Llama 3, …)."
        ).format(name=name, view=view)
    return tr(
        "{name} is a SentencePiece model: it stores scores, not merges learned in order, so it has no "
        "{view}. Pick a BPE tokenizer (one you trained, GPT-2, Llama 3, …)."
    ).format(name=name, view=view)


def no_tree_reason(algorithm: Algorithm) -> str:
    """Why a token of a tokenizer without merges has no merge tree (the Vocabulary's details)."""
    if algorithm is Algorithm.WORDPIECE:
        return tr(
            "no merge tree: WordPiece keeps a list of whole tokens (## marks one that continues a word) "
            "and cuts words by the longest match, not by merges"
        )
    if algorithm is Algorithm.UNIGRAM:
        return tr(
            "no merge tree: Unigram keeps a list of pieces with scores and picks the most probable cut, not merges"
        )
    return tr("no merge tree")
