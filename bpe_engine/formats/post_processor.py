"""What a model adds around a text when it encodes it: the BOS/EOS, ``[CLS]``/``[SEP]``.

Hugging Face's ``Tokenizer.encode(text)`` (``add_special_tokens=True`` by default) runs the
file's ``post_processor`` on the encoding: ``TemplateProcessing`` puts the special tokens of
its ``single`` template around the text (Llama 3: ``<|begin_of_text|> $A``),
``BertProcessing``/``RobertaProcessing`` put ``cls`` before and ``sep`` after, ``ByteLevel``
adds nothing, and a ``Sequence`` applies its processors in order (each wraps what the one
before made). :func:`additions_from_hf` reads that into a :class:`SpecialAdditions`; the
tokenizer's ``encode_as_model`` applies it. tiktoken files add nothing; SentencePiece's own
``encode`` adds nothing either (its ``add_bos`` is an argument, not part of the file), so a
``.model`` adds only what a ``tokenizer_config.json`` beside it says
(:func:`additions_from_config`).
"""

from __future__ import annotations

import json
import os
from collections.abc import Container, Mapping
from dataclasses import dataclass
from typing import Any

from ..errors import TokenizerFileError, short

__all__ = ["SpecialAdditions", "additions_from_config", "additions_from_hf"]


@dataclass(frozen=True)
class SpecialAdditions:
    """The special tokens a model puts before and after a single text, as ``(name, id)``
    pairs in order (empty: it adds none)."""

    before: tuple[tuple[str, int], ...] = ()
    after: tuple[tuple[str, int], ...] = ()

    def __bool__(self) -> bool:
        return bool(self.before or self.after)

    @property
    def names(self) -> list[str]:
        """The names of the added tokens, before then after (for a tooltip)."""
        return [name for name, _ in self.before + self.after]

    def wrap(self, ids: list[int]) -> list[int]:
        """``ids`` with the additions around them, as the model gets them."""
        return [i for _, i in self.before] + ids + [i for _, i in self.after]

    def around(self, inner: SpecialAdditions) -> SpecialAdditions:
        """These additions applied to a text ``inner`` was applied to first."""
        return SpecialAdditions(self.before + inner.before, inner.after + self.after)


def _fail(path: str, what: str) -> TokenizerFileError:
    return TokenizerFileError(f"{path}: post_processor: {what}")


def _named_id(value: Any, where: str, path: str) -> tuple[str, int]:
    """Bert/Roberta's ``["[CLS]", 101]``."""
    if not isinstance(value, list) or len(value) != 2 or not isinstance(value[0], str) or type(value[1]) is not int:
        raise _fail(path, f"{where} must be [token, id], got {short(value)}")
    return value[0], value[1]


def _template_token(name: str, specials: Any, path: str) -> tuple[tuple[str, int], ...]:
    """The ids the template's ``special_tokens`` give ``name`` (one name may be several ids)."""
    entry = specials.get(name) if isinstance(specials, dict) else None
    ids = entry.get("ids") if isinstance(entry, dict) else None
    tokens = entry.get("tokens") if isinstance(entry, dict) else None
    if not isinstance(ids, list) or not ids or not all(type(i) is int for i in ids):
        raise _fail(path, f"TemplateProcessing names {short(name)}, which special_tokens gives no ids")
    names = tokens if isinstance(tokens, list) and len(tokens) == len(ids) else [name] * len(ids)
    return tuple((str(n), i) for n, i in zip(names, ids))


def _template(part: dict[str, Any], path: str) -> SpecialAdditions:
    single = part.get("single")
    if not isinstance(single, list):
        raise _fail(path, f"TemplateProcessing.single must be a list, got {short(single)}")
    before: list[tuple[str, int]] = []
    after: list[tuple[str, int]] = []
    seen_text = False
    for piece in single:
        special = piece.get("SpecialToken") if isinstance(piece, dict) else None
        if isinstance(piece, dict) and "Sequence" in piece:
            seen_text = True
        elif isinstance(special, dict) and isinstance(special.get("id"), str):
            (after if seen_text else before).extend(_template_token(special["id"], part.get("special_tokens"), path))
        else:
            raise _fail(path, f"TemplateProcessing.single holds {short(piece)}, neither a Sequence nor a SpecialToken")
    return SpecialAdditions(tuple(before), tuple(after))


def _one(part: Any, path: str) -> SpecialAdditions:
    kind = part.get("type") if isinstance(part, dict) else None
    if kind == "Sequence":
        found = SpecialAdditions()
        for inner in part.get("processors") or []:
            found = _one(inner, path).around(found)
        return found
    if kind == "TemplateProcessing":
        return _template(part, path)
    if kind in ("BertProcessing", "RobertaProcessing"):
        cls, sep = _named_id(part.get("cls"), f"{kind}.cls", path), _named_id(part.get("sep"), f"{kind}.sep", path)
        return SpecialAdditions((cls,), (sep,))
    if kind == "ByteLevel":
        return SpecialAdditions()
    raise _fail(path, f"type {short(kind)} is not supported")


def additions_from_hf(obj: dict[str, Any], path: str, known: Container[int]) -> SpecialAdditions:
    """What the ``post_processor`` of a parsed ``tokenizer.json`` adds around a single text;
    every added id must be ``in known`` (a template naming an id the file does not have would
    give ids no decoder knows)."""
    found = _one(obj.get("post_processor"), path) if obj.get("post_processor") is not None else SpecialAdditions()
    for name, i in found.before + found.after:
        if i not in known:
            raise _fail(path, f"adds {short(name)} with id {i}, which is not in the vocabulary")
    return found


def _config_token(value: Any) -> str | None:
    """``bos_token``: a string, or an AddedToken written as ``{"content": ...}``."""
    if isinstance(value, dict):
        value = value.get("content")
    return value if isinstance(value, str) else None


def additions_from_config(model_path: str, specials: Mapping[str, int]) -> SpecialAdditions:
    """What a ``tokenizer_config.json`` beside a SentencePiece ``.model`` says the model adds:
    ``bos_token`` when ``add_bos_token`` is true, ``eos_token`` when ``add_eos_token`` is (as
    Hugging Face's ``LlamaTokenizer`` does). Only what the file says: no config, or no such
    key, adds nothing (``sentencepiece``'s own ``encode`` adds none)."""
    path = os.path.join(os.path.dirname(os.path.abspath(model_path)), "tokenizer_config.json")
    if not os.path.isfile(path):
        return SpecialAdditions()
    try:
        with open(path, encoding="utf-8") as f:
            config = json.load(f)
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise TokenizerFileError(f"{path}: cannot be read as JSON ({exc})") from None
    if not isinstance(config, dict):
        raise TokenizerFileError(f"{path}: is not a JSON object")
    found: list[list[tuple[str, int]]] = [[], []]
    for side, (flag, key) in enumerate((("add_bos_token", "bos_token"), ("add_eos_token", "eos_token"))):
        on = config.get(flag, False)
        if not isinstance(on, bool):
            raise TokenizerFileError(f"{path}: {flag} must be true or false, got {short(on)}")
        name = _config_token(config.get(key))
        if on and (name is None or name not in specials):
            raise TokenizerFileError(f"{path}: {flag} is true but {key} {short(name)} is not a control piece")
        if on and name is not None:
            found[side].append((name, specials[name]))
    return SpecialAdditions(tuple(found[0]), tuple(found[1]))
