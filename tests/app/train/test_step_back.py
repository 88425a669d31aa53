"""Step mode's Back (issue 23, point 6): after k steps, Back shows exactly what k-1 steps
showed, Step again restores k, and continuing after Back gives the merges of a run that never
went back (checked against the engine's reference trainer)."""

from __future__ import annotations

import html
import re
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
        # (the seconds a run took are not a figure of the merge: they differ between runs)
        "progress": re.sub(r"\bin \d+ s\b", "in … s", view.progress_label.text()),
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
        note = tie_note(m, str(config.tie_break), view.step_panel.tie_log)
        assert f'<td class="num">{m.count}</td>' in page and html.escape(note) in page
    assert any(m.tied_with is not None for m in merges)  # hello_helo's first merges are ties


def _trained_keys(window) -> list[str]:
    from app.core.registry import RegistryKind

    return [k for k in window.registry.keys() if window.registry.entry(k).kind == RegistryKind.TRAINED]


def test_back_from_a_finished_run_and_forward_again(qtbot, window) -> None:
    """After the last step the run is over; Back still goes one merge back (and again), every
    panel as it was at that merge going forward; Step returns to the end without a second
    result; and Resume after Back finishes with the reference merges."""
    view = window.train_view
    view.activateWindow()
    choose_sample(qtbot, view, "hello_helo")
    step_to(qtbot, view, 0)
    target = view.controller.target_merges
    seen = [_figures(view)]
    for _ in range(target - 1):
        _step(qtbot, view)
        seen.append(_figures(view))
    with waiting_for(qtbot, view.controller, Finished, timeout=30_000):
        view.step_action.trigger()  # the last merge ends the run
    seen.append(_figures(view))
    assert view.controller.state == "finished" and len(view.controller.merges) == target
    results = _trained_keys(window)
    assert len(results) == 1 and view.back_action.isEnabled()
    for k in (target - 1, target - 2):
        _back(qtbot, view)
        assert len(view.controller.merges) == k and view.controller.state == "paused"
        assert _figures(view) == seen[k]
    _step(qtbot, view)
    assert _figures(view) == seen[target - 1]
    with waiting_for(qtbot, view.controller, Finished, timeout=30_000):
        view.step_action.trigger()
    qtbot.waitUntil(lambda: view.back_action.isEnabled(), timeout=5_000)
    assert _figures(view) == seen[target]
    assert _trained_keys(window) == results  # the same end again: its result is not registered twice
    _back(qtbot, view)
    assert _figures(view) == seen[target - 1] and _trained_keys(window) == results  # Back's cancel adds nothing
    with waiting_for(qtbot, view.controller, Finished, timeout=60_000):
        view.resume_action.trigger()
    choice, config = view.corpus.corpus(), view.settings_panel.config()
    text = choice.text or "".join(Path(p).read_text(encoding="utf-8") for p in choice.paths)
    _, reference, counts = reference_train(
        text, config.vocab_size, list(config.special_tokens), config.pretokenizer, config.tie_break
    )
    assert [(m.left, m.right) for m in view.controller.merges] == reference
    assert [m.count for m in view.controller.merges] == counts


def _brute_force_ties(text: str, config, merges) -> list[list[tuple[bytes, bytes]]]:
    """For each merge, the other pairs with its count just before it (counted from scratch)."""
    from collections import Counter

    from bpe_engine.reference import reference_pretoken_counts

    words = {
        tuple(bytes([b]) for b in p): c
        for p, c in reference_pretoken_counts(text, list(config.special_tokens), config.pretokenizer).items()
    }
    out = []
    for m in merges:
        pairs: Counter[tuple[bytes, bytes]] = Counter()
        for w, c in words.items():
            for i in range(len(w) - 1):
                pairs[(w[i], w[i + 1])] += c
        out.append(sorted(p for p, c in pairs.items() if c == m.count and p != (m.left, m.right)))
        merged: dict[tuple[bytes, ...], int] = {}
        for w, c in words.items():
            new, i = [], 0
            while i < len(w):
                if i + 1 < len(w) and (w[i], w[i + 1]) == (m.left, m.right):
                    new.append(w[i] + w[i + 1])
                    i += 2
                else:
                    new.append(w[i])
                    i += 1
            merged[tuple(new)] = merged.get(tuple(new), 0) + c
        words = merged
    return out


def test_the_handout_lists_every_tie_as_step_mode_showed_it(qtbot, window, tmp_path) -> None:
    """Each row's tie note is the step panel's sentence after that merge (every tied pair and
    the verdict against each), the tied pairs are those of a brute-force count, and the PDF
    is written from the same HTML."""
    from app.features.train.handout import run_handout_html, tied_pairs, write_run_handout
    from app.features.train.step_panel import pair_text

    view = window.train_view
    view.activateWindow()
    choose_sample(qtbot, view, "hello_helo")
    step_to(qtbot, view, 0)
    shown = []
    for _ in range(view.controller.target_merges - 1):
        _step(qtbot, view)
        shown.append(view.step_panel.last_label.text())
    merges = view.controller.merges
    config, choice = view.settings_panel.config(), view.corpus.corpus()
    text = choice.text or "".join(Path(p).read_text(encoding="utf-8") for p in choice.paths)
    expected = _brute_force_ties(text, config, merges)
    assert any(len(t) > 1 for t in expected)  # some merge had more than one rival
    page = run_handout_html(view)
    for m, sentence, rivals in zip(merges, shown, expected, strict=True):
        assert sorted(tied_pairs(m, view.step_panel.tie_log)) == rivals
        tie = html.unescape(sentence.split("<br>", 1)[1]) if "<br>" in sentence else ""
        assert bool(tie) == bool(rivals) and all(pair_text(*p) in tie for p in rivals)
        assert f"<td>{html.escape(tie)}</td>" in page  # the handout's row says what the screen said
    pdf = tmp_path / "handout.pdf"
    write_run_handout(view, pdf)
    data = pdf.read_bytes()
    assert data.startswith(b"%PDF-") and b"%%EOF" in data[-1024:]
    assert not list(tmp_path.glob(".*.tmp"))
