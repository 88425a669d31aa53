"""The command line never destroys what the user had: outputs that are inputs, devices,
interrupted runs, full disks, damaged id files, hostile names (issue: engine you can trust)."""

from __future__ import annotations

import json
import os
import signal
import stat
import subprocess
import sys
import threading
import time
from pathlib import Path

import numpy as np
import pytest

from bpe_engine import Tokenizer, train_bpe

TEXT = "the quick brown fox jumps over the lazy dog. " * 200


def run(*args: str, cwd: Path, **kwargs: object) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "bpe_engine", *args], cwd=cwd, capture_output=True, timeout=600, **kwargs
    )


def error_line(out: subprocess.CompletedProcess[bytes]) -> str:
    lines = [line for line in out.stderr.decode().splitlines() if line.startswith("bpe-engine: error:")]
    assert len(lines) == 1, out.stderr
    assert b"Traceback" not in out.stderr
    return lines[0]


@pytest.fixture
def workdir(tmp_path: Path) -> Path:
    (tmp_path / "corpus.txt").write_text(TEXT, encoding="utf-8")
    (tmp_path / "d").mkdir()
    train_bpe(None, 300, ["<|endoftext|>"], text=TEXT).save(tmp_path / "tok.json")
    ids = Tokenizer.load(tmp_path / "tok.json").encode(TEXT, allowed_special="all")
    np.save(tmp_path / "ids.npy", np.asarray(ids, dtype=np.uint16))
    return tmp_path


@pytest.mark.parametrize(
    "args, victim",
    [
        (("train", "corpus.txt", "-v", "300", "-o", "corpus.txt"), "corpus.txt"),
        (("train", "corpus.txt", "-v", "300", "-o", "./d/../corpus.txt"), "corpus.txt"),
        (("encode", "corpus.txt", "-t", "tok.json", "-o", "corpus.txt"), "corpus.txt"),
        (("encode", "corpus.txt", "-t", "tok.json", "-o", "d/../tok.json"), "tok.json"),
        (("decode", "ids.npy", "-t", "tok.json", "-o", "ids.npy"), "ids.npy"),
        (("decode", "ids.npy", "-t", "tok.json", "-o", "link.npy"), "ids.npy"),
    ],
)
def test_an_output_that_is_an_input_is_refused(workdir: Path, args: tuple[str, ...], victim: str) -> None:
    (workdir / "link.npy").symlink_to(workdir / "ids.npy")
    before = (workdir / victim).read_bytes()
    out = run(*args, cwd=workdir)
    assert out.returncode == 1
    assert "is the input file" in error_line(out)
    assert (workdir / victim).read_bytes() == before


def test_devices_are_written_through_not_replaced(workdir: Path) -> None:
    # subtle: only through a link and a FIFO of our own, never /dev/null itself: run against
    # the old code (which renamed a file over its output), this test must not damage the system.
    (workdir / "null-link").symlink_to("/dev/null")
    out = run("encode", "corpus.txt", "-t", "tok.json", "-o", "null-link", cwd=workdir)
    assert out.returncode == 0, out.stderr
    assert (workdir / "null-link").is_symlink() and stat.S_ISCHR(os.stat("/dev/null").st_mode)
    fifo = workdir / "fifo"
    os.mkfifo(fifo)
    got = bytearray()

    def drain() -> None:
        with open(fifo, "rb") as f:
            got.extend(f.read())

    reader = threading.Thread(target=drain, daemon=True)
    reader.start()
    out = run("decode", "ids.npy", "-t", "tok.json", "-o", "fifo", cwd=workdir)
    reader.join(60)
    assert out.returncode == 0, out.stderr
    assert stat.S_ISFIFO(os.stat(fifo).st_mode) and bytes(got) == TEXT.encode("utf-8")
    assert not list(workdir.glob(".tmp-*"))


