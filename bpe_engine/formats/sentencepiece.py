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

import os
from collections.abc import Sequence

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
    ArrayValues,
    PieceTexts,
    SentencePieceData,
    kind_array,
    piece_list,
    value_list,
)
from .post_processor import additions_from_config
from .protobuf import ProtobufError, fields, float_value, text_value, varint_value
from .spm_bulk import KINDS, repeats_possible, simple_pieces

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


def data_from_model_proto(data: bytes, source: str) -> SentencePieceData:
    """The model in the bytes of a ``.model`` file (``source`` names it in errors)."""
    scores: list[float] = []  # of the pieces read one by one
    kinds: list[int] = []
    trainer = b""
    normalizer = b""
    bulk = simple_pieces(data)
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
                if kind not in KINDS:
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
    repeated = repeats_possible(pieces)
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
