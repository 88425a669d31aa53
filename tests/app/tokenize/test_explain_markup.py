"""Explain's titles are rich text: a piece or a special token with ``<`` in it must be shown as
it is, not read as a tag (``<b><|endoftext|></b>`` showed "is a special token", no name)."""

from __future__ import annotations

import json

import pytest
from PySide6.QtGui import QTextDocument

from app.display.format import visible
from app.features.tokenize.explain_panel import ExplainPanel
from app.features.tokenize.wordpiece_explain import WordPiecePanel
from bpe_engine import UnigramTokenizer, load_tokenizer

from ...conftest import data_text, shared_path
from ...engine.unigram_support import train_sentencepiece
from ...engine.wordpiece_support import reference, save
from ..text_views_support import trained  # noqa: F401


def _shown(rich: str) -> str:
    """What a label shows for ``rich`` (Qt's own reading of the markup)."""
    doc = QTextDocument()
    doc.setHtml(rich)
    return doc.toPlainText()


def test_byte_level_titles_show_special_tokens_and_pieces_with_markup_characters(qtbot, trained) -> None:
    panel = ExplainPanel()
    qtbot.addWidget(panel)
    panel.set_tokenizer(trained)
    panel.set_piece("<|endoftext|>", special=True)
    assert _shown(panel.title.text()).startswith("<|endoftext|> is a special token")
    for piece in ("<b", "&amp;", "a<i>b"):
        panel.set_piece(piece)
        assert f"‘{piece}’" in _shown(panel.title.text()), piece


def test_unigram_titles_show_special_tokens(qtbot, tmp_path) -> None:
    pytest.importorskip("sentencepiece", reason="the reference library: pip install sentencepiece")
    tok = UnigramTokenizer.load(train_sentencepiece(tmp_path / "u.model", byte_fallback=True, vocab_size=2000))
    special = next(s for s in tok.special_tokens if "<" in s)
    panel = ExplainPanel()
    qtbot.addWidget(panel)
    panel.set_tokenizer(tok)
    panel.set_piece(special, special=True)
    assert _shown(panel.unigram.title.text()).startswith(f"{special} is a special token")
    panel.set_piece("▁<b")
    assert f"‘{visible('▁<b')}’" in _shown(panel.unigram.title.text())


def test_wordpiece_titles_show_words_with_markup_characters(qtbot, tmp_path) -> None:
    pytest.importorskip("tokenizers", reason="the reference library: pip install tokenizers")
    hf = reference(cased=False, vocab_size=600, texts=data_text("english.txt").splitlines()[:200])
    tok = load_tokenizer(save(hf, tmp_path))
    panel = WordPiecePanel()
    qtbot.addWidget(panel)
    panel.set_tokenizer(tok)
    panel.set_piece("<")
    assert "‘<’" in _shown(panel.title.text())
    panel.set_piece("[SEP]", special=True)
    assert _shown(panel.title.text()).startswith("[SEP] is a special token")


def test_the_step_line_groups_the_merge_rank_as_the_table_below(qtbot) -> None:
    """The step line said "merge rank 1334" above the table's "1,334" (and the chip tooltips')."""
    path = shared_path("tokenizers/llama3.2_tokenizer.json", "Llama 3's tokenizer.json")
    model = json.loads(path.read_text("utf-8"))["model"]
    merges = [tuple(m.split(" ")) if isinstance(m, str) else tuple(m) for m in model["merges"]]
    panel = ExplainPanel()
    qtbot.addWidget(panel)
    panel.show()  # (a tokenizer.json's merges are made by a job, for a panel on screen)
    panel.set_tokenizer(load_tokenizer(path))
    for left, right in (("<", "b"), ('"', ")")):
        rank, new_id = merges.index((left, right)), model["vocab"][left + right]
        panel.set_piece(left + right)
        qtbot.waitUntil(lambda: panel.page_label.text() != "", timeout=60_000)  # (merges made off the GUI thread)
        assert panel.page_label.text() == f"Step 1 of 1: merge rank {rank:,} → new token {new_id}"
        assert panel.table.item(0, 1).text() == f"{rank:,}"
