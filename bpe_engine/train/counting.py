"""Counting pre-tokens in a corpus: streamed, in chunks, optionally in worker processes.

The corpus (files, or one text held in memory) is read in chunks that leave the pieces
unchanged (:mod:`bpe_engine.corpus`). Each chunk is split at special tokens, cut into pieces, and counted. Memory grows with the
number of distinct pieces, never with the size of the corpus.

With ``workers > 1`` and a large enough corpus, chunks are counted in worker processes
(:mod:`bpe_engine.parallel`): each worker reads its ranges of the files itself (it finds the
cuts at both ends from the bytes around them, :meth:`bpe_engine.corpus.Chunker.boundary`),
keeps one counter and sends it back once at the end. Short documents are counted in batches
of about 64 KiB, special tokens included (one split and one count per batch).

In-process counting works on small blocks so that no single regex call holds the GIL for
long (the app trains in a thread while its event loop keeps running).

This module knows nothing about merges; :mod:`bpe_engine.train.trainer` consumes its result.
"""

from __future__ import annotations

import os
import zlib
from collections import Counter
from collections.abc import Generator, Iterable, Iterator, Mapping, Sequence
from contextlib import nullcontext
from dataclasses import dataclass, field
from typing import BinaryIO

import numpy as np

from ..corpus import (
    SAFE_CUT_BYTES,
    Chunker,
    CorpusSource,
    decode_chunk,
    default_workers,
    iter_blocks,
    iter_ranges,
    read_range,
    special_bytes_regex,
)
from ..errors import CorpusNotFoundError, EmptyCorpusError
from ..parallel import can_fork, run_pool
from ..pretokenize import Pretokenizer, SpecialSplitter, stand_in_table
from .keys import KeyCounter, KeyedMerger, KeyedPart, KeyedPieces, gpt2_starts, pack

__all__ = ["SHARDS", "CountResult", "count_pretokens_iter", "shard_of"]

# In-process blocks stay small: the GPT-2 regex runs ~5 MB/s, so 64 KiB is ~13 ms of GIL.
_INPROCESS_BLOCK = 64 * 1024
# Worker tasks of 1 MiB: small enough that two workers finish together, big enough that a
# task's fixed costs (finding its two cuts, a message each way) stay below 1 %.
_WORKER_BLOCK = 1024 * 1024
# Below this size, starting worker processes costs more than it saves.
_PARALLEL_MIN_BYTES = 4 * 1024 * 1024
_SUB_BLOCK = 64 * 1024
_RESULT_PART = 20_000  # counts come back from workers in messages of about this many pieces
# The counts of the process that trains are spread over this many dicts (by a CRC of the
# piece): growing one dict of a million pieces rehashes it all in one call (60 ms here), which
# would freeze a GUI thread; 256 small dicts each rehash a 256th of that.
SHARDS = 256


def shard_of(piece: bytes) -> int:
    """Which of the :data:`SHARDS` dicts holds ``piece`` (the same in every process)."""
    return zlib.crc32(piece) & (SHARDS - 1)


@dataclass
class CountResult:
    """Distinct pieces with their counts, plus totals for statistics.

    ``shards`` are dicts with disjoint keys (see :func:`shard_of`); with ``keyed`` (the pieces
    that worker processes counted as keys, kept as arrays) they hold every distinct piece once.
    """

    shards: list[dict[bytes, int]]
    total_bytes: int  # UTF-8 bytes of the corpus
    special_count: int  # occurrences of special tokens in the corpus
    keyed: list[KeyedPieces] = field(default_factory=list)

    @property
    def distinct(self) -> int:
        return sum(map(len, self.shards)) + sum(map(len, self.keyed))

    def groups(self) -> list[Mapping[bytes, int]]:
        """Every group of counts (``keyed`` and ``shards``), no piece in two."""
        return [*self.keyed, *self.shards]

    def counts(self) -> dict[bytes, int]:
        """All counts in one dict (for small corpora and tests: one dict, one big rehash)."""
        out: dict[bytes, int] = {}
        for group in self.groups():
            out.update(group)
        return out


