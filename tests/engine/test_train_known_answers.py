"""Known answers: the CS336 reference merges and vocabulary, and the seed's worked example."""

from __future__ import annotations

import json
from pathlib import Path

from bpe_engine import BpeTrainer, CountingDone, MergeEvent, gpt2_bytes_to_unicode, train_bpe
from bpe_engine.reference import reference_train

from ..conftest import data_path, data_text


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


def test_english_of_tests_data_matches_the_reference_trainer() -> None:
    """The same checks on tests/data's English, the expected merges and vocabulary coming from
    the brute-force reference trainer (bpe_engine.reference) instead of CS336's files."""
    tok = train_bpe(data_path("english.txt"), 500, ["<|endoftext|>"])
    ref_vocab, ref_merges, ref_counts = reference_train(data_text("english.txt"), 500, ["<|endoftext|>"], "gpt2")
    assert len(ref_merges) == 500 - 257
    assert tok.merges == ref_merges
    assert tok.merge_counts == ref_counts
    assert len(tok.vocab) == 500
    assert tok.vocab == ref_vocab
    # Our layout: bytes are their own ids, merge i is 256 + i, specials follow the merges.
    assert all(tok.vocab[b] == bytes([b]) for b in range(256))
    assert all(tok.vocab[256 + i] == a + b for i, (a, b) in enumerate(tok.merges))
    assert tok.special_tokens == {"<|endoftext|>": 256 + len(tok.merges)}


def test_worked_examples_of_tests_data() -> None:
    """tests/data's worked examples give the answers written in worked_examples.json."""
    answers = json.loads(data_text("worked_examples.json"))
    low = answers["low_lower_widest_newest.txt"]
    text = data_text("low_lower_widest_newest.txt")
    tok = train_bpe(
        data_path("low_lower_widest_newest.txt"),
        low["vocab_size"],
        low["special_tokens"],
        pretokenizer=low["pretokenizer"],
    )
    assert [f"{a.decode()} {b.decode()}" for a, b in tok.merges] == low["merges"]
    six = train_bpe(None, 257 + 6, low["special_tokens"], text=text, pretokenizer=low["pretokenizer"])
    for word, tokens in low["after_6_merges"].items():
        assert [six.vocab[i].decode() for i in six.encode(word, allowed_special="all")] == tokens
    hello = answers["hello_helo.txt"]
    trainer = BpeTrainer(
        data_path("hello_helo.txt"), hello["vocab_size"], hello["special_tokens"], pretokenizer=hello["pretokenizer"]
    )
    stream = trainer.events()
    while not isinstance(next(stream), CountingDone):
        pass
    assert [[p.left.decode(), p.right.decode(), p.count] for p in trainer.top_pairs(3)] == hello["top_pairs"]
    assert sorted(w.text.decode() for w in trainer.pretokens()) == sorted(hello["pretokens"])
    merges = [e for e in stream if isinstance(e, MergeEvent)]
    first = hello["first_merge"]
    assert len(merges) == hello["vocab_size"] - 257
    assert (merges[0].left.decode(), merges[0].right.decode(), merges[0].count) == (
        first["left"],
        first["right"],
        first["count"],
    )
    assert merges[0].tied_with is not None
    assert [part.decode() for part in merges[0].tied_with] == first["tied_with"]
    assert merges[0].new_id == first["new_id"]


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


def test_training_is_deterministic() -> None:
    a = train_bpe(data_path("multiscript.txt"), 400, ["<|endoftext|>"])
    b = train_bpe(data_path("multiscript.txt"), 400, ["<|endoftext|>"])
    assert a.merges == b.merges and a.merge_counts == b.merge_counts


def test_training_stops_early_only_when_no_pair_is_left() -> None:
    tok = train_bpe(None, 1000, [], text="abcabc")
    # "abcabc" is one piece: merges until the whole piece is one token.
    assert tok.encode("abcabc") == [256 + len(tok.merges) - 1]
    assert tok.vocab[tok.encode("abcabc")[0]] == b"abcabc"
    assert len(tok.vocab) == 256 + len(tok.merges) < 1000
