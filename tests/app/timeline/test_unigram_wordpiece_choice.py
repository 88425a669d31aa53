"""Timeline and Sweep with a Unigram or a WordPiece tokenizer chosen (issue 23, point 3): each
says why it does not apply, naming the algorithm and the file as the picker does, and draws
nothing. The files are made here by the reference trainers (``sentencepiece`` Unigram,
``tokenizers``' WordPieceTrainer)."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.features.sweep.view import SweepView
from app.features.timeline.view import TimelineView
from bpe_engine import Algorithm, load_tokenizer

from ...engine.wordpiece_support import reference, save
from ..sentencepiece_support import UNIGRAM_LINES, unigram_model


@pytest.fixture(scope="module", params=["unigram", "wordpiece"])
def chosen(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> tuple[object, str, str]:
    """(tokenizer, the picker's label, the algorithm's name in the message)."""
    folder = tmp_path_factory.mktemp(request.param)
    if request.param == "unigram":
        path, _ = unigram_model(folder / "lessons.model", UNIGRAM_LINES, 120)
        tok = load_tokenizer(path)
        assert tok.facts.algorithm is Algorithm.UNIGRAM
        return tok, "lessons.model · Unigram, 120 tokens", "Unigram tokenizer"
    pytest.importorskip("tokenizers")
    tok = load_tokenizer(save(reference(cased=False, vocab_size=500), folder))
    assert tok.facts.algorithm is Algorithm.WORDPIECE
    return tok, "tokenizer.json · WordPiece, 500 tokens", "WordPiece tokenizer"


def test_timeline_says_why_and_draws_nothing(qtbot, registry, chosen) -> None:
    tok, label, algorithm = chosen
    view = TimelineView(registry)
    qtbot.addWidget(view)
    view.resize(1024, 700)
    view.show()
    key = registry.add(tok, label, kind="file")
    view.picker.set_current_key(key)
    view.set_text("the grey cat walked home")
    qtbot.waitUntil(lambda: algorithm in view.messages.text(), timeout=10_000)
    message = view.messages.text()
    assert label.split(" · ")[0] in message and "no timeline" in message and key not in message
    assert view.curve() is None
    view.shutdown()


def test_sweep_says_why(qtbot, registry, settings, chosen) -> None:
    tok, label, algorithm = chosen
    view = SweepView(registry, settings)
    qtbot.addWidget(view)
    view.show()
    key = registry.add(tok, label, kind="file")
    view.picker.set_current_key(key)
    qtbot.waitUntil(lambda: algorithm in view.about.text(), timeout=10_000)
    about = view.about.text()
    assert label.split(" · ")[0] in about and "no sweep" in about and key not in about
    view.shutdown()
