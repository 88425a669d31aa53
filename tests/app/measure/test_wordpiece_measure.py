"""Measure with a WordPiece tokenizer trained here by ``tokenizers``' WordPieceTrainer: the
efficiency figures from ``tokenizers``' ids, the unused tokens of the health check, and the
BPE-only health kinds (unreachable, intermediate only, under-trained candidates) saying why
they do not apply."""

from __future__ import annotations

import pytest

from app.features.measure.texts import TextSet, heldout_texts
from bpe_engine import load_tokenizer

from ...conftest import data_text
from ...engine.wordpiece_support import SPECIALS, reference, save

pytest.importorskip("tokenizers", reason="the reference library: pip install tokenizers")
from .conftest import measure


def test_efficiency_and_health_of_wordpiece(qtbot, registry, view, tmp_path) -> None:
    hf = reference(cased=False, vocab_size=600, texts=data_text("english.txt").splitlines()[:300])
    key = registry.add(load_tokenizer(save(hf, tmp_path)), "bert made here", kind="file")
    measure(qtbot, view, key, TextSet.HELDOUT)
    texts = heldout_texts()
    ids = [i for t in texts for i in hf.encode(t.text, add_special_tokens=False).ids]
    size = sum(t.size for t in texts)
    row = view.efficiency_model.cells()[0]
    assert row[3] == f"{size / len(ids):.3f}"
    vocab = hf.get_vocab(with_added_tokens=True)
    special = {vocab[s] for s in SPECIALS}
    unused = sorted(i for i in vocab.values() if i not in set(ids) and i not in special)
    health = view.health.model.cells()[0]
    assert health[1] == str(len(vocab) - len(special))  # the ordinary tokens are examined
    assert health[2] == "n/a (no merges)" and health[5] == "n/a (no merges)" and health[6] == "n/a (no merges)"
    assert health[3] == "0" and health[4] == str(len(unused))
    view.health.kind_combo.setCurrentIndex(2)  # unused
    assert [int(line.split("\t")[0]) for line in view.health.listed()] == unused
    # each by its token as the file writes it: "##ing" continues a word, "ing" starts one
    assert [line.split("\t")[1] for line in view.health.listed()] == [hf.id_to_token(i) for i in unused]
    view.health.kind_combo.setCurrentIndex(0)  # unreachable: does not apply
    assert view.health.listed()[0].startswith("Does not apply")
    # the sentence wraps in the list (at 1024 pixels its end was past the right edge)
    view.pages.setCurrentWidget(view.health)
    qtbot.waitUntil(lambda: view.health.tokens.isVisible())
    tokens = view.health.tokens
    tokens.doItemsLayout()
    rect = tokens.visualItemRect(tokens.item(0))
    assert rect.width() <= tokens.viewport().width()
    assert rect.height() >= 2 * tokens.fontMetrics().height()  # on several lines, all of it
    view.shutdown()
    view.controller.wait(60_000)
