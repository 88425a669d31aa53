"""Save -> load gives the same tokenizer; saves are atomic."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from bpe_engine import Tokenizer, train_bpe
from bpe_engine.formats.atomic import atomic_write_bytes

from ..conftest import data_text
from .conftest import head


@pytest.mark.parametrize("pre", ["gpt2", "whitespace", "none", "regex:\\w+"])
def test_save_load_identity(tmp_path: Path, pre: str) -> None:
    corpus = tmp_path / "corpus.txt"
    corpus.write_text(head(data_text("english.txt"), 4000), encoding="utf-8", newline="")
    tok = train_bpe(corpus, 400, ["<|endoftext|>", "<|pad|>"], pretokenizer=pre, name="tiny")
    path = tmp_path / "tok.json"
    tok.save(path)
    back = Tokenizer.load(path)
    assert back.vocab == tok.vocab
    assert back.merges == tok.merges
    assert back.merge_counts == tok.merge_counts
    assert back.special_tokens == tok.special_tokens
    assert back.pretokenizer == tok.pretokenizer
    assert back.name == "tiny"
    text = corpus.read_text(encoding="utf-8") + "<|pad|>國" + data_text("multiscript.txt")
    assert back.encode(text, allowed_special="all") == tok.encode(text, allowed_special="all")


def test_openai_encoding_round_trips_through_our_format(tmp_path: Path, openai: dict) -> None:
    tok = openai["gpt2"]
    tok.save(tmp_path / "gpt2.json")
    back = Tokenizer.load(tmp_path / "gpt2.json")
    text = "Hello world<|endoftext|> 國語"
    assert back.encode(text, allowed_special="all") == tok.encode(text, allowed_special="all")
    assert back.vocab == tok.vocab


def test_atomic_write_keeps_old_file_on_failure(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "x.json"
    path.write_bytes(b"old")

    def disk_full(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", disk_full)
    with pytest.raises(OSError):
        atomic_write_bytes(path, b"new")
    assert path.read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir()] == ["x.json"]  # no temporary file left behind
    monkeypatch.undo()
    atomic_write_bytes(path, b"new")
    assert path.read_bytes() == b"new"


def test_save_to_unwritable_folder_is_a_clear_error(tmp_path: Path, trained: dict) -> None:
    from bpe_engine.errors import TokenizerFileError

    if os.geteuid() == 0:
        target = Path("/proc/bpe-explorer-test.json")  # root can write anywhere but /proc
    else:
        ro = tmp_path / "ro"
        ro.mkdir()
        ro.chmod(0o500)
        target = ro / "tok.json"
    with pytest.raises(TokenizerFileError, match="cannot save"):
        trained["gpt2"].save(target)


def test_saved_files_are_readable_by_others(tmp_path: Path, trained: dict) -> None:
    path = tmp_path / "t.json"
    trained["gpt2"].save(path)
    umask = os.umask(0o022)
    os.umask(umask)
    assert path.stat().st_mode & 0o777 == 0o666 & ~umask  # not mkstemp's 0600
    path.chmod(0o640)
    trained["gpt2"].save(path)  # saving over a file keeps its permissions
    assert path.stat().st_mode & 0o777 == 0o640
