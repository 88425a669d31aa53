"""Hugging Face BPE files whose merges make one token several times (Llama 3.2's
``tokenizer.json``: 280,147 merges, 127,744 distinct tokens) on the vectorised pure path.

Such tables are neither ``merge_all_safe`` nor one rank per token, but every merge makes the
token of its two parts' bytes joined, so "lowest priority, leftmost, one pair at a time"
(Hugging Face's ``Word::merge_all``) is what the rounds and the character cuts compute
(:func:`bpe_engine.encode.batch.rounds_exact`). Checked against ``tokenizers`` itself and
against the one-piece-at-a-time merge.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from bpe_engine import Tokenizer, gpt2_bytes_to_unicode, load_tokenizer, tokenizer as tokenizer_module
from bpe_engine.encode import encoder as encoder_module
from bpe_engine.encode.batch import bpe_flat, rounds_exact
from bpe_engine.encode.piece import bpe_piece

from .formats_support import byte_level_hf, first_difference, generated_strings, parity_texts, shared_tokenizer

hf = pytest.importorskip("tokenizers")


def _random_hf_file(folder: Path, seed: int) -> Path:
    """A byte-level ``tokenizer.json`` over ``ab c`` whose tokens are often made by two or
    three merges (``ab c`` and ``a bc``), the merges listed in random order (a token's merge
    may rank before the merges of its parts)."""
    rng = random.Random(seed)
    to_char = gpt2_bytes_to_unicode()
    alphabet = list(to_char.values())
    vocab = list(alphabet)
    known = {to_char[b] for b in b"ab c"}
    merges: set[tuple[str, str]] = set()
    while len(merges) < 160:
        left, right = rng.choice(sorted(known)), rng.choice(sorted(known))
        token = left + right
        if len(token) > 7 or (left, right) in merges:
            continue
        merges.add((left, right))
        if token not in known:
            known.add(token)
            vocab.append(token)
    ordered = sorted(merges)
    rng.shuffle(ordered)
    obj = byte_level_hf(vocab, [f"{a} {b}" for a, b in ordered])
    path = folder / "tokenizer.json"
    path.write_text(json.dumps(obj), encoding="utf-8")
    return path


@pytest.mark.parametrize("seed", range(5))
def test_several_merges_per_token_on_the_rounds_give_hugging_faces_ids(seed: int, pure: None, tmp_path: Path) -> None:
    path = _random_hf_file(tmp_path, seed)
    ours = load_tokenizer(path)
    assert isinstance(ours, Tokenizer)
    tables = ours.encoder.tables
    assert not tables.merge_all_safe and len(set(tables.new_ids)) < len(tables.new_ids)  # the case
    assert rounds_exact(tables)
    ref = hf.Tokenizer.from_file(str(path))
    rng = random.Random(seed)
    texts = ["".join(rng.choice("ab c") for _ in range(rng.randint(1, 60))) for _ in range(1500)]
    # Distinct pieces together (the rounds) equal one at a time.
    pieces = sorted({p.encode() for t in texts for p in t.split(" ") if p} | {t.encode() for t in texts})
    one_by_one = [bpe_piece(tables, p) for p in pieces]
    flat, counts = bpe_flat(tables, pieces)
    assert flat.tolist() == [i for ids in one_by_one for i in ids]
    assert counts.tolist() == [len(ids) for ids in one_by_one]
    # One long text (thousands of new pieces: the vectorised path), then short ones.
    whole = " ".join(texts)
    assert ours.encode_ordinary(whole) == ref.encode(whole, add_special_tokens=False).ids
    pairs = [(t, t) for t in texts[:300]] + [(f"g{k}", s) for k, s in enumerate(generated_strings(200))]
    hf_ids = lambda t: ref.encode(t, add_special_tokens=False).ids  # noqa: E731
    assert first_difference("random", pairs, ours.encode_ordinary, hf_ids) is None


@pytest.mark.slow
def test_llama3_tokenizer_json_on_the_pure_path_gives_hugging_faces_ids(pure: None) -> None:
    """The first 200 KB of every shared corpus, tests/data and generated strings, each text
    from an empty piece cache (Chinese takes the flat path of the character cuts)."""
    path = shared_tokenizer("llama3.2_tokenizer.json")
    ours = load_tokenizer(path)
    assert isinstance(ours, Tokenizer)
    ours.encoder.tables.merge_tables()
    assert rounds_exact(ours.encoder.tables)
    ref = hf.Tokenizer.from_file(str(path))

    def cold(text: str) -> list[int]:
        ours.clear_cache()
        return ours.encode(text, allowed_special="all")

    texts = parity_texts(shared_too=True)
    assert first_difference(path.name, texts, cold, lambda t: ref.encode(t, add_special_tokens=False).ids) is None
    assert ours._core is None  # the pure path answered, not tiktoken's core


def test_tokens_that_encode_to_themselves_are_taken_whole_and_no_other(
    pure: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without ``ignore_merges`` a piece equal to a token is still merged; after a call with
    many new pieces the tokens the merges make of themselves are looked up instead. A token
    the merges never make (``abc`` here: no merge joins ``ab`` and ``c``) stays merged."""
    monkeypatch.setattr(encoder_module, "_SELF_TOKENS_AFTER", 50)
    path = _random_hf_file(tmp_path, 9)
    obj = json.loads(path.read_text(encoding="utf-8"))
    vocab = obj["model"]["vocab"]
    for extra in ["abc", "cab", "cc"]:
        vocab.setdefault(extra, len(vocab))
    obj["model"]["merges"] = [m for m in obj["model"]["merges"] if m not in ("ab c", "a bc", "ca b", "c ab", "c c")]
    path.write_text(json.dumps(obj), encoding="utf-8")
    ours = load_tokenizer(path)
    assert isinstance(ours, Tokenizer)
    tables = ours.encoder.tables
    assert tables.whole_tokens is None and tables.made("self_tokens") is None
    ref = hf.Tokenizer.from_file(str(path))
    hf_ids = lambda t: ref.encode(t, add_special_tokens=False).ids  # noqa: E731
    rng = random.Random(2)
    texts = [
        " ".join("".join(rng.choice("abc") for _ in range(rng.randint(1, 8))) for _ in range(400)) for _ in range(3)
    ]
    assert ours.encode_ordinary(texts[0]) == hf_ids(texts[0])
    made = tables.made("self_tokens")
    assert made, "a call with many new pieces makes the table"
    for token, i in made.items():
        assert bpe_piece(tables, token) == (i,)
    assert b"abc" not in made and b"cab" not in made and b"cc" not in made
    for text in [*texts, "abc cab cc abc", "abcabc ccc"]:
        ours.clear_cache()
        assert ours.encode_ordinary(text) == hf_ids(text), text


