"""The Sweep view: bytes per token against vocabulary size from one training.

Each point is checked against an independent computation: encoding the held-out text with
the tokenizer of that size (built from the first merges, and once from a new training
stopped at that size); OpenAI's reference points against tiktoken's own counts; the CSV,
PNG and SVG exports against the figures and as files a program can read.
"""

from __future__ import annotations

import csv
import xml.etree.ElementTree as ET

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QFileDialog

from app.display.format import format_ratio
from app.features.sweep.heldout import load_heldout
from app.features.sweep.view import SweepView
from bpe_engine import Tokenizer, train_bpe

from ...conftest import data_text, tiktoken_encoding
from ..timeline.test_timeline_view import SPECIALS, first_merges

MERGES = 800


@pytest.fixture(scope="module")
def corpus() -> str:
    return data_text("english.txt")


@pytest.fixture(scope="module")
def tok(corpus) -> Tokenizer:
    return train_bpe(None, 256 + MERGES + 1, SPECIALS, text=corpus)


def shown_view(qtbot, registry, tok: Tokenizer, label: str, timeout: int = 30_000) -> SweepView:
    """A Sweep on screen, no reference checked (loading them takes seconds), measuring ``tok``."""
    v = SweepView(registry)
    qtbot.addWidget(v)
    for box in v.reference_boxes.values():
        box.setChecked(False)
    v.resize(1200, 800)
    v.show()
    qtbot.waitExposed(v)
    registry.add(tok, label)
    qtbot.waitUntil(v.is_settled, timeout=timeout)
    return v


@pytest.fixture
def view(qtbot, registry, tok):
    v = shown_view(qtbot, registry, tok, "english · 800 merges")
    yield v
    v.shutdown()


def _choose(monkeypatch, path, *, save: bool, chosen: str = "") -> None:
    name = "getSaveFileName" if save else "getOpenFileName"
    monkeypatch.setattr(QFileDialog, name, staticmethod(lambda *_a, **_k: (str(path), chosen)))


def test_three_held_out_texts_of_the_project(view) -> None:
    texts = load_heldout()
    assert [t.name for t in texts] == ["English", "Chinese", "Code (Python)"]
    assert all(2_000 <= t.size <= 8_000 for t in texts)  # a few KB each
    assert any("\u4e00" <= ch <= "\u9fff" for ch in texts[1].text) and "def " in texts[2].text
    assert view.shown_texts() == ["English", "Chinese", "Code (Python)"]
    assert view.current_key()  # the newest trained tokenizer


@pytest.mark.parametrize("k", [0, 1, 50, 400, MERGES])
def test_each_point_is_the_tokenizer_of_that_size(view, tok, k) -> None:
    for text in view.texts():
        sizes, bpt = view.points(text.name)
        assert len(sizes) == MERGES + 1
        assert sizes[k] == 256 + k + 1  # the vocabulary: bytes, k merges, the special token
        small = first_merges(tok, k)
        assert len(small) == sizes[k]
        tokens = len(small.encode(text.text, allowed_special="all"))
        assert bpt[k] == pytest.approx(text.size / tokens, rel=1e-12)


def test_a_new_training_stopped_at_that_size_agrees(view, corpus) -> None:
    k = 150
    small = train_bpe(None, 256 + k + 1, SPECIALS, text=corpus)  # its own run
    for text in view.texts():
        _, bpt = view.points(text.name)
        assert bpt[k] == pytest.approx(text.size / len(small.encode(text.text, allowed_special="all")))


def test_the_table_shows_round_sizes(view) -> None:
    rows = dict(view.table_rows())
    english = view.points("English")[1]
    assert rows["257 (0 merges)"][0] == format_ratio(english[0])
    assert rows["512 (255 merges)"][0] == format_ratio(english[255])
    assert rows["1,057 (800 merges)"][0] == format_ratio(english[800])
    assert len(rows["512 (255 merges)"]) == 3


@pytest.mark.slow
def test_openai_reference_points_are_tiktokens_counts(qtbot, view) -> None:
    for key in ("r50k_base", "cl100k_base", "o200k_base"):
        tiktoken_encoding(key)  # skips (fails under CI) when tiktoken cannot have it
        view.reference_boxes[key].setChecked(True)
    qtbot.waitUntil(view.is_settled, timeout=180_000)
    for key in ("r50k_base", "cl100k_base", "o200k_base"):
        enc = tiktoken_encoding(key)
        for text in view.texts():
            size, value = view.reference_point(key, text.name)
            # its tokens, as the curves and the Timeline count them (not n_vocab: cl100k's ids
            # run to 100,276 with gaps before its special tokens, 100,261 tokens in all)
            assert size == len(enc._mergeable_ranks) + len(enc._special_tokens)
            assert value == pytest.approx(text.size / len(enc.encode(text.text, allowed_special="all")))
        assert f"{key} (" in " ".join(label for label, _ in view.table_rows())


