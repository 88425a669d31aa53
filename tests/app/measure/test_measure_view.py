"""The Measure tab, driven as a user would: every figure on screen checked against an
independent computation (tiktoken's own token counts, Rényi entropy by its formula, the
reference encoder and the token bytes for vocabulary health), the exports read back, Cancel
and sorting."""

from __future__ import annotations

import csv
import math
import xml.etree.ElementTree as ET
from collections import Counter

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QFileDialog

from app.features.measure.job import MeasureState
from app.features.measure.texts import TextSet, heldout_texts, sample_texts
from app.features.measure.view import MeasureView
from bpe_engine import reference_encode, train_bpe, words

from ...conftest import data_text, tiktoken_encoding

KEYS = ("r50k_base", "cl100k_base")
pytestmark = pytest.mark.slow  # every test loads OpenAI's encodings and measures 100 languages: seconds


def _run(qtbot, view, keys, text_set=TextSet.SAMPLE, health=False) -> None:
    view.side.set_checked(list(keys))
    view.side.text_set.setCurrentIndex(view.side.text_set.findData(text_set))
    view.side.health_box.setChecked(health)
    with qtbot.waitSignal(view.measured, timeout=120_000):
        qtbot.mouseClick(view.side.measure_button, Qt.MouseButton.LeftButton)
    assert view.controller.state == MeasureState.DONE


def test_language_tax_against_tiktoken(qtbot, view) -> None:
    encs = {k: tiktoken_encoding(k) for k in KEYS}
    _run(qtbot, view, KEYS)
    texts = sample_texts()
    assert [t.code for t in view.texts()] == [t.code for t in texts]
    cells = view.tax_model.cells()
    for n, key in enumerate(KEYS):
        counts = [len(encs[key].encode_ordinary(t.text)) for t in texts]
        for k, t in enumerate(texts):
            row = cells[k]
            assert row[0] == t.code
            assert row[3 + 4 * n] == view.tax_model.data(view.tax_model.index(k, 3 + 4 * n))
            assert int(row[3 + 4 * n].replace("\u202f", "").replace(",", "")) == counts[k]
            assert row[4 + 4 * n] == f"{t.size / counts[k]:.2f}"
            # the content's sentences: English's non-empty lines, counted here by hand
            assert row[5 + 4 * n] == f"{counts[k] / len(texts[0].text.strip().split(chr(10))):.1f}"
            assert row[6 + 4 * n] == f"{counts[k] / counts[0]:.2f}"  # English is first
        premiums = [c / counts[0] for c in counts]
        gini = sum(abs(a - b) for a in premiums for b in premiums) / (
            2 * len(premiums) ** 2 * (sum(premiums) / len(premiums))
        )
        eff = view.efficiency_model.cells()[n]
        assert eff[8] == f"{gini:.3f}"
        assert f"(Gini {gini:.3f})" in "".join(item[1].text for item in view.chart.legend.items)


def test_efficiency_against_formulas(qtbot, view) -> None:
    enc = tiktoken_encoding("cl100k_base")
    _run(qtbot, view, ["cl100k_base"], TextSet.HELDOUT)
    texts = heldout_texts()
    ids = [i for t in texts for i in enc.encode_ordinary(t.text)]
    size = sum(t.size for t in texts)
    chars = sum(len(t.text) for t in texts)
    n_words = sum(len(words(t.text)) for t in texts)
    ps = [c / len(ids) for c in Counter(ids).values()]
    renyi = math.log(sum(p**2.5 for p in ps)) / (1 - 2.5) / math.log(enc.n_vocab)
    row = view.efficiency_model.cells()[0]
    assert row[3:8] == [
        f"{size / len(ids):.3f}",
        f"{chars / len(ids):.3f}",
        f"{len(ids) / n_words:.3f}",
        row[6],
        f"{renyi:.4f}",
    ]
    assert row[8:] == ["–", "–"]  # no language tax without parallel texts
    assert view.tax_model.cells()[0][3:] == []  # (nor its columns)


