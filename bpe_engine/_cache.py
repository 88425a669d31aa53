"""An on-disk cache of opened tokenizers' checked tables, so that opening one again is fast.

Rebuilding o200k's merges from its ranks, or resolving Llama 3.2's 280k merges to ids, takes
seconds; the result depends only on the file's bytes and the loader's arguments. So
:func:`cached` keeps, per key (a hash of the file's content and the arguments), the tables a
:class:`~bpe_engine.Tokenizer` is made of, in ``$BPE_EXPLORER_CACHE`` (``0`` or empty: no
cache), else ``$XDG_CACHE_HOME/bpe-explorer``, else ``~/.cache/bpe-explorer``.

The file is a header and flat NumPy arrays, never pickle, never executed::

    magic (8 bytes) | header length (u32) | header JSON | arrays (8-byte aligned) | SHA-256 of all before

The header names the format version, the engine version, the key, each array (name, dtype
from a short list, length) and the tokenizer's small facts (name, special tokens, pattern,
merge rule). A tokenizer opened without its merges (a rank table's are rebuilt from the
ranks on first use, a ``tokenizer.json``'s resolved on first use) is stored at once without
them ("pending": its next open skips parsing the file; a ``tokenizer.json``'s merges then come
from the file read again on first use, refused if it changed), then again whole once they
are made. A file whose magic, versions, key, sizes or checksum do not match is ignored and
replaced; so is one the tables cannot be rebuilt from. Writes go to a temporary file renamed
over the old one (``os.replace``), so a reader in another process sees the old file or the new
one, never half of one. A cache folder that cannot be written only costs the speed.
"""

from __future__ import annotations

import json
import os
import struct
import sys
import tempfile
import weakref
from collections.abc import Callable, Mapping
from itertools import chain, islice
from operator import itemgetter
from pathlib import Path
from typing import Any, TypeVar, cast

import numpy as np

from ._blocks import dict_in_blocks, list_in_blocks, tolist_in_blocks
from ._vocab import SHIFT, MergeTables
from .errors import TokenizerFileError
from .formats.post_processor import SpecialAdditions
from .kinds import MergeRule

T = TypeVar("T")
R = TypeVar("R")

__all__ = ["cache_dir", "cached", "file_key", "openai_key", "text_key", "arguments", "FORMAT_VERSION", "MAGIC"]

MAGIC = b"BPEXTOK\x00"
FORMAT_VERSION = 3  # 2: rank tables stored before their merges are made ("pending"); 3: additions
_DTYPES: dict[str, np.dtype[Any]] = {"i4": np.dtype("<i4"), "i8": np.dtype("<i8"), "u1": np.dtype("u1")}
_DIGEST = 32


def _engine_version() -> str:
    # The package is imported before any of its modules; read, not imported (no import cycle).
    return str(sys.modules[__package__ or "bpe_engine"].__version__)


def cache_dir() -> Path | None:
    """The cache folder, or None when caching is off (``BPE_EXPLORER_CACHE`` = ``0`` or empty)."""
    env = os.environ.get("BPE_EXPLORER_CACHE")
    if env is not None:
        return None if env.strip() in ("", "0") else Path(env)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "bpe-explorer"


def file_key(
    path: str | os.PathLike[str], *parts: object, folder: bool = False, data: bytes | None = None
) -> str | None:
    """A key for the file at ``path`` (its content's SHA-256) and the loader's arguments
    ``parts``; with ``folder``, also the name, size and modification time of every file beside
    it (a rank file takes its pattern and special tokens from files beside it). None when the
    cache is off, when ``path`` is not a readable file (the loader reports that itself), or
    when an argument has no stable text (an iterator, say). ``data``: the file's bytes when
    the caller has read them (hashed instead of reading the file a second time)."""
    if cache_dir() is None:
        return None
    try:
        path = os.fspath(path)
        if not os.path.isfile(path):
            return None
        stamps: list[tuple[str, int, int]] = []
        if folder:
            with os.scandir(os.path.dirname(os.path.abspath(path))) as entries:
                for entry in entries:
                    if len(stamps) > 2000:
                        return None  # a huge folder: not worth a stat of each file every time
                    if entry.is_file():
                        st = entry.stat()
                        stamps.append((entry.name, st.st_size, st.st_mtime_ns))
            stamps.sort()
        import hashlib  # deferred (see _sha256)

        if data is not None:
            digest = hashlib.sha256(data).hexdigest()
        else:
            with open(path, "rb") as f:
                digest = hashlib.file_digest(f, "sha256").hexdigest()
        return text_key("file", digest, stamps, *parts)
    except (OSError, TypeError, ValueError):
        return None


