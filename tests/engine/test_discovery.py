"""Tokenizers in the Hugging Face cache, listed offline by model name."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bpe_engine import find_hf_tokenizers, hf_cache_dir, load_tokenizer, train_bpe

from .conftest import EOT, training_text

REPO = Path(__file__).resolve().parents[2]


def _model(root: Path, name: str, files: dict[str, bytes], *, revision: str = "abc123", main: bool = True) -> Path:
    """A model folder as huggingface_hub writes it: files in blobs/, links in snapshots/."""
    folder = root / ("models--" + name.replace("/", "--"))
    snapshot = folder / "snapshots" / revision
    snapshot.mkdir(parents=True)
    (folder / "blobs").mkdir(exist_ok=True)
    for file_name, data in files.items():
        blob = folder / "blobs" / f"{abs(hash((name, file_name))):x}"
        blob.write_bytes(data)
        os.symlink(os.path.relpath(blob, snapshot), snapshot / file_name)
    if main:
        (folder / "refs").mkdir(exist_ok=True)
        (folder / "refs" / "main").write_text(revision, encoding="ascii")
    return snapshot


def test_models_are_listed_by_name(tmp_path: Path) -> None:
    tok = train_bpe(None, 300, [EOT], text=training_text())
    hf_json = Path(tok.export(tmp_path / "src.json", "hf")[0]).read_bytes()
    cache = tmp_path / "hub"
    _model(cache, "meta-llama/Llama-3.2-1B", {"tokenizer.json": hf_json, "config.json": b"{}"})
    _model(cache, "mistralai/Mistral-7B", {"tokenizer.model": b"\x0a\x05\x0a\x01a"})
    _model(cache, "acme/no-tokenizer", {"config.json": b"{}"})
    snap = _model(cache, "acme/broken", {"tokenizer.json": b"{}"})
    for blob in (snap.parent.parent / "blobs").iterdir():
        blob.unlink()  # a partial download: the link points nowhere
    (cache / "datasets--x--y").mkdir()
    found = find_hf_tokenizers(cache)
    assert [(t.model, Path(t.path).name) for t in found] == [
        ("meta-llama/Llama-3.2-1B", "tokenizer.json"),
        ("mistralai/Mistral-7B", "tokenizer.model"),
    ]
    assert found[0].revision == "abc123" and found[0].size == len(hf_json)
    loaded = load_tokenizer(found[0].path)
    assert loaded.name == "meta-llama/Llama-3.2-1B"
    assert loaded.encode("hello world") == tok.encode("hello world")


def test_the_snapshot_refs_main_names_wins(tmp_path: Path) -> None:
    cache = tmp_path / "hub"
    _model(cache, "org/m", {"tokenizer.json": b"{}"}, revision="old", main=False)
    _model(cache, "org/m", {"tokenizer.model": b"x"}, revision="new")
    (found,) = find_hf_tokenizers(cache)
    assert found.revision == "new" and found.path.endswith("tokenizer.model")


def test_where_the_cache_is(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    env = {"HF_HOME": str(tmp_path / "home")}
    assert hf_cache_dir(env) == str(tmp_path / "home" / "hub")
    env["HF_HUB_CACHE"] = str(tmp_path / "hub")
    assert hf_cache_dir(env) == str(tmp_path / "hub")
    assert hf_cache_dir({"XDG_CACHE_HOME": "/x"}) == os.path.join("/x", "huggingface", "hub")
    assert hf_cache_dir({}) == os.path.join(os.path.expanduser("~"), ".cache", "huggingface", "hub")
    monkeypatch.setenv("HF_HUB_CACHE", str(tmp_path / "missing"))
    assert find_hf_tokenizers() == []


def test_listing_imports_neither_transformers_nor_the_hub(tmp_path: Path) -> None:
    code = (
        "import sys, bpe_engine\n"
        f"bpe_engine.find_hf_tokenizers({str(tmp_path)!r})\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('transformers', 'huggingface_hub', 'tokenizers')))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"
