"""Checkpoint files: a paused or running training, saved to go on later in a new process.

A checkpoint holds what the rest of the training needs, never the merge loop's per-position
arrays (28x the corpus on Chinese): the settings, the corpus (file names with their sizes and
SHA-256, or the text itself), the counting totals, the merges so far with what their events
said, and, when they are small, the distinct pre-tokens as they stand:

- :attr:`Saved.WORDS`: each distinct pre-token's current tokens and its count (a few percent
  of the corpus for English). Resuming rebuilds the pair counts and indexes from them
  (linear); the corpus files are not needed any more.
- :attr:`Saved.MERGES`: when those words would take more than :data:`WORDS_SHARE` of the
  corpus (Chinese: its pre-tokens are most of the text), only the merges. Resuming counts
  the corpus again (its files must be there, unchanged: sizes and SHA-256 are checked) and
  makes the saved merges again, checking each count, before going on.
- :attr:`Saved.COUNTING`: a run saved while counting keeps only its settings and corpus, and
  counts again.

Either way the merges that follow are those an uninterrupted run would have made.

The file is a NumPy ``.npz`` archive of ``uint8`` arrays (never a pickle: opening one runs no
code): ``meta``, a JSON object (format, version, settings, corpus, and the type and length of
every other array), and each array zlib-compressed in the narrowest unsigned type. It is
written atomically; loading checks every array against the settings and the others and names
the first that does not fit. Version 1 files (the loop's arrays) still load.
"""

from __future__ import annotations

import io
import json
import os
import re
import zipfile
import zlib
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from enum import StrEnum
from typing import Any

import numpy as np

from .._files import file_problem
from ..errors import CheckpointError, CheckpointProblem
from ..formats.atomic import atomic_writer
from .config import TrainerConfig
from .events import CountingDone, MergeEvent
from .merging import MergeLoop

__all__ = [
    "CHECKPOINT_FORMAT",
    "CHECKPOINT_VERSION",
    "WORDS_SHARE",
    "Checkpoint",
    "CorpusFile",
    "Saved",
    "SavedWords",
    "corpus_file",
    "load_checkpoint",
    "save_checkpoint",
    "too_many_words",
]

CHECKPOINT_FORMAT = "bpe-explorer-checkpoint"
CHECKPOINT_VERSION = 2
#: The words are saved only while they take at most this share of the corpus (compressed).
WORDS_SHARE = 0.1
#: What to do when a file is not a checkpoint (part of the messages).
_CHOOSE = "choose a .ckpt file saved with Training > Save training as checkpoint"
#: How every ZIP archive (a NumPy ``.npz``) begins.
_ZIP_MAGIC = b"PK\x03\x04"
_UNSIGNED = {np.dtype(t).name: np.dtype(t).newbyteorder("<") for t in (np.uint8, np.uint16, np.uint32, np.uint64)}
# History columns (tied ids are stored + 1: 0 means no tie); a merge's `tokens` is derived.
_HISTORY = ("left", "right", "count", "replaced", "tied_left", "tied_right")
_WORDS = ("ids", "lens", "counts")
_SHA256 = re.compile(r"[0-9a-f]{64}")
_LEVEL = 1  # zlib level: 3x faster than the default here, 5% larger


class Saved(StrEnum):
    """What a checkpoint holds besides the settings, corpus and merges (see the module)."""

    COUNTING = "counting"
    WORDS = "words"
    MERGES = "merges"


@dataclass(frozen=True)
class CorpusFile:
    """A corpus file (its absolute path) as it was when the checkpoint was saved."""

    path: str
    size: int
    sha256: str


@dataclass(frozen=True)
class SavedWords:
    """The distinct pre-tokens: their current token ids (concatenated), how many each has,
    how often each occurs (see :meth:`MergeLoop.export_words`)."""

    ids: np.ndarray
    lens: np.ndarray
    counts: np.ndarray


@dataclass
class Checkpoint:
    """What a checkpoint file holds (see :func:`load_checkpoint`). ``tok`` is every token's
    bytes: the 256 bytes, then one per merge of ``history``."""

    config: TrainerConfig
    paths: tuple[str, ...]
    text: str | None
    saved: Saved
    counting: CountingDone | None
    history: list[MergeEvent]
    tok: list[bytes]
    words: SavedWords | None = None
    files: tuple[CorpusFile, ...] = ()


