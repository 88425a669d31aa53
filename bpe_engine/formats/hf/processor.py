"""The ``post_processor`` of a ``tokenizer.json``: which kinds are accepted, the BOS its template
puts before every text, and what it adds around a text (:mod:`..post_processor`)."""

from __future__ import annotations

from typing import Any

from ...errors import short
from ..data import SentencePieceData, TokenizerData
from ..post_processor import additions_from_hf
from .components import _fail, _flatten

__all__ = ["template_bos"]


_POST_PROCESSORS = {"ByteLevel", "TemplateProcessing", "RobertaProcessing", "BertProcessing", "Sequence"}


def _check_post_processor(obj: dict[str, Any], path: str) -> None:
    for part, where in _flatten(obj.get("post_processor"), "processors", "post_processor", path):
        if part["type"] not in _POST_PROCESSORS:
            raise _fail(path, f"{where}: post-processor {short(part['type'])} is not supported")


def template_bos(obj: dict[str, Any], path: str) -> str | None:
    """The special token that the file's ``TemplateProcessing`` post-processor puts before
    every single text (the BOS it adds: Llama 3's ``<|begin_of_text|>``), or None."""
    for part, _ in _flatten(obj.get("post_processor"), "processors", "post_processor", path):
        single = part.get("single") if part["type"] == "TemplateProcessing" else None
        if isinstance(single, list) and single and isinstance(single[0], dict):
            first = single[0].get("SpecialToken")
            if isinstance(first, dict) and isinstance(first.get("id"), str):
                bos: str = first["id"]
                return bos
    return None


def _read_additions(obj: dict[str, Any], found: TokenizerData | SentencePieceData, path: str) -> None:
    """What the file's post-processor adds around a text (kept apart from the model reading)."""
    specials = found.special_tokens
    if isinstance(found, TokenizerData):
        known: set[int] | range = set(found.vocab).union(specials.values() if isinstance(specials, dict) else ())
    else:
        known = range(len(found.pieces))
    found.additions = additions_from_hf(obj, path, known)
