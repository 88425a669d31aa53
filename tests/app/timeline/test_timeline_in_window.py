"""The Timeline inside the main window: the Vocabulary, Tokenize and Compare views follow its
slider ("As of merge k"), and it follows a training in progress. Every figure is compared with
the tokenizer of only the first k merges, built independently, or with a new training stopped
at that size."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from app.window.main_window import MainWindow
from bpe_engine import Tokenizer, train_bpe

from ...conftest import data_text
from ..training_support import step_to, write_corpus
from .test_timeline_view import SPECIALS, first_merges, reference_tokens

TEXT = "the lowest tokens of the newest story: 國語 Жизнь, and then some more text"


@pytest.fixture(scope="module")
def tok() -> Tokenizer:
    return train_bpe(None, 256 + 500 + 1, SPECIALS, text=data_text("english.txt"))


@pytest.fixture
def window(window, tok):
    window.key = window.registry.add(tok, "english · 500 merges")
    return window


def test_the_timeline_is_one_click_away(window) -> None:
    index = window.tabs.indexOf(window.timeline_view)
    assert window.tabs.tabText(index) == "Timeline"
    assert window.timeline_view.current_key() == window.key  # the newest trained tokenizer


def test_views_follow_the_slider_as_of_merge_k(qtbot, window, tok) -> None:
    timeline = window.timeline_view
    window.tabs.setCurrentWidget(timeline)
    k = 40
    timeline.set_merges(k)
    qtbot.waitUntil(timeline.is_settled, timeout=20_000)

    vocab = window.vocab_view
    window.tabs.setCurrentWidget(vocab)
    assert vocab.as_of.isEnabled() and vocab.as_of.text() == "As of merge 40"
    qtbot.mouseClick(vocab.as_of, Qt.MouseButton.LeftButton)
    assert vocab.key == window.key
    ids = [vocab.model.token_id(r) for r in range(vocab.model.rowCount())]
    # The tokens of the first 40 merges, with their own ids (256 bytes, the 40 merges), and the special.
    shown = [tok.id_to_bytes(i) for i in ids]
    assert sorted(shown) == sorted(first_merges(tok, k).vocab.values())
    assert ids == [*range(256 + k), tok.special_tokens["<|endoftext|>"]]
    assert "297 of 297 (as of merge 40)" in vocab.count_label.text().replace("\u202f", " ")

    tokenize = window.tokenize_view
    window.tabs.setCurrentWidget(tokenize)
    tokenize.set_text(TEXT)
    qtbot.mouseClick(tokenize.as_of, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(tokenize.is_settled, timeout=20_000)
    assert list(tokenize.table().tokens) == reference_tokens(tok, k, TEXT)
    assert [int(t) for t in tokenize.id_chips.chip_texts()] == tok.encode_as_of(TEXT, k, allowed_special="all")
    assert all(step.rank < k for step in tokenize.explain.steps)

    compare = window.compare_view
    window.tabs.setCurrentWidget(compare)
    compare.set_text(TEXT)
    qtbot.mouseClick(compare.as_of, Qt.MouseButton.LeftButton)
    assert compare.keys()[0] == window.key
    qtbot.waitUntil(lambda: compare.is_settled() and compare.columns()[0].table is not None, timeout=60_000)
    assert list(compare.columns()[0].table.tokens) == reference_tokens(tok, k, TEXT)
    assert "(as of merge 40)" in compare.summary.rows()[0].label

    # The slider moves: every view that follows it shows the new position.
    window.tabs.setCurrentWidget(timeline)
    k = 333
    timeline.set_merges(k)
    qtbot.waitUntil(timeline.is_settled, timeout=20_000)
    assert vocab.model.rowCount() == 256 + k + 1 and vocab.as_of.text() == "As of merge 333"
    qtbot.waitUntil(tokenize.is_settled, timeout=20_000)
    assert list(tokenize.table().tokens) == reference_tokens(tok, k, TEXT)
    qtbot.waitUntil(compare.is_settled, timeout=20_000)
    assert list(compare.columns()[0].table.tokens) == reference_tokens(tok, k, TEXT)

    # Unchecked, the whole tokenizer again.
    vocab.as_of.setChecked(False)
    assert vocab.model.rowCount() == len(tok)
    tokenize.as_of.setChecked(False)
    qtbot.waitUntil(tokenize.is_settled, timeout=20_000)
    assert list(tokenize.table().ids) == tok.encode(TEXT, allowed_special="all")


def test_following_a_training_in_progress(qtbot, window, tmp_path) -> None:
    corpus = write_corpus(tmp_path, 30_000)
    train = window.train_view
    train.corpus.add_files([str(corpus)])
    train.settings_panel.vocab_size.setValue(1500)
    timeline = window.timeline_view
    assert not timeline.live_box.isEnabled()  # no training yet
    controller = train.controller
    step_to(qtbot, train, 30)
    n = len(controller.merges)
    window.tabs.setCurrentWidget(timeline)
    assert timeline.live_box.isEnabled()
    qtbot.mouseClick(timeline.live_box, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: timeline.total() == n and timeline.is_settled(), timeout=20_000)
    assert not timeline.picker.isEnabled() and timeline.current_key() == ""
    timeline.set_text(TEXT)
    timeline.set_merges(n // 2)
    qtbot.waitUntil(timeline.is_settled, timeout=20_000)
    small = train_bpe(corpus, 256 + n // 2 + 1, SPECIALS)  # a run of its own, stopped at that size
    assert list(timeline.table().tokens) == [
        small.decode_single_token_bytes(i) for i in small.encode(TEXT, allowed_special="all")
    ]
    assert not window.vocab_view.as_of.isEnabled()  # a run in progress is followed only here
    with qtbot.waitSignal(window.registry.ready, timeout=120_000) as ready:
        train.resume_action.trigger()
    # The finished run replaces the view of it in progress.
    qtbot.waitUntil(lambda: timeline.current_key() == ready.args[0], timeout=10_000)
    assert not timeline.live_box.isChecked() and timeline.picker.isEnabled()
    assert timeline.total() == len(controller.tokenizer().merges)
