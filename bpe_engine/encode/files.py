"""Encoding whole files: streamed, in worker processes, or on tiktoken's core when identical.

The file is read in chunks cut where the pieces cannot change (special tokens, the
pre-tokenizer's safe cuts), so memory follows the chunk size, not the file. Each chunk is
encoded by:

- ``backend="python"``: our own encoder (:meth:`Tokenizer.encode`), in this process for
  small inputs and in ``workers`` subprocesses for large ones;
- ``backend="tiktoken"``: tiktoken's Rust core built from *our* vocabulary, in threads; only
  when that is provably the same encoder (:func:`tiktoken_equivalent` says why not otherwise);
- ``backend="auto"``: tiktoken when equivalent, else python.

Results come back in file order as NumPy ``uint32`` arrays.
"""

from __future__ import annotations

import os
import pickle
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING

import numpy as np

from ..corpus import Chunker, CorpusSource, decode_chunk, default_workers, iter_blocks
from ..errors import ConfigError
from ..parallel import can_fork, run_pool
from ..pretokenize import SpecialSplitter, stand_in_table
from .batch import pair_tables
from .charcut import cross_table

if TYPE_CHECKING:
    from ..tokenizer import Tokenizer

__all__ = ["encode_file", "iter_encode_file", "SPECIAL_MODES", "BACKENDS"]

SPECIAL_MODES = ("allow", "ordinary", "raise")
BACKENDS = ("auto", "python", "tiktoken")
# Chunks of 1 MiB: big enough for the vectorised passes, small enough that worker processes
# share the work evenly and the first results come early.
_BLOCK = 1 << 20
_PARALLEL_MIN_BYTES = 4 * 1024 * 1024


class _EncodeHandler:
    """Runs in a worker process: encodes the chunks it is given."""

    def __init__(self, tokenizer: bytes | Tokenizer, special: str) -> None:
        # The tokenizer comes with its derived tables (loading them is faster than building
        # them again in every worker), pickled, or as it is in a forked worker.
        self.tok: Tokenizer = pickle.loads(tokenizer) if isinstance(tokenizer, bytes) else tokenizer
        self.special = special

    def handle(self, task: tuple[bytes, str, int]) -> bytes:
        chunk, path, offset = task
        ids = self.tok.encode_with(decode_chunk(chunk, path, offset), self.special)
        return np.asarray(ids, dtype=np.uint32).tobytes()

    def finish(self) -> Iterator[object]:
        return iter(())


def iter_encode_file(
    tokenizer: Tokenizer,
    path: str | os.PathLike[str],
    *,
    workers: int | None = None,
    backend: str = "auto",
    special: str = "allow",
    fork_workers: bool = True,
) -> Iterator[tuple[int, int, np.ndarray]]:
    """Yields ``(bytes_done, bytes_total, ids)`` chunk by chunk, in file order.

    ``special``: ``"allow"`` recognises the tokenizer's special tokens, ``"ordinary"``
    encodes their text as ordinary text, ``"raise"`` raises SpecialTokenError (tiktoken's
    strict default). ``fork_workers``: worker processes may be forked when that is safe (a
    GUI passes False). Closing the iterator stops the work.
    """
    if special not in SPECIAL_MODES:
        raise ConfigError(f"unknown special-token mode {special!r}; use one of {', '.join(SPECIAL_MODES)}")
    if backend not in BACKENDS:
        raise ConfigError(f"unknown backend {backend!r}; use one of {', '.join(BACKENDS)}")
    source = CorpusSource.from_input(path)
    total = source.total_bytes()
    n_workers = default_workers() if workers is None else workers
    if n_workers < 1:
        raise ConfigError(f"workers must be at least 1, got {workers}")
    if backend != "python":
        reason = tokenizer.tiktoken_equivalent()
        if reason is None:
            yield from _iter_tiktoken(tokenizer, source, total, n_workers, special)
            return
        if backend == "tiktoken":
            raise ConfigError(f"the tiktoken backend cannot encode with this tokenizer: {reason}")
    specials = list(tokenizer.special_tokens) if special != "ordinary" else []
    chunker = Chunker(tokenizer.pretokenizer, specials)
    if n_workers == 1 or total < _PARALLEL_MIN_BYTES or os.name != "posix":
        done = 0
        for chunk, p, offset, consumed in iter_blocks(source, chunker, _BLOCK):
            ids = tokenizer.encode_with(decode_chunk(chunk, p, offset), special)
            done += consumed
            yield done, total, np.asarray(ids, dtype=np.uint32)
        return
    sizes: dict[int, int] = {}

    def tasks() -> Iterator[tuple[bytes, str, int]]:
        for index, (chunk, p, offset, consumed) in enumerate(iter_blocks(source, chunker, _BLOCK)):
            sizes[index] = consumed
            yield chunk, p, offset

    pending: dict[int, bytes] = {}
    next_index = 0
    done = 0
    fork = fork_workers and can_fork()
    _build_tables(tokenizer)
    payload: bytes | Tokenizer = tokenizer if fork else pickle.dumps(tokenizer, protocol=pickle.HIGHEST_PROTOCOL)
    pool = run_pool("bpe_engine.encode.files:_EncodeHandler", (payload, special), tasks(), n_workers, fork=fork)
    for kind, index, result in pool:
        if kind != "result":
            continue
        pending[index] = result
        while next_index in pending:  # hand results out in file order
            data = pending.pop(next_index)
            done += sizes.pop(next_index)
            next_index += 1
            yield done, total, np.frombuffer(data, dtype=np.uint32)


