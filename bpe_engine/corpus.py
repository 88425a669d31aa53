"""Reading a corpus in chunks that leave the pre-tokenization unchanged.

A corpus is a list of UTF-8 files or one text (:class:`CorpusSource`). It is read in blocks,
each cut where the pieces cannot change: after a special token, or at the pre-tokenizer's
safe cut points (byte-level rules here, the text rules of :mod:`bpe_engine.pretokenize` where
no ASCII cut exists). Training counts the chunks (:mod:`bpe_engine.train.counting`) and
whole-file encoding encodes them (:mod:`bpe_engine.encode.files`); memory follows the chunk
size, never the size of the corpus.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import BinaryIO

import regex

from ._files import file_problem
from ._text import lone_surrogate, surrogate_message
from .errors import CorpusEncodingError, CorpusError, CorpusNotFoundError, EmptyCorpusError
from .pretokenize import Pretokenizer

__all__ = [
    "CorpusSource",
    "Chunker",
    "decode_chunk",
    "default_workers",
    "iter_blocks",
    "iter_ranges",
    "line_blocks",
    "LINE_BLOCK",
    "read_range",
    "special_bytes_regex",
    "SAFE_CUT_BYTES",
]

_CUT_WINDOW = 64 * 1024  # how far back from a block's end a safe cut is looked for

# Byte-level versions of the safe cut rules of bpe_engine.pretokenize (deliberately narrower:
# ASCII letters/digits only, so they never need to decode a character).
_GPT_SAFE_CUT_BYTES = rb"[A-Za-z0-9]\n(?=[!-~])|[!-~]\n(?=[!-.0-~])|[A-Za-z](?= [A-Za-z])"
_SAFE_CUT_RULES = {
    "gpt2": _GPT_SAFE_CUT_BYTES,
    "cl100k": _GPT_SAFE_CUT_BYTES,
    "o200k": _GPT_SAFE_CUT_BYTES,
    "whitespace": rb"[^ ](?= )",
}
# Forward (to walk a block) and backward (to find the last cut in a window at once).
SAFE_CUT_BYTES = {name: regex.compile(rule) for name, rule in _SAFE_CUT_RULES.items()}
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
    def from_input(
        input_path: str | os.PathLike[str] | Sequence[str | os.PathLike[str]] | None, text: str | None = None
    ) -> CorpusSource:
        if text is not None:
            if input_path is not None:
                raise ValueError("give either input_path or text, not both")
            if not isinstance(text, str):
                raise CorpusError(f"text must be a str, got {type(text).__name__}")
            at = lone_surrogate(text)
            if at is not None:
                raise CorpusError(surrogate_message("the training text", text, at))
            return CorpusSource(text=text)
        if input_path is None:
            raise ValueError("no corpus given: pass input_path (a path or a list of paths) or text=")
        paths: tuple[str, ...]
        if isinstance(input_path, (str, os.PathLike)):
            paths = (os.fspath(input_path),)
        else:
            paths = tuple(os.fspath(p) for p in input_path)
        if not paths:
            raise EmptyCorpusError("the list of corpus files is empty; choose at least one text file")
        for p in paths:
            problem = file_problem(p)  # a FIFO or a device would block or never end: refused at once
            if problem is not None:
                raise CorpusNotFoundError(f"{p}: {problem}")
        return CorpusSource(paths=paths)

    def total_bytes(self) -> int:
        if self.text is not None:
            return len(self.text.encode("utf-8"))
        return sum(os.path.getsize(p) for p in self.paths)


#: Characters a trainer counts at a time in its own thread (the app trains beside its GUI: each
#: C pass over a block holds the interpreter lock; 1 MiB took 40-275 ms a pass).
LINE_BLOCK = 1 << 16


def line_blocks(text: str, size: int = LINE_BLOCK) -> Iterator[str]:
    """``text`` in blocks of about ``size`` characters, each cut after a line end (``\\n``); a
    block without one runs on to the next line end. (A line end is whitespace for the
    trainers that count words: no word is cut.)"""
    start = 0
    while start < len(text):
        cut = text.find("\n", start + size - 1) + 1 if start + size < len(text) else 0
        end = cut if cut > 0 else len(text)
        yield text[start:end]
        start = end


def decode_chunk(chunk: bytes, path: str, offset: int) -> str:
    try:
        return chunk.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise CorpusEncodingError(path, offset + exc.start, exc.reason) from None


def special_bytes_regex(special_tokens: Sequence[str]) -> tuple[regex.Pattern[bytes] | None, int]:
    """A bytes regex matching the special tokens, longest first; and the longest one's length."""
    ordered = sorted({t.encode("utf-8") for t in special_tokens}, key=lambda b: (-len(b), b))
    pattern = regex.compile(b"|".join(regex.escape(t) for t in ordered)) if ordered else None
    return pattern, max((len(t) for t in ordered), default=0)


