"""The format registry: every format module declares one FORMAT, and detection, export, the Hugging
Face cache listing, the command line and Open filters all come from it."""

from __future__ import annotations

import ast
import io
from pathlib import Path

import pytest

from bpe_engine import load_tokenizer, train_bpe
from bpe_engine.discovery import TOKENIZER_FILES
from bpe_engine.errors import ConfigError
from bpe_engine.formats import registry
from bpe_engine.formats.base import Content
from bpe_engine.formats.detect import FOLDER_FILES
from bpe_engine.formats.export import EXPORT_FORMATS

from ..conftest import data_text
from .conftest import training_text
from .formats_support import shared_tokenizer

FORMATS_DIR = Path(registry.__file__).parent


def _declares_format(path: Path) -> bool:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return any(
        isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "FORMAT" for t in node.targets)
        for node in tree.body
    )


def test_every_module_that_declares_a_format_is_registered() -> None:
    # A format module, or a package declaring its FORMAT in its __init__ (formats/tiktoken/).
    modules = [*FORMATS_DIR.glob("*.py"), *FORMATS_DIR.glob("*/__init__.py")]
    declared = {p.parent.name if p.stem == "__init__" else p.stem for p in modules if _declares_format(p)}
    assert declared == {"ours", "gpt2", "tiktoken", "hf", "tekken", "sentencepiece", "bert_vocab", "hf_wordpiece"}
    assert {f.name for f in registry.FORMATS} == declared
    orders = [f.order for f in registry.FORMATS]
    assert orders == sorted(orders) and len(set(orders)) == len(orders)
    for fmt in registry.FORMATS:
        assert fmt.title and fmt.patterns and fmt.file_filter().startswith(fmt.title)
        assert fmt.writable or fmt.cannot_write  # a format either writes or says why not


def test_what_derives_from_the_registry() -> None:
    assert EXPORT_FORMATS == ("ours", "hf", "tiktoken", "gpt2")  # ours first: the default choice
    assert FOLDER_FILES[0] == "tokenizer.json" and set(FOLDER_FILES) >= {"tekken.json", "tokenizer.model", "vocab.json"}
    assert TOKENIZER_FILES == FOLDER_FILES
    filters = registry.file_filters()
    assert filters[0].startswith("All tokenizer files (") and "*.tiktoken" in filters[0]
    assert len(filters) == len(registry.FORMATS) + 1
    assert registry.proposed_file_name("mine", "hf") == "mine-tokenizer.json"
    assert registry.proposed_file_name("mine", "tiktoken") == "mine.tiktoken"
    with pytest.raises(ConfigError, match="not written"):
        registry.proposed_file_name("mine", "tekken")
    with pytest.raises(ConfigError, match="unknown format 'onnx'"):
        registry.get_format("onnx")
    assert registry.matches_file_name("a/b/tokenizer.json") and registry.matches_file_name("o200k_base.tiktoken")
    assert not registry.matches_file_name("notes.docx")


@pytest.fixture
def samples(tmp_path: Path) -> dict[str, list[Path]]:
    """A file of every format, written by our exports (whose parity with the reference
    libraries tests/engine/test_export.py checks) or by sentencepiece itself."""

    tok = train_bpe(None, 300, ["<|endoftext|>"], text=training_text())
    out: dict[str, list[Path]] = {}
    for name in EXPORT_FORMATS:
        folder = tmp_path / name
        folder.mkdir()
        out[name] = [Path(p) for p in tok.export(folder, name)]
    spm = pytest.importorskip("sentencepiece", reason="the reference library: pip install sentencepiece")
    model = io.BytesIO()
    lines = [line for line in data_text("english.txt").splitlines() if line.strip()]
    spm.SentencePieceTrainer.train(
        sentence_iterator=iter(lines), model_writer=model, model_type="bpe", vocab_size=400, minloglevel=2
    )
    (tmp_path / "m.model").write_bytes(model.getvalue())
    out["sentencepiece"] = [tmp_path / "m.model"]
    return out


def test_each_file_is_claimed_by_its_own_format_alone(samples: dict[str, list[Path]]) -> None:
    for name, paths in samples.items():
        for path in paths:
            content = Content(str(path), path.read_bytes())
            claimed = [f.name for f in registry.FORMATS if f.detect(content)]
            # ours is asked after tiktoken, whose sidecar also has a "format" field
            assert claimed[0] == name, (path.name, claimed)


def test_written_files_load_back_through_their_format(samples: dict[str, list[Path]]) -> None:
    text = training_text()
    first = load_tokenizer(samples["ours"][0])
    for name in EXPORT_FORMATS:
        back = load_tokenizer(samples[name][0])
        assert back.encode(text, allowed_special="all") == first.encode(text, allowed_special="all"), name


def test_formats_that_are_not_written_say_why(tmp_path: Path) -> None:
    tok = train_bpe(None, 260, text="abc abc abd")
    for fmt in registry.FORMATS:
        if fmt.writable:
            continue
        with pytest.raises(ConfigError, match=f"cannot export to {fmt.title}: "):
            tok.export(tmp_path / "x", fmt.name)
    with pytest.raises(ConfigError, match="unknown export format 'onnx'"):
        tok.export(tmp_path / "x", "onnx")


@pytest.mark.slow  # reads a 15 MB file
def test_tekken_is_detected() -> None:
    path = shared_tokenizer("mistral_tekken_240718.json")
    content = Content(str(path), path.read_bytes())
    assert [f.name for f in registry.FORMATS if f.detect(content)] == ["tekken"]