def _build_tables(tokenizer: Tokenizer) -> None:
    """Build the tables the vectorised encoders need here, once: they travel with the
    tokenizer (pickled or forked) instead of being built again in every worker."""
    tables = tokenizer.encoder.tables
    pair_tables(tables)
    cross_table(tables)
    stand_in_table(tokenizer.pretokenizer.name)  # a forked worker inherits it


def _iter_tiktoken(
    tokenizer: Tokenizer, source: CorpusSource, total: int, n_workers: int, special: str
) -> Iterator[tuple[int, int, np.ndarray]]:
    enc = tokenizer.tiktoken_encoding()
    specials = list(tokenizer.special_tokens) if special != "ordinary" else []
    chunker = Chunker(tokenizer.pretokenizer, specials)
    # encode_to_numpy hands back a uint32 array without building a Python list first.
    to_numpy = getattr(enc, "encode_to_numpy", None)

    every_special = SpecialSplitter(tokenizer.special_tokens)

    def run(text: str) -> np.ndarray:
        if special == "raise" and every_special.first(text):
            tokenizer.encode_with(text, "raise")  # raises the engine's SpecialTokenError
        allowed = "all" if special == "allow" else set()
        if to_numpy is not None:
            ids: np.ndarray = to_numpy(text, allowed_special=allowed, disallowed_special=())
            return ids
        return np.asarray(enc.encode(text, allowed_special=allowed, disallowed_special=()), dtype=np.uint32)

    done = 0
    if n_workers == 1:  # no second thread to hand work to or to wait for
        for chunk, p, offset, consumed in iter_blocks(source, chunker, _BLOCK):
            done += consumed
            yield done, total, run(decode_chunk(chunk, p, offset))
        return
    with ThreadPoolExecutor(max_workers=n_workers) as pool:
        window = []
        for chunk, p, offset, consumed in iter_blocks(source, chunker, _BLOCK):
            window.append((pool.submit(run, decode_chunk(chunk, p, offset)), consumed))
            while len(window) > 2 * n_workers:  # tiktoken releases the GIL: keep all threads busy
                fut, size = window.pop(0)
                done += size
                yield done, total, fut.result()
        for fut, size in window:
            done += size
            yield done, total, fut.result()


def encode_file(
    tokenizer: Tokenizer,
    path: str | os.PathLike[str],
    *,
    workers: int | None = None,
    backend: str = "auto",
    special: str = "allow",
    fork_workers: bool = True,
) -> np.ndarray:
    """All token ids of a UTF-8 file as one ``uint32`` array (see :func:`iter_encode_file`)."""
    parts = [
        ids
        for _, _, ids in iter_encode_file(
            tokenizer, path, workers=workers, backend=backend, special=special, fork_workers=fork_workers
        )
    ]
    return np.concatenate(parts) if parts else np.empty(0, dtype=np.uint32)
