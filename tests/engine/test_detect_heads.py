"""The format detectors that look at a file's head without copying the file give what the
plain definitions (everything split, then the first lines looked at) give: a rank file's first
line, a ``vocab.txt``'s first 4096 lines holding no space or tab, a ``merges.txt``'s first line."""

from __future__ import annotations

import random

import pytest

from bpe_engine.formats import bert_vocab
from bpe_engine.formats.base import Content
from bpe_engine.formats.gpt2 import is_merges_txt
from bpe_engine.formats.tiktoken import is_rank_file
from bpe_engine.formats.tiktoken.settings import _RANK_LINE


def _rank_file_plainly(data: bytes) -> bool:
    return bool(_RANK_LINE.fullmatch(data.lstrip(b"\n").split(b"\n", 1)[0]))


def _merges_plainly(data: bytes) -> bool:
    if data.startswith(b"#version"):
        return True
    first = data.split(b"\n", 1)[0].rstrip(b"\r")
    parts = first.split(b" ")
    return len(parts) == 2 and all(parts) and not parts[1].isdigit() and b"\x00" not in first


def _contents() -> list[bytes]:
    rng = random.Random(9)
    out = [b"", b"\n" * 5000, b"\n" * 5000 + b"YQ== 0\n", b"YQ== 0", b"a b\n", b"a b", b"#version\n"]
    out += [b"\n" * 4095 + b"YQ== 0 " + b"x" * 5000, b"\n\n" + b"QUJD" * 2000 + b" 12\n"]
    lines = [b"[UNK]", b"a", b"b", b"##c", b"\xe4\xb8\xad", b"x y", b"\tz", b"", b"YQ== 1", b"d\r"]
    for _ in range(300):
        count = rng.choice([1, 5, 4095, 4096, 4097, 5000])
        weights = [1, 50, 50, 20, 5, rng.choice([0, 0.01, 1]), rng.choice([0, 0.01]), 1, 1, 1]
        body = b"\n".join(rng.choices(lines, weights=weights, k=count))
        if rng.random() < 0.2:  # a long file: the 1 MB head limit cuts a line
            body = body + b"\n" + b"q" * rng.choice([1 << 20, (1 << 20) - 3]) + rng.choice([b" r", b"\n s", b""])
        out.append(rng.choice([b"", b"\n"]) + body)
    return out


@pytest.mark.parametrize("name", ["vocab.txt", "other.txt"])
def test_head_detectors_agree_with_the_plain_definitions(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    for data in _contents():
        assert is_rank_file(data) == _rank_file_plainly(data)
        assert is_merges_txt(data) == _merges_plainly(data)
        content = Content(name, data)
        fast = bert_vocab._detect(content)
        with monkeypatch.context() as m:
            m.setattr(bert_vocab, "_space_in_head", lambda data: False)  # the full reading alone
            assert bert_vocab._detect(content) == fast
