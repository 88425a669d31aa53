"""Vocabulary overlap: tokens shared by bytes, the share of each vocabulary, the rest listed."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from bpe_engine import load_tokenizer, train_bpe, vocabulary_overlap
from bpe_engine.formats.data import BYTE, CONTROL, NORMAL, UNKNOWN

from .conftest import EOT, training_text
from .formats_support import sentencepiece_model, shared_tokenizer


def test_two_trained_tokenizers(tmp_path: Path) -> None:
    text = training_text()
    small = train_bpe(None, 256 + 1 + 100, [EOT], text=text)
    large = train_bpe(None, 256 + 1 + 300, [EOT], text=text)
    found = vocabulary_overlap(small, large)
    # Trained alike on the same text, the small one's merges are the large one's first merges.
    assert found.shared_count == found.size_a == 256 + 100 and found.share_a == 1.0
    assert found.size_b == 256 + 300 and abs(found.share_b - 356 / 556) < 1e-12
    assert found.only_a == [] and [i for i, _ in found.only_b] == list(range(356, 556))
    assert all(large.vocab[i] == data for i, data in found.only_b)
    assert all(small.vocab[a] == data == large.vocab[b] for data, a, b in found.shared)
    with_specials = vocabulary_overlap(small, large, include_special=True)
    assert with_specials.shared_count == found.shared_count + 1


def test_a_sentencepiece_model_against_byte_level_bpe(tmp_path: Path) -> None:
    """``▁the`` is `` the``: SentencePiece pieces compare by their bytes; a byte-fallback
    token and the piece of the same character count once."""
    pieces = [("<unk>", 0.0, UNKNOWN), ("<s>", 0.0, CONTROL)] + [(f"<0x{b:02X}>", 0.0, BYTE) for b in range(256)]
    pieces += [("▁the", -1.0, NORMAL), ("A", -2.0, NORMAL), ("é", -3.0, NORMAL), ("▁zzz", -4.0, NORMAL)]
    path = tmp_path / "m.model"
    path.write_bytes(sentencepiece_model(pieces, byte_fallback=True))
    sp = load_tokenizer(path)
    bl = train_bpe(None, 256 + 40, [], text="the the the then there " * 30)
    found = vocabulary_overlap(sp, bl)
    assert found.size_a == 256 + 3  # 256 bytes, " the", "é", " zzz" ("A" is byte 0x41 again)
    assert b" the" in {data for data, _, _ in found.shared}
    assert [data for _, data in found.only_a] == ["é".encode(), b" zzz"]


def test_the_command_line(tmp_path: Path) -> None:
    text = training_text()
    train_bpe(None, 256 + 1 + 100, [EOT], text=text).save(tmp_path / "a.json")
    train_bpe(None, 256 + 1 + 150, [EOT], text=text, pretokenizer="o200k").save(tmp_path / "b.json")
    out = subprocess.run(
        [sys.executable, "-m", "bpe_engine", "overlap", "a.json", "b.json", "--list", "2"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert out.returncode == 0, out.stderr
    assert "shared:" in out.stdout and "% of A" in out.stdout and "only in B:" in out.stdout


@pytest.mark.slow
def test_llama3_and_mistral_compared_by_bytes() -> None:
    """On the real files (skipped without ../shared): a byte-level and a SentencePiece
    vocabulary share most of the smaller one."""
    llama = load_tokenizer(shared_tokenizer("llama3.2_tokenizer.json"))
    mistral = load_tokenizer(shared_tokenizer("mistral_sentencepiece_v1.model"))
    found = vocabulary_overlap(llama, mistral)
    assert found.size_a == 128_000 and 20_000 < found.shared_count < found.size_b
    assert b" the" in {data for data, _, _ in found.shared}
