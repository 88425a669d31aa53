"""How a token is named on screen, for both families of tokenizers.

A byte-level token (:class:`bpe_engine.Tokenizer`) is its bytes, written with visible
whitespace (:func:`~app.display.format.token_label`). A SentencePiece token
(:class:`bpe_engine.SentencePieceTokenizer`) is a *piece*: its text as the model writes it,
``▁`` for a space, and ``<0xNN>`` for a byte-fallback token (one byte of a character the
vocabulary lacks). The views show pieces as they are, so ``▁`` stays visible and a byte token
never passes for a character.

Pure Python (no Qt), like the rest of :mod:`app.display`.
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING

from app.display.format import token_label, visible
from bpe_engine import SentencePieceTokenizer, WordPieceTokenizer

if TYPE_CHECKING:
    from bpe_engine import TokenizerLike

__all__ = ["is_sentencepiece", "is_wordpiece", "piece_texts", "fallback_ids", "specials_have_no_bytes", "token_text"]

_PIECES: weakref.WeakKeyDictionary[object, list[str]] = weakref.WeakKeyDictionary()
_FALLBACK: weakref.WeakKeyDictionary[object, frozenset[int]] = weakref.WeakKeyDictionary()


def is_sentencepiece(tok: TokenizerLike) -> bool:
    """True for the character-level family (SentencePiece models and their tokenizer.json)."""
    return not tok.facts.byte_level and tok.facts.space_symbol == "▁"


def specials_have_no_bytes(tok: TokenizerLike) -> bool:
    """True when a special token stands for no bytes of its own: a SentencePiece control or
    unknown piece (``<s>``, ``<unk>``), whose entry in the engine's table is its name's text."""
    return isinstance(tok, SentencePieceTokenizer)


def is_wordpiece(tok: TokenizerLike) -> bool:
    """True for WordPiece (BERT): pieces written ``##ing``, no merges, no byte fallback."""
    return isinstance(tok, WordPieceTokenizer)


def _wordpiece_texts(tok: WordPieceTokenizer) -> list[str]:
    vocab = tok.vocab
    return [tok.token_text(i) if i in vocab else "" for i in range(tok.max_id + 1)]


def piece_texts(tok: TokenizerLike) -> list[str] | None:
    """Every token's piece text by id (``▁the``, ``<0x0A>``), or None for a byte-level tokenizer.

    Kept per tokenizer (the engine makes a new list on every call of ``pieces_text``).
    """
    if not isinstance(tok, (SentencePieceTokenizer, WordPieceTokenizer)):
        return None
    found = _PIECES.get(tok)
    if found is None:
        pieces = tok.pieces_text if isinstance(tok, SentencePieceTokenizer) else _wordpiece_texts(tok)
        found = _PIECES[tok] = pieces
    return found


def fallback_ids(tok: TokenizerLike) -> frozenset[int]:
    """The ids of SentencePiece's byte-fallback tokens ``<0x00>``…``<0xFF>`` (empty for
    byte-level tokenizers, whose single-byte tokens are ordinary tokens)."""
    if not is_sentencepiece(tok):
        return frozenset()
    found = _FALLBACK.get(tok)
    if found is None:
        found = _FALLBACK[tok] = frozenset(i for i in tok.byte_ids() if i >= 0)
    return found


def token_text(tok: TokenizerLike, token_id: int) -> str:
    """A one-line name for a token: the piece of a SentencePiece token, else its bytes with
    visible whitespace (``<e5 9c>`` for part of a character)."""
    pieces = piece_texts(tok)
    if pieces is not None and 0 <= token_id < len(pieces):
        return visible(pieces[token_id])  # (Mistral's "};\r" beside "};": one line, told apart)
    return token_label(tok.id_to_bytes(token_id))
