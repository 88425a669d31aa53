"""Merges made ahead on the distinct characters (bpe_engine/train/preform.py) are exactly the
merges of the plain loop: against the brute-force reference trainer on Chinese texts (pre-tokens
that occur once, ties), and against the plain merge loop on arbitrary bytes; pausing,
inspecting and checkpointing inside the merges made ahead see the state of that merge."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

from bpe_engine import BpeTrainer, MergeEvent, train_bpe
from bpe_engine.reference import reference_pretoken_counts, reference_train
from bpe_engine.train.merging import MergeLoop
from bpe_engine.train.preform import preform

from ..conftest import data_text
from .conftest import head, paused_trainer

EOT = "<|endoftext|>"

# Lines of poetry-like text that each occur once (one pre-token each, as on real Chinese
# corpora), characters repeated so that many byte pairs tie on their counts.
_CHARS = "春风夜雨山水花月云天江河湖海明光清白日落长城秋叶红黄青草木林东西南北千里万年"
_RNG = random.Random(0)
ONCE = "，".join("".join(_RNG.choice(_CHARS) for _ in range(_RNG.randint(4, 9))) for _ in range(80)) + "。\n"
TIES = "你好我们他们你好我们他们大小多少大小多少" * 3 + "\n" + ONCE


def _texts() -> dict[str, str]:
    return {"chinese": head(data_text("chinese.txt"), 2500), "once": ONCE, "ties": TIES}


def _plain(text: str, tie_break: str = "greatest") -> MergeLoop:
    return MergeLoop([dict(reference_pretoken_counts(text, [EOT], "gpt2"))], tie_break)


@pytest.mark.parametrize("tie_break", ["greatest", "smallest"])
@pytest.mark.parametrize("name", ["chinese", "once", "ties"])
def test_preformed_merges_match_the_reference(name: str, tie_break: str) -> None:
    text = _texts()[name]
    pre = preform([dict(reference_pretoken_counts(text, [EOT], "gpt2"))], tie_break)
    assert pre is not None and len(pre.merges) >= 5  # the merges are made ahead: not vacuous
    vocab_size = 256 + 1 + len(pre.merges) + 40
    _, merges, counts = reference_train(text, vocab_size, [EOT], "gpt2", tie_break=tie_break)
    tok = train_bpe(None, vocab_size, [EOT], text=text, tie_break=tie_break)
    assert tok.merges == merges
    assert tok.merge_counts == counts


def test_ties_among_the_merges_made_ahead_are_reported_like_the_plain_loop() -> None:
    pre = preform([dict(reference_pretoken_counts(TIES, [EOT], "gpt2"))], "greatest")
    assert pre is not None
    assert sum(m[5] is not None for m in pre.merges) >= 3  # ties inside the merges made ahead
    plain = _plain(TIES)
    for a, b, z, count, replaced, tied in pre.merges:
        step = plain.step()
        assert step is not None
        assert step[:5] == (a, b, z, count, replaced)
        assert (None if step[5] is None else plain.pair(step[5])) == tied


def _as_plain(loop: MergeLoop, steps: int) -> list[tuple[int, int, int, int, int, tuple[bytes, bytes] | None]]:
    out = []
    for _ in range(steps):
        step = loop.step()
        if step is None:
            break
        a, b, z, count, replaced, tied = step
        pair = None if tied is None else loop.pair(tied)
        out.append((a, b, z, count, replaced, None if pair is None else (loop.tok[pair[0]], loop.tok[pair[1]])))
    return out


@pytest.mark.parametrize("seed", range(6))
def test_arbitrary_bytes_give_the_plain_loops_merges(seed: int) -> None:
    """Words of random segments: ASCII, lead bytes with 0-3 continuation bytes (valid or
    not), lone continuation bytes at a word's start; counts of 1 and more."""
    rng = random.Random(seed)
    pool = [
        bytes(
            [rng.choice([0x41, 0x20, 0xE4, 0xE5, 0xC3, 0xF0])]
            + [rng.choice([0x80, 0x81, 0xBF, 0xA0]) for _ in range(k)]
        )
        for k in [0, 1, 1, 2, 2, 2, 2, 3, 3, 3]
    ]
    words: dict[bytes, int] = {}
    while len(words) < 300:
        lone = bytes(rng.choice([0x80, 0xBF]) for _ in range(rng.choice([0, 0, 0, 1, 2])))
        word = lone + b"".join(rng.choice(pool) for _ in range(rng.randint(1, 6)))
        words[word] = rng.choice([1, 1, 1, 2, 3, 7])
    expected = _as_plain(MergeLoop([words]), 150)
    pre = preform([words], "greatest")
    assert pre is not None and pre.merges  # not vacuous
    loop = pre.loop(len(pre.merges))
    made = [
        (a, b, z, count, replaced, None if t is None else (loop.tok[t[0]], loop.tok[t[1]]))
        for a, b, z, count, replaced, t in pre.merges
    ]
    assert (made + _as_plain(loop, 150 - len(made)))[:150] == expected