def corpus_file(path: str, cache: dict[str, tuple[int, int, str]] | None = None) -> CorpusFile:
    """``path``'s size and SHA-256 (``cache`` keeps them per path, size and modification time:
    a run saved several times reads its corpus once)."""
    st = os.stat(path)
    known = cache.get(path) if cache is not None else None
    if known is not None and known[:2] == (st.st_size, st.st_mtime_ns):
        return CorpusFile(path, st.st_size, known[2])
    # subtle: imported here, not with this module (which every trainer imports): hashlib maps
    # OpenSSL's library (3.6 MB resident), which a run that saves no checkpoint never uses
    import hashlib

    with open(path, "rb") as f:
        digest = hashlib.file_digest(f, "sha256").hexdigest()
    if cache is not None:
        cache[path] = (st.st_size, st.st_mtime_ns, digest)
    return CorpusFile(path, st.st_size, digest)


def _narrow(values: np.ndarray | list[int]) -> np.ndarray:
    """Non-negative integers in the narrowest unsigned type that holds them (little-endian)."""
    array = np.asarray(values, dtype=np.int64)
    top = int(array.max()) if array.size else 0
    for dtype in _UNSIGNED.values():
        if top < 1 << (8 * dtype.itemsize):
            return array.astype(dtype)
    raise AssertionError("unreachable: int64 values fit uint64")


def _pack(columns: Mapping[str, np.ndarray | list[int]]) -> tuple[dict[str, Any], dict[str, np.ndarray]]:
    """Each column narrowed and compressed: its description for ``meta``, and its bytes."""
    specs: dict[str, Any] = {}
    blobs: dict[str, np.ndarray] = {}
    for name, values in columns.items():
        array = _narrow(values)
        specs[name] = {"dtype": array.dtype.name, "size": int(array.size)}
        blobs[name] = np.frombuffer(zlib.compress(array.tobytes(), _LEVEL), dtype=np.uint8)
    return specs, blobs


def _packed_size(blobs: Mapping[str, np.ndarray]) -> int:
    return sum(int(b.size) for b in blobs.values())


def too_many_words(live: int, tokens: int, budget: float) -> bool:
    """Whether ``live`` token positions of a vocabulary of ``tokens`` cannot fit in ``budget``
    bytes even compressed (zlib shrinks token ids 1.2-1.5x, never 2x here)."""
    width = 1 if tokens <= 256 else 2 if tokens <= 65536 else 4
    return live * width > 2 * budget


def _words(loop: MergeLoop, total_bytes: int, spent: int) -> tuple[dict[str, Any], dict[str, np.ndarray]] | None:
    """The words' arrays if, compressed, they fit in :data:`WORDS_SHARE` of the corpus along
    with the ``spent`` bytes of the rest; else None (and nothing compressed when even the
    raw token ids alone are far too many: Chinese, where compressing them would take 0.5 s)."""
    budget = WORDS_SHARE * total_bytes - spent
    if too_many_words(loop.live, len(loop.tok), budget):
        return None
    ids, lens = loop.export_words()
    specs, blobs = _pack({"words.ids": ids, "words.lens": lens, "words.counts": loop.word_count})
    return (specs, blobs) if _packed_size(blobs) <= budget else None


def save_checkpoint(
    path: str | os.PathLike[str],
    config: TrainerConfig,
    paths: tuple[str, ...],
    text: str | None,
    counting: CountingDone | None,
    loop: MergeLoop | None,
    history: Sequence[MergeEvent],
    digests: dict[str, tuple[int, int, str]] | None = None,
) -> Saved:
    """Write a checkpoint atomically (a temporary file, then a rename) and say what it holds.

    ``loop`` is None while counting, or while a resumed run makes its saved merges again
    (``counting`` and ``history`` are then those of the checkpoint it resumed). A path the OS
    refuses (a folder, a full disk, no permission) is a
    :class:`~bpe_engine.errors.CheckpointError` naming it and what to do."""
    if os.path.isdir(path):
        raise CheckpointError(
            f"{os.fspath(path)} is a folder: give the checkpoint a file name inside it "
            f"(e.g. {os.path.join(os.fspath(path), 'training.ckpt')})",
            path=os.fspath(path),
            problem=CheckpointProblem.IS_A_FOLDER,
        )
    specs: dict[str, Any] = {}
    blobs: dict[str, np.ndarray] = {}
    saved = Saved.COUNTING
    files: list[CorpusFile] = []
    if counting is not None:
        specs, blobs = _pack(_history_columns(history))
        # A text corpus is saved whole anyway: the words' share is counted without it.
        words = _words(loop, counting.total_bytes, _packed_size(blobs)) if loop is not None else None
        if words is not None:
            saved = Saved.WORDS
            specs.update(words[0])
            blobs.update(words[1])
        else:
            saved = Saved.MERGES
    if text is not None:
        raw = text.encode("utf-8")
        specs["text"] = {"dtype": "uint8", "size": len(raw)}
        blobs["text"] = np.frombuffer(zlib.compress(raw, _LEVEL), dtype=np.uint8)
    if saved is Saved.MERGES and text is None:
        try:
            # absolute: a checkpoint of the merges is resumed from any folder
            files = [corpus_file(os.path.abspath(p), digests) for p in paths]
        except OSError as exc:
            raise CheckpointError(
                f"{exc.filename}: cannot read the corpus file to save the checkpoint ({exc.strerror or exc}); "
                "the checkpoint names its corpus files, which must be there"
            ) from None
    meta = {
        "format": CHECKPOINT_FORMAT,
        "version": CHECKPOINT_VERSION,
        "saved": saved.value,
        "config": asdict(config),
        "paths": list(paths),
        "files": [asdict(f) for f in files],
        "counting": asdict(counting) if counting is not None else None,
        "arrays": specs,
    }
    arrays = {"meta": np.frombuffer(json.dumps(meta).encode("utf-8"), dtype=np.uint8), **blobs}
    try:
        with atomic_writer(path) as f:
            np.savez(f, **arrays)  # type: ignore[arg-type]
    except OSError as exc:
        raise CheckpointError(
            f"{os.fspath(path)}: cannot save the checkpoint ({exc.strerror or exc}); choose another folder or name"
        ) from None
    return saved


