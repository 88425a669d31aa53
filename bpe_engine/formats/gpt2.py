"""GPT-2's files: ``vocab.json`` (token string -> id) and ``merges.txt`` (one merge per line).

Both write bytes through GPT-2's byte-to-unicode table (:func:`gpt2_bytes_to_unicode`: every
byte becomes a printable character, ``Ġ`` is the space).
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import TYPE_CHECKING

from .._files import FileProblem, read_regular
from ..errors import ConfigError, TokenizerFileError
from .base import (
    Content,
    Format,
    ReadRequest,
    Writer,
    beside,
    check_specials,
    display_name,
    json_bytes,
    ordinary_tokens,
    pretokenizer_for,
    record,
    refuse,
)
from .data import TokenizerData
from .jsonfile import load_json, short

if TYPE_CHECKING:
    from ..interface import ByteLevelTokenizerLike as Tokenizer

__all__ = ["gpt2_bytes_to_unicode", "read_gpt2_files", "gpt2_files", "FORMAT"]


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


# -- the format: recognising, reading with the file beside, writing -------------------------


def is_merges_txt(data: bytes) -> bool:
    """Whether ``data`` looks like a ``merges.txt`` (``#version`` or a first line of two tokens)."""
    if data.startswith(b"#version"):
        return True
    end = data.find(b"\n")  # (a split copied the rest of the file: 0.5 ms for a .model)
    first = (data if end < 0 else data[:end]).rstrip(b"\r")
    parts = first.split(b" ")
    return len(parts) == 2 and all(parts) and not parts[1].isdigit() and b"\x00" not in first


def _is_vocab_json(obj: object) -> bool:
    return isinstance(obj, dict) and len(obj) >= 256 and all(isinstance(v, int) for v in obj.values())


def _detect(content: Content) -> bool:
    return _is_vocab_json(content.json) if content.is_json else is_merges_txt(content.data)


def _read(content: Content, request: ReadRequest) -> TokenizerData:
    path = content.path
    name = os.path.basename(path)
    if content.is_json:
        vocab, merges = path, beside(path, name.replace("vocab.json", "merges.txt"), "merges.txt")
        if merges is None:
            raise TokenizerFileError(f"{path}: is a GPT-2 vocab.json, but no merges.txt is beside it")
    else:
        found_vocab, merges = beside(path, name.replace("merges.txt", "vocab.json"), "vocab.json"), path
        if found_vocab is None:
            raise TokenizerFileError(f"{path}: is a GPT-2 merges.txt, but no vocab.json is beside it")
        vocab = found_vocab
    if isinstance(request.special_tokens, Mapping):
        raise ConfigError("for GPT-2 files give special_tokens as a list of names (their ids are in vocab.json)")
    record(vocab)
    record(merges)
    found = read_gpt2_files(vocab, merges, request.special_tokens)
    if request.pattern is not None:
        found.pretokenizer = pretokenizer_for(request.pattern)
    found.name = display_name(vocab)
    return found


def _chars(data: bytes) -> str:
    table = gpt2_bytes_to_unicode()
    return "".join(table[b] for b in data)


def gpt2_files(tok: Tokenizer) -> tuple[bytes, bytes]:
    """``vocab.json`` and ``merges.txt`` (special tokens are in ``vocab.json``; pass their
    names when loading, ``<|endoftext|>`` is found by itself)."""
    target = "GPT-2 vocab.json + merges.txt"
    if tok.pretokenizer.name != "gpt2":
        raise refuse(
            target,
            f"these files hold no pre-tokenizer and readers assume GPT-2's regex, but this tokenizer uses "
            f"{short(tok.pretokenizer.spec)}",
        )
    if tok.pair_ranks or tok.rank_splits or tok.ignore_merges:
        raise refuse(target, "merges.txt lists merges in learned order only; this tokenizer merges by another rule")
    if tok.normalizer is not None:
        raise refuse(target, f"these files have no normalizer ({tok.normalizer})")
    check_specials(tok, target)
    ordinary = ordinary_tokens(tok)
    vocab = {_chars(b): i for i, b in sorted(ordinary.items())}
    if len(vocab) != len(ordinary):
        raise refuse(target, "two tokens have the same bytes")
    for t, i in tok.special_tokens.items():
        if t in vocab:
            raise refuse(target, f"the special token {short(t)} has the text of an ordinary token")
        vocab[t] = i
    lines = ["#version: 0.2"] + [f"{_chars(a)} {_chars(b)}" for a, b in tok.merges]
    return json_bytes(vocab), ("\n".join(lines) + "\n").encode("utf-8")


def _paths(path: str, folder: bool) -> list[str]:
    vocab = os.path.join(path, "vocab.json") if folder else path
    base = os.path.basename(vocab)
    merges_name = base.replace("vocab.json", "merges.txt") if "vocab.json" in base else base + ".merges.txt"
    return [vocab, os.path.join(os.path.dirname(vocab), merges_name)]


FORMAT = Format(
    name="gpt2",
    title="GPT-2 vocab.json + merges.txt",
    patterns=("vocab.json", "merges.txt", "*.json", "*.txt"),
    detect=_detect,
    read=_read,
    order=50,
    folder_files=("vocab.json",),
    folder_rank=3,
    takes_settings=True,
    writer=Writer(paths=_paths, files=lambda tok, paths: list(gpt2_files(tok)), suffix="-vocab.json"),
    menu_rank=4,
)
