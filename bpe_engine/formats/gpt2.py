"""GPT-2's files: ``vocab.json`` (token string -> id) and ``merges.txt`` (one merge per line).

Both write bytes through GPT-2's byte-to-unicode table (:func:`gpt2_bytes_to_unicode`: every
byte becomes a printable character, ``Ġ`` is the space).
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable
from functools import lru_cache

from ..errors import TokenizerFileError
from .data import TokenizerData

__all__ = ["gpt2_bytes_to_unicode", "read_gpt2_files"]


def _fail(path: str, what: str) -> TokenizerFileError:
    return TokenizerFileError(f"{path}: {what}")


@lru_cache(maxsize=1)
def gpt2_bytes_to_unicode() -> dict[int, str]:
    """GPT-2's reversible map from bytes to printable characters (``Ġ`` is the space)."""
    bs = list(range(ord("!"), ord("~") + 1)) + list(range(ord("¡"), ord("¬") + 1)) + list(range(ord("®"), ord("ÿ") + 1))
    cs = bs[:]
    n = 0
    for b in range(256):
        if b not in bs:
            bs.append(b)
            cs.append(256 + n)
            n += 1
    return dict(zip(bs, (chr(c) for c in cs)))


def read_gpt2_files(
    vocab_json_path: str | os.PathLike[str],
    merges_txt_path: str | os.PathLike[str],
    special_tokens: Iterable[str] | None = None,
) -> TokenizerData:
    """GPT-2's ``vocab.json`` (token string -> id) and ``merges.txt`` (one ``left right`` per line).

    With ``special_tokens=None``, ``<|endoftext|>`` is special if ``vocab.json`` holds it
    (no merge can ever produce it); pass ``[]`` to have no special tokens.
    """
    vpath, mpath = os.fspath(vocab_json_path), os.fspath(merges_txt_path)
    decoder = {c: b for b, c in gpt2_bytes_to_unicode().items()}

    def to_bytes(token: str, where: str) -> bytes:
        try:
            return bytes(decoder[ch] for ch in token)
        except KeyError as exc:
            raise _fail(
                where,
                f"token {token!r} has the character {exc.args[0]!r}, which is not in GPT-2's byte-to-unicode table",
            ) from None

    try:
        with open(vpath, encoding="utf-8") as f:
            raw = json.load(f)
    except FileNotFoundError:
        raise TokenizerFileError(f"{vpath}: no such file; check the path of vocab.json") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise _fail(vpath, f"is not valid JSON ({exc})") from None
    if not isinstance(raw, dict):
        raise _fail(vpath, "must be a JSON object mapping token strings to ids")
    if special_tokens is None:
        specials = ["<|endoftext|>"] if "<|endoftext|>" in raw else []
    else:
        specials = list(special_tokens)
    vocab: dict[int, bytes] = {}
    special_ids: dict[str, int] = {}
    for token, i in raw.items():
        if not isinstance(i, int) or isinstance(i, bool) or i < 0:
            raise _fail(vpath, f"the id of {token!r} must be a non-negative whole number, got {i!r}")
        if token in specials:
            special_ids[token] = i
        else:
            vocab[i] = to_bytes(token, vpath)
    merges: list[tuple[bytes, bytes]] = []
    try:
        with open(mpath, encoding="utf-8") as f:
            for lineno, line in enumerate(f, 1):
                line = line.rstrip("\n")
                if not line.strip() or (lineno == 1 and line.startswith("#version")):
                    continue
                parts = line.split(" ")
                if len(parts) != 2 or not parts[0] or not parts[1]:
                    raise _fail(mpath, f"line {lineno} must be two tokens separated by one space, got {line!r}")
                merges.append((to_bytes(parts[0], mpath), to_bytes(parts[1], mpath)))
    except FileNotFoundError:
        raise TokenizerFileError(f"{mpath}: no such file; check the path of merges.txt") from None
    except UnicodeDecodeError as exc:
        raise _fail(mpath, f"is not UTF-8 text (byte {exc.start})") from None
    next_id = max(list(vocab) + list(special_ids.values()), default=-1) + 1
    for tok in specials:
        if tok not in special_ids:
            special_ids[tok] = next_id
            next_id += 1
    return TokenizerData(
        vocab, merges, special_ids, pretokenizer="gpt2", name="GPT-2 (vocab.json)", source=f"{vpath} + {mpath}"
    )
