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
from ..errors import ConfigError, SpecialTokenError
from ..kinds import SpecialMode, special_mode
from ..parallel import can_fork, run_pool
from ..pretokenize import SpecialSplitter, stand_in_table
from .charcut import cross_table
from .pairs import pair_tables

if TYPE_CHECKING:
    from ..interface import ByteLevelTokenizerLike as Tokenizer

__all__ = ["encode_file", "iter_encode_file", "SPECIAL_MODES", "BACKENDS"]

SPECIAL_MODES = (SpecialMode.ALLOW, SpecialMode.ORDINARY, SpecialMode.RAISE)
BACKENDS = ("auto", "python", "tiktoken")
# Chunks of 1 MiB: big enough for the vectorised passes, small enough that worker processes
# share the work evenly and the first results come early.
_BLOCK = 1 << 20
_PARALLEL_MIN_BYTES = 4 * 1024 * 1024


class _EncodeHandler:
    """Runs in a worker process: encodes the chunks it is given."""

    def __init__(self, tokenizer: bytes | Tokenizer, special: SpecialMode) -> None:
        # The tokenizer comes with its derived tables (loading them is faster than building
        # them again in every worker), pickled, or as it is in a forked worker.
        self.tok: Tokenizer = pickle.loads(tokenizer) if isinstance(tokenizer, bytes) else tokenizer
        self.special = special

    def handle(self, task: tuple[bytes, str, int]) -> bytes | tuple[str, int]:
        """The ids as uint32 bytes, or ``(token, position in the chunk)`` of a special token
        that may not be there (the parent knows where the chunk starts in its file)."""
        chunk, path, offset = task
        try:
            ids = self.tok.encode_with(decode_chunk(chunk, path, offset), self.special)
        except SpecialTokenError as exc:
            return exc.token, exc.position
        return np.asarray(ids, dtype=np.uint32).tobytes()

    def finish(self) -> Iterator[object]:
        return iter(())


class _Positions:
    """How many characters of its file come before each chunk (chunks arrive in file
    order), so that an error inside a chunk can say where it is in the file."""

    def __init__(self) -> None:
        self.path = ""
        self.chars = 0

    def start(self, path: str, chunk: bytes | str) -> int:
        if path != self.path:
            self.path, self.chars = path, 0
        start = self.chars
        if isinstance(chunk, str):
            self.chars += len(chunk)
        else:  # characters = bytes that are not UTF-8 continuation bytes
            raw = np.frombuffer(chunk, dtype=np.uint8)
            self.chars += int(np.count_nonzero((raw & 0xC0) != 0x80))
        return start


def iter_encode_file(
    tokenizer: Tokenizer,
    path: str | os.PathLike[str],
    *,
    workers: int | None = None,
    backend: str = "auto",
    special: SpecialMode | str = SpecialMode.ALLOW,
    fork_workers: bool = True,
) -> Iterator[tuple[int, int, np.ndarray]]:
    """Yields ``(bytes_done, bytes_total, ids)`` chunk by chunk, in file order.

    ``special``: ``"allow"`` recognises the tokenizer's special tokens, ``"ordinary"``
    encodes their text as ordinary text, ``"raise"`` raises SpecialTokenError (tiktoken's
    strict default) naming the file and the character offset in it. ``fork_workers``: worker
    processes may be forked when that is safe (a GUI passes False). Closing the iterator
    stops the work.
    """
    special = special_mode(special)  # ConfigError for an unknown mode
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
    positions = _Positions()
    if n_workers == 1 or total < _PARALLEL_MIN_BYTES or os.name != "posix":
        done = 0
        for chunk, p, offset, consumed in iter_blocks(source, chunker, _BLOCK):
            text = decode_chunk(chunk, p, offset)
            start = positions.start(p, text)
            try:
                ids = tokenizer.encode_with(text, special)
            except SpecialTokenError as exc:
                raise SpecialTokenError(exc.token, start + exc.position, p) from None
            done += consumed
            yield done, total, np.asarray(ids, dtype=np.uint32)
        return
    sizes: dict[int, tuple[int, str, int]] = {}  # task -> bytes consumed, file, first character

    def tasks() -> Iterator[tuple[bytes, str, int]]:
        for index, (chunk, p, offset, consumed) in enumerate(iter_blocks(source, chunker, _BLOCK)):
            sizes[index] = (consumed, p, positions.start(p, chunk) if special == "raise" else 0)
            yield chunk, p, offset

    pending: dict[int, bytes | tuple[str, int]] = {}
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
        while next_index in pending:  # hand results out in file order (so the first error is raised first)
            data = pending.pop(next_index)
            consumed, p, start = sizes.pop(next_index)
            next_index += 1
            if isinstance(data, tuple):
                raise SpecialTokenError(data[0], start + data[1], p)
            done += consumed
            yield done, total, np.frombuffer(data, dtype=np.uint32)


def _build_tables(tokenizer: Tokenizer) -> None:
    """Build the tables the vectorised encoders need here, once: they travel with the
    tokenizer (pickled or forked) instead of being built again in every worker."""
    tables = tokenizer.encoder.tables
    pair_tables(tables)
    cross_table(tables)
    stand_in_table(tokenizer.pretokenizer.name)  # a forked worker inherits it


def _iter_tiktoken(
    tokenizer: Tokenizer, source: CorpusSource, total: int, n_workers: int, special: SpecialMode
) -> Iterator[tuple[int, int, np.ndarray]]:
    core = tokenizer.core_encoder()  # (a builder's core, when the tokenizer has one)
    specials = list(tokenizer.special_tokens) if special != "ordinary" else []
    chunker = Chunker(tokenizer.pretokenizer, specials)
    every_special = SpecialSplitter(tokenizer.special_tokens)
    allowed = frozenset(tokenizer.special_tokens) if special == "allow" else frozenset()
    positions = _Positions()

    def run(text: str, path: str, start: int) -> np.ndarray:
        if special == "raise":
            found = every_special.first(text)
            if found is not None:
                raise SpecialTokenError(found[0], start + found[1], path)
        # A uint32 array without a Python list in between; None: our encoder answers (text a
        # custom pattern leaves unmatched, or a pattern tiktoken's regex engine gives up on).
        ids = core.encode_array(text, allowed)
        if ids is None:
            ids = np.asarray(tokenizer.encode_with(text, special), dtype=np.uint32)
        return ids

    def texts() -> Iterator[tuple[str, str, int, int]]:
        for chunk, p, offset, consumed in iter_blocks(source, chunker, _BLOCK):
            text = decode_chunk(chunk, p, offset)
            yield text, p, positions.start(p, text), consumed

    done = 0
    if n_workers == 1:  # no second thread to hand work to or to wait for
        for text, p, start, consumed in texts():
            ids = run(text, p, start)
            done += consumed
            yield done, total, ids
        return
    with ThreadPoolExecutor(max_workers=n_workers) as pool:
        window = []
        for text, p, start, consumed in texts():
            window.append((pool.submit(run, text, p, start), consumed))
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
    special: SpecialMode | str = SpecialMode.ALLOW,
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
