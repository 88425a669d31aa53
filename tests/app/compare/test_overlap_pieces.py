"""The overlap's token tables write a SentencePiece piece on one line, a control character
escaped: Mistral's "};" and "};\\r" were two identical rows."""

from __future__ import annotations

import pytest

from app.display.format import visible
from app.features.compare.overlap_model import OnlyTokensModel

from ...conftest import shared_path


def test_pieces_with_control_characters_are_told_apart(qtbot) -> None:
    spm = pytest.importorskip("sentencepiece", reason="the reference library: pip install sentencepiece")
    path = shared_path("tokenizers/mistral_sentencepiece_v3.model", "Mistral's SentencePiece model")
    sp = spm.SentencePieceProcessor(model_file=str(path))
    pieces = [sp.id_to_piece(i) for i in range(sp.get_piece_size())]
    ids = [sp.piece_to_id("};"), sp.piece_to_id("};\r"), sp.piece_to_id(";\r")]
    model = OnlyTokensModel()
    model.set_tokens([(i, pieces[i].replace("▁", " ").encode()) for i in ids], pieces)
    shown = [model.index(r, OnlyTokensModel.TOKEN).data() for r in range(model.rowCount())]
    assert shown == [visible(pieces[i]) for i in ids] == ["};", "};←", ";←"]
