"""The merge tree panel's line and tree say what the token is, as the references do: a token
such as ``&amp;`` shown as written (the line is rich text: it showed "&"), merge ranks grouped
as everywhere else (the tree showed 42172 beside the line's 42,172), and a SentencePiece
special token with no bytes, as the table beside it says (the line said "5 bytes")."""

from __future__ import annotations

import json

import pytest
from PySide6.QtGui import QTextDocument

from app.display.format import visible
from app.features.vocabulary.model import VocabModel
from app.features.vocabulary.tree_panel import MergeTreePanel
from bpe_engine import load_tokenizer, train_bpe
from bpe_engine.reference import reference_train

from ...conftest import shared_path

HTML_TEXT = "AT&amp;T and B&amp;Q; x &amp; y &amp; z &amp;amp; <p>&lt;tag&gt;</p> AT&amp;T " * 3


def _shown(rich: str) -> str:
    """What a label shows for ``rich`` (Qt's own reading of the markup)."""
    doc = QTextDocument()
    doc.setHtml(rich)
    return doc.toPlainText()


@pytest.fixture
def panel(qtbot) -> MergeTreePanel:
    p = MergeTreePanel()
    qtbot.addWidget(p)
    return p


def test_tokens_with_markup_characters_are_shown_as_written(panel) -> None:
    tok = train_bpe(None, 300, [], text=HTML_TEXT, pretokenizer="whitespace")
    _vocab, merges, _counts = reference_train(HTML_TEXT, 300, [], pretokenizer="whitespace")
    for written in ("&amp;", " &amp;amp;", "<p>&lt;tag&gt;</p>"):
        rank = next(r for r, (a, b) in enumerate(merges) if a + b == written.encode())
        token_id = 256 + rank
        assert tok.id_to_bytes(token_id) == written.encode()
        panel.show_token(tok, token_id)
        parts = _shown(panel.details.text()).split(" · ")
        assert parts[:2] == [f"id {token_id}", visible(written)], parts
        assert f"merge rank {rank}" in parts[4]
        assert panel.tree.topLevelItem(0).text(0) == visible(written)


def test_merge_ranks_are_grouped_in_the_tree_as_in_the_line(panel) -> None:
    path = shared_path("tokenizers/llama3.2_tokenizer.json", "Llama 3's tokenizer.json")
    model = json.loads(path.read_text("utf-8"))["model"]
    merges = [tuple(m.split(" ")) if isinstance(m, str) else tuple(m) for m in model["merges"]]
    token_id = model["vocab"]["&gt"]
    rank, child_rank = merges.index(("&", "gt")), merges.index(("g", "t"))
    assert rank >= 1000 and child_rank >= 1000  # (both need grouping)
    panel.show_token(load_tokenizer(path), token_id)
    assert _shown(panel.details.text()).split(" · ")[4] == f"merge rank {rank:,}"
    root = panel.tree.topLevelItem(0)
    assert (root.text(1), root.text(2)) == (str(token_id), f"{rank:,}")
    assert (root.child(1).text(0), root.child(1).text(2)) == ("gt", f"{child_rank:,}")


def _mistral():
    """Mistral's SentencePiece model: sentencepiece's reading (the reference), ours, its table."""
    spm = pytest.importorskip("sentencepiece", reason="the reference library: pip install sentencepiece")
    path = shared_path("tokenizers/mistral_sentencepiece_v3.model", "Mistral's SentencePiece model")
    tok = load_tokenizer(path)
    model = VocabModel()
    model.set_tokenizer(tok)
    return spm.SentencePieceProcessor(model_file=str(path)), tok, model


def test_a_sentencepiece_special_token_has_no_bytes_in_the_line_as_in_the_table(qtbot, panel) -> None:
    sp, tok, model = _mistral()
    for name in ("<unk>", "<s>", "</s>"):
        token_id = sp.piece_to_id(name)
        assert sp.is_control(token_id) or sp.is_unknown(token_id)
        assert sp.decode([token_id]) in ("", " ⁇ ")  # no text of its own: its name is not its bytes
        row = next(r for r in range(model.rowCount()) if model.token_id(r) == token_id)
        assert model.index(row, VocabModel.HEX).data() == ""
        panel.show_token(tok, token_id)
        shown = _shown(panel.details.text())
        assert shown.split(" · ")[:2] == [f"id {token_id}", name]
        assert shown.split(" · ")[2:] == ["0 bytes", "special token: never merged"], shown


def test_pieces_that_differ_by_a_control_character_are_told_apart(qtbot, panel) -> None:
    """Mistral's "};" (3372) and "};\\r" (27175) were two identical rows: the carriage return drew nothing."""
    sp, tok, model = _mistral()
    rows = {model.token_id(r): r for r in range(model.rowCount())}
    with_control = [i for i in range(sp.get_piece_size()) if "\r" in sp.id_to_piece(i)]
    assert len(with_control) > 50
    for i in with_control:
        shown = model.index(rows[i], VocabModel.TOKEN).data()
        assert shown == visible(sp.id_to_piece(i)) and "\r" not in shown
    plain, control = sp.piece_to_id("};"), sp.piece_to_id("};\r")
    assert model.index(rows[plain], VocabModel.TOKEN).data() != model.index(rows[control], VocabModel.TOKEN).data()
    panel.show_token(tok, control)
    assert _shown(panel.details.text()).split(" · ")[1] == "};←"
