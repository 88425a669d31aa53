"""GPT-2's files: ``vocab.json`` (token string -> id) and ``merges.txt`` (one merge per line).

Both write bytes through GPT-2's byte-to-unicode table (:func:`gpt2_bytes_to_unicode`: every
byte becomes a printable character, ``Ġ`` is the space).
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from functools import lru_cache

from .._files import FileProblem, read_regular
from ..errors import TokenizerFileError
from .data import TokenizerData
from .jsonfile import load_json, short

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
                f"token {short(token)} has the character {exc.args[0]!r}, which is not in GPT-2's byte-to-unicode table",
            ) from None

    raw = load_json(vpath, "GPT-2 vocab.json")
    if not isinstance(raw, dict):
        raise _fail(vpath, "must be a JSON object mapping token strings to ids")
    if special_tokens is None:
        specials = ["<|endoftext|>"] if "<|endoftext|>" in raw else []
    else:
        specials = list(special_tokens)
    vocab: dict[int, bytes] = {}
    special_ids: dict[str, int] = {}
    owner: dict[int, str] = {}
    for token, i in raw.items():
        if not isinstance(i, int) or isinstance(i, bool) or i < 0:
            raise _fail(vpath, f"the id of {short(token)} must be a non-negative whole number, got {short(i)}")
        if i in owner:
            raise _fail(vpath, f"{short(owner[i])} and {short(token)} both have id {i}; the file is damaged")
        owner[i] = token
        if token in specials:
            special_ids[token] = i
        else:
            vocab[i] = to_bytes(token, vpath)
    try:
        data = read_regular(mpath, what="merges.txt")
    except FileProblem as exc:
        raise TokenizerFileError(str(exc)) from None
    try:
        lines = data.decode("utf-8").split("\n")
    except UnicodeDecodeError as exc:
        raise _fail(mpath, f"is not UTF-8 text (byte {exc.start})") from None
    merges: list[tuple[bytes, bytes]] = []
    for lineno, line in enumerate(lines, 1):
        line = line.rstrip("\r")
        if not line.strip() or (lineno == 1 and line.startswith("#version")):
            continue
        parts = line.split(" ")
        if len(parts) != 2 or not parts[0] or not parts[1]:
            raise _fail(mpath, f"line {lineno} must be two tokens separated by one space, got {short(line)}")
        merges.append((to_bytes(parts[0], mpath), to_bytes(parts[1], mpath)))
    if not merges and any(len(b) > 1 for b in vocab.values()):
        raise _fail(
            mpath,
            f"holds no merges, but {vpath} has {sum(len(b) > 1 for b in vocab.values()):,} tokens of several bytes "
            "that only merges can make; is it the merges.txt of this vocabulary?",
        )
    next_id = max(list(vocab) + list(special_ids.values()), default=-1) + 1
    for tok in specials:
        if tok not in special_ids:
            special_ids[tok] = next_id
            next_id += 1
    return TokenizerData(
        vocab, merges, special_ids, pretokenizer="gpt2", name="GPT-2 (vocab.json)", source=f"{vpath} + {mpath}"
    )
