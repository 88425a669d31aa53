"""Timeline and Sweep with a SentencePiece model chosen (issue 20, point 7): they say that they
cannot show it, naming it as the picker does (never the registry's key ``file-N``), and show
nothing of the tokenizer before: no curve, no axis of its merges."""

from __future__ import annotations

import pytest

from app.features.sweep.view import SweepView
from app.features.timeline.view import TimelineView
from bpe_engine import train_bpe

from ..sentencepiece_support import spm_model, spm_tokenizer  # noqa: F401

TEXT = "the tea is hot and the cat is here, the tech team tests the tech stack. " * 40


@pytest.fixture
def trained():
    return train_bpe(None, 256 + 300, ["<|endoftext|>"], text=TEXT)


def test_timeline_says_so_and_keeps_nothing_stale(qtbot, registry, trained, spm_tokenizer) -> None:
    view = TimelineView(registry)
    qtbot.addWidget(view)
    view.resize(1100, 700)
    view.show()
    qtbot.waitExposed(view)
    bpe = registry.add(trained, "english · 300 merges")
    view.set_text(TEXT[:400])
    qtbot.waitUntil(lambda: view.curve() is not None, timeout=20_000)
    qtbot.waitUntil(lambda: view.curve_plot.plot.getAxis("bottom").range[1] > 10, timeout=5_000)
    key = registry.add(spm_tokenizer, "small_bpe.model · SentencePiece, 1,000 pieces", kind="file")
    view.picker.set_current_key(key)
    assert not spm_tokenizer.facts.merges_in_training_order  # the reason it has no timeline
    message = view.messages.text()
    assert "small_bpe.model" in message and key not in message
    assert view.curve() is None
    assert len(view.curve_plot.curve_item.getData()[0] or []) == 0
    lo, hi = view.curve_plot.plot.getAxis("bottom").range
    assert -0.1 <= lo and hi <= 1.1  # not the merges of the tokenizer before
    # No merge number it does not have: "merge — of —", not "0 of 0", and no red line at 0.
    assert view.of_label.text() == "of —" and view.play_bar.spin.text() == "—"
    assert not view.curve_plot.marker.isVisible()
    # The empty chip pane does not ask for a tokenizer: one is chosen, and it has no timeline.
    assert "Choose a tokenizer" not in view.display.placeholder and "no timeline" in view.display.placeholder
    view.picker.set_current_key(bpe)
    qtbot.waitUntil(view.is_settled, timeout=20_000)
    assert "Choose a tokenizer" in view.display.placeholder
    n = len(trained.merges)
    assert view.of_label.text() == f"of {n}" and view.play_bar.spin.text() == str(n)
    qtbot.waitUntil(view.curve_plot.marker.isVisible, timeout=20_000)
    view.shutdown()


def test_sweep_names_the_file(qtbot, registry, settings, spm_tokenizer) -> None:
    view = SweepView(registry, settings)
    qtbot.addWidget(view)
    view.show()
    key = registry.add(spm_tokenizer, "small_bpe.model · SentencePiece, 1,000 pieces", kind="file")
    view.picker.set_current_key(key)
    qtbot.waitUntil(lambda: "SentencePiece model" in view.about.text(), timeout=10_000)
    assert "small_bpe.model" in view.about.text() and key not in view.about.text()
    view.shutdown()
