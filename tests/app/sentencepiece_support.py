"""A small SentencePiece BPE model for the app tests, trained here with the real library.

The model is trained once per session on tests/data (English and Chinese, so a fresh clone
needs no ../shared) with byte fallback and a character coverage below 1, so that rare Chinese
characters and emoji are spelled as ``<0xNN>`` tokens. ``sentencepiece`` is the reference
for every id and piece the views show; without it the tests skip, saying how to install it.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest

from bpe_engine import SentencePieceTokenizer, load_tokenizer

from ..conftest import data_text

#: A text with words, a character the model lacks (byte fallback), an emoji, a newline.
SP_TEXT = "Hello world, the tea is hot.\n國語 and 中文 🤚🏾 done"


def _lines() -> list[str]:
    english = [line for line in data_text("english.txt").splitlines() if line.strip()][:1500]
    chinese = [line for line in data_text("chinese.txt").splitlines() if line.strip()][:200]
    return english + chinese


@pytest.fixture(scope="session")
def spm_model(tmp_path_factory) -> Path:
    """A SentencePiece BPE ``.model`` (1 000 pieces, byte fallback) in a temporary folder."""
    spm = pytest.importorskip("sentencepiece", reason="the reference library: pip install sentencepiece")
    out = io.BytesIO()
    spm.SentencePieceTrainer.train(
        sentence_iterator=iter(_lines()),
        model_writer=out,
        model_type="bpe",
        vocab_size=1000,
        character_coverage=0.98,
        byte_fallback=True,
        normalization_rule_name="identity",
        remove_extra_whitespaces=False,
        minloglevel=2,
    )
    path = tmp_path_factory.mktemp("spm") / "small_bpe.model"
    path.write_bytes(out.getvalue())
    return path


@pytest.fixture(scope="session")
def spm_reference(spm_model: Path) -> Any:
    """The model in the reference library (``sentencepiece.SentencePieceProcessor``)."""
    spm = pytest.importorskip("sentencepiece")
    return spm.SentencePieceProcessor(model_file=str(spm_model))


@pytest.fixture(scope="session")
def spm_tokenizer(spm_model: Path) -> SentencePieceTokenizer:
    tok = load_tokenizer(spm_model)
    assert isinstance(tok, SentencePieceTokenizer)
    tok.merge_ids()  # as the app's loader does, off the GUI thread
    return tok


#: Short lines a small Unigram model learns from in a second.
UNIGRAM_LINES = [f"the lighthouse keeper {i} and the grey cat {i * 7} walked home" for i in range(400)]


def unigram_model(path: Path, lines: list[str], vocab_size: int, *, byte_fallback: bool = False) -> tuple[Path, Any]:
    """A Unigram ``.model`` trained by ``sentencepiece`` on ``lines``, written to ``path``, and
    the reference processor for it."""
    spm = pytest.importorskip("sentencepiece", reason="the reference library: pip install sentencepiece")
    out = io.BytesIO()
    spm.SentencePieceTrainer.train(
        sentence_iterator=iter(lines),
        model_writer=out,
        model_type="unigram",
        vocab_size=vocab_size,
        byte_fallback=byte_fallback,
        minloglevel=2,
    )
    path.write_bytes(out.getvalue())
    return path, spm.SentencePieceProcessor(model_proto=out.getvalue())
