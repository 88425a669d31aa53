"""Bulk encoding of files: pure-Python (in process and in workers) and tiktoken-backed paths
give exactly tiktoken's ids; the tiktoken path is only taken when provably equivalent."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings

from bpe_engine import encode_file, errors, train_bpe

from ..conftest import data_path, shared_corpus
from .conftest import BIG_CORPORA, DATA_FILES
from .test_roundtrip import texts

CORPORA = [
    "en_mix_36MB.txt",
    "zh_classical_poetry_25MB.txt",
    "code_python311_stdlib_32MB.txt",
    "multi_udhr_532langs_7MB.txt",
    "ja_novels_2MB.txt",
    "ru_fortunes_4MB.txt",
    "en_enwik8_prefix_4MB.txt",
]


@pytest.fixture(scope="module")
def big_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """5 MB: a slice of every corpus (cut at a line end), so workers really split the work."""
    out = tmp_path_factory.mktemp("bulk") / "mixed.txt"
    parts = []
    for name in CORPORA:
        path = shared_corpus(name)
        with open(path, "rb") as f:
            f.seek(path.stat().st_size // 3)
            data = f.read(720_000)
        data = data[data.index(b"\n") + 1 : data.rindex(b"\n") + 1]
        parts.append(data)
    out.write_bytes(b"<|endoftext|>".join(parts))
    return out


@pytest.fixture(scope="module")
def data_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Every text of tests/data (about 290 KB: English, Chinese, Russian, many scripts, code)."""
    out = tmp_path_factory.mktemp("bulk") / "data.txt"
    out.write_bytes(b"<|endoftext|>".join(data_path(name).read_bytes() for name in DATA_FILES))
    return out


@pytest.fixture
def small_blocks(monkeypatch: pytest.MonkeyPatch) -> None:
    """Blocks of 16 KiB, and workers from 64 KiB on, so that tests/data's 290 KB is split
    among workers in many blocks as a file of many MB is with the real sizes."""
    from bpe_engine.encode import files
    from bpe_engine.train import counting

    monkeypatch.setattr(files, "_BLOCK", 16 * 1024)
    monkeypatch.setattr(files, "_PARALLEL_MIN_BYTES", 64 * 1024)
    monkeypatch.setattr(counting, "_WORKER_BLOCK", 16 * 1024)
    monkeypatch.setattr(counting, "_PARALLEL_MIN_BYTES", 64 * 1024)


SOURCES = ["tests-data", pytest.param(BIG_CORPORA, marks=pytest.mark.slow)]


def _sample(request: pytest.FixtureRequest, source: str) -> Path:
    if source == BIG_CORPORA:
        return request.getfixturevalue("big_file")
    request.getfixturevalue("small_blocks")
    return request.getfixturevalue("data_file")


@pytest.fixture(params=SOURCES)
def sample_file(request: pytest.FixtureRequest) -> Path:
    """tests/data's texts with small blocks, or the 5 MB mix of the big corpora."""
    return _sample(request, request.param)


@pytest.mark.slow
@pytest.mark.parametrize("name", ["gpt2", "cl100k_base", "o200k_base"])
def test_every_backend_gives_tiktokens_ids(
    name: str, openai: dict, tiktoken_encodings: dict, sample_file: Path
) -> None:
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


@pytest.mark.slow
@pytest.mark.parametrize("source", SOURCES)
def test_trained_tokenizer_on_tiktoken_core(source: str, request: pytest.FixtureRequest) -> None:
    corpus = shared_corpus("ru_fortunes_4MB.txt") if source == BIG_CORPORA else data_path("russian.txt")
    sample_file = _sample(request, source)
    tok = train_bpe(corpus, 2000, ["<|endoftext|>"], pretokenizer="cl100k")
    assert tok.tiktoken_equivalent() is None
    text = sample_file.read_bytes().decode("utf-8")
    assert encode_file(tok, sample_file, backend="tiktoken").tolist() == tok.encode(text, allowed_special="all")
    assert encode_file(tok, sample_file, backend="python", workers=2).tolist() == tok.encode(
        text, allowed_special="all"
    )


def test_tiktoken_backend_refused_when_not_equivalent(trained: dict, data_file: Path) -> None:
    sample_file = data_file
    tok = trained["whitespace"]
    assert "whitespace" in (tok.tiktoken_equivalent() or "")
    with pytest.raises(errors.ConfigError, match="cannot encode with this tokenizer"):
        encode_file(tok, sample_file, backend="tiktoken")
    # auto falls back to our encoder, with the same result
    text = sample_file.read_bytes().decode("utf-8")
    assert encode_file(tok, sample_file, backend="auto").tolist() == tok.encode(text, allowed_special="all")


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture]
)
@given(text=texts)
def test_tiktoken_core_with_trained_vocab_on_random_text(trained: dict, text: str) -> None:
    for pre in ("gpt2", "cl100k", "o200k"):
        tok = trained[pre]
        assert tok.tiktoken_equivalent() is None, pre
        enc = tok.tiktoken_encoding()
        assert enc.encode(text, allowed_special="all") == tok.encode(text, allowed_special="all"), pre
        assert enc.encode_ordinary(text) == tok.encode_ordinary(text), pre


def test_strict_special_mode_raises(openai: dict, data_file: Path) -> None:
    sample_file = data_file
    with pytest.raises(errors.SpecialTokenError):
        encode_file(openai["gpt2"], sample_file, backend="python", workers=1, special="raise")
    with pytest.raises(errors.SpecialTokenError):
        encode_file(openai["gpt2"], sample_file, backend="tiktoken", special="raise")


@pytest.mark.slow
@pytest.mark.parametrize("fork", [True, False])
def test_forked_and_fresh_workers_agree(
    fork: bool,
    openai: dict,
    tiktoken_encodings: dict,
    sample_file: Path,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
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
        next(
            r
            for r in counting.count_pretokens_iter(source, tok.pretokenizer, ["<|endoftext|>"], workers=w, fork=fork)
            if isinstance(r, counting.CountResult)
        )
        for w in (1, 2)
    )
    assert one.counts() == two.counts() and one.special_count == two.special_count
