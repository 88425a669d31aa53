"""Merges made together (``MergeLoop.step_batch``) are exactly the plain loop's, one at a time:
every field of every step (ties included) and the whole state after each batch against
``step()``, the state inside a batch rebuilt by ``rewound``, and the brute-force reference,
on random words of few symbols (many ties, touching occurrences "a b c d", batches cut short
by a pair one of their merges could make); a trainer paused, inspected or checkpointed inside
a batch sees the state of that merge and goes on with the same merges."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from bpe_engine import BpeTrainer, MergeEvent
from bpe_engine.reference import reference_train
from bpe_engine.train import merge_batch
from bpe_engine.train.merging import MergeLoop

from ..conftest import data_text
from .conftest import head, paused_trainer

EOT = "<|endoftext|>"

words = st.sampled_from([b"abcd", b"abcdefgh", b"ab cd\n", b"abcdefghijklmnop"]).flatmap(
    lambda alphabet: st.dictionaries(
        st.binary(min_size=1, max_size=9).map(lambda raw: bytes(alphabet[b % len(alphabet)] for b in raw)),
        st.integers(1, 4),
        min_size=1,
        max_size=60,
    )
)


def _state(loop: MergeLoop) -> tuple[object, ...]:
    """Everything a merge reads or shows: each live pair's count, the tokens of every word."""
    counts = loop.pcount.view()
    live = np.flatnonzero(counts > 0).tolist()
    pairs = {loop.pair(q): int(counts[q]) for q in live}
    ids, lens = loop.export_words()
    return pairs, ids.tolist(), lens.tolist(), loop.live, list(loop.tok)


def _row(loop: MergeLoop, step: tuple[int, int, int, int, int, int | None]) -> tuple[object, ...]:
    a, b, z, count, replaced, tied = step
    return a, b, z, count, replaced, None if tied is None else loop.pair(tied)


@pytest.mark.parametrize("radix", [0, merge_batch._RADIX], ids=["radix-sorted", "as-set"])
@settings(max_examples=80, deadline=None)
@given(words=words, limit=st.sampled_from([2, 3, 32]), tie_break=st.sampled_from(["greatest", "smallest"]))
def test_batches_make_the_plain_loops_steps_and_state(
    radix: int, words: dict[bytes, int], limit: int, tie_break: str
) -> None:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(merge_batch, "_RADIX", radix)  # (the new pairs grouped by either sort)
        _batches_against_steps(words, limit, tie_break)


def _batches_against_steps(words: dict[bytes, int], limit: int, tie_break: str) -> None:
    plain, batched = MergeLoop([words], tie_break), MergeLoop([words], tie_break)
    while True:
        steps = batched.step_batch(limit)
        if steps is None:
            assert plain.step() is None
            return
        assert 1 <= len(steps) <= limit
        inside = []  # the plain loop's state before each merge of the batch but the first
        for k, step in enumerate(steps):
            if k:
                inside.append(_state(plain))
            one = plain.step()
            assert one is not None and _row(plain, one) == _row(batched, step)
        assert _state(batched) == _state(plain)
        parts = [(a, b) for a, b, *_ in steps]
        for k, expected in enumerate(inside, 1):
            assert _state(batched.rewound(parts[k:], 256, tie_break)) == expected


def _rows(events: list[object]) -> list[tuple[object, ...]]:
    return [
        (e.left_id, e.right_id, e.count, e.replaced, e.tokens, e.tied_with) for e in events if isinstance(e, MergeEvent)
    ]


def _plain_rows(text: str, vocab_size: int, pretokenizer: str = "gpt2") -> list[tuple[object, ...]]:
    trainer = BpeTrainer(None, vocab_size, [EOT], text=text, pretokenizer=pretokenizer)
    trainer._batching = False  # one merge at a time, by MergeLoop.step
    return _rows(list(trainer.events()))


@settings(max_examples=40, deadline=None)
@given(
    text=st.sampled_from(["abcdefgh \n", "ab一二三 ", "abcd"]).flatmap(
        lambda chars: st.text(alphabet=chars, min_size=20, max_size=400)
    ),
    extra=st.integers(5, 80),
    pretokenizer=st.sampled_from(["gpt2", "none"]),
)
def test_a_batching_trainer_matches_the_plain_one_and_the_reference(text: str, extra: int, pretokenizer: str) -> None:
    vocab_size = 256 + 1 + extra
    _, merges, counts = reference_train(text, vocab_size, [EOT], pretokenizer)
    trainer = BpeTrainer(None, vocab_size, [EOT], text=text, pretokenizer=pretokenizer)
    rows = _rows(list(trainer.events()))
    assert rows == _plain_rows(text, vocab_size, pretokenizer)
    assert trainer.merges == [(a, b) for a, b, *_ in rows]
    assert trainer.tokenizer().merges == merges and trainer.merge_counts == counts