class _ChunkCounter:
    """Counts the pieces of corpus chunks (UTF-8 bytes); used in-process and in workers.

    Stretches that a byte-level pattern splits exactly (all-ASCII text for the GPT patterns,
    everything for ``whitespace``) are counted without decoding; the rest is decoded and
    split through the ASCII stand-ins or by the ``regex`` pattern. Either way the pieces are
    the same.
    """

    def __init__(self, pretokenizer: Pretokenizer, special_tokens: Sequence[str], sharded: bool = False) -> None:
        self.pre = pretokenizer
        self.special_re, _ = special_bytes_regex(special_tokens)
        self.splitter = SpecialSplitter(special_tokens)
        self.safe_re = SAFE_CUT_BYTES.get(pretokenizer.name)
        self.stand_ins = stand_in_table(pretokenizer.name) is not None
        # GPT-2 on ASCII: pieces found and counted with NumPy (bpe_engine.train.keys).
        self.keys: KeyCounter | None = KeyCounter() if pretokenizer.name == "gpt2" else None
        self.by_bytes: Counter[bytes] = Counter()
        self.by_text: Counter[str] = Counter()
        self.special_count = 0
        # In the training process (no workers) each block's counts go straight into the
        # shards; a worker process keeps two big counters (faster) and shards them at the end.
        self.shards: list[dict[bytes, int]] | None = [{} for _ in range(SHARDS)] if sharded else None

    def add(self, chunk: bytes, path: str, offset: int) -> None:
        """Count a chunk (it begins and ends where the pieces cannot change)."""
        special_re = self.special_re
        if special_re is None:
            self._add_ordinary(chunk, path, offset)
            return
        # Documents (the text between special tokens) go in batches of about _SUB_BLOCK bytes,
        # their special tokens included: one split per batch, not per document (a corpus of
        # short poems has 4 000 documents per megabyte). A long document goes alone.
        start = 0  # where the current batch begins
        inside = 0  # special tokens in it
        text_at = 0  # where the text after the last special token begins
        for m in special_re.finditer(chunk):
            s, e = m.span()
            if s - text_at > 2 * _SUB_BLOCK:
                if text_at > start:
                    self._add_block(chunk[start:text_at], inside, path, offset + start)
                self._add_ordinary(chunk[text_at:s], path, offset + text_at)
                start, inside = s, 0
            inside += 1
            text_at = e
            if e - start >= _SUB_BLOCK:
                self._add_block(chunk[start:e], inside, path, offset + start)
                start, inside = e, 0
        if len(chunk) - text_at > 2 * _SUB_BLOCK:
            if text_at > start:
                self._add_block(chunk[start:text_at], inside, path, offset + start)
            self._add_ordinary(chunk[text_at:], path, offset + text_at)
        elif len(chunk) > start:
            self._add_block(chunk[start:] if start else chunk, inside, path, offset + start)

    def _add_ordinary(self, data: bytes, path: str, offset: int) -> None:
        """Text without special tokens, in sub-blocks of ~64 KiB (cut where pieces cannot
        change), so that one non-ASCII character only sends its own block down the slower path."""
        safe = self.safe_re
        pos = 0
        while pos < len(data):
            m = safe.search(data, pos + _SUB_BLOCK) if safe is not None and len(data) - pos > 2 * _SUB_BLOCK else None
            end = m.end() if m is not None else len(data)
            self._add_block(data[pos:end] if pos or end < len(data) else data, 0, path, offset + pos)
            pos = end

    def _add_block(self, block: bytes, specials: int, path: str, offset: int) -> None:
        """Count ``block``, which holds ``specials`` special tokens (and text that begins and
        ends where pieces cannot change)."""
        pre = self.pre
        self.special_count += specials
        ascii = block.isascii()
        if ascii and self.keys is not None:
            spans = [m.span() for m in self.special_re.finditer(block)] if specials and self.special_re else []
            starts, ends = gpt2_starts(np.frombuffer(block, dtype=np.uint8), spans)
            self.keys.add(*pack(block, starts, ends))
            return
        if pre.bytes_exact or (ascii and pre.ascii_fast) or pre.pattern is None:
            if not ascii:
                decode_chunk(block, path, offset)  # still reject files that are not UTF-8
            pieces: list[bytes] = []
            for segment in self.special_re.split(block) if specials and self.special_re is not None else (block,):
                if segment:
                    found = pre.split_bytes(segment)
                    assert found is not None  # exact on this segment (checked above)
                    pieces += found
            self._add_pieces(pieces, [])
            return
        text = decode_chunk(block, path, offset)
        if self.keys is not None:
            self._add_stand_ins(block, text, specials)
            return
        if self.stand_ins:
            # GPT-2, cl100k: bytes pieces ~2x faster, special tokens split in the same pass.
            found_utf8 = pre.utf8_pieces(text, self.splitter if specials else None)
            if found_utf8 is not None:
                found_pieces, special_at = found_utf8
                self._add_pieces(found_pieces, [found_pieces[i] for i in special_at])
                return
        segments = self.splitter.ordinary_segments(text) if specials else [text]
        if self.shards is None:
            for segment in segments:
                self.by_text.update(pre.split(segment))
        else:
            block_counts: Counter[str] = Counter()
            for segment in segments:
                block_counts.update(pre.split(segment))
            self._add_to_shards((piece.encode("utf-8"), c) for piece, c in block_counts.items())

    def _add_stand_ins(self, block: bytes, text: str, specials: int) -> None:
        """GPT-2 on any text: the NumPy splitter runs on the text's ASCII stand-ins (one byte
        per character, see :func:`~bpe_engine.pretokenize.stand_in_table`), and the pieces'
        character offsets become byte offsets into ``block`` (its UTF-8)."""
        assert self.keys is not None
        table = stand_in_table(self.pre.name)
        assert table is not None
        cp = np.frombuffer(text.encode("utf-32-le"), dtype=np.uint32)
        spans = [m.span() for m in self.splitter.pattern.finditer(text)] if specials and self.splitter.pattern else []
        starts, ends = gpt2_starts(table[cp], spans)
        at = np.zeros(cp.size + 1, dtype=np.intp)  # byte offset of each character
        width = (cp >= 0x80).astype(np.intp)
        width += cp >= 0x800
        width += cp >= 0x10000
        width += 1
        np.cumsum(width, out=at[1:])
        self.keys.add(*pack(block, at[starts], at[ends]))

    def _add_pieces(self, pieces: list[bytes], specials: list[bytes]) -> None:
        """Count ``pieces``, less one for each of ``specials`` (special tokens among them).

        subtle: a piece spelled like a special token can only be that token (every occurrence
        of its text is found by the special token scan), so subtracting leaves 0 exactly."""
        if self.shards is None:
            counter = self.by_bytes
            counter.update(pieces)
        else:
            counter = Counter(pieces)
        for piece in specials:
            counter[piece] -= 1
        for piece in set(specials):
            if counter[piece] <= 0:
                del counter[piece]
        if self.shards is not None:
            self._add_to_shards(counter.items())

    def _add_to_shards(self, items: Iterable[tuple[bytes, int]]) -> None:
        shards = self.shards
        assert shards is not None
        crc = zlib.crc32  # shard_of inlined: this loop runs once per piece of every block
        mask = SHARDS - 1
        for piece, c in items:
            shard = shards[crc(piece) & mask]
            shard[piece] = shard.get(piece, 0) + c

    def sharded_result(self) -> list[dict[bytes, int]]:
        if self.shards is not None:
            if self.keys is not None:
                self._add_to_shards(self.keys.items())  # a loop in Python: a GUI thread gets turns
            done, self.shards = self.shards, [{} for _ in range(SHARDS)]
            return done
        # Straight from each source into the shards (no dict of everything in between).
        self.shards = [{} for _ in range(SHARDS)]
        if self.keys is not None:
            self._add_to_shards(self.keys.items())
        by_bytes, self.by_bytes = self.by_bytes, Counter()
        self._add_to_shards(by_bytes.items())
        del by_bytes
        by_text, self.by_text = self.by_text, Counter()
        self._add_to_shards((piece.encode("utf-8"), c) for piece, c in by_text.items())
        done, self.shards = self.shards, None
        return done

    def streamed_parts(self) -> Iterator[KeyedPart | list[tuple[int, dict[bytes, int]]]]:
        """All counts (emptying the counter), in parts of about ``_RESULT_PART`` pieces: the
        keyed pieces as arrays (:class:`~bpe_engine.train.keys.KeyedPart`, added up by a
        :class:`~bpe_engine.train.keys.KeyedMerger`), the others sharded, ``[(shard index,
        counts), ...]``. A shard may come in several parts (the receiver adds them up), so a
        worker never holds every piece as ``bytes`` at once (on 10 MB of English that was
        most of its memory when it finished)."""
        keys, self.keys = self.keys, None
        if keys is not None:
            yield from keys.keyed_parts(SHARDS, _RESULT_PART)  # in C calls; the rest below, piece by piece
            del keys
        by_bytes, self.by_bytes = self.by_bytes, Counter()
        by_text, self.by_text = self.by_text, Counter()
        sources: list[Iterable[tuple[bytes, int]]] = [by_bytes.items()]
        sources.append((piece.encode("utf-8"), c) for piece, c in by_text.items())
        crc = zlib.crc32
        mask = SHARDS - 1
        part: dict[int, dict[bytes, int]] = {}
        size = 0
        for source in sources:
            for piece, c in source:
                index = crc(piece) & mask
                shard = part.get(index)
                if shard is None:
                    shard = part[index] = {}
                shard[piece] = shard.get(piece, 0) + c
                size += 1
                if size >= _RESULT_PART:
                    yield sorted(part.items())
                    part, size = {}, 0
        if part:
            yield sorted(part.items())

    def result(self) -> dict[bytes, int]:
        """All counts, keyed by the pieces' UTF-8 bytes (the largest source becomes the dict,
        the others are folded in)."""
        keyed = list(self.keys.items()) if self.keys is not None else []
        by_bytes, self.by_bytes = self.by_bytes, Counter()
        by_text, self.by_text = self.by_text, Counter()
        rest: list[Iterable[tuple[bytes, int]]]
        if len(keyed) >= len(by_bytes):
            counts, rest = dict(keyed), [by_bytes.items()]
        else:
            counts, rest = dict(by_bytes), [keyed]
        rest.append((piece.encode("utf-8"), c) for piece, c in by_text.items())
        get = counts.get
        for part in rest:
            for piece, c in part:
                counts[piece] = get(piece, 0) + c
        return counts


