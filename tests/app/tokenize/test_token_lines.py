"""Tokenize's token lines (tooltip and token line) with an OpenAI encoding opened without its
merges: the other lines at once, the merge line once a job has made the merges, never made
in the GUI thread. The merge line is checked against tiktoken's own rank table: a token's
parents are the two tokens tiktoken splits it into with the ranks below its own.
"""

from __future__ import annotations

import threading

import pytest
import tiktoken
from PySide6.QtCore import QEvent, QPoint
from PySide6.QtGui import QHelpEvent
from PySide6.QtWidgets import QApplication, QToolTip

import bpe_engine.tokenizer
from app.core.i18n import tr
from app.display.format import format_count
from app.display.pieces import token_text
from app.features.tokenize.view import TokenizeView
from bpe_engine import Tokenizer

# The views open OpenAI's encodings themselves.
pytestmark = pytest.mark.usefixtures("openai_encodings")

NAME = "r50k_base"
TEXT = "The lowest newest widest tokens"
PENDING = "Which merge made it: being worked out (a few seconds the first time)"


@pytest.fixture(autouse=True)
def a_fresh_open(monkeypatch) -> None:
    """The encodings opened before in this process (merges made by other tests) are forgotten."""
    monkeypatch.setattr(bpe_engine.tokenizer, "_openai", {})


def loaded(qtbot, registry) -> Tokenizer:
    registry.request(NAME)
    qtbot.waitUntil(lambda: registry.get(NAME) is not None, timeout=60_000)
    tok = registry.get(NAME)
    assert isinstance(tok, Tokenizer) and not tok.merges_made  # the load left them unmade
    return tok


def gui_thread_reads(monkeypatch, tok: Tokenizer) -> list[bool]:
    """Records, for each read of ``tok``'s merges in the GUI thread, whether they were made."""
    reads: list[bool] = []
    for name in ("merge_of", "merge_ids"):
        original = getattr(tok, name)

        def read(*args, _original=original):
            if threading.current_thread() is threading.main_thread():
                reads.append(tok.merges_made)
            return _original(*args)

        monkeypatch.setattr(tok, name, read)
    return reads


def tiktoken_merge_line(tok: Tokenizer, token_id: int) -> str:
    """The merge line of ``token_id`` as tiktoken's ranks say it."""
    enc = tiktoken.get_encoding(NAME)
    ranks = enc._mergeable_ranks
    data = enc.decode_single_token_bytes(token_id)
    below = tiktoken.Encoding(
        "below",
        pat_str=enc._pat_str,
        special_tokens={},
        mergeable_ranks={b: r for b, r in ranks.items() if r < token_id},
    )
    left, right = below._encode_single_piece(data)
    rank = sorted(r for b, r in ranks.items() if len(b) > 1).index(token_id)  # the merge's place in the list
    return tr("Made by merge rank {rank}: {left} ({left_id}) + {right} ({right_id})").format(
        rank=format_count(rank), left=token_text(tok, left), left_id=left, right=token_text(tok, right), right_id=right
    )


def shown_view(qtbot, registry) -> TokenizeView:
    view = TokenizeView(registry)
    qtbot.addWidget(view)
    view.resize(1000, 700)
    view.picker.set_current_key(NAME)
    view.explain.hide()  # (Explain makes the merges too when on screen: only the tooltip may here)
    view.show()
    view.set_text(TEXT)
    qtbot.waitUntil(view.is_settled, timeout=30_000)
    return view


@pytest.mark.qt_log_ignore("This plugin does not support raise")  # (a tooltip on the offscreen platform)
def test_a_first_hover_says_the_rest_at_once_and_the_merge_when_made(qtbot, registry, monkeypatch) -> None:
    tok = loaded(qtbot, registry)
    reads = gui_thread_reads(monkeypatch, tok)
    view = shown_view(qtbot, registry)
    table = view.table()
    k = next(i for i, data in enumerate(table.tokens) if data == b" lowest")
    chips = view.chips.token_chips
    centre = chips.chip_rect(k).center().toPoint()
    QApplication.sendEvent(
        chips.viewport(), QHelpEvent(QEvent.Type.ToolTip, centre, chips.viewport().mapToGlobal(centre))
    )
    first = QToolTip.text().split("\n")
    assert first[-1] == PENDING and first[0] == tr("Token {k} of {n}: id {id}").format(
        k=k + 1, n=len(table), id=table.ids[k]
    )
    qtbot.waitUntil(lambda: tok.merges_made and PENDING not in QToolTip.text(), timeout=60_000)
    assert QToolTip.text().split("\n") == first[:-1] + [tiktoken_merge_line(tok, table.ids[k])]
    assert QToolTip.text() == view.token_lines.describe(k)  # the token line says the same
    assert False not in reads  # the GUI thread read merges only once they were made
    view.shutdown()


def test_the_token_line_of_the_selected_token_gets_its_merge_line(qtbot, registry, monkeypatch) -> None:
    tok = loaded(qtbot, registry)
    reads = gui_thread_reads(monkeypatch, tok)
    view = shown_view(qtbot, registry)
    table = view.table()
    k = next(i for i, data in enumerate(table.tokens) if data == b" widest")
    view.chips.token_chips.select(k)
    assert view.chips.info_label.text().endswith(PENDING)
    merge_line = tiktoken_merge_line(tok, table.ids[k])
    qtbot.waitUntil(lambda: view.chips.info_label.text().endswith(merge_line), timeout=60_000)
    assert view.chips.info_label.text() == view.token_lines.describe(k).replace("\n", " · ")
    assert False not in reads
    view.shutdown()


def test_single_bytes_and_special_tokens_need_no_merges(qtbot, registry, monkeypatch) -> None:
    tok = loaded(qtbot, registry)
    reads = gui_thread_reads(monkeypatch, tok)
    view = shown_view(qtbot, registry)
    view.set_text("a!<|endoftext|>")
    qtbot.waitUntil(lambda: view.is_settled() and len(view.table() or ()) == 3, timeout=30_000)
    lines = [view.token_lines.describe(i).split("\n")[-1] for i in range(3)]
    assert lines[:2] == [tr("A single byte: part of every byte-level vocabulary.")] * 2
    assert lines[2] == tr("A special token: matched as a whole before pre-tokenization, never merged.")
    assert reads == []
    view.token_lines.merges_maker.wait(60)  # (its job, asked by the hovers, ends before the test)
    view.shutdown()
