"""The ``model`` section of a BPE ``tokenizer.json``: its vocabulary and merges, read and
checked, and the settings we cannot reproduce (another type, dropout, subword affixes) refused."""

from __future__ import annotations

from typing import Any

from ...errors import short
from .components import _fail


def _merges(model: dict[str, Any], path: str) -> list[tuple[str, str]]:
    raw = model.get("merges")
    if not isinstance(raw, list):
        raise _fail(path, f"model.merges must be a list, got {short(raw)}")
    out: list[tuple[str, str]] = []
    for r, m in enumerate(raw):
        if isinstance(m, str):
            parts = m.split(" ")
        elif isinstance(m, list) and all(isinstance(x, str) for x in m):
            parts = m
        else:
            parts = []
        if len(parts) != 2 or not parts[0] or not parts[1]:
            raise _fail(path, f"model.merges[{r}] must be 'left right' or [left, right], got {short(m)}")
        out.append((parts[0], parts[1]))
    return out


def _vocab(model: dict[str, Any], path: str) -> dict[str, int]:
    raw = model.get("vocab")
    if not isinstance(raw, dict):
        raise _fail(path, f"model.vocab must be an object mapping tokens to ids, got {short(raw)}")
    ids = list(raw.values())
    if set(map(type, ids)) <= {int} and min(ids, default=0) >= 0 and len(set(ids)) == len(ids):
        return raw  # checked in C (a quarter of a second for 128,000 tokens one at a time)
    owner: dict[int, str] = {}  # (one at a time: to name the bad entry)
    for token, i in raw.items():
        if not isinstance(i, int) or isinstance(i, bool) or i < 0:
            raise _fail(path, f"model.vocab[{short(token)}] must be a token id, got {short(i)}")
        if i in owner:
            raise _fail(
                path, f"model.vocab: {short(owner[i])} and {short(token)} both have id {i}; the file is damaged"
            )
        owner[i] = token
    return raw


def _check_model(model: dict[str, Any], path: str) -> None:
    kind = model.get("type", "BPE" if "merges" in model else None)
    if kind != "BPE":
        raise _fail(
            path,
            f"model type {short(kind)} is not supported; only BPE (byte-level or SentencePiece-style) and "
            "WordPiece models are",
        )
    dropout = model.get("dropout")
    if dropout not in (None, 0, 0.0):
        raise _fail(path, f"model.dropout is {short(dropout)}: random merges are not supported (set it to null)")
    for key in ("continuing_subword_prefix", "end_of_word_suffix"):
        if model.get(key) not in (None, ""):
            raise _fail(path, f"model.{key} is {short(model.get(key))}; not supported")
