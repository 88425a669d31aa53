"""Counting pre-tokens in a corpus: streamed, in chunks, optionally in worker processes.

The corpus (files, or one text held in memory) is read in blocks that are cut where the
pieces cannot change: after a special token, or at the pre-tokenizer's safe cut points.
Each chunk is split at special tokens, cut into pieces, and counted. Memory grows with the
number of distinct pieces, never with the size of the corpus.

With ``workers > 1`` and a large enough corpus, chunks are counted in worker processes
(fresh interpreters, never ``fork``: the caller may be a GUI with threads); each worker
keeps one counter and sends it back once at the end.

In-process counting works on small blocks so that no single regex call holds the GIL for
long (the app trains in a thread while its event loop keeps running).

This module knows nothing about merges; :mod:`bpe_engine.train` consumes its result.
"""

from __future__ import annotations

import os
import zlib
from collections import Counter
from dataclasses import dataclass
from typing import Generator, Iterable, Iterator, Sequence

import regex

from ._procs import run_pool
from .errors import CorpusEncodingError, CorpusNotFoundError, EmptyCorpusError
from .pretokenize import Pretokenizer

__all__ = ["SHARDS", "CorpusSource", "CountResult", "count_pretokens_iter", "default_workers", "shard_of"]

# In-process blocks stay small: the GPT-2 regex runs ~5 MB/s, so 64 KiB is ~13 ms of GIL.
_INPROCESS_BLOCK = 64 * 1024
_WORKER_BLOCK = 2 * 1024 * 1024
# Below this size, starting worker processes costs more than it saves.
_PARALLEL_MIN_BYTES = 4 * 1024 * 1024
_SUB_BLOCK = 64 * 1024
_CUT_WINDOW = 64 * 1024  # how far back from a block's end a safe cut is looked for
_RESULT_PART = 20_000  # counts come back from workers in messages of about this many pieces
# The counts of the process that trains are spread over this many dicts (by a CRC of the
# piece): growing one dict of a million pieces rehashes it all in one call (60 ms here), which
# would freeze a GUI thread; 256 small dicts each rehash a 256th of that.
SHARDS = 256

# Byte-level versions of the safe cut rules of bpe_engine.pretokenize (deliberately narrower:
# ASCII letters/digits only, so they never need to decode a character).
_GPT_SAFE_CUT_BYTES = rb"[A-Za-z0-9]\n(?=[!-~])|[!-~]\n(?=[A-Za-z0-9])|[A-Za-z](?= [A-Za-z])"
_SAFE_CUT_RULES = {"gpt2": _GPT_SAFE_CUT_BYTES, "cl100k": _GPT_SAFE_CUT_BYTES, "o200k": _GPT_SAFE_CUT_BYTES,
                   "whitespace": rb"[^ ](?= )"}
# Forward (to walk a block) and backward (to find the last cut in a window at once).
_SAFE_CUT_BYTES = {name: regex.compile(rule) for name, rule in _SAFE_CUT_RULES.items()}
_SAFE_CUT_BYTES_REV = {name: regex.compile(rule, flags=regex.REVERSE) for name, rule in _SAFE_CUT_RULES.items()}


