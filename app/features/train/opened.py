"""What an opened tokenizer file is called and what the message bar says about it."""

from __future__ import annotations

import os
from pathlib import Path

from app.core.i18n import tr, tr_n
from bpe_engine import Algorithm, TokenizerLike

__all__ = ["label_counts_tokens", "opened_label", "opened_message", "opened_name", "opened_result"]

#: File names that say nothing about the tokenizer inside (Hugging Face's, Llama's, GPT-2's, Tekken's).
_GENERIC_NAMES = ("tokenizer.json", "tokenizer.model", "vocab.json", "merges.txt", "tekken.json")


def opened_name(path: str, tok: TokenizerLike) -> str:
    """What an opened tokenizer is called: its file's name, or for a generic one (a Hugging
    Face ``tokenizer.json``, a folder) the engine's name for it (``org/model`` in the Hugging
    Face cache, else the folder) with the file's name."""
    name = Path(path).name
    if os.path.isdir(path) or name in _GENERIC_NAMES:
        return f"{tok.name} ({name})" if tok.name and tok.name != name else name
    return name


def opened_message(name: str, tok: TokenizerLike) -> str:
    """The message bar's line for an opened file: its merges only for a BPE tokenizer (a
    Unigram or WordPiece tokenizer has none: "0 merges" misled)."""
    tokens = tr_n("%n token(s)", len(tok))
    if not tok.facts.has_merges:
        return tr("Opened {name}: {tokens}. It is now available in the other views.").format(name=name, tokens=tokens)
    merges = tr_n("%n merge(s)", len(tok.merges))
    return tr("Opened {name}: {tokens}, {merges}. It is now available in the other views.").format(
        name=name, tokens=tokens, merges=merges
    )


def label_counts_tokens(tok: TokenizerLike) -> bool:
    """Whether :func:`opened_label` names ``tok``'s tokens (its merges, else)."""
    return tok.facts.algorithm in (Algorithm.WORDPIECE, Algorithm.UNIGRAM) or not tok.facts.byte_level


def opened_label(file_name: str, tok: TokenizerLike) -> str:
    """An opened file's name in the pickers: its family and tokens, or its merges for
    byte-level BPE (the family of most tokenizers here)."""
    if tok.facts.algorithm is Algorithm.WORDPIECE:
        return tr_n("{name} · WordPiece, %n token(s)", len(tok)).format(name=file_name)
    if tok.facts.algorithm is Algorithm.UNIGRAM:
        return tr_n("{name} · Unigram, %n token(s)", len(tok)).format(name=file_name)
    if not tok.facts.byte_level:
        return tr_n("{name} · SentencePiece, %n token(s)", len(tok)).format(name=file_name)
    return tr_n("{name} · %n merge(s)", len(tok.merges)).format(name=file_name)


def opened_result(label: str, tokens: int | None) -> str:
    """Train's result line for an opened file (``label`` is HTML); ``tokens`` None when the
    label counts them already (it said "SentencePiece, 32,768 tokens, 32,768 tokens")."""
    if tokens is None:
        return tr(
            "Opened: <b>{label}</b>. It is available in the Vocabulary, Tokenize, Compare and Stream decode views."
        ).format(label=label)
    return tr_n(
        "Opened: <b>{label}</b>, %n token(s). It is available in the Vocabulary, Tokenize, Compare and Stream decode views.",
        tokens,
    ).format(label=label)
