"""The Compare view: columns of chips, the summary table, the boundary diff, corpus mode, failures."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from app.core.messages import CorpusStats
from app.display.format import format_count
from app.features.compare.summary_model import CompareSummaryModel, SummaryRow
from app.features.compare.view import MAX_COLUMNS, CompareView

from ...conftest import data_text
from ..text_views_support import (  # noqa: F401
    TRAIN_TEXT,
    load,
    openai_tokenizers,
    tiktoken_encodings,
    tiktoken_ids,
    trained,
    type_text,
)

REPO = Path(__file__).resolve().parents[3]


@pytest.fixture
def view(qtbot, registry, settings, openai_tokenizers, trained):
    load(qtbot, registry, "r50k_base", "p50k_base", "cl100k_base", "o200k_base")
    registry.add(trained, "tiny (300)")
    v = CompareView(registry, settings)
    qtbot.addWidget(v)
    v.resize(1400, 900)
    v.show()
    qtbot.waitExposed(v)
    qtbot.waitUntil(v.is_settled, timeout=20_000)
    return v


def settle(qtbot, v: CompareView) -> None:
    qtbot.waitUntil(v.is_settled, timeout=20_000)


def column_ids(v: CompareView, i: int) -> list[int]:
    return list(v.columns()[i].table.ids)


def test_trained_and_openai_columns_show_tiktokens_ids(qtbot, view, registry, trained, tiktoken_encodings):
    assert view.keys() == ["trained-1", "cl100k_base", "o200k_base"]  # a trained one comes first
    view.editor.clear()
    type_text(qtbot, view.editor, "Hello 國語 Жизнь 🤚🏾 tech")
    settle(qtbot, view)
    text = "Hello 國語 Жизнь 🤚🏾 tech"
    assert column_ids(view, 0) == trained.encode(text, allowed_special="all")
    for i, name in ((1, "cl100k_base"), (2, "o200k_base")):
        ids = tiktoken_ids(tiktoken_encodings[name], text)
        assert column_ids(view, i) == ids
        col = view.columns()[i]
        assert col.state == "chips" and col.chips.count() == len(ids)
        assert f"<b>{len(ids)}</b> tokens" in col.counts_label.text()
    # r50k, p50k and the others again through the pickers, up to eight columns.
    extra = ["r50k_base", "p50k_base", "cl100k_base", "o200k_base", "r50k_base"]
    for _ in extra:
        view.add_button.click()
    assert MAX_COLUMNS == 8 and len(view.columns()) == MAX_COLUMNS
    assert not view.add_button.isEnabled() and "at most 8 columns" in view.add_button.toolTip()
    view.add_button.click()  # (disabled: nothing happens)
    assert view.add_column("cl100k_base") is None and len(view.columns()) == 8
    for i, name in enumerate(extra, start=3):
        view.columns()[i].picker.set_current_key(name)
    settle(qtbot, view)
    for i, name in enumerate(extra, start=3):
        ids = tiktoken_ids(tiktoken_encodings[name], text)
        assert column_ids(view, i) == ids and view.columns()[i].chips.count() == len(ids)
        assert view.summary.value(i, 1) == len(ids)  # the summary's eighth row too
    assert view.summary.rowCount() == 8
    # Back down to two; the last ✕ is disabled then; "+ Add tokenizer" is offered again.
    for _ in range(6):
        qtbot.mouseClick(view.columns()[-1].remove_button, Qt.MouseButton.LeftButton)
    settle(qtbot, view)
    assert view.keys() == ["trained-1", "cl100k_base"]
    assert not view.columns()[0].remove_button.isEnabled()
    assert view.add_button.isEnabled() and "up to 8" in view.add_button.toolTip()


def test_summary_table(qtbot, view, tiktoken_encodings, trained):
    text = "The quick brown fox 國語 12345678"
    view.set_keys(["cl100k_base", "o200k_base", "trained-1"])
    view.set_text(text)
    settle(qtbot, view)
    model = view.summary
    assert model.rowCount() == 3
    n = [
        len(tiktoken_ids(tiktoken_encodings["cl100k_base"], text)),
        len(tiktoken_ids(tiktoken_encodings["o200k_base"], text)),
        len(trained.encode(text, allowed_special="all")),
    ]
    nbytes = len(text.encode("utf-8"))
    for row in range(3):
        assert model.value(row, 1) == n[row]
        assert model.value(row, 2) == pytest.approx(nbytes / n[row])
        assert model.value(row, 3) == pytest.approx(len(text) / n[row])
        assert model.value(row, 4) == pytest.approx(n[row] / n[0])
    assert model.data(model.index(0, 4)) == "1.00×"
    assert model.data(model.index(1, 1)) == format_count(n[1])
    assert model.data(model.index(0, 5)) == "—"  # no corpus run yet


def test_boundary_diff_is_highlighted_in_every_column(qtbot, view, tiktoken_encodings):
    view.set_keys(["cl100k_base", "o200k_base"])
    text = "國 Жизнь hello world"
    view.set_text(text)
    settle(qtbot, view)
    assert [text[s:e] for s, e in view.diff_spans()] == ["國", " Ж", "изн"]
    for col in view.columns():
        table = col.table
        marked = [
            "".join(col.chips.chip_text(k) for k in [k]) for k in range(col.chips.count()) if col.chips.is_marked(k)
        ]
        # exactly the chips with a boundary another column does not cut are outlined
        others = [set(c.table.byte_starts) for c in view.columns() if c is not col]
        for k in range(len(table)):
            ends = (table.byte_starts[k], table.byte_starts[k + 1])
            differs = any(e not in cuts for e in ends for cuts in others)
            assert col.chips.is_marked(k) == differs
        assert "·hello" not in marked and "·world" not in marked
    assert "<b>3</b> stretches cut differently" in view.diff_label.text()
    view.diff_box.click()  # off
    assert not any(col.chips.is_marked(k) for col in view.columns() for k in range(col.chips.count()))
    view.set_text("hello world")
    view.diff_box.click()
    settle(qtbot, view)
    assert view.diff_spans() == []
    assert "same places" in view.diff_label.text()


def test_a_new_trained_tokenizer_joins_the_comparison(qtbot, registry, settings, openai_tokenizers, trained):
    load(qtbot, registry, "r50k_base", "cl100k_base", "o200k_base")
    v = CompareView(registry, settings)
    qtbot.addWidget(v)
    v.show()
    assert v.keys() == ["r50k_base", "cl100k_base", "o200k_base"]
    key = registry.add(trained, "fresh")
    assert v.keys() == [key, "r50k_base", "cl100k_base", "o200k_base"]
    settle(qtbot, v)
    assert column_ids(v, 0) == trained.encode(v.text(), allowed_special="all")


def _tiktoken_cache_file(name_tokens: int) -> Path:
    cache = Path(os.environ["TIKTOKEN_CACHE_DIR"])
    for f in cache.iterdir():
        if f.is_file() and f.read_bytes().count(b"\n") == name_tokens:
            return f
    pytest.skip("no r50k_base file in the tiktoken cache")


def test_open_local_tiktoken_file_and_missing_file(qtbot, view, tmp_path, tiktoken_encodings):
    # A missing file: the message names it; the columns keep working.
    missing = tmp_path / "nowhere" / "r50k_base.tiktoken"
    with qtbot.waitSignal(view.opener.failed):
        view.opener.open(str(missing))
    assert view.messages.kind == "error" and str(missing) in view.messages.text()
    assert all(c.state == "chips" for c in view.columns())
    # A real local copy of r50k_base (tiktoken's cache file) opens as a new tokenizer.
    local = tmp_path / "r50k_base.tiktoken"
    local.write_bytes(_tiktoken_cache_file(50256).read_bytes())
    with qtbot.waitSignal(view.opener.opened, timeout=60_000) as opened:
        view.opener.open(str(local))
    key = opened.args[0]
    assert key in view.keys()
    settle(qtbot, view)
    i = view.keys().index(key)
    assert column_ids(view, i) == tiktoken_ids(tiktoken_encodings["r50k_base"], view.text())


_FAILING_SCRIPT = r"""
import json, os, sys, time
from PySide6.QtWidgets import QApplication
app = QApplication([])
from bpe_engine import train_bpe
from app.core.registry import TokenizerRegistry
from app.features.compare.view import CompareView
registry = TokenizerRegistry()
tok = train_bpe(None, 300, ["<|endoftext|>"], text=sys.argv[1])
registry.add(tok, "tiny")
from app.features.tokenize.view import TokenizeView
from app.features.stream.view import StreamView
view = CompareView(registry)
view.set_keys(["trained-1", "r50k_base"])
view.show()
tokenize = TokenizeView(registry)
tokenize.picker.set_current_key("r50k_base")
tokenize.show()
stream = StreamView(registry)
stream.picker.set_current_key("r50k_base")
stream.show()
end = time.time() + 60
while time.time() < end and not (registry.entry("r50k_base").status == "error" and view.is_settled()):
    app.processEvents(); time.sleep(0.01)