def default_workers() -> int:
    """All cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not Linux
        return max(1, os.cpu_count() or 1)


@dataclass(frozen=True)
class CorpusSource:
    """Where the corpus comes from: a list of file paths, or one text."""

    paths: tuple[str, ...] = ()
    text: str | None = None

    @staticmethod
    def from_input(input_path: "str | os.PathLike[str] | Sequence[str | os.PathLike[str]] | None",
                   text: str | None = None) -> "CorpusSource":
        if text is not None:
            if input_path is not None:
                raise ValueError("give either input_path or text, not both")
            return CorpusSource(text=text)
        if input_path is None:
            raise ValueError("no corpus given: pass input_path (a path or a list of paths) or text=")
        if isinstance(input_path, (str, os.PathLike)):
            paths = (os.fspath(input_path),)
        else:
            paths = tuple(os.fspath(p) for p in input_path)
        if not paths:
            raise EmptyCorpusError("the list of corpus files is empty; choose at least one text file")
        for p in paths:
            if not os.path.exists(p):
                raise CorpusNotFoundError(f"{p}: no such file; check the path")
            if os.path.isdir(p):
                raise CorpusNotFoundError(f"{p}: is a folder, not a text file; choose the files inside it")
            if not os.access(p, os.R_OK):
                raise CorpusNotFoundError(f"{p}: cannot be read (permission denied); check its permissions")
        return CorpusSource(paths=paths)

    def total_bytes(self) -> int:
        if self.text is not None:
            return len(self.text.encode("utf-8"))
        return sum(os.path.getsize(p) for p in self.paths)


def shard_of(piece: bytes) -> int:
    """Which of the :data:`SHARDS` dicts holds ``piece`` (the same in every process)."""
    return zlib.crc32(piece) & (SHARDS - 1)


@dataclass
class CountResult:
    """Distinct pieces with their counts, plus totals for statistics.

    ``shards`` are dicts with disjoint keys (see :func:`shard_of`); together they hold every
    distinct piece once.
    """

    shards: list[dict[bytes, int]]
    total_bytes: int  # UTF-8 bytes of the corpus
    special_count: int  # occurrences of special tokens in the corpus

    @property
    def distinct(self) -> int:
        return sum(map(len, self.shards))

    def counts(self) -> dict[bytes, int]:
        """All counts in one dict (for small corpora and tests: one dict, one big rehash)."""
        out: dict[bytes, int] = {}
        for shard in self.shards:
            out.update(shard)
        return out


class _ChunkCounter:
    """Counts the pieces of corpus chunks (UTF-8 bytes); used in-process and in workers.

    Stretches that a byte-level pattern splits exactly (all-ASCII text for the GPT patterns,
    everything for ``whitespace``) are counted without decoding; the rest is decoded and
    split by the ``regex`` pattern. Either way the pieces are the same.
    """

    def __init__(self, pretokenizer: Pretokenizer, special_tokens: Sequence[str], sharded: bool = False) -> None:
        self.pre = pretokenizer
        self.special_re, _ = special_bytes_regex(special_tokens)
        self.safe_re = _SAFE_CUT_BYTES.get(pretokenizer.name)
        self.by_bytes: Counter[bytes] = Counter()
        self.by_text: Counter[str] = Counter()
        self.special_count = 0
        # In the training process (no workers) each block's counts go straight into the
        # shards; a worker process keeps two big counters (faster) and shards them at the end.
        self.shards: "list[dict[bytes, int]] | None" = [{} for _ in range(SHARDS)] if sharded else None

    def add(self, chunk: bytes, path: str, offset: int) -> None:
        if self.special_re is None:
            self._add_ordinary(chunk, path, offset)
            return
        pos = 0
        for m in self.special_re.finditer(chunk):
            if m.start() > pos:
                self._add_ordinary(chunk[pos:m.start()], path, offset + pos)
            self.special_count += 1
            pos = m.end()
        if pos < len(chunk):
            self._add_ordinary(chunk[pos:], path, offset + pos)

    def _add_ordinary(self, data: bytes, path: str, offset: int) -> None:
        # Sub-blocks of ~64 KiB (cut where pieces cannot change), so that one non-ASCII
        # character only sends its own block down the slower path.
        safe = self.safe_re
        pos = 0
        while pos < len(data):
            m = safe.search(data, pos + _SUB_BLOCK) if safe is not None and len(data) - pos > 2 * _SUB_BLOCK else None
            end = m.end() if m is not None else len(data)
            block = data[pos:end] if pos or end < len(data) else data
            pieces = self.pre.split_bytes(block)
            if pieces is not None:
                if not block.isascii():
                    _decode(block, path, offset + pos)  # still reject files that are not UTF-8
                if self.shards is None:
                    self.by_bytes.update(pieces)
                else:
                    self._add_to_shards(Counter(pieces).items())
            else:
                text = _decode(block, path, offset + pos)
                found = self.pre.utf8_pieces(text)  # GPT-2, cl100k: bytes pieces, ~2x faster
                if found is not None:
                    if self.shards is None:
                        self.by_bytes.update(found[0])
                    else:
                        self._add_to_shards(Counter(found[0]).items())
                elif self.shards is None:
                    self.by_text.update(self.pre.split(text))
                else:
                    block_counts = Counter(self.pre.split(text))
                    self._add_to_shards((piece.encode("utf-8"), c) for piece, c in block_counts.items())
            pos = end

    def _add_to_shards(self, items: "Iterable[tuple[bytes, int]]") -> None:
        shards = self.shards
        assert shards is not None
        crc = zlib.crc32  # shard_of inlined: this loop runs once per piece of every block
        mask = SHARDS - 1
        for piece, c in items:
            shard = shards[crc(piece) & mask]
            shard[piece] = shard.get(piece, 0) + c

    def sharded_result(self) -> list[dict[bytes, int]]:
        if self.shards is not None:
            shards, self.shards = self.shards, [{} for _ in range(SHARDS)]
            return shards
        shards: list[dict[bytes, int]] = [{} for _ in range(SHARDS)]
        for piece, c in self.result().items():
            shards[shard_of(piece)][piece] = c
        return shards

    def result(self) -> dict[bytes, int]:
        """All counts, keyed by the pieces' UTF-8 bytes (the smaller counter is folded in)."""
        if len(self.by_text) > len(self.by_bytes):
            counts = {piece.encode("utf-8"): c for piece, c in self.by_text.items()}
            rest: "dict[bytes, int]" = self.by_bytes
        else:
            counts = dict(self.by_bytes)
            rest = {piece.encode("utf-8"): c for piece, c in self.by_text.items()}
        self.by_text = Counter()
        self.by_bytes = Counter()
        get = counts.get
        for piece, c in rest.items():
            counts[piece] = get(piece, 0) + c
        return counts


