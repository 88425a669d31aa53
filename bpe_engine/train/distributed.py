"""Pre-token counting on a Dask cluster: the corpus is read and counted on the workers, the
merge loop stays in this process.

Needs the ``distributed`` extra (``pip install 'bpe-explorer[distributed]'``); nothing here
is imported until a run asks for a cluster (:attr:`TrainerConfig.cluster`).

What runs where:

- this process splits the files into ranges of tens of megabytes (by size only: it reads
  nothing) and sends each range to the cluster as a *count* task;
- a worker opens the file at the same path on its machine, reads its range in 1 MiB chunks
  cut where the pieces cannot change (:meth:`bpe_engine.corpus.Chunker.boundary`: every
  reader finds the same cuts, so ranges need no coordination), counts them exactly as a
  local run does, and splits the counts into ``REDUCERS`` buckets by the pieces' shard;
- one *merge* task per bucket adds up that bucket from every range, on the workers (the
  buckets hold disjoint pieces, so no two merges share work);
- this process receives the merged buckets, each a list of distinct pieces, and lays them
  out in the usual shards (:class:`~bpe_engine.train.counting.CountResult`).

The counts are those of a local run, so the merges are too.
"""

from __future__ import annotations

import importlib
import logging
import operator
import os
from collections.abc import Generator, Iterator, Sequence
from typing import Any

import numpy as np

from ..corpus import Chunker, CorpusSource, iter_ranges
from ..errors import ConfigError
from ..pretokenize import Pretokenizer
from .counting import SHARDS, CountResult, _ChunkCounter, count_range, counted, open_corpus_file, shard_of

__all__ = ["REDUCERS", "count_on_cluster", "count_pretokens_cluster", "partition_size"]

REDUCERS = 16  # buckets of the counts, each merged by one task (divides SHARDS)
_CHUNK = 1 << 20  # a count task reads its range in chunks of this size

# A bucket on the wire: the pieces joined, their lengths and their counts (three buffers
# pickle in microseconds, where a dict of a million pieces takes a second).
Packed = tuple[bytes, np.ndarray, np.ndarray]