class _CountHandler:
    """Runs in a worker process (see :mod:`bpe_engine.parallel`): counts the chunks it is
    given, or reads them itself from ranges of the corpus files."""

    def __init__(self, pre_spec: str, special_tokens: Sequence[str]) -> None:
        pretokenizer = Pretokenizer(pre_spec)
        self.counter = _ChunkCounter(pretokenizer, special_tokens)
        self.chunker = Chunker(pretokenizer, special_tokens)
        self.file: tuple[str, BinaryIO, int] | None = None

    def handle(self, task: tuple[bytes, str, int] | tuple[str, int, int]) -> int:
        """Count a chunk ``(bytes, path, offset)`` or a file range ``(path, start, end)``
        (:func:`bpe_engine.corpus.read_range`); returns how many corpus bytes that was."""
        if isinstance(task[0], bytes):
            chunk, path, offset = task
            self.counter.add(chunk, str(path), int(offset))
            return len(chunk)
        path, start, end = str(task[0]), int(task[1]), int(task[2])
        count_range(self.counter, self.chunker, self._open(path), path, start, end)
        return end - start

    def _open(self, path: str) -> tuple[BinaryIO, int]:
        if self.file is None or self.file[0] != path:
            if self.file is not None:
                self.file[1].close()
            f = open_corpus_file(path)
            self.file = (path, f, os.fstat(f.fileno()).st_size)
        return self.file[1], self.file[2]

    def finish(self) -> Iterator[object]:
        if self.file is not None:
            self.file[1].close()
            self.file = None
        yield self.counter.special_count
        yield from self.counter.streamed_parts()


