"""Plural forms through Qt (issue 20, point 11): ``tr_n`` picks English's singular or plural
and the Chinese numerus form of the .ts; numbers are grouped as ``format_count`` groups them
everywhere; the catalog writes ``tr_n`` strings as numerus messages that Qt's lrelease compiles."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QTranslator

from app.core import i18n
from app.core.i18n import catalog, tr_n
from app.display.format import format_count

PROBE = """
from app.core.i18n import tr_n
def f(n):
    return tr_n("after %n merge(s)", n)
"""


@pytest.fixture
def english(qapp, monkeypatch):
    # The translations of this checkout (an editable install may map app.resources elsewhere).
    monkeypatch.setattr(i18n, "_translations_dir", lambda: catalog.TS_DIR)
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def test_english_singular_and_plural(english) -> None:
    assert tr_n("after %n merge(s)", 1) == "after 1 merge"
    assert tr_n("after %n merge(s)", 0) == "after 0 merges"
    assert tr_n("after %n merge(s)", 2) == "after 2 merges"
    assert tr_n("Size: {size} in %n file(s)", 1).format(size="2 KB") == "Size: 2 KB in 1 file"
    assert tr_n("{name} · %n merge(s)", 99_743).format(name="zh") == f"zh · {format_count(99_743)} merges"


def test_chinese_forms_from_the_ts(english) -> None:
    assert i18n.set_language("zh_CN")
    assert tr_n("%n merge(s)", 1) == "1 次合并"
    assert tr_n("%n merge(s)", 5) == "5 次合并"
    assert tr_n("Size: {size} in %n file(s)", 3).format(size="2 KB") == "大小：2 KB，共 3 个文件"
    assert tr_n("%n merge(s) in {time}", 99_743).format(time="1 s") == f"{format_count(99_743)} 次合并，用时 1 s"


def test_catalog_writes_numerus_messages(qapp, tmp_path: Path) -> None:
    (tmp_path / "probe.py").write_text(PROBE, encoding="utf-8")
    messages = catalog.extract(tmp_path)
    assert messages["after %n merge(s)"].numerus
    messages["after %n merge(s)"].translation = "%n 次合并之后"
    ts, qm = tmp_path / "probe.ts", tmp_path / "probe.qm"
    catalog.write_ts(ts, "zh_CN", messages)
    assert 'numerus="yes"' in ts.read_text(encoding="utf-8")
    assert catalog.read_ts(ts) == {"after %n merge(s)": "%n 次合并之后"}
    catalog.compile_qm(ts, qm)
    translator = QTranslator()
    assert translator.load(str(qm))
    QCoreApplication.installTranslator(translator)
    try:
        assert tr_n("after %n merge(s)", 7) == "7 次合并之后"
    finally:
        QCoreApplication.removeTranslator(translator)
