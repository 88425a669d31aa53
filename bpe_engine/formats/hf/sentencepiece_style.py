"""SentencePiece-style BPE files (Llama 2, Mistral): spaces become ``▁`` (a ``Replace``
normalizer or a ``Metaspace`` pre-tokenizer), ``▁`` put before the text (``Prepend`` or
Metaspace's ``prepend_scheme``), ``<0xNN>`` tokens for byte fallback, SentencePiece's
``remove_extra_whitespaces`` as ``Strip`` then ``Replace(Regex(" {2,}"))``; read as
:class:`~..data.SentencePieceData` (also for a Unigram model's normalizer: :mod:`..hf_unigram`)."""

from __future__ import annotations

import base64
from typing import Any

from ...errors import short
from ..data import BYTE, CONTROL, NORMAL, UNKNOWN, SentencePieceData, Trim
from .components import _fail, _flag, _flatten, added_tokens
from .model import _merges, _vocab

_SPACE = "▁"


def _sentencepiece_signs(
    obj: dict[str, Any], model: dict[str, Any], pre: list[tuple[dict[str, Any], str]], path: str
) -> bool:
    """Whether a file that is not byte-level is SentencePiece-style (Metaspace, ▁, byte fallback)."""
    sp_signs = any(part["type"] == "Metaspace" for part, _ in pre) or _flag(
        model, "byte_fallback", False, "model", path
    )
    sp_signs = sp_signs or any(
        part["type"] in ("Replace", "Prepend")
        for part, _ in _flatten(obj.get("normalizer"), "normalizers", "normalizer", path)
    )
    return sp_signs


def _strip(part: dict[str, Any], prefix_follows: bool) -> Trim | None:
    """SentencePiece's trimming as ``tokenizers`` writes it: Strip at the right, and at the left
    too unless a ``▁`` is put before the text anyway (transformers' SpmConverter: ``left: false``
    with Metaspace's prefix, where a leading space becomes that ``▁``); None for another Strip."""
    right, left = part.get("strip_right"), part.get("strip_left")
    if right is not True:
        return None
    if left is True:
        return Trim.STRIP
    return Trim.STRIP_RIGHT if left is False and prefix_follows else None


def _is_extra_spaces(part: dict[str, Any]) -> bool:
    """A run of two or more spaces made one (``Replace`` with exactly the regex ``" {2,}"``:
    no other regex is run, so none can be slow or mean something else)."""
    return part.get("pattern") == {"Regex": " {2,}"} and part.get("content") in (" ", _SPACE)


def _sp_normalizer(obj: dict[str, Any], path: str, prefix_follows: bool) -> tuple[str, bool, bytes, Trim | None]:
    """``(prefix rule, spaces escaped, charsmap, how extra whitespace is removed or None)`` of a
    SentencePiece-style normalizer (``prefix_follows``: Metaspace puts a ``▁`` before the text)."""
    prefix, escaped, charsmap = "never", False, b""
    trimmed: Trim | None = None
    parts = _flatten(obj.get("normalizer"), "normalizers", "normalizer", path)
    for k, (part, where) in enumerate(parts):
        kind = part["type"]
        if k and parts[k - 1][0]["type"] == "Strip":  # (a Strip is read only with this Replace after it)
            if kind != "Replace" or not _is_extra_spaces(part):
                raise _fail(
                    path,
                    f"{where}: normalizer {short(kind)} after Strip is not supported; only "
                    "Replace(Regex(' {2,}'), ' ' or '▁') (SentencePiece's remove_extra_whitespaces) is",
                )
        elif kind == "Prepend" and part.get("prepend") == _SPACE and prefix == "never":
            prefix = "always"
        elif kind == "Replace" and part.get("pattern") == {"String": " "} and part.get("content") == _SPACE:
            escaped = True
        elif kind == "Precompiled" and isinstance(part.get("precompiled_charsmap"), str) and prefix == "never":
            try:
                charsmap = base64.b64decode(part["precompiled_charsmap"], validate=True)
            except ValueError:
                raise _fail(path, f"{where}.precompiled_charsmap is not base64") from None
        elif kind == "Strip" and not (trimmed or escaped or prefix != "never") and _strip(part, prefix_follows):
            trimmed = _strip(part, prefix_follows)
        else:
            raise _fail(
                path,
                f"{where}: normalizer {short(kind)} (with these settings, at this place) is not supported; "
                "SentencePiece-style files may use Precompiled, Strip with Replace(Regex(' {2,}'), ' ') "
                "(remove_extra_whitespaces), Prepend('▁') and Replace(' ', '▁')",
            )
    if parts and parts[-1][0]["type"] == "Strip":
        raise _fail(path, f"{parts[-1][1]}: a Strip without Replace(Regex(' {{2,}}'), ' ') after it is not supported")
    return prefix, escaped, charsmap, trimmed


