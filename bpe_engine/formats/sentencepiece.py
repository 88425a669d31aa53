"""SentencePiece ``.model`` files (a ``ModelProto`` protocol buffer) of type BPE or Unigram.

Read with our own wire-format reader (:mod:`.protobuf`; see there why). What is kept: the
pieces (text, score, type), the trainer settings that change encoding (model type, byte
fallback, the unknown piece) and the normalizer (precompiled rules, dummy prefix, extra
whitespace, ``▁`` for spaces). Returns :class:`~.data.SentencePieceData`; the merge rule is
SentencePiece's own (highest score first), see :class:`~bpe_engine.spm.SentencePieceTokenizer`.

Refused with a message: a word or char model, ``treat_whitespace_as_suffix``,
normalization rules given only as TSV text, byte pieces without byte fallback, a missing or
second unknown piece, repeated or empty pieces.
"""

from __future__ import annotations

import codecs
import os
from collections.abc import Sequence
from typing import NamedTuple

import numpy as np

from .._files import FileProblem, read_regular
from ..errors import TokenizerFileError, short
from ..kinds import Algorithm
from .base import Content, Format, ReadRequest, display_name, no_arguments
from .data import (
    BYTE,
    CONTROL,
    NORMAL,
    UNKNOWN,
    UNUSED,
    USER_DEFINED,
    ArrayValues,
    PieceTexts,
    SentencePieceData,
    kind_array,
    piece_list,
    value_list,
)
from .post_processor import additions_from_config
from .protobuf import ProtobufError, fields, float_value, text_value, varint_value

__all__ = [
    "read_sentencepiece_model",
    "data_from_model_proto",
    "looks_like_model_proto",
    "byte_of_piece",
    "FORMAT",
]

#: trainer_spec's control and user-defined symbols: not read (the pieces say the same).
_SYMBOLS = frozenset({30, 31})
_MODEL_TYPES = {1: "Unigram", 2: "BPE", 3: "word", 4: "char"}
_KINDS = {NORMAL, UNKNOWN, CONTROL, USER_DEFINED, UNUSED, BYTE}
_KIND_OK = np.zeros(256, dtype=bool)
_KIND_OK[sorted(_KINDS)] = True


def byte_of_piece(piece: str) -> int:
    """The byte of a ``<0xNN>`` piece (two upper-case hex digits), or -1."""
    return _BYTE_PIECES.get(piece, -1)


_BYTE_PIECES = {f"<0x{b:02X}>": b for b in range(256)}  # (a dict: 256 calls at each open)


def looks_like_model_proto(data: bytes) -> bool:
    """True if ``data`` starts like a SentencePiece model (a piece: field 1, length-delimited,
    holding a field 1 string)."""
    return len(data) > 4 and data[0] == 0x0A and b"\x0a" in data[1:8]


def _spec(data: bytes, source: str, what: str, hop: frozenset[int] = frozenset()) -> dict[int, list[int | bytes]]:
    out: dict[int, list[int | bytes]] = {}
    try:
        for number, _, value in fields(data, hop):
            out.setdefault(number, []).append(value)
    except ProtobufError as exc:
        raise TokenizerFileError(f"{source}: {what} is damaged ({exc})") from None
    return out


def _bool(spec: dict[int, list[int | bytes]], number: int, default: bool, what: str) -> bool:
    values = spec.get(number)
    return bool(varint_value(values[-1], what)) if values else default


class _Bulk(NamedTuple):
    """The leading pieces read in bulk: texts, scores (``<f4``), types (uint8), and the
    offset after them."""

    texts: PieceTexts
    scores: np.ndarray
    kinds: np.ndarray
    end: int


def _unaligned(data: bytes | bytearray, dtype: str) -> np.ndarray:
    """``data`` seen as the values of ``dtype`` starting at every byte offset (an unaligned
    view, no copy): ``view[k]`` is the value in ``data[k:k + size]``."""
    size = np.dtype(dtype).itemsize
    return np.ndarray((max(len(data) - size + 1, 0),), dtype=dtype, buffer=data, strides=(1,))


