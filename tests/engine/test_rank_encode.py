"""A short text with an OpenAI encoding read from the cache is encoded by its ranks alone
(bpe_engine/encode/ranked.py): neither tiktoken's core nor our encoder's tables are built
for it (the app's Compare tab shows its first chips of three encodings without waiting for
three cores, issue 21), and the ids are tiktoken's."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from bpe_engine import Tokenizer
from bpe_engine.encode.ranked import MAX_PIECE

from .conftest import EOT

TEXTS = [
    "Hello world! 國語 Жизнь 🤚🏾 def f(x):\n    return x ** 2  # 12345678",
    "Hello world! It's 2024, isn't it?\n\n  indented\tcode = f(x) # comment",
    "國語 日本語 Жизнь 🤚🏾 👍 naïve café",
    f"before{EOT}after {EOT}{EOT} end",
    "'s 'S 'LL DON'T they'Re",
    "   \n\n\t  x  \n",
    "a\ud800b \udfff",  # lone surrogates: repaired as tiktoken does
    "",
]


def random_texts(count: int, seed: int) -> list[str]:
    """Short texts of characters from many scripts, spaces and apostrophes."""
    rng = random.Random(seed)
    pool = [chr(rng.randrange(0x20, 0x3000)) for _ in range(3000)] + [" ", "  ", "\n", "'s", "e", "1"] * 40
    return ["".join(rng.choice(pool) for _ in range(rng.randrange(1, 120))) for _ in range(count)]


@pytest.fixture
def fresh(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    """Opens an OpenAI encoding as a warm start does: from a filled cache, in a new process
    (the per-process table of opened encodings emptied)."""
    from bpe_engine import tokenizer as tokenizer_module

    monkeypatch.setenv("BPE_EXPLORER_CACHE", str(tmp_path / "cache"))

    def open_(name: str) -> Tokenizer:
        monkeypatch.setattr(tokenizer_module, "_openai", {})
        Tokenizer.from_tiktoken(name)  # fills the cache (the vocabulary, "pending")
        monkeypatch.setattr(tokenizer_module, "_openai", {})
        return Tokenizer.from_tiktoken(name)

    return open_


@pytest.mark.parametrize("name", ["r50k_base", "cl100k_base", "o200k_base"])
def test_short_texts_give_tiktokens_ids_without_a_core_or_merges(
    fresh: Any, tiktoken_encodings: Any, name: str
) -> None:
    enc = tiktoken_encodings[name]
    tok = fresh(name)
    for text in TEXTS + random_texts(40, seed=len(name)):
        assert tok.encode(text, allowed_special="all") == enc.encode(text, allowed_special="all"), text
        assert tok.encode(text, disallowed_special=()) == enc.encode(text, disallowed_special=()), text
    assert tok._core is None and "_encoder" not in vars(tok) and not tok.merges_made


def test_pieces_merged_before_are_looked_up_with_the_same_ids(fresh: Any, tiktoken_encodings: Any) -> None:
    """Short texts by the ranks keep the pieces they merged (chat messages repeat their
    words): a second pass over the same texts reads them back, with tiktoken's ids, and
    ``clear_cache`` forgets them."""
    enc = tiktoken_encodings["o200k_base"]
    tok = fresh("o200k_base")
    texts = TEXTS + random_texts(30, seed=7)
    for _ in range(2):
        for text in texts:
            assert tok.encode(text, allowed_special="all") == enc.encode(text, allowed_special="all"), text
        assert tok._core is None and not tok.merges_made
        assert vars(tok)["_rank_cache"]
    tok.clear_cache()
    assert "_rank_cache" not in vars(tok)
    assert tok.encode(texts[0], allowed_special="all") == enc.encode(texts[0], allowed_special="all")


def test_a_piece_too_long_for_the_ranks_goes_to_tiktokens_core(fresh: Any, tiktoken_encodings: Any) -> None:
    enc = tiktoken_encodings["cl100k_base"]
    tok = fresh("cl100k_base")
    text = "word " + "x" * (MAX_PIECE + 1) + " end"
    assert tok.encode(text, allowed_special="all") == enc.encode(text, allowed_special="all")
    assert tok._core is not None  # built for it (the loop over a piece is quadratic)
    for text in TEXTS:  # short texts go to the core now it is built, with the same ids
        assert tok.encode(text, allowed_special="all") == enc.encode(text, allowed_special="all")


def test_the_core_built_later_reads_the_same_rank_dict(fresh: Any, tiktoken_encodings: Any) -> None:
    """The rank dict the short texts made is the one tiktoken's core is built from (made once)."""
    enc = tiktoken_encodings["r50k_base"]
    tok = fresh("r50k_base")
    tok.encode(TEXTS[0], allowed_special="all")
    ranks = tok._ordinary_ranks_of()
    assert ranks == enc._mergeable_ranks
    assert tok.tiktoken_encoding()._mergeable_ranks is ranks
