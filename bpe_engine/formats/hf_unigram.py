"""Hugging Face ``tokenizer.json`` files whose model is ``Unigram`` (T5, ALBERT, XLNet and
files made by ``tokenizers``' ``UnigramTrainer``).

The model holds ``vocab`` (a list of ``[piece, score]``, the id is the place), ``unk_id`` and
``byte_fallback``. The rest of the file is read as for a SentencePiece-style BPE file
(:func:`bpe_engine.formats.hf.sentencepiece_style._sentencepiece_style`: Metaspace pre-tokenizer, Precompiled
normalizer, Strip and ``Replace(Regex(" {2,}"))`` for removing extra whitespace, added tokens,
decoder), after a leading Unicode normal form (``NFKC``); the result is a
:class:`~.data.SentencePieceData` with ``algorithm`` UNIGRAM and ``merges == []`` (the
Hugging Face rule of :mod:`bpe_engine.unigram.lattice`).
"""

from __future__ import annotations

import base64
import math
from collections.abc import Callable
from typing import Any

from ..errors import ExportError, TokenizerFileError, short
from ..kinds import Algorithm
from .data import SentencePieceData, Trim

__all__ = ["EXTRA_SPACES", "STRIP", "unigram_from_hf", "unigram_to_hf"]

#: SentencePiece's ``remove_extra_whitespaces`` as Hugging Face normalizers (after the
#: precompiled rules, before spaces become ``▁``): no space at either end, a run of spaces is one.
#: transformers' ``SpmConverter`` writes the same with ``left: false`` and ``▁`` for the run.
#: Not quite SentencePiece at the ends of a text: Strip takes away every Unicode White_Space
#: character, SentencePiece only spaces; after ``nmt_nfkc``'s rules only U+0085 (NEL) is left
#: that Strip takes and SentencePiece keeps, so a text starting or ending with NEL differs.
STRIP: dict[str, Any] = {"type": "Strip", "strip_left": True, "strip_right": True}
EXTRA_SPACES: dict[str, Any] = {"type": "Replace", "pattern": {"Regex": " {2,}"}, "content": " "}


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
#: :func:`bpe_engine.formats.hf.sentencepiece_style._sentencepiece_style`, passed in (importing it would be a cycle).
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


_SPACE = "▁"
#: Our prefix rules as Metaspace's ``prepend_scheme`` (``always``: a Prepend normalizer instead).
_SCHEMES = {"if_missing": "always", "first_if_missing": "first", "never": "never", "always": "never"}


def _normalizer(data: SentencePieceData) -> dict[str, Any] | None:
    parts: list[dict[str, Any]] = []
    if data.unicode_form is not None:
        parts.append({"type": data.unicode_form})
    if data.charsmap:
        parts.append({"type": "Precompiled", "precompiled_charsmap": base64.b64encode(data.charsmap).decode("ascii")})
    if data.remove_extra_whitespaces:  # transformers' converter's form keeps the left end
        parts += [{**STRIP, "strip_left": False} if data.trim is Trim.STRIP_RIGHT else STRIP, EXTRA_SPACES]
    if data.prefix == "always":  # SentencePiece's dummy prefix: a ▁ before every text, already one or not
        parts.append({"type": "Prepend", "prepend": _SPACE})
    if not parts:
        return None
    return parts[0] if len(parts) == 1 else {"type": "Sequence", "normalizers": parts}


def unigram_to_hf(data: SentencePieceData, name: str = "tokenizer") -> dict[str, Any]:
    """A Hugging Face ``tokenizer.json`` (as a JSON object) of a Unigram model's ``data``:
    the ``Unigram`` model (pieces, scores, ``unk_id``, byte fallback), the normalizer (Unicode
    form, SentencePiece's precompiled rules, the dummy prefix), Metaspace pre-tokenizer and
    decoder, the special tokens as added tokens. ExportError for what the format cannot say
    (``name`` names the tokenizer in the message)."""
    if data.algorithm is not Algorithm.UNIGRAM:
        raise ExportError(f"{name}: not a Unigram model")
    if not data.escape_whitespaces:
        raise ExportError(f"{name}: keeps spaces as they are (escape_whitespaces off); a tokenizer.json cannot say so")
    specials = {i: p for p, i in data.special_tokens.items()}
    # Every piece is in the model's vocabulary (special ones too: added tokens are cut out of the
    # text before the model sees it, so the model never picks one).
    vocab = [[p, float(s)] for p, s in zip(data.pieces, data.scores, strict=True)]
    added = [
        {
            "id": i,
            "content": p,
            "single_word": False,
            "lstrip": False,
            "rstrip": False,
            "normalized": p in data.normalized_specials,
            "special": True,
        }
        for i, p in sorted(specials.items())
    ]
    decoders: list[dict[str, Any]] = [{"type": "ByteFallback"}] if data.byte_fallback else []
    metaspace = {"replacement": _SPACE, "prepend_scheme": _SCHEMES[data.prefix], "split": data.split_at_space}
    decoders.append({"type": "Metaspace", **metaspace})
    return {
        "version": "1.0",
        "truncation": None,
        "padding": None,
        "added_tokens": added,
        "normalizer": _normalizer(data),
        "pre_tokenizer": {"type": "Metaspace", **metaspace},
        "post_processor": None,
        "decoder": decoders[0] if len(decoders) == 1 else {"type": "Sequence", "decoders": decoders},
        "model": {"type": "Unigram", "unk_id": data.unk_id, "vocab": vocab, "byte_fallback": data.byte_fallback},
    }