def test_vocabulary_health_of_a_trained_tokenizer(qtbot, view, registry) -> None:
    tok = train_bpe(None, 400, text=data_text("english.txt"))
    registry.add(tok, "english-400")
    view.side.fill()
    _run(qtbot, view, [registry.latest_trained()], TextSet.HELDOUT, health=True)
    used: set[int] = set()
    for t in heldout_texts():
        used.update(reference_encode(t.text, tok.merges, tok.vocab))
    partial = [i for i, b in tok.vocab.items() if not _valid(b)]
    unused = [i for i in sorted(tok.vocab) if i not in used and i not in tok.special_tokens.values()]
    row = view.health.model.cells()[0]
    assert row[1] == "400" and row[3] == str(len(partial)) and row[4] == str(len(unused))
    # (both tables' second column read "Tokens": the texts' tokens beside the vocabulary's)
    assert view.health.model.header_texts()[1] == "Tokens checked"
    assert view.efficiency_model.header_texts()[2] == "Tokens"
    tip = Qt.ItemDataRole.ToolTipRole
    assert "special tokens" in view.health.model.headerData(1, Qt.Orientation.Horizontal, tip)
    assert "texts" in view.efficiency_model.headerData(2, Qt.Orientation.Horizontal, tip)
    view.health.kind_combo.setCurrentIndex(2)  # unused
    listed = view.health.listed()
    assert [int(line.split("\t")[0]) for line in listed] == unused


def _valid(data: bytes) -> bool:
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def test_cancel_stops_a_long_health_check(qtbot, view) -> None:
    tiktoken_encoding("o200k_base")
    view.side.set_checked(["o200k_base"])
    view.side.health_box.setChecked(True)
    qtbot.mouseClick(view.side.measure_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: view.controller.is_running() and view.side.progress.value() > 0, timeout=60_000)
    with qtbot.waitSignal(view.measured, timeout=30_000):
        qtbot.mouseClick(view.side.cancel_button, Qt.MouseButton.LeftButton)
    assert view.controller.state == MeasureState.CANCELLED
    assert view.side.measure_button.isEnabled() and not view.side.cancel_button.isEnabled()


@pytest.mark.usefixtures("openai_encodings")
def test_sorting_by_premium_and_exports(qtbot, view, tmp_path, monkeypatch) -> None:
    _run(qtbot, view, ["r50k_base"])
    proxy = view.tax_table.model()
    view.tax_table.sortByColumn(6, Qt.SortOrder.DescendingOrder)
    premiums = [float(proxy.index(r, 6).data()) for r in range(proxy.rowCount())]
    assert premiums == sorted(premiums, reverse=True) and len(premiums) == 100
    path = tmp_path / "m.csv"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(lambda *_a, **_k: (str(path), "")))
    qtbot.mouseClick(view.side.export_csv_button, Qt.MouseButton.LeftButton)
    rows = list(csv.DictReader(path.read_text(encoding="utf-8").splitlines()))
    tax = {r["language"]: float(r["value"]) for r in rows if r["measure"] == "premium"}
    assert max(tax.values()) == pytest.approx(premiums[0], abs=0.005) and tax["eng"] == 1.0
    for suffix in ("png", "svg"):
        chart = tmp_path / f"chart.{suffix}"
        monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(lambda *_a, c=chart, **_k: (str(c), "")))
        qtbot.mouseClick(view.side.export_chart_button, Qt.MouseButton.LeftButton)
        if suffix == "png":
            assert not QImage(str(chart)).isNull()
        else:
            assert ET.parse(chart).getroot().tag.endswith("svg")


def test_hover_names_the_language_and_cuts_its_first_line(qtbot, view) -> None:
    enc = tiktoken_encoding("r50k_base")
    _run(qtbot, view, ["r50k_base"])
    texts = view.texts()
    k = next(i for i, t in enumerate(texts) if t.code == "rus")
    x = view.chart._layout.x[view.chart._layout.order.index(k)]
    assert view.chart.language_at(x) == k
    tip = view.chart.describe(k)
    assert tip.startswith("<b>Russian</b> (rus, Cyrillic)")
    lines = {line.split(":", 1)[0]: line for line in tip.split("<br>") if line[:4] in ("eng:", "rus:")}
    for code in ("eng", "rus"):
        title = next(t for t in texts if t.code == code).text.split("\n", 1)[0]
        assert lines[code].count("<span") == len(enc.encode_ordinary(title))  # one chip per token


def test_at_most_five_and_bad_files(qtbot, view, tmp_path) -> None:
    view.side.set_checked(view.registry.keys())
    assert len(view.side.checked_keys()) <= 5
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"\xff\xfe")
    view.add_text_file(str(bad))
    assert "bad.txt" in view.messages.text() and "UTF-8" in view.messages.text()


@pytest.mark.usefixtures("openai_encodings")
def test_chinese(qtbot, view) -> None:
    from app.core import i18n

    try:
        assert i18n.set_language("zh_CN")
        assert view.pages.tabText(0) == "语言税"
        assert view.side.text_set.itemText(0).startswith("平行示例")
        assert view.health.kind_combo.itemText(0) == "不可达"
        _run(qtbot, view, ["r50k_base"])
        assert view.tax_model.header_texts()[:3] == ["语言", "名称", "文字"]
        assert "语言税" in view.chart.plot.getPlotItem().titleLabel.text
    finally:
        i18n.set_language("en")


