"""The live-encoding worker and controller: special-token modes, newest result wins."""

from __future__ import annotations

import pytest

from app.core.encode_job import run_job
from app.core.encoding import EncodeController
from app.core.messages import EncodeJob
from bpe_engine import SpecialMode, errors

from ..text_views_support import openai_tokenizers, tiktoken_encodings, tiktoken_ids, trained  # noqa: F401


@pytest.mark.parametrize("name", ["r50k_base", "p50k_base", "cl100k_base", "o200k_base"])
def test_modes_match_tiktoken(name, openai_tokenizers, tiktoken_encodings):
    tok, enc = openai_tokenizers[name], tiktoken_encodings[name]
    text = "a <|endoftext|> b 國"
    for mode in (SpecialMode.ALLOW, SpecialMode.ORDINARY):
        job = EncodeJob(1, text, mode, (("k", tok),))
        assert list(run_job(job, lambda: False).outcome("k").table.ids) == tiktoken_ids(enc, text, mode)
    with pytest.raises(ValueError):
        enc.encode(text)
    with pytest.raises(errors.SpecialTokenError):
        tok.encode_with(text, SpecialMode.RAISE)
    result = run_job(EncodeJob(1, text, SpecialMode.RAISE, (("k", tok),), want_pieces=True), lambda: False)
    outcome = result.outcome("k")
    assert outcome.table is None and "<|endoftext|>" in outcome.error
    assert outcome.pieces == tok.pieces(text)


def test_stale_job_stops_early(openai_tokenizers):
    tok = openai_tokenizers["cl100k_base"]
    job = EncodeJob(1, "x" * 100, SpecialMode.ALLOW, (("a", tok), ("b", tok)))
    assert run_job(job, lambda: True) is None


def test_controller_delivers_only_the_newest_result(qtbot, openai_tokenizers):
    ctrl = EncodeController()
    tok = openai_tokenizers["cl100k_base"]
    got = []
    ctrl.finished.connect(got.append)
    for k in range(30):
        ctrl.request(f"text {k}", SpecialMode.ALLOW, [("k", tok)])
    qtbot.waitUntil(lambda: bool(got) and not ctrl.is_busy())
    qtbot.wait(50)
    assert [r.generation for r in got] == [30]
    assert got[0].text == "text 29"
    assert ctrl.dropped >= 28
    ctrl.shutdown()
    ctrl.request("after shutdown", SpecialMode.ALLOW, [("k", tok)])
    assert ctrl.wait_idle(1.0) and len(got) == 1


def test_a_jobs_tables_are_not_left_to_the_gui_threads_collector(openai_tokenizers, tiktoken_encodings):
    """The first young-generation collection after a job walks its tables' tuples (100 000
    items each for a long text) and untracks them: the job does it, in its own thread, so
    the GUI thread's turn that shows the tables does not (40 ms for three columns)."""
    import gc

    text = "The quick brown fox 国语的文字 🔭 jumps over the lazy dog.\n" * 300
    tokenizers = tuple((name, openai_tokenizers[name]) for name in ("r50k_base", "cl100k_base", "o200k_base"))
    result = run_job(EncodeJob(1, text, SpecialMode.ALLOW, tokenizers), lambda: False)
    for name, _ in tokenizers:
        table = result.outcome(name).table
        assert list(table.ids) == tiktoken_ids(tiktoken_encodings[name], text)
        fields = (table.ids, table.tokens, table.byte_starts, table.char_starts, table.char_ends, table.special)
        assert not any(gc.is_tracked(f) for f in fields)


class _Counted(tuple):  # type: ignore[type-arg]
    """A tuple that counts the passes over it (``np.fromiter`` and ``map`` iterate)."""

    passes = 0

    def __iter__(self):  # type: ignore[no-untyped-def]
        _Counted.passes += 1
        return super().__iter__()


class _CountedList(list):  # type: ignore[type-arg]
    def __iter__(self):  # type: ignore[no-untyped-def]
        _Counted.passes += 1
        return super().__iter__()


def test_a_jobs_chips_are_built_without_a_pass_over_its_tokens_or_pieces(openai_tokenizers, tiktoken_encodings):
    """What the chips are built from (ids, kinds, the pieces' offsets) is made in the job: the
    GUI thread's turn that shows a 1 MB text spent 47 ms in passes over its 300 000 tokens and
    230 000 pieces (issue 20, 17). Each chip's kind is tiktoken's: special, or a token whose
    bytes start and end on character boundaries of the text, or part of a character."""
    from dataclasses import replace

    import numpy as np

    from app.display.chips import NORMAL, PARTIAL, PIECE, SPECIAL, PieceChipBuilder, TokenChipBuilder

    text = "The quick brown fox 国语的文字 🔭 jumps <|endoftext|> over the lazy dog.\n" * 50
    enc = tiktoken_encodings["cl100k_base"]
    result = run_job(
        EncodeJob(1, text, SpecialMode.ALLOW, (("k", openai_tokenizers["cl100k_base"]),), True), lambda: False
    )
    outcome = result.outcome("k")
    table = outcome.table
    table = replace(table, ids=_Counted(table.ids), complete=_Counted(table.complete), special=_Counted(table.special))
    pieces = _CountedList(outcome.pieces)
    _Counted.passes = 0
    tokens, _ids, _ = TokenChipBuilder().build(table)
    piece_chips, _ = PieceChipBuilder().build(pieces, text, True, outcome.piece_bounds)
    assert _Counted.passes == 0

    ids = enc.encode(text, allowed_special="all")
    data = text.encode("utf-8")
    boundaries = {i for i in range(len(data) + 1) if i == len(data) or (data[i] & 0xC0) != 0x80}
    ends = np.cumsum([len(enc.decode_single_token_bytes(i)) for i in ids])
    starts = np.concatenate([[0], ends[:-1]])
    expected = [
        SPECIAL if i == enc.eot_token else NORMAL if s in boundaries and e in boundaries else PARTIAL
        for i, s, e in zip(ids, starts, ends)
    ]
    assert list(tokens.kinds) == expected and PARTIAL in expected and SPECIAL in expected
    regex_pieces = [p[0] for p in outcome.pieces]
    assert "".join(regex_pieces) == text and len(piece_chips) == len(regex_pieces)
    assert all(piece_chips.kinds[k] in (PIECE, SPECIAL) for k in range(len(piece_chips)))