def test_no_merges_made_ahead_without_multibyte_characters_or_with_long_segments() -> None:
    assert preform([{b"hello": 3, b" world": 2}], "greatest") is None
    assert preform([{b"\xe4\x80\x80\x80\x80": 5, "你好".encode(): 9}], "greatest") is None


def test_inspecting_inside_the_merges_made_ahead_sees_that_merge(tmp_path: Path) -> None:
    text = _texts()["chinese"]
    pre = preform([dict(reference_pretoken_counts(text, [EOT], "gpt2"))], "greatest")
    assert pre is not None and len(pre.merges) >= 10
    at = len(pre.merges) // 2
    vocab_size = 256 + 1 + len(pre.merges) + 30
    _, merges, counts = reference_train(text, vocab_size, [EOT], "gpt2")

    trainer, events = paused_trainer(text, vocab_size, at)
    plain = _plain(text)
    _as_plain(plain, at)
    assert [(p.left_id, p.right_id, p.count) for p in trainer.top_pairs(15)] == plain.top_pairs(15)
    pretokens = trainer.pretokens(20)
    segmented = {}  # every pre-token of the plain loop: its count and tokens at this merge
    for w in range(plain.word_count.size):
        ids = plain.segmentation(w)
        segmented[b"".join(plain.tok[t] for t in ids)] = (int(plain.word_count[w]), ids)
    assert len(pretokens) == 20
    assert all(segmented[p.text] == (p.count, p.token_ids) for p in pretokens)
    for _ in events:
        pass
    assert trainer.tokenizer().merges == merges and trainer.merge_counts == counts

    saving, _ = paused_trainer(text, vocab_size, at)
    saving.save_checkpoint(tmp_path / "run.ckpt")
    resumed = BpeTrainer.resume(tmp_path / "run.ckpt")
    for _ in resumed.events():
        pass
    assert resumed.tokenizer().merges == merges and resumed.merge_counts == counts


def test_a_vocabulary_that_ends_inside_the_merges_made_ahead() -> None:
    text = _texts()["chinese"]
    pre = preform([dict(reference_pretoken_counts(text, [EOT], "gpt2"))], "greatest")
    assert pre is not None and len(pre.merges) >= 10
    vocab_size = 256 + 1 + len(pre.merges) // 2
    _, merges, counts = reference_train(text, vocab_size, [EOT], "gpt2")
    trainer = BpeTrainer(None, vocab_size, [EOT], text=text)
    for _ in trainer.events():
        pass
    assert trainer.tokenizer().merges == merges and trainer.merge_counts == counts
    plain = _plain(text)
    _as_plain(plain, len(merges))
    assert [(p.left_id, p.right_id, p.count) for p in trainer.top_pairs(10)] == plain.top_pairs(10)