class Chunker:
    """Cuts a byte stream into chunks at boundaries that leave the pieces unchanged."""

    def __init__(self, pretokenizer: Pretokenizer, special_tokens: Sequence[str]) -> None:
        self.special_re, self.max_special = special_bytes_regex(special_tokens)
        self.tokens = sorted({t.encode("utf-8") for t in special_tokens})
        self.safe_rev = _SAFE_CUT_BYTES_REV.get(pretokenizer.name)
        self.pretokenizer = pretokenizer

    @property
    def context(self) -> int:
        """Bytes on either side of a position that decide whether it is a cut (:meth:`first_cut`):
        a special token ending there and any other one overlapping it, and 8 bytes more."""
        return 2 * self.max_special + 16

    def first_cut(self, buf: bytes, start: int, final: bool) -> int | None:
        """The first position ``p >= start`` of ``buf`` where the text may be cut, judged from
        the bytes around it alone (so that two readers of a file agree on it), or None.

        ``buf`` holds :attr:`context` bytes before ``start`` (or begins the text); positions
        closer than that to its end are not judged unless ``final`` (``buf`` ends the text,
        and its end is a cut). A cut is the end of an occurrence of a special token that no
        other occurrence overlaps (the scan from the beginning of the text matches exactly
        that one there, wherever it began), or a position that the pre-tokenizer's byte-level
        or text rule allows where no special token occurrence lies within 8 bytes (the rules
        look at one or two characters on either side). Both are judged from the bytes around
        the position alone, so whether a position is a cut does not depend on ``start``: a
        reader that finds no cut in its range knows that the next range's reader finds the
        same first cut (:func:`read_range` relies on it).
        """
        limit = len(buf) if final else len(buf) - self.context
        if start > limit:
            return None
        occurrences = _special_occurrences(buf, self.tokens, start - self.max_special - 8)
        best = len(buf) if final else limit + 1  # one past the last position judged
        for e in _lone_ends(occurrences):
            if e >= start:
                best = min(best, e)
                break

        def clear(p: int) -> bool:
            return not any(s < p + 8 and e > p - 8 for s, e in occurrences)

        safe = SAFE_CUT_BYTES.get(self.pretokenizer.name)
        lo, hi = max(0, start - 2), min(len(buf), best + 1)
        if safe is not None and best > start and self.pretokenizer.may_cut(buf, lo, hi):
            for m in safe.finditer(buf, lo, hi):
                p = m.end()
                if p >= best:
                    break
                if p >= start and clear(p):
                    best = p
                    break
        if self.pretokenizer.safe_cut is not None and best > start:
            found = _text_first_cut(buf, start, best, self.pretokenizer, clear)
            if found is not None:
                best = found
        if best <= limit:
            return best
        return None

    def boundary(self, f: BinaryIO, size: int, x: int) -> int:
        """The first cut at or after byte ``x`` of the open file ``f`` of ``size`` bytes (0 and
        ``size`` are cuts). Readers of consecutive ranges ``[a, b)`` of a file that each read
        ``[boundary(a), boundary(b))`` together read every byte once, in chunks that leave the
        pieces unchanged: a cut depends on the bytes around it, not on where a reader began."""
        found = self.boundary_before(f, size, x, size)
        return size if found is None else found

    def boundary_before(self, f: BinaryIO, size: int, x: int, stop: int) -> int | None:
        """:meth:`boundary` of ``x`` if it is at most ``stop`` (at most ``size``), else None.

        subtle: ``stop`` itself counts. A position is judged from the bytes around it, but a
        special token that ends exactly where a search begins is not seen from there, so a
        search from ``x`` may find a cut at ``stop`` that a search from ``stop`` does not.

        Reads at most from ``x`` to ``stop`` (and the context around them): a reader whose
        range holds no cut learns it from its own bytes instead of scanning to the next cut,
        which on a file without cuts (one long line of letters) made every reader scan the
        rest of the file, quadratic time in all.
        """
        if x <= 0:
            return 0
        if x >= size:
            return size if size <= stop else None
        ctx = self.context
        end = min(size, stop + ctx)  # positions before ``stop`` are judged with this much after
        window = 4096  # a cut is usually a few bytes away; where it is not, the window doubles
        at = x
        while True:
            lo = max(0, at - ctx)
            hi = min(end, x + window)
            f.seek(lo)
            buf = f.read(hi - lo)
            final = hi >= size
            p = self.first_cut(buf, at - lo, final)
            if p is not None:
                return lo + p if lo + p <= stop else None
            if final:
                return size if size <= stop else None
            if hi >= end:
                return None
            # The next window goes on from the positions judged (up to ``hi - ctx``), not from
            # ``x`` again: each doubling rescanned all before it (the text rule costs ~0.4 us a
            # byte on a line without cuts). The last ``ctx`` positions are judged again, with
            # as much before them as a search from ``x`` sees.
            at = max(at, hi - 2 * ctx)
            window *= 2

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
        if not self.pretokenizer.may_cut(buf, start, limit):
            return best  # (no mark of a cut in the window: neither rule finds one)
        if self.safe_rev is not None:
            cut = self.safe_rev.search(buf, start, limit)
            if cut is not None:
                return max(best, cut.end())
        # No ASCII cut (Chinese, Russian...): look at the window as text.
        return max(best, _text_cut(buf, start, limit, self.pretokenizer))


