"""Step mode's Back (issue 23, point 6): after k steps, Back shows exactly what k-1 steps
showed, Step again restores k, and continuing after Back gives the merges of a run that never
went back (checked against the engine's reference trainer)."""

from __future__ import annotations

import html
from pathlib import Path

from PySide6.QtCore import Qt

from app.core.training.events import Finished, Paused
from bpe_engine.reference import reference_train

from ..training_support import choose_sample, step_to, waiting_for


def _figures(view) -> dict[str, object]:
    """What every panel shows: merges table, step tables and sentences, plots, vocabulary, status."""
    panel, live = view.step_panel, view.live

    def rows(model) -> list[tuple[object, ...]]:
        cols = model.columnCount()
        return [tuple(model.index(r, c).data() for c in range(cols)) for r in range(model.rowCount())]

    return {
        "merges": rows(view.merges_model),
        "pairs": rows(panel.pairs_model),
        "pretokens": rows(panel.pretokens_model),
        "last": panel.last_label.text(),
        "next": panel.next_label.text(),
        "counts": [list(a) for a in live.plots.count_curve.getData() if a is not None],
        "bpt": [list(a) for a in live.plots.bpt_curve.getData() if a is not None],
        "vocab": view.vocab_label.text(),
        "progress": view.progress_label.text(),
    }


def _step(qtbot, view) -> None:
    with waiting_for(qtbot, view.controller, Paused, timeout=30_000):
        view.step_action.trigger()


def _back(qtbot, view) -> None:
    with qtbot.waitSignal(view.rewinder.done, timeout=60_000):
        qtbot.keyClick(view, Qt.Key.Key_F10, Qt.KeyboardModifier.ControlModifier)  # the Back shortcut
    qtbot.waitUntil(lambda: view.back_action.isEnabled() == (len(view.controller.merges) > 0), timeout=5_000)


def test_back_shows_the_step_before_and_step_restores_it(qtbot, window) -> None:
    view = window.train_view
    view.activateWindow()
    choose_sample(qtbot, view, "hello_helo")
    assert not view.back_action.isEnabled()
    step_to(qtbot, view, 0)
    assert not view.back_action.isEnabled()  # nothing to undo before the first merge
    seen = [_figures(view)]
    for _ in range(4):
        _step(qtbot, view)
        seen.append(_figures(view))
    assert view.back_action.isEnabled() and len(view.controller.merges) == 4
    for k in (3, 2):
        _back(qtbot, view)
        assert len(view.controller.merges) == k and view.controller.state == "paused"
        assert _figures(view) == seen[k]
    _step(qtbot, view)
    assert _figures(view) == seen[3]
    with waiting_for(qtbot, view.controller, Finished, timeout=60_000):
        view.resume_action.trigger()
    choice, config = view.corpus.corpus(), view.settings_panel.config()
    text = choice.text or "".join(Path(p).read_text(encoding="utf-8") for p in choice.paths)
    _, reference, counts = reference_train(
        text, config.vocab_size, list(config.special_tokens), config.pretokenizer, config.tie_break
    )
    assert [(m.left, m.right) for m in view.controller.merges] == reference
    assert [m.count for m in view.controller.merges] == counts


def test_the_handout_of_a_stepped_run_lists_its_merges(qtbot, window, tmp_path) -> None:
    from app.features.train.handout import tie_note, write_run_handout

    view = window.train_view
    view.activateWindow()
    choose_sample(qtbot, view, "hello_helo")
    assert not view.handout_action.isEnabled()
    step_to(qtbot, view, 3)
    assert view.handout_action.isEnabled()
    path = tmp_path / "handout.html"
    write_run_handout(view, path)
    page = path.read_text(encoding="utf-8")
    config = view.settings_panel.config()
    choice = view.corpus.corpus()
    text = choice.text or "".join(Path(p).read_text(encoding="utf-8") for p in choice.paths)
    _, reference, counts = reference_train(
        text, 256 + len(config.special_tokens) + 3, list(config.special_tokens), config.pretokenizer, config.tie_break
    )
    merges = view.controller.merges
    assert [(m.left, m.right) for m in merges] == reference and [m.count for m in merges] == counts
    assert page.count("<tr>") == 1 + len(merges)  # the header row and one row per merge
    for m in merges:
        note = tie_note(m, str(config.tie_break))
        assert f'<td class="num">{m.count}</td>' in page and html.escape(note) in page
    assert any(m.tied_with is not None for m in merges)  # hello_helo's first merges are ties