@pytest.mark.parametrize("distinct", [1, 3000, 20_000, 70_000])
def test_segment_index_is_numpys_unique_and_inverse(distinct: int) -> None:
    """The hash table (growing past its first size at 20 000 codes; giving way to the sorted
    search above 65 536) numbers segments as np.unique does, across slices."""
    from bpe_engine.train.preform import _index_segments

    rng = np.random.default_rng(distinct)
    pool = rng.integers(0, 2**32, size=distinct, dtype=np.uint32)
    pool[0] = 0
    # Codes that differ only in their high bytes collide in the table's low slots.
    pool[1 : distinct // 2] = (np.arange(1, distinct // 2, dtype=np.uint32) << np.uint32(24)) | np.uint32(0xE4)
    code = pool[rng.integers(0, distinct, size=600_000)]
    expected, inverse = np.unique(code, return_inverse=True)
    got, occurrence = _index_segments(code)
    assert np.array_equal(got, expected) and np.array_equal(occurrence, inverse)


def test_positions_grouped_by_pair_as_a_stable_sort() -> None:
    from bpe_engine.train.merge_words import _group_by_pair

    rng = np.random.default_rng(5)
    at = np.sort(rng.choice(3_000_000, size=700_000, replace=False)).astype(np.int32)
    pid = rng.integers(0, 90_000, size=at.size).astype(np.int32)
    sizes = np.bincount(pid, minlength=90_000)
    log = _group_by_pair(at, pid, sizes)
    assert np.array_equal(log.view(), at[np.argsort(pid, kind="stable")])
    assert log.data.size >= 2 * at.size  # room for a first merge of half the positions


def test_the_small_loops_segments_are_the_merges_applied_to_each_segment() -> None:
    """After all the merges made ahead the big loop starts from the small loop's own
    segmentation; it must be the one the merges give each segment (re-encoded by rank)."""
    from dataclasses import replace

    pre = preform([dict(reference_pretoken_counts(_texts()["chinese"], [EOT], "gpt2"))], "greatest")
    assert pre is not None and pre.final is not None
    r = len(pre.merges)
    kept = pre.loop(r).export_words()
    encoded = replace(pre, final=None).loop(r).export_words()
    assert all(np.array_equal(x, y) for x, y in zip(kept, encoded))
    assert int(kept[1].sum()) < int(pre.total_bytes)  # merges were applied: not vacuous


@pytest.mark.parametrize("name", ["chinese", "english"])
def test_counts_kept_as_arrays_by_two_workers_train_the_reference_merges(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    """Workers send their keyed pieces as arrays, which the characters' preforming (Chinese)
    and the merge loop (English) read without a ``bytes`` per piece: the merges are the
    reference trainer's, as with one process."""
    from bpe_engine.train import counting

    monkeypatch.setattr(counting, "_WORKER_BLOCK", 4 * 1024)
    monkeypatch.setattr(counting, "_PARALLEL_MIN_BYTES", 16 * 1024)
    if name == "chinese":  # lines of poetry (short pieces, as on real corpora), 60 KB
        rng = random.Random(1)
        text = "".join("".join(rng.choice(_CHARS) for _ in range(rng.choice((5, 7)))) + "，\n" for _ in range(3000))
    else:
        text = head(data_text("english.txt"), 30_000)
    path = tmp_path / "corpus.txt"
    path.write_text(text, encoding="utf-8")
    keyed: list[int] = []
    real = counting.counted

    def counted(*args: object, **kwargs: object) -> counting.CountResult:
        result = real(*args, **kwargs)  # type: ignore[arg-type]
        keyed.append(sum(map(len, result.keyed)))
        return result

    monkeypatch.setattr(counting, "counted", counted)
    vocab_size = 256 + 1 + 300
    _, merges, counts = reference_train(text, vocab_size, [EOT], "gpt2")
    trainer = BpeTrainer(path, vocab_size, [EOT], workers=2)
    for _ in trainer.events():
        pass
    assert keyed[0] > 0.9 * len(reference_pretoken_counts(text, [EOT], "gpt2"))  # the arrays' path
    assert trainer.counting is not None and trainer.counting.distinct_pretokens == len(
        reference_pretoken_counts(text, [EOT], "gpt2")
    )
    tok = trainer.tokenizer()
    assert tok.merges == merges
    assert tok.merge_counts == counts
