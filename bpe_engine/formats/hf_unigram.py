"""Hugging Face ``tokenizer.json`` files whose model is ``Unigram`` (T5, ALBERT, XLNet and
files made by ``tokenizers``' ``UnigramTrainer``).

The model holds ``vocab`` (a list of ``[piece, score]``, the id is the place), ``unk_id`` and
``byte_fallback``. The rest of the file is read as for a SentencePiece-style BPE file
(:func:`bpe_engine.formats.hf._sentencepiece_style`: Metaspace pre-tokenizer, Precompiled
normalizer, added tokens, decoder), after a leading Unicode normal form (``NFKC``); the result is a
:class:`~.data.SentencePieceData` with ``algorithm`` UNIGRAM and ``merges == []`` (the
Hugging Face rule of :mod:`bpe_engine.unigram.lattice`).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from ..errors import TokenizerFileError, short
from ..kinds import Algorithm
from .data import SentencePieceData

__all__ = ["unigram_from_hf"]


def _fail(path: str, what: str) -> TokenizerFileError:
    return TokenizerFileError(f"{path}: {what}")


def _entries(model: dict[str, Any], path: str) -> tuple[list[str], list[float]]:
    raw = model.get("vocab")
    if not isinstance(raw, list) or not raw:
        raise _fail(path, f"model.vocab of a Unigram model must be a list of [piece, score], got {short(raw)}")
    pieces: list[str] = []
    scores: list[float] = []
    seen: dict[str, int] = {}
    for i, entry in enumerate(raw):
        ok = isinstance(entry, list) and len(entry) == 2 and isinstance(entry[0], str) and entry[0]
        score = entry[1] if ok else None
        if not ok or isinstance(score, bool) or not isinstance(score, (int, float)) or not math.isfinite(score):
            raise _fail(
                path, f"model.vocab[{i}] must be [piece, score] (a text and a finite number), got {short(entry)}"
            )
        if entry[0] in seen:
            raise _fail(
                path, f"model.vocab[{seen[entry[0]]}] and [{i}] are both {short(entry[0])}; the file is damaged"
            )
        seen[entry[0]] = i
        pieces.append(entry[0])
        scores.append(float(score))
    return pieces, scores


Pre = list[tuple[dict[str, Any], str]]
#: :func:`bpe_engine.formats.hf._sentencepiece_style`, passed in (importing it would be a cycle).
SentencePieceStyle = Callable[[dict[str, Any], dict[str, Any], Pre, str, "str | None"], SentencePieceData]


_FORMS = ("NFC", "NFD", "NFKC", "NFKD")


def _leading_unicode_form(obj: dict[str, Any]) -> tuple[dict[str, Any], str | None]:
    """A Unicode normal form that comes first in the normalizer (``UnigramTrainer`` files often
    have ``NFKC``), taken out of a copy of ``obj``: applied before the rest by the normalizer."""
    norm = obj.get("normalizer")
    if isinstance(norm, dict) and norm.get("type") in _FORMS:
        return {**obj, "normalizer": None}, str(norm["type"])
    if isinstance(norm, dict) and norm.get("type") == "Sequence" and isinstance(norm.get("normalizers"), list):
        parts = norm["normalizers"]
        if parts and isinstance(parts[0], dict) and parts[0].get("type") in _FORMS:
            rest = {**norm, "normalizers": parts[1:]} if len(parts) > 1 else None
            return {**obj, "normalizer": rest}, str(parts[0]["type"])
    return obj, None


def unigram_from_hf(
    obj: dict[str, Any],
    model: dict[str, Any],
    pre: Pre,
    path: str,
    name: str | None,
    sentencepiece_style: SentencePieceStyle,
) -> SentencePieceData:
    """The Unigram tokenizer of a parsed ``tokenizer.json`` (see the module docstring)."""
    pieces, scores = _entries(model, path)
    unk_id = model.get("unk_id")
    if unk_id is not None and (
        isinstance(unk_id, bool) or not isinstance(unk_id, int) or not 0 <= unk_id < len(pieces)
    ):
        raise _fail(path, f"model.unk_id must be an id from 0 to {len(pieces) - 1} or null, got {short(unk_id)}")
    byte_fallback = model.get("byte_fallback", False)
    if not isinstance(byte_fallback, bool):
        raise _fail(path, f"model.byte_fallback must be true or false, got {short(byte_fallback)}")
    as_bpe: dict[str, Any] = {
        "type": "BPE",
        "vocab": {p: i for i, p in enumerate(pieces)},
        "merges": [],
        "unk_token": None if unk_id is None else pieces[unk_id],
        "byte_fallback": byte_fallback,
    }
    if not pre:
        raise _fail(path, "a Unigram model without a Metaspace pre-tokenizer is not supported")
    obj, form = _leading_unicode_form(obj)
    found = sentencepiece_style(obj, as_bpe, pre, path, name)
    found.unicode_form = form
    found.scores = scores + [0.0] * (len(found.pieces) - len(scores))  # added tokens past the vocabulary
    found.algorithm = Algorithm.UNIGRAM
    return found
