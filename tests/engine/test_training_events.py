"""The training event stream: progress, one event per merge, stop anywhere, usable result."""

from __future__ import annotations

from pathlib import Path

from bpe_engine import BpeTrainer, CountingDone, CountingProgress, MergeEvent, TrainingDone, train_bpe


def test_event_stream_shape(fixtures: Path) -> None:
    trainer = BpeTrainer(fixtures / "corpus.en", 400, ["<|endoftext|>"])
    events = list(trainer.events())
    progress = [e for e in events if isinstance(e, CountingProgress)]
    merges = [e for e in events if isinstance(e, MergeEvent)]
    assert progress[0].bytes_done == 0 and progress[-1].bytes_done == progress[-1].bytes_total
    assert progress[-1].bytes_total == (fixtures / "corpus.en").stat().st_size
    done = next(e for e in events if isinstance(e, CountingDone))
    assert done.target_merges == 400 - 257 == len(merges)
    assert isinstance(events[-1], TrainingDone) and events[-1].reason == "vocab_size"
    assert [m.rank for m in merges] == list(range(len(merges)))
    assert all(m.new_id == 256 + m.rank for m in merges)
    counts = [m.count for m in merges]
    assert counts == sorted(counts, reverse=True)  # BPE's pair counts never increase
    # Exact token accounting: each merge of a pair with count c removes c tokens.
    tok = trainer.tokenizer()
    text = (fixtures / "corpus.en").read_text(encoding="utf-8")
    assert len(tok.encode(text)) == done.initial_tokens - sum(counts)


def test_stop_anywhere_gives_a_usable_tokenizer(fixtures: Path) -> None:
    full = train_bpe(fixtures / "corpus.en", 400, ["<|endoftext|>"])
    trainer = BpeTrainer(fixtures / "corpus.en", 400, ["<|endoftext|>"])
    stream = trainer.events()
    for event in stream:
        if isinstance(event, MergeEvent) and event.rank == 49:
            break
    stream.close()
    partial = trainer.tokenizer()
    assert partial.merges == full.merges[:50]
    assert partial.special_tokens == {"<|endoftext|>": 306}
    text = "the quick brown fox<|endoftext|>國"
    assert partial.decode(partial.encode(text)) == text


def test_stop_while_counting_gives_bytes_only_tokenizer(fixtures: Path) -> None:
    trainer = BpeTrainer(fixtures / "corpus.en", 400, ["<|endoftext|>"])
    stream = trainer.events()
    first = next(stream)
    assert isinstance(first, CountingProgress)
    stream.close()
    tok = trainer.tokenizer()
    assert tok.merges == [] and len(tok.vocab) == 257
    assert tok.encode("hi") == [104, 105]


def test_step_mode_queries(fixtures: Path) -> None:
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


def test_one_and_two_workers_give_identical_merges(corpora: Path, tmp_path: Path) -> None:
    # 6 MB so that two workers really split the counting.
    src = corpora / "en_mix_36MB.txt"
    part = tmp_path / "en6.txt"
    with open(src, "rb") as f:
        data = f.read(6_000_000)
    part.write_bytes(data[: data.rfind(b"\n") + 1])
    one = train_bpe(part, 1500, ["<|endoftext|>"], workers=1)
    two = train_bpe(part, 1500, ["<|endoftext|>"], workers=2)
    assert one.merges == two.merges and one.merge_counts == two.merge_counts
