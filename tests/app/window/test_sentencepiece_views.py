"""Every view with a SentencePiece tokenizer (character-level BPE with byte fallback), against
the ``sentencepiece`` library: Tokenize chips show pieces with ``▁`` and byte-fallback tokens as
their bytes, Explain starts from characters, Vocabulary lists the pieces and their parents,
Stream decode queues the bytes of fallback tokens, Compare counts match the references."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from app.display.chips import PARTIAL
from app.features.compare.view import CompareView
from app.features.stream.view import StreamView
from app.features.tokenize.view import TokenizeView
from app.features.vocabulary.view import VocabView

from ..sentencepiece_support import SP_TEXT, spm_model, spm_reference, spm_tokenizer  # noqa: F401
from ..text_views_support import load, openai_tokenizers, tiktoken_encodings  # noqa: F401

_SHOWN = {"\n": "⏎", " ": "·"}  # how the views draw a newline and a space


def _byte_offsets(sp, ids: list[int]) -> list[int]:
    """Where each token starts in the decoded text's bytes, from the reference's pieces (a
    ``▁`` is a space, ``<0xNN>`` one byte, the text's first ``▁`` is dropped), and the end."""
    out = [0]
    for k, i in enumerate(ids):
        piece = sp.id_to_piece(i)
        size = 1 if sp.is_byte(i) else len(piece.replace("▁", " ").encode("utf-8"))
        out.append(out[-1] + size - (1 if k == 0 and piece.startswith("▁") else 0))
    return out


def _char_at(data: bytes, offset: int) -> str:
    """The character whose UTF-8 bytes hold byte ``offset``."""
    start = offset
    while start > 0 and (data[start] & 0xC0) == 0x80:
        start -= 1
    end = offset + 1
    while end < len(data) and (data[end] & 0xC0) == 0x80:
        end += 1
    return data[start:end].decode("utf-8")


def _expected_chips(sp, text: str) -> list[str]:
    """The chips as the view must draw them: each piece, or for ``<0xNN>`` its byte and an
    arrow to the character it spells."""
    ids = sp.encode(text)
    data = text.encode("utf-8")
    offsets = _byte_offsets(sp, ids)
    out = []
    for k, i in enumerate(ids):
        piece = sp.id_to_piece(i)
        if sp.is_byte(i):
            char = _char_at(data, offsets[k])
            shown = _SHOWN.get(char, char)
            out.append(f"{piece[3:5].lower()}→{shown}")
        else:
            out.append(piece)
    return out


@pytest.fixture
def tokenize(qtbot, registry, settings, spm_tokenizer):
    key = registry.add(spm_tokenizer, "small spm", kind="file")
    v = TokenizeView(registry, settings)
    qtbot.addWidget(v)
    v.resize(1200, 900)
    v.show()
    qtbot.waitExposed(v)
    assert v.current_key() == key
    v.set_text(SP_TEXT)
    qtbot.waitUntil(lambda: v.is_settled() and v.table() is not None and v.table().text == SP_TEXT)
    return v


def test_tokenize_chips_show_pieces_and_bytes_with_sentencepieces_ids(tokenize, spm_reference) -> None:
    ids = spm_reference.encode(SP_TEXT)
    pieces = [spm_reference.id_to_piece(i) for i in ids]
    table = tokenize.table()
    assert list(table.ids) == ids
    assert [int(t) for t in tokenize.id_chips.chip_texts()] == ids
    assert tokenize.token_chips.chip_texts() == _expected_chips(spm_reference, SP_TEXT)
    assert any(p.startswith("▁") for p in pieces) and any(p.startswith("<0x") for p in pieces)  # the test's point
    for k, piece in enumerate(pieces):
        assert (tokenize.token_chips.chip_kind(k) == PARTIAL) == piece.startswith("<0x")
    assert spm_reference.decode(list(table.ids)) == table.text == SP_TEXT  # the round trip
    labels = {k: lab.text() for k, lab in tokenize.count_labels.items()}
    assert labels["tokens"] == f"Tokens: <b>{len(ids)}</b>"
    n_bytes = len(SP_TEXT.encode("utf-8"))
    assert labels["bytes_per_token"] == f"Bytes/token: <b>{n_bytes / len(ids):.2f}</b>"
    assert tokenize.copy_text("strings") == "[" + ", ".join(map(repr, pieces)) + "]"
    assert "SentencePiece has no pre-tokenizer" in tokenize.pieces_box.title()


def test_token_details_name_the_piece_and_the_byte_fallback(tokenize, spm_reference) -> None:
    ids = spm_reference.encode(SP_TEXT)
    first = tokenize.token_lines.describe(0)
    assert f"Piece: {spm_reference.id_to_piece(ids[0])}" in first and "decoding drops it" in first
    k = next(k for k, i in enumerate(ids) if spm_reference.is_byte(i))
    detail = tokenize.token_lines.describe(k)
    assert "Byte fallback" in detail and f"1 byte: {spm_reference.id_to_piece(ids[k])[3:5].lower()}" in detail


def test_explain_starts_from_characters_and_ends_at_the_reference_ids(qtbot, tokenize, spm_reference) -> None:
    """Clicking each piece of the strip: Explain's last page is what sentencepiece gives for
    that stretch, and all of them together are the whole text's ids."""
    pieces = tokenize.pieces()
    assert "".join(p for p, _, _, _ in pieces).replace("▁", " ")[1:] == SP_TEXT  # ▁ for spaces, one before the text
    got: list[int] = []
    for k in range(len(pieces)):
        qtbot.mouseClick(
            tokenize.piece_chips.viewport(),
            Qt.MouseButton.LeftButton,
            pos=tokenize.piece_chips.chip_rect(k).toRect().center(),
        )
        ex = tokenize.explain
        assert ex.piece == pieces[k][0]
        if ex.steps:
            # Page 0: one part per character (a character missing from the vocabulary: its bytes).
            first_parts = ex.current_parts()
            assert len(first_parts) >= len(ex.piece)
        ex.set_page(len(ex.steps))
        got.extend(ex.current_parts())
        assert "SentencePiece" in ex.title.text()
    assert got == spm_reference.encode(SP_TEXT)


def test_vocabulary_lists_pieces_with_their_parents(qtbot, registry, settings, spm_tokenizer, spm_reference) -> None:
    v = VocabView(registry, settings)
    qtbot.addWidget(v)
    v.resize(1200, 700)
    v.show()
    registry.add(spm_tokenizer, "small spm", kind="file")
    model = v.model
    n = spm_reference.get_piece_size()
    assert model.rowCount() == n
    pieces = [spm_reference.id_to_piece(i) for i in range(n)]
    assert [model.index(r, model.TOKEN).data() for r in range(n)] == pieces
    with_parents = 0
    for r in range(n):
        left = model.index(r, model.LEFT).data()
        right = model.index(r, model.RIGHT).data()
        if left:
            a, b = int(left.split(" ", 1)[0]), int(right.split(" ", 1)[0])
            assert pieces[a] + pieces[b] == pieces[r]  # a merge joins its two parents' pieces
            with_parents += 1
    assert with_parents > 300
    # (it read "pre-tokenizer sentencepiece": a name of no pre-tokenizer, where Tokenize says it has none)
    assert v.status.text().endswith("pre-tokenizer none (SentencePiece)")
    # A text search for "▁the" (or "·the", a space typed as shown) finds the pieces holding it.
    expected = [i for i, p in enumerate(pieces) if "▁the" in p.casefold()]
    for query in ("▁the", "·the"):
        v.search.setText(query)
        v.apply_search()
        assert [model.token_id(r) for r in range(model.rowCount())] == expected
    v.search.clear()
    v.apply_search()
    byte_id = spm_reference.piece_to_id("<0xE5>")
    v.table.selectRow(model.row_of(byte_id))
    assert "byte fallback" in v.details.text()
    the = spm_reference.piece_to_id("▁the")
    v.table.selectRow(model.row_of(the))
    root = v.tree.topLevelItem(0)
    assert root.text(0) == "▁the" and "characters" in v.details.text()

    def leaves(item):
        return (
            [item.text(0)]
            if item.childCount() == 0
            else [x for c in range(item.childCount()) for x in leaves(item.child(c))]
        )

    assert "".join(leaves(root)) == "▁the" and len(leaves(root)) == 4


def test_stream_decode_queues_the_bytes_of_fallback_tokens(qtbot, registry, settings, spm_tokenizer, spm_reference):
    key = registry.add(spm_tokenizer, "small spm", kind="file")
    v = StreamView(registry, settings)
    qtbot.addWidget(v)
    v.resize(1200, 900)
    v.show()
    qtbot.waitExposed(v)
    v.picker.set_current_key(key)
    text = "hot 🤚 tea"
    v.text_edit.setText(text)
    qtbot.waitUntil(lambda: v.is_prepared() and v.position == 0 and v.ids == spm_reference.encode(text))
    ids = v.ids
    for n in range(1, len(ids) + 1):
        qtbot.mouseClick(v.step_button, Qt.MouseButton.LeftButton)
        assert v.position == n
        # What the decoder released is what sentencepiece decodes the ids so far to, less the
        # bytes of a character still incomplete (they wait in the queue).
        expected = spm_reference.decode(ids[:n])
        assert v.output_text == expected.rstrip("\ufffd")
        if spm_reference.id_to_piece(ids[n - 1]) == "<0xF0>":
            assert v.decoder.pending == b"\xf0" and v.decoder.needed == 3
            assert "\ufffd" in v.naive_text
    assert v.output_text == text == spm_reference.decode(ids)
    # Token by token, a naive decode loses every word's space (SentencePiece drops the first ▁).
    assert v.naive_text.replace("\ufffd", "") == "".join(
        spm_reference.decode([i]) for i in ids if not spm_reference.is_byte(i)
    )


def test_compare_columns_with_sentencepiece_and_cl100k(
    qtbot, registry, settings, spm_tokenizer, spm_reference, openai_tokenizers, tiktoken_encodings
):
    load(qtbot, registry, "cl100k_base", "o200k_base")
    key = registry.add(spm_tokenizer, "small spm", kind="file")
    v = CompareView(registry, settings)
    qtbot.addWidget(v)
    v.resize(1200, 800)
    v.show()
    qtbot.waitExposed(v)
    v.set_keys([key, "cl100k_base"])
    v.set_text(SP_TEXT)
    qtbot.waitUntil(lambda: v.is_settled() and v.summary.rowCount() == 2 and v.summary.rows()[0].tokens is not None)
    rows = v.summary.rows()
    assert rows[0].tokens == len(spm_reference.encode(SP_TEXT))
    assert rows[1].tokens == len(tiktoken_encodings["cl100k_base"].encode(SP_TEXT, allowed_special="all"))
    assert rows[0].bytes == rows[1].bytes == len(SP_TEXT.encode("utf-8"))
    assert v.columns()[0].chips.chip_texts()[0] == spm_reference.id_to_piece(spm_reference.encode(SP_TEXT)[0])
    # The boundary diff compares byte offsets of the same text: the first column's cuts are
    # sentencepiece's pieces measured in decoded bytes.
    assert list(v.columns()[0].table.byte_starts) == _byte_offsets(spm_reference, spm_reference.encode(SP_TEXT))


def test_stream_tape_after_typing_key_by_key_shows_each_id_once(
    qtbot, registry, settings, spm_tokenizer, spm_reference
):
    """Typing re-encodes after every key and the tape re-uses its unchanged chips: each chip
    still says its id once (they used to pile up: "22557 22557 ▁Hello")."""
    key = registry.add(spm_tokenizer, "small spm", kind="file")
    v = StreamView(registry, settings)
    qtbot.addWidget(v)
    v.resize(1000, 700)
    v.show()
    qtbot.waitExposed(v)
    v.picker.set_current_key(key)
    v.text_edit.clear()
    v.text_edit.setFocus()
    text = "Hello world the tea"
    for ch in text:
        qtbot.keyClicks(v.text_edit, ch)
        qtbot.waitUntil(lambda: v.is_prepared() and v.text_edit.text() == text[: len(v.text_edit.text())])
    qtbot.waitUntil(lambda: v.is_prepared() and v.ids == spm_reference.encode(text))
    pieces = [spm_reference.id_to_piece(i) for i in v.ids]
    assert v.tape.chip_texts() == [f"{i} {p}" for i, p in zip(v.ids, pieces)]
