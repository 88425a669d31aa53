"""The WordPiece family (bpe_engine.families with bpe_engine.family_trainers): trained on a
corpus with the vocabulary size of the BPE rows, its ids and spans against ``tokenizers``'
WordPiece loaded with the trained vocabulary (BertNormalizer, BertPreTokenizer, the WordPiece
decoder), the round trip against ``tokenizers``' own decode, and what is lost against
independent checks; the trainer's progress and early stop."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bpe_engine import (
    FAMILIES,
    FAMILY_TRAINERS,
    CountingDone,
    CountingProgress,
    WordPieceMerge,
    WordPieceTokenizer,
    compare_families,
    family_result,
    family_trainer,
    train_wordpiece,
)

from ..conftest import data_text
from .conftest import head
from .wordpiece_support import generated_strings

DATA = Path(__file__).resolve().parents[1] / "data"
TEXTS = [
    "The keeper's cat watched the harbour. A dolphin jumped over the telescope!",
    "春天的早晨，小猫在公园里睡觉。老师喝了一碗豆浆。",
    "Ada 喝了一碗豆浆 ☕ and smiled 🙂 at Pebble 🐈.",
    'def price(self) -> str:\n    return f"{self.price_cents // 100}"\n',
    "  two spaces,\ta tab and a literal ▁ sign",
    "Naïve İstanbul café, don't stop [CLS] here",
    "",
]


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    folder = tmp_path_factory.mktemp("wp_corpus")
    paths = []
    for name in ("english.txt", "chinese.txt", "python_code.txt"):
        path = folder / name
        path.write_text(head(data_text(name), 15_000), encoding="utf-8")
        paths.append(path)
    return paths


@pytest.fixture(scope="module")
def wordpiece(corpus: list[Path]) -> WordPieceTokenizer:
    trainer = family_trainer("wordpiece", corpus, 1000, fork_workers=False)
    for _ in trainer.events():
        pass
    tok = trainer.tokenizer()
    assert isinstance(tok, WordPieceTokenizer)
    return tok


def _reference(tok: WordPieceTokenizer) -> Any:
    tokenizers = pytest.importorskip("tokenizers")
    from tokenizers import decoders, models, normalizers, pre_tokenizers

    ref = tokenizers.Tokenizer(models.WordPiece({tok.token_text(i): i for i in tok.vocab}, unk_token="[UNK]"))
    ref.normalizer = normalizers.BertNormalizer(lowercase=True)
    ref.pre_tokenizer = pre_tokenizers.BertPreTokenizer()
    ref.decoder = decoders.WordPiece()
    return ref


def test_wordpiece_is_a_family_with_a_trainer() -> None:
    assert FAMILIES[-2] == "wordpiece"
    assert [s.family for s in FAMILY_TRAINERS] == ["words", "char-bpe", "byte-bpe", "wordpiece", "unigram"]
    with pytest.raises(KeyError, match="not a trained family"):
        family_trainer("bytes", None, 1000, text="x")


def test_the_trained_vocabulary_is_train_wordpieces_with_the_same_size(
    corpus: list[Path], wordpiece: WordPieceTokenizer
) -> None:
    """Files read in blocks count the same words as the whole texts given at once."""
    texts = [p.read_text(encoding="utf-8") for p in corpus]
    same = train_wordpiece(texts, 1000).tokenizer
    assert wordpiece.vocab_size == same.vocab_size == 1000
    assert [wordpiece.token_text(i) for i in range(1000)] == [same.token_text(i) for i in range(1000)]


def test_ids_spans_and_round_trip_equal_tokenizers(wordpiece: WordPieceTokenizer) -> None:
    ref = _reference(wordpiece)
    texts = [*TEXTS, head(data_text("english.txt"), 5000), head(data_text("russian.txt"), 2000)]
    texts += [t for t in generated_strings(300, seed=23) if "[" not in t]  # (tokenizers matches added tokens)
    for text in texts:
        result = family_result(wordpiece, text)
        enc = ref.encode(text, add_special_tokens=False)
        assert [t.id for t in result.tokens] == enc.ids, text
        assert [(t.start, t.end) for t in result.tokens] == enc.offsets, text
        assert result.count == len(enc.ids)
        assert result.vocab_size == ref.get_vocab_size() == 1000
        assert result.decoded == ref.decode(enc.ids)
        assert result.round_trip == (ref.decode(enc.ids) == text)
        assert result.unknown_count == enc.tokens.count("[UNK]")
        assert (result.lost == ()) == result.round_trip
        _check_lost(result.text, result.decoded, result.lost, [(t.start, t.end) for t in result.tokens if t.unknown])


def _check_lost(text: str, decoded: str, lost: tuple[tuple[int, int], ...], unknown: list[tuple[int, int]]) -> None:
    """Independent of how lost is found: spans in order and apart; every [UNK] inside one;
    the text between them is found in the decoded text, in order (it is given back)."""
    assert all(0 <= s < e <= len(text) for s, e in lost)
    assert all(a[1] < b[0] for a, b in zip(lost, lost[1:]))
    assert all(any(s <= u and v <= e for s, e in lost) for u, v in unknown)
    at, prev = 0, 0
    for s, e in [*lost, (len(text), len(text))]:
        kept = text[prev:s]
        found = decoded.find(kept, at)
        assert found >= 0, (kept, decoded[at:])
        at, prev = found + len(kept), e


def test_what_is_lost_on_known_examples(wordpiece: WordPieceTokenizer) -> None:
    def lost(text: str) -> list[str]:
        result = family_result(wordpiece, text)
        return [text[s:e] for s, e in result.lost]

    assert lost("the cat sat on the mat.") == []  # lower case, one space: given back
    assert lost("The cat")[0].startswith("T") and len(lost("The cat")) == 1  # the lower-cased token
    assert lost("the  cat") == ["  "]  # two spaces become one
    assert lost("the cat\n") == ["\n"]  # trailing whitespace dropped
    assert lost("cat,dog") == [",d"]  # decode writes a space after the comma
    assert len(lost("café")) == 1 and lost("café")[0].endswith("é")  # accent stripped
    result = family_result(wordpiece, "the 🦜 sat")
    assert [result.text[t.start : t.end] for t in result.tokens if t.unknown] == ["🦜"]
    assert [result.text[s:e] for s, e in result.lost] == ["🦜"]
    assert result.decoded.startswith("the [UNK] s")


def test_compare_families_takes_wordpiece(wordpiece: WordPieceTokenizer) -> None:
    results = compare_families("the cat", {"wordpiece": wordpiece})
    assert [r.family for r in results] == ["wordpiece"]
    assert family_result(wordpiece, "x").family == "wordpiece"


def test_training_reports_progress_and_stops_when_closed(corpus: list[Path]) -> None:
    trainer = family_trainer("wordpiece", corpus, 1000)
    events = list(trainer.events())
    reading = [e for e in events if isinstance(e, CountingProgress)]
    total = sum(p.stat().st_size for p in corpus)
    assert reading and reading[-1].bytes_done == reading[-1].bytes_total == total
    done = next(e for e in events if isinstance(e, CountingDone))
    merges = [e for e in events if isinstance(e, WordPieceMerge)]
    assert [m.rank for m in merges] == list(range(len(merges)))
    assert merges[-1].added == done.target_merges == 1000 - done.initial_tokens
    stopped = family_trainer("wordpiece", corpus, 1000)
    stream = stopped.events()
    for event in stream:
        if isinstance(event, WordPieceMerge):
            break
    stream.close()  # type: ignore[attr-defined]
    with pytest.raises(RuntimeError, match="nothing is trained yet"):
        stopped.tokenizer()
