"""The Families training runs in a process of its own (issue 20, point F): its trainers' many
short Python steps held the app's interpreter lock and the GUI thread waited for it. The
trained families equal the engine's trainers run here; Cancel and a child's death end it."""

from __future__ import annotations

import os
import signal
import threading

import pytest
from PySide6.QtCore import Qt

import app.features.families.training_child as training_child
from app.features.families.family import TRAINED_FAMILIES
from app.features.families.job import FamiliesCorpus, FamiliesTrainingWorker, TrainedFamilies
from bpe_engine import family_result, family_trainer

from ...conftest import data_text


def _gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


def test_the_families_train_in_another_process_and_equal_the_engines_trainers(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    calls: list[str] = []
    real = training_child.family_trainer
    monkeypatch.setattr(training_child, "family_trainer", lambda f, *a, **k: calls.append(f) or real(f, *a, **k))
    text = data_text("english.txt")[:8000]
    worker = FamiliesTrainingWorker(FamiliesCorpus("sample", text=text), 400)
    got: list[object] = []
    progress: list[tuple[object, ...]] = []
    worker.finished.connect(got.append)
    worker.progress.connect(lambda *p: progress.append(p))
    worker.run()  # (in this thread: the signals arrive directly)
    assert calls == []  # no trainer ran in this process
    assert worker.child_pid is not None and worker.child_pid != os.getpid() and _gone(worker.child_pid)
    (trained,) = got
    assert isinstance(trained, TrainedFamilies) and not trained.errors
    assert set(trained.tokenizers) == set(TRAINED_FAMILIES) and progress
    for family in TRAINED_FAMILIES:
        reference = family_trainer(family, None, 400, text=text, fork_workers=False)
        for _ in reference.events():
            pass
        ours = family_result(trained.tokenizers[family], text, family)
        theirs = family_result(reference.tokenizer(), text, family)
        assert ours.tokens == theirs.tokens and ours.vocab_size == theirs.vocab_size, family


def test_a_vocabulary_too_small_is_reported_for_that_family_only() -> None:
    worker = FamiliesTrainingWorker(FamiliesCorpus("sample", text=data_text("english.txt")[:4000]), 300)
    failed: list[tuple[str, str]] = []
    got: list[object] = []
    worker.family_failed.connect(lambda f, m: failed.append((f, m)))
    worker.finished.connect(got.append)
    worker.run()
    (trained,) = got
    assert isinstance(trained, TrainedFamilies) and failed and dict(failed) == trained.errors
    assert set(trained.errors) == {"char-bpe", "unigram"} and "byte-bpe" in trained.tokenizers
    assert "at least 320" in trained.errors["char-bpe"]


def _started(worker: FamiliesTrainingWorker) -> tuple[threading.Thread, list[str]]:
    said: list[str] = []
    seen = threading.Event()
    direct = Qt.ConnectionType.DirectConnection  # (emitted from a plain thread: no event loop)
    worker.progress.connect(lambda *_: seen.set(), direct)
    worker.cancelled.connect(lambda: said.append("cancelled"), direct)
    worker.finished.connect(lambda _: said.append("finished"), direct)
    worker.failed.connect(lambda m: said.append(m), direct)
    thread = threading.Thread(target=worker.run)
    thread.start()
    assert seen.wait(60)  # the child reports: it runs
    return thread, said


@pytest.mark.parametrize("how", ["cancel", "killed"])
def test_cancel_or_the_childs_death_ends_the_training_process(how: str) -> None:
    corpus = FamiliesCorpus("big", text=data_text("english.txt") * 4)
    worker = FamiliesTrainingWorker(corpus, 8000)
    thread, said = _started(worker)
    pid = worker.child_pid
    assert pid is not None and pid != os.getpid()
    if how == "cancel":
        worker.cancel()
    else:
        os.kill(pid, signal.SIGKILL)
    thread.join(60)
    assert not thread.is_alive() and _gone(pid)  # ended and reaped: no zombie
    if how == "cancel":
        assert said == ["cancelled"]
    else:
        assert len(said) == 1 and "unexpectedly" in said[0] and "-9" in said[0]
