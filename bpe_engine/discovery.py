"""Tokenizers already on this computer: the Hugging Face cache, listed offline.

The cache is where ``huggingface_hub`` puts it: ``$HF_HUB_CACHE`` (or the older
``$HUGGINGFACE_HUB_CACHE``), else ``$HF_HOME/hub``, else ``$XDG_CACHE_HOME/huggingface/hub``,
else ``~/.cache/huggingface/hub``. Each model is a folder ``models--org--name`` whose
``snapshots/<revision>/`` holds the files; the revision that ``refs/main`` names is taken,
else the newest. Only the folder structure is read (no network, no ``transformers``, no
``huggingface_hub``); a file is listed only if it can be opened (snapshot files are links
into ``blobs/``, which a partial download may lack).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass

from .formats.registry import folder_names

__all__ = ["CachedTokenizer", "hf_cache_dir", "find_hf_tokenizers", "TOKENIZER_FILES"]

#: The files looked for in a snapshot, the first found is listed (the names every format
#: declares for a folder, :func:`bpe_engine.formats.registry.folder_names`).
TOKENIZER_FILES = tuple(folder_names())


@dataclass(frozen=True)
class CachedTokenizer:
    """A tokenizer file of a model in the Hugging Face cache."""

    model: str  # "org/name", as on the Hub
    path: str  # the file (open it with bpe_engine.load_tokenizer)
    revision: str  # the snapshot's commit hash
    size: int  # bytes


def hf_cache_dir(environ: Mapping[str, str] | None = None) -> str:
    """The Hugging Face hub cache folder (see the module docstring); it may not exist."""
    env = os.environ if environ is None else environ
    for key in ("HF_HUB_CACHE", "HUGGINGFACE_HUB_CACHE"):
        if env.get(key):
            return os.path.expanduser(env[key])
    if env.get("HF_HOME"):
        return os.path.join(os.path.expanduser(env["HF_HOME"]), "hub")
    base = env.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "huggingface", "hub")


def _snapshot(model_dir: str) -> str | None:
    snapshots = os.path.join(model_dir, "snapshots")
    try:
        with open(os.path.join(model_dir, "refs", "main"), encoding="ascii") as f:
            main = f.read(100).strip()
        if main and os.path.isdir(os.path.join(snapshots, main)):
            return main
    except (OSError, UnicodeDecodeError):
        pass
    try:
        names = [n for n in os.listdir(snapshots) if os.path.isdir(os.path.join(snapshots, n))]
    except OSError:
        return None
    if not names:
        return None
    return max(names, key=lambda n: os.path.getmtime(os.path.join(snapshots, n)))


def find_hf_tokenizers(cache_dir: str | os.PathLike[str] | None = None) -> list[CachedTokenizer]:
    """The models of the Hugging Face cache that hold a tokenizer file, by model name.

    ``cache_dir`` defaults to :func:`hf_cache_dir`; a missing cache gives an empty list.
    """
    root = os.fspath(cache_dir) if cache_dir is not None else hf_cache_dir()
    try:
        entries = sorted(os.listdir(root))
    except OSError:
        return []
    found: list[CachedTokenizer] = []
    for entry in entries:
        if not entry.startswith("models--"):
            continue
        parts = entry[len("models--") :].split("--")
        model = "/".join(p for p in parts if p)
        model_dir = os.path.join(root, entry)
        revision = _snapshot(model_dir)
        if revision is None:
            continue
        snapshot = os.path.join(model_dir, "snapshots", revision)
        for name in TOKENIZER_FILES:
            path = os.path.join(snapshot, name)
            if os.path.isfile(path) and os.access(path, os.R_OK):
                found.append(CachedTokenizer(model, path, revision, os.path.getsize(path)))
                break
    found.sort(key=lambda t: t.model.lower())
    return found