@pytest.mark.slow
def test_llama3_tokenizer_json_edge_cases_on_the_pure_path(pure: None) -> None:
    """Special tokens between texts, pieces of 6 to 9 bytes around the rounds' short limit,
    one long run of one character (a piece far past the rounds' length limit) and text with
    many new pieces before and after it: Hugging Face's ids, cold and warm."""
    path = shared_tokenizer("llama3.2_tokenizer.json")
    ours = load_tokenizer(path)
    assert isinstance(ours, Tokenizer)
    ours.encoder.tables.merge_tables()
    ref = hf.Tokenizer.from_file(str(path))
    rng = random.Random(5)
    words = ["".join(rng.choice("qxzjkvwy") for _ in range(n)) for n in (5, 6, 7, 8, 9) for _ in range(300)]
    texts = [
        " ".join(words),
        "<|begin_of_text|>" + " ".join(words[:50]) + "<|eot_id|>中文<|end_of_text|>" + "é" * 9,
        "a" * 20_000,
        " ".join(words[:100]) + " " + "中" * 3_000 + " " + "xyz" * 2_000 + "\n\n" + " ".join(words[100:]),
    ]
    for text in texts:
        expected = ref.encode(text, add_special_tokens=False).ids
        ours.clear_cache()
        assert ours.encode(text, allowed_special="all") == expected, text[:40]
        assert ours.encode(text, allowed_special="all") == expected, text[:40]
