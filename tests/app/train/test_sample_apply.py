"""A sample's Apply sets every setting; a regex error shows the pattern as typed; a Qwen rank
file preselects Qwen's pattern (issue 20, point 12)."""

from __future__ import annotations

import re
import shutil

import pytest
from PySide6.QtWidgets import QApplication

from app.content.patterns import QWEN_PATTERN, guess_pattern
from app.core.training.events import Finished
from app.features.train.view import TrainView
from app.window.pattern_dialog import PatternDialog
from bpe_engine import preview
from bpe_engine.reference import reference_train

from ...conftest import shared_path
from ..training_support import choose_sample, waiting_for


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


def test_the_story_samples_promise_holds_in_a_real_training(qtbot, view) -> None:
    """The English story's text promises which words are learned first ("' the' and ' and'"):
    after the worked example and a custom \\S+ pattern, Apply and a real training in the view
    make them the first merges that are whole words of two letters or more (a one-letter
    word such as ' a' is no such "common word"), as the reference trainer does."""
    choose_sample(qtbot, view, "low_lower_widest_newest")
    panel = view.settings_panel
    panel.pretokenizer.setCurrentIndex(panel.pretokenizer.findData("regex"))
    panel.custom_regex.setText(r"\S+")
    choose_sample(qtbot, view, "english_story")
    sample = view.corpus.current_sample()
    promised = re.findall(r"'( \w+)'", sample.description)
    assert len(promised) >= 2 and re.findall(r"'( \w+)'", sample.description_in("zh_CN")) == promised
    with waiting_for(qtbot, view.controller, Finished, timeout=60_000):
        view.start_action.trigger()
    made = [(m.left + m.right).decode("utf-8", "replace") for m in view.controller.merges]
    text = sample.read_text()
    _, reference, _ = reference_train(text, panel.values()["vocab_size"], ["<|endoftext|>"], "gpt2")
    assert made == [(a + b).decode("utf-8", "replace") for a, b in reference]
    words = {" " + w for w in re.findall(r"\w+", text) if len(w) >= 2}
    assert [m for m in made if m in words][: len(promised)] == promised, made[:20]
