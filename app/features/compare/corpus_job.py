"""Corpus mode of the compare view: encode one file with several tokenizers and count.

The worker reads the file in blocks (at most ``limit_bytes`` of it), decodes UTF-8
incrementally (one reader, :meth:`CorpusEncodeWorker._read_text`, which also names the byte
offset of bad UTF-8) and feeds the text to each tokenizer's ``encode_iterable``, counting
tokens, bytes and characters. For a whole file and a vocabulary that tiktoken's core encodes
exactly like ours (the OpenAI encodings), the engine's ``iter_encode_file`` does the work
many times faster (the engine has no byte limit and counts no characters, so the reader stays
for the rest).

With "Add BOS/EOS", each non-blank line of the file is one text (a corpus file holds one
document a line, as training and evaluation sets do): the special tokens a model adds around
a text are counted once per such line, as ``tokenizers``' ``encode(line).ids`` adds them;
the file itself is still encoded as a whole (the tokens of the text do not change). It runs in a job thread started by
:class:`app.features.compare.corpus_controller.CorpusCompareController`, emits progress at most
every ~50 ms, and stops within one block when :meth:`CorpusEncodeWorker.cancel` is called.

It leaves out showing the figures (the compare view).
"""

from __future__ import annotations

import codecs
import os
import threading
import time
from collections.abc import Generator, Iterator, Sequence
from enum import StrEnum
from typing import cast

import numpy as np
from PySide6.QtCore import Signal

from app.core.i18n import tr
from app.core.jobs.runner import Worker
from app.core.messages import CorpusStats
from bpe_engine import Tokenizer, TokenizerLike, errors, iter_encode_file

__all__ = ["CorpusEncodeWorker", "CorpusState", "LineCounter", "BLOCK_BYTES"]


class CorpusState(StrEnum):
    """Where a corpus run stands (the controller's state); a run ends ``DONE`` or ``CANCELLED``
    (the worker's ``finished``), or ``FAILED``."""

    IDLE = "idle"
    RUNNING = "running"
    CANCELLING = "cancelling"
    DONE = "done"
    CANCELLED = "cancelled"
    FAILED = "failed"


BLOCK_BYTES = 1 << 14  # small enough that Cancel acts within ~0.2 s even on a cold cache
_PROGRESS_EVERY = 0.05

#: ``iter_encode_file`` is a generator of ``(bytes_done, bytes_total, ids)``: closing it stops
#: the engine's threads.
_Chunks = Generator[tuple[int, int, np.ndarray], None, None]


class _Cancelled(Exception):
    pass


class LineCounter:
    """Counts the non-blank lines of a text fed in blocks (a line may span blocks)."""

    def __init__(self) -> None:
        self._done = 0
        self._open = False  # the line being read has a character that is not white space

    def feed(self, text: str) -> None:
        *ended, last = text.split("\n")
        for line in ended:
            if self._open or (line and not line.isspace()):
                self._done += 1
            self._open = False
        if last and not last.isspace():
            self._open = True

    def total(self) -> int:
        """The non-blank lines so far, the last one included even without its newline."""
        return self._done + int(self._open)