def test_a_listed_token_opens_in_the_vocabulary_tab(qtbot, window) -> None:
    tok = train_bpe(None, 400, text=data_text("english.txt"))
    key = window.registry.add(tok, "english-400")
    view = window.measure_view
    window.tabs.setCurrentWidget(view)
    _run(qtbot, view, [key], TextSet.HELDOUT, health=True)
    view.pages.setCurrentIndex(2)
    view.health.kind_combo.setCurrentIndex(2)  # unused on the texts
    item = view.health.tokens.item(3)
    token_id = int(item.text().split("\t")[0])
    view.health.tokens.itemActivated.emit(item)
    assert window.tabs.currentWidget() is window.vocab_view
    assert window.vocab_view.tokenizer_key() == key
    index = window.vocab_view.table.currentIndex()
    assert window.vocab_view.model.index(index.row(), 0).data() == token_id


def test_reachability_is_computed_once_per_tokenizer(qtbot, view, registry, monkeypatch) -> None:
    tok = train_bpe(None, 300, text=data_text("english.txt"))
    key = registry.add(tok, "english-300")
    _run(qtbot, view, [key], TextSet.HELDOUT, health=True)
    first = view.figures()[0].health

    def never(*_a: object, **_k: object) -> None:
        raise AssertionError("reachability computed again")

    monkeypatch.setattr("bpe_engine.metrics.health.reachability", never)
    _run(qtbot, view, [key], TextSet.HELDOUT, health=True)
    assert view.figures()[0].health == first


def test_health_counts_fit_their_rows_when_their_page_is_opened_later(qtbot, view, registry) -> None:
    # Measured while the language-tax page was shown, the counts table kept the splitter's
    # first share (a third of the page, mostly empty) on a real maximized window.
    registry.add(train_bpe(None, 300, text=data_text("english.txt")), "english-300")
    view.side.fill()
    view.resize(1600, 1000)
    _run(qtbot, view, [registry.latest_trained()], TextSet.HELDOUT, health=True)
    assert view.pages.currentIndex() == 0
    view.pages.setCurrentWidget(view.health)
    table = view.health.table

    def fitted() -> bool:
        need = table.horizontalHeader().height() + table.verticalHeader().length() + 2 * table.frameWidth()
        if table.horizontalScrollBar().isVisible():
            need += table.horizontalScrollBar().height()
        # (no shorter than the table's own minimum, Qt's floor for any splitter pane)
        return table.isVisible() and table.height() <= max(need, table.minimumSizeHint().height()) + 2

    qtbot.waitUntil(fitted, timeout=5_000)


@pytest.mark.parametrize("spacing", [100, 110])
def test_efficiency_columns_fit_1024_pixels_in_large_fonts(qtbot, view, registry, spacing) -> None:
    # In presentation mode at 1024 pixels the columns, as wide as their one-line headers, ran
    # half again past the right edge: Rényi efficiency and the Gini coefficients were off
    # screen (seen on a real window). Now the headers wrap and every column is in view.
    # In a wide font (DejaVu Sans; here any font, its letters spaced out) the headers' longest
    # words alone ("Bytes/token", "(premiums)") were wider than the table: set a little smaller.
    from PySide6.QtGui import QFont

    registry.add(train_bpe(None, 300, text=data_text("english.txt")), "english-300")
    view.side.fill()
    _run(qtbot, view, [registry.latest_trained()])
    table = view.efficiency_table
    view.pages.setCurrentWidget(table)
    view.resize(1600, 1000)
    qtbot.waitUntil(lambda: not view.efficiency_fit.wrapped and table.isVisible())  # room: one line
    view.resize(1024, 700)
    view.set_presentation(True)  # (the side panel folds away, as in presentation mode)
    big = QFont(view.font())
    big.setPointSizeF(big.pointSizeF() * 1.5)
    big.setLetterSpacing(QFont.SpacingType.PercentageSpacing, spacing)
    view.setFont(big)
    header = table.horizontalHeader()
    qtbot.waitUntil(lambda: view.efficiency_fit.wrapped, timeout=5_000)
    assert header.length() <= table.viewport().width()
    assert header.font().pointSizeF() >= 0.75 * table.font().pointSizeF()
    assert header.height() >= 2 * header.fontMetrics().lineSpacing()  # the wrapped headers are whole
