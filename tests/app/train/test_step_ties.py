"""Step mode names every pair of a tie and the rule's verdict against each (issue 20, point 5).

The course's worked example ``low lower widest newest`` reaches a three-way tie at count 6
((w, est), (n, e), (e, w)); the tied pairs are recounted by brute force from the reference
trainer's merges, not taken from the engine under test.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from app.core.messages import StepSnapshot
from app.features.train.step_panel import StepPanel, pair_text
from bpe_engine import BpeTrainer, MergeEvent
from bpe_engine.reference import reference_pretoken_counts, reference_train

DATA = Path(__file__).parents[2] / "data" / "low_lower_widest_newest.txt"


def _brute_ties(text: str, k: int) -> tuple[int, list[tuple[bytes, bytes]]]:
    """The highest pair count before merge ``k`` and every pair that has it, greatest first."""
    _, merges, _ = reference_train(text, 256 + k)
    words = Counter({tuple(bytes([b]) for b in w): c for w, c in reference_pretoken_counts(text).items()})
    for a, b in merges:
        merged: Counter[tuple[bytes, ...]] = Counter()
        for w, c in words.items():
            out, i = [], 0
            while i < len(w):
                if i + 1 < len(w) and (w[i], w[i + 1]) == (a, b):
                    out.append(a + b)
                    i += 2
                else:
                    out.append(w[i])
                    i += 1
            merged[tuple(out)] += c
        words = merged
    pairs: Counter[tuple[bytes, bytes]] = Counter()
    for w, c in words.items():
        for i in range(len(w) - 1):
            pairs[(w[i], w[i + 1])] += c
    top = max(pairs.values())
    return top, sorted((p for p, c in pairs.items() if c == top), reverse=True)


def _snapshots(text: str, upto: int) -> list[StepSnapshot]:
    """The step snapshots of a real run, before merge 0 .. ``upto`` (as the worker builds them)."""
    trainer = BpeTrainer(text=text, config=256 + 20)
    out, last, done = [], None, 0
    for ev in trainer.events():
        if isinstance(ev, MergeEvent):
            last, done = ev, ev.rank + 1
        if trainer.phase == "merging":
            out.append(
                StepSnapshot(
                    merges_done=done,
                    last_merge=last,
                    next_pairs=trainer.top_pairs(30),
                    pretokens=trainer.pretokens(50),
                    tie_break="greatest",
                )
            )
        if done > upto:
            break
    return out


@pytest.mark.usefixtures("qapp")
def test_a_three_way_tie_names_every_pair() -> None:
    text = DATA.read_text(encoding="utf-8")
    count, tied = _brute_ties(text, 4)
    assert count == 6 and len(tied) == 3  # the course's three-way tie
    panel = StepPanel()
    snapshots = _snapshots(text, 4)
    before = next(s for s in snapshots if s.merges_done == 4)
    panel.set_snapshot(before)
    sentence = panel.next_label.text()
    assert "share that count" not in sentence
    names = [pair_text(*p).replace("(", "").replace(")", "") for p in tied]
    for name in names:
        assert f"({name})" in sentence
    assert f"{pair_text(*tied[0])} wins over {pair_text(*tied[1])} because" in sentence
    assert f"; over {pair_text(*tied[2])} because" in sentence
    assert "all occur 6 times" in sentence
    # The sentence about the merge just applied names the same three pairs.
    after = next(s for s in snapshots if s.merges_done == 5)
    panel.set_snapshot(after)
    last = panel.last_label.text()
    for p in tied:
        assert pair_text(*p) in last
    panel.deleteLater()


@pytest.mark.usefixtures("qapp")
def test_a_run_not_stepped_says_its_tie_may_hold_more_pairs() -> None:
    """A training run to its end without stepping shows the last merge with only the engine's
    best other pair (``tied_with``): it names that pair and says that more pairs may share
    the count, instead of "A and B both occur 6 times" for a three-way tie."""
    text = DATA.read_text(encoding="utf-8")
    count, tied = _brute_ties(text, 4)
    after = next(s for s in _snapshots(text, 4) if s.merges_done == 5)
    panel = StepPanel()  # no snapshot before this one: as at the end of an unstepped run
    panel.set_snapshot(after)
    last = panel.last_label.text()
    named = [p for p in tied if pair_text(*p) in last]
    assert (after.last_merge.left, after.last_merge.right) == tied[0] and len(named) == 2
    assert "may share that count" in last and "step mode lists every one" in last, last
    panel.deleteLater()


@pytest.mark.usefixtures("qapp")
def test_the_verdicts_of_a_tie_are_joined_in_the_languages_own_punctuation() -> None:
    """In Chinese the verdicts over each tied pair are joined by "；", not an English "; "."""
    from app.core import i18n
    from app.features.train.step_panel import explain_ties

    text = DATA.read_text(encoding="utf-8")
    count, tied = _brute_ties(text, 4)
    assert i18n.set_language("zh_CN"), "the compiled .qm is missing: run python -m app.core.i18n.catalog"
    try:
        sentence = explain_ties(tied[0], tied[1:], "greatest", count)
    finally:
        i18n.set_language("en")
    assert "；" in sentence and "; " not in sentence, sentence
    assert "; over " in explain_ties(tied[0], tied[1:], "greatest", count)