class CorpusEncodeWorker(Worker):
    """Encodes one file with each tokenizer in turn (see the module docstring).

    Signals:
        progress(int, int): bytes processed so far, over all tokenizers, and the total.
        column_done(CorpusStats): the :class:`~app.core.messages.CorpusStats` of one tokenizer.
        finished(str): "done" or "cancelled".
        failed(str): the file cannot be used (message names it and says how to fix it).
    """

    progress = Signal(int, int)
    column_done = Signal(CorpusStats)
    finished = Signal(str)
    failed = Signal(str)

    def __init__(
        self, path: str, limit_bytes: int, tokenizers: Sequence[tuple[str, TokenizerLike]], add_specials: bool = False
    ) -> None:
        super().__init__()
        self.path = path
        self.limit_bytes = limit_bytes  # 0: the whole file
        self.tokenizers = list(tokenizers)
        self.add_specials = add_specials  # the BOS/EOS each model adds, once per non-blank line
        self._cancel = threading.Event()
        self._last_emit = 0.0

    def cancel(self) -> None:
        """Thread-safe: called directly from the GUI thread."""
        self._cancel.set()

    def run(self) -> None:
        try:
            size, per = self._sizes()
            self._encode_all(size, per)
            self.finished.emit(CorpusState.DONE)
        except _Cancelled:
            self.finished.emit(CorpusState.CANCELLED)
        except errors.BPEError as exc:
            self.failed.emit(str(exc))
        except Exception as exc:  # never let a worker die silently
            self.failed.emit(
                tr("{path}: encoding failed ({kind}: {reason})").format(
                    path=self.path, kind=type(exc).__name__, reason=exc
                )
            )

    def _sizes(self) -> tuple[int, int]:
        """The file's size and the bytes each tokenizer encodes (raises when there are none)."""
        try:
            size = os.path.getsize(self.path)
        except OSError as exc:
            raise errors.CorpusNotFoundError(
                tr("{path}: cannot be read ({reason}); choose another file").format(path=self.path, reason=exc.strerror)
            ) from None
        per = min(size, self.limit_bytes) if self.limit_bytes > 0 else size
        if per == 0:
            raise errors.EmptyCorpusError(tr("{path} is empty; choose a file with some text").format(path=self.path))
        return size, per

    def _encode_all(self, size: int, per: int) -> None:
        """Encode ``per`` bytes of the file with each tokenizer in turn, one ``column_done`` each."""
        total = per * len(self.tokenizers)
        whole = per == size
        chars: tuple[int, int] | None = None  # the whole file's characters and non-blank lines
        for n, (key, tok) in enumerate(self.tokenizers):
            start = time.perf_counter()
            if whole and isinstance(tok, Tokenizer) and tok.tiktoken_equivalent() is None:
                if chars is None:
                    chars = self._count_chars(size)
                stats = (*self._encode_bulk(tok, chars[0], n * per, total), chars[1])
            else:
                stats = self._encode(tok, per, whole, n * per, total)
            extra = tok.special_additions
            texts = stats[3]
            added = texts * (len(extra.before) + len(extra.after)) if self.add_specials else 0
            self.column_done.emit(
                CorpusStats(
                    chars=stats[1],
                    bytes=stats[0],
                    tokens=stats[2] + added,
                    key=key,
                    seconds=time.perf_counter() - start,
                    texts=texts,
                    added=added,
                )
            )
        self.progress.emit(total, total)

    def _read_text(self, limit: int, whole: bool, block_size: int) -> Iterator[tuple[str, int]]:
        """The file's first ``limit`` bytes as text, block by block: ``(text, bytes_decoded)``.

        ``bytes_decoded`` leaves out the bytes of a character split by the block's end (they
        come with the next block). With ``whole`` False the text stops at ``limit`` and a
        character cut there is left out; otherwise a character cut by the end of the file is
        bad UTF-8. Bad UTF-8 raises ``CorpusEncodingError`` with its byte offset in the file.
        """
        decoder = codecs.getincrementaldecoder("utf-8")("strict")
        read = 0
        try:
            f = open(self.path, "rb")
        except OSError as exc:
            raise errors.CorpusNotFoundError(
                tr("{path}: cannot be read ({reason}); choose another file").format(path=self.path, reason=exc.strerror)
            ) from None
        with f:
            while read < limit:
                if self._cancel.is_set():
                    raise _Cancelled
                block = f.read(min(block_size, limit - read))
                if not block:
                    break
                # subtle: the decoder keeps the bytes of a character split by the previous
                # block and exc.start counts from them, not from this block.
                pending = len(decoder.getstate()[0])
                try:
                    text = decoder.decode(block)
                except UnicodeDecodeError as exc:
                    raise errors.CorpusEncodingError(self.path, read - pending + exc.start, exc.reason) from None
                read += len(block)
                yield text, read - len(decoder.getstate()[0])
        if whole:
            pending = len(decoder.getstate()[0])
            try:
                decoder.decode(b"", final=True)
            except UnicodeDecodeError as exc:
                raise errors.CorpusEncodingError(self.path, read - pending + exc.start, exc.reason) from None

    def _encode(self, tok: TokenizerLike, limit: int, whole: bool, base: int, total: int) -> tuple[int, int, int, int]:
        """Bytes, characters and tokens of the file's first ``limit`` bytes, and its non-blank lines."""
        counted = {"bytes": 0, "chars": 0}
        lines = LineCounter()

        def texts() -> Iterator[str]:
            for text, done in self._read_text(limit, whole, BLOCK_BYTES):
                counted["chars"] += len(text)
                lines.feed(text)
                counted["bytes"] = done
                self._maybe_progress(base + done, total)
                if text:
                    yield text

        tokens = 0
        for _ in tok.encode_iterable(texts(), allowed_special="all"):
            tokens += 1
        if self._cancel.is_set():
            raise _Cancelled
        return counted["bytes"], counted["chars"], tokens, lines.total()

    def _count_chars(self, size: int) -> tuple[int, int]:
        """Characters and non-blank lines of the whole file (one fast decoding pass; also
        finds bad UTF-8)."""
        lines = LineCounter()
        chars = 0
        try:
            for text, _ in self._read_text(size, True, 1 << 22):
                chars += len(text)
                lines.feed(text)
            return chars, lines.total()
        except OSError as exc:
            raise errors.CorpusNotFoundError(
                tr("{path}: cannot be read ({reason}); choose another file").format(path=self.path, reason=exc.strerror)
            ) from None

    def _encode_bulk(self, tok: Tokenizer, chars: int, base: int, total: int) -> tuple[int, int, int]:
        """The engine's file encoder on tiktoken's core (exactly our encoder for this
        vocabulary, many times faster); stops between chunks of about a megabyte."""
        tokens = 0
        size = 0
        # Qt runs threads of its own that Python cannot see: never fork worker processes here.
        chunks = cast(_Chunks, iter_encode_file(tok, self.path, special="allow", fork_workers=False))
        try:
            for done, file_size, ids in chunks:
                size = file_size
                tokens += len(ids)
                if self._cancel.is_set():
                    raise _Cancelled
                self._maybe_progress(base + done, total)
        finally:
            chunks.close()  # stops the engine's threads when cancelled
        return size, chars, tokens

    def _maybe_progress(self, done: int, total: int) -> None:
        now = time.monotonic()
        if now - self._last_emit >= _PROGRESS_EVERY:
            self._last_emit = now
            self.progress.emit(done, total)