def _sha256(*chunks: bytes | memoryview) -> bytes:
    """The SHA-256 digest of the chunks, one after the other. subtle: ``hashlib`` is imported
    here, not with this module: it maps OpenSSL's library (3.6 MB resident), which a process
    that only trains never uses."""
    import hashlib

    digest = hashlib.sha256()
    for chunk in chunks:
        digest.update(chunk)
    return digest.digest()


def text_key(*parts: object) -> str:
    """A key from JSON-able parts (the kind of load, hashes, arguments; mappings keep their
    order, which matters for special tokens); TypeError for anything else."""
    blob = json.dumps(parts, ensure_ascii=True).encode("ascii")
    return _sha256(blob).hex()


def arguments(pattern: object, special_tokens: object) -> list[object] | None:
    """``load_tokenizer``'s arguments as key parts, or None when they have no stable text."""
    if pattern is not None and not isinstance(pattern, str):
        return None
    if special_tokens is None:
        return [pattern, None]
    if isinstance(special_tokens, Mapping):
        return [pattern, "map", [[k, v] for k, v in special_tokens.items()]]
    if isinstance(special_tokens, (list, tuple)):  # not an iterator: reading it would use it up
        return [pattern, "list", list(special_tokens)]
    return None


def cached(
    key: str | None, build: Callable[[], T], cls: type, make: Callable[..., R], reread: Callable[[], Any] | None = None
) -> T | R:
    """The tokenizer stored under ``key``, or ``build()`` (then stored). Nothing the cache does
    reaches the caller as an error: a bad file is rebuilt, a failed write is skipped. ``cls``
    and ``make``: :class:`~bpe_engine.Tokenizer` (only its instances are stored) and its
    ``_from_tables`` (passed in: this module does not import the tokenizer's). ``reread``:
    ``build()`` again once the file is checked to be unchanged (its key), for merges that
    cannot be rebuilt from the vocabulary (a ``tokenizer.json``'s, resolved on first use): a
    "pending" entry of such a tokenizer gets its merges from it on first use."""
    folder = cache_dir()
    if key is None or folder is None:
        return build()
    path = folder / f"{key}.tok"
    tok = _read(path, key, make, reread)
    if tok is not None:
        return tok
    built = build()
    if isinstance(built, cls) and not cast(Any, built).merges_made:
        # A lazy open: its merge tables, the slow part, are stored once something makes them;
        # its vocabulary is stored now (the next open skips parsing the file and the files
        # beside it), the whole tables once something has made them.
        ref = weakref.ref(built)
        cast(Any, built)._on_merges_made(lambda: _store(path, key, ref(), cls))
        if cast(Any, built).merge_rule.tiktoken_ranks or reread is not None:  # else only once made
            _store(path, key, built, cls, pending=True)
    else:
        _store(path, key, built, cls)
    return built


def _store(path: Path, key: str, tok: object, cls: type, pending: bool = False) -> None:
    try:
        if tok is not None:
            _write(path, key, tok, cls, pending)
    except (OSError, ValueError, TypeError, OverflowError):
        pass  # an unwritable folder, a full disk, tables we do not store: only slower next time


# -- writing -------------------------------------------------------------------------------


