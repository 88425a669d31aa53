"""Bulk encoding of files: pure-Python (in process and in workers) and tiktoken-backed paths
give exactly tiktoken's ids; the tiktoken path is only taken when provably equivalent."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings

from bpe_engine import encode_file, errors, train_bpe

from .test_roundtrip import texts

CORPORA = [
    "en_mix_36MB.txt", "zh_classical_poetry_25MB.txt", "code_python311_stdlib_32MB.txt",
    "multi_udhr_532langs_7MB.txt", "ja_novels_2MB.txt", "ru_fortunes_4MB.txt", "en_enwik8_prefix_4MB.txt",
]


@pytest.fixture(scope="module")
def sample_file(corpora: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """5 MB: a slice of every corpus (cut at a line end), so workers really split the work."""
    out = tmp_path_factory.mktemp("bulk") / "mixed.txt"
    parts = []
    for name in CORPORA:
        with open(corpora / name, "rb") as f:
            f.seek((corpora / name).stat().st_size // 3)
            data = f.read(720_000)
        data = data[data.index(b"\n") + 1: data.rindex(b"\n") + 1]
        parts.append(data)
    out.write_bytes(b"<|endoftext|>".join(parts))
    return out


@pytest.mark.parametrize("name", ["gpt2", "cl100k_base", "o200k_base"])
def test_every_backend_gives_tiktokens_ids(name: str, openai: dict, tiktoken_encodings: dict, sample_file: Path) -> None:
    tok, enc = openai[name], tiktoken_encodings[name]
    text = sample_file.read_bytes().decode("utf-8")
    expected = enc.encode(text, allowed_special="all")
    assert tok.tiktoken_equivalent() is None
    for backend, workers in (("python", 1), ("python", 2), ("tiktoken", 2)):
        ids = encode_file(tok, sample_file, backend=backend, workers=workers)
        assert ids.dtype == np.uint32
        assert ids.tolist() == expected, (backend, workers)
    ordinary = encode_file(tok, sample_file, backend="python", workers=2, special="ordinary")
    assert ordinary.tolist() == enc.encode_ordinary(text)


def test_trained_tokenizer_on_tiktoken_core(fixtures: Path, corpora: Path, sample_file: Path) -> None:
    tok = train_bpe(corpora / "ru_fortunes_4MB.txt", 2000, ["<|endoftext|>"], pretokenizer="cl100k")
    assert tok.tiktoken_equivalent() is None
    text = sample_file.read_bytes().decode("utf-8")
    assert encode_file(tok, sample_file, backend="tiktoken").tolist() == tok.encode(text)
    assert encode_file(tok, sample_file, backend="python", workers=2).tolist() == tok.encode(text)


def test_tiktoken_backend_refused_when_not_equivalent(trained: dict, sample_file: Path) -> None:
    tok = trained["whitespace"]
    assert "whitespace" in (tok.tiktoken_equivalent() or "")
    with pytest.raises(errors.ConfigError, match="cannot encode with this tokenizer"):
        encode_file(tok, sample_file, backend="tiktoken")
    # auto falls back to our encoder, with the same result
    text = sample_file.read_bytes().decode("utf-8")
    assert encode_file(tok, sample_file, backend="auto").tolist() == tok.encode(text)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(text=texts)
def test_tiktoken_core_with_trained_vocab_on_random_text(trained: dict, text: str) -> None:
    for pre in ("gpt2", "cl100k", "o200k"):
        tok = trained[pre]
        assert tok.tiktoken_equivalent() is None, pre
        enc = tok.tiktoken_encoding()
        assert enc.encode(text, allowed_special="all") == tok.encode(text), pre
        assert enc.encode_ordinary(text) == tok.encode_ordinary(text), pre


def test_strict_special_mode_raises(openai: dict, sample_file: Path) -> None:
    with pytest.raises(errors.SpecialTokenError):
        encode_file(openai["gpt2"], sample_file, backend="python", workers=1, special="raise")
    with pytest.raises(errors.SpecialTokenError):
        encode_file(openai["gpt2"], sample_file, backend="tiktoken", special="raise")


@pytest.mark.parametrize("fork", [True, False])
def test_forked_and_fresh_workers_agree(fork: bool, openai: dict, tiktoken_encodings: dict, sample_file: Path,
                                        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Workers are forked when the process has no other thread (scripts, the command line)
    and fresh interpreters otherwise (the app): both give the same ids and the same counts."""
    from bpe_engine.corpus import CorpusSource
    from bpe_engine.encode import files
    from bpe_engine.train import counting

    # Whether forking is safe depends on the threads alive now; the test decides alone.
    monkeypatch.setattr(files, "can_fork", lambda: True)
    monkeypatch.setattr(counting, "can_fork", lambda: True)
    tok, enc = openai["cl100k_base"], tiktoken_encodings["cl100k_base"]
    text = sample_file.read_bytes().decode("utf-8")
    ids = encode_file(tok, sample_file, backend="python", workers=2, fork_workers=fork)
    assert ids.tolist() == enc.encode(text, allowed_special="all")
    source = CorpusSource.from_input(sample_file)
    one, two = (
        next(r for r in counting.count_pretokens_iter(source, tok.pretokenizer, ["<|endoftext|>"], workers=w, fork=fork)
             if isinstance(r, counting.CountResult))
        for w in (1, 2)
    )
    assert one.counts() == two.counts() and one.special_count == two.special_count
