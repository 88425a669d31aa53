"""Tokenize's Explain for a Unigram tokenizer (a model ``sentencepiece`` trains here): the page
shows the best segmentation of the clicked piece and its competitors, and every row equals a
brute-force enumeration of all segmentations of the piece into vocabulary pieces, scored by the
sum of ``tok.scores``, best first."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.core import i18n
from app.display.format import visible
from app.features.tokenize.explain_panel import ExplainPanel
from app.features.tokenize.explain_unigram import score_text
from bpe_engine import UnigramTokenizer
from bpe_engine.formats.data import NORMAL, USER_DEFINED

from ...engine.unigram_support import train_sentencepiece
from ..text_views_support import trained  # noqa: F401

spm = pytest.importorskip("sentencepiece", reason="the reference library: pip install sentencepiece")


@pytest.fixture(scope="module")
def unigram(tmp_path_factory: pytest.TempPathFactory) -> UnigramTokenizer:
    path = train_sentencepiece(tmp_path_factory.mktemp("uni") / "u.model", byte_fallback=True, vocab_size=2000)
    return UnigramTokenizer.load(path)


def _all_segmentations(tok: UnigramTokenizer, word: str) -> list[tuple[tuple[str, ...], float]]:
    """Every way to cut ``word`` into the model's normal pieces, with the sum of their scores."""
    ids = {p: i for i, p in enumerate(tok.pieces_text) if tok._data.kinds[i] in (NORMAL, USER_DEFINED)}
    scores = tok.scores
    out: list[tuple[tuple[str, ...], float]] = []

    def walk(at: int, parts: tuple[str, ...], total: float) -> None:
        if at == len(word):
            out.append((parts, total))
            return
        for end in range(at + 1, len(word) + 1):
            piece = word[at:end]
            if piece in ids:
                walk(end, (*parts, piece), total + scores[ids[piece]])

    walk(0, (), 0.0)
    return sorted(out, key=lambda s: -s[1])


@pytest.mark.parametrize("word", ["▁the", "▁cats", "▁running", "▁worldwide"])
def test_rows_equal_brute_force_best_first(qtbot, unigram: UnigramTokenizer, word: str) -> None:
    panel = ExplainPanel()
    qtbot.addWidget(panel)
    panel.show()
    panel.set_tokenizer(unigram)
    panel.set_piece(word)
    page = panel.unigram
    assert page.isVisible() and not panel.table.isVisible() and not panel.next_button.isVisible()
    brute = _all_segmentations(unigram, word)
    rows = page.rows()
    assert 1 <= len(rows) == min(5, len(brute))
    assert [r[1] for r in rows] == [score_text(s) for _, s in brute[: len(rows)]]
    expected = {"  +  ".join(visible(p) for p in parts) for parts, _ in brute[: len(rows)]}
    assert {r[0] for r in rows} == expected or len({s for _, s in brute}) < len(brute)  # (ties may swap)
    assert rows[0][0] == "  +  ".join(visible(p) for p in brute[0][0])
    assert rows[0][2].startswith("★") and all(not r[2].startswith("★") for r in rows[1:])
    # The best path as chips, each with its score; the ids are encode's.
    best = brute[0][0]
    chips = page.parts.chip_texts()
    pieces = {p: i for i, p in enumerate(unigram.pieces_text)}
    assert chips == [f"{visible(p)} {score_text(unigram.scores[pieces[p]])}" for p in best]
    assert list(page.result.ids) == unigram.encode(word[1:])  # (the dummy prefix gives the ▁ back)
    assert score_text(brute[0][1]) in page.total_label.text()


def test_back_to_a_bpe_tokenizer_shows_the_merge_pages(qtbot, unigram: UnigramTokenizer, trained) -> None:
    panel = ExplainPanel()
    qtbot.addWidget(panel)
    panel.show()
    panel.set_tokenizer(unigram)
    panel.set_piece("▁the")
    panel.set_tokenizer(trained)
    panel.set_piece("lowest")
    assert not panel.unigram.isVisible() and panel.table.isVisible() and panel.steps == trained.bpe_steps("lowest")


def test_chinese_page(qtbot, unigram: UnigramTokenizer) -> None:
    panel = ExplainPanel()
    qtbot.addWidget(panel)
    panel.set_tokenizer(unigram)
    panel.set_piece("▁the")
    try:
        i18n.set_language("zh_CN")
        assert panel.unigram.rows()[0][2] != "★ highest total: chosen" and panel.unigram.rows()[0][2].startswith("★")
        assert "Unigram" in panel.unigram.title.text()
    finally:
        i18n.set_language("en")


def test_the_tokenize_view_explains_the_piece_at_the_cursor(qtbot, registry, settings, unigram) -> None:
    from app.features.tokenize.view import TokenizeView

    view = TokenizeView(registry, settings)
    qtbot.addWidget(view)
    view.resize(1200, 900)
    view.show()
    key = registry.add(unigram, "unigram", kind="file")
    view.picker.set_current_key(key)
    view.set_text("the unbelievable cat")
    qtbot.waitUntil(
        lambda: view.is_settled() and view.current_key() == key and view.table() is not None, timeout=20_000
    )
    cursor = view.editor.textCursor()
    cursor.setPosition(len("the unbel"))
    view.editor.setTextCursor(cursor)
    qtbot.waitUntil(lambda: view.explain.piece == "▁unbelievable", timeout=10_000)
    page = view.explain.unigram
    assert page.isVisible() and not view.explain.table.isVisible()
    brute = _all_segmentations(unigram, "▁unbelievable")
    assert [r[1] for r in page.rows()] == [score_text(s) for _, s in brute[: len(page.rows())]]
