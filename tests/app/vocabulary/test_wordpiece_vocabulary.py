"""The Vocabulary view with a WordPiece tokenizer trained here by ``tokenizers``'
WordPieceTrainer: every token listed with ``##`` as the file writes it, search finds the
continuation tokens, and a token's details say why there is no merge tree."""

from __future__ import annotations

import pytest

from app.features.vocabulary.view import VocabView
from bpe_engine import load_tokenizer

from ...conftest import data_text
from ...engine.wordpiece_support import reference, save

pytest.importorskip("tokenizers", reason="the reference library: pip install tokenizers")


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    lines = data_text("english.txt").splitlines()[:300]
    hf = reference(cased=False, vocab_size=700, texts=lines)
    return hf, save(hf, tmp_path_factory.mktemp("wp"))


def test_rows_search_and_no_tree(qtbot, registry, settings, made) -> None:
    hf, path = made
    view = VocabView(registry, settings)
    qtbot.addWidget(view)
    view.resize(1200, 700)
    view.show()
    key = registry.add(load_tokenizer(path), "bert made here", kind="file")
    view.picker.set_current_key(key)
    qtbot.waitUntil(lambda: view.key == key and view.model.rowCount() > 0, timeout=20_000)
    model = view.model
    vocab = hf.get_vocab(with_added_tokens=True)
    assert model.rowCount() == len(vocab)
    shown = {model.token_id(r): model.index(r, model.TOKEN).data() for r in range(model.rowCount())}
    assert {i: t for t, i in vocab.items()} == {i: t.replace("\u2423", " ") for i, t in shown.items()}
    view.mode.setCurrentIndex(view.mode.findData("text"))
    qtbot.keyClicks(view.search, "##")
    view.apply_search()
    found = {model.token_id(r) for r in range(model.rowCount())}
    assert found == {i for t, i in vocab.items() if "##" in t} and found
    one = min(found)
    assert view.select_token(one)
    qtbot.waitUntil(lambda: "no merge tree" in view.details.text(), timeout=5_000)
    assert "WordPiece: no merges" in view.status.text()
