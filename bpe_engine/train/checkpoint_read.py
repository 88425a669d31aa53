"""Reading a checkpoint file back (:func:`load_checkpoint`), every array checked against the
settings and the others: a damaged or foreign file is a
:class:`~bpe_engine.errors.CheckpointError` naming the first thing that does not fit, never a
crash later in the resumed run. Version 1 files (the loop's arrays) are read by
:mod:`.checkpoint_v1`.

Apart from writing (:mod:`.checkpoint`) because nearly all of it is these checks; the format
both follow is :mod:`.checkpoint_format`.
"""

from __future__ import annotations

import io
import json
import os
import re
import zipfile
import zlib
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from .._files import file_problem
from ..errors import CheckpointError, CheckpointProblem
from .checkpoint_format import (
    CHECKPOINT_FORMAT,
    CHECKPOINT_VERSION,
    HISTORY,
    Checkpoint,
    CorpusFile,
    Saved,
    SavedWords,
    unpack_column,
)
from .config import TrainerConfig
from .events import CountingDone, MergeEvent

__all__ = ["checked_words", "load_checkpoint"]

#: What to do when a file is not a checkpoint (part of the messages).
_CHOOSE = "choose a .ckpt file saved with Training > Save training as checkpoint"
#: How every ZIP archive (a NumPy ``.npz``) begins.
_ZIP_MAGIC = b"PK\x03\x04"
_SHA256 = re.compile(r"[0-9a-f]{64}")


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
        return unpack_column(arrays, specs, "text", None).tobytes().decode("utf-8")
    except UnicodeDecodeError:
        raise ValueError("the corpus text ('text') is not UTF-8") from None


def _history(
    arrays: Mapping[str, np.ndarray], specs: Mapping[str, Any], counting: CountingDone
) -> tuple[list[bytes], list[MergeEvent]]:
    left = unpack_column(arrays, specs, "history.left", None).astype(np.int64)
    n = int(left.size)
    right, count, replaced, tied_left, tied_right = (
        unpack_column(arrays, specs, f"history.{k}", n).astype(np.int64) for k in HISTORY[1:]
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
    ids = unpack_column(arrays, specs, "words.ids", None)
    lens = unpack_column(arrays, specs, "words.lens", None).astype(np.int64)
    counts = unpack_column(arrays, specs, "words.counts", int(lens.size)).astype(np.int64)
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