def _decode(chunk: bytes, path: str, offset: int) -> str:
    try:
        return chunk.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise CorpusEncodingError(path, offset + exc.start, exc.reason) from None


def special_bytes_regex(special_tokens: Sequence[str]) -> "tuple[regex.Pattern[bytes] | None, int]":
    """A bytes regex matching the special tokens, longest first; and the longest one's length."""
    ordered = sorted({t.encode("utf-8") for t in special_tokens}, key=lambda b: (-len(b), b))
    pattern = regex.compile(b"|".join(regex.escape(t) for t in ordered)) if ordered else None
    return pattern, max((len(t) for t in ordered), default=0)


class _Chunker:
    """Cuts a byte stream into chunks at boundaries that leave the pieces unchanged."""

    def __init__(self, pretokenizer: Pretokenizer, special_tokens: Sequence[str]) -> None:
        self.special_re, self.max_special = special_bytes_regex(special_tokens)
        self.safe_rev = _SAFE_CUT_BYTES_REV.get(pretokenizer.name)
        self.pretokenizer = pretokenizer

    def cut(self, buf: bytes, final: bool) -> int:
        """Length of the longest prefix of ``buf`` that may be processed on its own (0: none)."""
        if final:
            return len(buf)
        limit = len(buf) - self.max_special - 4  # keep room for a longer special token / a char
        best = 0
        if self.special_re is not None:
            for m in self.special_re.finditer(buf):
                if m.start() + self.max_special <= len(buf):
                    best = m.end()
                else:
                    break
        if limit <= best:
            return best
        # Look only at the tail for a safe cut: any cut after `best` is better.
        start = max(best, limit - _CUT_WINDOW)
        if self.safe_rev is not None:
            m = self.safe_rev.search(buf, start, limit)
            if m is not None:
                return max(best, m.end())
        # No ASCII cut (Chinese, Russian...): look at the window as text.
        return max(best, _text_cut(buf, start, limit, self.pretokenizer))


def _text_cut(buf: bytes, start: int, end: int, pretokenizer: Pretokenizer) -> int:
    """The last safe cut in ``buf[start:end]`` by the pre-tokenizer's text rule, as a byte offset."""
    while start < end and (buf[start] & 0xC0) == 0x80:
        start += 1  # begin at the start of a character
    while end > start and (buf[end] & 0xC0) == 0x80:
        end -= 1  # and end before one
    try:
        text = buf[start:end].decode("utf-8")
    except UnicodeDecodeError:
        return 0  # leave the error to the decoder, which names the file and offset
    cut = pretokenizer.last_safe_cut(text)
    return start + len(text[:cut].encode("utf-8")) if cut else 0


def _iter_blocks(source: CorpusSource, chunker: _Chunker, block: int) -> Iterator[tuple[bytes, str, int, int]]:
    """Yields ``(chunk, path, offset_in_file, raw_bytes_consumed)``.

    Where a block holds no safe cut, the next read is twice as large (so a text with few
    cut points costs linear, not quadratic, time); text without any cut point (``none``,
    most custom regexes, no special tokens) ends up as one chunk.
    """
    if source.text is not None:
        data = source.text.encode("utf-8")
        pos = 0
        while pos < len(data):
            size = block
            while True:  # grow the block until it holds a safe cut (or the end)
                end = pos + size
                n = chunker.cut(data[pos:end], end >= len(data))
                if n:
                    break
                size *= 2
            yield data[pos:pos + n], "<text>", pos, n
            pos += n
        return
    for path in source.paths:
        try:
            f = open(path, "rb")
        except OSError as exc:
            raise CorpusNotFoundError(f"{path}: cannot be opened ({exc.strerror}); check the path and permissions") from None
        with f:
            pending = b""
            offset = 0
            eof = False
            size = block
            while not eof or pending:
                if not eof:
                    data = f.read(size)
                    if len(data) < size:
                        eof = True
                    buf = pending + data if pending else data
                else:
                    buf = pending
                if not buf:
                    break
                n = chunker.cut(buf, final=eof)
                if n == 0:
                    pending = buf  # no cut yet: read more (the piece boundary is further on)
                    size *= 2
                    continue
                size = block
                yield buf[:n], path, offset, n
                offset += n
                pending = buf[n:]
                if eof and pending:
                    yield pending, path, offset, len(pending)
                    offset += len(pending)
                    pending = b""