for _ in range(10):
    app.processEvents()
cols = view.columns()
print(json.dumps({
    "states": [c.state for c in cols],
    "message": cols[1].message_text(),
    "buttons": [cols[1].retry_button.isVisibleTo(cols[1]), cols[1].open_button.isVisibleTo(cols[1])],
    "ids": list(cols[0].table.ids) if cols[0].table else None,
    "expected": tok.encode(view.text(), allowed_special="all"),
    "summary": [view.summary.data(view.summary.index(r, 1)) for r in range(2)],
    "tokenize": [tokenize.messages.kind, tokenize.messages.text(), [b.text() for b in tokenize.messages.buttons()]],
    "stream": [stream.messages.kind, stream.messages.text()],
}))
view.shutdown()
tokenize.shutdown()
stream.shutdown()
registry.wait(10000)
"""


def test_an_encoding_that_cannot_load_turns_its_column_into_a_fix_it_message(tmp_path):
    # A real failure, in a fresh process: no cached file and no network (a closed proxy port).
    empty = tmp_path / "empty_cache"
    empty.mkdir()
    env = dict(
        os.environ,
        TIKTOKEN_CACHE_DIR=str(empty),
        HTTPS_PROXY="http://127.0.0.1:9",
        HTTP_PROXY="http://127.0.0.1:9",
        QT_QPA_PLATFORM="offscreen",
        PYTHONPATH=str(REPO),
    )
    out = subprocess.run(
        [sys.executable, "-c", _FAILING_SCRIPT, TRAIN_TEXT],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        timeout=300,
    )
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout.strip().splitlines()[-1])
    assert result["states"] == ["chips", "error"]
    message = result["message"]
    assert "r50k_base cannot be loaded" in message
    assert "TIKTOKEN_CACHE_DIR" in message and ".tiktoken" in message
    assert "The other columns keep working" in message
    assert result["buttons"] == [True, True]
    assert result["ids"] == result["expected"]  # the trained column still works
    assert result["summary"][1] == "unavailable"
    # The Tokenize and Stream views say the same, with the fixes as buttons.
    kind, text, buttons = result["tokenize"]
    assert kind == "error" and "r50k_base cannot be loaded" in text and "TIKTOKEN_CACHE_DIR" in text
    assert buttons == ["Retry", "Open .tiktoken file…"]
    assert result["stream"][0] == "error" and "TIKTOKEN_CACHE_DIR" in result["stream"][1]


def _write_corpus(path: Path, repeat: int) -> str:
    text = "The tech team met at noon. 國語 Жизнь 🤚🏾 <|endoftext|> def f(x): return x\n" * repeat
    path.write_text(text, encoding="utf-8")
    return text


def test_corpus_mode_counts_match_tiktoken(qtbot, view, tmp_path, tiktoken_encodings, trained):
    view.set_keys(["trained-1", "cl100k_base", "o200k_base"])
    settle(qtbot, view)
    path = tmp_path / "corpus.txt"
    text = _write_corpus(path, 300)
    view.set_corpus_path(str(path))
    view.limit_spin.setValue(0)  # the whole file
    assert view.corpus_panel.run_button.isEnabled() and not view.corpus_panel.cancel_button.isEnabled()
    with qtbot.waitSignal(view.corpus.finished, timeout=120_000) as done:
        qtbot.mouseClick(view.corpus_panel.run_button, Qt.MouseButton.LeftButton)
        assert view.corpus_panel.cancel_button.isEnabled() and not view.corpus_panel.run_button.isEnabled()
    assert done.args == ["done"]
    assert view.corpus_panel.progress.value() == 1000 and view.corpus_panel.progress.text() == "100%"
    expected = [len(trained.encode(text, allowed_special="all"))] + [
        len(tiktoken_ids(tiktoken_encodings[n], text)) for n in ("cl100k_base", "o200k_base")
    ]
    model = view.summary
    assert [model.value(r, 5) for r in range(3)] == expected
    nbytes = len(text.encode("utf-8"))
    assert model.value(1, 6) == pytest.approx(nbytes / expected[1])
    assert model.value(2, 7) == pytest.approx(len(text) / expected[2])
    assert model.value(2, 8) == pytest.approx(expected[2] / expected[0])
    assert "Done" in view.corpus_panel.status.text()
    # The figures belong to the tokenizers, wherever their columns go.
    view.set_keys(["o200k_base", "cl100k_base"])
    settle(qtbot, view)
    assert [model.value(r, 5) for r in range(2)] == [expected[2], expected[1]]
    assert model.value(1, 8) == pytest.approx(expected[1] / expected[2])
    # Another file: the old figures go.
    view.set_corpus_path(str(tmp_path / "other.txt"))
    assert model.value(0, 5) is None and view.corpus_panel.progress.value() == 0


def test_corpus_mode_cancel_and_bad_file(qtbot, view, tmp_path):
    path = tmp_path / "big.txt"
    _write_corpus(path, 30_000)  # about 2.5 MB
    bar = view.corpus_panel.progress
    assert not bar.isTextVisible()  # no run yet: no "0%"
    view.set_corpus_path(str(path))
    view.limit_spin.setValue(0)
    with qtbot.waitSignal(view.corpus.finished, timeout=60_000) as done:
        view.run_corpus()
        qtbot.mouseClick(view.corpus_panel.cancel_button, Qt.MouseButton.LeftButton)
    assert done.args == ["cancelled"] and view.corpus.state == "cancelled"
    assert "Cancelled" in view.corpus_panel.status.text()
    assert not bar.isTextVisible()  # (it kept the cancelled run's share, read as a figure)
    assert view.corpus_panel.run_button.isEnabled()
    bad = tmp_path / "latin1.txt"
    bad.write_bytes("caf\u00e9 au lait\n".encode("latin-1") * 10)
    view.set_corpus_path(str(bad))
    with qtbot.waitSignal(view.corpus.failed, timeout=60_000) as failed:
        view.run_corpus()
    assert str(bad) in failed.args[0] and "byte offset 3" in failed.args[0]
    assert "Cannot use this file" in view.corpus_panel.status.text()
    assert not bar.isTextVisible()
    # The view stays usable.
    view.set_text("still works")
    settle(qtbot, view)
    assert all(c.state == "chips" for c in view.columns())


def test_summary_model_with_modeltester(qtmodeltester):
    model = CompareSummaryModel()
    model.set_rows([SummaryRow("a", tokens=10, bytes=40, chars=30), SummaryRow("b", status="loading…")])
    qtmodeltester.check(model)
    model.set_rows(
        [
            SummaryRow(
                "a",
                tokens=10,
                bytes=40,
                chars=30,
                corpus=CorpusStats(chars=90, bytes=100, tokens=25, key="0:a", seconds=0.1),
            )
        ]
    )
    model.set_rows([SummaryRow("a", tokens=5, bytes=40, chars=30), SummaryRow("b", tokens=10, bytes=40, chars=30)])
    assert model.value(1, 4) == 2.0
    assert model.data(model.index(1, 4)) == "2.00×"


def test_shutting_down_or_deleting_the_view_during_a_corpus_run_stops_it(
    qtbot, registry, settings, tmp_path, openai_tokenizers
):
    import shiboken6

    from app.core.jobs import runner

    load(qtbot, registry, "cl100k_base", "o200k_base")
    path = tmp_path / "big.txt"
    _write_corpus(path, 30_000)
    for how in ("shutdown", "delete"):
        v = CompareView(registry, settings)
        v.set_keys(["cl100k_base", "o200k_base"])
        v.set_corpus_path(str(path))
        v.limit_spin.setValue(0)
        v.run_corpus()
        thread = v.corpus._thread
        assert v.corpus.state == "running" and thread in runner.live_threads()
        if how == "shutdown":
            v.shutdown()  # what the main window does when it closes: cancel and wait
            assert thread.isFinished()
        else:
            shiboken6.delete(v)  # no close (a parent deleted it): the controller's destruction cancels the run
            del v
            qtbot.waitUntil(thread.isFinished, timeout=30_000)


def test_chips_where_the_columns_agree_are_not_outlined(qtbot, view, tiktoken_encodings):
    # r50k and p50k cut this prose the same way; cl100k differs only on the run of spaces.
    view.set_keys(["r50k_base", "p50k_base", "cl100k_base"])
    text = "the cat sat on the mat\n        indented line"
    view.set_text(text)
    settle(qtbot, view)
    tables = [c.table for c in view.columns()]
    shared = set.intersection(*(set(zip(t.byte_starts, t.byte_starts[1:])) for t in tables))
    for col in view.columns():
        table = col.table
        for k in range(len(table)):
            span = (table.byte_starts[k], table.byte_starts[k + 1])
            if span in shared and all(span[0] in t.byte_starts and span[1] in t.byte_starts for t in tables):
                assert not col.chips.is_marked(k), text[span[0] : span[1]]
    assert any(col.chips.is_marked(k) for col in view.columns() for k in range(col.chips.count()))


def test_the_encode_job_brings_each_columns_cuts_and_the_diff_matches_brute_force(qtbot, view, tiktoken_encodings):
    """Issue 20 F: Compare's GUI thread converted every column's 100 000 byte offsets to arrays
    several times per result; the encode job makes them once (``TokenTable.cuts``)."""
    view.set_keys(["r50k_base", "cl100k_base", "o200k_base"])
    line = "The quick brown fox 国语的文字 🔭 jumps over the lazy dog.\n  def f(x): return x ** 2\n"
    text = line * 40
    view.set_text(text)
    settle(qtbot, view)
    tables = [c.table for c in view.columns()]
    for table in tables:
        assert table.cuts is not None and table.cuts.tolist() == list(table.byte_starts)
    # brute force: the cuts every column makes; a stretch between two neighbours differs when
    # some column cuts inside it
    cut_sets = [set(t.byte_starts) for t in tables]
    agreed = sorted(set.intersection(*cut_sets))
    union = set.union(*cut_sets)
    expected = [(a, b) for a, b in zip(agreed, agreed[1:]) if any(a < c < b for c in union)]
    # in characters: each byte span widened to whole characters
    char_at: list[int] = []  # char_at[b]: the character holding byte b
    for i, ch in enumerate(text):
        char_at += [i] * len(ch.encode("utf-8"))
    char_at.append(len(text))
    starts = {b for b in range(len(char_at)) if b == 0 or char_at[b] != char_at[b - 1]}
    assert view.diff_spans() == [(char_at[a], char_at[b] + (b not in starts and 1)) for a, b in expected]
    assert expected
    for col, table in zip(view.columns(), tables):
        for k in range(len(table)):
            ends = (table.byte_starts[k], table.byte_starts[k + 1])
            assert col.chips.is_marked(k) == any(e not in s for e in ends for s in cut_sets)


def test_a_result_is_shown_one_column_per_turn_and_each_column_is_tiktokens(qtbot, view, tiktoken_encodings):
    """A long text's result reaches the columns one per turn of the event loop (each column's
    first chips of a long text take tens of milliseconds: all three in one turn stalled the
    GUI thread), and each column then shows the tokens tiktoken makes."""
    from PySide6.QtCore import QTimer

    view.whitespace_box.setChecked(False)  # labels are then the tokens' own text
    view.columns()[0].set_key("r50k_base")
    settle(qtbot, view)
    text = "The quick brown fox jumps over the lazy dog, 12345 times. " * 1500
    old = [c.chips.generation for c in view.columns()]
    shown: list[int] = []  # per turn of the event loop: how many columns show the new result

    def watch() -> None:
        gens = [c.chips.generation for c in view.columns()]
        shown.append(sum(g != o for g, o in zip(gens, old, strict=True)))

    ticker = QTimer(view)
    ticker.setInterval(0)  # once per pass of the event loop
    ticker.timeout.connect(watch)
    ticker.start()
    view.set_text(text)
    qtbot.waitUntil(view.is_settled, timeout=60_000)
    ticker.stop()
    counts = sorted(set(shown))
    assert counts == [0, 1, 2, 3]  # each count seen in a turn of its own: never two columns at once
    assert all(b - a in (0, 1) for a, b in zip(shown, shown[1:], strict=False))
    for col, name in zip(view.columns(), ("r50k_base", "cl100k_base", "o200k_base"), strict=True):
        enc = tiktoken_encodings[name]
        ids = tiktoken_ids(enc, text)
        col.chips.finish_layout()
        assert list(col.table.ids) == ids
        assert col.chips.chip_texts() == [enc.decode_single_token_bytes(i).decode() for i in ids]


def test_the_boundary_diff_names_the_columns_it_leaves_out(qtbot, view, registry, tmp_path, tiktoken_encodings):
    """A Unigram column whose model normalizes spaces decodes to another text: it stays out of
    the diff, and the line said "outlined in orange in every column" as if it were compared."""
    from bpe_engine import load_tokenizer

    from ..sentencepiece_support import UNIGRAM_LINES, unigram_model

    path, reference = unigram_model(tmp_path / "uni.model", UNIGRAM_LINES, 120)
    uni = registry.add(load_tokenizer(path), "uni.model · Unigram")
    text = "the  keeper 國 walked"  # two spaces: the model's normalizer makes them one
    assert reference.decode(reference.encode(text)) != text  # the test's point
    view.set_keys(["cl100k_base", "o200k_base", uni])
    view.set_text(text)
    settle(qtbot, view)
    assert column_ids(view, 2) == reference.encode(text)
    assert column_ids(view, 0) == tiktoken_ids(tiktoken_encodings["cl100k_base"], text)
    line = view.diff_label.text()
    assert "stretch" in line and ". Left out: uni.model · Unigram" in line  # (a sentence of its own)
    view.set_keys(["cl100k_base", uni])
    settle(qtbot, view)
    line = view.diff_label.text()
    assert "needs at least two working columns" in line and "Left out: uni.model · Unigram" in line
    view.set_keys(["cl100k_base", "o200k_base"])
    settle(qtbot, view)
    assert "Left out" not in view.diff_label.text()


def test_bpe_wordpiece_and_unigram_side_by_side_give_each_references_ids(
    qtbot, view, registry, tmp_path, tiktoken_encodings
):
    """Issue 23, point 3 ("any mix"): a tiktoken BPE, a WordPiece tokenizer.json made by
    ``tokenizers``' WordPieceTrainer and a Unigram .model made by ``sentencepiece`` in three
    columns, each with its own library's ids ([CLS] ... [SEP] while Add BOS/EOS is on)."""
    pytest.importorskip("tokenizers")
    from tokenizers import Tokenizer

    from bpe_engine import load_tokenizer

    from ...engine.wordpiece_support import reference, save
    from ..sentencepiece_support import UNIGRAM_LINES, unigram_model

    wp_path = save(reference(cased=False, vocab_size=600), tmp_path / "wp")
    wp_ref = Tokenizer.from_file(str(wp_path))
    uni_path, uni_ref = unigram_model(tmp_path / "uni.model", UNIGRAM_LINES, 400, byte_fallback=True)
    wp = registry.add(load_tokenizer(wp_path), "tokenizer.json · WordPiece")
    uni = registry.add(load_tokenizer(uni_path), "uni.model · Unigram")
    text = "The grey cat walked home, 國語 Жизнь"
    view.set_keys(["cl100k_base", wp, uni])
    view.set_text(text)
    settle(qtbot, view)
    assert view.additions_box.isEnabled()
    view.additions_box.setChecked(True)
    settle(qtbot, view)
    assert column_ids(view, 0) == tiktoken_ids(tiktoken_encodings["cl100k_base"], text)
    assert column_ids(view, 1) == wp_ref.encode(text).ids  # add_special_tokens=True: [CLS] ... [SEP]
    assert column_ids(view, 2) == uni_ref.encode(text)
    view.additions_box.setChecked(False)
    settle(qtbot, view)
    assert column_ids(view, 1) == wp_ref.encode(text, add_special_tokens=False).ids