def _history_columns(history: Sequence[MergeEvent]) -> dict[str, np.ndarray]:
    n = len(history)
    left = np.fromiter((e.left_id for e in history), dtype=np.int64, count=n)
    right = np.fromiter((e.right_id for e in history), dtype=np.int64, count=n)
    count = np.fromiter((e.count for e in history), dtype=np.int64, count=n)
    replaced = np.fromiter((e.replaced for e in history), dtype=np.int64, count=n)
    tied_left = np.zeros(n, dtype=np.int64)
    tied_right = np.zeros(n, dtype=np.int64)
    tied = [(rank, e.tied_with) for rank, e in enumerate(history) if e.tied_with is not None]
    if tied:
        ids = {bytes([i]): i for i in range(256)}
        ids.update((e.left + e.right, e.new_id) for e in history)
        for rank, (a, b) in tied:
            tied_left[rank] = ids[a] + 1
            tied_right[rank] = ids[b] + 1
    return {
        "history.left": left,
        "history.right": right,
        "history.count": count,
        "history.replaced": replaced,
        "history.tied_left": tied_left,
        "history.tied_right": tied_right,
    }


def load_checkpoint(path: str | os.PathLike[str]) -> Checkpoint:
    """Read a checkpoint; :class:`~bpe_engine.errors.CheckpointError` says what is wrong."""
    path = os.fspath(path)
    problem = file_problem(path)
    if problem is not None:
        raise CheckpointError(f"{path}: {problem}")
    try:
        # subtle: our own file object, closed even when NumPy's zip reader fails half-way
        with open(path, "rb") as f:
            if f.read(len(_ZIP_MAGIC)) != _ZIP_MAGIC:
                # NumPy would try it as a pickle and advise allow_pickle, which must never be done here
                raise CheckpointError(
                    f"{path} is not a BPE Explorer training checkpoint; {_CHOOSE}",
                    path=path,
                    problem=CheckpointProblem.NOT_A_CHECKPOINT,
                )
            f.seek(0)
            with np.load(f, allow_pickle=False) as archive:
                arrays = {name: archive[name] for name in archive.files}
    except CheckpointError:
        raise
    except (OSError, zipfile.BadZipFile, EOFError, KeyError, NotImplementedError) as exc:
        raise CheckpointError(
            f"{path}: is not a BPE Explorer checkpoint or is damaged ({exc}); {_CHOOSE}",
            path=path,
            problem=CheckpointProblem.NOT_A_CHECKPOINT,
        ) from None
    except ValueError:  # e.g. an array of Python objects: NumPy's message advises pickles
        raise CheckpointError(
            f"{path}: is not a BPE Explorer checkpoint (it holds arrays of Python objects); {_CHOOSE}",
            path=path,
            problem=CheckpointProblem.NOT_A_CHECKPOINT,
        ) from None
    except MemoryError:
        raise CheckpointError(f"{path}: is damaged (an array claims more memory than there is)") from None
    try:
        return _parse(arrays)
    except (ValueError, TypeError, KeyError, zlib.error, RecursionError) as exc:
        raise CheckpointError(f"{path}: is damaged or not a BPE Explorer checkpoint: {exc}") from None
    except MemoryError:
        raise CheckpointError(f"{path}: is damaged (an array claims more memory than there is)") from None