def _tables(given: object, cls: type, pending: bool = False) -> tuple[dict[str, Any], dict[str, np.ndarray]] | None:
    """The tokenizer's facts and arrays, or None when this tokenizer's tables cannot be stored
    so that reading them rebuilds it exactly (then it is not cached). ``pending``: a rank
    table opened without its merges: only its vocabulary (the merges are rebuilt from it)."""
    if given.__class__ is not cls:  # a subclass may hold more than these tables
        return None
    tok: Any = given
    vocab = tok.vocab
    if pending:  # (the encoder of a lazy open may not be built yet: not asked for here)
        if tok.merges_made:
            return None
        return _facts(tok, safe=False, pending=True), _vocab_arrays(vocab, tok.byte_ids())
    tables = tok.encoder.tables
    pair_ids, new_ids = tables.pair_ids, tables.new_ids
    # The merges' bytes are their parts' bytes (resolve_merges looked them up so); checked
    # here so that the cache never stores a tokenizer it would give back differently.
    get = vocab.__getitem__
    if len(pair_ids) != len(new_ids) or tok.merges != list(
        zip(map(get, map(itemgetter(0), pair_ids)), map(get, map(itemgetter(1), pair_ids)))
    ):
        return None
    n = len(pair_ids)
    more = list(islice(tables.ranks.items(), n, None))  # the split pairs, added after the merges
    counts = tok.merge_counts
    arrays = _vocab_arrays(vocab, tables.byte_id)
    merges = np.empty((n, 3), dtype="<i4")  # (built from flat arrays: NumPy reads tuples slowly)
    merges[:, 0] = np.fromiter(map(itemgetter(0), pair_ids), dtype=np.int64, count=n)
    merges[:, 1] = np.fromiter(map(itemgetter(1), pair_ids), dtype=np.int64, count=n)
    merges[:, 2] = np.fromiter(new_ids, dtype=np.int64, count=n)
    arrays["merges"] = merges.reshape(-1)
    arrays["more"] = np.fromiter(chain.from_iterable(more), dtype="<i8", count=2 * len(more))
    if any(c is not None for c in counts):
        arrays["counts"] = np.array([-1 if c is None else c for c in counts], dtype="<i8")
    return _facts(tok, safe=tables.merge_all_safe, pending=False), arrays


def _vocab_arrays(vocab: dict[int, bytes], byte_id: list[int]) -> dict[str, np.ndarray]:
    # (int32 at once: an id or length past it raises OverflowError, and nothing is stored)
    blobs = list(vocab.values())
    return {
        "ids": np.fromiter(vocab, dtype="<i4", count=len(vocab)),
        "lengths": np.fromiter(map(len, blobs), dtype="<i4", count=len(blobs)),
        "bytes": np.frombuffer(_joined(blobs), dtype=np.uint8),
        "byte_id": np.array(byte_id, dtype="<i4"),
    }


def _joined(blobs: list[bytes]) -> bytes:
    """``b"".join(blobs)`` in steps of 1024: a join takes a buffer record of 80 bytes for each
    part, 10 MB of fresh memory for Tekken's 130k tokens (6 ms of page faults in a new process)."""
    step = 1024
    if len(blobs) <= step:
        return b"".join(blobs)
    return b"".join([b"".join(blobs[k : k + step]) for k in range(0, len(blobs), step)])


def _facts(tok: Any, safe: bool, pending: bool) -> dict[str, Any]:
    rule = tok.merge_rule
    return {
        "name": tok.name,
        "specials": list(tok.special_tokens.items()),
        "pretokenizer": tok.pretokenizer.spec,
        "rule": [rule.pair_ranks, rule.ignore_merges, rule.rank_splits, rule.tiktoken_ranks],
        "normalizer": tok.normalizer,
        "bos": tok.bos,
        "adds_bos": tok.adds_bos,
        "additions": [[list(p) for p in tok.special_additions.before], [list(p) for p in tok.special_additions.after]],
        "safe": safe,
        "pending": pending,
    }


def _write(path: Path, key: str, tok: object, cls: type, pending: bool = False) -> None:
    got = _tables(tok, cls, pending)
    if got is None:
        return
    facts, arrays = got
    header = {
        "format": FORMAT_VERSION,
        "engine": _engine_version(),
        "key": key,
        "arrays": [[name, a.dtype.str[1:], int(a.size)] for name, a in arrays.items()],
        "facts": facts,
    }
    head = json.dumps(header, ensure_ascii=True).encode("ascii")
    parts: list[bytes | memoryview] = [MAGIC, struct.pack("<I", len(head)), head]
    size = sum(map(len, parts))
    for a in arrays.values():
        pad = -size % 8
        parts += [b"\x00" * pad, np.ascontiguousarray(a).data.cast("B")]  # (no copy)
        size += pad + a.nbytes
    digest = _sha256(*parts)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=".tok")
    try:
        with os.fdopen(fd, "wb") as f:
            for p in parts:
                f.write(p)
            f.write(digest)
        os.replace(tmp, path)  # atomic: readers see the old file or this one, whole
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


# -- reading -------------------------------------------------------------------------------


class _Bad(Exception):
    """The cache file is not one we wrote for this key (or is damaged)."""


