"""The bpe-engine command line on a Unigram model (issue 23): info, encode, decode, overlap,
measure, and a clear refusal to export (fresh processes, as a user runs them)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from .test_cli import run
from .unigram_support import train_sentencepiece

spm = pytest.importorskip("sentencepiece", reason="the reference library: pip install sentencepiece")


@pytest.fixture(scope="module")
def model(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return train_sentencepiece(tmp_path_factory.mktemp("cli") / "u.model", byte_fallback=True)


def test_info_encode_decode(model: Path, tmp_path: Path) -> None:
    text = "Hello world, this is a test of the Unigram model. 你好, мир 🙂"
    (tmp_path / "in.txt").write_text(text, encoding="utf-8")
    out = run("info", str(model), cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert "family:         Unigram (UnigramTokenizer)" in out.stdout
    pieces = spm.SentencePieceProcessor(model_file=str(model)).get_piece_size()  # (4,000 with ../shared)
    assert f"{pieces:,} (256 byte-fallback, no merges, 3 special)" in out.stdout
    out = run("encode", "in.txt", "-t", str(model), "-o", "ids.npy", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    ids = np.load(tmp_path / "ids.npy").tolist()
    assert ids == spm.SentencePieceProcessor(model_file=str(model)).encode(text)
    out = run("decode", "ids.npy", "-t", str(model), "-o", "back.txt", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert (tmp_path / "back.txt").read_text(encoding="utf-8") == text


def test_overlap_measure_and_export(model: Path, tmp_path: Path) -> None:
    (tmp_path / "in.txt").write_text("A short text to measure, twice. " * 20, encoding="utf-8")
    out = run("overlap", str(model), str(model), cwd=tmp_path)
    assert out.returncode == 0 and "shared:" in out.stdout, out.stderr
    out = run("measure", "--text", "in.txt", str(model), "-q", cwd=tmp_path)
    assert out.returncode == 0 and "bytes/token" in out.stdout, out.stderr
    out = run("export", str(model), "-f", "hf", "-o", "x.json", cwd=tmp_path)
    assert out.returncode != 0 and "is a Unigram model" in out.stderr
