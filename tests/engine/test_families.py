"""The tokenizer families side by side (bpe_engine.families), each figure checked against an
independent computation: code points and UTF-8 bytes from Python itself, words from the GPT-2
regex run here with the ``regex`` module and a Counter, the BPE families against their own
tokenizers called directly."""

from __future__ import annotations

import gc
import os
from collections import Counter
from pathlib import Path

import pytest
import regex
from hypothesis import given, settings, strategies as st

from bpe_engine import (
    FAMILIES,
    ByteTokenizer,
    CharacterTokenizer,
    FamilyResult,
    FamilyToken,
    WordTokenizer,
    compare_families,
    family_result,
    train_bpe,
    train_char_bpe,
    train_words,
)
from bpe_engine.errors import EmptyCorpusError

GPT2 = regex.compile(r"""'s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+""")
DATA = Path(__file__).resolve().parents[1] / "data"
CORPUS = (
    "The cat sat on the mat. The dog sat on the log!\n"
    "春天的早晨，小猫在公园里睡觉。\n"
    "def f(x):\n    return x + 1  # 42\n"
) * 3
TEXTS = [
    "The cat sat on the log.",
    "The hamster sat on the telescope 🤚🏾!",
    "春天的早晨，小狗在公园里跑步。",
    "def g(y):\n\treturn y * 2  # 7\n",
    "",
    "   ",
    "a\u2581b  c",
    "Жизнь 國 🙂",
]


def independent_words(text: str) -> Counter[str]:
    return Counter(GPT2.findall(text))


@pytest.fixture(scope="module")
def tokenizers() -> dict[str, object]:
    return {
        "characters": CharacterTokenizer(),
        "bytes": ByteTokenizer(),
        "words": train_words(None, text=CORPUS),
        "char-bpe": train_char_bpe(None, 259 + 60, text=CORPUS),
        "byte-bpe": train_bpe(None, 300, text=CORPUS),
    }


def test_families_are_listed_simplest_first() -> None:
    assert FAMILIES == ("characters", "bytes", "words", "char-bpe", "byte-bpe", "wordpiece", "unigram")


@pytest.mark.parametrize("text", TEXTS)
def test_characters_are_code_points_and_always_come_back(text: str) -> None:
    r = family_result(CharacterTokenizer(), text)
    assert [t.id for t in r.tokens] == [ord(c) for c in text]
    assert [(t.start, t.end) for t in r.tokens] == [(i, i + 1) for i in range(len(text))]
    assert r.vocab_size == 0x110000 == 1_114_112
    assert r.unknown_count == 0 and r.partial_count == 0
    assert r.round_trip and r.decoded == text and r.lost == ()
    assert r.count == len(text)


@pytest.mark.parametrize("text", TEXTS)
def test_bytes_are_utf8_bytes_and_always_come_back(text: str) -> None:
    r = family_result(ByteTokenizer(), text)
    data = text.encode("utf-8")
    assert [t.id for t in r.tokens] == list(data)
    # Each byte points at the character it belongs to; only ASCII bytes are whole characters.
    owners = [i for i, ch in enumerate(text) for _ in ch.encode("utf-8")]
    assert [t.start for t in r.tokens] == owners
    assert [t.complete for t in r.tokens] == [len(text[i].encode()) == 1 for i in owners]
    assert r.vocab_size == 256 and r.unknown_count == 0
    assert r.round_trip and r.count == len(data)
    assert r.bytes_per_token == (1.0 if data else None)


def test_word_vocabulary_is_every_gpt2_piece_of_the_corpus_most_frequent_first() -> None:
    words = train_words(None, text=CORPUS)
    counts = independent_words(CORPUS)
    assert set(words.words) == set(counts)
    assert words.vocab_size == len(counts) + 1
    assert [counts[w] for w in words.words] == sorted(counts.values(), reverse=True)
    assert words.counts == dict(counts)
    assert words.decode([0]) == "<UNK>" and words.unk_id == 0


