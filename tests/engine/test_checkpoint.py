"""Checkpoints: a training saved part-way and resumed in a new process makes exactly the
merges of an uninterrupted run; damaged checkpoint files are refused clearly."""

from __future__ import annotations

import json
import subprocess
import sys
import zlib
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from bpe_engine import BpeTrainer, CountingDone, CountingProgress, MergeEvent, TrainingDone, errors, train_bpe
from bpe_engine.reference import reference_train
from bpe_engine.train import checkpoint
from bpe_engine.train.chars import CharBpeTrainer
from bpe_engine.train.checkpoint import Saved
from bpe_engine.train.merging import MergeLoop

from ..conftest import REPO, shared_corpus

DATA = REPO / "tests" / "data"


def _stop_after(trainer: BpeTrainer, merges: int) -> list[MergeEvent]:
    """Pull events until ``merges`` merges are done (0: until counting is done)."""
    done: list[MergeEvent] = []
    for event in trainer.events():
        if isinstance(event, CountingDone) and merges == 0:
            break
        if isinstance(event, MergeEvent):
            done.append(event)
            if len(done) == merges:
                break
    return done


def _resume_in_new_process(path: Path) -> list[list[int]]:
    code = (
        "import json, sys\n"
        "from bpe_engine import BpeTrainer, MergeEvent\n"
        "t = BpeTrainer.resume(sys.argv[1], workers=1)\n"
        "events = [e for e in t.events() if isinstance(e, MergeEvent)]\n"
        "print(json.dumps([[e.left_id, e.right_id, e.count, e.replaced, e.tokens] for e in events]))\n"
    )
    out = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True, text=True, timeout=900, cwd=REPO)
    assert out.returncode == 0, out.stderr
    import json

    rows: list[list[int]] = json.loads(out.stdout)
    return rows


def _rows(events: list[MergeEvent]) -> list[list[int]]:
    return [[e.left_id, e.right_id, e.count, e.replaced, e.tokens] for e in events]


@pytest.mark.parametrize("stop", [0, 1, 137, 600])
def test_resume_gives_the_merges_of_an_uninterrupted_run(tmp_path: Path, stop: int) -> None:
    corpus = DATA / "english.txt"
    full = [e for e in BpeTrainer(corpus, 1000, ["<|endoftext|>"], workers=1).events() if isinstance(e, MergeEvent)]
    trainer = BpeTrainer(corpus, 1000, ["<|endoftext|>"], workers=1)
    before = _stop_after(trainer, stop)
    path = tmp_path / "run.ckpt"
    trainer.save_checkpoint(path)
    resumed = _resume_in_new_process(path)
    assert _rows(before) == _rows(full[:stop])
    assert resumed == _rows(full)  # the saved merges come back first, then the rest


def test_a_run_saved_while_counting_counts_again(tmp_path: Path) -> None:
    text = (DATA / "chinese.txt").read_text(encoding="utf-8")
    trainer = BpeTrainer(None, 700, ["<|endoftext|>"], text=text)
    events = trainer.events()
    assert isinstance(next(events), CountingProgress)
    trainer.save_checkpoint(tmp_path / "c.ckpt")
    resumed = BpeTrainer.resume(tmp_path / "c.ckpt")
    assert resumed.tokenizer().vocab_size == 256 + 1  # nothing counted yet
    merged = [e for e in resumed.events() if isinstance(e, MergeEvent)]
    assert _rows(merged) == _rows(
        [e for e in BpeTrainer(None, 700, ["<|endoftext|>"], text=text).events() if isinstance(e, MergeEvent)]
    )
    assert resumed.tokenizer().merges == train_bpe(None, 700, ["<|endoftext|>"], text=text).merges


def test_resume_keeps_the_tokenizer_and_may_raise_the_vocabulary(tmp_path: Path) -> None:
    text = (DATA / "russian.txt").read_text(encoding="utf-8")
    trainer = BpeTrainer(None, 500, ["<|endoftext|>"], text=text, name="ru")
    _stop_after(trainer, 120)
    path = tmp_path / "ru.ckpt"
    trainer.save_checkpoint(path)
    assert BpeTrainer.resume(path).tokenizer().merges == trainer.tokenizer().merges
    bigger = BpeTrainer.resume(path, vocab_size=800)
    events = list(bigger.events())
    assert isinstance(events[-1], TrainingDone) and events[-1].merges == 800 - 257
    assert bigger.tokenizer().merges == train_bpe(None, 800, ["<|endoftext|>"], text=text).merges
    with pytest.raises(errors.ConfigError, match="keeps its settings"):
        BpeTrainer.resume(path, pretokenizer="o200k")
    with pytest.raises(errors.ConfigError, match="has 120 merges already"):
        BpeTrainer.resume(path, vocab_size=300)