def _read(path: Path, key: str, make: Callable[..., R], reread: Callable[[], Any] | None = None) -> R | None:
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError:
        return None
    try:
        facts, arrays = _parse(data, key)
        tok = _rebuild(facts, arrays, make, reread)
        before, after = facts["additions"]
        additions = SpecialAdditions(
            tuple((str(n), int(i)) for n, i in before), tuple((str(n), int(i)) for n, i in after)
        )
        if additions:
            cast(Any, tok).special_additions = additions
    except Exception:  # noqa: BLE001 - any damage means "not cached"; it is rebuilt and replaced
        return None
    if facts["pending"] is True:  # the vocabulary only: the whole tables once they are made
        ref = weakref.ref(tok)
        cast(Any, tok)._on_merges_made(lambda: _store(path, key, ref(), type(tok)))
    return tok


def _parse(data: bytes, key: str) -> tuple[dict[str, Any], dict[str, np.ndarray]]:
    if len(data) < len(MAGIC) + 4 + _DIGEST or not data.startswith(MAGIC):
        raise _Bad("not a cache file")
    body = memoryview(data)[:-_DIGEST]
    if _sha256(body) != data[-_DIGEST:]:
        raise _Bad("checksum")
    (head_len,) = struct.unpack_from("<I", data, len(MAGIC))
    start = len(MAGIC) + 4
    header = json.loads(bytes(body[start : start + head_len]).decode("ascii"))
    if (
        not isinstance(header, dict)
        or header.get("format") != FORMAT_VERSION
        or header.get("engine") != _engine_version()
        or header.get("key") != key
    ):
        raise _Bad("another version or key")
    pos = start + head_len
    arrays: dict[str, np.ndarray] = {}
    for name, code, count in header["arrays"]:
        dtype = _DTYPES[code]  # a KeyError for anything else: only plain numbers are read
        if not isinstance(count, int) or count < 0:
            raise _Bad("size")
        pos += -pos % 8
        end = pos + count * dtype.itemsize
        if end > len(body):
            raise _Bad("truncated")
        arrays[str(name)] = np.frombuffer(body[pos:end], dtype=dtype)
        pos = end
    if pos != len(body):
        raise _Bad("size")
    return header["facts"], arrays


def _rebuild(
    facts: dict[str, Any], arrays: dict[str, np.ndarray], make: Callable[..., R], reread: Callable[[], Any] | None
) -> R:
    """The tokenizer from its stored tables (checked by the checksum; the shapes again here).
    The vocabulary is made now; the merge tables when first asked for (:func:`_merge_tables`)."""
    # (in blocks, here and below: the app opens encodings in a thread beside its GUI thread)
    ids = tolist_in_blocks(arrays["ids"])
    lengths = arrays["lengths"]
    blob = arrays["bytes"].tobytes()
    ends = np.cumsum(lengths, dtype=np.int64)
    if len(ids) != len(lengths) or (len(ends) and int(ends[-1]) != len(blob)) or int(lengths.min(initial=1)) < 1:
        raise _Bad("vocabulary")
    starts = tolist_in_blocks(ends - lengths)
    vocab = dict_in_blocks(zip(ids, map(blob.__getitem__, map(slice, starts, tolist_in_blocks(ends)))))
    byte_id = arrays["byte_id"].tolist()
    if len(byte_id) != 256 or not vocab.keys() >= set(byte_id):
        raise _Bad("bytes")
    pair_ranks, ignore, splits, tiktoken_ranks = (bool(x) for x in facts["rule"])
    specials = {str(t): int(i) for t, i in facts["specials"]}
    common: dict[str, Any] = {
        "vocab": vocab,
        "byte_id": byte_id,
        "specials": specials,
        "pretokenizer": str(facts["pretokenizer"]),
        "name": facts["name"],
        "merge_rule": MergeRule(
            pair_ranks=pair_ranks, ignore_merges=ignore, rank_splits=splits, tiktoken_ranks=tiktoken_ranks
        ),
        "normalizer": facts["normalizer"],
        "bos": facts["bos"],
        "adds_bos": bool(facts["adds_bos"]),
    }
    if facts["pending"] is True:
        if "merges" in arrays or not (tiktoken_ranks or reread is not None):
            raise _Bad("pending")
        if not tiktoken_ranks and reread is not None:
            return make(**common, merge_tables=lambda: _reread(reread, vocab, specials))
        return make(**common, merge_tables=lambda: _from_ranks(vocab, set(specials.values()), strict=not splits))
    merges = arrays["merges"]
    more = arrays["more"]
    counts = arrays.get("counts")
    if merges.size % 3 or more.size % 2 or (counts is not None and counts.size * 3 != merges.size):
        raise _Bad("merges")
    table = merges.reshape(-1, 3)
    known = np.zeros(int(arrays["ids"].max(initial=0)) + 1, dtype=bool)
    known[arrays["ids"]] = True
    if table.size and (int(table.min()) < 0 or int(table.max()) >= len(known) or not known[table].all()):
        raise _Bad("merge ids")  # checked now: a merge that names no token fails here, not later
    safe = bool(facts["safe"])
    return make(**common, merge_tables=lambda: _merge_tables(vocab, table, more, counts, safe))


