"""Bad input raises a bpe_engine.errors exception with a clear message, never a crash."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bpe_engine import BpeTrainer, Tokenizer, errors, train_bpe


def test_vocab_size_too_small() -> None:
    with pytest.raises(errors.ConfigError, match=r"vocab_size 256 is too small.*at least 257.*1 special"):
        train_bpe(None, 256, ["<|endoftext|>"], text="abc")
    with pytest.raises(errors.ConfigError, match="whole number"):
        train_bpe(None, 300.5, text="abc")  # type: ignore[arg-type]


def test_unknown_pretokenizer_and_invalid_regex() -> None:
    with pytest.raises(errors.PretokenizerError, match=r"unknown pre-tokenizer 'gtp2'.*gpt2, cl100k"):
        train_bpe(None, 300, text="abc", pretokenizer="gtp2")
    with pytest.raises(errors.PretokenizerError, match=r"invalid pre-tokenizer regex '\(unclosed'"):
        train_bpe(None, 300, text="abc", pretokenizer="regex:(unclosed")
    with pytest.raises(errors.PretokenizerError):
        Tokenizer({i: bytes([i]) for i in range(256)}, [], pretokenizer="nope")


def test_missing_file_and_folder(tmp_path: Path) -> None:
    with pytest.raises(errors.CorpusNotFoundError, match=r"nope\.txt: no such file"):
        train_bpe(tmp_path / "nope.txt", 300)
    with pytest.raises(errors.CorpusNotFoundError, match="is a folder"):
        train_bpe(tmp_path, 300)


@pytest.mark.parametrize("workers", [1, 2])
def test_non_utf8_file_names_file_and_offset(tmp_path: Path, workers: int) -> None:
    bad = tmp_path / "latin1.txt"
    good_prefix = ("hello world\n" * 500_000).encode()  # 6 MB: large enough for worker processes
    bad.write_bytes(good_prefix + "café".encode("latin-1") + b"\n")
    with pytest.raises(errors.CorpusEncodingError) as info:
        train_bpe(bad, 300, workers=workers)
    err = info.value
    assert err.path == str(bad) and err.offset == len(good_prefix) + 3
    assert f"byte offset {len(good_prefix) + 3}" in str(err) and "latin1.txt" in str(err)


def test_empty_corpus(tmp_path: Path) -> None:
    empty = tmp_path / "empty.txt"
    empty.write_text("")
    with pytest.raises(errors.EmptyCorpusError, match="no text to learn from"):
        train_bpe(empty, 300)
    only_special = tmp_path / "special.txt"
    only_special.write_text("<|endoftext|><|endoftext|>")
    with pytest.raises(errors.EmptyCorpusError):
        train_bpe(only_special, 300, ["<|endoftext|>"])


def test_decode_id_out_of_range(trained: dict) -> None:
    tok = trained["gpt2"]
    for bad in (len(tok.vocab) + 5, -1):
        with pytest.raises(errors.TokenIdError, match=rf"token id {bad} is not in this vocabulary"):
            tok.decode([1, 2, bad])
    with pytest.raises(errors.TokenIdError):
        tok.decode_bytes(["x"])  # type: ignore[list-item]


def test_bad_tokenizer_files(tmp_path: Path, trained: dict) -> None:
    good = tmp_path / "good.json"
    trained["gpt2"].save(good)
    text = good.read_text(encoding="utf-8")

    truncated = tmp_path / "truncated.json"
    truncated.write_text(text[: len(text) // 2], encoding="utf-8")
    with pytest.raises(errors.TokenizerFileError, match="truncated"):
        Tokenizer.load(truncated)

    not_json = tmp_path / "notjson.json"
    not_json.write_text("hello, this is not json", encoding="utf-8")
    with pytest.raises(errors.TokenizerFileError, match="not valid JSON"):
        Tokenizer.load(not_json)

    obj = json.loads(text)
    obj["version"] = 99
    newer = tmp_path / "newer.json"
    newer.write_text(json.dumps(obj), encoding="utf-8")
    with pytest.raises(errors.TokenizerFileError, match="newer BPE Explorer.*version 99"):
        Tokenizer.load(newer)

    obj = json.loads(text)
    obj["merges"][3][2] = 7
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps(obj), encoding="utf-8")
    with pytest.raises(errors.TokenizerFileError, match=r"merges\[3\]"):
        Tokenizer.load(broken)

    obj = json.loads(text)
    del obj["vocab"]
    missing = tmp_path / "missing.json"
    missing.write_text(json.dumps(obj), encoding="utf-8")
    with pytest.raises(errors.TokenizerFileError, match="'vocab' is missing"):
        Tokenizer.load(missing)

    binary = tmp_path / "binary.json"
    binary.write_bytes(bytes(range(256)))
    with pytest.raises(errors.TokenizerFileError, match="not a BPE Explorer tokenizer"):
        Tokenizer.load(binary)

    with pytest.raises(errors.TokenizerFileError, match="no such file"):
        Tokenizer.load(tmp_path / "absent.json")


def test_unknown_openai_encoding() -> None:
    with pytest.raises(errors.EncodingUnavailableError, match="not an encoding tiktoken knows"):
        Tokenizer.from_tiktoken("cl200k_base")


def test_missing_tiktoken_cache_gives_a_hint(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # An empty cache folder and no network: tiktoken cannot fetch r50k_base's data.
    import subprocess
    import sys

    code = (
        "from bpe_engine import Tokenizer\n"
        "from bpe_engine.errors import EncodingUnavailableError\n"
        "try:\n    Tokenizer.from_tiktoken('r50k_base')\n"
        "except EncodingUnavailableError as e:\n    print('ERR', e)\n"
    )
    env = {
        "TIKTOKEN_CACHE_DIR": str(tmp_path),
        "BPE_EXPLORER_CACHE": "0",  # not a copy of r50k opened before in the user's cache
        "PATH": "",
        "http_proxy": "http://127.0.0.1:9",
        "https_proxy": "http://127.0.0.1:9",
    }
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)
    assert "ERR r50k_base is not in tiktoken's cache and cannot be downloaded (no internet connection)" in out.stdout, (
        out.stderr
    )
    assert "TIKTOKEN_CACHE_DIR" in out.stdout


def test_special_tokens_given_as_a_string() -> None:
    with pytest.raises(errors.ConfigError, match="list of strings"):
        BpeTrainer(None, 300, "<|endoftext|>", text="abc")  # type: ignore[arg-type]


def test_encode_ignores_unknown_allowed_special_as_tiktoken_does(trained: dict) -> None:
    # tiktoken allows nothing for a name that is no special token (test_dropin_contract.py
    # compares with tiktoken itself); the text stays ordinary text.
    tok = trained["gpt2"]
    assert tok.encode("x<|nope|>", allowed_special={"<|nope|>"}) == tok.encode_ordinary("x<|nope|>")


def test_special_token_ids_are_checked(tmp_path: Path) -> None:
    vocab = {i: bytes([i]) for i in range(256)}
    # Two names may share one id, as in tiktoken's o200k_harmony; the id decodes as the first.
    shared = Tokenizer(vocab, [], {"<a>": 300, "<b>": 300})
    assert shared.encode("<a><b>", allowed_special="all") == [300, 300] and shared.decode([300]) == "<a>"
    with pytest.raises(errors.TokenizerFileError, match="ids are whole numbers"):
        Tokenizer(vocab, [], {"<a>": 10**12})
    with pytest.raises(errors.TokenizerFileError, match="which is an ordinary token"):
        Tokenizer(vocab, [], {"<a>": 65})
    good = Tokenizer(vocab, [], {"<a>": 300, "<b>": 301})
    path = tmp_path / "t.json"
    good.save(path)
    obj = json.loads(path.read_text(encoding="utf-8"))
    obj["special_tokens"] = {"<a>": 300, "<b>": 65}
    path.write_text(json.dumps(obj), encoding="utf-8")
    with pytest.raises(errors.TokenizerFileError, match=r"t\.json: .*'<b>' has id 65, which 'vocab' already uses"):
        Tokenizer.load(path)
    # A file may not give two special tokens one id (issue 21: refused at load, in every
    # format; test_dropin_contract.py), so such a tokenizer is not saved either.
    with pytest.raises(errors.ExportError, match="two special tokens share an id"):
        shared.save(path)


def test_vocab_size_too_large() -> None:
    with pytest.raises(errors.ConfigError, match="too large"):
        BpeTrainer(None, 10**9, text="abc")


def test_a_dying_worker_is_a_clear_error() -> None:
    from bpe_engine.parallel import run_pool

    with pytest.raises(errors.WorkerError, match="ended unexpectedly.*workers=1"):
        list(run_pool("tests.engine.test_errors:_DieOnTask", (), [b"x", b"y"], 1))


class _DieOnTask:
    """A worker handler that exits abruptly (as a killed or crashed process would)."""

    def handle(self, task: bytes) -> None:
        import os

        os._exit(9)

    def finish(self):  # type: ignore[no-untyped-def]
        return iter(())


@pytest.mark.parametrize("workers", [1, 2])
def test_a_file_cut_inside_a_character_is_said_to_be_cut_short(tmp_path: Path, workers: int) -> None:
    # head -c of a Chinese text: UTF-8 to its last, unfinished character; the advice was to
    # convert it from Latin-1, which would garble every character before.
    cut = tmp_path / "cut.txt"
    text = ("床前明月光，疑是地上霜。\n" * 200_000).encode()  # 7 MB: large enough for worker processes
    cut.write_bytes(text + "霜".encode()[:2])
    with pytest.raises(errors.CorpusEncodingError) as info:
        train_bpe(cut, 300, workers=workers)
    assert info.value.offset == len(text)
    assert "ends in the middle of a character" in str(info.value) and "iconv" not in str(info.value)