def partition_size(total: int, workers: int) -> int:
    """Bytes per count task: about four tasks per worker (so that a slow one does not hold
    up the rest), between 4 MiB and 256 MiB."""
    return max(4 << 20, min(256 << 20, total // max(4 * workers, 1) + 1))


def _pack(counts: dict[bytes, int]) -> Packed:
    pieces = list(counts)
    return (
        b"".join(pieces),
        np.fromiter(map(len, pieces), dtype=np.int64, count=len(pieces)),
        np.fromiter(counts.values(), dtype=np.int64, count=len(pieces)),
    )


def _unpack(packed: Packed) -> tuple[list[bytes], list[int]]:
    raw, lengths, counts = packed
    ends = np.cumsum(lengths).tolist()
    starts = [0, *ends[:-1]]
    return [raw[s:e] for s, e in zip(starts, ends)], counts.tolist()


def count_task(pre_spec: str, special_tokens: Sequence[str], path: str, start: int, end: int) -> tuple[Any, ...]:
    """Runs on a worker: the number of special tokens in the file range ``[start, end)``,
    then its counts in ``REDUCERS`` buckets."""
    pretokenizer = Pretokenizer(pre_spec)
    counter = _ChunkCounter(pretokenizer, special_tokens)
    chunker = Chunker(pretokenizer, special_tokens)
    with open_corpus_file(path) as f:
        size = os.fstat(f.fileno()).st_size
        for a in range(start, end, _CHUNK):
            count_range(counter, chunker, (f, size), path, a, min(end, a + _CHUNK))
    buckets: list[dict[bytes, int]] = [{} for _ in range(REDUCERS)]
    for piece, c in counter.result().items():
        buckets[shard_of(piece) % REDUCERS][piece] = c
    return (counter.special_count, *(_pack(b) for b in buckets))


def merge_task(*parts: Packed) -> Packed:
    """Runs on a worker: one bucket of every range, added up."""
    total: dict[bytes, int] = {}
    get = total.get
    for part in parts:
        pieces, counts = _unpack(part)
        if not total:
            total = dict(zip(pieces, counts))
            get = total.get
            continue
        for piece, c in zip(pieces, counts):
            total[piece] = get(piece, 0) + c
    return _pack(total)


def _distributed() -> Any:
    """The ``distributed`` module, imported on first use (it is an optional extra; untyped)."""
    return importlib.import_module("distributed")


def _client(cluster: str, workers: int) -> tuple[Any, Any]:
    """A client of the cluster at ``cluster`` (``"local"``: a new cluster of ``workers``
    processes on this machine, on the loopback interface), and the local cluster to close."""
    try:
        dask = _distributed()
    except ImportError:
        raise ConfigError(
            "training on a cluster needs Dask: pip install 'bpe-explorer[distributed]' "
            "(or 'dask[distributed]'), or leave out cluster / --cluster"
        ) from None
    if cluster == "local":
        local = dask.LocalCluster(
            n_workers=workers,
            threads_per_worker=1,
            processes=True,
            host="127.0.0.1",
            dashboard_address="127.0.0.1:0",  # any free port (the default 8787 may be taken)
            silence_logs=logging.CRITICAL,  # a closing cluster logs every closed connection
        )
        try:
            return dask.Client(local), local
        except BaseException:
            local.close()
            raise
    return dask.Client(cluster, timeout="30s"), None


def count_pretokens_cluster(
    source: CorpusSource, pretokenizer: Pretokenizer, special_tokens: Sequence[str], cluster: str, workers: int
) -> Iterator[tuple[int, int] | CountResult]:
    """:func:`~bpe_engine.train.counting.count_pretokens_iter` on a cluster: progress tuples,
    then one :class:`CountResult` (the same counts as a local run)."""
    total = source.total_bytes()
    shards, special_count = yield from count_on_cluster(source, pretokenizer, special_tokens, cluster, workers, total)
    yield counted(source, shards, total, special_count)


def count_on_cluster(
    source: CorpusSource,
    pretokenizer: Pretokenizer,
    special_tokens: Sequence[str],
    cluster: str,
    workers: int,
    total: int,
) -> Generator[tuple[int, int], None, tuple[list[dict[bytes, int]], int]]:
    """Count on the cluster; yields ``(bytes_done, total)`` as ranges finish, returns the
    shards and the number of special tokens (as :func:`count_pretokens_iter` does locally).
    Closing the generator cancels the tasks (and closes a local cluster)."""
    if source.text is not None:
        raise ConfigError("a cluster reads corpus files; pass the text as a file, or train without cluster")
    client, local = _client(cluster, workers)
    as_completed = _distributed().as_completed
    futures: list[Any] = []
    try:
        n_workers = len(client.scheduler_info().get("workers", {})) or workers
        size = partition_size(total, n_workers)
        specials = tuple(special_tokens)
        ranges = list(iter_ranges(source, size))
        counted = [
            client.submit(count_task, pretokenizer.spec, specials, path, start, end, pure=False)
            for path, start, end in ranges
        ]
        futures += counted
        sizes = {f.key: end - start for f, (_, start, end) in zip(counted, ranges)}
        done = 0
        yield (0, total)
        for future in as_completed(counted):
            if future.status == "error":
                future.result()  # raises the worker's error here (a missing file, bad UTF-8)
            done += sizes[future.key]
            yield (done, total)
        # Each range's buckets go to the merge of their bucket; only those move between workers.
        found = [client.submit(operator.getitem, f, 0, pure=False) for f in counted]
        futures += found
        merged = []
        for r in range(REDUCERS):
            parts = [client.submit(operator.getitem, f, 1 + r, pure=False) for f in counted]
            merged.append(client.submit(merge_task, *parts, pure=False))
            futures += parts
        futures += merged
        del counted
        shards: list[dict[bytes, int]] = [{} for _ in range(SHARDS)]
        for future in as_completed(merged):
            pieces, counts = _unpack(future.result())
            future.release()
            for piece, c in zip(pieces, counts):
                shards[shard_of(piece)][piece] = c
            yield (done, total)
        return shards, sum(client.gather(found))
    finally:
        if futures:
            client.cancel(futures)
        client.close()
        if local is not None:
            local.close()