def _simple_pieces(data: bytes) -> _Bulk | None:
    """Reads the leading pieces written the usual way (text, score, maybe type, each length
    below 128 bytes) in bulk: their texts (kept as bytes, see :class:`~.data.PieceTexts`),
    scores and types (kept as arrays); None when the first piece is not one. The generic
    reader takes the rest, from the first piece written otherwise (it reports any error).
    Why: a field at a time in Python took half a second for 32k pieces; this is NumPy over
    the offsets (each piece's 4 header bytes, score and type read as one word each through
    unaligned views of the file), a loop only to hop from one piece to the next."""
    if len(data) < 12:
        return None
    buf = np.frombuffer(data, dtype=np.uint8)
    at, i = _chain(buf)
    more: list[int] = []
    n = len(data) - 1
    while i < n and data[i] == 0x0A and data[i + 1] < 0x80:  # a piece whose length is one byte
        more.append(i)
        i += data[i + 1] + 2
    if i > n + 1:  # the last one runs past the end: the generic reader reports it
        if more:
            more.pop()
        else:
            at = at[:-1]
    if more:
        at = np.concatenate((at, np.array(more, dtype=np.int64)))
    if not len(at):
        return None
    # Header: 0x0A, the piece's length, 0x0A, the text's length (both below 128). Offsets are
    # clipped to the file (a piece that does not fit is refused); each read is a gather from
    # an unaligned view (``np.take`` would copy the whole view first). In place where it can:
    # fresh memory is most of what this costs in a new process.
    last = len(data) - 4
    head = _unaligned(data, "<u4")[np.minimum(at, last) if more else at]  # (the chain's fit)
    text = head >> 24
    size = head >> 8
    size &= 0xFF
    head &= 0x80FF80FF
    ok = head == 0x000A000A
    ok &= text >= 1
    ok &= at <= len(data) - 10
    size -= text  # after text and score: nothing (7) or the type too (9)
    typed = size == 9
    ok &= typed | (size == 7)
    starts = at  # the texts' (in place: ``at`` is this function's own array)
    starts += 4
    tag = starts + text  # the score's tag (0x15), its 4 bytes, maybe the type's tag (0x18) and type
    np.minimum(tag, last, out=tag)  # (a piece that fits keeps its own)
    ok &= buf[tag] == 0x15
    near = tag + 5
    np.minimum(near, last, out=near)
    after = _unaligned(data, "<u2")[near]
    kind = np.where(typed, after >> 8, NORMAL).astype(np.uint8)
    after &= 0xFF
    typed &= (after != 0x18) | ~_KIND_OK[kind]
    ok &= ~typed
    bad = np.flatnonzero(~ok)
    count = int(bad[0]) if len(bad) else len(starts)
    if not count:
        return None
    kind, tag, near, starts = kind[:count], tag[:count], near[:count], starts[:count]
    end = int(starts[-1]) - 2 + int(text[count - 1]) + int(size[count - 1])  # (size: the rest, now)
    np.add(tag, 1, out=near)  # the scores
    found = _texts(data, end, starts, tag, near)
    if found is None:
        return None
    return _Bulk(found, _unaligned(data, "<f4")[near], kind, end)


def _texts(data: bytes, end: int, starts: np.ndarray, tags: np.ndarray, scores: np.ndarray) -> PieceTexts | None:
    """The texts ``data[starts[k]:tags[k]]`` of the pieces in ``data[:end]``, checked (UTF-8,
    no NUL) but neither cut out nor decoded (:class:`~.data.PieceTexts` does that on first
    use); None when they fail. Checked on a copy of ``data[:end]`` whose scores are made
    ``0x01``: every other byte between two texts is then ASCII (tags, lengths, types) and not
    NUL, so the copy is UTF-8 without NUL exactly when every text is (a multi-byte character
    cut by a text's end or start meets an ASCII byte). Decoded in 64 KiB steps, so no
    megabyte-sized string is made (cutting the texts out first and decoding them took three
    times as long in a fresh process: fresh memory). ``scores``: where the scores are."""
    region = bytearray(memoryview(data)[:end])
    region += bytes(8)  # (room for :func:`_repeats_possible`'s 8-byte words at any text)
    _unaligned(region, "<u4")[scores] = 0x01010101  # each score's 4 bytes in one write
    if np.count_nonzero(np.frombuffer(region, dtype=np.uint8, count=end)) != end:
        return None
    check = codecs.getincrementaldecoder("utf-8")()
    view = memoryview(region)
    try:
        for a in range(0, end, _BLOCK):
            check.decode(view[a : min(a + _BLOCK, end)])
        check.decode(b"", True)
    except UnicodeDecodeError:
        return None  # the generic reader names the piece
    finally:
        view.release()
    return PieceTexts(region, starts, tags, [])


