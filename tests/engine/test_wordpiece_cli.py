"""``bpe-engine`` with a WordPiece file: encode gives ``tokenizers``' ids, decode gives its
text back (as ``tokenizers``' decoder writes it), info says WordPiece, export refuses."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from bpe_engine.cli import main

from ..conftest import data_text
from .wordpiece_support import reference, save

pytest.importorskip("tokenizers")


def test_encode_decode_info_and_export_of_a_wordpiece_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    text = data_text("english.txt")[:30_000]
    ref = reference(cased=False, vocab_size=1500, texts=text.splitlines())
    path = save(ref, tmp_path / "bert")
    (tmp_path / "in.txt").write_text(text, encoding="utf-8")

    assert main(["encode", "in.txt", "-t", str(path), "-o", "ids.npy", "-q"]) == 0
    ids = np.load(tmp_path / "ids.npy").tolist()
    assert ids == ref.encode(text, add_special_tokens=False).ids

    assert main(["decode", "ids.npy", "-t", str(path.parent), "-o", "back.txt", "-q"]) == 0
    back = (tmp_path / "back.txt").read_text(encoding="utf-8")
    assert back == ref.decode(ids, skip_special_tokens=False)

    capsys.readouterr()
    assert main(["info", str(path)]) == 0
    out = capsys.readouterr().out
    assert "family:         WordPiece (WordPieceTokenizer)" in out
    assert f"tokens:         {ref.get_vocab_size():,} (" in out and "## continuations, no merges, 5 special" in out

    assert main(["export", str(path), "-o", "out.tiktoken", "-f", "tiktoken"]) != 0
    err = capsys.readouterr().err
    assert "is a WordPiece tokenizer" in err and "cannot be exported there (use -f hf)" in err
    assert main(["export", str(path), "-o", "out.json", "-f", "hf"]) == 0
    from tokenizers import Tokenizer

    again = Tokenizer.from_file(str(tmp_path / "out.json"))
    assert again.encode(text).ids == ref.encode(text).ids


def test_encode_as_model_adds_what_tokenizers_encode_adds(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``--as-model``: [CLS] before the file and [SEP] after it, as ``tokenizers``' encode(text)."""
    monkeypatch.chdir(tmp_path)
    text = data_text("english.txt")[:5_000]
    ref = reference(cased=False, vocab_size=800, texts=text.splitlines())
    path = save(ref, tmp_path / "bert")
    (tmp_path / "in.txt").write_text(text, encoding="utf-8")
    assert main(["encode", "in.txt", "-t", str(path), "-o", "ids.npy", "-q", "--as-model"]) == 0
    ids = np.load(tmp_path / "ids.npy").tolist()
    assert ids == ref.encode(text).ids
    assert ids[0] == ref.token_to_id("[CLS]") and ids[-1] == ref.token_to_id("[SEP]")


def test_encode_as_model_with_llama_3_adds_begin_of_text(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from tokenizers import Tokenizer

    from ..conftest import shared_path

    llama = shared_path("tokenizers/llama3.2_tokenizer.json", "Llama 3.2's tokenizer.json")
    monkeypatch.chdir(tmp_path)
    text = data_text("english.txt")[:5_000]
    (tmp_path / "in.txt").write_text(text, encoding="utf-8")
    assert main(["encode", "in.txt", "-t", str(llama), "-o", "ids.npy", "-q", "--as-model"]) == 0
    assert np.load(tmp_path / "ids.npy").tolist() == Tokenizer.from_file(str(llama)).encode(text).ids
