"""A Unigram tokenizer written as a Hugging Face ``tokenizer.json`` (issue 23): ``tokenizers``
loads the written file and gives the same ids as the file it came from (made here by
``tokenizers``' UnigramTrainer, with and without NFKC, and converted from a ``sentencepiece``
model with byte fallback), on the corpora heads, hard cases and generated strings; our reader
reads it back to the same ids. A model that removes extra whitespace is refused, saying so."""

from __future__ import annotations

from pathlib import Path

import pytest

from bpe_engine import load_tokenizer
from bpe_engine.errors import ExportError
from bpe_engine.formats.hf_unigram import unigram_to_hf
from bpe_engine.formats.sentencepiece import read_sentencepiece_model

from .test_unigram_hf import _converted, _trained
from .unigram_support import texts_to_compare, train_sentencepiece

tk = pytest.importorskip("tokenizers", reason="the reference library: pip install tokenizers")

TEXTS = texts_to_compare(500)


@pytest.mark.parametrize("kind", ["plain", "nfkc", "converted"])
def test_written_file_gives_the_ids_of_the_original(tmp_path: Path, kind: str) -> None:
    source = _converted(tmp_path) if kind == "converted" else _trained(tmp_path, nfkc=kind == "nfkc")
    ours = load_tokenizer(source)
    written = tmp_path / "written.json"
    assert ours.export(written, "hf") == [str(written)]
    original, copy = tk.Tokenizer.from_file(str(source)), tk.Tokenizer.from_file(str(written))
    again = load_tokenizer(written)
    for name, text in TEXTS:
        want = original.encode(text, add_special_tokens=False).ids
        assert copy.encode(text, add_special_tokens=False).ids == want, name
        assert again.encode(text, disallowed_special=()) == ours.encode(text, disallowed_special=()), name
    assert copy.decode(copy.encode(TEXTS[0][1]).ids) == original.decode(original.encode(TEXTS[0][1]).ids)


def test_other_formats_are_refused(tmp_path: Path) -> None:
    ours = load_tokenizer(_trained(tmp_path))
    for format in ("ours", "tiktoken", "gpt2"):
        with pytest.raises(ExportError, match="no merges"):
            ours.export(tmp_path / "x", format)
    assert not list(tmp_path.glob("x*"))


def test_a_model_that_removes_extra_whitespace_is_refused(tmp_path: Path) -> None:
    data = read_sentencepiece_model(train_sentencepiece(tmp_path / "u.model", byte_fallback=True, vocab_size=2000))
    assert data.remove_extra_whitespaces  # sentencepiece's default
    with pytest.raises(ExportError, match="remove_extra_whitespaces"):
        unigram_to_hf(data, "u.model")