def _parse(arrays: dict[str, np.ndarray]) -> Checkpoint:
    meta_raw = arrays.get("meta")
    if meta_raw is None or meta_raw.dtype != np.uint8:
        raise ValueError("it holds no settings ('meta')")
    meta: Any = json.load(io.BytesIO(meta_raw.tobytes()))
    if not isinstance(meta, dict) or meta.get("format") != CHECKPOINT_FORMAT:
        raise ValueError("its settings do not say it is a checkpoint")
    version = meta.get("version")
    if version not in (1, CHECKPOINT_VERSION):
        raise ValueError(f"format version {version!r}; this BPE Explorer reads versions 1 to {CHECKPOINT_VERSION}")
    config_fields = meta.get("config")
    if not isinstance(config_fields, dict):
        raise ValueError("the settings ('config') are missing")
    specials = config_fields.get("special_tokens")
    if isinstance(specials, list):
        config_fields["special_tokens"] = tuple(specials)
    config = TrainerConfig(**config_fields)  # checks every setting
    paths = meta.get("paths")
    if not isinstance(paths, list) or not all(isinstance(p, str) for p in paths):
        raise ValueError("the list of corpus files ('paths') is damaged")
    counting = _counting(meta.get("counting"))
    if version == 1:
        from .checkpoint_v1 import parse_v1

        text = arrays["text"].tobytes().decode("utf-8") if "text" in arrays else None
        tok, history, loop_words = parse_v1(arrays, counting)
        if loop_words is None:
            return Checkpoint(config, tuple(paths), text, Saved.COUNTING, None, [], tok)
        v1_words = checked_words(SavedWords(*loop_words), len(tok), counting, history)
        return Checkpoint(config, tuple(paths), text, Saved.WORDS, counting, history, tok, v1_words)
    specs = meta.get("arrays")
    if not isinstance(specs, dict):
        raise ValueError("the description of its arrays ('arrays') is missing")
    text = _text(arrays, specs)
    saved_raw = meta.get("saved")
    if not isinstance(saved_raw, str) or saved_raw not in {s.value for s in Saved}:
        raise ValueError(f"what it holds ('saved': {saved_raw!r}) is unknown")
    saved = Saved(saved_raw)
    if saved is Saved.COUNTING:
        return Checkpoint(config, tuple(paths), text, saved, None, [], _byte_tokens())
    if counting is None:
        raise ValueError("it has merges but no counting totals ('counting')")
    tok, history = _history(arrays, specs, counting)
    words = _saved_words(arrays, specs, len(tok), counting, history) if saved is Saved.WORDS else None
    files = _files(meta.get("files"), paths) if saved is Saved.MERGES and text is None else ()
    return Checkpoint(config, tuple(paths), text, saved, counting, history, tok, words, files)


def _counting(raw: Any) -> CountingDone | None:
    if raw is None:
        return None
    names = set(CountingDone.__dataclass_fields__)
    if (
        not isinstance(raw, dict)
        or set(raw) != names
        or not all(type(v) is int and v >= 0 for v in raw.values())  # bools are ints: refused
    ):
        raise ValueError("the counting totals ('counting') are damaged")
    return CountingDone(**raw)


def _byte_tokens() -> list[bytes]:
    return [bytes([i]) for i in range(256)]


def _text(arrays: Mapping[str, np.ndarray], specs: Mapping[str, Any]) -> str | None:
    if "text" not in arrays:
        return None
    try:
        return _array(arrays, specs, "text", None).tobytes().decode("utf-8")
    except UnicodeDecodeError:
        raise ValueError("the corpus text ('text') is not UTF-8") from None


def _array(arrays: Mapping[str, np.ndarray], specs: Mapping[str, Any], name: str, size: int | None) -> np.ndarray:
    """The column ``name``, decompressed (never beyond the size ``meta`` gives it), of the type
    ``meta`` gives, with ``size`` values if given."""
    spec = specs.get(name)
    blob = arrays.get(name)
    if not isinstance(spec, dict) or blob is None:
        raise ValueError(f"the array {name!r} is missing")
    dtype = _UNSIGNED.get(spec.get("dtype"))  # type: ignore[arg-type]
    count = spec.get("size")
    if dtype is None or not isinstance(count, int) or not 0 <= count < 1 << 40 or (size is not None and count != size):
        raise ValueError(f"the array {name!r} is described as {spec!r}" + (f"; {size} values expected" if size else ""))
    if blob.dtype != np.uint8 or blob.ndim != 1:
        raise ValueError(f"the array {name!r} is not stored as bytes")
    expected = count * dtype.itemsize
    inflate = zlib.decompressobj()
    raw = inflate.decompress(blob.tobytes(), expected + 1)
    if len(raw) != expected or not inflate.eof:
        raise ValueError(f"the array {name!r} holds {len(raw)} bytes where {expected} were expected")
    return np.frombuffer(raw, dtype=dtype)


