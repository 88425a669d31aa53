"""The Unigram family (bpe_engine.families with bpe_engine.family_trainers): trained on a
corpus with the vocabulary size of the BPE rows; its ids against ``sentencepiece`` loading a
``.model`` written here with the same pieces and scores (Unigram, byte fallback, identity
normalizer, dummy prefix); count, unknown tokens, round trip and what is lost against
sentencepiece's own decode; the trainer's progress, early stop and too small a vocabulary."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bpe_engine import (
    FAMILIES,
    CountingDone,
    CountingProgress,
    UnigramRound,
    UnigramTokenizer,
    family_result,
    family_trainer,
)
from bpe_engine.errors import ConfigError
from bpe_engine.kinds import Algorithm

from ..conftest import data_text
from .conftest import head
from .formats_support import generated_strings, sentencepiece_model
from .test_families_wordpiece import TEXTS

spm = pytest.importorskip("sentencepiece", reason="the reference library: pip install sentencepiece")
SIZE = 1200


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    folder = tmp_path_factory.mktemp("uni_corpus")
    paths = []
    for name, size in (("english.txt", 8000), ("chinese.txt", 1500), ("python_code.txt", 4000)):
        path = folder / name
        path.write_text(head(data_text(name), size), encoding="utf-8")
        paths.append(path)
    return paths


@pytest.fixture(scope="module")
def trained(corpus: list[Path]) -> tuple[UnigramTokenizer, list[object]]:
    trainer = family_trainer("unigram", corpus, SIZE, fork_workers=False)
    events = list(trainer.events())
    tok = trainer.tokenizer()
    assert isinstance(tok, UnigramTokenizer)
    return tok, events


def _reference(tok: UnigramTokenizer) -> Any:
    kinds = tok._data.kinds
    pieces = [(tok._data.pieces[i], s, kinds[i]) for i, s in enumerate(tok.scores)]
    model = sentencepiece_model(pieces, byte_fallback=True, model_type=1)  # 1: UNIGRAM
    return spm.SentencePieceProcessor(model_proto=model)


def test_unigram_is_a_family_with_the_size_of_the_others(trained: tuple[UnigramTokenizer, list[object]]) -> None:
    tok, _ = trained
    assert FAMILIES[-1] == "unigram"
    assert tok.facts.algorithm is Algorithm.UNIGRAM and not tok.facts.has_merges
    assert tok.vocab_size == SIZE
    assert family_result(tok, "x").family == "unigram"


def test_ids_count_and_round_trip_equal_sentencepiece(trained: tuple[UnigramTokenizer, list[object]]) -> None:
    tok, _ = trained
    ref = _reference(tok)
    assert ref.get_piece_size() == SIZE
    texts = [*TEXTS, head(data_text("english.txt"), 5000), head(data_text("russian.txt"), 2000)]
    texts += list(generated_strings(300))
    for text in texts:
        ids = ref.encode(text)
        result = family_result(tok, text)
        assert [t.id for t in result.tokens] == ids, text
        assert result.count == len(ids)
        assert result.vocab_size == SIZE
        assert result.unknown_count == 0 == ids.count(ref.unk_id())  # byte fallback: nothing unknown
        decoded = ref.decode(ids)
        assert result.decoded == decoded
        assert result.round_trip == (decoded == text)
        assert (result.lost == ()) == (decoded == text)


def test_spans_cover_the_text_in_order(trained: tuple[UnigramTokenizer, list[object]]) -> None:
    tok, _ = trained
    text = "Ada 喝了一碗豆浆 ☕ and smiled 🙂"
    result = family_result(tok, text)
    assert all(a.start <= b.start for a, b in zip(result.tokens, result.tokens[1:]))
    spans = list(dict.fromkeys((t.start, t.end) for t in result.tokens))  # (byte pieces share a character)
    assert "".join(text[s:e] for s, e in spans).replace(" ", "") == text.replace(" ", "")
    assert {text[t.start : t.end] for t in result.tokens if not t.complete} == {"碗", "浆", "☕", "🙂"}


def test_progress_events(trained: tuple[UnigramTokenizer, list[object]]) -> None:
    _, events = trained
    k = next(i for i, e in enumerate(events) if isinstance(e, CountingDone))
    assert k > 0 and all(isinstance(e, CountingProgress) for e in events[:k])
    progress = [e for e in events[:k] if isinstance(e, CountingProgress)]
    assert progress[-1].bytes_done == progress[-1].bytes_total
    after = events[k + 1 :]
    assert after and all(isinstance(e, UnigramRound) for e in after)
    rounds = [e for e in after if isinstance(e, UnigramRound) and not e.partial]
    assert [e.done for e in rounds] == list(range(1, len(rounds) + 1))
    assert rounds[-1] is after[-1] and rounds[-1].done == rounds[-1].total
    # Points inside a round (every 1,000 words): there are more than 1,000 distinct words here.
    partial = [e for e in after if isinstance(e, UnigramRound) and e.partial]
    assert partial and all(0 <= e.done < e.total for e in partial)


def test_stopping_early_and_too_small_a_vocabulary(corpus: list[Path]) -> None:
    trainer = family_trainer("unigram", corpus, SIZE, fork_workers=False)
    events = trainer.events()
    for event in events:
        if isinstance(event, UnigramRound) and event.partial:  # inside the first round
            break
    events.close()  # type: ignore[attr-defined]
    with pytest.raises(RuntimeError, match="nothing is trained"):
        trainer.tokenizer()
    with pytest.raises(ConfigError, match="vocab_size 300 is too small"):
        list(family_trainer("unigram", corpus, 300, fork_workers=False).events())
