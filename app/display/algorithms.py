"""What the views say about a tokenizer's algorithm (BPE, WordPiece, Unigram), in one place.

Views that replay merges (the Timeline, the Sweep, "As of merge k", Explain's merge pages)
apply to BPE with merges in training order only; :func:`no_merges_reason` is the one
sentence they show for any other tokenizer, decided by ``tok.facts`` (never its class), so a
Unigram tokenizer needs nothing new here. Pure Python (no Qt).
"""

from __future__ import annotations

import html
from dataclasses import dataclass

from app.core.i18n import noop, tr
from bpe_engine import Algorithm, TokenizerFacts

__all__ = ["ChipWords", "algorithm_name", "chip_words", "no_merges_reason", "no_tree_reason"]


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


@dataclass(frozen=True)
class ChipWords:
    """What Tokenize says about its chips: the legend of their marks (rich text), its tooltip,
    and the hint shown while no token is selected."""

    legend: str
    tip: str
    hint: str


_BYTE_LEGEND = noop(
    "Legend: <code>&lt;e3 80&gt;</code> one token holding the bytes e3 80, part of a character · "
    "<code>&lt;80&gt;&lt;82&gt;</code> two tokens of one byte each · "
    "<code>·</code> space · <code>⏎</code> newline · <code>→</code> tab"
)
_BYTE_TIP = noop(
    "A token that is only part of a UTF-8 character cannot be shown as text: its bytes are written in hex, "
    "and an arrow points at the character they belong to"
)
_BYTE_HINT = noop("Hover or click a token (or an id) to see its bytes and how the tokenizer made it.")


def _piece_words(algorithm: Algorithm, byte_fallback: bool) -> ChipWords:
    """SentencePiece's pieces (BPE on characters, or Unigram): ``▁``, byte fallback or unknown."""
    missing = (
        tr(
            "<code>e5→國</code> a byte-fallback piece (&lt;0xE5&gt;): one UTF-8 byte, in hex, of a character "
            "the vocabulary lacks, and that character"
        )
        if byte_fallback
        else tr("a character the vocabulary lacks becomes the unknown piece (this model has no byte fallback)")
    )
    legend = tr(
        "Legend: <code>▁</code> a space (it starts the piece of a new word) · {missing} · "
        "<code>⏎</code> newline · <code>→</code> tab"
    ).format(missing=missing)
    tip = (
        tr(
            "Pieces are text, not bytes: the model writes a space as ▁ and never splits a character, "
            "except into byte-fallback pieces when the vocabulary lacks it"
        )
        if byte_fallback
        else tr(
            "Pieces are text, not bytes: the model writes a space as ▁ and never splits a character; "
            "a character the vocabulary lacks is the unknown piece"
        )
    )
    if algorithm is Algorithm.UNIGRAM:
        hint = tr(
            "Hover or click a token (or an id) to see its piece and how Unigram chose it: the most "
            "probable segmentation of its word, by the pieces' scores."
        )
    else:
        hint = tr("Hover or click a token (or an id) to see its piece and the merges that made it.")
    return ChipWords(legend, tip, hint)


def chip_words(facts: TokenizerFacts | None, byte_fallback: bool = False) -> ChipWords:
    """The words of Tokenize's chips for a tokenizer of ``facts`` (None: none chosen yet; the
    byte-level words); ``byte_fallback``: its vocabulary has SentencePiece's ``<0xNN>`` pieces."""
    if facts is None or facts.byte_level:
        return ChipWords(tr(_BYTE_LEGEND), tr(_BYTE_TIP), tr(_BYTE_HINT))
    if facts.algorithm is Algorithm.WORDPIECE:
        return ChipWords(
            tr(
                "Legend: <code>##ing</code> a piece that continues the word before it · <code>[UNK]</code> "
                "a word no pieces of the vocabulary cover (or longer than the limit) · "
                "spaces are not tokens: words are split at spaces and punctuation first"
            ),
            tr(
                "WordPiece keeps pieces of text, not bytes: each word is cut greedily, the longest piece "
                "in the vocabulary first; a word with a part no piece matches becomes one [UNK]"
            ),
            tr(
                "Hover or click a token (or an id) to see its piece and how WordPiece cut its word: "
                "the longest match in the vocabulary first."
            ),
        )
    return _piece_words(facts.algorithm, byte_fallback)
