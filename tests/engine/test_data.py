"""tests/data: what make_data.py writes, described in its README, small, and holding what the
tests rely on (every script and odd character of the multi-script text, valid Python...)."""

from __future__ import annotations

import ast
import importlib.util
import json
import unicodedata

import regex

from ..conftest import DATA, data_text

GENERATED = ["chinese.txt", "english.txt", "multiscript.txt", "python_code.txt", "russian.txt"]


def _make_data():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("make_data", DATA / "make_data.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _files() -> list[str]:
    return sorted(str(p.relative_to(DATA)) for p in DATA.rglob("*") if p.is_file() and "__pycache__" not in p.parts)


def test_generated_files_are_what_make_data_writes() -> None:
    generated = _make_data().generate()
    assert sorted(generated) == GENERATED
    for name, data in generated.items():
        assert (DATA / name).read_bytes() == data, f"{name}: run python tests/data/make_data.py"


def test_readme_names_every_file() -> None:
    readme = data_text("README.md")
    assert [name for name in _files() if name != "README.md" and name not in readme] == []


def test_the_data_is_a_few_hundred_kb() -> None:
    total = sum((DATA / name).stat().st_size for name in _files())
    assert 200_000 < total < 500_000, total


BINARY = {"checkpoint_v1.ckpt"}  # a version 1 checkpoint (a NumPy .npz), kept to test that it still resumes


def test_every_text_is_utf8_without_a_byte_order_mark() -> None:
    for name in sorted(set(_files()) - BINARY):
        data = (DATA / name).read_bytes()
        data.decode("utf-8")
        assert not data.startswith(b"\xef\xbb\xbf"), name


def test_multiscript_text_has_every_script_and_odd_character() -> None:
    text = data_text("multiscript.txt")
    scripts = (
        "Latin Cyrillic Greek Arabic Hebrew Devanagari Bengali Tamil Thai "
        "Georgian Armenian Ethiopic Han Hiragana Katakana Hangul"
    ).split()
    assert [s for s in scripts if not regex.search(rf"\p{{Script={s}}}", text)] == []
    odd = {
        "ZWJ": "\u200d",
        "skin tone": "\U0001f3fe",
        "regional indicator": "\U0001f1ef",
        "variation selector": "\ufe0f",
        "ideographic space": "\u3000",
        "no-break space": "\u00a0",
        "CRLF": "\r\n",
        "tab": "\t",
        "line separator": "\u2028",
        "zero-width space": "\u200b",
        "right-to-left mark": "\u200f",
    }
    assert [what for what, ch in odd.items() if ch not in text] == []
    assert regex.search(r"\P{M}\p{Mn}{2,}", text)  # stacked combining marks
    assert text != unicodedata.normalize("NFC", text)  # some of it is decomposed
    assert "\n" in text.replace("\r\n", "")  # and plain LF lines too


def test_chinese_text_has_simplified_and_traditional_characters() -> None:
    text = data_text("chinese.txt")
    simplified, traditional = "这们书学说里风灯台爱过", "這們書學說裡風燈臺愛過"  # the same words, both ways
    assert [ch for ch in simplified + traditional if ch not in text] == []


def test_python_code_is_python() -> None:
    ast.parse(data_text("python_code.txt"))


def test_worked_examples_name_their_files() -> None:
    answers = json.loads(data_text("worked_examples.json"))
    examples = [name for name in answers if name.endswith(".txt")]
    assert examples == ["low_lower_widest_newest.txt", "hello_helo.txt"]
    assert all((DATA / name).is_file() for name in examples)
