"""Copy (ids as a Python list or comma-separated, token strings, the whole vocabulary table),
Explain keeping the row that merges now in view, the decoder output drawing 🤚🏾 as one
glyph, and whitespace symbols that exist in the common fonts."""

from __future__ import annotations

import ast

from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication, QTableWidgetItem

from app.display.format import visible
from app.features.stream.outputs_panel import html_text
from app.features.vocabulary.view import VocabView
from bpe_engine import train_bpe

from ..text_views_support import load, openai_tokenizers, tiktoken_encodings  # noqa: F401
from ..tokenize.test_tokenize_view import settle, view  # noqa: F401


def test_copy_ids_and_token_strings(qtbot, view, openai_tokenizers) -> None:
    text = "Hello 國 world"
    view.set_text(text)
    settle(qtbot, view)
    tok = openai_tokenizers["cl100k_base"]
    ids = tok.encode(text)
    by_text = {a.text(): a for a in view.copy_actions}
    by_text["Copy ids as a Python list"].trigger()
    assert ast.literal_eval(QGuiApplication.clipboard().text()) == ids
    by_text["Copy ids, comma-separated"].trigger()
    assert QGuiApplication.clipboard().text() == ",".join(map(str, ids))
    by_text["Copy token strings"].trigger()
    pieces = ast.literal_eval(QGuiApplication.clipboard().text())
    joined = b"".join(p if isinstance(p, bytes) else p.encode() for p in pieces)
    assert joined == text.encode() and len(pieces) == len(ids)
    # the menu of both chip strips offers them
    assert view.token_chips.actions() == view.copy_actions == view.id_chips.actions()


def test_copy_the_vocabulary_table(qtbot, registry, settings) -> None:
    v = VocabView(registry, settings)
    qtbot.addWidget(v)
    v.show()
    tok = train_bpe(None, 300, ["<|endoftext|>"], text="low lower lowest " * 20)
    registry.add(tok, "t")
    qtbot.waitUntil(lambda: v.model.total() == len(tok))
    whole = next(a for a in v.table.actions() if "whole" in a.text())
    whole.trigger()
    lines = QGuiApplication.clipboard().text().splitlines()
    assert lines[0].split("\t")[:3] == ["Id", "Token", "Bytes (hex)"] and len(lines) == 1 + len(tok)
    v.select_token(260)
    next(a for a in v.table.actions() if a.text() == "Copy row").trigger()
    assert QGuiApplication.clipboard().text().splitlines()[1].split("\t")[0] == "260"


def test_explain_shows_the_row_that_merges_now(qtbot, view) -> None:
    long = "x".join(f"{w}" for w in ("internationalization",) * 6)
    view.set_text(long)
    settle(qtbot, view)
    view.explain.resize(600, 220)
    view.explain.set_piece(long)
    view.explain.set_page(0)
    QApplication.processEvents()
    table = view.explain.table

    def starred() -> list[int]:
        return [r for r in range(table.rowCount()) if (table.item(r, 2) or QTableWidgetItem()).text().startswith("★")]

    # cl100k opened without its merges: Explain shows its steps once a job has made them
    qtbot.waitUntil(lambda: bool(starred()), timeout=60_000)
    now = starred()[0]
    rect = table.visualItemRect(table.item(now, 0))
    assert table.viewport().rect().intersects(rect)


def test_the_decoder_output_keeps_a_skin_tone_with_its_hand() -> None:
    hand = "🤚🏾"
    # 🤚 came with an earlier token, 🏾 with this one: the highlight starts at the hand.
    out = html_text("a" + hand, len("a🤚"), "#a5d6a7")
    assert f">{hand}</span>" in out and "🤚<span" not in out


def test_whitespace_symbols_are_ones_the_fonts_have() -> None:
    assert "\u240d" not in visible("a\r\nb")
    assert visible("a\r\nb") == "a←⏎b"


def test_the_byte_notation_has_a_legend_beside_the_chips(view) -> None:
    assert view.legend.isVisible()
    text = view.legend.text()
    assert "&lt;e3 80&gt;" in text and "&lt;80&gt;&lt;82&gt;" in text and "one token" in text and "two tokens" in text
