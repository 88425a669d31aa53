"""load_tokenizer: the format is told from the content, every tokenizer has the whole
interface, and neither the engine nor the app needs the reference libraries."""

from __future__ import annotations

import inspect
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from bpe_engine import (
    SentencePieceTokenizer,
    StreamingDecoder,
    Tokenizer,
    TokenizerLike,
    load_tokenizer,
    train_bpe,
)
from bpe_engine.errors import TokenizerFileError
from bpe_engine.formats.data import BYTE, CONTROL, NORMAL, UNKNOWN

from .conftest import EOT, training_text
from .formats_support import sentencepiece_model

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """One tokenizer in every format, each under a misleading name."""
    folder = tmp_path_factory.mktemp("formats")
    tok = train_bpe(None, 256 + 1 + 120, [EOT], text=training_text())
    out: dict[str, Path] = {}
    tok.save(folder / "ours.json")
    out["ours"] = folder / "ours.json"
    (folder / "hf").mkdir()
    shutil.move(tok.export(folder / "hf" / "tokenizer.json", "hf")[0], folder / "hf" / "model.bin")
    out["hf"] = folder / "hf" / "model.bin"
    (folder / "tk").mkdir()
    ranks, sidecar = tok.export(folder / "tk" / "r.tiktoken", "tiktoken")
    out["tiktoken"] = Path(ranks)
    (folder / "gpt2").mkdir()
    vocab, merges = tok.export(folder / "gpt2", "gpt2")
    out["gpt2 vocab"], out["gpt2 merges"], out["gpt2 folder"] = Path(vocab), Path(merges), folder / "gpt2"
    pieces = [("<unk>", 0.0, UNKNOWN), ("<s>", 0.0, CONTROL)] + [(f"<0x{b:02X}>", 0.0, BYTE) for b in range(256)]
    pieces += [(c, -float(k), NORMAL) for k, c in enumerate("▁abcdefghijklmnopqrstuvwxyz")] + [("▁th", -0.5, NORMAL)]
    (folder / "sp.json").write_bytes(sentencepiece_model(pieces, byte_fallback=True))
    out["sentencepiece"] = folder / "sp.json"
    return out


@pytest.mark.parametrize("kind", ["ours", "hf", "tiktoken", "gpt2 vocab", "gpt2 merges", "gpt2 folder"])
def test_every_byte_level_format_by_its_content(files: dict[str, Path], kind: str) -> None:
    reference = Tokenizer.load(files["ours"])
    tok = load_tokenizer(files[kind])
    assert isinstance(tok, Tokenizer)
    text = "Hello wörld, 國語 🤚🏾<|endoftext|> the end\n"
    assert tok.encode(text, allowed_special="all") == reference.encode(text, allowed_special="all")


def test_a_sentencepiece_model_by_its_content(files: dict[str, Path]) -> None:
    tok = load_tokenizer(files["sentencepiece"])
    assert isinstance(tok, SentencePieceTokenizer)
    assert tok.decode(tok.encode_ordinary("the cat 猫")) == "the cat 猫"


def test_both_classes_offer_the_whole_interface(files: dict[str, Path]) -> None:
    """(mypy checks the same statically, in bpe_engine/interface.py.)"""
    wanted = {name for name in dir(TokenizerLike) if not name.startswith("_")} | {"__len__"}
    for kind in ("ours", "sentencepiece"):
        tok = load_tokenizer(files[kind])
        assert wanted - set(dir(tok)) == set(), kind
        for name in ("merges", "merge_counts", "vocab", "special_tokens", "pretokenizer", "name", "family"):
            getattr(tok, name)
        text = "the bat 🦇 sat\n"
        ids = tok.encode_ordinary(text)
        stream = StreamingDecoder(tok)
        assert "".join(stream.feed(i) for i in ids) + stream.flush() == tok.decode(ids) == text
        first, after, whole = tok.char_spans(ids)
        assert first[0] == 0 and after[-1] == len(text) and len(whole) == len(ids)
        assert list(inspect.signature(tok.encode).parameters) == ["text", "allowed_special", "disallowed_special"]


@pytest.mark.parametrize(
    "make, message",
    [
        (lambda p: p.write_bytes(b""), "is empty"),
        (lambda p: p.write_bytes(b"\x00\x01\x02 garbage"), "is not a tokenizer file this program knows"),
        (lambda p: p.write_text('{"a": 1}', encoding="utf-8"), "is JSON but no tokenizer format"),
        (lambda p: p.write_text('{"format": "other"}', encoding="utf-8"), "is not a BPE Explorer tokenizer"),
        (lambda p: p.write_text("#version: 0.2\na b\n", encoding="utf-8"), "no vocab.json is beside it"),
        (lambda p: p.mkdir(), "a folder without a tokenizer file"),
        (lambda p: os.mkfifo(p), "is a pipe (FIFO)"),
    ],
)
def test_what_is_not_a_tokenizer(tmp_path: Path, make: object, message: str) -> None:
    path = tmp_path / "thing"
    make(path)  # type: ignore[operator]
    with pytest.raises(TokenizerFileError, match=message.replace("(", r"\(").replace(")", r"\)")):
        load_tokenizer(path)


def test_a_device_is_refused_without_reading_it() -> None:
    with pytest.raises(TokenizerFileError, match="is a device"):
        load_tokenizer("/dev/zero")


def test_the_engine_needs_no_reference_library(files: dict[str, Path]) -> None:
    """With tokenizers, sentencepiece and protobuf made impossible to import, every format still
    loads (the engine parses the files itself)."""
    paths = [str(files[k]) for k in ("hf", "tiktoken", "gpt2 folder", "sentencepiece")]
    code = (
        "import sys\n"
        "for blocked in ('tokenizers', 'sentencepiece', 'google', 'google.protobuf', 'transformers'):\n"
        "    sys.modules[blocked] = None\n"
        "import bpe_engine\n"
        f"for path in {paths!r}:\n"
        "    tok = bpe_engine.load_tokenizer(path)\n"
        "    assert tok.decode(tok.encode_ordinary('a b')) == 'a b', path\n"
        "print('ok')\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "ok"
