"""The Families tab on a long text (issue 20, F: a 250 000-character paste kept the GUI thread
busy for seconds). What the GUI thread does per outcome must not grow with the text: the
table's figures are counted once per result (in the job's thread), the round trip names its
first stretches without writing out all of them, and the editor holds the highlights of the
lines it shows, not one per lost stretch of the whole text."""

from __future__ import annotations

import gc

import pytest
from PySide6.QtCore import Qt

from app.features.families import display
from app.features.families.family import Family
from app.features.families.job import FamiliesJob, FamiliesOutcome, FamilyRow, run_families, simple_tokenizers
from app.features.families.lost import lost_sentence
from app.features.families.model import COLUMN_KEYS, Column, FamiliesTableModel, FamilyTableRow
from app.features.families.view import FamiliesView
from bpe_engine import FamilyResult, FamilyToken, WordTokenizer


class CountingTokens(tuple):  # type: ignore[type-arg]
    """The tokens of a result, counting the passes over them."""

    passes = 0

    def __iter__(self):  # type: ignore[no-untyped-def]
        CountingTokens.passes += 1
        return super().__iter__()


def unknown_result(n: int) -> FamilyResult:
    """A words-family result of ``n`` telescopes and spaces, each telescope unknown."""
    text = "🔭 " * n
    tokens = []
    for i in range(n):
        tokens.append(FamilyToken(0, "🔭".encode(), 2 * i, 2 * i + 1, unknown=True))
        tokens.append(FamilyToken(1, b" ", 2 * i + 1, 2 * i + 2))
    lost = tuple((2 * i, 2 * i + 1) for i in range(n))
    return FamilyResult("words", text, CountingTokens(tokens), 2, "<UNK> " * n, lost)


def test_the_table_counts_each_figure_once_and_names_only_the_first_stretches(qtbot, monkeypatch):
    written: list[str] = []
    real_visible = display.visible
    monkeypatch.setattr(display, "visible", lambda s: written.append(s) or real_visible(s))
    result = unknown_result(5_000)
    model = FamiliesTableModel()
    CountingTokens.passes = 0
    roles = (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.UserRole, Qt.ItemDataRole.ForegroundRole)
    for _ in range(3):  # (each new set of rows asks for every cell again)
        model.set_rows([FamilyTableRow(Family.WORDS, "Words", result=result)])
        cells = {(c, r): model.data(model.index(0, c), r) for c in range(len(COLUMN_KEYS)) for r in roles}
    assert cells[COLUMN_KEYS.index(Column.UNKNOWN), Qt.ItemDataRole.UserRole] == 5_000
    assert cells[COLUMN_KEYS.index(Column.PARTIAL), Qt.ItemDataRole.UserRole] == 0
    trip = cells[COLUMN_KEYS.index(Column.ROUND_TRIP), Qt.ItemDataRole.DisplayRole]
    # grouped as the Unknown cell beside it ("5,000"); it said "and 4996 more"
    assert trip == "✗ loses ‘🔭’, ‘🔭’, ‘🔭’, ‘🔭’ and 4,996 more"
    assert cells[COLUMN_KEYS.index(Column.UNKNOWN), Qt.ItemDataRole.DisplayRole] == "5,000"
    assert CountingTokens.passes <= 2  # unknown and part-character tokens, each counted once
    assert len(written) <= 3 * 4  # the four named stretches, not 5 000 per set of rows


def test_the_job_finds_the_lost_stretches_in_utf16_units():
    """The stretches the editor highlights are found in the job (Qt's positions are UTF-16
    units: a telescope takes two)."""
    text = "a🔭b ▁c 𝔘x " * 50
    given = {Family.CHARACTERS: simple_tokenizers()[Family.CHARACTERS], Family.WORDS: WordTokenizer.from_text("a b c")}
    outcome = run_families(FamiliesJob(1, text, tuple(given.items())), lambda: False)
    assert outcome is not None
    expected = [s for row in outcome.rows if row.result is not None for s in row.result.lost]
    assert len(expected) >= 100 and list(outcome.lost.spans) == expected

    def utf16(i: int) -> int:
        return len(text[:i].encode("utf-16-le")) // 2

    assert outcome.lost.starts.tolist() == [utf16(s) for s, _ in expected]
    assert outcome.lost.ends.tolist() == [utf16(e) for _, e in expected]
    assert outcome.lost.end == utf16(len(text))


def test_the_editor_highlights_the_lost_stretches_near_what_it_shows(qtbot, view):
    """6 000 telescopes the word family loses: all are named as lost, the editor holds the
    highlights of the lines it shows (at most 2 000: before, one per stretch of the whole
    text, made in one turn of the event loop), and scrolling to the end highlights the last."""
    view.set_text("The telescope and the microscope 🔭\n" * 6_000)
    qtbot.waitUntil(view.is_settled, timeout=60_000)
    lost = view.lost_highlights()
    assert len(lost) >= 6_000
    assert 0 < len(view.editor.extraSelections()) <= 2_000
    shown = view.text_panel.shown_highlights()
    assert set(shown) <= set(lost)
    assert min(lost) in shown  # the first lines are shown
    bar = view.editor.verticalScrollBar()
    bar.setValue(bar.maximum())
    shown = view.text_panel.shown_highlights()
    assert 0 < len(shown) <= 2_000
    assert max(lost, key=lambda s: s[1]) in shown


def test_the_jobs_rows_leave_the_cyclic_collector_nothing_to_walk():
    # A full collection walks every item of every list it tracks; in the Families job's
    # thread each held the interpreter lock (and so the GUI thread) 50-280 ms with the tokens
    # and chips of a long text. Tuples of atomic items are not tracked once it has seen them.
    text = "The cat sat on the mat 🔭, 春天的早晨。\n" * 200
    given = {**simple_tokenizers(), Family.WORDS: WordTokenizer.from_text("The cat sat")}
    outcome = run_families(FamiliesJob(1, text, tuple(given.items())), lambda: False)
    assert outcome is not None
    gc.collect()
    gc.collect()  # (a tuple is untracked when its items were first: a label made of older ones needs two)
    shown = [row for row in outcome.rows if row.result is not None]
    assert {row.family for row in shown} == set(given)
    for row in shown:
        assert row.result is not None and row.chips is not None and row.marks is not None
        assert len(row.chips) == row.result.count >= 1000
        bulk = {"marks": row.marks, "tokens": row.result.tokens._rows}  # noqa: SLF001 - what the collector sees
        bulk.update({name: getattr(row.chips, name) for name in ("segments", "kinds", "breaks", "spans", "colors")})
        tracked = [name for name, value in bulk.items() if gc.is_tracked(value)]
        assert tracked == [], (row.family, tracked)


def test_the_lost_sentence_groups_the_stretches_it_does_not_name() -> None:
    result = unknown_result(5_000)
    outcome = FamiliesOutcome(1, result.text, (FamilyRow(Family.WORDS, result, None),))
    assert lost_sentence(outcome).endswith(" and 4,994 more.")  # six named (it said "4994")