def test_a_long_table_made_in_blocks_equals_tiktokens_and_leaves_nothing_to_walk(openai_tokenizers, tiktoken_encodings):
    """A table of more tokens than a block (its passes go a block per C call, so that the GUI
    thread never waits long for the interpreter lock behind the job) holds tiktoken's tokens
    and offsets, and each of its tuples was walked by a young collection as it was made:
    none is left for the first collection after the table (50-100 ms for 1 MB of text)."""
    import gc
    from itertools import accumulate

    from app.display.palette import stable_colors
    from app.display.token_data import token_table

    text = "The quick brown fox 国语的文字 🔭 jumps <|endoftext|> over the lazy dog.\n" * 2500
    enc = tiktoken_encodings["cl100k_base"]
    ids = tiktoken_ids(enc, text)
    assert len(ids) > 40_000
    table = token_table(openai_tokenizers["cl100k_base"], ids, text)
    tokens = [enc.decode_single_token_bytes(i) for i in ids]
    assert table.ids == tuple(ids) and table.tokens == tuple(tokens)
    assert table.byte_starts == tuple(accumulate(map(len, tokens), initial=0))
    assert table.cuts is not None and table.cuts.tolist() == list(table.byte_starts)
    assert table.special == tuple(i == enc.eot_token for i in ids)
    assert table.colors == tuple(stable_colors(ids))
    fields = (table.ids, table.tokens, table.byte_starts, table.char_starts, table.char_ends, table.complete)
    assert not any(gc.is_tracked(f) for f in (*fields, table.special, table.colors))


def test_a_text_is_painted_before_its_job_starts(qtbot, monkeypatch, openai_tokenizers, tiktoken_encodings):
    # (a 1 MB paste: the editor's first layout and paint shared the interpreter lock with the
    # job started at once, 30-40 ms longer; issue 20, F)
    from PySide6.QtCore import QEvent, QObject
    from PySide6.QtWidgets import QPlainTextEdit

    import app.core.encoding as encoding

    editor = QPlainTextEdit()
    qtbot.addWidget(editor)
    editor.resize(400, 300)
    editor.show()
    qtbot.waitExposed(editor)
    paints: list[int] = []

    class Painted(QObject):
        def eventFilter(self, _watched: QObject, event: QEvent) -> bool:
            if event.type() == QEvent.Type.Paint:
                paints.append(1)
            return False

    spy = Painted()
    editor.viewport().installEventFilter(spy)
    started: list[int] = []
    real = encoding.run_job
    monkeypatch.setattr(encoding, "run_job", lambda job, stale: started.append(len(paints)) or real(job, stale))
    ctrl = EncodeController()
    results = []
    ctrl.finished.connect(results.append)
    tok, enc = openai_tokenizers["cl100k_base"], tiktoken_encodings["cl100k_base"]
    text = "pasted text, long enough to lay out: " * 2_000
    qtbot.wait(50)
    before = len(paints)
    editor.setPlainText(text)
    ctrl.request(text, SpecialMode.ALLOW, [("k", tok)])
    assert ctrl.is_busy()  # (the request waits for its turn: tests and the views see it)
    qtbot.waitUntil(lambda: bool(results), timeout=30_000)
    assert started[0] > before
    assert list(results[0].outcome("k").table.ids) == enc.encode(text)
    ctrl.shutdown()


def test_a_running_job_sees_a_newer_request_before_its_turn(qtbot, monkeypatch, openai_tokenizers):
    # (a request waits one turn of the event loop before it is queued; the running job must
    # still stop early for it, not run through the turn the wait was for)
    import threading

    import app.core.encoding as encoding

    started, seen, gate = threading.Event(), [], threading.Event()
    real = encoding.run_job

    def held(job, stale):
        if job.text == "first":
            started.set()
            gate.wait(10)
            seen.append(stale())
        return real(job, stale)

    monkeypatch.setattr(encoding, "run_job", held)
    ctrl = EncodeController()
    results = []
    ctrl.finished.connect(results.append)
    tok = openai_tokenizers["cl100k_base"]
    ctrl.request("first", SpecialMode.ALLOW, [("k", tok)])
    qtbot.waitUntil(started.is_set, timeout=10_000)
    ctrl.request("second", SpecialMode.ALLOW, [("k", tok)])  # (waits for its turn: no events run here)
    gate.set()
    qtbot.waitUntil(lambda: bool(results), timeout=30_000)
    assert seen == [True]
    assert [r.text for r in results] == ["second"]
    ctrl.shutdown()
