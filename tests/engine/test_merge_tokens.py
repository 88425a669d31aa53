"""Every MergeEvent says exactly how many tokens the training corpus has after it.

The figure is checked against an independent computation: the corpus encoded with the
tokenizer of the merges so far. Overlapping pairs ("aaaa", runs of spaces, "000") are where a
pair's count and the occurrences a merge replaces differ.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bpe_engine import BpeTrainer, CountingDone, MergeEvent, Tokenizer, TrainingDone

SPECIAL = "<|endoftext|>"


def _run(text: str, vocab_size: int, **settings: object) -> tuple[BpeTrainer, CountingDone, list[MergeEvent]]:
    trainer = BpeTrainer(None, vocab_size, [SPECIAL], text=text, **settings)
    events = list(trainer.events())
    counting = next(e for e in events if isinstance(e, CountingDone))
    assert isinstance(events[-1], TrainingDone)
    return trainer, counting, [e for e in events if isinstance(e, MergeEvent)]


def _partial(trainer: BpeTrainer, k: int) -> Tokenizer:
    """The tokenizer of the first ``k`` merges of a finished run."""
    full = trainer.tokenizer()
    vocab = {i: full.vocab[i] for i in range(256 + k)}
    return Tokenizer(vocab, full.merges[:k], [SPECIAL], pretokenizer=full.pretokenizer)


def _check(text: str, vocab_size: int, sample: list[int] | None = None, **settings: object) -> list[MergeEvent]:
    trainer, counting, merges = _run(text, vocab_size, **settings)
    assert counting.initial_tokens == len(_partial(trainer, 0).encode(text, allowed_special="all"))
    for k in sample if sample is not None else range(len(merges)):
        k %= len(merges)  # -1: the last merge
        event = merges[k]
        encoded = len(_partial(trainer, k + 1).encode(text, allowed_special="all"))
        assert event.tokens == encoded, (k, event)
        before = merges[k - 1].tokens if k else counting.initial_tokens
        assert event.replaced == before - event.tokens
    return merges


def test_aaaa_two_merges() -> None:
    merges = _check("aaaa", 259)
    # ("a", "a") occurs 3 times in "aaaa" but only 2 merge; then ("aa", "aa") once.
    assert [(e.count, e.replaced, e.tokens) for e in merges] == [(3, 2, 2), (1, 1, 1)]


def test_runs_of_spaces_and_repeated_digits() -> None:
    text = ("x" + " " * 9 + "y\n" + "1000000 0000 " + "\t\t\t" * 5) * 40 + SPECIAL + "    aaaa"
    merges = _check(text, 300, pretokenizer="gpt2")
    assert any(e.count != e.replaced for e in merges)  # overlaps happened
    _check(text, 300, pretokenizer="none")


def test_every_pretokenizer_on_mixed_text() -> None:
    text = ("Hello helo, I'm here. 國語 日本語 🤚🏾🤚🏾 aaaaaaa ---- ====\n" * 30) + SPECIAL + "end"
    for pre in ("gpt2", "cl100k", "o200k", "whitespace", "none", r"regex:\S+"):
        _check(text, 320, pretokenizer=pre)


@pytest.mark.slow
def test_five_megabytes_of_python_code(corpora: Path) -> None:
    """The Train tab's "bytes per token" on 5 MB of code (the figure that was 5.24 instead
    of 3.41): sampled merges, each checked by encoding the whole 5 MB."""
    with open(corpora / "code_python311_stdlib_32MB.txt", "rb") as f:
        text = f.read(5_000_000).decode("utf-8", errors="ignore")
    merges = _check(text, 4000, sample=[0, 1, 10, 100, 1000, 2500, -1], workers=1)
    assert len(merges) == 4000 - 257
