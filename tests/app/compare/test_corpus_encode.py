"""Corpus mode's file reader: bad UTF-8 is reported at its exact byte offset on every path
(a byte limit, a whole file with our encoder, a whole file on the engine's file encoder), and a
character cut by the byte limit is left out, not an error."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.features.compare.corpus_controller import CorpusCompareController
from app.features.compare.corpus_job import BLOCK_BYTES
from bpe_engine import train_bpe

TEXT = "low lower lowest newest widest 國語 Жизнь " * 30


@pytest.fixture
def controller(qtbot):
    ctrl = CorpusCompareController()
    yield ctrl
    assert ctrl.shutdown(30_000)


@pytest.fixture(scope="module")
def tokenizers():
    gpt2 = train_bpe(None, 300, ["<|endoftext|>"], text=TEXT)
    whitespace = train_bpe(None, 300, ["<|endoftext|>"], text=TEXT, pretokenizer="whitespace")
    assert gpt2.tiktoken_equivalent() is None  # whole files go to the engine's file encoder
    assert whitespace.tiktoken_equivalent() is not None  # whole files go through our reader
    return {"gpt2": gpt2, "whitespace": whitespace}


def _bad_after_a_block_boundary(tmp_path: Path) -> tuple[Path, int]:
    """國 (3 bytes) split by the first block's end, then a bad byte a few bytes further on."""
    head = b"a" * (BLOCK_BYTES - 1) + "國".encode() + b"bc"
    bad_at = len(head)
    path = tmp_path / "bad.txt"
    path.write_bytes(head + b"\xff" + b" tail" * 2000)
    return path, bad_at


@pytest.mark.parametrize(
    "which, limit",
    [("whitespace", 20_000), ("gpt2", 20_000), ("whitespace", 0), ("gpt2", 0)],
    ids=["limit-ours", "limit-equivalent", "whole-ours", "whole-engine"],
)
def test_bad_utf8_is_reported_at_its_byte_offset(qtbot, controller, tokenizers, tmp_path, which, limit) -> None:
    path, bad_at = _bad_after_a_block_boundary(tmp_path)
    assert bad_at == BLOCK_BYTES + 4
    with qtbot.waitSignal(controller.failed, timeout=30_000) as failed:
        controller.start(str(path), limit, [("k", tokenizers[which])])
    message = failed.args[0]
    assert f"not valid UTF-8 at byte offset {bad_at} " in message and "bad.txt" in message
    assert controller.state == "failed"


@pytest.mark.parametrize("which", ["whitespace", "gpt2"])
def test_a_character_cut_by_the_end_of_the_file_is_reported(qtbot, controller, tokenizers, tmp_path, which) -> None:
    path = tmp_path / "cut.txt"
    data = b"x" * (BLOCK_BYTES + 10) + "國".encode()[:2]
    path.write_bytes(data)
    with qtbot.waitSignal(controller.failed, timeout=30_000) as failed:
        controller.start(str(path), 0, [("k", tokenizers[which])])
    assert f"not valid UTF-8 at byte offset {len(data) - 2} " in failed.args[0]


def test_a_character_cut_by_the_byte_limit_is_left_out(qtbot, controller, tokenizers, tmp_path) -> None:
    path = tmp_path / "ok.txt"
    path.write_bytes(b"a" * (BLOCK_BYTES - 1) + "國語".encode() + b" done\n")
    limit = BLOCK_BYTES + 1  # ends two bytes into 國
    tok = tokenizers["whitespace"]
    with qtbot.waitSignal(controller.finished, timeout=30_000):
        controller.start(str(path), limit, [("k", tok)])
    stats = controller.results["k"]
    assert (stats.bytes, stats.chars) == (BLOCK_BYTES - 1, BLOCK_BYTES - 1)
    assert stats.tokens == len(tok.encode("a" * (BLOCK_BYTES - 1)))
