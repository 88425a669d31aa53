"""Counting on a Dask cluster (a local one: two worker processes on the loopback interface)
gives the events and merges of a local run; the cluster is closed and no process is left."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from bpe_engine import BpeTrainer, CountingDone, CountingProgress, MergeEvent, TrainerConfig
from bpe_engine.errors import ConfigError
from bpe_engine.train import distributed

from ..conftest import data_path
from .conftest import DATA_FILES

pytest.importorskip("distributed")
# A cluster takes seconds to start: these tests are in the slow set (CI runs them all).
pytestmark = pytest.mark.slow

SPECIAL = "<|endoftext|>"


def _children() -> set[int]:
    """Ids of this process's child processes (Linux), but multiprocessing's resource tracker
    (one per interpreter, started by the first spawned process; it ends with the interpreter)."""
    out: set[int] = set()
    for task in os.listdir("/proc/self/task"):
        try:
            with open(f"/proc/self/task/{task}/children") as f:
                pids = list(map(int, f.read().split()))
        except FileNotFoundError:  # (a thread that ended since the listing: it has no children)
            continue
        for pid in pids:
            try:
                with open(f"/proc/{pid}/cmdline", "rb") as cmd:
                    if b"multiprocessing.resource_tracker" in cmd.read():
                        continue
            except FileNotFoundError:
                continue
            out.add(pid)
    return out


@pytest.fixture(scope="module")
def cluster() -> Iterator[str]:
    """The address of a local cluster of 2 worker processes, closed after this module."""
    import logging

    from distributed import LocalCluster

    before = _children()
    local = LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        host="127.0.0.1",
        dashboard_address="127.0.0.1:0",
        silence_logs=logging.CRITICAL,
    )
    try:
        yield local.scheduler_address
    finally:
        local.close()
    assert _children() <= before, "the cluster left processes behind"


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    """Two files: tests/data with special tokens between documents, and its Chinese alone."""
    folder = tmp_path_factory.mktemp("dist")
    mixed = folder / "mixed.txt"
    mixed.write_bytes(f"\n{SPECIAL}\n".encode().join(data_path(name).read_bytes() for name in DATA_FILES))
    zh = folder / "zh.txt"
    zh.write_bytes(data_path("chinese.txt").read_bytes())
    return [mixed, zh]


def _run(paths: list[Path], **settings: object) -> tuple[list[object], list[tuple[bytes, bytes]], list[int]]:
    trainer = BpeTrainer(paths, 1200, [SPECIAL], **settings)
    events = [e for e in trainer.events() if not isinstance(e, CountingProgress)]
    tok = trainer.tokenizer()
    return events, tok.merges, list(tok.merge_counts)


def test_counting_on_a_cluster_gives_the_events_and_merges_of_a_local_run(
    cluster: str, corpus: list[Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The files are cut into many ranges (small partitions here), counted on the two
    workers, merged in buckets there; the counts, events and merges are a local run's."""
    monkeypatch.setattr(distributed, "partition_size", lambda total, workers: 9_000)
    local = _run(corpus, workers=1)
    remote = _run(corpus, cluster=cluster)
    assert remote == local
    done = next(e for e in remote[0] if isinstance(e, CountingDone))
    assert done.special_count > len(DATA_FILES) and done.distinct_pretokens > 4_000
    assert sum(isinstance(e, MergeEvent) for e in remote[0]) == 1200 - 257


def test_counting_progress_reaches_the_total(cluster: str, corpus: list[Path], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(distributed, "partition_size", lambda total, workers: 20_000)
    trainer = BpeTrainer(corpus, 300, [SPECIAL], cluster=cluster)
    progress = []
    for event in trainer.events():
        if isinstance(event, CountingProgress):
            progress.append(event.bytes_done)
        elif isinstance(event, CountingDone):
            break
    total = sum(p.stat().st_size for p in corpus)
    assert progress == sorted(progress) and progress[-1] == total and len(set(progress)) > 5


def test_command_line_with_a_local_cluster(corpus: list[Path], tmp_path: Path) -> None:
    """``bpe-engine train --cluster local -w 2`` starts a cluster of two processes, counts on it,
    closes it, and saves the tokenizer a local run saves."""

    def train(*extra: str) -> dict[str, object]:
        out = subprocess.run(
            [
                sys.executable,
                "-W",
                "error",
                "-m",
                "bpe_engine",
                "train",
                *map(str, corpus),
                "-v",
                "700",
                "-o",
                "-",
                "--name",
                "t",
                "-q",
                *extra,
            ],
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert out.returncode == 0, out.stderr
        saved: dict[str, object] = json.loads(out.stdout)
        return saved

    assert train("--cluster", "local", "-w", "2") == train("-w", "1")


def test_the_engine_trains_without_dask(corpus: list[Path]) -> None:
    """Dask is imported only when a run asks for a cluster."""
    code = (
        "import sys; sys.modules['distributed'] = None; sys.modules['dask'] = None\n"
        "from bpe_engine import train_bpe\n"
        f"tok = train_bpe({str(corpus[0])!r}, 400, ['<|endoftext|>'])\n"
        "print(len(tok.merges))"
    )
    out = subprocess.run([sys.executable, "-W", "error", "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "143"


def test_a_missing_extra_is_named(corpus: list[Path], monkeypatch: pytest.MonkeyPatch) -> None:
    def missing() -> object:
        raise ImportError("No module named 'distributed'")

    monkeypatch.setattr(distributed, "_distributed", missing)
    trainer = BpeTrainer(corpus, 300, [SPECIAL], cluster="local")
    with pytest.raises(ConfigError, match=r"pip install 'bpe-explorer\[distributed\]'"):
        list(trainer.events())


def test_cluster_settings_are_checked_once() -> None:
    assert TrainerConfig(cluster="tcp://10.0.0.5:8786").cluster == "tcp://10.0.0.5:8786"
    for bad in ("", "tcp://", "two words", 8786):
        with pytest.raises(ConfigError, match="cluster must be 'local' or a Dask scheduler's address"):
            TrainerConfig(cluster=bad)  # type: ignore[arg-type]


def test_a_text_held_in_memory_is_refused_by_a_cluster(cluster: str) -> None:
    trainer = BpeTrainer(None, 300, [SPECIAL], text="some text", cluster=cluster)
    with pytest.raises(ConfigError, match="a cluster reads corpus files"):
        list(trainer.events())
