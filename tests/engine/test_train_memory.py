"""The memory-saving paths of training give the brute-force reference's merges: the merge
loop's log compacted in place, 32-bit pre-token weights, and a counting worker's counts sent
in parts without holding them all as ``bytes`` at once."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from bpe_engine.pretokenize import get_pretokenizer
from bpe_engine.reference import reference_pretoken_counts, reference_train
from bpe_engine.train import counting
from bpe_engine.train.counting import _ChunkCounter, shard_of
from bpe_engine.train.keys import KeyedMerger, KeyedPart
from bpe_engine.train.merge_state import _Column
from bpe_engine.train.merging import MergeLoop

DATA = Path(__file__).resolve().parents[1] / "data"
EOT = "<|endoftext|>"


def _text() -> str:
    """Chinese (long runs of Han characters, many distinct pre-tokens) and some English."""
    chinese = (DATA / "chinese.txt").read_text(encoding="utf-8")[:5_000]
    english = (DATA / "english.txt").read_text(encoding="utf-8")[:3_000]
    return chinese + EOT + english


def _run(loop: MergeLoop, limit: int, compact: bool = False) -> tuple[list[tuple[bytes, bytes]], list[int]]:
    """Merge ``limit`` times (``compact``: the log compacted before every merge)."""
    merges, counts = [], []
    for _ in range(limit):
        if compact:
            loop._make_room(0)
        done = loop.step()
        if done is None:
            break
        a, b, _, count, _, _ = done
        merges.append((loop.tok[a], loop.tok[b]))
        counts.append(count)
    return merges, counts


def _live_blocks(loop: MergeLoop) -> dict[tuple[int, int], list[int]]:
    """Each pair's logged positions where it still stands, in log order, by its two tokens.

    subtle: by tokens, not by pair id. A merge takes the Python or the NumPy path by the
    size of its pair's block, stale entries included, so the compacted loop and its twin may
    take different paths, which hand out the ids of a merge's new pairs in different orders
    (first met, or by token); a pair's positions and the merges are the same."""
    n = loop.pairs.n
    log = loop.log.view()
    blocks = {}
    for pid, (off, size) in enumerate(zip(loop.pairs.off[:n].tolist(), loop.pairs.len[:n].tolist())):
        entries = log[off : off + size]
        blocks[loop.pair(pid)] = entries[loop.ppid[entries] == pid].tolist()
    return blocks


def test_a_log_without_room_is_compacted_and_merges_stay_the_references() -> None:
    text = _text()
    _, ref_merges, ref_counts = reference_train(text, 500, [EOT])
    counts = dict(reference_pretoken_counts(text, [EOT]))
    loop = MergeLoop([counts])
    # No spare room at all: the first merge compacts the log (then it grows), and the run
    # compacts it again before every merge.
    loop.log = _Column(loop.log.view().copy(), loop.log.n)
    # A twin whose log never runs out of room keeps every entry ever appended.
    twin = MergeLoop([counts])
    twin.log = _Column(np.concatenate([twin.log.view(), np.zeros(40 * twin.log.n, dtype=np.int32)]), twin.log.n)
    merges, merge_counts = _run(loop, len(ref_merges), compact=True)
    assert merges == ref_merges
    assert merge_counts == ref_counts
    assert _run(twin, len(ref_merges)) == (ref_merges, ref_counts)
    assert twin.log.data.size > twin.log.n  # the twin was never compacted
    assert loop.log.n < twin.log.n  # stale entries went
    assert _live_blocks(loop) == _live_blocks(twin)  # live ones stayed, in order
    # The blocks still tile the log in pair order.
    n = loop.pairs.n
    off, length = loop.pairs.off[:n], loop.pairs.len[:n]
    assert off[0] == 0 and (off[1:] == off[:-1] + length[:-1]).all()
    assert int(length.sum()) == loop.log.n


def test_weights_beyond_32_bits_give_the_same_merges_with_scaled_counts() -> None:
    counts = reference_pretoken_counts(_text(), [EOT])
    small = MergeLoop([dict(counts)])
    scale = 2**31  # every count >= 2**31: the positions keep 64-bit weights
    big = MergeLoop([{w: c * scale for w, c in counts.items()}])
    assert small.wt.dtype == np.int32
    assert big.wt.dtype == np.int64
    merges_small, counts_small = _run(small, 400)
    merges_big, counts_big = _run(big, 400)
    assert merges_big == merges_small
    assert counts_big == [c * scale for c in counts_small]
    # A checkpoint saves the words' counts, 64-bit whatever the positions keep.
    assert small.word_count.dtype == np.int64
    ids, lens = big.export_words()
    resumed = MergeLoop.from_words(ids, lens, big.word_count, big.tok, 256, "greatest")
    assert resumed.wt.dtype == np.int64