def test_a_file_of_the_users_own(qtbot, view, tok, tmp_path, monkeypatch) -> None:
    mine = tmp_path / "notes.txt"
    text = "Meeting notes: the tokenizer's <script>alert('x')</script> handling, 國語 and Жизнь.\n" * 30
    mine.write_text(text, encoding="utf-8")
    _choose(monkeypatch, mine, save=False)
    with qtbot.waitSignal(view.measured, timeout=30_000):
        qtbot.mouseClick(view.add_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(view.is_settled, timeout=30_000)
    assert view.shown_texts()[-1] == "notes.txt"
    _, bpt = view.points("notes.txt")
    size = len(text.encode("utf-8"))
    assert bpt[300] == pytest.approx(size / len(first_merges(tok, 300).encode(text, allowed_special="all")))

    bad = tmp_path / "latin1.txt"
    bad.write_bytes("caf\xe9 cr\xe8me".encode("latin-1"))
    _choose(monkeypatch, bad, save=False)
    qtbot.mouseClick(view.add_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: view.messages.kind == "error", timeout=30_000)
    assert "latin1.txt is not UTF-8" in view.messages.text()
    assert len(view.texts()) == 4

    view.text_list.setCurrentRow(3)
    qtbot.mouseClick(view.remove_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(view.is_settled, timeout=30_000)
    assert [t.name for t in view.texts()] == ["English", "Chinese", "Code (Python)"]


def test_unchecking_a_text_hides_its_curve(qtbot, view) -> None:
    item = view.text_list.item(1)
    item.setCheckState(Qt.CheckState.Unchecked)
    assert view.shown_texts() == ["English", "Code (Python)"]
    qtbot.waitUntil(view.is_settled, timeout=10_000)  # (the chart adds its items one per turn)
    assert len(view.plot.getPlotItem().listDataItems()) == 2
    assert view.table.columnCount() == 2


def test_export_csv_holds_every_point(qtbot, view, tmp_path, monkeypatch) -> None:
    path = tmp_path / "sweep.csv"
    _choose(monkeypatch, path, save=True)
    with qtbot.waitSignal(view.exported, timeout=10_000):
        qtbot.mouseClick(view.export_csv_button, Qt.MouseButton.LeftButton)
    with path.open(encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f))
    assert len(rows) == 3 * (MERGES + 1)
    for row in rows[:: MERGES // 4]:
        sizes, bpt = view.points(row["text"])
        k = int(row["merges"])
        assert int(row["vocab_size"]) == sizes[k]
        assert float(row["bytes_per_token"]) == pytest.approx(bpt[k], abs=1e-6)
        assert int(row["bytes"]) / int(row["tokens"]) == pytest.approx(bpt[k])


def test_export_chart_as_png_and_svg(qtbot, view, tmp_path, monkeypatch) -> None:
    png = tmp_path / "chart.png"
    _choose(monkeypatch, png, save=True)
    size = view.plot.size()  # (the message saying where it went takes some of the height after)
    with qtbot.waitSignal(view.exported, timeout=10_000):
        qtbot.mouseClick(view.export_chart_button, Qt.MouseButton.LeftButton)
    image = QImage(str(png))
    assert not image.isNull()
    assert image.width() == 2 * size.width() and image.height() == 2 * size.height()  # twice the pixels

    svg = tmp_path / "chart"  # no extension: the chosen filter decides
    _choose(monkeypatch, svg, save=True, chosen="SVG drawing (*.svg)")
    with qtbot.waitSignal(view.exported, timeout=10_000):
        qtbot.mouseClick(view.export_chart_button, Qt.MouseButton.LeftButton)
    root = ET.parse(tmp_path / "chart.svg").getroot()
    assert root.tag.endswith("svg")
    ns = {"svg": "http://www.w3.org/2000/svg"}
    assert root.find("svg:title", ns).text == "Bytes per token against vocabulary size"
    texts = " ".join(t.text or "" for t in root.iter("{http://www.w3.org/2000/svg}text"))
    assert "English" in texts and "vocabulary size" in texts  # legend and axis label, as text
    assert not list(root.iter("{http://www.w3.org/2000/svg}image"))  # vectors only
    assert list(root.iter("{http://www.w3.org/2000/svg}polyline")) or list(
        root.iter("{http://www.w3.org/2000/svg}path")
    )


def test_what_arrives_off_screen_is_measured_once_shown(qtbot, registry, tok) -> None:
    # At the app's start Compare loads the OpenAI encodings; the Sweep, not on screen yet,
    # measures them, and the tokenizer picked, only when shown (then exactly, as above).
    tiktoken_encoding("r50k_base")
    v = SweepView(registry)
    qtbot.addWidget(v)
    v.resize(1200, 800)
    registry.add(tok, "english · 800 merges")
    registry.request("r50k_base")
    qtbot.waitUntil(lambda: registry.get("r50k_base") is not None, timeout=60_000)
    qtbot.wait(200)
    names = [text.name for text in v.texts()]
    assert v.reference_boxes["r50k_base"].isChecked()
    assert all(v.reference_point("r50k_base", name) is None for name in names)  # not measured off screen
    assert v.tokenizer() is tok and not v._curves  # the picked tokenizer neither
    v.show()
    qtbot.waitUntil(v.is_settled, timeout=30_000)
    for text in v.texts():
        sizes, bpt = v.points(text.name)
        small = first_merges(tok, 50)
        assert sizes[50] == len(small)
        assert bpt[50] == pytest.approx(text.size / len(small.encode(text.text, allowed_special="all")), rel=1e-12)
    enc = tiktoken_encoding("r50k_base")
    qtbot.waitUntil(lambda: v.reference_point("r50k_base", names[-1]) is not None, timeout=60_000)
    for text in v.texts():
        size, value = v.reference_point("r50k_base", text.name)
        assert size == enc.n_vocab
        assert value == pytest.approx(text.size / len(enc.encode(text.text, allowed_special="all")))
    v.shutdown()
