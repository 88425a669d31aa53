"""The Timeline's "Merge k: 'left' + 'right' → 'token'" line fits the window whatever the
token's length: a merge of a run of 3,000 "a"s named all 3,000 in one unbreakable word, and the
line ran off the right edge of a 1024-pixel screen (seen on a real window, issue 20's look)."""

from __future__ import annotations

from app.features.timeline.view import TimelineView
from bpe_engine import train_bpe

TEXT = "low lower newest widest " * 50 + "a" * 3000


def test_a_long_tokens_merge_line_fits_a_small_screen(qtbot, registry) -> None:
    view = TimelineView(registry)
    qtbot.addWidget(view)
    view.resize(1000, 650)
    view.show()
    qtbot.waitExposed(view)
    tok = train_bpe(None, 256 + 40, text=TEXT)
    left, right = tok.merges[-1]
    assert len(left) + len(right) == 3001  # the last merge: " " + 3,000 "a"s
    registry.add(tok, "runs of a")
    qtbot.waitUntil(lambda: view.tokenizer() is tok, timeout=10_000)
    view.set_merges(len(tok.merges))
    qtbot.waitUntil(view.is_settled, timeout=20_000)
    label = view.merge_label
    text = label.text()
    assert text.startswith(f"Merge {len(tok.merges)}: ‘·’ + ‘aaaa") and "(id 290" in text, text
    assert label.minimumSizeHint().width() <= 1000 - 20, (label.minimumSizeHint().width(), text[:80])
    assert "(3,000 bytes)" in text and "(3,001 bytes)" in text  # the lengths, where letters are left out
    view.shutdown()
