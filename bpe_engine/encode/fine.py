r"""The words path's other chunks cut finer, for code: line breaks, indentation, ``a.b(c):``.

:mod:`.words` cuts a text into chunks at a space after an ASCII non-white-space byte and
answers the simple ones by NumPy; in code most of the rest hold a line break and the next
line's indentation (``" if\n        the"``) or a name with punctuation (``" self._cmd(x,"``).
Here each such chunk is cut into *parts* at more points where every one of the patterns
(o200k, cl100k, GPT-2, Qwen, Llama 3, Tekken; none has a lookbehind) always has a piece
boundary in the whole text, and a chunk all of whose parts have one of two shapes is split
by NumPy: its pieces are computed, not matched. The other chunks still go to the pattern
whole, laid end to end as :mod:`.words` argues. The cuts, inside a chunk (ASCII bytes; ``W``
the ASCII white space, which is the patterns' ``\s`` on ASCII):

1. **A space after a ``W`` byte and before an ASCII byte not in ``W``** (the last space of an
   indentation, ``"\n    | the"``): no alternative crosses it. A letter, digit or punctuation
   alternative needs a byte not in ``W`` right after its at most one optional byte;
   ``\s*[\r\n]+``/``\s*[\r\n]`` end at a line break; ``\s++$`` needs white space to the end;
   ``\s+(?!\S)`` from inside the run fails if it holds the space (a non-white byte follows) and
   so ends before it, and as it succeeds there the plain ``\s+`` (Qwen, Llama 3, o200k,
   Tekken) or ``\s`` is never tried.
2. **A line break after an ASCII letter or digit**: every alternative that takes a letter or
   digit is letters or digits after an optional byte (o200k's contractions end in a letter).
3. **After one or two line breaks that follow ASCII punctuation, before a byte that is no
   line break and no ``/``** (not GPT-2's): the punctuation's piece is
   ``" ?[^\s\p{L}\p{N}]+[\r\n]*"`` (o200k, Tekken: ``[\r\n/]*``), which takes the line breaks
   and stops at that byte (a letter alternative needs a letter right after its one optional
   byte, and the punctuation is followed by a line break, so none takes its last byte).
4. **Right after a line break, before an ASCII letter, digit or punctuation byte but ``/``**
   (not GPT-2's): ``\s*[\r\n]+`` (cl100k: ``\s*[\r\n]``) or the punctuation's line breaks end
   there, and what starts there takes no line break (the letters' prefix is
   ``[^\r\n\p{L}\p{N}]``, the punctuation's optional byte a space). Not before ``/``: o200k's
   ``[\r\n/]*``; not GPT-2's: its ``\s+(?!\S)`` and ``\s`` cut ``"\n\nx"`` as ``"\n", "\n"``.

A part is split by NumPy when it has one of two shapes:

- **White space only, followed by cut 1 or 4** (an indentation, ``"\n\n    "``): GPT-2's
  ``\s+(?!\S)`` takes it whole (the space of cut 1 and a non-white byte follow); the others'
  ``\s*[\r\n]+`` (cl100k: ``\s*[\r\n]``) take it through its run of line breaks, which must
  come first (one run: a line break after other white space is no shape), and ``\s+(?!\S)``
  the rest (before cut 4 there is no rest: the part ends with its line breaks). No
  alternative before them matches there: a letter, digit or punctuation one needs a non-white
  byte within its first two, and no letters' prefix is a line break.
- **An optional space, then ASCII letters, digits and punctuation** (no apostrophe before a
  letter: contractions; no fourth digit in a row under ``\p{N}{1,3}``), **then line breaks after punctuation only**
  (not GPT-2). Under GPT-2 each run of letters, of digits and of punctuation is a piece
  (`` ?\p{L}+``, `` ?\p{N}+``, `` ?[^\s\p{L}\p{N}]+``), the first with the space. Under the
  others (``[^\r\n\p{L}\p{N}]?\p{L}+``): a run of letters takes one punctuation byte before
  it as its prefix when that byte follows a letter or digit or starts the part (``".h"``,
  ``"(cmd"``: the piece before ended there), or the part's space; otherwise (two or more
  punctuation bytes, or one after the space) the punctuation run is a piece of its own
  (``" ?[^\s\p{L}\p{N}]+"``, greedy, with the space when it follows it, and with the line
  breaks at the part's end). Digits are never a prefix's letters nor take one: each run is
  one piece (``\p{N}{1,3}``, runs of up to three here) or one per digit (``\p{N}``: Qwen,
  Tekken), and the space before them is a piece of its own (``\s+``/``\s``: no other
  alternative takes a space before a digit). Under o200k and Tekken a run of letters is cut
  before every upper-case letter that follows a lower-case one (``[UP]*[LO]+`` and
  ``[UP]+[LO]*``, greedy, end there; the prefix stays with the first run).

Every part ends at a cut, at its chunk's end (a space after a non-space or the document's end
follows in the text, where every run stops as in :mod:`.words`) or at the text's end, so a
part's last piece ends with it. ``tests/engine/test_fine_path.py`` checks the pieces against
``regex``'s matches of each pattern on code-like text, chunks laid end to end in any selection.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

import numpy as np

__all__ = ["Prefix", "Split", "SPLITS", "fine_pieces"]


class Prefix(Enum):
    """Which byte before a run of letters joins its piece."""

    SPACE = "space"  # GPT-2: ` ?\p{L}+`, ` ?\p{N}+`, and punctuation takes no line breaks
    ONE = "one"  # `[^\r\n\p{L}\p{N}]?\p{L}+`, punctuation takes the line breaks after it


@dataclass(frozen=True)
class Split:
    """How a pattern splits a part of letters, digits and punctuation: its letters' prefix,
    and the most digits in a piece (0: a whole run)."""

    prefix: Prefix
    digits: int


SPLITS: dict[str, Split] = {
    "gpt2": Split(Prefix.SPACE, 0),
    "cl100k": Split(Prefix.ONE, 3),
    "qwen": Split(Prefix.ONE, 1),
    "llama3": Split(Prefix.ONE, 3),
    "o200k": Split(Prefix.ONE, 3),
    "tekken": Split(Prefix.ONE, 1),
}

# Byte classes (ASCII; tests check them against ``regex``): letters, digits, punctuation (the
# slash apart: o200k's and Tekken's ``[\r\n/]*``; the apostrophe apart: contractions), space,
# line breaks, the other white space (\t \x0b \x0c), other ASCII (controls, \x1c-\x1f, which
# ``regex`` does not count as white space) and non-ASCII bytes.
_LO, _UP, _DIGIT, _PUNCT, _SLASH, _APOS, _SP, _LB, _WT, _OTH, _NA = range(11)
_N = 11
_LETTER, _MARK, _WHITE = {_LO, _UP}, {_PUNCT, _SLASH, _APOS}, {_SP, _LB, _WT}
_CLASSES = bytes(
    _NA
    if c >= 128
    else _LO
    if chr(c).islower()
    else _UP
    if chr(c).isupper()
    else _DIGIT
    if chr(c).isdigit()
    else _SLASH
    if c == ord("/")
    else _APOS
    if c == ord("'")
    else _SP
    if c == 0x20
    else _LB
    if c in b"\r\n"
    else _WT
    if c in b"\t\x0b\x0c"
    else _PUNCT
    if 33 <= c < 127 and not chr(c).isalnum()
    else _OTH
    for c in range(256)
)
# Bits of a pair of bytes (a before b) that the cuts read (the first byte of a pair's entry)
# and that the shapes and piece starts read (the second); see _pair_bits.
_CUT, _DD, _C1L, _C1R, _PL, _LL, _LE = 1, 2, 4, 8, 16, 32, 64
_BAD, _SOLID, _BADNF, _SOLIDNF, _RUN, _LRUN, _LP, _LBEND = 1, 2, 4, 8, 16, 32, 64, 128


def _pair_bits(a: int, b: int, split: Split, cased: bool) -> tuple[int, int]:
    """The low and high bits of the pair of classes ``a``, ``b``, where b is not the first
    byte of a chunk (:func:`fine_pieces` corrects those)."""
    one = split.prefix is Prefix.ONE
    low = _CUT * (a in _LETTER | {_DIGIT} and b == _LB)  # cut 2 at b
    low |= _CUT * (one and a == _LB and b in _LETTER | _MARK | {_DIGIT} and b != _SLASH)  # cut 4
    low |= _DD * (a == _DIGIT and b == _DIGIT)  # (a fourth digit in a row: no shape)
    low |= _C1L * (a in _WHITE and b == _SP)  # cut 1 at b, with the next pair's _C1R
    low |= _C1R * (a == _SP and b in _LETTER | _MARK | {_DIGIT, _OTH})
    low |= _PL * (a in _MARK and b == _LB)  # cut 3: punctuation, line breaks ...
    low |= _LL * (a == _LB and b == _LB)
    low |= _LE * (a == _LB and b not in (_LB, _SLASH))  # ... and a byte no line break or "/"
    # A part of letters, digits and punctuation may not hold b (_BADNF: unless b starts it).
    lb_ok = one and a in _MARK | {_LB}
    bad = b in (_WT, _OTH, _NA) or (b == _LB and not lb_ok) or (a == _APOS and b in _LETTER)
    high = _BAD * bad
    high |= _BADNF * (b == _SP or (one and a == _LB and b != _LB))
    # A blank part may not hold b (_SOLIDNF: unless it starts the part): not white space; for
    # all but GPT-2 a line break after other white space (one run of line breaks, first).
    high |= _SOLID * (b not in _WHITE)
    high |= _SOLIDNF * (one and a != _LB and b == _LB)
    # Piece starts: runs of punctuation (not after the part's space), of digits (after it
    # too under the ONE patterns: their space is a piece of its own there; every digit where
    # a piece holds one), letters after digits, and GPT-2's letters.
    run = b in _MARK and a not in _MARK | {_SP}
    run |= cased and a == _LO and b == _UP  # o200k's and Tekken's case runs
    if one:
        run |= (b == _DIGIT and (a != _DIGIT or split.digits == 1)) or (b in _LETTER and a == _DIGIT)
        high |= _LRUN * (a in _MARK and b in _LETTER)  # unless the mark is a prefix
        high |= _LP * (a in _LETTER | {_DIGIT} and b in _MARK)
        high |= _LBEND * (a == _LB and b != _LB)  # a blank part's piece after its line breaks
    else:
        run |= (b == _DIGIT and a not in {_DIGIT, _SP}) or (b in _LETTER and a not in _LETTER | {_SP})
    high |= _RUN * run
    return low, high


def _pair_tables(split: Split, cased: bool) -> tuple[bytes, bytes]:
    """:func:`_pair_bits` as two ``bytes.translate`` tables by pair code ``a * 11 + b``."""
    n = _N * _N
    bits = [_pair_bits(code // _N, code % _N, split, cased) if code < n else (0, 0) for code in range(256)]
    return bytes(low for low, _ in bits), bytes(high for _, high in bits)


_TABLES = {(split, cased): _pair_tables(split, cased) for split in set(SPLITS.values()) for cased in (False, True)}
_AT_START = np.uint8(0xFF & ~(_DD | _C1R | _PL | _LL))  # what a chunk's first byte keeps


def fine_pieces(
    data: bytes, starts: np.ndarray, cased: bool, split: Split
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """For chunks laid end to end in ``data`` (chunk ``k`` from ``starts[k]``; chunks of
    :mod:`.words`), whether each is split here (every part of a shape in the module
    docstring), and the pieces of those, in order: their starts and lengths in ``data``."""
    n = len(data)
    k = np.frombuffer(data.translate(_CLASSES), dtype=np.uint8)
    pair = np.empty(n, dtype=np.uint8)
    pair[0] = _NA * _N + k[0]
    np.multiply(k[:-1], _N, out=pair[1:])
    pair[1:] += k[1:]
    codes = pair.tobytes()
    low_table, high_table = _TABLES[split, cased]
    low = np.frombuffer(bytearray(codes.translate(low_table)), dtype=np.uint8)
    high = np.frombuffer(bytearray(codes.translate(high_table)), dtype=np.uint8)
    # A chunk's first byte: no pair with the byte before (another chunk's) holds.
    low[starts] = (low[starts] & _AT_START) | _CUT
    high[starts] |= np.where(k[starts] == _LB, _BAD, 0).astype(np.uint8)
    first = (low & _CUT) != 0
    # Cut 1: a's bit _C1L (4) shifted onto the next pair's _C1R (8).
    first[:-1] |= ((low[:-1] << 1) & low[1:] & _C1R) != 0
    one = split.prefix is Prefix.ONE
    if one and n >= 2:
        # Cut 3 after one or two line breaks.
        le = (low[1:] & _LE) != 0
        before = (low[:-1] & _PL) != 0
        before[1:] |= ((low[1:-1] & _LL) != 0) & ((low[:-2] & _PL) != 0)
        first[1:] |= le & before
    # Per byte, bad (1) and not blank (2), from _BAD, _SOLID and (unless a part starts there)
    # _BADNF, _SOLIDNF.
    flags = (high >> 2) & 3
    flags &= (~first).view(np.uint8) * np.uint8(3)
    flags |= high & 3
    if split.digits == 3 and n >= 3:
        # A fourth digit in a row: ``\p{N}{1,3}`` would start a piece there; not a shape here.
        dd = (low & _DD) != 0
        flags[2:] |= (dd[2:] & dd[1:-1] & dd[:-2]).view(np.uint8)
    parts = np.flatnonzero(first)
    seen = np.bitwise_or.reduceat(flags, parts)
    ends = np.empty_like(parts)
    ends[:-1] = parts[1:]
    ends[-1] = n
    coarse = np.zeros(n + 1, dtype=bool)
    coarse[starts] = True
    coarse[n] = True
    blank = ((seen & 2) == 0) & ~coarse[ends]  # followed by cut 1 or 4, not the chunk's end
    taken = (seen == 2) | blank
    # A chunk is split here when all its parts are taken.
    ok = ~np.logical_or.reduceat(~taken, np.flatnonzero(coarse[parts]))
    piece_starts = (high & (_RUN | _LBEND)) != 0
    if one:
        # Letters after a mark that is no prefix: the mark starts no part, follows no letter
        # or digit.
        piece_starts[1:] |= ((high[1:] & _LRUN) != 0) & ~first[:-1] & ((high[:-1] & _LP) == 0)
    piece_starts |= first
    bounds = np.flatnonzero(piece_starts)
    lengths = np.diff(bounds, append=n)
    keep = np.repeat(ok, np.diff(starts, append=n))[bounds]
    return ok, bounds[keep], lengths[keep]
