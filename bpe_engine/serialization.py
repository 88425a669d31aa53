"""Reading and writing tokenizers.

Our format is one JSON object (UTF-8), versioned::

    {
      "format": "bpe-explorer-tokenizer",
      "version": 1,
      "name": "trained on corpus.en",            # or null
      "pretokenizer": "gpt2",                     # a name or "regex:<pattern>"
      "vocab": {"0": "00", "1": "01", ...},       # id -> token bytes in hex
      "merges": [[left_id, right_id, new_id], ...],   # in merge order
      "merge_counts": [count or null, ...],       # the pair's count when it was merged
      "special_tokens": {"<|endoftext|>": 500}
    }

Saving is atomic (a temporary file in the same folder, then a rename). Loading checks every
field and says which one is wrong. GPT-2's ``vocab.json`` + ``merges.txt`` (byte-to-unicode
encoded) are read here too.
"""

from __future__ import annotations

import json
import os
import tempfile
from contextlib import contextmanager
from functools import lru_cache
from typing import Any, BinaryIO, Iterable, Iterator

from .errors import BPEError, TokenizerFileError
from .tokenizer import Tokenizer

__all__ = [
    "FORMAT_NAME",
    "FORMAT_VERSION",
    "save_tokenizer",
    "load_tokenizer",
    "tokenizer_to_dict",
    "tokenizer_from_dict",
    "load_gpt2_files",
    "gpt2_bytes_to_unicode",
    "atomic_write_bytes",
    "atomic_writer",
]

FORMAT_NAME = "bpe-explorer-tokenizer"
FORMAT_VERSION = 1


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


@contextmanager
def atomic_writer(path: "str | os.PathLike[str]") -> Iterator[BinaryIO]:
    """A binary file that replaces ``path`` only once it is complete (temporary file in the
    same folder, fsync, rename); on any error the old file stays and no temporary remains.
    The new file gets the old file's permissions, or the usual ones (0666 minus umask)."""
    path = os.fspath(path)
    folder = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(prefix=".tmp-", suffix=".part", dir=folder)
    try:
        try:
            mode = os.stat(path).st_mode & 0o7777
        except OSError:
            mode = 0o666 & ~_umask()
        if hasattr(os, "fchmod"):
            os.fchmod(fd, mode)  # subtle: mkstemp makes 0600 files, which others could not read
        with os.fdopen(fd, "wb") as f:
            yield f
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def _umask() -> int:
    """The process umask, read without changing it where possible (os.umask sets it too,
    which would race with other threads creating files)."""
    try:
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except OSError:
        pass
    old = os.umask(0o022)
    os.umask(old)
    return old


def atomic_write_bytes(path: "str | os.PathLike[str]", data: bytes) -> None:
    """Write ``data`` to ``path`` so that readers see the old file or the whole new one."""
    with atomic_writer(path) as f:
        f.write(data)


def tokenizer_to_dict(tok: Tokenizer) -> dict[str, Any]:
    merge_ids = tok.merge_ids()
    return {
        "format": FORMAT_NAME,
        "version": FORMAT_VERSION,
        "name": tok.name,
        "pretokenizer": tok.pretokenizer.spec,
        "vocab": {str(i): tok.vocab[i].hex() for i in sorted(tok.vocab) if not tok.is_special(i)},
        "merges": [list(m) for m in merge_ids],
        "merge_counts": list(tok.merge_counts),
        "special_tokens": dict(tok.special_tokens),
    }