def _repeats_possible(pieces: Sequence[str]) -> bool:
    """False when no two pieces are the same; True when some may be (the caller then looks
    at the texts). The texts read in bulk are compared by a key made with NumPy, no string
    made: each text's length, first 8 and last 8 bytes (read through a view of the
    bytes as 8-byte words at every offset), mixed into one number. Equal texts give equal
    keys, so distinct keys mean distinct texts; only the pieces whose keys are shared are
    compared as bytes (a polynomial hash over every byte took 7-10 ms in a fresh process)."""
    if not isinstance(pieces, PieceTexts):
        return len(set(pieces)) != len(pieces)
    buffer, starts, ends, extra = pieces.raw
    if extra:
        return len(set(pieces.as_list())) != len(pieces)
    if int(ends[-1]) + 8 > len(buffer):  # (a text's first 8 bytes are read as one word; ends grow)
        buffer = bytes(buffer) + bytes(8)
    words = np.ndarray((len(buffer) - 7,), dtype="<u8", buffer=buffer, strides=(1,))
    lengths = ends - starts
    keys = words[starts]  # the first 8 bytes; of a shorter text, the bytes after it masked off
    mask = _FIRST.take(lengths, mode="clip")
    keys &= mask
    ends -= 8  # (in place and back: no index array made; before the first text, -3 at most,
    last = words[ends]  # which wraps to the end and is masked off with the text's length)
    ends += 8
    last &= _LAST.take(lengths, mode="clip", out=mask)  # the last 8 bytes, of a text of 8 or more
    with np.errstate(over="ignore"):
        keys *= np.uint64(_K1)
        last *= np.uint64(_K2)
        keys += last
        keys += lengths.view(np.uint64)
    shared = _shared_keys(keys, scratch=last)
    if not len(shared):
        return False
    texts = [bytes(buffer[a:b]) for a, b in zip(starts[shared].tolist(), ends[shared].tolist(), strict=True)]
    return len(set(texts)) != len(texts)


_K1 = 0x9E3779B97F4A7C15  # odd multipliers: the mix is a bijection of each part
_K2 = 0xC2B2AE3D27D4EB4F
_FIRST = np.array([(1 << 8 * n) - 1 for n in range(9)], dtype=np.uint64)  # by length, 8 and more: all
_LAST = np.array([0] * 8 + [(1 << 64) - 1], dtype=np.uint64)


def _shared_keys(keys: np.ndarray, scratch: np.ndarray | None = None) -> np.ndarray:
    """The indices of the keys (uint64, well mixed) that occur more than once (``scratch``:
    a uint64 array as long, spoilt, for fewer fresh pages). A hash table
    rather than a sort (``np.sort`` of 32k keys: 1.2 ms here): each key is written into the
    slot its top bits name, one of the keys of each slot stays there (the winner), and two
    equal keys share a slot, so either one of them is its slot's winner or both lost: the
    losers (a tenth of the keys or so) are compared with their winner, and sorted among
    themselves."""
    n = len(keys)
    bits = max(n.bit_length() + 1, 4)  # 2 to 4 slots a key
    ids = np.arange(n, dtype=np.uint16 if n <= 1 << 16 else np.int64)  # (a small table: fresh memory costs)
    slot = np.right_shift(keys, np.uint64(64 - bits), out=scratch)
    table = np.empty(1 << bits, dtype=ids.dtype)
    table[slot] = ids
    winner = table[slot]
    lost = np.flatnonzero(winner != ids)
    lost_keys = keys[lost]
    twin = lost_keys == keys[winner[lost]]
    ordered = np.sort(lost_keys)  # (argsort takes twice as long: only when a key repeats)
    if not twin.any() and not np.any(ordered[1:] == ordered[:-1]):
        return np.zeros(0, dtype=np.int64)
    order = np.argsort(lost_keys)
    ordered = lost_keys[order]
    same = np.flatnonzero(ordered[1:] == ordered[:-1])
    twins = lost[twin]
    found = (twins, winner[twins].astype(np.int64), lost[order[same]], lost[order[same + 1]])
    return np.unique(np.concatenate(found))


