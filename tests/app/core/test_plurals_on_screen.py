"""Plural forms as they reach the screen (issue 20, point 11): real views in English and
Chinese show "1 merge" and "2 merges" (Chinese: one form, "1 次合并", "2 次合并"), and a count of
thousands grouped as everywhere else ("1,000")."""

from __future__ import annotations

import pytest

from app.core import i18n
from app.features.timeline.view import TimelineView
from app.features.train.view import TrainView
from bpe_engine import train_bpe

EOT = "<|endoftext|>"
TEXT = "aaaa bbbb aaaa bbbb abab abab\n" * 4
#: language -> (one merge, two merges, "1,000 tokens" in a sentence)
FORMS = {
    "en": ("+ 1 merge +", "+ 2 merges +", "1 merge", "2 merges"),
    "zh_CN": ("+ 1 次合并 +", "+ 2 次合并 +", "1 次合并", "2 次合并"),
}


@pytest.fixture(params=list(FORMS))
def language(request):
    assert i18n.set_language(request.param)
    yield request.param
    i18n.set_language("en")


@pytest.fixture
def timeline(qtbot, registry):
    v = TimelineView(registry)
    qtbot.addWidget(v)
    v.resize(1100, 700)
    v.show()
    qtbot.waitExposed(v)
    registry.add(train_bpe(None, 256 + 5 + 1, [EOT], text=TEXT), "aaaa · 5")
    qtbot.waitUntil(lambda: v.tokenizer() is not None, timeout=10_000)
    yield v
    v.shutdown()


def test_the_timeline_says_1_merge_and_2_merges(qtbot, timeline, language) -> None:
    one, two, _, _ = FORMS[language]
    timeline.set_merges(1)
    qtbot.waitUntil(timeline.is_settled, timeout=20_000)
    assert one in timeline.position_label.text(), timeline.position_label.text()
    timeline.set_merges(2)
    qtbot.waitUntil(timeline.is_settled, timeout=20_000)
    assert two in timeline.position_label.text(), timeline.position_label.text()


@pytest.fixture
def train(qtbot, registry, settings):
    v = TrainView(registry, settings)
    qtbot.addWidget(v)
    v.resize(1200, 800)
    v.show()
    qtbot.waitExposed(v)
    yield v
    v.controller.shutdown(30_000)


@pytest.mark.parametrize("merges", [1, 2])
def test_the_train_status_says_1_merge_and_2_merges(qtbot, train, language, merges) -> None:
    _, _, one, two = FORMS[language]
    train.corpus.set_text(TEXT)
    train.settings_panel.vocab_size.setValue(256 + merges + 1)
    train.settings_panel.special_tokens.setText(EOT)
    train.start_action.trigger()
    qtbot.waitUntil(lambda: train.controller.state == "finished", timeout=30_000)
    assert len(train.controller.merges) == merges
    shown = one if merges == 1 else two
    wrong = "1 merges" if language == "en" else "merge"
    qtbot.waitUntil(lambda: shown in train.vocab_label.text(), timeout=5_000)
    for text in (train.vocab_label.text(), train.progress.format()):
        assert shown in text and wrong not in text, text
