"""What an opened tokenizer file is called and what the message bar says about it."""

from __future__ import annotations

import os
from pathlib import Path

from app.core.i18n import tr, tr_n
from bpe_engine import TokenizerLike

__all__ = ["opened_message", "opened_name"]

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