def _chain(buf: np.ndarray) -> tuple[np.ndarray, int]:
    """The offsets of the leading pieces found at once, and the offset after them, where the
    loop of :func:`_simple_pieces` goes on hopping. Every place that looks like the start of
    a piece is a candidate; the pieces are the candidates from 0 on as long as each one's end
    is the next candidate (a candidate inside a text ends this early, the loop does the rest).
    The candidates are found 64 KiB at a time: the masks of the whole file (three of 0.6 MB
    for Mistral's) cost more in fresh memory than the work on them."""
    none = np.zeros(0, dtype=np.int64)
    if len(buf) < 4:
        return none, 0
    found = []
    for a in range(0, len(buf) - 3, _BLOCK):
        newline = buf[a : a + _BLOCK + 3] == 0x0A
        where = np.flatnonzero(newline[:-3] & newline[2:-1])  # 0x0A at k and k + 2
        where += a
        found.append(where)
    at = np.concatenate(found)
    at = at[buf[1:][at] < 0x80]  # and a one-byte length between (on the few, not every byte)
    if not len(at) or at[0] != 0:
        return none, 0
    after = buf[1:][at] + at  # (no index array made for the lengths)
    after += 2
    broken = np.flatnonzero(after[:-1] != at[1:])
    count = int(broken[0]) + 1 if len(broken) else len(at)
    return at[:count], int(after[count - 1])


_BLOCK = 1 << 16


def data_from_model_proto(data: bytes, source: str) -> SentencePieceData:
    """The model in the bytes of a ``.model`` file (``source`` names it in errors)."""
    scores: list[float] = []  # of the pieces read one by one
    kinds: list[int] = []
    trainer = b""
    normalizer = b""
    bulk = _simple_pieces(data)
    start = bulk.end if bulk is not None else 0
    pieces: list[str] = bulk.texts.raw[3] if bulk is not None else []  # those read one by one
    first = len(bulk.texts) if bulk is not None else 0
    try:
        for number, _, value in fields(data[start:] if start else data):
            if number == 1:
                k = first + len(pieces)  # this piece's id
                if not isinstance(value, bytes):
                    raise ProtobufError(f"piece {k} is not a message")
                piece, score, kind = None, 0.0, NORMAL
                for n2, _, v2 in fields(value):
                    if n2 == 1:
                        piece = text_value(v2, f"the text of piece {k}")
                    elif n2 == 2:
                        score = float_value(v2, f"the score of piece {k}")
                    elif n2 == 3:
                        kind = varint_value(v2, f"the type of piece {k}")
                if not piece:
                    raise TokenizerFileError(f"{source}: piece {k} is empty; the file is damaged")
                if kind not in _KINDS:
                    raise TokenizerFileError(f"{source}: piece {k} ({short(piece)}) has an unknown type {kind}")
                pieces.append(piece)
                scores.append(score)
                kinds.append(kind)
            elif number == 2 and isinstance(value, bytes):
                trainer = value
            elif number == 3 and isinstance(value, bytes):
                normalizer = value
    except ProtobufError as exc:
        raise TokenizerFileError(f"{source}: is not a SentencePiece model or is damaged ({exc})") from None
    every: Sequence[str] = bulk.texts if bulk is not None else pieces
    every_score: Sequence[float] = scores
    every_kind: Sequence[int] = kinds
    if bulk is not None and not pieces:
        every_score, every_kind = ArrayValues(bulk.scores), ArrayValues(bulk.kinds)
    elif bulk is not None:  # (rare: a piece written otherwise; lists then)
        every_score, every_kind = bulk.scores.tolist() + scores, bulk.kinds.tolist() + kinds
    if not every:
        raise TokenizerFileError(f"{source}: holds no pieces; it is not a SentencePiece model")
    t = _spec(trainer, source, "trainer_spec", _SYMBOLS)
    n = _spec(normalizer, source, "normalizer_spec")
    try:
        model_type = varint_value(t[3][-1], "trainer_spec.model_type") if 3 in t else 1
        byte_fallback = _bool(t, 35, False, "trainer_spec.byte_fallback")
        suffix = _bool(t, 24, False, "trainer_spec.treat_whitespace_as_suffix")
        charsmap = n[2][-1] if 2 in n else b""
        add_dummy_prefix = _bool(n, 3, True, "normalizer_spec.add_dummy_prefix")
        remove_extra = _bool(n, 4, True, "normalizer_spec.remove_extra_whitespaces")
        escape = _bool(n, 5, True, "normalizer_spec.escape_whitespaces")
        rule_name = text_value(n[1][-1], "normalizer_spec.name") if 1 in n else ""
    except ProtobufError as exc:
        raise TokenizerFileError(f"{source}: {exc}") from None
    if model_type not in (1, 2):
        kind_name = _MODEL_TYPES.get(model_type, f"type {model_type}")
        raise TokenizerFileError(
            f"{source}: is a SentencePiece {kind_name} model, not a BPE or Unigram model; "
            "only BPE and Unigram models can be loaded"
        )
    if suffix:
        raise TokenizerFileError(f"{source}: treat_whitespace_as_suffix is set; not supported")
    if not isinstance(charsmap, bytes):
        raise TokenizerFileError(f"{source}: normalizer_spec.precompiled_charsmap is not bytes")
    if not charsmap and rule_name not in ("", "identity"):
        raise TokenizerFileError(
            f"{source}: the normalizer {short(rule_name)} has no precompiled rules in the file; not supported"
        )
    found = _checked(
        every, every_score, every_kind, byte_fallback, charsmap, add_dummy_prefix, remove_extra, escape, source
    )
    found.bos = _bos_piece(t, found, source)
    if model_type == 1:
        found.algorithm = Algorithm.UNIGRAM
    return found


