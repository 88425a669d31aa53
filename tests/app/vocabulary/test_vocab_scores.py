"""The Vocabulary view's Score column for a Unigram tokenizer: every row's score equals
``sentencepiece``'s ``GetScore(id)`` for a model it trains here, sorting by it by clicking the
header orders the rows by that score, and a BPE tokenizer has no Score column."""

from __future__ import annotations

import io

import pytest
from PySide6.QtCore import QPoint, Qt

from app.features.vocabulary.model import VocabModel
from app.features.vocabulary.search import SearchMode
from app.features.vocabulary.view import VocabView
from bpe_engine import UnigramTokenizer, train_bpe

from ...conftest import data_text

spm = pytest.importorskip("sentencepiece", reason="the reference library: pip install sentencepiece")


@pytest.fixture(scope="module")
def trained(tmp_path_factory: pytest.TempPathFactory) -> tuple[UnigramTokenizer, object]:
    lines = [line for name in ("english.txt", "russian.txt") for line in data_text(name).splitlines() if line.strip()]
    out = io.BytesIO()
    spm.SentencePieceTrainer.train(
        sentence_iterator=iter(lines), model_writer=out, model_type="unigram", vocab_size=400, minloglevel=2
    )
    path = tmp_path_factory.mktemp("vocab_uni") / "u.model"
    path.write_bytes(out.getvalue())
    return UnigramTokenizer.load(path), spm.SentencePieceProcessor(model_file=str(path))


@pytest.fixture
def view(qtbot, registry, settings):
    v = VocabView(registry, settings)
    qtbot.addWidget(v)
    v.resize(1200, 700)
    v.show()
    return v


def test_scores_equal_sentencepiece_and_sort(qtbot, view, registry, trained) -> None:
    tok, sp = trained
    registry.add(tok, "unigram")
    model = view.model
    assert not view.table.isColumnHidden(VocabModel.SCORE)
    assert model.rowCount() == sp.get_piece_size() == 400
    for row in range(model.rowCount()):
        token_id = model.token_id(row)
        assert model.score(row) == sp.GetScore(token_id)
        shown = model.data(model.index(row, VocabModel.SCORE))
        assert shown == f"{sp.GetScore(token_id):.4f}"
    header = view.table.horizontalHeader()
    at = QPoint(header.sectionViewportPosition(VocabModel.SCORE) + 5, 5)
    for _ in range(2):
        qtbot.mouseClick(header.viewport(), Qt.MouseButton.LeftButton, pos=at)
        scores = [sp.GetScore(model.token_id(r)) for r in range(model.rowCount())]
        descending = header.sortIndicatorOrder() == Qt.SortOrder.DescendingOrder
        assert scores == sorted(scores, reverse=descending) and len(set(scores)) > 10
    assert header.sortIndicatorSection() == VocabModel.SCORE


def test_a_bpe_tokenizer_has_no_score_column(view, registry) -> None:
    registry.add(train_bpe(None, 280, [], text="low lower lowest " * 20), "bpe")
    assert view.table.isColumnHidden(VocabModel.SCORE)
    assert view.model.data(view.model.index(0, VocabModel.SCORE)) == ""


def test_the_score_is_in_sight_at_1024_pixels(qtbot, registry, settings, trained) -> None:
    """At 1024 pixels Unigram's Score column sat right of three empty columns (parents, count:
    a Unigram model has no merges), out of sight; they are hidden, and come back for BPE."""
    tok, sp = trained
    view = VocabView(registry, settings)
    qtbot.addWidget(view)
    view.resize(1000, 650)
    view.show()
    qtbot.waitExposed(view)
    registry.add(tok, "unigram")
    qtbot.wait(50)
    table = view.table
    header = table.horizontalHeader()
    right = header.sectionViewportPosition(VocabModel.SCORE) + header.sectionSize(VocabModel.SCORE)
    assert not table.isColumnHidden(VocabModel.SCORE) and right <= table.viewport().width()
    row = next(r for r in range(view.model.rowCount()) if view.model.token_id(r) == sp.piece_to_id("▁the"))
    assert view.model.data(view.model.index(row, VocabModel.SCORE)) == f"{sp.GetScore(sp.piece_to_id('▁the')):.4f}"
    assert all(table.isColumnHidden(c) for c in (VocabModel.LEFT, VocabModel.RIGHT, VocabModel.COUNT))
    registry.add(train_bpe(None, 280, [], text="low lower lowest " * 20), "bpe")
    assert not any(table.isColumnHidden(c) for c in (VocabModel.LEFT, VocabModel.RIGHT, VocabModel.COUNT))


def test_control_and_unknown_pieces_show_as_special_without_bytes(view, registry, trained) -> None:
    """``<unk>``, ``<s>`` and ``</s>`` showed the bytes of their literal text (3c 75 6e 6b 3e):
    sentencepiece's control and unknown pieces have no bytes of their own; they show as
    special tokens (the special color and tooltip) with empty byte columns."""
    tok, sp = trained
    registry.add(tok, "unigram")
    model = view.model
    rows = {model.token_id(row): row for row in range(model.rowCount())}
    specials = [i for i in range(sp.get_piece_size()) if sp.is_control(i) or sp.is_unknown(i)]
    assert len(specials) == 3
    for token_id, row in rows.items():
        hex_shown = model.data(model.index(row, VocabModel.HEX))
        length = model.data(model.index(row, VocabModel.LENGTH))
        color = model.data(model.index(row, VocabModel.TOKEN), Qt.ItemDataRole.ForegroundRole)
        if token_id in specials:
            assert (hex_shown, length) == ("", ""), sp.id_to_piece(token_id)
            assert model.data(model.index(row, VocabModel.TOKEN)) == sp.id_to_piece(token_id)
            assert color is not None and "Special" in model.data(
                model.index(row, VocabModel.TOKEN), Qt.ItemDataRole.ToolTipRole
            )
        else:
            assert hex_shown and length == len(tok.vocab[token_id]) and color is None
    model.set_search("3c 75 6e 6b 3e", SearchMode.HEX)  # "<unk>": no piece holds these bytes
    assert model.rowCount() == 0