def _check_sp_decoder(obj: dict[str, Any], path: str) -> None:
    """The decoder must undo what the normalizer did (▁ to space, bytes, the first ▁)."""
    for part, where in _flatten(obj.get("decoder"), "decoders", "decoder", path):
        kind = part["type"]
        if kind == "Replace" and part.get("pattern") == {"String": _SPACE} and part.get("content") == " ":
            continue
        if kind in ("ByteFallback", "Fuse", "Metaspace") or (kind == "Strip" and part.get("content") == " "):
            continue
        raise _fail(
            path,
            f"{where}: decoder {short(kind)} (with these settings) is not supported in a SentencePiece-style tokenizer",
        )


def _sentencepiece_style(
    obj: dict[str, Any], model: dict[str, Any], pre: list[tuple[dict[str, Any], str]], path: str, name: str | None
) -> SentencePieceData:
    _check_sp_decoder(obj, path)
    prefix_follows = any(
        part["type"] == "Metaspace"
        and part.get("prepend_scheme", "always" if part.get("add_prefix_space", True) else "never") != "never"
        for part, _ in pre
    )
    prefix, escaped, charsmap, trimmed = _sp_normalizer(obj, path, prefix_follows)
    split = False
    for part, where in pre:
        if part["type"] != "Metaspace":
            raise _fail(
                path,
                f"{where}: pre-tokenizer {short(part['type'])} is not supported in a SentencePiece-style tokenizer",
            )
        if part.get("replacement") != _SPACE:
            raise _fail(path, f"{where}.replacement must be '▁', got {short(part.get('replacement'))}")
        scheme = part.get("prepend_scheme")
        if scheme is None:
            scheme = "always" if _flag(part, "add_prefix_space", True, where, path) else "never"
        rules = {"always": "if_missing", "first": "first_if_missing", "never": "never"}
        if scheme not in rules:
            raise _fail(path, f"{where}.prepend_scheme must be always, first or never, got {short(scheme)}")
        if prefix != "never" and rules[scheme] != "never":
            raise _fail(path, f"{where}: a ▁ would be put before the text twice (Prepend and Metaspace); not supported")
        if rules[scheme] != "never":
            prefix = rules[scheme]
        split = _flag(part, "split", True, where, path)
        escaped = True
    if not escaped:
        raise _fail(
            path,
            "spaces are not replaced by ▁ (no Replace normalizer or Metaspace); not a SentencePiece-style tokenizer",
        )
    raw_vocab = _vocab(model, path)
    size = max(raw_vocab.values(), default=-1) + 1
    added = added_tokens(obj, path)
    size = max([size] + [i + 1 for _, i, _, _ in added])
    pieces: list[str | None] = [None] * size
    for token, i in raw_vocab.items():
        pieces[i] = token
    byte_fallback = _flag(model, "byte_fallback", False, "model", path)
    kinds = [NORMAL] * size
    for i, p in enumerate(pieces):
        if p is not None and byte_fallback and _is_byte_piece(p):
            kinds[i] = BYTE
    specials: dict[str, int] = {}
    normalized: set[str] = set()
    for content, i, _, is_normalized in added:
        if pieces[i] is not None and pieces[i] != content:
            raise _fail(path, f"added token {short(content)} has id {i}, which model.vocab gives to {short(pieces[i])}")
        pieces[i] = content
        kinds[i] = CONTROL
        specials[content] = i
        if is_normalized:
            normalized.add(content)
    unk = model.get("unk_token")
    unk_id: int | None = None
    if unk is not None:
        if not isinstance(unk, str) or unk not in raw_vocab:
            raise _fail(path, f"model.unk_token {short(unk)} is not in model.vocab")
        unk_id = raw_vocab[unk]
        kinds[unk_id] = UNKNOWN
        specials.setdefault(unk, unk_id)
    missing = [i for i, p in enumerate(pieces) if p is None]
    if missing:
        raise _fail(
            path,
            f"model.vocab has no token with id {missing[0]} ({len(missing)} ids missing); ids must be 0 to {size - 1}",
        )
    merges = []
    for r, (a, b) in enumerate(_merges(model, path)):
        for token in (a, b, a + b):
            if token not in raw_vocab:
                raise _fail(path, f"model.merges[{r}] ({short(a)} {short(b)}): {short(token)} is not in model.vocab")
        merges.append((raw_vocab[a], raw_vocab[b]))
    return SentencePieceData(
        pieces=[p for p in pieces if p is not None],
        scores=[0.0] * size,
        kinds=kinds,
        merges=merges,
        byte_fallback=byte_fallback,
        unk_id=unk_id,
        fuse_unk=_flag(model, "fuse_unk", False, "model", path),
        ignore_merges=_flag(model, "ignore_merges", False, "model", path),
        charsmap=charsmap,
        remove_extra_whitespaces=trimmed is not None,
        trim=trimmed or Trim.STRIP,
        escape_whitespaces=True,
        prefix=prefix,
        split_at_space=split,
        special_tokens=specials,
        normalized_specials=frozenset(normalized),
        name=name,
        source=path,
    )


def _is_byte_piece(piece: str) -> bool:
    return (
        len(piece) == 6
        and piece.startswith("<0x")
        and piece.endswith(">")
        and all(c in "0123456789ABCDEF" for c in piece[3:5])
    )
