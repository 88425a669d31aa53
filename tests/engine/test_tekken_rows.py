"""Tekken's vocab read in place (``formats/tekken_rows.py``) against the whole strict parse.

A file laid out as ``mistral-common`` writes it (``indent=2``) takes the fast path; the same
tokenizer written otherwise takes the whole parse: both must give the same tokenizer, and a
file damaged where only the layout could hide it (a key twice in an entry, a member after a
``token_str``, bad JSON inside a string) must still be refused with the whole parse's message.
"""

from __future__ import annotations

import base64
import json
from pathlib import Path
from typing import Any

import pytest

from bpe_engine import Tokenizer, load_tokenizer
from bpe_engine.errors import TokenizerFileError
from bpe_engine.formats.jsonfile import parse_json
from bpe_engine.formats.tekken import data_from_tekken
from bpe_engine.formats.tekken_rows import TekkenRows, parse_with_rows

from .formats_support import shared_tokenizer

# tokens whose token_str needs escapes (quotes, backslashes at a string's end) or is null
_ODD = [b'"*', b'\\"', b"\\\\", b"a\\", b"\xc3\xa9\xc3", b'""', b"\\\\\\", b"\n\t", b"\xe2\x82\xac!"]


def _file(specials: int = 30) -> dict[str, Any]:
    tokens = [bytes([b]) for b in range(256)] + _ODD + [bytes([97 + i % 26, 98 + i // 26]) for i in range(300)]
    vocab = []
    for rank, token in enumerate(tokens):
        try:
            text: str | None = token.decode("utf-8")
        except UnicodeDecodeError:
            text = None  # (as mistral-common writes a token that is not whole UTF-8)
        vocab.append({"rank": rank, "token_bytes": base64.b64encode(token).decode("ascii"), "token_str": text})
    config = {
        "pattern": r"[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}| ?[^\s\p{L}\p{N}]+[\r\n/]*|\s*[\r\n]+|\s+(?!\S)|\s+",
        "num_vocab_tokens": len(vocab),
        "default_vocab_size": specials + len(vocab) - 5,
        "default_num_special_tokens": specials,
        "version": "v3",
    }
    return {"config": config, "vocab": vocab}


def _released(obj: Any) -> str:
    return json.dumps(obj, indent=2, ensure_ascii=False)


def _same(a: Tokenizer, b: Tokenizer) -> None:
    assert a.vocab == b.vocab and a.special_tokens == b.special_tokens
    for text in ['say "*" and \\" €! ab', "abcdefgh xyz\n\tq", "\\\\\\ \xff"]:
        assert a.encode_ordinary(text) == b.encode_ordinary(text)
    assert a.merges == b.merges


def test_the_released_layout_is_read_in_place_and_gives_the_whole_parses_tokenizer(tmp_path: Path) -> None:
    obj = _file()
    fast, whole = tmp_path / "tekken.json", tmp_path / "compact.json"
    fast.write_text(_released(obj), encoding="utf-8")
    whole.write_text(json.dumps(obj), encoding="utf-8")
    read = parse_with_rows(fast.read_bytes(), str(fast))
    assert read is not None and isinstance(read["vocab"], TekkenRows)
    assert read["vocab"].entries() == obj["vocab"] and read["config"] == obj["config"]
    assert read["vocab"].b64(len(obj["vocab"])) == [e["token_bytes"].encode() for e in obj["vocab"]]
    assert parse_with_rows(whole.read_bytes(), str(whole)) is None  # another layout: the whole parse
    a, b = load_tokenizer(fast), load_tokenizer(whole)
    assert isinstance(a, Tokenizer) and isinstance(b, Tokenizer)
    _same(a, b)


@pytest.mark.parametrize("key", ["format", "model"])
def test_keys_of_the_formats_asked_before_tekken_get_the_whole_parse(tmp_path: Path, key: str) -> None:
    """Our JSON (``format``) and a ``tokenizer.json`` (``model``) are detected before Tekken:
    with the released layout's vocab beside such a key they still see the plain parse."""
    obj = {key: {"type": "BPE"}, **_file()}
    path = tmp_path / "tekken.json"
    path.write_text(_released(obj), encoding="utf-8")
    assert parse_with_rows(path.read_bytes(), str(path)) is None
    assert parse_with_rows(_released(_file()).encode("utf-8"), str(path)) is not None


@pytest.mark.parametrize("indent", [1, 4, "\t"])
def test_other_layouts_take_the_whole_parse(tmp_path: Path, indent: object) -> None:
    obj = _file()
    path = tmp_path / "tekken.json"
    path.write_text(json.dumps(obj, indent=indent), encoding="utf-8")  # type: ignore[arg-type]
    assert parse_with_rows(path.read_bytes(), str(path)) is None
    compact = tmp_path / "compact.json"
    compact.write_text(json.dumps(obj), encoding="utf-8")
    a, b = load_tokenizer(path), load_tokenizer(compact)
    assert isinstance(a, Tokenizer) and isinstance(b, Tokenizer)
    _same(a, b)


_ENTRY = '      "token_str": "ab"\n'


@pytest.mark.parametrize(
    "damage, message",
    [
        # a key twice in one entry, on the token_str line or on a line of its own
        (lambda t: t.replace(_ENTRY, '      "token_str": "ab", "rank": 265\n', 1), "appears twice"),
        (lambda t: t.replace(_ENTRY, '      "token_str": "ab", "token_bytes": "QQ=="\n', 1), "appears twice"),
        (lambda t: t.replace(_ENTRY, '      "token_str": "ab",\n      "token_str": "ab"\n', 1), "appears twice"),
        # a member or an object hidden after a token_str
        (lambda t: t.replace(_ENTRY, '      "token_str": "ab", "x": "y"\n', 1), None),
        (lambda t: t.replace(_ENTRY, '      "token_str": "ab"}, {"a": 1, "b": 2, "c": "d"\n', 1), None),
        # bad JSON inside a string, a string not closed on its line
        (lambda t: t.replace(_ENTRY, '      "token_str": "a\\qb"\n', 1), "is not valid JSON"),
        (lambda t: t.replace(_ENTRY, '      "token_str": "ab\\"\n', 1), "is not valid JSON"),
        # a repeated top-level member, a wrong rank, base64 that is not
        (lambda t: t.replace('\n  "vocab": [', '\n  "config": {},\n  "vocab": [', 1), "appears twice"),
        (lambda t: t.replace('"rank": 300,', '"rank": 301,', 1), "vocab[300] must be"),
        (lambda t: t.replace('"token_bytes": "YWI="', '"token_bytes": "YW!="', 1), "not base64"),
        (lambda t: t.encode("utf-8").replace(b"\xe2\x82\xac", b"\xe2\x82", 1), "not UTF-8"),
    ],
)
def test_damage_the_layout_could_hide_is_refused(tmp_path: Path, damage: Any, message: str | None) -> None:
    text = _released(_file())
    assert text.count(_ENTRY) == 1
    damaged = damage(text)
    data = damaged if isinstance(damaged, bytes) else damaged.encode("utf-8")
    assert data != text.encode("utf-8")
    path = tmp_path / "tekken.json"
    path.write_bytes(data)
    if message is None:  # valid JSON that is not the layout: read as the whole parse reads it
        assert parse_with_rows(data, str(path)) is None
        try:
            expected: object = data_from_tekken(parse_json(data, str(path)), str(path)).vocab
        except TokenizerFileError as exc:
            expected = str(exc)
        try:
            got: object = {i: b for i, b in load_tokenizer(path).vocab.items() if i >= 30}  # (not the specials)
        except TokenizerFileError as exc:
            got = str(exc)
        assert got == expected
        return
    with pytest.raises(TokenizerFileError, match=message.replace("[", r"\[").replace("]", r"\]")):
        load_tokenizer(path)


@pytest.mark.slow
def test_the_released_file_read_in_place_equals_its_whole_parse() -> None:
    path = shared_tokenizer("mistral_tekken_240718.json")
    data = path.read_bytes()
    read = parse_with_rows(data, str(path))
    whole = parse_json(data, str(path))
    assert read is not None and isinstance(read["vocab"], TekkenRows)
    assert read["config"] == whole["config"] and list(read) == list(whole)
    assert read["vocab"].b64(len(whole["vocab"])) == [e["token_bytes"].encode() for e in whole["vocab"]]