def _reread(reread: Callable[[], Any], vocab: dict[int, bytes], specials: dict[str, int]) -> MergeTables:
    """The merge tables of a pending entry that the vocabulary cannot give (a
    ``tokenizer.json``'s merge list): from the file read again (``reread`` checks that it is
    unchanged), whose vocabulary must be the one stored."""
    tok = reread()
    tables = tok.encoder.tables
    if tok.vocab != vocab or tok.special_tokens != specials:
        raise TokenizerFileError(
            f"{tok.name or 'the file'}: it no longer gives the vocabulary it was opened with; open it again"
        )
    made: MergeTables | None = tables.merge_tables() if not tables.merges_ready else None
    if made is None:  # opened with its merges: the tables as the tokenizer holds them
        triples = tok.merge_ids()
        pair_ids = [(a, b) for a, b, _ in triples]
        made = MergeTables(tok.merges, tok.merge_counts, [z for _, _, z in triples], pair_ids)
    return made


def _from_ranks(vocab: dict[int, bytes], specials: set[int], strict: bool) -> MergeTables:
    """A rank table's merges rebuilt from its vocabulary (its ids are its ranks, maybe shifted
    past the special tokens, as Tekken's: the rebuild only compares ranks)."""
    from .formats.tiktoken import merge_triples_from_ranks

    ranks = {b: i for i, b in vocab.items() if i not in specials}
    triples = merge_triples_from_ranks(ranks, strict=strict)
    pair_ids = [(a, b) for a, b, _ in triples]
    get = vocab.__getitem__
    merges = [(get(a), get(b)) for a, b in pair_ids]
    return MergeTables(merges, [None] * len(merges), [z for _, _, z in triples], pair_ids)


def _merge_tables(
    vocab: dict[int, bytes], table: np.ndarray, more_flat: np.ndarray, stored: np.ndarray | None, safe: bool
) -> MergeTables:
    """The merge tables from the stored arrays (their ids were checked against ``vocab``)."""
    # (in blocks: the app makes them in a thread beside its GUI thread; 200 000 for o200k)
    left, right, new = (tolist_in_blocks(table[:, k]) for k in range(3))
    get = vocab.__getitem__
    codes = tolist_in_blocks(table[:, 0].astype(np.int64) << SHIFT | table[:, 1])
    more = [(code >> SHIFT, code & ((1 << SHIFT) - 1), r) for code, r in more_flat.reshape(-1, 2).tolist()]
    counts: list[int | None]
    if stored is not None:
        counts = [None if c < 0 else c for c in stored.tolist()]
    else:
        counts = [None] * len(new)
    return MergeTables(
        merges=list_in_blocks(zip(map(get, left), map(get, right))),
        counts=counts,
        new_ids=new,
        pair_ids=list_in_blocks(zip(left, right)),
        more=more,
        safe=safe,
        codes=codes,
    )


def openai_key(name: object) -> str | None:
    """A key for OpenAI's encoding ``name``: its ranks are pinned (by hash) by the installed
    tiktoken, so the name and tiktoken's version stand for the file's content."""
    from .formats.tiktoken import OPENAI_ENCODINGS

    if cache_dir() is None or not isinstance(name, str) or name not in OPENAI_ENCODINGS:
        return None
    try:
        # tiktoken's own version string, not importlib.metadata's (0.1 s of imports and a scan
        # of sys.path on the way to Compare's first result); the core imports tiktoken anyway.
        import tiktoken
    except ImportError:
        return None
    return text_key("tiktoken", name, str(tiktoken.__version__))
