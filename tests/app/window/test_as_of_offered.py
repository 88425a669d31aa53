""" "As of merge k" is offered only where the view shows the Timeline's tokenizer, and it never
changes the tokenizer the user chose (issue 20, item 9), in the real window. The tokens are
checked against the engine's ``encode_as_of`` and ``encode`` of that tokenizer."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from bpe_engine import Tokenizer, train_bpe

from ...conftest import data_text
from ..sentencepiece_support import spm_model  # noqa: F401

SPECIALS = ["<|endoftext|>"]
TEXT = "the lowest tokens of the newest story, and then some more text"
K = 40


@pytest.fixture(scope="module")
def tok_a() -> Tokenizer:
    return train_bpe(None, 256 + 300 + 1, SPECIALS, text=data_text("english.txt"))


@pytest.fixture(scope="module")
def tok_b() -> Tokenizer:
    return train_bpe(None, 256 + 120 + 1, SPECIALS, text="newer and newest words, words, words " * 40)


def _timeline_at(qtbot, window, key: str, k: int) -> None:
    timeline = window.timeline_view
    timeline.picker.set_current_key(key)
    timeline.set_merges(k)
    qtbot.waitUntil(timeline.is_settled, timeout=20_000)
    assert window.timeline_view.position.key == key


@pytest.mark.usefixtures("openai_encodings")
def test_tokenize_offers_as_of_only_for_the_timelines_tokenizer(qtbot, window, tok_a, tok_b) -> None:
    a = window.registry.add(tok_a, "A")
    b = window.registry.add(tok_b, "B")
    window.tabs.setCurrentWidget(window.timeline_view)
    _timeline_at(qtbot, window, a, K)
    view = window.tokenize_view
    window.tabs.setCurrentWidget(view)
    view.set_text(TEXT)
    view.picker.set_current_key("o200k_base")
    qtbot.waitUntil(view.is_settled, timeout=60_000)
    box = view.as_of
    # Another tokenizer than the Timeline's: not offered, and the tooltip says why.
    assert not box.isEnabled() and "A" in box.toolTip()
    qtbot.mouseClick(box, Qt.MouseButton.LeftButton)
    assert not box.isChecked() and view.picker.current_key() == "o200k_base"
    o200k = window.registry.get("o200k_base")
    assert list(view.table().ids) == o200k.encode(TEXT, allowed_special="all")
    # The Timeline's tokenizer: offered; ticked, it is shown as of merge k and stays chosen.
    view.picker.set_current_key(a)
    qtbot.waitUntil(view.is_settled, timeout=20_000)
    assert box.isEnabled()
    qtbot.mouseClick(box, Qt.MouseButton.LeftButton)
    assert box.isChecked()
    qtbot.waitUntil(view.is_settled, timeout=20_000)
    assert list(view.table().ids) == tok_a.encode_as_of(TEXT, K, allowed_special="all")
    assert view.picker.current_key() == a and view.tokenizer_key() == a
    # The Timeline moves to B: the box is no longer offered and A is shown in full again.
    window.tabs.setCurrentWidget(window.timeline_view)
    _timeline_at(qtbot, window, b, 20)
    window.tabs.setCurrentWidget(view)
    assert not box.isEnabled() and not box.isChecked()
    qtbot.waitUntil(view.is_settled, timeout=20_000)
    assert list(view.table().ids) == tok_a.encode(TEXT, allowed_special="all")
    assert view.picker.current_key() == a


def test_compare_and_vocabulary_keep_their_tokenizers(qtbot, window, tok_a, tok_b) -> None:
    a = window.registry.add(tok_a, "A")
    b = window.registry.add(tok_b, "B")  # the newest: Vocabulary shows it
    window.tabs.setCurrentWidget(window.timeline_view)
    _timeline_at(qtbot, window, a, K)
    vocab = window.vocab_view
    window.tabs.setCurrentWidget(vocab)
    assert vocab.key == b and not vocab.as_of.isEnabled()
    qtbot.mouseClick(vocab.as_of, Qt.MouseButton.LeftButton)
    assert vocab.key == b and vocab.model.rowCount() == len(tok_b)
    compare = window.compare_view
    window.tabs.setCurrentWidget(compare)
    compare.set_keys([b, "r50k_base"])
    keys = compare.keys()
    assert a not in keys and not compare.as_of.isEnabled()
    qtbot.mouseClick(compare.as_of, Qt.MouseButton.LeftButton)
    assert compare.keys() == keys and not compare.as_of.isChecked()
    # A column with the Timeline's tokenizer: offered, and only that column is as of merge k.
    compare.set_text(TEXT)
    compare.columns()[1].set_key(a)
    assert compare.as_of.isEnabled()
    qtbot.mouseClick(compare.as_of, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: compare.is_settled() and compare.columns()[1].table is not None, timeout=60_000)
    assert list(compare.columns()[1].table.ids) == tok_a.encode_as_of(TEXT, K, allowed_special="all")
    assert list(compare.columns()[0].table.ids) == tok_b.encode(TEXT, allowed_special="all")
    assert compare.keys()[:2] == [keys[0], a]


def test_a_unigram_tokenizer_on_the_timeline_is_never_shown_as_of_merge_k(qtbot, window, tmp_path) -> None:
    """The Timeline may hold a Unigram model (it says it has no merges); Tokenize showing the
    same model does not offer "As of merge k", and its ids are sentencepiece's."""
    from bpe_engine import load_tokenizer

    from ..sentencepiece_support import unigram_model

    lines = data_text("english.txt").splitlines()[:800]
    path, reference = unigram_model(tmp_path / "uni.model", lines, 500, byte_fallback=True)
    uni = window.registry.add(load_tokenizer(path), "U")
    window.tabs.setCurrentWidget(window.timeline_view)
    window.timeline_view.picker.set_current_key(uni)
    view = window.tokenize_view
    window.tabs.setCurrentWidget(view)
    view.set_text(TEXT)
    view.picker.set_current_key(uni)
    qtbot.waitUntil(view.is_settled, timeout=60_000)
    box = view.as_of
    assert not box.isEnabled() and "Unigram" in box.toolTip()
    qtbot.mouseClick(box, Qt.MouseButton.LeftButton)
    assert not box.isChecked()
    assert list(view.table().ids) == reference.encode(TEXT)