@pytest.mark.parametrize("text", TEXTS)
def test_words_unknown_where_a_piece_is_not_in_the_corpus(text: str) -> None:
    words = train_words(None, text=CORPUS)
    known = set(independent_words(CORPUS))
    r = family_result(words, text)
    matches = list(GPT2.finditer(text))
    assert [m.group() for m in matches] == [t.data.decode() for t in r.tokens]
    assert [(m.start(), m.end()) for m in matches] == [(t.start, t.end) for t in r.tokens]
    unknown = [(m.start(), m.end()) for m in matches if m.group() not in known]
    assert [(t.start, t.end) for t in r.tokens if t.unknown] == unknown
    assert r.unknown_count == len(unknown)
    assert r.decoded == "".join(m.group() if m.group() in known else "<UNK>" for m in matches)
    assert r.round_trip == (not unknown)
    assert r.lost == tuple(unknown)
    assert r.bytes_per_token == (len(text.encode()) / len(matches) if matches else None)


def test_an_unknown_word_is_lost_where_it_was() -> None:
    words = WordTokenizer.from_text("the cat sat")
    r = family_result(words, "the dog sat")
    assert r.decoded == "the<UNK> sat"
    assert not r.round_trip
    assert r.lost == ((3, 7),)
    assert "the dog sat"[3:7] == " dog"


@pytest.mark.parametrize("text", TEXTS)
def test_char_bpe_is_its_tokenizer_called_directly(tokenizers, text: str) -> None:  # type: ignore[no-untyped-def]
    tok = tokenizers["char-bpe"]
    r = family_result(tok, text)
    assert r.family == "char-bpe"
    ids = tok.encode_ordinary(text)
    assert [t.id for t in r.tokens] == ids
    assert r.vocab_size == 259 + 60 == len(tok)
    assert r.unknown_count == 0  # byte fallback: never <unk>
    # Characters outside the alphabet are their UTF-8 bytes, one token each.
    alphabet = {p for p in tok.pieces_text if len(p) == 1}
    fallback = sum(len(ch.encode()) for ch in text if ch not in alphabet and ch != " ")
    assert sum(1 for t in r.tokens if 3 <= t.id < 259) == fallback
    assert r.decoded == tok.decode(ids)
    if "\u2581" in text:  # SentencePiece reads a ▁ in the text as a space: not given back
        assert not r.round_trip and r.lost == ((1, 2),)
    else:
        assert r.round_trip
    assert b"".join(t.data for t in r.tokens) == r.decoded.encode()


@pytest.mark.parametrize("text", TEXTS)
def test_byte_bpe_is_its_tokenizer_called_directly(tokenizers, text: str) -> None:  # type: ignore[no-untyped-def]
    tok = tokenizers["byte-bpe"]
    r = family_result(tok, text)
    assert r.family == "byte-bpe"
    assert [t.id for t in r.tokens] == tok.encode(text)
    assert b"".join(t.data for t in r.tokens) == text.encode()
    assert r.vocab_size == 300 and r.round_trip and r.unknown_count == 0
    # A token holds part of a character exactly when its bytes are not valid UTF-8 alone.
    for t in r.tokens:
        try:
            t.data.decode("utf-8")
            whole = True
        except UnicodeDecodeError:
            whole = False
        assert t.complete == whole


def test_compare_families_keeps_the_order_and_figures_add_up(tokenizers) -> None:  # type: ignore[no-untyped-def]
    text = "The hamster sat on the log 🙂, 春天的早晨。"
    results = compare_families(text, tokenizers)
    assert [r.family for r in results] == list(FAMILIES[:5])  # (the WordPiece row: test_families_wordpiece)
    for r in results:
        assert isinstance(r, FamilyResult)
        assert r.text == text
        assert r.bytes_per_token == len(text.encode()) / r.count
        # Tokens cover the text in order without gaps (a split character's tokens share it).
        assert r.tokens[0].start == 0 and r.tokens[-1].end == len(text)
        for a, b in zip(r.tokens, r.tokens[1:]):
            assert a.start <= b.start <= a.end <= b.end
            assert b.start == a.end or not (a.complete and b.complete)
    by = {r.family: r for r in results}
    # Not in the corpus: " hamster", " 🙂," and " 春天的早晨" (there it starts a line: no space).
    assert by["words"].unknown_count == 3
    assert [text[s:e] for s, e in by["words"].lost] == [" hamster", " 🙂,", " 春天的早晨"]
    assert all(by[f].round_trip for f in FAMILIES[:5] if f != "words")


