"""The Measure tab names the sample's languages in the interface's language (the table, the
chart's hover; live when the language changes), keeps English in the CSV, and shows a busy
progress bar naming the tokenizers while they load."""

from __future__ import annotations

import csv

import pytest
from PySide6.QtCore import Qt

from app.core import i18n
from app.features.measure.job import MeasureState
from app.features.measure.texts import TextSet
from app.features.measure.view import MeasureView
from bpe_engine import load_parallel

from .test_measure_view import _run

pytestmark = pytest.mark.slow  # loads an OpenAI encoding and measures 100 languages: seconds


def _names(view) -> list[str]:
    return [row[1] for row in view.tax_model.cells()]


def _hover_title(view, code: str) -> str:
    k = next(i for i, t in enumerate(view.texts()) if t.code == code)
    return view.chart.describe(k).split("</b>", 1)[0].removeprefix("<b>")


@pytest.mark.usefixtures("openai_encodings")
def test_the_table_and_hover_name_languages_in_the_interface_language(qtbot, view, tmp_path) -> None:
    from app.features.measure.texts import PARALLEL_DIR

    sample = load_parallel(PARALLEL_DIR)
    english = [lang.name for lang in sample.languages]
    chinese = [lang.name_in("zh") for lang in sample.languages]
    _run(qtbot, view, ["r50k_base"])
    assert _names(view) == english
    assert _hover_title(view, "cmn") == "Chinese, Mandarin (Simplified)"
    assert i18n.set_language("zh_CN")  # live: no new measurement
    assert _names(view) == chinese
    assert _names(view)[:3] == ["英语", "中文普通话（简体）", "西班牙语"]
    assert _hover_title(view, "cmn") == "中文普通话（简体）" and _hover_title(view, "rus") == "俄语"
    assert "俄语</b> (rus, 西里尔字母)" in view.chart.describe(_names(view).index("俄语"))
    path = tmp_path / "figures.csv"
    view.export_csv(str(path))  # the CSV keeps the English names (its columns are English)
    rows = [r for r in csv.reader(path.read_text(encoding="utf-8").splitlines()) if r and r[0] == "language_tax"]
    assert {r[3] for r in rows if r[2]} == set(english)
    assert i18n.set_language("en")
    assert _names(view) == english and _hover_title(view, "rus") == "Russian"


@pytest.mark.usefixtures("openai_encodings")
def test_held_out_names_follow_the_language(qtbot, view) -> None:
    _run(qtbot, view, ["r50k_base"], TextSet.HELDOUT)
    assert _names(view) == ["English", "Chinese", "Code (Python)"]
    assert i18n.set_language("zh_CN")
    assert _names(view) == ["英文", "中文", "代码（Python）"]


@pytest.mark.usefixtures("openai_encodings")
def test_the_progress_bar_is_busy_while_tokenizers_load(qtbot, view) -> None:
    assert i18n.set_language("zh_CN")
    view.side.set_checked(["r50k_base"])
    view.side.text_set.setCurrentIndex(view.side.text_set.findData(TextSet.SAMPLE))
    assert view.registry.get("r50k_base") is None  # not loaded yet
    with qtbot.waitSignal(view.measured, timeout=120_000):
        qtbot.mouseClick(view.side.measure_button, Qt.MouseButton.LeftButton)
        # loading runs in the background: no step count yet, so the bar is busy (0..0)
        assert (view.side.progress.minimum(), view.side.progress.maximum()) == (0, 0)
        assert view.side.status.text() == "正在加载 1 个分词器：r50k_base…"
        assert view.side.status.isVisible()
        i18n.set_language("en")  # the label follows the language
        assert view.side.status.text() == "Loading 1 tokenizer: r50k_base…"
    assert view.controller.state == MeasureState.DONE
    assert view.side.progress.maximum() > 0 and view.side.status.text() == ""