def _history(
    arrays: Mapping[str, np.ndarray], specs: Mapping[str, Any], counting: CountingDone
) -> tuple[list[bytes], list[MergeEvent]]:
    left = _array(arrays, specs, "history.left", None).astype(np.int64)
    n = int(left.size)
    right, count, replaced, tied_left, tied_right = (
        _array(arrays, specs, f"history.{k}", n).astype(np.int64) for k in _HISTORY[1:]
    )
    limit = 256 + np.arange(n)  # merge r uses tokens made before it
    bad = np.flatnonzero((left >= limit) | (right >= limit))
    if bad.size:
        raise ValueError(f"merge {int(bad[0])} of the history ('history.left'/'history.right') uses a later token")
    bad = np.flatnonzero((tied_left > limit) | (tied_right > limit) | ((tied_left == 0) != (tied_right == 0)))
    if bad.size:
        raise ValueError(f"merge {int(bad[0])} of the history ties with a token that does not exist ('history.tied_*')")
    tokens = counting.initial_tokens - np.cumsum(replaced)
    tok = _byte_tokens()
    history = []
    seen: dict[tuple[int, int], int] = {}
    for rank, (a, b, c, r, t, ta, tb) in enumerate(
        zip(*(x.tolist() for x in (left, right, count, replaced, tokens, tied_left, tied_right)))
    ):
        first = seen.setdefault((a, b), rank)
        if first != rank:
            raise ValueError(f"merge {rank} of the history ('history.left'/'history.right') repeats merge {first}")
        tok.append(tok[a] + tok[b])
        tied = (tok[ta - 1], tok[tb - 1]) if ta and tb else None
        history.append(MergeEvent(rank, a, b, tok[a], tok[b], 256 + rank, c, r, t, tied))
    return tok, history


def _saved_words(
    arrays: Mapping[str, np.ndarray],
    specs: Mapping[str, Any],
    n_tok: int,
    counting: CountingDone,
    history: Sequence[MergeEvent],
) -> SavedWords:
    ids = _array(arrays, specs, "words.ids", None)
    lens = _array(arrays, specs, "words.lens", None).astype(np.int64)
    counts = _array(arrays, specs, "words.counts", int(lens.size)).astype(np.int64)
    return checked_words(SavedWords(ids, lens, counts), n_tok, counting, history)


def checked_words(
    words: SavedWords, n_tok: int, counting: CountingDone | None, history: Sequence[MergeEvent]
) -> SavedWords:
    """``words`` if they fit the tokens and the history (else ``ValueError`` naming the array)."""
    ids, lens, counts = words.ids, words.lens, words.counts
    if ids.size and (int(ids.min()) < 0 or int(ids.max()) >= n_tok):
        raise ValueError(f"the array 'words.ids' holds a token that does not exist (there are {n_tok})")
    if lens.size and int(lens.min()) < 1:
        raise ValueError("the array 'words.lens' holds an empty pre-token")
    if int(lens.sum()) != ids.size:
        raise ValueError(f"the array 'words.lens' adds up to {int(lens.sum())} tokens, 'words.ids' holds {ids.size}")
    if counts.size and int(counts.min()) < 1:
        raise ValueError("the array 'words.counts' holds a pre-token that never occurs")
    if counting is not None:
        now = history[-1].tokens if history else counting.initial_tokens
        held = int(np.dot(counts, lens)) + counting.special_count
        if held != now:
            raise ValueError(f"the words ('words.*') hold {held} tokens where the history says {now}")
    return words


def _files(raw: Any, paths: Sequence[str]) -> tuple[CorpusFile, ...]:
    if not isinstance(raw, list) or len(raw) != len(paths):
        raise ValueError("the corpus files' sizes and checksums ('files') are missing")
    files = []
    for item, path in zip(raw, paths):
        if not isinstance(item, dict) or set(item) != {"path", "size", "sha256"}:
            raise ValueError(f"the entry of 'files' for {path} is damaged")
        f = CorpusFile(**item)
        if (
            not isinstance(f.path, str)
            or not os.path.isabs(f.path)
            or os.path.basename(f.path) != os.path.basename(path)
            or not isinstance(f.size, int)
            or f.size < 0
            or not _SHA256.fullmatch(str(f.sha256))
        ):
            raise ValueError(f"the entry of 'files' for {path} is damaged")
        files.append(f)
    return tuple(files)