def count_range(
    counter: _ChunkCounter, chunker: Chunker, file: tuple[BinaryIO, int], path: str, start: int, end: int
) -> None:
    """Count the chunk that the range ``[start, end)`` of an open corpus file stands for."""
    f, size = file
    offset, chunk = read_range(f, size, start, end, chunker)
    if chunk:
        counter.add(chunk, path, offset)


def open_corpus_file(path: str) -> BinaryIO:
    try:
        return open(path, "rb")
    except OSError as exc:
        raise CorpusNotFoundError(
            f"{path}: cannot be opened ({exc.strerror}); check the path and permissions"
        ) from None


def count_pretokens_iter(
    source: CorpusSource,
    pretokenizer: Pretokenizer,
    special_tokens: Sequence[str],
    *,
    workers: int | None = None,
    fork: bool = True,
) -> Iterator[tuple[int, int] | CountResult]:
    """Count pieces; yields ``(bytes_done, bytes_total)`` progress tuples, then one :class:`CountResult`.

    ``fork``: worker processes may be forked when that is safe (see
    :func:`bpe_engine.parallel.run_pool`). Closing the generator early stops the work
    (worker processes are killed).
    """
    total = source.total_bytes()
    n_workers = default_workers() if workers is None else workers
    if n_workers < 1:
        raise ValueError(f"workers must be at least 1, got {workers}")
    chunker = Chunker(pretokenizer, special_tokens)
    yield (0, total)
    keyed: list[KeyedPieces] = []
    if n_workers == 1 or total < _PARALLEL_MIN_BYTES or os.name != "posix":
        counter = _ChunkCounter(pretokenizer, special_tokens, sharded=True)
        done = 0
        for chunk, path, offset, consumed in iter_blocks(source, chunker, _INPROCESS_BLOCK):
            counter.add(chunk, path, offset)
            done += consumed
            yield (done, total)
        shards = counter.sharded_result()
        special_count = counter.special_count
    else:
        shards, keyed, special_count = yield from _count_parallel(
            source, pretokenizer, special_tokens, chunker, n_workers, total, fork
        )
    yield counted(source, shards, total, special_count, keyed)


