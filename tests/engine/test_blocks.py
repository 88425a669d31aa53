"""Passes in blocks (``bpe_engine._blocks``) give what the one-call forms give, and the passes
over a long text that use them (pre-tokenizer spans, character spans, an encoding's open) give
the references' answers on texts whose pieces and tokens cross the block boundaries: the app's
encode job must not hold the interpreter lock for a whole 1 MB text in one C call (issue 20 F).
"""

from __future__ import annotations

import sys

import numpy as np
import pytest
import regex

from bpe_engine import Tokenizer
from bpe_engine._blocks import BLOCK, array_in_blocks, dict_in_blocks, tolist_in_blocks
from bpe_engine.pretokenize import get_pretokenizer

from ..conftest import tiktoken_encoding

SIZES = (0, 1, BLOCK - 1, BLOCK, BLOCK + 1, 2 * BLOCK + 5)
# Texts whose pieces and tokens cross the block boundaries: mixed text, one huge line without
# spaces (digits: cl100k cuts them in threes), one repeated character.
LINE = "The quick brown fox 国语的文字 🔭 jumps over the lazy dog.\n"
TEXTS = {
    "mixed": (LINE * (3 * BLOCK // 20))[: 3 * BLOCK * 2],
    "one line, no spaces": "".join(f"x{i}" for i in range(40_000)),
    "one character repeated": "7" * (3 * BLOCK * 3 + 2),
}


@pytest.mark.parametrize("n", SIZES)
def test_the_block_forms_equal_the_one_call_forms(n):
    values = np.arange(n, dtype=np.int64) * 7 - 3
    assert tolist_in_blocks(values) == values.tolist()
    words = [bytes([i % 251]) * (i % 5 + 1) for i in range(n)]
    got = array_in_blocks(words, np.int64, len)
    assert got.dtype == np.int64 and got.tolist() == [len(w) for w in words]
    assert array_in_blocks(values.tolist(), np.int64).tolist() == values.tolist()
    pairs = [(i % (BLOCK + 3), i) for i in range(n)]  # repeated keys: the last value wins
    assert list(dict_in_blocks(pairs).items()) == list(dict(pairs).items())


def test_no_tolist_call_takes_more_than_a_block():
    """The long pass is cut: each C call converts one block (what another thread waits for)."""
    sizes: list[int] = []

    def profile(frame, event, arg):  # noqa: ANN001 (sys.setprofile's signature)
        if event == "c_call" and getattr(arg, "__name__", "") == "tolist":
            sizes.append(arg.__self__.size)

    values = np.arange(3 * BLOCK + 1, dtype=np.int64)
    sys.setprofile(profile)
    try:
        out = tolist_in_blocks(values)
    finally:
        sys.setprofile(None)
    assert out == values.tolist()
    assert len(sizes) == 4 and max(sizes) == BLOCK


@pytest.mark.parametrize("name", ["cl100k", "gpt2"])
@pytest.mark.parametrize("label", sorted(TEXTS))
def test_spans_across_blocks_equal_the_patterns_matches(name, label):
    """A named pattern covers every character: its matches, found by ``regex`` itself, are the
    pieces (more than a block of them)."""
    text = TEXTS[label]
    pre = get_pretokenizer(name)
    expected = [m.span() for m in regex.finditer(pre.pattern, text)]
    assert pre.spans(text) == expected
    # (gpt2 makes the repeated digit one piece)
    assert len(expected) > BLOCK or (label, name) == ("one character repeated", "gpt2")


def _char_spans_by_hand(tokens: list[bytes]) -> tuple[list[int], list[int], list[bool]]:
    """Each token's first character, the character after its last, and whether it starts and
    ends on character boundaries: by walking the decoded text's characters one by one."""
    char_of_byte: list[int] = []
    starts_char: list[bool] = []
    for k, ch in enumerate(b"".join(tokens).decode("utf-8")):
        width = len(ch.encode("utf-8"))
        char_of_byte += [k] * width
        starts_char += [True] + [False] * (width - 1)
    starts_char.append(True)
    first, after, whole, pos = [], [], [], 0
    for t in tokens:
        first.append(char_of_byte[pos])
        after.append(char_of_byte[pos + len(t) - 1] + 1)
        whole.append(starts_char[pos] and starts_char[pos + len(t)])
        pos += len(t)
    return first, after, whole


@pytest.mark.parametrize("label", sorted(TEXTS))
def test_ids_and_char_spans_across_blocks_equal_tiktoken_and_a_walk(label):
    text = TEXTS[label] + " 🔭🔭"  # (and tokens holding part of a character)
    enc = tiktoken_encoding("cl100k_base")
    tok = Tokenizer.from_tiktoken("cl100k_base")
    ids = tok.encode(text)
    assert ids == enc.encode(text)
    tokens = [enc.decode_single_token_bytes(i) for i in ids]
    assert len(tokens) > BLOCK
    assert tok.char_spans(ids) == _char_spans_by_hand(tokens)


def test_an_encodings_ranks_built_in_blocks_equal_tiktokens():
    enc = tiktoken_encoding("o200k_base")
    tok = Tokenizer.from_tiktoken("o200k_base")
    assert tok._ordinary_ranks_of() == enc._mergeable_ranks
