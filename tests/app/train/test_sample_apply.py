"""A sample's Apply sets every setting; a regex error shows the pattern as typed; a Qwen rank
file preselects Qwen's pattern (issue 20, point 12)."""

from __future__ import annotations

import shutil

import pytest
from PySide6.QtWidgets import QApplication

from app.content.patterns import QWEN_PATTERN, guess_pattern
from app.features.train.view import TrainView
from app.window.pattern_dialog import PatternDialog
from bpe_engine import preview

from ...conftest import shared_path
from ..training_support import choose_sample


@pytest.fixture
def view(qtbot, registry, settings):
    v = TrainView(registry, settings)
    qtbot.addWidget(v)
    v.resize(1200, 800)
    v.show()
    yield v
    v.controller.shutdown(30_000)


def test_applying_a_sample_sets_every_setting(qtbot, view) -> None:
    choose_sample(qtbot, view, "low_lower_widest_newest")
    assert view.settings_panel.pretokenizer_spec() == r"regex:\S+"
    choose_sample(qtbot, view, "english_story")
    panel = view.settings_panel
    assert panel.values() == {
        "vocab_size": 500,
        "special_tokens": ("<|endoftext|>",),
        "pretokenizer": "gpt2",
        "tie_break": "greatest",
    }
    # The sample's promise holds with these settings: ' the' and ' and' are among the first merges.
    sample = view.corpus.current_sample()
    pieces = [p.text for p in preview(sample.read_text(), panel.pretokenizer_spec())]
    assert " the" in pieces and " and" in pieces


def test_a_regex_error_shows_the_pattern_as_typed(qtbot, view) -> None:
    panel = view.settings_panel
    panel.pretokenizer.setCurrentIndex(panel.pretokenizer.findData("regex"))
    panel.custom_regex.setText(r"\S+(")
    QApplication.processEvents()
    text = panel.regex_problem.text()
    assert r"'\S+('" in text and r"\\S" not in text


def test_a_qwen_rank_file_preselects_qwens_pattern(qtbot, tmp_path) -> None:
    qwen = shared_path("tokenizers/qwen.tiktoken", "Qwen's rank file")
    assert guess_pattern(qwen) == "qwen"
    renamed = tmp_path / "ranks.tiktoken"  # recognised by its number of ranks too
    shutil.copyfile(qwen, renamed)
    assert guess_pattern(renamed) == "qwen"
    plain = tmp_path / "mine.tiktoken"
    plain.write_text("".join(f"{i}\n" for i in range(10)), encoding="utf-8")
    assert guess_pattern(plain) is None
    dialog = PatternDialog(str(qwen))
    qtbot.addWidget(dialog)
    assert dialog.known() is not None and dialog.known().key == "qwen"
    assert dialog.pattern() == QWEN_PATTERN
    other = PatternDialog(str(plain))  # nothing tells: the first choice, as before
    qtbot.addWidget(other)
    assert other.choices.currentRow() == 0
