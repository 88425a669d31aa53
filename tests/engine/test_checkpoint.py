"""Checkpoints: a training saved part-way and resumed in a new process makes exactly the
merges of an uninterrupted run; damaged checkpoint files are refused clearly."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from bpe_engine import BpeTrainer, CountingDone, CountingProgress, MergeEvent, TrainingDone, errors, train_bpe

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
    trainer.save_checkpoint(good)
    data = good.read_bytes()
    (tmp_path / "cut.ckpt").write_bytes(data[: len(data) // 2])
    with pytest.raises(errors.CheckpointError, match=r"cut\.ckpt: is not a BPE Explorer checkpoint"):
        BpeTrainer.resume(tmp_path / "cut.ckpt")
    np.savez(tmp_path / "other.npz", x=np.arange(3))
    with pytest.raises(errors.CheckpointError, match="holds no settings"):
        BpeTrainer.resume(tmp_path / "other.npz")
    with np.load(good, allow_pickle=False) as archive:
        arrays = {k: archive[k] for k in archive.files}
    arrays["loop.nxt"] = arrays["loop.nxt"].copy()
    arrays["loop.nxt"][0] = 10**9  # a link far outside the arrays
    np.savez(tmp_path / "evil.npz", **arrays)
    with pytest.raises(errors.CheckpointError, match="'nxt' holds a value"):
        BpeTrainer.resume(tmp_path / "evil.npz")
    with pytest.raises(errors.CheckpointError, match="is a folder"):
        BpeTrainer.resume(tmp_path)


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


def test_saving_a_checkpoint_to_a_folder_says_to_give_a_file_name(tmp_path: Path) -> None:
    trainer = BpeTrainer(None, 300, ["<|endoftext|>"], text=(DATA / "english.txt").read_text(encoding="utf-8"))
    _stop_after(trainer, 5)
    with pytest.raises(errors.CheckpointError) as caught:
        trainer.save_checkpoint(tmp_path)
    message = str(caught.value)
    assert "Errno" not in message and "is a folder" in message and str(tmp_path / "training.ckpt") in message
    (tmp_path / "plain").write_text("x", encoding="utf-8")  # a "folder" that is a file
    with pytest.raises(errors.CheckpointError, match=r"x\.ckpt: cannot save the checkpoint .*choose another folder"):
        trainer.save_checkpoint(tmp_path / "plain" / "x.ckpt")