def test_dash_writes_to_standard_output(workdir: Path) -> None:
    tok = Tokenizer.load(workdir / "tok.json")
    out = run("encode", "corpus.txt", "-t", "tok.json", "--dtype", "uint32", "-o", "-", "-q", cwd=workdir)
    assert out.returncode == 0, out.stderr
    assert np.frombuffer(out.stdout, dtype=np.uint32).tolist() == tok.encode(TEXT, allowed_special="all")
    assert b"wrote -" in out.stderr  # the summary moves to stderr
    out = run("decode", "ids.npy", "-t", "tok.json", "-o", "-", "-q", cwd=workdir)
    assert out.returncode == 0 and out.stdout == TEXT.encode("utf-8")
    out = run("train", "corpus.txt", "-v", "300", "-o", "-", "-q", cwd=workdir)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["format"] == "bpe-explorer-tokenizer"
    out = run("encode", "corpus.txt", "-t", "tok.json", "--output=-.npy", cwd=workdir)
    assert out.returncode == 0 and (workdir / "-.npy").is_file()  # a file named "-.npy" is a file


def test_a_full_disk_names_the_output(workdir: Path) -> None:
    if not os.path.exists("/dev/full") or not stat.S_ISCHR(os.stat("/dev/full").st_mode):
        pytest.skip("no /dev/full device on this system")
    (workdir / "full").symlink_to("/dev/full")  # a link: old code would replace only the link
    out = run("decode", "ids.npy", "-t", "tok.json", "-o", "full", cwd=workdir)
    assert out.returncode == 1
    line = error_line(out)
    assert "full" in line and "No space left" in line


def test_sigterm_during_encode_leaves_no_partial_file(tmp_path: Path) -> None:
    big = tmp_path / "big.txt"
    # Text the encoder has to work on for a while (words it has never seen).
    rng = np.random.default_rng(1)
    words = ["".join(chr(97 + c) for c in rng.integers(0, 26, size=n)) for n in rng.integers(2, 12, size=20_000)]
    with open(big, "w", encoding="utf-8") as f:
        for k in range(60):
            f.write(" ".join(words[k * 300 % 20_000 :] + words) + "\n")
    train_bpe(None, 300, [], text=TEXT).save(tmp_path / "tok.json")
    proc = subprocess.Popen(
        [sys.executable, "-m", "bpe_engine", "encode", "big.txt", "-t", "tok.json", "-o", "ids.npy", "-w", "2"],
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    deadline = time.monotonic() + 120
    while not list(tmp_path.glob(".tmp-*")) and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.02)
    assert proc.poll() is None, "encoding finished before it could be interrupted; make big.txt bigger"
    proc.send_signal(signal.SIGTERM)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 143, err
    assert b"terminated" in err and b"Traceback" not in err
    assert not list(tmp_path.glob(".tmp-*")) and not (tmp_path / "ids.npy").exists()


def test_a_damaged_npy_header_is_not_out_of_memory(workdir: Path) -> None:
    data = (workdir / "ids.npy").read_bytes()
    real = np.load(workdir / "ids.npy").size
    damaged = data.replace(f"({real},)".encode(), b"(10000000000,)")
    assert damaged != data
    (workdir / "bad.npy").write_bytes(damaged)
    out = run("decode", "bad.npy", "-t", "tok.json", "-o", "x.txt", cwd=workdir)
    line = error_line(out)
    assert "damaged .npy file" in line and "10,000,000,000 ids" in line
    assert not (workdir / "x.txt").exists()


def test_info_escapes_names_and_refuses_negative_counts(tmp_path: Path) -> None:
    name = "evil\x1b[2J\x07name\u202e"
    tok = train_bpe(None, 300, ["<|end\x1b[31m|>"], text=TEXT, name=name)
    tok.save(tmp_path / "t.json")
    out = run("info", "t.json", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    text = out.stdout.decode()
    assert "\x1b" not in text and "\x07" not in text and "\u202e" not in text
    assert "evil\\x1b[2J\\x07name\\u202e" in text and "<|end\\x1b[31m|>" in text
    out = run("info", "t.json", "--merges", "-5", cwd=tmp_path)
    assert "--merges must be 0 or more" in error_line(out)