class _CountHandler:
    """Runs in a worker process (see bpe_engine._procs): counts the chunks it is given."""

    def __init__(self, pre_spec: str, special_tokens: Sequence[str]) -> None:
        self.counter = _ChunkCounter(Pretokenizer(pre_spec), special_tokens)

    def handle(self, task: tuple[bytes, str, int]) -> int:
        chunk, path, offset = task
        self.counter.add(chunk, path, offset)
        return len(chunk)

    def finish(self) -> Iterator[object]:
        yield self.counter.special_count
        shards = self.counter.sharded_result()
        part: list[tuple[int, dict[bytes, int]]] = []
        size = 0
        for index, shard in enumerate(shards):
            if shard:
                part.append((index, shard))
                size += len(shard)
            if size >= _RESULT_PART or (index == len(shards) - 1 and part):
                yield part
                part, size = [], 0


def count_pretokens_iter(
    source: CorpusSource,
    pretokenizer: Pretokenizer,
    special_tokens: Sequence[str],
    *,
    workers: int | None = None,
) -> Iterator["tuple[int, int] | CountResult"]:
    """Count pieces; yields ``(bytes_done, bytes_total)`` progress tuples, then one :class:`CountResult`.

    Closing the generator early stops the work (worker processes are killed).
    """
    total = source.total_bytes()
    n_workers = default_workers() if workers is None else workers
    if n_workers < 1:
        raise ValueError(f"workers must be at least 1, got {workers}")
    chunker = _Chunker(pretokenizer, special_tokens)
    yield (0, total)
    if n_workers == 1 or total < _PARALLEL_MIN_BYTES or os.name != "posix":
        counter = _ChunkCounter(pretokenizer, special_tokens, sharded=True)
        done = 0
        for chunk, path, offset, consumed in _iter_blocks(source, chunker, _INPROCESS_BLOCK):
            counter.add(chunk, path, offset)
            done += consumed
            yield (done, total)
        shards = counter.sharded_result()
        special_count = counter.special_count
    else:
        shards, special_count = yield from _count_parallel(source, pretokenizer, special_tokens, chunker, n_workers, total)
    if not any(shards):
        what = "the text" if source.text is not None else ", ".join(source.paths)
        raise EmptyCorpusError(
            f"{what}: no text to learn from (the corpus is empty or holds only special tokens); "
            "choose a file with some text in it"
        )
    yield CountResult(shards=shards, total_bytes=total, special_count=special_count)


def _count_parallel(
    source: CorpusSource,
    pretokenizer: Pretokenizer,
    special_tokens: Sequence[str],
    chunker: _Chunker,
    n_workers: int,
    total: int,
) -> Generator[tuple[int, int], None, tuple[list[dict[bytes, int]], int]]:
    tasks = ((chunk, path, offset) for chunk, path, offset, _ in _iter_blocks(source, chunker, _WORKER_BLOCK))
    done = 0
    special_count = 0
    shards: list[dict[bytes, int]] = [{} for _ in range(SHARDS)]
    events = run_pool("bpe_engine.counting:_CountHandler", (pretokenizer.spec, tuple(special_tokens)), tasks, n_workers)
    for kind, _, payload in events:
        if kind == "result":
            done += payload
            yield (done, total)
        elif kind == "tick":
            yield (done, total)  # the consumer may stop (cancel) between any two events
        elif isinstance(payload, int):
            special_count += payload
        else:
            for index, part in payload:  # one worker's counts of some shards
                shard = shards[index]
                if not shard:
                    shard.update(part)
                else:
                    get = shard.get
                    for piece, c in part.items():
                        shard[piece] = get(piece, 0) + c
            yield (done, total)
    return shards, special_count
