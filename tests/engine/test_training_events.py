"""The training event stream: progress, one event per merge, stop anywhere, usable result."""

from __future__ import annotations

from pathlib import Path

import pytest

from bpe_engine import BpeTrainer, CountingDone, CountingProgress, MergeEvent, TrainingDone, train_bpe

from ..conftest import data_path, data_text, shared_corpus
from .conftest import DATA_FILES

CORPUS = data_path("english.txt")  # 97 KB of English, with special tokens between stories


def test_event_stream_shape() -> None:
    trainer = BpeTrainer(CORPUS, 400, ["<|endoftext|>"])
    events = list(trainer.events())
    progress = [e for e in events if isinstance(e, CountingProgress)]
    merges = [e for e in events if isinstance(e, MergeEvent)]
    assert progress[0].bytes_done == 0 and progress[-1].bytes_done == progress[-1].bytes_total
    assert progress[-1].bytes_total == CORPUS.stat().st_size
    done = next(e for e in events if isinstance(e, CountingDone))
    assert done.target_merges == 400 - 257 == len(merges)
    assert isinstance(events[-1], TrainingDone) and events[-1].reason == "vocab_size"
    assert [m.rank for m in merges] == list(range(len(merges)))
    assert all(m.new_id == 256 + m.rank for m in merges)
    counts = [m.count for m in merges]
    assert counts == sorted(counts, reverse=True)  # BPE's pair counts never increase
    # Exact token accounting: each merge of a pair with count c removes c tokens.
    tok = trainer.tokenizer()
    text = data_text("english.txt")
    assert len(tok.encode(text, allowed_special="all")) == done.initial_tokens - sum(counts)


def test_stop_anywhere_gives_a_usable_tokenizer() -> None:
    full = train_bpe(CORPUS, 400, ["<|endoftext|>"])
    trainer = BpeTrainer(CORPUS, 400, ["<|endoftext|>"])
    stream = trainer.events()
    for event in stream:
        if isinstance(event, MergeEvent) and event.rank == 49:
            break
    stream.close()
    partial = trainer.tokenizer()
    assert partial.merges == full.merges[:50]
    assert partial.special_tokens == {"<|endoftext|>": 306}
    text = "the quick brown fox<|endoftext|>國"
    assert partial.decode(partial.encode(text, allowed_special="all")) == text


def test_stop_while_counting_gives_bytes_only_tokenizer() -> None:
    trainer = BpeTrainer(CORPUS, 400, ["<|endoftext|>"])
    stream = trainer.events()
    first = next(stream)
    assert isinstance(first, CountingProgress)
    stream.close()
    tok = trainer.tokenizer()
    assert tok.merges == [] and len(tok.vocab) == 257
    assert tok.encode("hi") == [104, 105]


def test_step_mode_queries() -> None:
    trainer = BpeTrainer(None, 300, ["<|endoftext|>"], text="Hello helo, I'm")
    stream = trainer.events()
    while not isinstance(next(stream), CountingDone):
        pass
    top = trainer.top_pairs(3)
    assert [(p.left, p.right, p.count) for p in top] == [(b"l", b"o", 2), (b"e", b"l", 2), (b"l", b"l", 1)]
    words = {w.text: w for w in trainer.pretokens()}
    assert set(words) == {b"Hello", b" helo", b",", b" I", b"'m"}
    event = next(stream)
    assert isinstance(event, MergeEvent) and (event.left, event.right) == (b"l", b"o")
    assert words[b"Hello"].token_ids == tuple(b"Hello")
    after = {w.text: w for w in trainer.pretokens()}
    assert after[b"Hello"].token_ids == (ord("H"), ord("e"), ord("l"), 256)
    assert after[b" helo"].token_ids == (ord(" "), ord("h"), ord("e"), 256)


@pytest.mark.slow
def test_one_and_two_workers_give_identical_merges(tmp_path: Path) -> None:
    # 6 MB so that two workers really split the counting.
    src = shared_corpus("en_mix_36MB.txt")
    part = tmp_path / "en6.txt"
    with open(src, "rb") as f:
        data = f.read(6_000_000)
    part.write_bytes(data[: data.rfind(b"\n") + 1])
    one = train_bpe(part, 1500, ["<|endoftext|>"], workers=1)
    two = train_bpe(part, 1500, ["<|endoftext|>"], workers=2)
    assert one.merges == two.merges and one.merge_counts == two.merge_counts


def test_one_and_two_workers_give_identical_merges_on_tests_data(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same on all of tests/data (290 KB), with the worker threshold and block lowered
    so that two workers really split the counting."""
    from bpe_engine.train import counting

    monkeypatch.setattr(counting, "_WORKER_BLOCK", 16 * 1024)
    monkeypatch.setattr(counting, "_PARALLEL_MIN_BYTES", 64 * 1024)
    part = tmp_path / "all.txt"
    part.write_bytes(b"<|endoftext|>".join(data_path(name).read_bytes() for name in DATA_FILES))
    one = train_bpe(part, 1500, ["<|endoftext|>"], workers=1)
    two = train_bpe(part, 1500, ["<|endoftext|>"], workers=2)
    assert one.merges == two.merges and one.merge_counts == two.merge_counts


def test_the_pair_index_is_announced_once_after_counting() -> None:
    events = list(BpeTrainer(CORPUS, 300, ["<|endoftext|>"]).events())
    stages = [(e.stage, e.bytes_done == e.bytes_total) for e in events if isinstance(e, CountingProgress)]
    assert stages[-1] == ("indexing", True) and [s for s, _ in stages].count("indexing") == 1
    index = next(i for i, e in enumerate(events) if isinstance(e, CountingProgress) and e.stage == "indexing")
    assert isinstance(events[index + 1], CountingDone)


def test_vocab_size_and_special_tokens_by_keyword_train_as_by_position() -> None:
    # train_bpe(None, vocab_size=...) raised "got multiple values for argument 'vocab_size'"
    from bpe_engine import train_bpe

    text = "low lower lowest newer wider " * 20
    by_keyword = train_bpe(None, vocab_size=270, special_tokens=["<|end|>"], text=text)
    by_position = train_bpe(None, 270, ["<|end|>"], text=text)
    assert by_keyword.merges == by_position.merges and len(by_keyword.merges) == 270 - 256 - 1
    assert by_keyword.special_tokens == by_position.special_tokens == {"<|end|>": 269}
