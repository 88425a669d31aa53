"""Every figure the Train view shows, checked against an independent computation, and every
panel showing the current run (driven as a user drives it: text typed, buttons and keys).

The token counts shown ("N tokens now", the bytes-per-token plot, "N occurrences replaced")
are compared with what encoding the corpus with a tokenizer of the same merges gives
(``train_bpe`` of a vocabulary that stops there, then ``len(tok.encode(corpus))``): the
corpora are the ones where a pair count is not the number of tokens a merge removes
(``aaaa``, runs of spaces, ``000``).
"""

from __future__ import annotations

import re

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from app.core.training.events import Finished, Paused
from app.features.train.view import TrainView
from bpe_engine import CountingDone, CountingProgress, train_bpe

from ..training_support import choose_sample, on_event, step_to, syllable_text, waiting_for

EOT = "<|endoftext|>"


@pytest.fixture
def view(qtbot, registry, settings):
    v = TrainView(registry, settings)
    qtbot.addWidget(v)
    v.resize(1200, 800)
    v.show()
    v.activateWindow()
    v.setFocus()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is v)
    yield v
    v.controller.shutdown(30_000)


def _set_vocab(view: TrainView, size: int) -> None:
    view.settings_panel.vocab_size.setValue(size)
    view.settings_panel.special_tokens.setText(EOT)


def _shown_tokens(view: TrainView) -> int:
    match = re.search(r"([\d,\u202f]+) tokens? now, ([\d.]+) bytes per token", view.stats_label.text())
    assert match, view.stats_label.text()
    return int(re.sub(r"\D", "", match.group(1)))


def _true_tokens(text: str, merges: int) -> int:
    """The corpus length with a tokenizer of the first ``merges`` merges (independent run)."""
    tok = train_bpe(None, 256 + merges + 1, [EOT], text=text)
    assert len(tok.merges) == merges
    return len(tok.encode(text, allowed_special="all"))


@pytest.mark.parametrize(
    "text",
    ["aaaa", "x" + " " * 9 + "y\n" + " " * 6 + "z\n", "1000 2000 30000 400000\n" * 3],
    ids=["aaaa", "spaces", "zeros"],
)
def test_tokens_now_and_bytes_per_token_are_exact_at_every_merge(qtbot, view, text) -> None:
    merges_wanted = 4 if text != "aaaa" else 2
    view.corpus.set_text(text)
    _set_vocab(view, 256 + merges_wanted + 1)
    with waiting_for(qtbot, view.controller, Paused, timeout=30_000):
        qtbot.keyClick(view, Qt.Key.Key_F10)  # counts, stops before the first merge
    assert _shown_tokens(view) == len(text.encode())  # no merge yet: one token per byte
    for k in range(1, merges_wanted + 1):
        kind = Paused if k < merges_wanted else Finished
        with waiting_for(qtbot, view.controller, kind, timeout=30_000):
            qtbot.keyClick(view, Qt.Key.Key_F10)
        true = _true_tokens(text, k)
        assert _shown_tokens(view) == true, (k, view.stats_label.text())
        bpt = view.plots.bytes_per_token()
        assert len(bpt) == k + 1 and bpt[-1] == pytest.approx(len(text.encode()) / true)
        last = view.controller.merges[-1]
        replaced = _true_tokens(text, k - 1) - true
        assert f"{replaced} occurrence" in view.step_panel.last_label.text()
        assert last.replaced == replaced
    if text == "aaaa":  # "0 tokens now" was shown here: a a a a -> aa aa -> aaaa
        assert _shown_tokens(view) == 1
        assert "(the pair was counted 3 times" in "".join(
            view.step_panel._merge_text(m) for m in view.controller.merges[:1]
        )


def test_bytes_per_token_of_a_long_run_equals_encoding_the_corpus(qtbot, view) -> None:
    text = syllable_text(6000) + "    indented\n" * 50 + "000000 " * 40
    view.corpus.set_text(text)
    _set_vocab(view, 700)
    with waiting_for(qtbot, view.controller, Finished, timeout=60_000):
        view.start_action.trigger()
    tok = view.controller.tokenizer()
    true = len(tok.encode(text, allowed_special="all"))
    assert _shown_tokens(view) == true
    assert f"{len(text.encode()) / true:.2f} bytes per token" in view.stats_label.text()
    assert view.plots.bytes_per_token()[-1] == pytest.approx(len(text.encode()) / true)


