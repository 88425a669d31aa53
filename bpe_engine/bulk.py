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
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Iterator

import numpy as np

from ._procs import can_fork, run_pool
from .counting import _Chunker, _decode, _iter_blocks, CorpusSource, default_workers
from .errors import ConfigError

if TYPE_CHECKING:
    from .tokenizer import Tokenizer

__all__ = ["encode_file", "iter_encode_file", "SPECIAL_MODES", "BACKENDS"]

SPECIAL_MODES = ("allow", "ordinary", "raise")
BACKENDS = ("auto", "python", "tiktoken")
# Chunks of 1 MiB: big enough for the vectorised passes, small enough that worker processes
# share the work evenly and the first results come early.
_BLOCK = 1 << 20
_PARALLEL_MIN_BYTES = 4 * 1024 * 1024


class _EncodeHandler:
    """Runs in a worker process: encodes the chunks it is given."""

    def __init__(self, tokenizer: "bytes | tuple", special: str) -> None:
        # The tokenizer comes with its derived tables (loading them is faster than building
        # them again in every worker), pickled, or as they are in a forked worker.
        self.tok, tables = pickle.loads(tokenizer) if isinstance(tokenizer, bytes) else tokenizer
        for name, value in tables.items():
            setattr(self.tok, name, value)
        self.special = special

    def handle(self, task: tuple[bytes, str, int]) -> bytes:
        chunk, path, offset = task
        ids = self.tok.encode_with(_decode(chunk, path, offset), self.special)
        return np.asarray(ids, dtype=np.uint32).tobytes()

    def finish(self) -> Iterator[object]:
        return iter(())


def iter_encode_file(
    tokenizer: "Tokenizer",
    path: "str | os.PathLike[str]",
    *,
    workers: int | None = None,
    backend: str = "auto",
    special: str = "allow",
) -> Iterator[tuple[int, int, np.ndarray]]:
    """Yields ``(bytes_done, bytes_total, ids)`` chunk by chunk, in file order.

    ``special``: ``"allow"`` recognises the tokenizer's special tokens, ``"ordinary"``
    encodes their text as ordinary text, ``"raise"`` raises SpecialTokenError (tiktoken's
    strict default). Closing the iterator stops the work.
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
    chunker = _Chunker(tokenizer.pretokenizer, specials)
    if n_workers == 1 or total < _PARALLEL_MIN_BYTES or os.name != "posix":
        done = 0
        for chunk, p, offset, consumed in _iter_blocks(source, chunker, _BLOCK):
            ids = tokenizer.encode_with(_decode(chunk, p, offset), special)
            done += consumed
            yield done, total, np.asarray(ids, dtype=np.uint32)
        return
    sizes: dict[int, int] = {}


    def tasks() -> Iterator[tuple[bytes, str, int]]:
        for index, (chunk, p, offset, consumed) in enumerate(_iter_blocks(source, chunker, _BLOCK)):
            sizes[index] = consumed
            yield chunk, p, offset

    pending: dict[int, bytes] = {}
    next_index = 0
    done = 0
    fork = can_fork()
    live = (tokenizer, _derived_tables(tokenizer))
    payload = live if fork else pickle.dumps(live, protocol=pickle.HIGHEST_PROTOCOL)
    for kind, index, result in run_pool("bpe_engine.bulk:_EncodeHandler", (payload, special), tasks(), n_workers, fork=fork):
        if kind != "result":
            continue
        pending[index] = result
        while next_index in pending:  # hand results out in file order
            data = pending.pop(next_index)
            done += sizes.pop(next_index)
            next_index += 1
            yield done, total, np.frombuffer(data, dtype=np.uint32)


def _derived_tables(tokenizer: "Tokenizer") -> dict[str, object]:
    """The tables the vectorised encoders build from the tokenizer, built here once."""
    from . import batch, charcut
    from .pretokenize import stand_in_table

    batch._tables(tokenizer)
    charcut._tables(tokenizer)
    stand_in_table(tokenizer.pretokenizer.name)  # a forked worker inherits it
    return {name: getattr(tokenizer, name) for name in ("_batch_tables", "_cross_table")}


def _iter_tiktoken(
    tokenizer: "Tokenizer", source: CorpusSource, total: int, n_workers: int, special: str
) -> Iterator[tuple[int, int, np.ndarray]]:
    enc = tokenizer.tiktoken_encoding()
    specials = list(tokenizer.special_tokens) if special != "ordinary" else []
    chunker = _Chunker(tokenizer.pretokenizer, specials)
    # encode_to_numpy hands back a uint32 array without building a Python list first.
    to_numpy = getattr(enc, "encode_to_numpy", None)

    def run(text: str) -> np.ndarray:
        if special == "raise" and tokenizer._all_specials.first(text):
            tokenizer.encode_with(text, "raise")  # raises the engine's SpecialTokenError
        allowed = "all" if special == "allow" else set()
        if to_numpy is not None:
            return to_numpy(text, allowed_special=allowed, disallowed_special=())
        return np.asarray(enc.encode(text, allowed_special=allowed, disallowed_special=()), dtype=np.uint32)

    done = 0
    if n_workers == 1:  # no second thread to hand work to or to wait for
        for chunk, p, offset, consumed in _iter_blocks(source, chunker, _BLOCK):
            done += consumed
            yield done, total, run(_decode(chunk, p, offset))
        return
    with ThreadPoolExecutor(max_workers=n_workers) as pool:
        window = []
        for chunk, p, offset, consumed in _iter_blocks(source, chunker, _BLOCK):
            window.append((pool.submit(run, _decode(chunk, p, offset)), consumed))
            while len(window) > 2 * n_workers:  # tiktoken releases the GIL: keep all threads busy
                fut, size = window.pop(0)
                done += size
                yield done, total, fut.result()
        for fut, size in window:
            done += size
            yield done, total, fut.result()


def encode_file(
    tokenizer: "Tokenizer",
    path: "str | os.PathLike[str]",
    *,
    workers: int | None = None,
    backend: str = "auto",
    special: str = "allow",
) -> np.ndarray:
    """All token ids of a UTF-8 file as one ``uint32`` array (see :func:`iter_encode_file`)."""
    parts = [ids for _, _, ids in iter_encode_file(tokenizer, path, workers=workers, backend=backend, special=special)]
    return np.concatenate(parts) if parts else np.empty(0, dtype=np.uint32)