def _stretches_cut_differently(text: str, encodings: list) -> int:
    """Brute force from tiktoken: the spans between two cuts every encoding makes that hold a
    cut some encoding does not make."""
    cuts = []
    for enc in encodings:
        ends, at = set(), 0
        for i in enc.encode(text, allowed_special="all"):  # (Compare recognises special tokens)
            at += len(enc.decode_single_token_bytes(i))
            ends.add(at)
        cuts.append(ends)
    agreed = sorted(set.intersection(*cuts))
    others = sorted(set.union(*cuts) - set(agreed))
    return len({next(a for a in agreed if a > c) for c in others})


def test_the_boundary_diff_groups_its_counts(qtbot, view, tiktoken_encodings):
    """A long text: "<b>1,234</b> stretches ... and 1226 more" (one count grouped, not the other)."""
    view.set_keys(["r50k_base", "cl100k_base"])
    text = data_text("chinese.txt")[:8000]
    view.set_text(text)
    settle(qtbot, view)
    n = _stretches_cut_differently(text, [tiktoken_encodings["r50k_base"], tiktoken_encodings["cl100k_base"]])
    assert n > 1000 + 8 and len(view.diff_spans()) == n
    label = view.diff_label.text()
    assert f"<b>{n:,}</b> stretches cut differently" in label and f" and {n - 8:,} more." in label
