"""The merge loop's three ways of making a merge, each alone, against the reference trainer.

A merge of a pair with few positions runs in plain Python, one position at a time; above
``merge_one._SMALL_MERGE`` positions it runs as NumPy calls over all of them at once. On the
small texts the reference can train on, nearly every merge takes the Python path: here the
threshold is moved so that every merge takes one path or the other, on random texts made of
few symbols (many repeated pairs, overlapping runs "aaa", "abab", neighbouring occurrences of
one merge, pairs that rise above or stay below the heap's threshold when they are created),
in one byte or several (Chinese characters: the preforming of their bytes runs the loop too).
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from bpe_engine import train_bpe
from bpe_engine.reference import reference_train
from bpe_engine.train import merge_choose, merge_huge, merge_one, merge_setup, merge_state, merge_words, tiekeys
from bpe_engine.train.merging import MergeLoop as MergingLoop

ALPHABETS = ("ab ", "abc\n", "aab b", "一二一三 ", "的了一是 \n", "ab一")
# A merge of millions of positions (one repeated character) runs the NumPy steps in slices
# (`merge_huge`): here every merge does, in slices of 3 positions (chains of "a a a" and
# touching occurrences cross the slices' edges).
PATHS = {
    "every-merge-numpy": {"_SMALL_MERGE": 0},
    "every-merge-python": {"_SMALL_MERGE": 1 << 30},
    "every-merge-sliced": {"_SMALL_MERGE": 0, "HUGE_MERGE": 0, "SLICE": 3},
    # set-up and log compaction in slices of 32 positions, weights filled 8 at a time
    "small-slices": {"_SMALL_MERGE": 0, "_SLICE": 8, "_COPY": 8},
}


# The modules of the merge loop that read these names (each its own global: every one patched)
LOOP_MODULES = (merge_state, merge_setup, merge_choose, merge_one, merge_words, merge_huge)


def _only(patch: pytest.MonkeyPatch, path: str) -> None:
    for name, value in PATHS[path].items():
        holders = [module for module in LOOP_MODULES if hasattr(module, name)]
        assert holders, name
        for module in holders:
            patch.setattr(module, name, value)


texts = st.sampled_from(ALPHABETS).flatmap(lambda chars: st.text(alphabet=chars, min_size=20, max_size=400))


@pytest.mark.parametrize("path", PATHS)
@settings(max_examples=40, deadline=None)
@given(text=texts, extra=st.integers(5, 60), pretokenizer=st.sampled_from(["gpt2", "none"]))
def test_each_merge_path_alone_matches_reference(path: str, text: str, extra: int, pretokenizer: str) -> None:
    vocab_size = 256 + 1 + extra
    _, merges, counts = reference_train(text, vocab_size, ["<|endoftext|>"], pretokenizer)
    with pytest.MonkeyPatch.context() as patch:
        _only(patch, path)
        tok = train_bpe(None, vocab_size, ["<|endoftext|>"], text=text, pretokenizer=pretokenizer)
    assert tok.merges == merges
    assert tok.merge_counts == counts


@pytest.mark.parametrize("path", PATHS)
def test_each_merge_path_alone_on_real_text(path: str) -> None:
    from ..conftest import data_text
    from .conftest import head

    for name in ("chinese.txt", "english.txt"):
        text = head(data_text(name), 2500)
        _, merges, counts = reference_train(text, 256 + 1 + 150, ["<|endoftext|>"], "gpt2")
        with pytest.MonkeyPatch.context() as patch:
            _only(patch, path)
            tok = train_bpe(None, 256 + 1 + 150, ["<|endoftext|>"], text=text)
        assert len(merges) >= 100
        assert tok.merges == merges and tok.merge_counts == counts


@pytest.mark.parametrize("path", PATHS)
def test_each_merge_path_on_one_repeated_character(path: str) -> None:
    """One long run (the first merge's log block is one pair's, compacted alone) beside others."""
    text = "a" * 301 + " b aab " + "ab" * 100 + "一" * 77
    _, merges, counts = reference_train(text, 256 + 1 + 30, ["<|endoftext|>"], "none")
    with pytest.MonkeyPatch.context() as patch:
        _only(patch, path)
        tok = train_bpe(None, 256 + 1 + 30, ["<|endoftext|>"], text=text, pretokenizer="none")
    assert tok.merges == merges and tok.merge_counts == counts


@settings(max_examples=60, deadline=None)
@given(
    text=texts,
    extra=st.integers(5, 60),
    rule=st.sampled_from(["greatest", "smallest"]),
    long=st.integers(0, 3),
    slice_size=st.integers(1, 4),
)
def test_sliced_merges_with_long_token_keys_match_reference(
    text: str, extra: int, rule: str, long: int, slice_size: int
) -> None:
    """Every merge in slices while tokens longer than ``long`` bytes are keyed by objects
    (tiekeys), under either tie-break: the heap's order and the new pairs' ids meet."""
    vocab_size = 256 + 1 + extra
    _, merges, counts = reference_train(text + " " + "a" * 40, vocab_size, ["<|endoftext|>"], "none", tie_break=rule)
    with pytest.MonkeyPatch.context() as patch:
        _only(patch, "every-merge-sliced")
        patch.setattr(merge_huge, "SLICE", slice_size)
        patch.setattr(tiekeys, "LONG", long)
        tok = train_bpe(
            None, vocab_size, ["<|endoftext|>"], text=text + " " + "a" * 40, pretokenizer="none", tie_break=rule
        )
    assert tok.merges == merges and tok.merge_counts == counts


def _loop_state(loop: MergingLoop) -> tuple[object, ...]:
    """Pair ids, each pair's log block, and the positions: all a later merge reads."""
    n = loop.pairs.n
    off, length = loop.pairs.off[:n].tolist(), loop.pairs.len[:n].tolist()
    blocks = [loop.log.data[o : o + k].tolist() for o, k in zip(off, length)]
    return (
        loop.pairs.left[:n].tolist(),
        loop.pairs.right[:n].tolist(),
        blocks,
        loop.pcount.view().tolist(),
        loop.ppid.tolist(),
        loop.sym.tolist(),
        loop.nxt.tolist(),
    )


def _states(words: dict[bytes, int], rule: str) -> list[tuple[object, ...]]:
    loop = MergingLoop([words], rule)
    states = [_loop_state(loop)]
    while loop.step() is not None:
        states.append(_loop_state(loop))
    return states


@settings(max_examples=60, deadline=None)
@given(
    words=st.dictionaries(
        st.binary(min_size=1, max_size=40).map(lambda b: bytes(b"ab "[x % 3] for x in b)),
        st.integers(1, 5),
        min_size=1,
        max_size=12,
    ),
    rule=st.sampled_from(["greatest", "smallest"]),
    slice_size=st.integers(1, 4),
)
def test_sliced_merges_leave_the_state_of_one_call_merges(words: dict[bytes, int], rule: str, slice_size: int) -> None:
    """A merge in slices hands out the new pairs' ids and lays out their log blocks as the
    one-call merge does (same pair table, log, links after every merge), not only the same merges."""
    with pytest.MonkeyPatch.context() as patch:
        _only(patch, "every-merge-numpy")
        whole = _states(words, rule)
    with pytest.MonkeyPatch.context() as patch:
        _only(patch, "every-merge-sliced")
        patch.setattr(merge_huge, "SLICE", slice_size)
        assert _states(words, rule) == whole