def test_a_checkpoint_of_a_compacted_loop_resumes_with_the_same_merges() -> None:
    text = _text()
    _, ref_merges, _ = reference_train(text, 500, [EOT])
    loop = MergeLoop([dict(reference_pretoken_counts(text, [EOT]))])
    loop.log = _Column(loop.log.view().copy(), loop.log.n)
    first, _ = _run(loop, 150, compact=True)
    ids, lens = loop.export_words()
    resumed = MergeLoop.from_words(ids, lens, loop.word_count, loop.tok, 256, "greatest")
    rest, _ = _run(resumed, len(ref_merges) - 150)
    assert first + rest == ref_merges


@pytest.mark.parametrize("part", [7, 20_000])
def test_a_workers_counts_come_in_parts_that_add_up_to_the_pieces(monkeypatch: pytest.MonkeyPatch, part: int) -> None:
    text = _text() + EOT + (DATA / "russian.txt").read_text(encoding="utf-8")[:4_000]
    data = text.encode("utf-8")
    monkeypatch.setattr(counting, "_RESULT_PART", part)
    counter = _ChunkCounter(get_pretokenizer("gpt2"), [EOT])  # as in a worker: not sharded
    counter.add(data, "text", 0)
    total: dict[bytes, int] = {}
    seen = 0
    keyed = KeyedMerger()
    for message in counter.streamed_parts():
        if isinstance(message, KeyedPart):  # the keyed pieces, as arrays
            assert message.keys.shape[0] <= part
            keyed.add(message)
            continue
        for index, shard in message:
            seen += len(shard)
            for piece, c in shard.items():
                assert shard_of(piece) == index
                total[piece] = total.get(piece, 0) + c
    for group in keyed.result():
        seen += len(group)
        for piece, c in zip(group, group.counts.tolist()):
            assert piece not in total
            total[piece] = c
    assert total == dict(reference_pretoken_counts(text, [EOT]))
    assert seen >= len(total)


def test_a_finished_trainer_gives_back_the_merge_tables_and_still_answers(tmp_path: Path) -> None:
    """After the last merge the log, marks and heap go (the tokenizer is built next); the
    tokenizer, inspection and a checkpoint that resumes are still the references'."""
    from bpe_engine import BpeTrainer

    text = _text()
    _, ref_merges, _ = reference_train(text, 500, [EOT])
    corpus = tmp_path / "corpus.txt"
    corpus.write_text(text, encoding="utf-8")
    trainer = BpeTrainer(str(corpus), 256 + len(ref_merges) + 1, [EOT], workers=1)
    for _ in trainer.events():
        pass
    loop = trainer._state
    assert loop is not None and loop.done
    assert loop.log.data.size == 0 and loop.mark.size == 0 and not loop.heap
    with pytest.raises(RuntimeError, match="finished"):
        loop.step()
    assert trainer.tokenizer().merges == ref_merges
    # What is left of the pairs still ranks them as a fresh loop over the same words does.
    ids, lens = loop.export_words()
    fresh = MergeLoop.from_words(ids, lens, loop.word_count, loop.tok, 256, "greatest")
    assert trainer.top_pairs(5) and [(p.left, p.right, p.count) for p in trainer.top_pairs(5)] == [
        (loop.tok[a], loop.tok[b], c) for a, b, c in fresh.top_pairs(5)
    ]


@pytest.mark.parametrize("n_pairs", [1, 300, 70_000, 200_000])
def test_the_pair_index_groups_positions_by_pair_in_ascending_order(n_pairs: int) -> None:
    """``_group_by_pair`` (a radix sort by pair, 16 bits at a time, a slice at a time) lays
    each pair's positions out in its block, ascending: against a lexicographic sort, with
    more pairs than 16 bits hold and more positions than one slice."""
    from bpe_engine.train.merge_state import _SLICE
    from bpe_engine.train.merge_words import _group_by_pair

    rng = np.random.default_rng(n_pairs)
    n = 4 * _SLICE * 2 + 12_345
    at = np.sort(rng.choice(3 * n, n, replace=False)).astype(np.int32)
    pid = rng.integers(0, n_pairs, n).astype(np.int32)
    sizes = np.bincount(pid, minlength=n_pairs).astype(np.int64)
    log = _group_by_pair(at, pid, sizes)
    assert log.n == n
    assert log.view().tolist() == at[np.lexsort((at, pid))].tolist()