def _bos_piece(trainer: dict[int, list[int | bytes]], data: SentencePieceData, source: str) -> str | None:
    """The control piece at ``trainer_spec.bos_id`` (default 1; -1: none). SentencePiece's
    ``encode`` adds it only when asked (``add_bos``), so ``adds_bos`` stays False."""
    try:
        raw = varint_value(trainer[41][-1], "trainer_spec.bos_id") if 41 in trainer else 1
    except ProtobufError as exc:
        raise TokenizerFileError(f"{source}: {exc}") from None
    bos_id = raw - (1 << 64) if raw >= 1 << 63 else raw  # an int32 of -1 is written as 2**64 - 1
    if 0 <= bos_id < len(data.pieces) and data.kinds[bos_id] == CONTROL:
        return data.pieces[bos_id]
    return None


def _checked(
    pieces: Sequence[str],
    scores: Sequence[float],
    kinds: Sequence[int],
    byte_fallback: bool,
    charsmap: bytes,
    add_dummy_prefix: bool,
    remove_extra: bool,
    escape: bool,
    source: str,
) -> SentencePieceData:
    unk_id: int | None = None
    found = [False] * 256
    specials: dict[str, int] = {}
    # Only the pieces that are not NORMAL are looked at one by one (a few hundred of 32k),
    # all of them when a piece is repeated (to name the first repeat, where the loop meets it).
    repeated = _repeats_possible(pieces)
    if repeated:
        others: list[int] = list(range(len(pieces)))
        texts = piece_list(pieces)
        their_kinds = value_list(kinds)
    elif (at_once := _specials_at_once(pieces, kind_array(kinds), byte_fallback)) is not None:
        unk_id, specials = at_once
        others, texts, their_kinds = [], [], []
        found = [True] * 256
    else:  # (the loop names the first problem)
        picked = np.flatnonzero(kind_array(kinds) != NORMAL)
        others = picked.tolist()
        texts = pieces.take(picked) if isinstance(pieces, PieceTexts) else [pieces[i] for i in others]
        their_kinds = kind_array(kinds)[picked].tolist()
    seen: dict[str, int] = {}
    for i, piece, kind in zip(others, texts, their_kinds, strict=True):
        if repeated:
            if piece in seen:
                raise TokenizerFileError(
                    f"{source}: pieces {seen[piece]} and {i} are both {short(piece)}; the file is damaged"
                )
            seen[piece] = i
        if kind == UNKNOWN:
            if unk_id is not None:
                raise TokenizerFileError(f"{source}: pieces {unk_id} and {i} are both the unknown piece")
            unk_id = i
            specials[piece] = i
        elif kind == CONTROL:
            specials[piece] = i
        elif kind == BYTE:
            b = byte_of_piece(piece)
            if not byte_fallback:
                raise TokenizerFileError(f"{source}: byte piece {short(piece)} although byte_fallback is off")
            if b < 0:
                raise TokenizerFileError(f"{source}: byte piece {short(piece)} is not <0xNN>")
            found[b] = True
    if unk_id is None:
        raise TokenizerFileError(f"{source}: has no unknown piece (<unk>); the file is damaged")
    if byte_fallback and not all(found):
        raise TokenizerFileError(
            f"{source}: byte_fallback is on but {found.count(False)} of the 256 byte pieces are missing"
        )
    name = os.path.splitext(os.path.basename(source))[0] or None
    return SentencePieceData(
        pieces=pieces,
        scores=scores,
        kinds=kinds,
        merges=None,
        byte_fallback=byte_fallback,
        unk_id=unk_id,
        charsmap=charsmap,
        remove_extra_whitespaces=remove_extra,
        escape_whitespaces=escape,
        prefix="always" if add_dummy_prefix else "never",
        special_tokens=specials,
        name=name,
        source=source,
    )


