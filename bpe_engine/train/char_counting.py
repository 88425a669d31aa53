"""Counting the pre-tokens of the character-level family: streamed, in chunks, optionally in
worker processes, with memory bounded by the number of distinct pre-tokens.

The rule (:func:`bpe_engine.train.chars.char_pretokens`): per line (``str.splitlines``),
spaces become ``▁``, a ``▁`` goes first, and the line is split before every ``▁``. So every
pre-token is ``▁`` followed by a *segment*: ``line.replace(" ", "▁").split("▁")``. Counting
works on segments (the ``▁`` is implied) and runs in C: the lines of a chunk are joined with
``▁`` and split at ``▁`` once (joining adds exactly the boundaries between the last segment of
one line and the first of the next).

A file is read in blocks cut after its last ``\\n`` (a line boundary for ``splitlines``); a
block with no line break is cut before a space (the next block then continues the line, and
its leading space's empty segment is not a dummy prefix, so it is not counted). Files never
share a line (as if joined with ``\\n``). The counts are sums over chunks, so they do not
depend on where the chunks are cut, how many there are or which process counted them.

This module knows nothing about merges (:mod:`bpe_engine.train.chars` consumes its result)
and imports little, so that worker processes start fast.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Generator, Iterator
from dataclasses import dataclass

import regex

from ..corpus import CorpusSource, decode_chunk, default_workers
from ..errors import CorpusNotFoundError, EmptyCorpusError
from ..parallel import can_fork, run_pool

__all__ = ["SPACE", "CharCounts", "count_char_pretokens_iter", "chunk_segments"]

SPACE = "\u2581"  # ▁

# In-process blocks stay small (about 2 ms of GIL each for English here): the app trains in
# a thread while its event loop runs. Workers take large blocks (fewer messages).
_INPROCESS_BLOCK = 128 * 1024
_WORKER_BLOCK = 2 * 1024 * 1024
# Below this size, starting worker processes costs more than it saves.
_PARALLEL_MIN_BYTES = 4 * 1024 * 1024
_RESULT_PART = 20_000  # segments per message from a worker
_CUT_WINDOW = 64 * 1024  # how far back from a block's end a cut before a space is looked for
# A space whose previous byte cannot end a line (not \n \v \f \r \x1c-\x1e, nor the last byte
# of U+0085, U+2028 or U+2029): cutting before it keeps the line together. Searched backwards.
_SPACE_CUT_REV = regex.compile(rb"[^\n\x0b\x0c\r\x1c\x1d\x1e\x85\xa8\xa9](?= )", flags=regex.REVERSE)


def chunk_segments(text: str, continues_line: bool = False) -> Counter[str]:
    """The segments of ``text`` (its pre-tokens without their leading ``▁``), counted.

    ``continues_line``: ``text`` starts with a space that continues a line begun in the
    previous chunk (no dummy prefix there).
    """
    joined = SPACE.join(filter(None, text.replace(" ", SPACE).splitlines()))
    if not joined:
        return Counter()
    segments = Counter(joined.split(SPACE))
    if continues_line:
        # The chunk starts with " ": its first segment is the empty one before that space,
        # which would be a dummy prefix at the start of a line but is not one here.
        segments[""] -= 1
        if not segments[""]:
            del segments[""]
    return segments


def _cut(buf: bytes, final: bool) -> tuple[int, bool]:
    """How much of ``buf`` to count now, and whether the rest continues a line (0: read more)."""
    if final:
        return len(buf), False
    end = buf.rfind(b"\n")
    if end >= 0:
        return end + 1, False
    m = _SPACE_CUT_REV.search(buf, max(0, len(buf) - _CUT_WINDOW))
    if m is not None:
        return m.end(), True
    return 0, False


def _iter_chunks(source: CorpusSource, block: int) -> Iterator[tuple[bytes, str, int, bool, int]]:
    """``(chunk, path, offset, continues_line, raw_bytes_consumed)`` for every chunk of the corpus.

    A block without a cut point makes the next read twice as large (linear time on text with
    few cut points; a file without spaces or line breaks ends up as one chunk).
    """
    if source.text is not None:
        data = source.text.encode("utf-8")
        pos = 0
        cont = False
        while pos < len(data):
            size = block
            while True:
                end = pos + size
                n, next_cont = _cut(data[pos:end], end >= len(data))
                if n:
                    break
                size *= 2
            yield data[pos : pos + n], "<text>", pos, cont, n
            pos += n
            cont = next_cont
        return
    for path in source.paths:
        try:
            f = open(path, "rb")
        except OSError as exc:
            raise CorpusNotFoundError(
                f"{path}: cannot be opened ({exc.strerror}); check the path and permissions"
            ) from None
        with f:
            pending = b""
            offset = 0
            cont = False
            size = block
            eof = False
            while True:
                if not eof:
                    data = f.read(size)
                    eof = len(data) < size
                    buf = pending + data if pending else data
                else:
                    buf = pending
                if not buf:
                    break
                n, next_cont = _cut(buf, eof)
                if n == 0:
                    pending = buf
                    size *= 2
                    continue
                size = block
                yield buf[:n], path, offset, cont, n
                offset += n
                cont = next_cont
                pending = buf[n:]
                if eof and not pending:
                    break


@dataclass
class CharCounts:
    """The segments of a corpus, counted (keys lack the pre-tokens' leading ``▁``)."""

    segments: Counter[str]
    total_bytes: int


class _CharCountHandler:
    """Runs in a worker process (see :mod:`bpe_engine.parallel`): counts the chunks it is given."""

    def __init__(self) -> None:
        self.segments: Counter[str] = Counter()

    def handle(self, task: tuple[bytes, str, int, bool]) -> int:
        chunk, path, offset, cont = task
        self.segments.update(chunk_segments(decode_chunk(chunk, path, offset), cont))
        return len(chunk)

    def finish(self) -> Iterator[object]:
        part: dict[str, int] = {}
        for segment, count in self.segments.items():
            part[segment] = count
            if len(part) >= _RESULT_PART:
                yield part
                part = {}
        if part:
            yield part


def count_char_pretokens_iter(
    source: CorpusSource, *, workers: int | None = None, fork: bool = True
) -> Iterator[tuple[int, int] | CharCounts]:
    """Count segments and characters; yields ``(bytes_done, bytes_total)`` progress tuples,
    then one :class:`CharCounts`. Closing the generator early stops the work (worker
    processes are killed). ``fork``: worker processes may be forked when that is safe."""
    total = source.total_bytes()
    n_workers = default_workers() if workers is None else workers
    if n_workers < 1:
        raise ValueError(f"workers must be at least 1, got {workers}")
    yield (0, total)
    if n_workers == 1 or total < _PARALLEL_MIN_BYTES or os.name != "posix":
        segments: Counter[str] = Counter()
        done = 0
        for chunk, path, offset, cont, consumed in _iter_chunks(source, _INPROCESS_BLOCK):
            segments.update(chunk_segments(decode_chunk(chunk, path, offset), cont))
            done += consumed
            yield (done, total)
    else:
        segments = yield from _count_parallel(source, n_workers, total, fork)
    if not segments:
        what = "the text" if source.text is not None else ", ".join(source.paths)
        raise EmptyCorpusError(
            f"{what}: no text to learn from (the corpus is empty); choose a file with some text in it"
        )
    yield CharCounts(segments, total)


def _count_parallel(
    source: CorpusSource, n_workers: int, total: int, fork: bool
) -> Generator[tuple[int, int], None, Counter[str]]:
    tasks = ((chunk, path, offset, cont) for chunk, path, offset, cont, _ in _iter_chunks(source, _WORKER_BLOCK))
    segments: Counter[str] = Counter()
    done = 0
    events = run_pool(
        "bpe_engine.train.char_counting:_CharCountHandler", (), tasks, n_workers, fork=fork and can_fork()
    )
    for kind, _, payload in events:
        if kind == "result":
            done += payload
        elif kind == "final":
            segments.update(payload)  # one worker's counts of some segments
        yield (done, total)  # the consumer may stop (cancel) between any two events
    return segments
