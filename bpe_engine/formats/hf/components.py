"""What every reader of a ``tokenizer.json`` shares: errors naming the file, typed checks of a
component (its ``type``, a flag), a ``Sequence`` unfolded with each part's place in the file,
the added tokens, and the regex of a ``Split`` pre-tokenizer."""

from __future__ import annotations

from typing import Any

from ...errors import TokenizerFileError, short
from ..base import check_special_ids

__all__ = ["is_hf_tokenizer", "split_pattern", "added_tokens"]


def _fail(path: str, what: str) -> TokenizerFileError:
    return TokenizerFileError(f"{path}: {what}")


def is_hf_tokenizer(obj: object) -> bool:
    """True for the parsed JSON of a Hugging Face ``tokenizer.json`` (it has a ``model`` object)."""
    return isinstance(obj, dict) and isinstance(obj.get("model"), dict)


def _type(component: Any, where: str, path: str) -> str:
    if not isinstance(component, dict) or not isinstance(component.get("type"), str):
        raise _fail(path, f"{where} must be an object with a 'type', got {short(component)}")
    kind: str = component["type"]
    return kind


def _flag(component: dict[str, Any], key: str, default: bool, where: str, path: str) -> bool:
    value = component.get(key, default)
    if value is None:
        return default
    if not isinstance(value, bool):
        raise _fail(path, f"{where}.{key} must be true or false, got {short(value)}")
    return value


def _flatten(component: Any, key: str, where: str, path: str) -> list[tuple[dict[str, Any], str]]:
    """The parts of a component, with their place in the file (a ``Sequence`` is unfolded)."""
    if component is None:
        return []
    kind = _type(component, where, path)
    if kind != "Sequence":
        return [(component, where)]
    items = component.get(key)
    if not isinstance(items, list):
        raise _fail(path, f"{where}.{key} must be a list, got {short(items)}")
    out: list[tuple[dict[str, Any], str]] = []
    for k, item in enumerate(items):
        out += _flatten(item, key, f"{where}.{key}[{k}]", path)
    return out


def split_pattern(part: dict[str, Any], where: str, path: str) -> str:
    """The regex of a ``Split`` pre-tokenizer that isolates its matches (the only behaviour our
    pre-tokenizers express: every match and every stretch between matches is a piece)."""
    behavior = part.get("behavior")
    if behavior != "Isolated":
        raise _fail(
            path,
            f"{where}: Split with behavior {short(behavior)} is not supported; only 'Isolated' (every match "
            "and every stretch between matches is a piece) can be expressed by our pre-tokenizers",
        )
    # With Isolated, invert changes nothing: matches and the text between them are pieces alike.
    pattern = part.get("pattern")
    if isinstance(pattern, dict) and isinstance(pattern.get("Regex"), str) and len(pattern) == 1:
        regex_text: str = pattern["Regex"]
        return regex_text
    if isinstance(pattern, dict) and isinstance(pattern.get("String"), str) and len(pattern) == 1:
        import regex

        literal: str = regex.escape(pattern["String"])
        return literal
    raise _fail(path, f"{where}.pattern must be {{'Regex': ...}} or {{'String': ...}}, got {short(pattern)}")


def added_tokens(obj: dict[str, Any], path: str) -> list[tuple[str, int, bool, bool]]:
    """``(content, id, special, normalized)`` of every added token (``lstrip``, ``rstrip`` and
    ``single_word`` are refused: they change where a token matches in ways we do not)."""
    raw = obj.get("added_tokens")
    raw = [] if raw is None else raw
    if not isinstance(raw, list):
        raise _fail(path, f"added_tokens must be a list, got {short(raw)}")
    out: list[tuple[str, int, bool, bool]] = []
    for k, entry in enumerate(raw):
        where = f"added_tokens[{k}]"
        if not isinstance(entry, dict):
            raise _fail(path, f"{where} must be an object, got {short(entry)}")
        content, i = entry.get("content"), entry.get("id")
        if not isinstance(content, str) or not content:
            raise _fail(path, f"{where}.content must be a non-empty string, got {short(content)}")
        if not isinstance(i, int) or isinstance(i, bool) or i < 0:
            raise _fail(path, f"{where}.id must be a token id, got {short(i)}")
        for key in ("lstrip", "rstrip", "single_word"):
            if _flag(entry, key, False, where, path):
                raise _fail(
                    path,
                    f"{where} ({short(content)}) has {key}: true, which changes where the token matches; not supported",
                )
        out.append(
            (content, i, _flag(entry, "special", False, where, path), _flag(entry, "normalized", False, where, path))
        )
    check_special_ids(((c, i) for c, i, _, _ in out), path, "added_tokens")
    return out