def test_every_panel_shows_the_current_run_and_its_final_state(qtbot, view) -> None:
    choose_sample(qtbot, view, "hello_helo")
    panel = view.step_panel
    with waiting_for(qtbot, view.controller, Paused, timeout=30_000):
        qtbot.keyClick(view, Qt.Key.Key_F10)
    with waiting_for(qtbot, view.controller, Paused, timeout=30_000):
        qtbot.keyClick(view, Qt.Key.Key_F10)
    assert "Merge 1</b> (rank 0)" in panel.last_label.text() and panel.pretokens_model.rowCount()
    # Resume: the tables of merge 0 must not stay up under a running count.
    view.controller.resume()
    assert "Merge 1<" not in panel.next_label.text() and panel.pretokens_model.rowCount() == 0
    assert panel.pretokens_title.text() == "<b>Pre-tokens</b>"  # no "(5 distinct)" over an empty table
    qtbot.waitUntil(lambda: view.controller.state == "finished", timeout=30_000)
    qtbot.waitUntil(lambda: panel.snapshot is not None, timeout=5_000)
    # The end: the final state, not "Next merge (0)" and the unmerged segmentation.
    n = len(view.controller.merges)
    assert "Training ended" in panel.next_label.text() and f"after {n} merges" in panel.next_label.text()
    assert "Next merge" not in panel.next_label.text()
    assert f"Merge {n}</b> (rank {n - 1})" in panel.last_label.text()
    tok = view.controller.tokenizer()
    for row in range(panel.pretokens_model.rowCount()):
        p = panel.pretokens_model.pretoken(row)
        assert list(p.token_ids) == tok.encode(p.text.decode()), p  # the final segmentation
    assert "target" in view.vocab_label.text()

    # A new run: the previous run's vocabulary line is gone at once.
    view.corpus.set_text(syllable_text(20_000))
    view.settings_panel.vocab_size.setValue(3000)
    with qtbot.waitSignal(view.controller.state_changed, timeout=10_000):
        view.start_action.trigger()
    assert f"{n} merges" not in view.vocab_label.text()
    with waiting_for(qtbot, view.controller, Paused, timeout=30_000):
        view.controller.pause()
    if view.controller.phase == "counting":
        assert "Paused while counting" in panel.next_label.text()
    with qtbot.waitSignal(view.controller.state_changed, timeout=10_000):
        qtbot.keyClick(view, Qt.Key.Key_F10)  # Step resumes: the counting pause is over
    assert "Paused while counting" not in panel.next_label.text()
    view.controller.cancel()
    qtbot.waitUntil(lambda: view.controller.state == "cancelled", timeout=30_000)


def test_the_paused_label_counts_the_merges_that_arrive_after_the_pause(qtbot, view) -> None:
    """The worker makes merges until it sees the pause; those that come after the click must
    move the label as they move the bar (it read "Paused: Merging: 49" over "54 of" merges)."""
    view.corpus.set_text(syllable_text(30_000))
    view.settings_panel.vocab_size.setValue(2000)
    c = view.controller
    step_to(qtbot, view, 3)  # (paused by steps: no race with the run's end)
    late = c.merges[-1]
    c.merges.append(late)  # as a late batch's merge is taken, then shown by the pacer's refresh
    view.status.refresh()
    n = len(c.merges)
    assert view.progress.value() == n
    assert view.progress_label.text() == f"Paused: Merging: {n:,} of {c.target_merges:,} merges"
    c.merges.pop()
    c.cancel()
    qtbot.waitUntil(lambda: c.state == "cancelled", timeout=30_000)


def test_progress_names_the_stage_and_never_shows_a_frozen_figure(qtbot, view) -> None:
    view.corpus.set_text(syllable_text(30_000))
    view.settings_panel.vocab_size.setValue(2000)
    seen: list[str] = []
    on_event(view.controller, CountingProgress, lambda _event: seen.append(view.controller.stage))
    with waiting_for(qtbot, view.controller, CountingDone, timeout=60_000):
        view.start_action.trigger()
        assert "Reading the corpus" in view.progress_label.text()
        assert view.progress.maximum() == 0  # busy: nothing to count yet
    assert "indexing" in seen  # the pair index was announced before the merges began
    view.controller.pause()
    qtbot.waitUntil(lambda: view.controller.state == "paused", timeout=30_000)
    assert view.progress_label.text().startswith("Paused: Merging:")
    assert view.progress.maximum() == view.controller.target_merges
    with waiting_for(qtbot, view.controller, Finished, timeout=60_000):
        view.resume_action.trigger()
    assert view.progress_label.text().startswith("Done:")
