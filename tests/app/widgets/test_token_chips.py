"""The token chip widget and the per-token facts behind it (spans, split characters, diffs)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings, strategies as st
from PySide6.QtCore import QPoint, Qt

from app.display.chips import (
    PARTIAL,
    SPECIAL,
    PieceChipBuilder,
    TokenChipBuilder,
    chip_segments,
    common_affixes,
    piece_chips,
    piece_reuse,
    token_chips,
)
from app.display.palette import stable_colors
from app.display.token_data import boundary_diff, char_spans, token_detail, token_table
from app.features.compare.boundary_diff import diff_marks
from app.widgets.token_chips import ChipView

from ..text_views_support import openai_tokenizers, tiktoken_encodings, trained  # noqa: F401

DEMO = "Hello 國語 Жизнь 🤚🏾 <|endoftext|> tech\n\tdef f(x):\n        return 12345678"


def _view(qtbot, width: int = 500) -> ChipView:
    view = ChipView()
    qtbot.addWidget(view)
    view.resize(width, 300)
    view.show()
    qtbot.waitExposed(view)
    return view


@pytest.mark.parametrize("name", ["r50k_base", "p50k_base", "cl100k_base", "o200k_base"])
def test_token_table_matches_engine_spans_and_tiktoken_bytes(name, openai_tokenizers, tiktoken_encodings):
    tok, enc = openai_tokenizers[name], tiktoken_encodings[name]
    ids = enc.encode(DEMO, allowed_special="all")
    table = token_table(tok, ids, DEMO)
    assert list(table.tokens) == [enc.decode_single_token_bytes(i) for i in ids]
    spans = tok.token_spans(ids)
    assert list(table.char_starts) == [s.start for s in spans]
    assert list(table.char_ends) == [s.end for s in spans]
    assert list(table.complete) == [s.complete for s in spans]
    assert list(table.special) == [s.special for s in spans]


@settings(max_examples=60, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("ab 國語Жи🤚🏾\n\t1é")), max_size=40))
def test_token_table_spans_equal_engine_for_any_text(trained, text):
    ids = trained.encode(text, allowed_special="all")
    table = token_table(trained, ids, text)
    spans = trained.token_spans(ids)
    assert [(s.start, s.end, s.complete) for s in spans] == list(
        zip(table.char_starts, table.char_ends, table.complete)
    )


def test_split_characters_show_hex_and_point_at_their_character(openai_tokenizers):
    tok = openai_tokenizers["cl100k_base"]
    text = "國 🤚🏾"
    table = token_table(tok, tok.encode(text, allowed_special="all"), text)
    chips = token_chips(table)
    labels = ["".join(t for t, _ in segs) for segs in chips.segments]
    assert labels == ["e5 9c→國", "8b→國", "·f0 9f→🤚", "a4→🤚", "9a→🤚", "f0 9f→🏾", "8f→🏾", "be→🏾"]
    assert list(chips.kinds) == [PARTIAL] * 8
    assert not any("\ufffd" in label for label in labels)
    detail = token_detail(tok, table, 0)
    assert "bytes 1–2 of 3 of '國' (U+570B" in detail


def test_special_and_whitespace_labels(openai_tokenizers):
    tok = openai_tokenizers["cl100k_base"]
    text = "a b\tc\n<|endoftext|>"
    table = token_table(tok, tok.encode(text, allowed_special="all"), text)
    visible = token_chips(table, whitespace=True)
    labels = ["".join(t for t, _ in s) for s in visible.segments]
    assert "".join(labels) == "a·b→c⏎<|endoftext|>"
    assert visible.kinds[-1] == SPECIAL
    newline = next(i for i, label in enumerate(labels) if "⏎" in label)
    assert visible.breaks[newline] and not any(visible.breaks[:newline])
    hidden = token_chips(table, whitespace=False)
    joined = "".join("".join(t for t, _ in s) for s in hidden.segments)
    assert not set("·→⏎") & set(joined)
    assert joined == "a b    c<|endoftext|>"


def test_neighbouring_chips_never_share_a_color(qtbot, openai_tokenizers, trained):
    view = _view(qtbot)
    for tok in [*openai_tokenizers.values(), trained]:
        text = DEMO * 20 + " the the the the"
        table = token_table(tok, tok.encode(text, allowed_special="all"), text)
        view.set_chips(token_chips(table))
        fills = [view.chip_fill(i).name() for i in range(view.count())]
        assert all(a != b for a, b in zip(fills, fills[1:]))
    # A token keeps its color wherever it appears, unless its left neighbour has that color.
    a, b = next((a, b) for a in range(300) for b in range(300) if stable_colors([a])[0] != stable_colors([b])[0])
    assert stable_colors([a, b, a]) == [stable_colors([a])[0], stable_colors([b])[0], stable_colors([a])[0]]
    same = stable_colors([a] * 5)
    assert all(x != y for x, y in zip(same, same[1:]))


def test_hover_click_and_keys_signal_the_chip(qtbot, openai_tokenizers):
    view = _view(qtbot)
    tok = openai_tokenizers["cl100k_base"]
    text = "Hello world, 國語!"
    table = token_table(tok, tok.encode(text, allowed_special="all"), text)
    view.set_chips(token_chips(table))
    rect = view.chip_rect(2).toRect()
    with qtbot.waitSignal(view.hovered) as hovered:
        qtbot.mouseMove(view.viewport(), rect.center())
    assert hovered.args == [2]
    assert view.hovered_index() == 2
    with qtbot.waitSignal(view.selected) as selected:
        qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=view.chip_rect(4).toRect().center())
    assert selected.args == [4] and view.selected_index() == 4
    qtbot.keyClick(view, Qt.Key.Key_Right)
    assert view.selected_index() == 5
    qtbot.keyClick(view, Qt.Key.Key_Home)
    assert view.selected_index() == 0
    qtbot.keyClick(view, Qt.Key.Key_Escape)
    assert view.selected_index() == -1
    # The two chips of 國 point at the same character: hovering one relates both.
    k = [i for i, segs in enumerate(view.chips().segments) if "→國" in "".join(t for t, _ in segs)]
    assert view.related(k[0]) == k
    assert view.index_at(QPoint(-50, -50).toPointF()) == -1


def test_a_newline_token_ends_the_line(qtbot, openai_tokenizers):
    view = _view(qtbot, width=900)
    tok = openai_tokenizers["cl100k_base"]
    text = "a\nb"
    table = token_table(tok, tok.encode(text, allowed_special="all"), text)
    view.set_chips(token_chips(table))
    texts = view.chip_texts()
    assert texts == ["a", "⏎", "b"]
    assert view.chip_rect(1).top() == view.chip_rect(0).top()
    assert view.chip_rect(2).top() > view.chip_rect(1).top()


def _layout_of(view: ChipView) -> tuple:
    view.finish_layout()
    return list(view._xs), list(view._widths), list(view._line_first)


def test_incremental_layout_and_labels_equal_a_full_rebuild(qtbot, openai_tokenizers):
    tok = openai_tokenizers["cl100k_base"]
    rng = random.Random(5)
    words = ["the", "tech", "國語", "Жизнь", "🤚🏾", "\n", "    ", "12345", "x", "\n\n"]
    text = " ".join(rng.choice(words) for _ in range(400))
    incremental = _view(qtbot, 600)
    fresh = _view(qtbot, 600)
    pieces_incremental = _view(qtbot, 600)
    pieces_fresh = _view(qtbot, 600)
    builder = TokenChipBuilder()
    piece_builder = PieceChipBuilder()
    for _ in range(40):
        pos = rng.randrange(len(text) + 1)
        if rng.random() < 0.3 and pos < len(text):
            text = text[:pos] + text[pos + rng.randrange(1, 6) :]
        else:
            text = text[:pos] + rng.choice(words + ["a", " "]) + text[pos:]
        table = token_table(tok, tok.encode(text, allowed_special="all"), text)
        chips, _, reuse = builder.build(table)
        incremental.set_chips(chips, reuse=reuse)
        reference = token_chips(table)
        assert chips.segments == reference.segments
        assert chips.kinds == reference.kinds and chips.breaks == reference.breaks
        assert chips.colors == reference.colors
        fresh.set_chips(reference)
        assert _layout_of(incremental) == _layout_of(fresh)
        pieces = tok.pieces(text)
        p_chips, p_reuse = piece_builder.build(pieces, text)
        pieces_incremental.set_chips(p_chips, reuse=p_reuse)
        p_reference = piece_chips(pieces)
        assert p_chips.segments == p_reference.segments and p_chips.breaks == p_reference.breaks
        pieces_fresh.set_chips(p_reference)
        assert _layout_of(pieces_incremental) == _layout_of(pieces_fresh)


def test_pieces_reuse_and_affixes():
    assert common_affixes((1, 2, 3, 4), (1, 2, 9, 3, 4)) == (2, 2)
    assert common_affixes((1, 1), (1, 1, 1)) == (2, 0)
    assert common_affixes("abcXdef", "abcdef") == (3, 3)
    assert common_affixes([], [1]) == (0, 0)
    old = [("a", 0, 1, False), (" b", 1, 3, False)]
    new = [("a", 0, 1, False), ("x", 1, 2, False), (" b", 2, 4, False)]
    assert piece_reuse(old, new) == (1, 1)
    chips = piece_chips(new)
    assert ["".join(t for t, _ in s) for s in chips.segments] == ["a", "x", "·b"]


def test_boundary_diff_of_cl100k_and_o200k(openai_tokenizers, tiktoken_encodings):
    text = "國 Жизнь hello"
    tables = []
    cuts = []
    for name in ("cl100k_base", "o200k_base"):
        enc = tiktoken_encodings[name]
        ids = enc.encode(text)
        tables.append(token_table(openai_tokenizers[name], ids, text))
        offsets, pos = {0}, 0
        for i in ids:
            pos += len(enc.decode_single_token_bytes(i))
            offsets.add(pos)
        cuts.append(offsets)
    agreed = sorted(cuts[0] & cuts[1])
    union = cuts[0] | cuts[1]
    expected = [(a, b) for a, b in zip(agreed, agreed[1:]) if any(a < c < b for c in union)]
    spans = boundary_diff(tables)
    assert spans == expected
    assert [text[s:e] for s, e in char_spans(tables[0], spans)] == ["國", " Ж", "изн"]
    assert boundary_diff(tables[:1]) == []


def test_chips_of_a_big_text_equal_each_token_labelled_alone(openai_tokenizers):
    """Building all chips at once (the characters' offsets made once per table) gives exactly
    the labels of each token made on its own, with and without visible whitespace; and
    ``char_at_byte`` equals the character found by decoding each prefix."""
    tok = openai_tokenizers["cl100k_base"]
    text = ("The quick fox 国语的文字 🔭 jumps\t\n" * 400) + "𠀀é\u200d👩‍👩‍👧"
    table = token_table(tok, tok.encode(text), text)
    assert not all(table.complete)  # split characters, the case that looks characters up
    for whitespace in (True, False):
        tokens, _ids, _reuse = TokenChipBuilder().build(table, whitespace)
        assert tokens.segments == [chip_segments(table, k, whitespace) for k in range(len(table))]
    data = text.encode("utf-8")
    for offset in [*range(0, len(data), 97), *range(len(data) - 40, len(data))]:
        # the character holding a byte: how many characters start at or before it, minus one
        assert table.char_at_byte(offset) == sum(1 for b in data[: offset + 1] if b & 0xC0 != 0x80) - 1


def test_boundary_diff_of_three_tokenizers_equals_the_brute_force_rule(openai_tokenizers, tiktoken_encodings):
    """The counting pass over byte offsets (no sorted unions) gives the rule's spans: between
    two neighbouring cuts every tokenizer makes, some tokenizer cuts inside; and each span in
    characters covers its bytes' characters."""
    rng = random.Random(11)
    words = ["the", "tech", "國語", "Жизнь", "🤚🏾", "\n", "    ", "12345", "x", "é\u0301", "𠀀"]
    text = " ".join(rng.choice(words) for _ in range(3000))
    names = ("r50k_base", "cl100k_base", "o200k_base")
    tables, cuts = [], []
    for name in names:
        enc = tiktoken_encodings[name]
        ids = enc.encode(text)
        tables.append(token_table(openai_tokenizers[name], ids, text))
        offsets, pos = {0}, 0
        for i in ids:
            pos += len(enc.decode_single_token_bytes(i))
            offsets.add(pos)
        cuts.append(offsets)
    agreed = sorted(cuts[0] & cuts[1] & cuts[2])
    union = sorted(cuts[0] | cuts[1] | cuts[2])
    expected = [(a, b) for a, b in zip(agreed, agreed[1:]) if any(a < c < b for c in union)]
    spans = boundary_diff(tables)
    assert spans == expected and len(spans) > 100
    data = text.encode("utf-8")
    starts = [i for i, b in enumerate(data) if b & 0xC0 != 0x80] + [len(data)]  # each character's first byte
    chars = [
        (max(i for i, s in enumerate(starts) if s <= a), min(i for i, s in enumerate(starts) if s >= b))
        for a, b in spans[:200]
    ]
    assert char_spans(tables[0], spans[:200]) == chars
    every = cuts[0] & cuts[1] & cuts[2]
    for table in tables:  # a token is marked when one of its ends is a cut not every column makes
        starts = table.byte_starts
        expected_marks = [starts[k] not in every or starts[k + 1] not in every for k in range(len(table))]
        assert diff_marks(table, tables) == expected_marks