@pytest.mark.slow
def test_five_megabytes_resumed_in_a_new_process(tmp_path: Path) -> None:
    """The issue's check: 5 MB, saved mid-run, resumed elsewhere, identical merges."""
    source = shared_corpus("en_mix_36MB.txt")
    corpus = tmp_path / "en5.txt"
    with open(source, "rb") as f:
        corpus.write_bytes(f.read(5_000_000).rsplit(b"\n", 1)[0])
    full = [e for e in BpeTrainer(corpus, 4000, ["<|endoftext|>"]).events() if isinstance(e, MergeEvent)]
    trainer = BpeTrainer(corpus, 4000, ["<|endoftext|>"])
    _stop_after(trainer, 1500)
    trainer.save_checkpoint(tmp_path / "en5.ckpt")
    corpus.unlink()  # the counts are in the checkpoint: the corpus is not needed any more
    assert _resume_in_new_process(tmp_path / "en5.ckpt") == _rows(full)


def test_damaged_checkpoints_are_refused(tmp_path: Path) -> None:
    trainer = BpeTrainer(None, 400, ["<|endoftext|>"], text=(DATA / "english.txt").read_text(encoding="utf-8"))
    _stop_after(trainer, 50)
    good = tmp_path / "good.ckpt"
    assert trainer.save_checkpoint(good) is Saved.WORDS
    data = good.read_bytes()
    (tmp_path / "cut.ckpt").write_bytes(data[: len(data) // 2])
    with pytest.raises(errors.CheckpointError, match=r"cut\.ckpt: is not a BPE Explorer checkpoint"):
        BpeTrainer.resume(tmp_path / "cut.ckpt")
    np.savez(tmp_path / "other.npz", x=np.arange(3))
    with pytest.raises(errors.CheckpointError, match="holds no settings"):
        BpeTrainer.resume(tmp_path / "other.npz")
    arrays, meta = _open(good)
    ids = np.frombuffer(zlib.decompress(arrays["words.ids"].tobytes()), dtype="<u2").copy()
    ids[0] = 60_000  # a token far outside the vocabulary
    _write(tmp_path / "evil.npz", {**arrays, "words.ids": _deflate(ids.tobytes())}, meta)
    with pytest.raises(errors.CheckpointError, match=r"evil\.npz: .*'words\.ids' holds a token that does not exist"):
        BpeTrainer.resume(tmp_path / "evil.npz")
    with pytest.raises(errors.CheckpointError, match="is a folder"):
        BpeTrainer.resume(tmp_path)


def _open(path: Path) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
    with np.load(path, allow_pickle=False) as archive:
        arrays = {k: archive[k] for k in archive.files}
    meta: dict[str, Any] = json.loads(arrays["meta"].tobytes())
    return arrays, meta


def _write(path: Path, arrays: dict[str, np.ndarray], meta: dict[str, Any]) -> None:
    arrays = {**arrays, "meta": np.frombuffer(json.dumps(meta).encode(), dtype=np.uint8)}
    with open(path, "wb") as f:  # (given a name, np.savez would add ".npz" to it)
        np.savez(f, **arrays)  # type: ignore[arg-type]


def _deflate(raw: bytes) -> np.ndarray:
    return np.frombuffer(zlib.compress(raw), dtype=np.uint8)


def test_each_damaged_field_is_named_and_nothing_is_inflated_beyond_its_size(tmp_path: Path) -> None:
    trainer = BpeTrainer(None, 400, ["<|endoftext|>"], text=(DATA / "english.txt").read_text(encoding="utf-8"))
    _stop_after(trainer, 60)
    good = tmp_path / "good.ckpt"
    trainer.save_checkpoint(good)
    arrays, meta = _open(good)
    n_ids = meta["arrays"]["words.ids"]["size"]

    def refused(name: str, arrays: dict[str, np.ndarray], meta: dict[str, Any], match: str) -> None:
        _write(tmp_path / name, arrays, meta)
        with pytest.raises(errors.CheckpointError, match=match) as caught:
            BpeTrainer.resume(tmp_path / name)
        assert str(caught.value).startswith(f"{tmp_path / name}: ")

    # A blob that inflates to far more than its stated size (a zip bomb) is cut at that size.
    bomb = {**arrays, "words.ids": _deflate(bytes(50_000_000))}
    refused("bomb.ckpt", bomb, meta, rf"'words\.ids' holds {2 * n_ids + 1} bytes where {2 * n_ids} were expected")
    refused("gone.ckpt", {k: v for k, v in arrays.items() if k != "words.lens"}, meta, "'words.lens' is missing")
    lying = json.loads(json.dumps(meta))
    lying["arrays"]["words.counts"]["dtype"] = "float64"
    refused("dtype.ckpt", arrays, lying, r"'words\.counts' is described as")
    left = np.frombuffer(zlib.decompress(arrays["history.left"].tobytes()), dtype="<u2").copy()
    left[3] = 300  # merge 3 cannot use token 300, made later
    refused("later.ckpt", {**arrays, "history.left": _deflate(left.tobytes())}, meta, "merge 3 .*uses a later token")
    right = np.frombuffer(zlib.decompress(arrays["history.right"].tobytes()), dtype="<u2").copy()
    left[3], right[3] = left[1], right[1]
    twice = {**arrays, "history.left": _deflate(left.tobytes()), "history.right": _deflate(right.tobytes())}
    refused("twice.ckpt", twice, meta, r"merge 3 of the history \('history.left'/'history.right'\) repeats merge 1")
    counts = np.frombuffer(
        zlib.decompress(arrays["words.counts"].tobytes()), dtype=meta["arrays"]["words.counts"]["dtype"]
    )
    more = counts.copy()
    more[0] += 1  # one occurrence more than the history accounts for
    refused("counts.ckpt", {**arrays, "words.counts": _deflate(more.tobytes())}, meta, r"the words .* hold \d+ tokens")
    newer = {**meta, "version": 3}
    refused("v3.ckpt", arrays, newer, "format version 3; this BPE Explorer reads versions 1 to 2")
    refused("saved.ckpt", arrays, {**meta, "saved": "loop"}, r"what it holds \('saved': 'loop'\) is unknown")
    refused("totals.ckpt", arrays, {**meta, "counting": {**meta["counting"], "initial_tokens": "x"}}, r"'counting'")
    huge = json.loads(json.dumps(meta))
    huge["arrays"]["words.ids"]["size"] = 10**30  # nothing is allocated for it
    refused("huge.ckpt", arrays, huge, r"'words\.ids' is described as")
    refused("deep.ckpt", {**arrays}, {"format": [[[[]]]] * 3}, "do not say it is a checkpoint")


@pytest.mark.parametrize("saved", [Saved.WORDS, Saved.MERGES])
def test_flipped_bytes_give_a_checkpoint_error_or_the_same_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, saved: Saved
) -> None:
    """Any damage is refused as a checkpoint error (ZIP checksums, then the checks of each
    field), never another exception; a flip that changes nothing the run reads resumes it."""
    monkeypatch.setattr(checkpoint, "WORDS_SHARE", 10.0 if saved is Saved.WORDS else 0.0)
    text = (DATA / "english.txt").read_text(encoding="utf-8")[:20_000]
    trainer = BpeTrainer(None, 320, text=text, workers=1)
    _stop_after(trainer, 25)
    assert trainer.save_checkpoint(tmp_path / "good.ckpt") is saved
    full = _full_rows([e for e in BpeTrainer(None, 320, text=text, workers=1).events() if isinstance(e, MergeEvent)])
    data = (tmp_path / "good.ckpt").read_bytes()
    rng = np.random.default_rng(5)
    for trial in range(60):
        damaged = bytearray(data)
        for at in rng.integers(0, len(data), size=int(rng.integers(1, 4))):
            damaged[at] = int(rng.integers(0, 256))
        path = tmp_path / f"{trial}.ckpt"
        path.write_bytes(bytes(damaged))
        try:
            events = list(BpeTrainer.resume(path, workers=1).events())
        except errors.CheckpointError as exc:
            assert str(exc).startswith(f"{path}")
        else:
            assert _full_rows([e for e in events if isinstance(e, MergeEvent)]) == full


def test_a_version_1_checkpoint_still_resumes() -> None:
    """tests/data/checkpoint_v1.ckpt was saved by the version before format 2 (the loop's
    arrays): it loads, and goes on with the merges of an uninterrupted run."""
    resumed = BpeTrainer.resume(DATA / "checkpoint_v1.ckpt")
    assert len(resumed.merges) == 6
    text = resumed.source.text
    assert text is not None
    full = [e for e in BpeTrainer(None, 300, ["<|endoftext|>"], text=text).events() if isinstance(e, MergeEvent)]
    assert _full_rows([e for e in resumed.events() if isinstance(e, MergeEvent)]) == _full_rows(full)


def _full_rows(events: list[MergeEvent]) -> list[tuple[object, ...]]:
    return [(e.left_id, e.right_id, e.count, e.replaced, e.tokens, e.tied_with) for e in events]


@pytest.mark.parametrize("saved", [Saved.WORDS, Saved.MERGES])
@pytest.mark.parametrize(("name", "stops"), [("english.txt", (1, 137, 600)), ("chinese.txt", (1, 250, 1100))])
def test_resume_in_either_kind_gives_the_merges_of_an_uninterrupted_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, saved: Saved, name: str, stops: tuple[int, ...]
) -> None:
    # The share decides what is saved: 0 forces the merges only, 10 the words.
    monkeypatch.setattr(checkpoint, "WORDS_SHARE", 10.0 if saved is Saved.WORDS else 0.0)
    corpus = DATA / name
    full = [e for e in BpeTrainer(corpus, 1500, ["<|endoftext|>"], workers=1).events() if isinstance(e, MergeEvent)]
    assert len(full) == 1500 - 257
    # the brute-force reference agrees on the first merges (the uninterrupted run is right)
    text = corpus.read_text(encoding="utf-8")
    _, merges, counts = reference_train(text[: len(text) // 8], 256 + 1 + 40, ["<|endoftext|>"])
    short = train_bpe(None, 256 + 1 + 40, ["<|endoftext|>"], text=text[: len(text) // 8])
    assert short.merges == merges and short.merge_counts == counts
    for stop in stops:
        trainer = BpeTrainer(corpus, 1500, ["<|endoftext|>"], workers=1)
        _stop_after(trainer, stop)
        path = tmp_path / f"{stop}.ckpt"
        assert trainer.save_checkpoint(path) is saved
        resumed = BpeTrainer.resume(path, workers=2)
        events = list(resumed.events())
        assert _full_rows([e for e in events if isinstance(e, MergeEvent)]) == _full_rows(full)
        assert resumed.tokenizer().merges == train_bpe(corpus, 1500, ["<|endoftext|>"]).merges


def test_a_run_making_its_saved_merges_again_saves_and_resumes_the_same(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(checkpoint, "WORDS_SHARE", 0.0)
    corpus = tmp_path / "zh.txt"
    corpus.write_bytes((DATA / "chinese.txt").read_bytes())
    full = [e for e in BpeTrainer(corpus, 900, ["<|endoftext|>"], workers=1).events() if isinstance(e, MergeEvent)]
    trainer = BpeTrainer(corpus, 900, ["<|endoftext|>"], workers=1)
    _stop_after(trainer, 300)
    trainer.save_checkpoint(tmp_path / "a.ckpt")
    resumed = BpeTrainer.resume(tmp_path / "a.ckpt", workers=1)
    assert resumed.tokenizer().merges == trainer.tokenizer().merges  # before counting again
    replayed = _stop_after(resumed, 100)  # half-way through making the saved merges again
    assert resumed.top_pairs() == [] and resumed.tokenizer().merges == trainer.tokenizer().merges
    assert resumed.save_checkpoint(tmp_path / "b.ckpt") is Saved.MERGES
    again = BpeTrainer.resume(tmp_path / "b.ckpt", workers=1)
    assert _full_rows(replayed) == _full_rows(full[:100])
    assert _full_rows([e for e in again.events() if isinstance(e, MergeEvent)]) == _full_rows(full)


def test_a_checkpoint_of_the_merges_refuses_a_changed_or_missing_corpus(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(checkpoint, "WORDS_SHARE", 0.0)
    corpus = tmp_path / "en.txt"
    text = (DATA / "english.txt").read_bytes()
    corpus.write_bytes(text)
    trainer = BpeTrainer(corpus, 600, ["<|endoftext|>"], workers=1)
    _stop_after(trainer, 40)
    path = tmp_path / "en.ckpt"
    assert trainer.save_checkpoint(path) is Saved.MERGES
    corpus.write_bytes(text.replace(b"the", b"teh"))  # same size, other text
    with pytest.raises(errors.CheckpointError, match=rf"{path}: the corpus file {corpus} changed .*content differs"):
        BpeTrainer.resume(path)
    corpus.write_bytes(text[:-100])
    with pytest.raises(errors.CheckpointError, match=r"changed .*\(97461 bytes then, 97361 now\)"):
        BpeTrainer.resume(path)
    corpus.unlink()
    with pytest.raises(errors.CheckpointError, match=rf"its corpus file {corpus} cannot be read .*put the file back"):
        BpeTrainer.resume(path)
    corpus.write_bytes(text)
    assert len(BpeTrainer.resume(path).merges) == 40


def test_a_checkpoint_of_the_merges_resumes_from_another_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(checkpoint, "WORDS_SHARE", 0.0)
    (tmp_path / "run").mkdir()
    (tmp_path / "run" / "zh.txt").write_bytes((DATA / "chinese.txt").read_bytes())
    monkeypatch.chdir(tmp_path / "run")
    full = [e for e in BpeTrainer("zh.txt", 700, workers=1).events() if isinstance(e, MergeEvent)]
    trainer = BpeTrainer("zh.txt", 700, workers=1)  # a relative path
    _stop_after(trainer, 99)
    assert trainer.save_checkpoint(tmp_path / "zh.ckpt") is Saved.MERGES
    monkeypatch.chdir(tmp_path)
    resumed = BpeTrainer.resume(tmp_path / "zh.ckpt", workers=1)
    assert _full_rows([e for e in resumed.events() if isinstance(e, MergeEvent)]) == _full_rows(full)


def test_a_corpus_that_differs_in_an_unhashed_way_is_caught_while_counting(tmp_path: Path) -> None:
    # A text corpus is saved whole; a replay that finds other counts says where it parted.
    trainer = BpeTrainer(None, 500, ["<|endoftext|>"], text=(DATA / "chinese.txt").read_text(encoding="utf-8"))
    _stop_after(trainer, 30)
    path = tmp_path / "zh.ckpt"
    assert trainer.save_checkpoint(path) is Saved.MERGES  # Chinese: the words are most of the text
    arrays, meta = _open(path)
    count = np.frombuffer(
        zlib.decompress(arrays["history.count"].tobytes()), dtype=meta["arrays"]["history.count"]["dtype"]
    )
    wrong = count.copy()
    wrong[7] += 1
    _write(tmp_path / "wrong.ckpt", {**arrays, "history.count": _deflate(wrong.tobytes())}, meta)
    resumed = BpeTrainer.resume(tmp_path / "wrong.ckpt")
    with pytest.raises(errors.CheckpointError, match=r"wrong\.ckpt: the corpus is not the one .*at merge 7, the pair"):
        list(resumed.events())


def test_checkpoint_size_follows_the_distinct_words_not_the_corpus(tmp_path: Path) -> None:
    """Saved words grow with the distinct pre-tokens only: a corpus repeated 40 times more
    gives about the same file (only the counts grow), within 10% of the corpus; a corpus of
    mostly distinct pre-tokens (Chinese) keeps its merges only: a few bytes per merge."""
    base = (DATA / "english.txt").read_text(encoding="utf-8")
    sizes = {}
    for times in (2, 80):
        corpus = tmp_path / f"en{times}.txt"
        corpus.write_text(base * times, encoding="utf-8")
        trainer = BpeTrainer(corpus, 1200, ["<|endoftext|>"], workers=1)
        _stop_after(trainer, 900)
        assert trainer.save_checkpoint(tmp_path / f"{times}.ckpt") is Saved.WORDS
        state = trainer._state
        assert state is not None and state.live == int(np.count_nonzero(state.sym >= 0))
        sizes[times] = (tmp_path / f"{times}.ckpt").stat().st_size
        assert sizes[times] <= 0.1 * corpus.stat().st_size
    assert sizes[80] < 1.2 * sizes[2]  # 40x the corpus, the same distinct words
    corpus = DATA / "chinese.txt"
    trainer = BpeTrainer(corpus, 1200, ["<|endoftext|>"], workers=1)
    _stop_after(trainer, 900)
    assert trainer.save_checkpoint(tmp_path / "zh.ckpt") is Saved.MERGES
    # a few bytes per merge (compressed ids and counts) and the settings
    assert (tmp_path / "zh.ckpt").stat().st_size <= 12 * 900 + 2000


def test_character_level_loops_go_on_from_their_words() -> None:
    """The merge loop of the character-level family (units: characters) rebuilt from its
    words makes the merges the loop it was saved from makes."""
    text = (DATA / "chinese.txt").read_text(encoding="utf-8") + (DATA / "english.txt").read_text(encoding="utf-8")
    for stop in (0, 40, 400):
        trainer = CharBpeTrainer(None, 3000, text=text)
        events = trainer.events()
        merged = 0
        for event in events:  # until counting is done (stop 0) or `stop` merges are
            merged += isinstance(event, MergeEvent)
            if merged == stop and (stop or isinstance(event, CountingDone)):
                break
        loop = trainer._loop
        assert loop is not None
        assert loop.live == int(np.count_nonzero(loop.sym >= 0))  # kept as merges go
        ids, lens = loop.export_words()
        n_units = len(trainer.alphabet)
        copy = MergeLoop.from_words(ids, lens, loop.word_count, loop.tok, n_units, trainer.tie_break)
        for _ in range(300):
            a, b = loop.pop_best(), copy.pop_best()
            assert (a is None) == (b is None)
            if a is None or b is None:
                break
            assert loop.pair(a[0]) == copy.pair(b[0]) and a[1] == b[1]
            assert (a[2] is None) == (b[2] is None)
            if a[2] is not None and b[2] is not None:
                assert loop.pair(a[2]) == copy.pair(b[2])
            assert loop.merge(a[0]) == copy.merge(b[0])


def test_a_file_that_is_not_a_checkpoint_is_named_without_numpys_pickle_advice(tmp_path: Path) -> None:
    # A text file, a JSON tokenizer, a pickle: NumPy would advise `allow_pickle`, which must
    # never reach a user (loading a pickle runs code).
    import pickle

    (tmp_path / "notes.txt").write_text("hello world", encoding="utf-8")
    (tmp_path / "tok.json").write_text('{"format": "bpe-explorer"}', encoding="utf-8")
    (tmp_path / "data.pkl").write_bytes(pickle.dumps({"a": 1}))
    np.savez(tmp_path / "objects.npz", x=np.array([{"a": 1}], dtype=object))
    for name in ("notes.txt", "tok.json", "data.pkl", "objects.npz"):
        with pytest.raises(errors.CheckpointError) as caught:
            BpeTrainer.resume(tmp_path / name)
        message = str(caught.value)
        assert f"{tmp_path / name}" in message and "not a BPE Explorer" in message and ".ckpt" in message
        assert "pickle" not in message.lower()
        # typed too, for callers that word it in their own language (the app in Chinese)
        assert caught.value.problem is errors.CheckpointProblem.NOT_A_CHECKPOINT
        assert caught.value.path == str(tmp_path / name)


def test_saving_a_checkpoint_to_a_folder_says_to_give_a_file_name(tmp_path: Path) -> None:
    trainer = BpeTrainer(None, 300, ["<|endoftext|>"], text=(DATA / "english.txt").read_text(encoding="utf-8"))
    _stop_after(trainer, 5)
    with pytest.raises(errors.CheckpointError) as caught:
        trainer.save_checkpoint(tmp_path)
    message = str(caught.value)
    assert "Errno" not in message and "is a folder" in message and str(tmp_path / "training.ckpt") in message
    assert caught.value.problem is errors.CheckpointProblem.IS_A_FOLDER and caught.value.path == str(tmp_path)
    (tmp_path / "plain").write_text("x", encoding="utf-8")  # a "folder" that is a file
    with pytest.raises(errors.CheckpointError, match=r"x\.ckpt: cannot save the checkpoint .*choose another folder"):
        trainer.save_checkpoint(tmp_path / "plain" / "x.ckpt")
