"""A fake Hugging Face hub cache built in a temporary folder, as ``huggingface_hub`` lays it out:
``models--org--name/snapshots/<revision>/<file>`` (files are links into ``blobs/``), with
``refs/main`` naming the revision."""

from __future__ import annotations

import os
from pathlib import Path


def add_model(cache: Path, model: str, files: dict[str, Path], revision: str = "0123456789abcdef0123") -> Path:
    """Put ``files`` (name -> a file to link) into the cache as ``model``'s snapshot; returns the snapshot."""
    folder = cache / ("models--" + model.replace("/", "--"))
    snapshot = folder / "snapshots" / revision
    snapshot.mkdir(parents=True, exist_ok=True)
    (folder / "blobs").mkdir(exist_ok=True)
    (folder / "refs").mkdir(exist_ok=True)
    (folder / "refs" / "main").write_text(revision, encoding="ascii")
    for name, source in files.items():
        blob = folder / "blobs" / f"{abs(hash((model, name))):x}"
        if not blob.exists():
            os.symlink(os.path.abspath(source), blob)
        os.symlink(blob, snapshot / name)
    return snapshot