def save_tokenizer(tok: Tokenizer, path: "str | os.PathLike[str]") -> None:
    data = json.dumps(tokenizer_to_dict(tok), ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    try:
        atomic_write_bytes(path, data)
    except OSError as exc:
        raise TokenizerFileError(f"{os.fspath(path)}: cannot save ({exc.strerror}); choose another folder") from None


def _fail(path: str, what: str) -> TokenizerFileError:
    return TokenizerFileError(f"{path}: {what}")


def tokenizer_from_dict(obj: Any, path: str = "<data>") -> Tokenizer:
    """Build a tokenizer from the parsed JSON of our format, checking every field."""
    if not isinstance(obj, dict):
        raise _fail(path, "is not a BPE Explorer tokenizer (the top level is not a JSON object)")
    if obj.get("format") != FORMAT_NAME:
        raise _fail(path, f"is not a BPE Explorer tokenizer (field 'format' is {obj.get('format')!r}, expected {FORMAT_NAME!r})")
    version = obj.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise _fail(path, f"field 'version' must be a whole number, got {version!r}")
    if version > FORMAT_VERSION:
        raise _fail(path, f"was written by a newer BPE Explorer (format version {version}; this one reads up to {FORMAT_VERSION}); update BPE Explorer")
    if version < 1:
        raise _fail(path, f"has an invalid format version {version}")
    for field in ("pretokenizer", "vocab", "merges", "special_tokens"):
        if field not in obj:
            raise _fail(path, f"field {field!r} is missing; the file is incomplete")
    name = obj.get("name")
    if name is not None and not isinstance(name, str):
        raise _fail(path, f"field 'name' must be a string or null, got {name!r}")
    pretokenizer = obj["pretokenizer"]
    if not isinstance(pretokenizer, str):
        raise _fail(path, f"field 'pretokenizer' must be a string, got {pretokenizer!r}")
    raw_vocab = obj["vocab"]
    if not isinstance(raw_vocab, dict):
        raise _fail(path, "field 'vocab' must be an object mapping ids to hex bytes")
    vocab: dict[int, bytes] = {}
    for key, value in raw_vocab.items():
        try:
            i = int(key)
            if str(i) != key or i < 0:
                raise ValueError
        except ValueError:
            raise _fail(path, f"vocab key {key!r} is not a token id (a non-negative whole number)") from None
        if not isinstance(value, str):
            raise _fail(path, f"vocab[{key}] must be a hex string, got {value!r}")
        try:
            vocab[i] = bytes.fromhex(value)
        except ValueError:
            raise _fail(path, f"vocab[{key}] = {value!r} is not valid hex") from None
    raw_merges = obj["merges"]
    if not isinstance(raw_merges, list):
        raise _fail(path, "field 'merges' must be a list of [left_id, right_id, new_id]")
    merges: list[tuple[bytes, bytes]] = []
    merge_ids: list[tuple[int, int]] = []
    for r, m in enumerate(raw_merges):
        if (
            not isinstance(m, list) or len(m) != 3
            or not all(isinstance(x, int) and not isinstance(x, bool) for x in m)
        ):
            raise _fail(path, f"merges[{r}] must be [left_id, right_id, new_id], got {m!r}")
        a, b, z = m
        for x in (a, b, z):
            if x not in vocab:
                raise _fail(path, f"merges[{r}] refers to id {x}, which is not in 'vocab'")
        if vocab[z] != vocab[a] + vocab[b]:
            raise _fail(path, f"merges[{r}]: token {z} is not the concatenation of tokens {a} and {b}")
        merges.append((vocab[a], vocab[b]))
        merge_ids.append((a, b))
    counts = obj.get("merge_counts")
    if counts is not None:
        if not isinstance(counts, list) or len(counts) != len(merges):
            raise _fail(path, f"field 'merge_counts' must be a list of {len(merges)} counts (or nulls)")
        for r, c in enumerate(counts):
            if c is not None and (not isinstance(c, int) or isinstance(c, bool) or c < 0):
                raise _fail(path, f"merge_counts[{r}] must be a non-negative whole number or null, got {c!r}")
    specials = obj["special_tokens"]
    if not isinstance(specials, dict):
        raise _fail(path, "field 'special_tokens' must be an object mapping token text to id")
    for tok, i in specials.items():
        if not isinstance(i, int) or isinstance(i, bool) or i < 0:
            raise _fail(path, f"special_tokens[{tok!r}] must be a token id, got {i!r}")
        if i in vocab:
            raise _fail(path, f"special token {tok!r} has id {i}, which 'vocab' already uses")
    try:
        return Tokenizer(
            vocab, merges, specials, pretokenizer=pretokenizer, merge_counts=counts,
            merge_ids=merge_ids, name=name,
        )
    except BPEError as exc:
        raise _fail(path, str(exc)) from None


def load_tokenizer(path: "str | os.PathLike[str]") -> Tokenizer:
    path = os.fspath(path)
    try:
        with open(path, "rb") as f:
            data = f.read()
    except FileNotFoundError:
        raise TokenizerFileError(f"{path}: no such file; check the path") from None
    except IsADirectoryError:
        raise TokenizerFileError(f"{path}: is a folder, not a tokenizer file") from None
    except OSError as exc:
        raise TokenizerFileError(f"{path}: cannot be read ({exc.strerror})") from None
    if not data.strip():
        raise _fail(path, "is empty; it is not a tokenizer file")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise _fail(path, f"is not a BPE Explorer tokenizer (not UTF-8 text at byte {exc.start})") from None
    try:
        obj = json.loads(text)
    except json.JSONDecodeError as exc:
        if exc.pos >= len(text.rstrip()) - 1:
            raise _fail(path, f"ends early at line {exc.lineno}, column {exc.colno}: the file is truncated; save it again") from None
        raise _fail(path, f"is not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg}); it is not a tokenizer file or is damaged") from None
    return tokenizer_from_dict(obj, path)


def load_gpt2_files(
    vocab_json_path: "str | os.PathLike[str]",
    merges_txt_path: "str | os.PathLike[str]",
    special_tokens: "Iterable[str] | None" = None,
) -> Tokenizer:
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
            raise _fail(where, f"token {token!r} has the character {exc.args[0]!r}, which is not in GPT-2's byte-to-unicode table") from None

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
    try:
        return Tokenizer(vocab, merges, special_ids, pretokenizer="gpt2", name="GPT-2 (vocab.json)")
    except BPEError as exc:
        raise _fail(f"{vpath} + {mpath}", str(exc)) from None
