"""Names the app makes follow the language (issue 20, point 15): a trained tokenizer's name
("Sample: … · N merges"), an opened SentencePiece model's ("… · SentencePiece, N tokens") and
the Tokenize chip pane's header ("Tokens": 词元, not the count 词元数)."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QGroupBox

from app.core import i18n
from app.core.i18n import catalog
from app.core.training.events import Finished
from app.display.format import format_count
from app.features.tokenize.view import TokenizeView
from app.features.train.view import TrainView

from ..sentencepiece_support import spm_model, spm_tokenizer  # noqa: F401
from ..training_support import choose_sample, waiting_for

ZH = catalog.read_ts(catalog.ts_path("zh_CN"))


@pytest.fixture
def chinese_files(qapp, monkeypatch):
    # The translations of this checkout (an editable install may map app.resources elsewhere).
    monkeypatch.setattr(i18n, "_translations_dir", lambda: catalog.TS_DIR)
    yield
    i18n.set_language("en")


def test_made_names_are_written_again_in_chinese(qtbot, registry, settings, spm_model, spm_tokenizer, chinese_files):
    view = TrainView(registry, settings)
    qtbot.addWidget(view)
    view.show()
    choose_sample(qtbot, view, "english_story")
    sample = view.corpus.current_sample()
    with waiting_for(qtbot, view.controller, Finished, timeout=60_000):
        view.start_action.trigger()
    trained = view.result_key
    n = len(registry.get(trained).merges)
    assert registry.entry(trained).label == f"Sample: {sample.title} · {format_count(n)} merges"
    view._on_files_opened(str(spm_model), spm_tokenizer)
    opened = view.result_key
    pieces = len(spm_tokenizer)
    assert registry.entry(opened).label == f"{spm_model.name} · SentencePiece, {format_count(pieces)} tokens"
    registry.rename(opened, "mine")  # a name the user gave stays

    assert i18n.set_language("zh_CN")
    title = sample.title_in("zh_CN")
    name = ZH["Sample: {title}"].format(title=title)
    merges = ZH["{name} · %n merge(s)"].replace("%n", format_count(n)).format(name=name)
    assert registry.entry(trained).label == merges
    assert registry.entry(opened).label == "mine"
    i18n.set_language("en")
    assert registry.entry(trained).label == f"Sample: {sample.title} · {format_count(n)} merges"
    view.controller.shutdown(30_000)


def test_opened_sentencepiece_name_in_chinese(qtbot, registry, settings, spm_model, spm_tokenizer, chinese_files):
    """The picker said "32,768 pieces" in English but 词元 (tokens) in Chinese: both say tokens
    (the glossary's 词元), as the Vocabulary tab's "32,768 tokens · 28,446 merges" does."""
    view = TrainView(registry, settings)
    qtbot.addWidget(view)
    view._on_files_opened(str(spm_model), spm_tokenizer)
    key = view.result_key
    pieces = format_count(len(spm_tokenizer))
    assert registry.entry(key).label == f"{spm_model.name} · SentencePiece, {pieces} tokens"
    assert i18n.set_language("zh_CN")
    expected = ZH["{name} · SentencePiece, %n token(s)"].replace("%n", pieces).format(name=spm_model.name)
    assert registry.entry(key).label == expected and f"{pieces} 个词元" in expected
    view.controller.shutdown(30_000)


def test_the_chip_pane_header_is_tokens_not_their_number(qtbot, registry, settings, chinese_files):
    view = TokenizeView(registry, settings)
    qtbot.addWidget(view)
    titles = [box.title() for box in view.findChildren(QGroupBox)]
    assert "Token texts" in titles
    assert i18n.set_language("zh_CN")
    titles = [box.title() for box in view.findChildren(QGroupBox)]
    assert "词元" in titles and "词元数" not in titles


def test_the_opened_line_names_the_tokenizer_in_the_new_language(
    qtbot, registry, settings, spm_model, spm_tokenizer, chinese_files
):
    """Train's result line ("Opened: <name>, N tokens") read the name once, in English: after a
    switch to Chinese the line kept "… · SentencePiece, N pieces" inside the Chinese sentence."""
    view = TrainView(registry, settings)
    qtbot.addWidget(view)
    view._on_files_opened(str(spm_model), spm_tokenizer)
    pieces = format_count(len(spm_tokenizer))
    # (the label counts the tokens: the line said "SentencePiece, 32,768 tokens, 32,768 tokens")
    assert view.result_label.text().count(pieces) == 1 and f"SentencePiece, {pieces} tokens" in view.result_label.text()
    assert i18n.set_language("zh_CN")
    label = registry.entry(view.result_key).label
    assert "pieces" not in label
    assert label in view.result_label.text() and view.result_label.text().count(pieces) == 1
    view.controller.shutdown(30_000)


def test_the_opened_message_says_no_merges_for_a_unigram_model(qtbot, registry, settings, tmp_path):
    """Opening a Unigram model said "1,500 tokens, 0 merges": it has no merges at all."""
    from bpe_engine import load_tokenizer

    from ..sentencepiece_support import UNIGRAM_LINES, unigram_model

    path, reference = unigram_model(tmp_path / "uni.model", UNIGRAM_LINES, 120)
    tok = load_tokenizer(path)
    assert len(tok) == reference.get_piece_size()
    view = TrainView(registry, settings)
    qtbot.addWidget(view)
    view._on_files_opened(str(path), tok)
    said = view.messages.label.text()
    assert f"{format_count(len(tok))} tokens" in said and "merge" not in said
    view.controller.shutdown(30_000)