def _text() -> str:
    return head(data_text("english.txt"), 4000) + head(data_text("chinese.txt"), 1500)


def test_batches_happen_touch_and_are_cut_short_on_real_text() -> None:
    """The cases above are not vacuous on real text: batches of several merges, occurrences
    of two of a batch's pairs side by side, and batches cut short."""
    seen = {"batches": 0, "touching": 0, "cut": 0}
    step_batch, merge_batch = MergeLoop.step_batch, MergeLoop._merge_batch

    def counting_step(loop: MergeLoop, limit: int) -> list[tuple[int, int, int, int, int, int | None]] | None:
        steps = step_batch(loop, limit)
        seen["batches"] += steps is not None and len(steps) > 1
        return steps

    def counting_merge(loop: MergeLoop, pids: list[int], *rest: object) -> list[tuple[int, int]]:
        seen["touching"] += int(rest[2].n_merged.size > 0)  # type: ignore[attr-defined]
        return merge_batch(loop, pids, *rest)  # type: ignore[arg-type]

    size = MergeLoop._batch_size

    def counting_size(loop: MergeLoop, occ: object, counts: list[int]) -> int:
        k = size(loop, occ, counts)  # type: ignore[arg-type]
        seen["cut"] += k < len(counts)
        return k

    text = _text()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(MergeLoop, "step_batch", counting_step)
        patch.setattr(MergeLoop, "_merge_batch", counting_merge)
        patch.setattr(MergeLoop, "_batch_size", counting_size)
        rows = _rows(list(BpeTrainer(None, 256 + 1 + 400, [EOT], text=text).events()))
    assert min(seen.values()) >= 3, seen
    assert rows == _plain_rows(text, 256 + 1 + 400)


def _plain_at(text: str, vocab_size: int, at: int) -> BpeTrainer:
    trainer = BpeTrainer(None, vocab_size, [EOT], text=text)
    trainer._batching = False
    events = trainer.events()
    made = 0
    while made < at:
        if isinstance(next(events), MergeEvent):
            made += 1
    return trainer


def test_inspecting_or_saving_inside_a_batch_sees_that_merge_and_goes_on_exactly(tmp_path: Path) -> None:
    text = _text()
    vocab_size = 256 + 1 + 300
    full = _plain_rows(text, vocab_size)
    inside = 0
    for at in range(120, 300, 7):
        trainer, events = paused_trainer(text, vocab_size, at)
        ahead = bool(trainer._ahead)
        inside += ahead
        plain = _plain_at(text, vocab_size, at)
        assert trainer.top_pairs(15) == plain.top_pairs(15)
        assert trainer.pretokens(30) == plain.pretokens(30)
        assert not trainer._ahead and trainer._batching is not ahead  # rewound: one merge at a time from here
        assert _rows(list(events)) == full[at:]  # type: ignore[call-overload]

        saving, _ = paused_trainer(text, vocab_size, at)
        saving.save_checkpoint(tmp_path / "run.ckpt")
        resumed = BpeTrainer.resume(tmp_path / "run.ckpt")
        assert _rows(list(resumed.events())) == full
    assert inside >= 10  # most of these pauses fell inside a batch


def test_a_checkpoint_of_the_merges_only_leaves_the_batch_and_resumes_exactly(tmp_path: Path) -> None:
    """A Chinese corpus's checkpoint holds its merges only: saving it inside a batch reads no
    loop state, so the merges made ahead stay (no rebuild) and the run goes on batching."""
    from bpe_engine.train.checkpoint import Saved

    text = head(data_text("chinese.txt"), 6000)
    corpus = tmp_path / "zh.txt"
    corpus.write_text(text, encoding="utf-8")
    vocab_size = 256 + 1 + 400
    full = _rows(list(BpeTrainer(corpus, vocab_size, [EOT], workers=1).events()))
    assert full == _plain_rows(text, vocab_size)
    inside = 0
    for at in range(150, 400, 9):
        trainer = BpeTrainer(corpus, vocab_size, [EOT], workers=1)
        events = trainer.events()
        made = 0
        while made < at:
            made += isinstance(next(events), MergeEvent)
        ahead = len(trainer._ahead)
        assert trainer.save_checkpoint(tmp_path / "run.ckpt") is Saved.MERGES
        assert len(trainer._ahead) == ahead and trainer._batching  # nothing rebuilt
        inside += ahead > 0
        assert _rows(list(events)) == full[at:]
        resumed = BpeTrainer.resume(tmp_path / "run.ckpt", workers=1)
        assert _rows(list(resumed.events())) == full
    assert inside >= 10  # most of these saves fell inside a batch
