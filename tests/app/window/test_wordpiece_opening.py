"""Opening WordPiece files as a user does: the Open dialog offers vocab.txt and WordPiece
tokenizer.json, a dropped folder holding a BERT vocab.txt is taken as a tokenizer, and File >
Open's path opens it with ``tokenizers``' ids (the vocabulary made here by its WordPieceTrainer)."""

from __future__ import annotations

import pytest

from app.widgets.open_files import looks_like_tokenizer, open_filters
from bpe_engine import Algorithm

from ...conftest import data_text
from ...engine.wordpiece_support import reference, write_vocab_txt

pytest.importorskip("tokenizers", reason="the reference library: pip install tokenizers")


def test_a_vocab_txt_folder_opens_as_wordpiece(qtbot, window, tmp_path) -> None:
    assert "vocab.txt" in open_filters() and "WordPiece" in open_filters()
    hf = reference(cased=False, vocab_size=500, texts=data_text("english.txt").splitlines()[:200])
    folder = tmp_path / "bert"
    write_vocab_txt(hf, folder)
    assert looks_like_tokenizer(str(folder)) and looks_like_tokenizer(str(folder / "vocab.txt"))
    with qtbot.waitSignal(window.train_view.file_opened, timeout=60_000) as opened:
        assert window.open_tokenizer(str(folder))
    key = opened.args[0]
    tok = window.registry.get(key)
    assert tok is not None and tok.facts.algorithm is Algorithm.WORDPIECE and not tok.facts.has_merges
    text = "Hello world, the tea is hot."
    assert tok.encode_ordinary(text) == hf.encode(text, add_special_tokens=False).ids
    assert window.tokenize_view.picker.findData(key) >= 0  # the picker lists it