def test_lone_surrogates_are_repaired_first_as_encode_does(tokenizers) -> None:  # type: ignore[no-untyped-def]
    for r in compare_families("a\udfffb", tokenizers):
        assert r.text == "a\ufffdb"
    assert family_result(CharacterTokenizer(), "\ud83d\ude42").decoded == "🙂"


def test_words_from_files_equal_words_from_text(tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "c.txt"
    path.write_text(CORPUS, encoding="utf-8")
    a, b = train_words(path), train_words(None, text=CORPUS)
    assert a.words == b.words and a.counts == b.counts
    with pytest.raises(EmptyCorpusError):
        train_words(None, text="")
    with pytest.raises(ValueError, match="distinct"):
        WordTokenizer(["a", "a"])
    with pytest.raises(ValueError, match="unknown token"):
        WordTokenizer(["<UNK>"])


@settings(max_examples=60, deadline=None)
@given(st.text(alphabet=st.sampled_from("ab c\n中🙂.'s"), max_size=40))
def test_random_texts(text: str) -> None:
    words = WordTokenizer.from_text("a b c ab's. 中")
    known = set(independent_words("a b c ab's. 中"))
    r = family_result(words, text)
    assert [t.data.decode() for t in r.tokens] == GPT2.findall(text)
    assert r.unknown_count == sum(1 for w in GPT2.findall(text) if w not in known)
    assert r.round_trip == (r.unknown_count == 0)
    assert family_result(ByteTokenizer(), text).count == len(text.encode())
    assert family_result(CharacterTokenizer(), text).count == len(text)


SHARED = Path(os.environ.get("BPE_SHARED_DIR", Path(__file__).resolve().parents[3] / "shared"))


@pytest.mark.slow
def test_words_counted_in_workers_equal_words_counted_here(tmp_path) -> None:  # type: ignore[no-untyped-def]
    source = SHARED / "corpora" / "en_mix_36MB.txt"
    if not source.is_file():
        pytest.skip("the shared corpora are not here")
    with open(source, "rb") as f:
        data = f.read(5_000_000)
    path = tmp_path / "head.txt"
    path.write_bytes(data[: data.rfind(b"\n") + 1])  # above the 4 MiB where workers start
    one = train_words(path, workers=1)
    two = train_words(path, workers=2)
    assert one.words == two.words and one.counts == two.counts
    assert one.counts == dict(independent_words(path.read_text(encoding="utf-8")))


def test_a_long_texts_tokens_leave_the_cyclic_collector_nothing_to_walk(tokenizers) -> None:  # type: ignore[no-untyped-def]
    # A full collection walks every object it tracks: in the Families job's thread, with the
    # tokens of 250 000 characters, each held the interpreter lock (and the GUI) 100-280 ms.
    # The tokens are tuples of atomic items, which the first collection stops tracking.
    text = "The hamster sat on the log 🙂, 春天的早晨。\n" * 300
    for family, tok in tokenizers.items():
        gc.collect()
        before = len(gc.get_objects())
        result = family_result(tok, text, family)
        gc.collect()
        tracked = len(gc.get_objects()) - before
        assert result.count >= 3000
        assert tracked < result.count / 10, (family, tracked, result.count)  # (before: one per token)
        assert isinstance(result.tokens[0], FamilyToken) and result.tokens[0].start == 0
