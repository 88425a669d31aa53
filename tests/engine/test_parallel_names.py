"""The parallel sample's names in other languages: every language of the built-in sample has
a Chinese name (``name_zh`` of ``languages.tsv``), distinct, written in Chinese and keeping the
English name's variant; ``name_<language>`` columns of any folder's index; the extraction
tool writes the same names the sample holds."""

from __future__ import annotations

import importlib.util
import re
import unicodedata
from pathlib import Path

import pytest

from bpe_engine import load_parallel
from bpe_engine.errors import CorpusError
from tests.conftest import REPO

PARALLEL = REPO / "resources" / "parallel"
_CJK = re.compile(r"[\u4e00-\u9fff]")


def _han_share(text: str) -> float:
    letters = [c for c in text if unicodedata.category(c).startswith("L")]
    return sum(bool(_CJK.match(c)) for c in letters) / len(letters)


def test_every_language_of_the_sample_has_a_chinese_name() -> None:
    sample = load_parallel(PARALLEL)
    assert len(sample.languages) == 100
    chinese = {}
    for lang in sample.languages:
        zh = lang.name_in("zh")
        assert zh != lang.name, lang.code  # not the English name left in place
        assert _han_share(zh) > 0.5, (lang.code, zh)  # written in Chinese
        assert lang.name_in("zh_CN") == zh and lang.name_in("zh-CN") == zh
        assert lang.name_in("en") == lang.name and lang.name_in("fr") == lang.name  # English otherwise
        # the variant the English name gives is kept: "(Simplified)" -> "（简体）"
        assert ("(" in lang.name) == ("（" in zh), (lang.code, lang.name, zh)
        assert "(" not in zh and "," not in zh and "，" not in zh, (lang.code, zh)
        chinese[lang.code] = zh
    assert len(set(chinese.values())) == 100  # no two languages share a name
    assert chinese["eng"] == "英语" and chinese["rus"] == "俄语" and chinese["jpn"] == "日语"
    assert chinese["cmn"] == "中文普通话（简体）" and chinese["por"] == "葡萄牙语（巴西）"
    assert chinese["spa"] == "西班牙语" and chinese["arb"] == "标准阿拉伯语" and chinese["hin"] == "印地语"
    assert chinese["ben"] == "孟加拉语" and chinese["swh"] == "斯瓦希里语" and chinese["quz"] == "库斯科克丘亚语"
    assert sample.language("cmn").name == "Chinese, Mandarin (Simplified)"  # the English stays (CLI, CSV)


def test_the_tool_writes_the_names_the_sample_holds() -> None:
    spec = importlib.util.spec_from_file_location("extract_udhr_sample", REPO / "tools" / "extract_udhr_sample.py")
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    sample = load_parallel(PARALLEL)
    assert {lang.code: lang.name_in("zh") for lang in sample.languages} == {
        code: tool.NAMES_ZH[code] for code in (lang.code for lang in sample.languages)
    }
    assert PARALLEL.joinpath("languages.tsv").read_text(encoding="utf-8").split("\n", 1)[0].split("\t") == [
        "code",
        "name",
        "script",
        "name_zh",
    ]


def test_name_columns_of_an_index(tmp_path: Path) -> None:
    (tmp_path / "eng.txt").write_text("Hello world", encoding="utf-8")
    (tmp_path / "rus.txt").write_text("Привет мир", encoding="utf-8")
    index = tmp_path / "languages.tsv"
    index.write_text(
        "code\tname\tscript\tname_zh\tname_fr\neng\tEnglish\tLatin\t英语\tanglais\nrus\tRussian\tCyrillic\t\trusse\n",
        encoding="utf-8",
    )
    eng, rus = load_parallel(tmp_path).languages
    assert eng.names == (("zh", "英语"), ("fr", "anglais")) and eng.name_in("zh_CN") == "英语"
    assert rus.names == (("fr", "russe"),) and rus.name_in("zh") == "Russian"  # an empty field: none
    assert rus.name_in("fr_FR") == "russe"
    index.write_text("code\tname\tscript\neng\tEnglish\tLatin\nrus\tRussian\tCyrillic\n", encoding="utf-8")
    assert [lang.names for lang in load_parallel(tmp_path).languages] == [(), ()]  # three columns still read
    index.write_text("code\tname\tscript\tnotes\neng\tEnglish\tLatin\tx\n", encoding="utf-8")
    with pytest.raises(CorpusError, match=r"line 1.*name_<language>.*notes"):
        load_parallel(tmp_path)
    index.write_text("code\tname\tscript\tname_zh\neng\tEnglish\tLatin\t英语\textra\n", encoding="utf-8")
    with pytest.raises(CorpusError, match=r"line 2: expected 4 tab-separated fields \(code, name, script, name_zh\)"):
        load_parallel(tmp_path)
