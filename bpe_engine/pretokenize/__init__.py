"""Pre-tokenization: cutting text into the pieces inside which BPE merges happen.

A text is first split at special tokens (longest match first when they overlap); every
stretch between them is then cut by a named pre-tokenizer or a custom regex:

- ``gpt2``: tiktoken's r50k/p50k pattern (GPT-2, GPT-3).
- ``cl100k``: tiktoken's cl100k pattern (GPT-3.5/4).
- ``o200k``: tiktoken's o200k pattern (GPT-4o).
- ``whitespace``: SentencePiece-like; a piece starts at a single space, which belongs to the
  word after it (SentencePiece shows that space as U+2581 "▁"); other whitespace is ordinary text.
- ``none``: no cut at all between special tokens, so merges may cross words.
- ``regex:<pattern>``: any pattern of the ``regex`` module. Text that the pattern does not
  match becomes pieces of its own, so nothing is ever dropped and round trips stay lossless.

This package also knows where a long text may be cut into chunks without changing the pieces
(:attr:`Pretokenizer.safe_cut`), which the streaming corpus counter relies on.
It knows nothing about vocabularies or merges.

- :mod:`.patterns`: the patterns and the safe-cut rules;
- :mod:`.twins`: byte-level twins of the patterns and ASCII stand-ins (fast exact paths);
- :mod:`.pretokenizer`: :class:`Pretokenizer` and :func:`get_pretokenizer`;
- :mod:`.specials`: :class:`SpecialSplitter`;
- :mod:`.pieces`: :class:`Piece`, :func:`pieces_with_offsets` and :func:`preview`.

This module re-exports their names.
"""

from __future__ import annotations

from .patterns import (
    CL100K_PATTERN,
    GPT2_PATTERN,
    LINEAR_PATTERNS as LINEAR_PATTERNS,
    LLAMA3_PATTERN as LLAMA3_PATTERN,
    O200K_PATTERN,
    PRETOKENIZER_NAMES,
    QWEN_PATTERN as QWEN_PATTERN,
    TEKKEN_PATTERN as TEKKEN_PATTERN,
    WHITESPACE_PATTERN,
)
from .pieces import Piece, pieces_with_offsets, preview
from .pretokenizer import Pretokenizer, get_pretokenizer
from .specials import SpecialSplitter
from .twins import every_code_point as every_code_point, stand_in_table as stand_in_table

__all__ = [
    "PRETOKENIZER_NAMES",
    "GPT2_PATTERN",
    "CL100K_PATTERN",
    "O200K_PATTERN",
    "WHITESPACE_PATTERN",
    "Piece",
    "Pretokenizer",
    "SpecialSplitter",
    "get_pretokenizer",
    "preview",
    "pieces_with_offsets",
]