def _specials_at_once(
    pieces: Sequence[str], kinds: np.ndarray, byte_fallback: bool
) -> tuple[int, dict[str, int]] | None:
    """The unknown piece's id and the special pieces (unknown and control: text -> id),
    found with NumPy and no loop over the pieces that are not NORMAL (a thousand in
    Mistral's models: 0.5 ms in a fresh process); None when anything is wrong (one unknown
    piece; valid byte pieces only with byte fallback, and then all 256), for the loop to
    name it."""
    unknown = np.flatnonzero(kinds == UNKNOWN)
    if len(unknown) != 1 or not _all_bytes(pieces, np.flatnonzero(kinds == BYTE), byte_fallback):
        return None
    ids = np.flatnonzero((kinds == CONTROL) | (kinds == UNKNOWN))
    texts = pieces.take(ids) if isinstance(pieces, PieceTexts) else [pieces[i] for i in ids.tolist()]
    return int(unknown[0]), dict(zip(texts, ids.tolist(), strict=True))


def _all_bytes(pieces: Sequence[str], ids: np.ndarray, byte_fallback: bool) -> bool:
    """True when the byte pieces ``ids`` are as they must be: none without byte fallback,
    else the 256 ``<0xNN>`` (no text made: their 6 bytes compared as words)."""
    if not len(ids) or not byte_fallback or len(ids) != 256:
        return not len(ids) and not byte_fallback
    if not isinstance(pieces, PieceTexts) or pieces.raw[3]:
        return set(map(_BYTE_PIECES.get, (pieces[i] for i in ids.tolist()))) == _ALL_BYTES
    buffer, starts, ends, _ = pieces.raw
    first = starts[ids]
    if np.any(ends[ids] - first != 6) or int(first[-1]) + 8 > len(buffer):
        return False
    words = np.ndarray((len(buffer) - 7,), dtype="<u8", buffer=buffer, strides=(1,))[first]
    words &= np.uint64(0xFFFF_FFFF_FFFF)
    words.sort()
    return bool(np.array_equal(words, _BYTE_WORDS))


_ALL_BYTES = set(range(256))
_BYTE_WORDS = np.array(sorted(int.from_bytes(p.encode(), "little") for p in _BYTE_PIECES), dtype=np.uint64)


def read_sentencepiece_model(path: str | os.PathLike[str], data: bytes | None = None) -> SentencePieceData:
    """A SentencePiece ``.model`` file (``data``: its bytes, when already read)."""
    path = os.fspath(path)
    if data is None:
        try:
            data = read_regular(path, what="SentencePiece model")
        except FileProblem as exc:
            raise TokenizerFileError(str(exc)) from None
    return data_from_model_proto(data, path)


def _read(content: Content, request: ReadRequest) -> SentencePieceData:
    no_arguments(content.path, "SentencePiece model", request)
    model = data_from_model_proto(content.data, content.path)
    model.name = display_name(content.path)
    model.additions = additions_from_config(content.path, model.special_tokens)
    return model


FORMAT = Format(
    name="sentencepiece",
    title="SentencePiece model",
    patterns=("*.model",),
    detect=lambda content: not content.is_json and looks_like_model_proto(content.data),
    read=_read,
    order=60,
    folder_files=("tokenizer.model", "*.model"),
    folder_rank=2,
    cannot_write=(
        "export writes byte-level tokenizers; a SentencePiece model merges characters by scores, "
        "with ▁ spaces and byte fallback: keep its own .model or tokenizer.json"
    ),
    menu_rank=2,
)
