"""Step mode's sentences group their numbers as the rest of the Train tab does: after 1,200
merges of a real run the panel said "Merge 1199 applied", "Next merge (1200)" and "Pre-tokens
(200 of 9876, ...)" under a progress line of "1,200 of 1,456 merges"; and the merge just made
is merge 1,200 (rank 1,199), as the bar and the Timeline count merges."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QTextDocument

from app.core.messages import StepSnapshot
from app.features.train.step_panel import StepPanel
from bpe_engine import BpeTrainer, MergeEvent, PairInfo, PretokenInfo
from bpe_engine.reference import reference_pretoken_counts

from ...conftest import data_text


def _shown(rich: str) -> str:
    doc = QTextDocument()
    doc.setHtml(rich)
    return doc.toPlainText()


@pytest.fixture(scope="module")
def run() -> tuple[str, list[MergeEvent]]:
    text = data_text("english.txt")
    return text, [e for e in BpeTrainer(None, 256 + 1201, [], text=text).events() if isinstance(e, MergeEvent)]


def test_step_sentences_group_ranks_and_counts(qtbot, run) -> None:
    text, merges = run
    last, upcoming = merges[1199], merges[1200]
    distinct = len(reference_pretoken_counts(text))  # the brute-force count of distinct pre-tokens
    assert last.rank >= 1000 and distinct >= 1000
    panel = StepPanel()
    qtbot.addWidget(panel)
    pair = PairInfo(upcoming.left_id, upcoming.right_id, upcoming.left, upcoming.right, upcoming.count)
    word, count = reference_pretoken_counts(text).most_common(1)[0]
    pretokens = [PretokenInfo(word, count, tuple(word))]  # (its segmentation is not read here)
    panel.set_snapshot(StepSnapshot(last.rank + 1, last, [pair], pretokens, distinct))
    assert _shown(panel.pretokens_title.text()) == f"Pre-tokens (1 of {distinct:,}, most frequent first)"
    # merge k from 1, as the bar's "1,200 of 1,456 merges" (it said "Merge 1199 applied"), its rank from 0
    assert _shown(panel.last_label.text()).startswith(f"Merge 1,200 (rank {last.rank:,}) applied")
    assert _shown(panel.next_label.text()).startswith(f"Next merge (1,201, rank {upcoming.rank:,})")
