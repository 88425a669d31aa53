"""The bpe-engine command line, run as a user would (fresh processes)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from ..conftest import data_path, data_text, shared_corpus, tiktoken_encoding

REPO = Path(__file__).resolve().parents[2]


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bpe_engine", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=600,
    )


def _train_encode_decode_round_trip(corpus: Path, tmp_path: Path) -> np.ndarray:
    """Train 1,500 tokens on ``corpus``, encode it, decode it back; the ids."""
    out = run("train", str(corpus), "-v", "1500", "-o", "ru.json", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert "saved ru.json: 1,500 tokens" in out.stdout
    assert "counting: done" in out.stderr and "merging: done" in out.stderr
    out = run("encode", str(corpus), "-t", "ru.json", "-o", "ids.npy", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    ids = np.load(tmp_path / "ids.npy")
    assert ids.dtype == np.uint16
    out = run("decode", "ids.npy", "-t", "ru.json", "-o", "back.txt", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert (tmp_path / "back.txt").read_bytes() == corpus.read_bytes()
    out = run("info", "ru.json", "--merges", "3", cwd=tmp_path)
    assert out.returncode == 0 and "1,500 (256 bytes, 1,243 merges, 1 special)" in out.stdout
    return ids


@pytest.mark.slow
def test_train_encode_decode_round_trip(tmp_path: Path) -> None:
    ids = _train_encode_decode_round_trip(shared_corpus("ru_fortunes_4MB.txt"), tmp_path)
    assert ids.size > 500_000


@pytest.mark.slow
def test_train_encode_decode_round_trip_on_tests_data(tmp_path: Path) -> None:
    """The same on tests/data's Russian (smaller, so its ids are checked one by one)."""
    from bpe_engine import Tokenizer

    ids = _train_encode_decode_round_trip(data_path("russian.txt"), tmp_path)
    assert ids.tolist() == Tokenizer.load(tmp_path / "ru.json").encode(data_text("russian.txt"), allowed_special="all")


@pytest.mark.slow
def test_raw_uint32_with_an_openai_encoding(tmp_path: Path, tiktoken_encodings: dict) -> None:
    src = data_path("multiscript.txt")
    enc = tiktoken_encodings["cl100k_base"]
    out = run("encode", str(src), "-e", "cl100k_base", "--dtype", "uint32", "-o", "ids.bin", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    ids = np.fromfile(tmp_path / "ids.bin", dtype=np.uint32)
    assert ids.tolist() == enc.encode(data_text("multiscript.txt"), allowed_special="all")
    out = run("decode", "ids.bin", "-e", "cl100k_base", "--dtype", "uint32", "-o", "back.txt", cwd=tmp_path)
    assert out.returncode == 0 and (tmp_path / "back.txt").read_bytes() == src.read_bytes()


@pytest.mark.parametrize(
    "args, message",
    [
        (("train", "missing.txt", "-v", "300", "-o", "t.json"), "missing.txt: no such file"),
        (("train", "corpus.txt", "-v", "100", "-o", "t.json"), "vocab_size 100 is too small"),
        (("train", "corpus.txt", "-v", "300", "-o", "t.json", "-p", "gtp2"), "unknown pre-tokenizer 'gtp2'"),
        (("train", "corpus.txt", "-v", "300", "-o", "t.json", "-p", "regex:("), "invalid pre-tokenizer regex"),
        (("train", "latin1.txt", "-v", "300", "-o", "t.json"), "latin1.txt: not valid UTF-8 at byte offset 3"),
        (("train", "corpus.txt"), "the following arguments are required"),
        (("train", "corpus.txt", "-v", "lots", "-o", "t.json"), "invalid int value: 'lots'"),
        (("encode", "corpus.txt", "-o", "ids.npy"), "say which tokenizer to use"),
        (("encode", "corpus.txt", "-t", "corpus.txt", "-o", "ids.npy"), "corpus.txt: is not a tokenizer file"),
        (("decode", "corpus.txt", "-e", "gpt2", "-o", "x.txt"), "raw id files need --dtype"),
        (("info", "nothing.json"), "nothing.json: no such file"),
        (("frobnicate",), "invalid choice: 'frobnicate'"),
        (("train", "corpus.txt", "-v", "300", "-o", "nowhere/t.json"), "the folder"),  # checked before training
    ],
)
def test_bad_arguments_give_one_line_errors(tmp_path: Path, args: tuple[str, ...], message: str) -> None:
    if "-e" in args:  # the command line loads the encoding before it looks at the other arguments
        tiktoken_encoding(args[args.index("-e") + 1])
    (tmp_path / "corpus.txt").write_text("some text to learn from\n" * 20, encoding="utf-8")
    (tmp_path / "latin1.txt").write_bytes("caf\u00e9 ok".encode("latin-1"))
    out = run(*args, cwd=tmp_path)
    assert out.returncode in (1, 2)
    errors = [line for line in out.stderr.splitlines() if line.startswith("bpe-engine")]
    assert len(errors) == 1 and errors[0].startswith("bpe-engine: error:"), out.stderr
    assert out.stderr.rstrip().endswith(errors[0])  # the error is the last thing said
    assert message in errors[0]
    assert "Traceback" not in out.stderr
    assert not list(tmp_path.glob(".tmp-*"))  # nothing half-written is left behind


_BLAS_PROBE = """
import os, runpy, sys
{setup}
sys.argv = ["bpe-engine", "--help"]
try:
    runpy.run_module("bpe_engine", run_name="__main__")
except SystemExit:
    pass
import numpy
print(os.environ.get("OPENBLAS_NUM_THREADS"))
"""


@pytest.mark.parametrize(("setup", "expected"), [("", "1"), ("os.environ['OPENBLAS_NUM_THREADS'] = '3'", "3")])
def test_command_line_starts_no_blas_threads_but_keeps_a_users_setting(setup: str, expected: str) -> None:
    """The command line is a program: it asks OpenBLAS (loaded with NumPy) for one thread,
    the engine making no BLAS call; a setting the user made stays."""
    env = {k: v for k, v in os.environ.items() if k != "OPENBLAS_NUM_THREADS"}
    code = _BLAS_PROBE.format(setup=setup)
    out = subprocess.run([sys.executable, "-c", code], cwd=REPO, env=env, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip().splitlines()[-1] == expected


def test_the_library_leaves_the_environment_alone() -> None:
    """``import bpe_engine`` and a training never set OpenBLAS's threads (a user's own matrix
    work in the same process keeps its threaded BLAS)."""
    env = {k: v for k, v in os.environ.items() if k != "OPENBLAS_NUM_THREADS"}
    code = (
        "import os\nfrom bpe_engine import train_bpe\n"
        "train_bpe(None, 300, text='low lower lowest ' * 20)\n"
        "print(os.environ.get('OPENBLAS_NUM_THREADS'))"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=REPO, env=env, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "None"