def counted(
    source: CorpusSource,
    shards: list[dict[bytes, int]],
    total: int,
    special_count: int,
    keyed: list[KeyedPieces] | None = None,
) -> CountResult:
    """The result of a count (raises :class:`EmptyCorpusError` if no piece was found)."""
    if not any(shards) and not keyed:
        what = "the text" if source.text is not None else ", ".join(source.paths)
        raise EmptyCorpusError(
            f"{what}: no text to learn from (the corpus is empty or holds only special tokens); "
            "choose a file with some text in it"
        )
    return CountResult(shards=shards, total_bytes=total, special_count=special_count, keyed=keyed or [])


def _count_parallel(
    source: CorpusSource,
    pretokenizer: Pretokenizer,
    special_tokens: Sequence[str],
    chunker: Chunker,
    n_workers: int,
    total: int,
    fork: bool,
) -> Generator[tuple[int, int], None, tuple[list[dict[bytes, int]], list[KeyedPieces], int]]:
    # Workers read their ranges of the files themselves (nothing is copied through this
    # process); a text held in memory is sent in chunks.
    tasks: Iterable[tuple[bytes, str, int] | tuple[str, int, int]]
    if source.text is not None:
        tasks = ((chunk, path, offset) for chunk, path, offset, _ in iter_blocks(source, chunker, _WORKER_BLOCK))
    else:
        tasks = iter_ranges(source, _WORKER_BLOCK)
    done = 0
    special_count = 0
    shards: list[dict[bytes, int]] = [{} for _ in range(SHARDS)]
    keyed = KeyedMerger()
    fork = fork and can_fork()
    # Forked workers inherit what `prepared` makes (made once here, not once in each); it is
    # dropped when they have ended, so this process holds it, once, only meanwhile.
    with pretokenizer.prepared() if fork else nullcontext():
        events = run_pool(
            "bpe_engine.train.counting:_CountHandler",
            (pretokenizer.spec, tuple(special_tokens)),
            tasks,
            n_workers,
            fork=fork,
        )
        for kind, _, payload in events:
            if kind == "result":
                done += payload
                yield (done, total)
            elif kind == "tick":
                yield (done, total)  # the consumer may stop (cancel) between any two events
            elif isinstance(payload, int):
                special_count += payload
            elif isinstance(payload, KeyedPart):
                keyed.add(payload)
                yield (done, total)  # (a cancel point between parts, as between shards)
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
    return shards, keyed.result(), special_count
