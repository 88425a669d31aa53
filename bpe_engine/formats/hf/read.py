"""Reading a parsed ``tokenizer.json``: which family it is (byte-level, SentencePiece-style,
Unigram) and what its post-processor adds."""

from __future__ import annotations

import os
from typing import Any

from ..data import SentencePieceData, TokenizerData
from ..hf_unigram import unigram_from_hf
from .byte_level import _byte_level
from .components import _fail, _flatten, is_hf_tokenizer
from .model import _check_model
from .processor import _check_post_processor, _read_additions, template_bos
from .sentencepiece_style import _sentencepiece_signs, _sentencepiece_style

__all__ = ["data_from_hf"]


def data_from_hf(obj: Any, path: str) -> TokenizerData | SentencePieceData:
    """The tokenizer of a parsed ``tokenizer.json`` (see the module docstring)."""
    if not is_hf_tokenizer(obj):
        raise _fail(path, "is not a Hugging Face tokenizer.json (it has no 'model' object)")
    model: dict[str, Any] = obj["model"]
    unigram = model.get("type") == "Unigram"
    if not unigram:
        _check_model(model, path)
    _check_post_processor(obj, path)
    pre = _flatten(obj.get("pre_tokenizer"), "pretokenizers", "pre_tokenizer", path)
    name = os.path.basename(os.path.dirname(os.path.abspath(path))) or None
    found: TokenizerData | SentencePieceData
    if unigram:
        found = unigram_from_hf(obj, model, pre, path, name, _sentencepiece_style)
    elif any(part["type"] == "ByteLevel" for part, _ in pre):
        found = _byte_level(obj, model, path, name)
    elif _sentencepiece_signs(obj, model, pre, path):
        found = _sentencepiece_style(obj, model, pre, path, name)
    else:
        raise _fail(
            path,
            "is neither byte-level BPE (no ByteLevel pre-tokenizer) nor SentencePiece-style BPE (no Metaspace, "
            "▁ replacement or byte fallback); not supported",
        )
    bos = template_bos(obj, path)
    if bos is not None and bos in found.special_tokens:  # a template may name an ordinary token
        found.bos, found.adds_bos = bos, True
    _read_additions(obj, found, path)
    return found