def _special_occurrences(buf: bytes, tokens: Sequence[bytes], start: int) -> list[tuple[int, int]]:
    """Every occurrence of a special token in ``buf`` that ends after ``start`` (overlapping
    ones too), as ``(start, end)`` sorted."""
    occurrences: list[tuple[int, int]] = []
    for tok in tokens:
        i = buf.find(tok, max(0, start - len(tok) + 1))
        while i >= 0:
            occurrences.append((i, i + len(tok)))
            i = buf.find(tok, i + 1)
    occurrences.sort()
    return occurrences


def _lone_ends(occurrences: list[tuple[int, int]]) -> list[int]:
    """The ends of the sorted ``occurrences`` that no other occurrence overlaps, in order."""
    ends: list[int] = []
    reach = -1  # the furthest end of the occurrences before this one
    for i, (s, e) in enumerate(occurrences):
        if reach <= s and not (i + 1 < len(occurrences) and occurrences[i + 1][0] < e):
            ends.append(e)
        reach = max(reach, e)
    return ends


def _text_first_cut(
    buf: bytes, start: int, stop: int, pretokenizer: Pretokenizer, clear: Callable[[int], bool]
) -> int | None:
    """The first cut in ``buf[start:stop]`` by the pre-tokenizer's text rule where ``clear``
    holds, as a byte offset, or None. The text is decoded from a few characters before
    ``start`` (for the rule's look-behind) to a few after ``stop`` (its look-ahead)."""
    rule = pretokenizer.safe_cut
    assert rule is not None
    if not pretokenizer.may_cut(buf, start, stop):
        return None
    a = max(0, start - 12)
    while a < start and (buf[a] & 0xC0) == 0x80:
        a += 1  # decode from the start of a character
    b = min(len(buf), stop + 12)
    while b < len(buf) and (buf[b] & 0xC0) == 0x80:
        b += 1  # to the end of one
    try:
        text = buf[a:b].decode("utf-8")
    except UnicodeDecodeError:
        return None  # left to the decoder, which names the file and offset
    prev, offset = 0, a
    for m in rule.finditer(text):
        p = m.start()
        offset += len(text[prev:p].encode("utf-8"))
        prev = p
        if offset >= stop:
            return None
        if offset >= start and clear(offset):
            return offset
    return None


def iter_ranges(source: CorpusSource, size: int) -> Iterator[tuple[str, int, int]]:
    """``(path, start, end)``: the corpus files in ranges of about ``size`` bytes (for
    :func:`read_range`; the last range of a file ends at its size)."""
    for path in source.paths:
        total = os.path.getsize(path)
        for start in range(0, total, size):
            yield path, start, min(total, start + size)


def read_range(f: BinaryIO, size: int, start: int, end: int, chunker: Chunker) -> tuple[int, bytes]:
    """The chunk of the open file ``f`` (``size`` bytes) that a reader of the range
    ``[start, end)`` counts: from the first cut at or after ``start`` to the first at or after
    ``end`` (see :meth:`Chunker.boundary`); with its offset in the file."""
    a = chunker.boundary_before(f, size, start, end)
    if a is None:
        return end, b""  # no cut in the range: the reader before it reads these bytes
    b = chunker.boundary(f, size, end) if end < size else size
    if b <= a:
        return a, b""
    f.seek(a)
    return a, f.read(b - a)


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


def iter_blocks(source: CorpusSource, chunker: Chunker, block: int) -> Iterator[tuple[bytes, str, int, int]]:
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
            yield data[pos : pos + n], "<text>", pos, n
            pos += n
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
