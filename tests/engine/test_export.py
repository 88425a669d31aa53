"""Tokenizer.export: what it writes loads in the other program with identical ids.

A tokenizer trained here (with every pre-tokenizer) goes to ``"hf"`` (read back by Hugging
Face's ``tokenizers``), ``"tiktoken"`` (by ``tiktoken``, with the sidecar's own three lines of
Python) and ``"gpt2"`` (by our GPT-2 loader); Llama 3 and Qwen go to ``"hf"`` too. What a
format cannot express is refused with the reason; the command line never writes over an input.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bpe_engine import PRETOKENIZER_NAMES, Tokenizer, load_tokenizer, train_bpe
from bpe_engine.errors import ConfigError, ExportError

from ..conftest import scratch_tiktoken_cache
from .conftest import EOT, training_text
from .formats_support import QWEN_PATTERN, QWEN_SPECIALS, first_difference, parity_texts, shared_tokenizer

hf = pytest.importorskip("tokenizers", reason="the reference library: pip install tokenizers")
tiktoken = pytest.importorskip("tiktoken")

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def trained() -> dict[str, Tokenizer]:
    text = training_text()
    return {
        pre: train_bpe(None, 256 + 3 + 400, [EOT, "<|a|>", "<|b|>"], text=text, pretokenizer=pre)
        for pre in PRETOKENIZER_NAMES
    }


def _hf_ids(path: str) -> Callable[[str], list[int]]:
    ref = hf.Tokenizer.from_file(path)
    return lambda text: list(ref.encode(text, add_special_tokens=False).ids)


def _tiktoken_ids(ranks: str, sidecar: str) -> Callable[[str], list[int]]:
    """The rank file through the three lines of Python the sidecar holds, run as written."""
    spec = json.loads(Path(sidecar).read_text(encoding="utf-8"))
    scope: dict[str, Any] = {}
    code = spec["python"].replace(repr(Path(sidecar).name), repr(sidecar)).replace(repr(Path(ranks).name), repr(ranks))
    assert code.count("\n") == 3
    with scratch_tiktoken_cache(Path(ranks).parent):
        exec(code, scope)
    enc = scope["enc"]
    return lambda text: list(enc.encode(text, allowed_special="all"))


def _ours(tok: Tokenizer | Any) -> Callable[[str], list[int]]:
    return lambda text: list(tok.encode(text, allowed_special="all"))


@pytest.mark.parametrize("pre", PRETOKENIZER_NAMES)
def test_a_trained_tokenizer_round_trips_through_every_format(
    tmp_path: Path, trained: dict[str, Tokenizer], pre: str
) -> None:
    tok = trained[pre]
    texts = parity_texts(shared_too=False)
    (path,) = tok.export(tmp_path / "hf.json", "hf")
    assert first_difference(f"{pre} as hf", texts, _ours(tok), _hf_ids(path)) is None
    assert first_difference(f"{pre} as hf, read by us", texts[:60], _ours(tok), _ours(load_tokenizer(path))) is None
    ranks, sidecar = tok.export(tmp_path / "mine.tiktoken", "tiktoken")
    assert first_difference(f"{pre} as tiktoken", texts, _ours(tok), _tiktoken_ids(ranks, sidecar)) is None
    if pre != "gpt2":
        with pytest.raises(ExportError, match="readers assume GPT-2's regex"):
            tok.export(tmp_path / "vocab.json", "gpt2")
        return
    vocab, merges = tok.export(tmp_path / "vocab.json", "gpt2")
    assert Path(merges).name == "merges.txt"
    back = load_tokenizer(tmp_path, special_tokens=list(tok.special_tokens))
    assert back.special_tokens == tok.special_tokens
    assert first_difference("gpt2 files", texts, _ours(tok), _ours(back)) is None
    (ours,) = tok.export(tmp_path / "ours.json", "ours")
    assert Tokenizer.load(ours).merges == tok.merges


def test_what_a_format_cannot_express_is_refused(tmp_path: Path, trained: dict[str, Tokenizer]) -> None:
    tok = trained["gpt2"]
    with pytest.raises(ConfigError, match="unknown export format 'onnx'"):
        tok.export(tmp_path / "x", "onnx")
    hf_made = load_tokenizer(tok.export(tmp_path / "t.json", "hf")[0])
    assert isinstance(hf_made, Tokenizer) and hf_made.pair_ranks
    with pytest.raises(ExportError, match="Hugging Face's pair priorities"):
        hf_made.export(tmp_path / "x.tiktoken", "tiktoken")
    with pytest.raises(ExportError, match="learned order only"):
        hf_made.export(tmp_path / "vocab.json", "gpt2")
    overlapping = Tokenizer(tok.vocab, tok.merges, {"<|a|>": 700, "<|a|>b": 701}, pretokenizer="gpt2")
    with pytest.raises(ExportError, match="overlap"):
        overlapping.export(tmp_path / "y.tiktoken", "tiktoken")
    assert not list(tmp_path.glob(".tmp-*")) and not (tmp_path / "x.tiktoken").exists()


def test_the_command_line_exports_but_never_over_an_input(tmp_path: Path, trained: dict[str, Tokenizer]) -> None:
    trained["gpt2"].save(tmp_path / "t.json")

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        command = [sys.executable, "-m", "bpe_engine", *args]
        return subprocess.run(command, cwd=tmp_path, capture_output=True, text=True, timeout=300)

    out = run("export", "t.json", "-f", "tiktoken", "-o", "t.tiktoken")
    assert out.returncode == 0, out.stderr
    assert "wrote t.tiktoken" in out.stdout and "tiktoken.Encoding(" in out.stdout
    out = run("export", "t.tiktoken", "-f", "tiktoken", "-o", "t.tiktoken")
    assert out.returncode == 1 and "is the input file" in out.stderr
    out = run("export", "t.tiktoken", "-f", "hf", "-o", "t.tiktoken.json")  # the sidecar it read
    assert out.returncode == 1 and "is the input file" in out.stderr
    out = run("export", "t.json", "-f", "gpt2", "-o", ".")
    assert out.returncode == 0, out.stderr
    out = run("export", "vocab.json", "-f", "gpt2", "-o", ".")  # merges.txt is an input too
    assert out.returncode == 1 and "is the input file" in out.stderr
    out = run("info", "t.tiktoken")
    assert out.returncode == 0 and "byte-level" in out.stdout


@pytest.mark.slow
@pytest.mark.parametrize("name", ["llama3.2_tokenizer.json", "llama3.2_tokenizer.model", "qwen.tiktoken"])
def test_llama3_and_qwen_exported_to_hf(tmp_path: Path, name: str) -> None:
    """On the first 200 KB of every shared corpus, tests/data and 2,000 generated strings."""
    path = shared_tokenizer(name)
    tok = (
        load_tokenizer(path, pattern=QWEN_PATTERN, special_tokens=QWEN_SPECIALS)
        if "qwen" in name
        else load_tokenizer(path)
    )
    assert isinstance(tok, Tokenizer)
    (out,) = tok.export(tmp_path / "tokenizer.json", "hf")
    assert first_difference(name, parity_texts(shared_too=True), _ours(tok), _hf_ids(out)) is None


@pytest.mark.slow
def test_our_format_keeps_how_merges_are_read(tmp_path: Path) -> None:
    """Llama 3 from Hugging Face's file (pair ranks) and from its rank file (tiktoken's rule)
    saved in our format and loaded again encode alike."""
    texts = parity_texts(shared_too=False)
    for name in ("llama3.2_tokenizer.json", "llama3.2_tokenizer.model"):
        tok = load_tokenizer(shared_tokenizer(name))
        assert isinstance(tok, Tokenizer)
        tok.save(tmp_path / "ours.json")
        saved = json.loads((tmp_path / "ours.json").read_text(encoding="utf-8"))
        assert saved["version"] == 2
        back = Tokenizer.load(tmp_path / "ours.json")
        assert (back.pair_ranks, back.rank_splits, back.ignore_merges) == (
            tok.pair_ranks,
            tok.rank_splits,
            tok.ignore_merges,
        )
        assert first_difference(name, texts[:200], _ours(tok), _ours(back)) is None