def test_a_unigram_tokenizer_on_the_timeline_names_no_merge_number(qtbot, registry, tok_a, tmp_path) -> None:
    """The Timeline holding a Unigram model (no timeline: it says why) set the shared position
    to its "merge 0", and every view's box read "As of merge 0" beside a BPE tokenizer; the box
    names no number for a tokenizer that has no merges, and names the BPE one's again."""
    from app.core.timeline_position import TimelinePosition
    from app.widgets.as_of import AsOfBox
    from bpe_engine import load_tokenizer

    from ..sentencepiece_support import unigram_model

    path, _ = unigram_model(tmp_path / "uni.model", data_text("english.txt").splitlines()[:800], 300)
    uni = registry.add(load_tokenizer(path), "U")
    a = registry.add(tok_a, "A")
    position = TimelinePosition()
    box = AsOfBox(position, registry)
    qtbot.addWidget(box)
    box.set_keys([a])
    position.set(uni, 0, 0)  # what the Timeline publishes for a tokenizer it cannot show
    assert not box.isEnabled() and box.text() == "As of merge k"
    box.set_keys([uni])
    assert box.text() == "As of merge k" and "Unigram" in box.toolTip()
    position.set(a, 7, len(tok_a.merges))
    box.set_keys([a])
    assert box.isEnabled() and box.text() == "As of merge 7"


def test_a_view_showing_another_tokenizer_names_no_merge_number(qtbot, registry, tok_a, tok_b) -> None:
    """Vocabulary showed o200k beside a greyed "As of merge 280,147": the Timeline's position in
    Llama 3's merges, a number o200k does not have. Beside another tokenizer the box names no
    number (its tooltip says which tokenizer the Timeline shows, at which merge)."""
    from app.core.timeline_position import TimelinePosition
    from app.widgets.as_of import AsOfBox

    a, b = registry.add(tok_a, "A"), registry.add(tok_b, "B")
    position = TimelinePosition()
    box = AsOfBox(position, registry)
    qtbot.addWidget(box)
    position.set(a, 7, len(tok_a.merges))
    box.set_keys([b])
    assert not box.isEnabled() and box.text() == "As of merge k"
    assert "merge 7" in box.toolTip() and "A" in box.toolTip()
    box.set_keys([a])
    assert box.isEnabled() and box.text() == "As of merge 7"


def test_a_sentencepiece_model_on_the_timeline_is_never_shown_as_of_merge_k(qtbot, registry, tok_a, spm_model) -> None:
    """A SentencePiece BPE model has merges, but worked out from its scores, not learned in
    order: the Timeline says it has no timeline and publishes its "merge 0", and Tokenize
    offered "As of merge 0" beside it; ticked, Explain said each piece was whole after 0 merges."""
    from app.core.timeline_position import TimelinePosition
    from app.widgets.as_of import AsOfBox
    from bpe_engine import load_tokenizer

    sp = registry.add(load_tokenizer(spm_model), "SP")
    a = registry.add(tok_a, "A")
    position = TimelinePosition()
    box = AsOfBox(position, registry)
    qtbot.addWidget(box)
    position.set(sp, 0, 0)  # what the Timeline publishes for a tokenizer it cannot show
    box.set_keys([sp])
    assert not box.isEnabled() and box.text() == "As of merge k" and "SentencePiece" in box.toolTip()
    qtbot.mouseClick(box, Qt.MouseButton.LeftButton)
    assert not box.isChecked() and box.limit_for(sp) is None
    box.set_keys([a])
    assert not box.isEnabled() and box.text() == "As of merge k"
    position.set(a, 7, len(tok_a.merges))
    assert box.isEnabled() and box.text() == "As of merge 7"
