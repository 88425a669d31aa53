"""Known answers: the CS336 reference merges and vocabulary, and the seed's worked example."""

from __future__ import annotations

import json
from pathlib import Path

from bpe_engine import MergeEvent, BpeTrainer, gpt2_bytes_to_unicode, train_bpe


def _gpt2_decode(token: str) -> bytes:
    dec = {c: b for b, c in gpt2_bytes_to_unicode().items()}
    return bytes(dec[ch] for ch in token)


def test_corpus_en_matches_reference_merges_and_vocab(fixtures: Path) -> None:
    tok = train_bpe(fixtures / "corpus.en", 500, ["<|endoftext|>"])
    lines = (fixtures / "train-bpe-reference-merges.txt").read_text(encoding="utf-8").splitlines()
    expected = [tuple(_gpt2_decode(part) for part in line.split(" ")) for line in lines]
    assert tok.merges == expected
    ref_vocab = json.loads((fixtures / "train-bpe-reference-vocab.json").read_text(encoding="utf-8"))
    expected_values = {k.encode() if k == "<|endoftext|>" else _gpt2_decode(k) for k in ref_vocab}
    assert len(tok.vocab) == 500
    assert set(tok.vocab.values()) == expected_values
    # Our layout: bytes are their own ids, merge i is 256 + i, specials follow the merges.
    assert all(tok.vocab[b] == bytes([b]) for b in range(256))
    assert all(tok.vocab[256 + i] == a + b for i, (a, b) in enumerate(tok.merges))
    assert tok.special_tokens == {"<|endoftext|>": 256 + len(tok.merges)}


def test_seed_003_low_lower_widest_newest_example() -> None:
    # Seed 003 splits on whitespace without keeping it; a custom regex does the same here.
    text = "low low low low low\nlower lower widest widest widest\nnewest newest newest newest newest newest"
    tok = train_bpe(None, 257 + 12, ["<|endoftext|>"], text=text, pretokenizer=r"regex:\S+")
    got = [f"{a.decode()} {b.decode()}" for a, b in tok.merges]
    assert got == ["s t", "e st", "o w", "l ow", "w est", "n e", "ne west", "w i", "wi d", "wid est", "low e", "lowe r"]
    # With 6 merges, "newest" becomes ["ne", "west"] as the seed shows.
    six = train_bpe(None, 257 + 6, ["<|endoftext|>"], text=text, pretokenizer=r"regex:\S+")
    assert [six.vocab[i] for i in six.encode("newest")] == [b"ne", b"west"]


def test_seed_001_hello_helo_first_merge_and_tie() -> None:
    # Seed 001 part 2: in "Hello helo, I'm" the pairs (e,l) and (l,o) both occur twice;
    # the lexicographically greatest, (l, o), wins.
    trainer = BpeTrainer(None, 258, ["<|endoftext|>"], text="Hello helo, I'm")
    merges = [e for e in trainer.events() if isinstance(e, MergeEvent)]
    assert len(merges) == 1
    first = merges[0]
    assert (first.left, first.right, first.count) == (b"l", b"o", 2)
    assert first.tied_with == (b"e", b"l")
    assert first.new_id == 256


def test_training_is_deterministic(fixtures: Path) -> None:
    a = train_bpe(fixtures / "tinystories_sample.txt", 400, ["<|endoftext|>"])
    b = train_bpe(fixtures / "tinystories_sample.txt", 400, ["<|endoftext|>"])
    assert a.merges == b.merges and a.merge_counts == b.merge_counts


def test_training_stops_early_only_when_no_pair_is_left() -> None:
    tok = train_bpe(None, 1000, [], text="abcabc")
    # "abcabc" is one piece: merges until the whole piece is one token.
    assert tok.encode("abcabc") == [256 + len(tok.merges) - 1]
    assert tok.vocab[tok.encode("abcabc")[0]] == b"abcabc"
    assert len(tok.vocab) == 256 + len(tok.merges) < 1000
