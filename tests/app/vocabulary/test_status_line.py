"""The Vocabulary's top line names a released model's pre-tokenizer regex instead of writing
it out: Llama 3's pattern took four lines of the top bar at 1024 pixels and pushed the table
down when the tokenizer changed. The whole pattern, as the file has it, is in the tooltip."""

from __future__ import annotations

import json

from PySide6.QtGui import QTextDocument

from app.features.vocabulary.view import VocabView
from bpe_engine import load_tokenizer, train_bpe

from ...conftest import shared_path


def _shown(rich: str) -> str:
    doc = QTextDocument()
    doc.setHtml(rich)
    return doc.toPlainText()


def test_a_released_regex_is_named_and_the_top_bar_keeps_two_lines(qtbot, registry, settings) -> None:
    path = shared_path("tokenizers/llama3.2_tokenizer.json", "Llama 3's tokenizer.json")
    split = json.loads(path.read_text("utf-8"))["pre_tokenizer"]["pretokenizers"][0]
    view = VocabView(registry, settings)
    qtbot.addWidget(view)
    view.resize(1024, 700)
    view.show()
    registry.add(load_tokenizer(path), "llama")
    qtbot.waitUntil(lambda: "merges" in view.status.text(), timeout=60_000)
    assert view.status.text().endswith("pre-tokenizer Llama 3's regex")
    assert _shown(view.status.toolTip()) == "regex:" + split["pattern"]["Regex"]
    lines = view.status.height() / view.status.fontMetrics().lineSpacing()
    assert lines < 2.5, lines


def test_a_custom_regex_is_said_so_and_shown_whole_in_the_tooltip(qtbot, registry, settings) -> None:
    pattern = r"(?P<b>\w+)|\s+|[^\w\s]+"  # ("<b>" must not be read as markup)
    tok = train_bpe(None, 270, [], text="a<b> & c " * 20, pretokenizer="regex:" + pattern)
    view = VocabView(registry, settings)
    qtbot.addWidget(view)
    registry.add(tok, "custom")
    assert view.status.text().endswith("pre-tokenizer a custom regex")
    assert _shown(view.status.toolTip()) == "regex:" + pattern


def test_tekkens_regex_is_named_as_its_file_has_it(qtbot, registry, settings) -> None:
    path = shared_path("tokenizers/mistral_tekken_240718.json", "Mistral's Tekken file")
    pattern = json.loads(path.read_text("utf-8"))["config"]["pattern"]
    view = VocabView(registry, settings)
    qtbot.addWidget(view)
    view.show()
    registry.add(load_tokenizer(path), "tekken")
    qtbot.waitUntil(lambda: "pre-tokenizer" in view.status.text(), timeout=60_000)
    assert view.status.text().endswith("pre-tokenizer Mistral Tekken's regex")
    assert _shown(view.status.toolTip()) == "regex:" + pattern
