"""The file names the save, export and checkpoint dialogs propose: ``zh_classical_poetry-32k.json``.

A name is made of what the tokenizer was trained on (the corpus file's stem, without its
size suffix such as ``_25MB`` and without the app's own additions such as ``· 99743 merges
(2)``) and its vocabulary size (in thousands from 1000 on: ``32k``); the suffix is the
engine's for the format (:func:`bpe_engine.formats.registry.proposed_file_name`).
"""

from __future__ import annotations

import re

from bpe_engine import proposed_file_name

__all__ = ["clean_stem", "tokenizer_stem", "tokenizer_file_name", "checkpoint_file_name", "CHECKPOINT_SUFFIX"]

CHECKPOINT_SUFFIX = ".ckpt"

# Extensions of corpus and tokenizer files, dropped (repeatedly: "wiki.txt.gz").
_EXTENSIONS = re.compile(
    r"\.(txt|text|md|csv|tsv|json|jsonl|ndjson|xml|html?|gz|bz2|xz|zst|zip|model|tiktoken|ckpt)$", re.IGNORECASE
)
# A size at the end of a corpus name ("_25MB", "-1.5GB", " 300k", "_100000bytes"): it says
# nothing about the tokenizer.
_SIZE = re.compile(r"[\s_.-]*\d+(?:[.,]\d+)?\s*(?:[kmgt]i?b|bytes?|[kmg])$", re.IGNORECASE)
# What the app adds to a name: " · 99743 merges (2)", " (cancelled)", " (2)".
_ADDED = re.compile(r"\s*(?:·.*|\((?:\d+|cancelled)\))$")
_UNSAFE = re.compile(r"[^\w.-]+")


def clean_stem(source: str) -> str:
    """``source`` (a corpus file name or path, or a tokenizer's label) as a file-name stem:
    no folder, extension, size suffix or the app's additions; letters of any script, digits
    and ``-_.`` only ("tokenizer" when nothing is left)."""
    name = source.replace("\\", "/").rsplit("/", 1)[-1].split(", ")[0]  # several corpora: the first
    previous = None
    while name != previous:
        previous = name
        name = _ADDED.sub("", name).strip()
        name = _EXTENSIONS.sub("", name)
        name = _SIZE.sub("", name)
    name = _UNSAFE.sub("_", name).strip("_.-")
    return re.sub(r"_{2,}", "_", name) or "tokenizer"


def _size(vocab_size: int) -> str:
    return f"{vocab_size // 1000}k" if vocab_size >= 1000 else str(vocab_size)


def tokenizer_stem(source: str, vocab_size: int) -> str:
    """``zh_classical_poetry-32k`` for ``zh_classical_poetry_25MB.txt`` and 32 768 tokens."""
    return f"{clean_stem(source)}-{_size(vocab_size)}"


def tokenizer_file_name(source: str, vocab_size: int, format: str = "ours") -> str:
    """The name proposed for a tokenizer saved (or exported) in ``format`` (a key of the
    engine's format registry: ``ours``, ``hf``, ``tiktoken``, ``gpt2``)."""
    return proposed_file_name(tokenizer_stem(source, vocab_size), format)


def checkpoint_file_name(source: str, vocab_size: int, merges: int) -> str:
    """The name proposed for a checkpoint: the tokenizer's, and the merges done so far
    (``zh_classical_poetry-32k-6317.ckpt``), the same number the dialogs show."""
    return f"{tokenizer_stem(source, vocab_size)}-{merges}{CHECKPOINT_SUFFIX}"
