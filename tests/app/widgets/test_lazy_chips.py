"""A long text's chips cost what is on screen, never the whole text, in the GUI thread.

Issue 20 F and 17: "Show whitespace" on 330 000 characters, a zoom or a 1 MB paste made the
GUI thread label and measure every chip of the text at once (seconds). Now labels are made
when a view reaches them, the viewport is laid out at once and the rest in slices between
events; the slices end in exactly the layout a full pass gives.
"""

from __future__ import annotations

import gc

from PySide6.QtCore import QPointF

from app.core.jobs import runner
from app.display.chips import NORMAL, PARTIAL, SPECIAL, PieceChipBuilder, TokenChipBuilder
from app.display.palette import stable_colors
from app.display.token_data import token_table
from app.widgets.chip_layout import MARGIN, lay_out_chips
from app.widgets.token_chips import ChipView

from ..text_views_support import openai_tokenizers  # noqa: F401

LINE = "The quick brown fox 国语的文字 🔭 jumps over the lazy dog.\n"
BIG = (LINE * (330_000 // len(LINE) + 1))[:330_000]


def _view(qtbot) -> ChipView:
    view = ChipView()
    qtbot.addWidget(view)
    view.resize(800, 300)
    view.show()
    qtbot.waitExposed(view)
    return view


def _visible_chips(view: ChipView) -> int:
    """The chips the viewport holds, at most: its lines times the chips a line can hold."""
    lines = view.viewport().height() // 20 + 2
    return lines * (view.viewport().width() // 10)


def _full_layout(view: ChipView) -> tuple[list[float], list[float], list[int]]:
    """The layout of the view's chips in one pass, measured as the view measures them."""
    chips = view.chips()
    width = view._width_of  # the view's own measure, so the comparison is about the layout
    lines = lay_out_chips(
        len(chips), lambda i: width(chips.segments[i]), chips.breaks, max(view.viewport().width() - MARGIN, 40.0)
    )
    return list(lines.xs), list(lines.widths), list(lines.line_first)


def test_a_long_text_is_labelled_and_measured_where_the_viewport_is(qtbot, openai_tokenizers):  # noqa: F811
    tok = openai_tokenizers["cl100k_base"]
    table = token_table(tok, tok.encode(BIG), BIG)
    n = len(table)
    view = _view(qtbot)
    builder = TokenChipBuilder()
    for whitespace in (True, False, True):  # showing the text, then "Show whitespace" off and on
        chips, ids, _reuse = builder.build(table, whitespace)
        assert chips.segments.made == 0 and ids.segments.made == 0  # type: ignore[attr-defined]
        view.set_chips(chips)
        view.repaint()
        visible = _visible_chips(view)
        assert view.measured_count() <= visible < n // 20
        assert chips.segments.made <= visible  # type: ignore[attr-defined]
        assert not view.layout_done()
        qtbot.waitUntil(view.layout_done, timeout=120_000)  # the rest, in slices between events
        assert (list(view._xs), list(view._widths), list(view._line_first)) == _full_layout(view)


def test_whitespace_and_zoom_keep_the_chip_at_the_top(qtbot, openai_tokenizers):  # noqa: F811
    tok = openai_tokenizers["cl100k_base"]
    text = BIG[:60_000]
    table = token_table(tok, tok.encode(text), text)
    view = _view(qtbot)
    builder = TokenChipBuilder()
    view.set_chips(builder.build(table, True)[0])
    qtbot.waitUntil(view.layout_done, timeout=60_000)
    bar = view.verticalScrollBar()
    bar.setValue(int(view.chip_rect(len(table) // 2).top()))  # that chip's line at the top
    top = view.index_at(QPointF(MARGIN + 1, view.chip_rect(0).height() / 2))  # the line's first chip
    assert top > 0
    measured = view.measured_count()
    view.resize(800, 400)  # taller: the lines stay, nothing is laid out again
    view.repaint()
    assert view.layout_done() and view.measured_count() == measured
    assert 0 <= view.chip_rect(top).top() <= MARGIN + 1
    view.set_chips(builder.build(table, False)[0])  # "Show whitespace" off: every width changes
    qtbot.waitUntil(view.layout_done, timeout=60_000)
    rect = view.chip_rect(top)
    assert 0 <= rect.top() <= MARGIN + 1  # the same chip is on the first line again
    font = view.font()
    font.setPointSizeF(font.pointSizeF() * 1.5)  # a zoom
    view.setFont(font)
    view.repaint()
    qtbot.waitUntil(view.layout_done, timeout=60_000)
    rect = view.chip_rect(top)
    assert 0 <= rect.top() <= MARGIN + 1


def test_selecting_a_chip_not_laid_out_yet_scrolls_to_it_once_it_is(qtbot, openai_tokenizers):  # noqa: F811
    tok = openai_tokenizers["cl100k_base"]
    table = token_table(tok, tok.encode(BIG), BIG)
    view = _view(qtbot)
    view.set_chips(TokenChipBuilder().build(table, True)[0])
    last = len(table) - 1
    view.select(last)  # the End key
    assert view.selected_index() == last and not view.layout_done()
    qtbot.waitUntil(view.layout_done, timeout=120_000)
    rect = view.chip_rect(last)
    assert 0 <= rect.top() and rect.bottom() <= view.viewport().height()


def test_kinds_line_ends_and_colors_equal_each_token_alone(openai_tokenizers):  # noqa: F811
    """The NumPy passes give what each token says alone: its kind, whether it holds a newline."""
    tok = openai_tokenizers["cl100k_base"]
    text = ("def f(x):\n\treturn 國語 🤚🏾\r\n\n" * 300) + "<|endoftext|>Жизнь\n"
    table = token_table(tok, tok.encode(text, allowed_special="all"), text)
    chips = TokenChipBuilder().build(table, True)[0]
    assert list(chips.breaks) == [b"\n" in t for t in table.tokens]
    expected = [SPECIAL if s else NORMAL if c else PARTIAL for s, c in zip(table.special, table.complete)]
    assert list(chips.kinds) == expected and {NORMAL, PARTIAL, SPECIAL} <= set(expected)
    assert list(chips.colors or []) == stable_colors(table.ids)


def test_pieces_are_labelled_when_reached(openai_tokenizers):  # noqa: F811
    tok = openai_tokenizers["cl100k_base"]
    pieces = tok.pieces(BIG)
    chips, _ = PieceChipBuilder().build(pieces, BIG, True)
    assert chips.segments.made == 0  # type: ignore[attr-defined]
    assert len(chips) == len(pieces) and chips.segments[1] == (("·quick", 0),)
    assert [bool(chips.breaks[i]) for i in range(20)] == ["\n" in p[0] for p in pieces[:20]]


class _Nothing(runner.Worker):
    def run(self) -> None:
        pass

    def cancel(self) -> None:
        pass


def test_later_collections_skip_what_survived_the_gui_threads_collection(qtbot):
    """A full collection walked a tokenizer's tables and a long text's tokens (100-400 ms, in
    the GUI thread or in a job's thread holding the interpreter lock); what survives the GUI
    thread's collection at a job's start is left out of later ones."""
    kept = [[i] for i in range(100_000)]  # long-lived containers, as a tokenizer's tables
    runner._last_collection = 0.0
    try:
        runner.start(_Nothing(), "nothing")
        assert len(gc.get_objects()) < len(kept)  # what a collection walks now
        assert runner.wait_all()
    finally:
        gc.unfreeze()
    assert len(gc.get_objects()) > len(kept)


def test_a_zoom_after_the_whole_layout_makes_no_label_of_the_chips_on_screen_again(qtbot, openai_tokenizers):  # noqa: F811
    """Zoom out after 330 000 characters were laid out: the chips on screen are laid out
    again at the new font with the labels they were painted with (the layout's pass over
    all 260 000 chips had pushed them out of the labels kept: made again in the zoom's
    paint, ~18 µs each), and the layout is the one a full pass at that font gives."""
    tok = openai_tokenizers["cl100k_base"]
    table = token_table(tok, tok.encode(BIG), BIG)
    view = _view(qtbot)
    chips, _ids, _reuse = TokenChipBuilder().build(table, True)
    view.set_chips(chips)
    view.finish_layout()
    view.grab()  # painted: the labels on screen are made
    segments = chips.segments
    on_screen = [segments[i] for i in range(100)]
    made = segments.made  # type: ignore[attr-defined]
    font = view.font()
    font.setPointSizeF(font.pointSizeF() * 0.85)
    view.setFont(font)
    view.grab()  # the zoom's relayout of the viewport and its paint
    assert segments.made == made, "labels of the chips on screen made again"  # type: ignore[attr-defined]
    assert [segments[i] for i in range(100)] == on_screen
    view.finish_layout()
    xs, widths, firsts = _full_layout(view)
    assert (list(view._xs), list(view._widths), list(view._line_first)) == (xs, widths, firsts)
    fresh = TokenChipBuilder().build(table, True)[0].segments  # (labels kept or not: the same)
    sample = range(0, len(table), 997)
    assert [segments[i] for i in sample] == [fresh[i] for i in sample]
