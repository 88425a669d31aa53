"""Opening a byte-level ``tokenizer.json`` fast: the vocabulary and merges read at once (in C
loops), the merges resolved at once and the merge-all check in NumPy give what the loops a
token at a time give, and fall back to those loops (and their messages) on anything wrong."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from bpe_engine import Tokenizer, _vocab, load_tokenizer
from bpe_engine.errors import TokenizerFileError
from bpe_engine.formats import hf
from bpe_engine.formats.gpt2 import gpt2_bytes_to_unicode
from bpe_engine.formats.hf import byte_level

from .formats_support import shared_tokenizer

tokenizers = pytest.importorskip("tokenizers", reason="the reference library: pip install tokenizers")

LLAMA = "llama3.2_tokenizer.json"


def _one_at_a_time(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(byte_level, "_bulk_vocab", lambda *args: None)
    monkeypatch.setattr(byte_level, "_bulk_merges", lambda *args: None)
    monkeypatch.setattr(_vocab, "_resolve_at_once", lambda *args: None)


def test_llama_read_at_once_as_one_at_a_time(monkeypatch: pytest.MonkeyPatch) -> None:
    path = str(shared_tokenizer(LLAMA))
    with open(path, encoding="utf-8") as f:
        obj = json.load(f)
    fast = hf.data_from_hf(obj, path)
    vocab = dict(fast.vocab)
    byte_id = _vocab.byte_ids(vocab)
    resolved = _vocab.resolve_merges(vocab, fast.merges, fast.merge_ids, byte_id, True)
    _one_at_a_time(monkeypatch)
    slow = hf.data_from_hf(obj, path)
    assert list(fast.vocab.items()) == list(slow.vocab.items())
    assert fast.merges == slow.merges and fast.merge_ids == slow.merge_ids
    assert fast.special_tokens == slow.special_tokens
    assert resolved == _vocab.resolve_merges(vocab, slow.merges, slow.merge_ids, byte_id, True)


def test_llama_opened_fast_encodes_as_tokenizers() -> None:
    path = shared_tokenizer(LLAMA)
    tok = load_tokenizer(path)
    ref = tokenizers.Tokenizer.from_file(str(path))
    text = "Opening Llama 3.2 fast: 打开 it again, déjà vu, def f(x):\n    return x ** 2  # 😀"
    assert tok.encode_ordinary(text) == ref.encode(text, add_special_tokens=False).ids
    assert len(tok.vocab) == ref.get_vocab_size()


def _small(merges: list[Any], vocab: dict[str, int] | None = None) -> dict[str, Any]:
    tokens = {c: i for i, c in enumerate(gpt2_bytes_to_unicode().values())}
    tokens.update(vocab or {})
    return {
        "model": {"type": "BPE", "vocab": tokens, "merges": merges},
        "pre_tokenizer": {"type": "ByteLevel", "add_prefix_space": False, "trim_offsets": True, "use_regex": True},
        "decoder": {"type": "ByteLevel", "add_prefix_space": False, "trim_offsets": True, "use_regex": True},
    }


def _write(tmp_path: Path, obj: dict[str, Any], folder: str = "file") -> Path:
    path = tmp_path / folder / "tokenizer.json"
    path.parent.mkdir(exist_ok=True)
    path.write_text(json.dumps(obj), encoding="utf-8")
    return path


def test_damaged_merges_are_named_as_before(tmp_path: Path) -> None:
    """What the fast paths leave to the loops still gets the loops' messages."""
    extra = {"ab": 256, "abc": 257}
    cases = {
        "an unknown part": (["a b", "ab z!"], r"merges\[1\]"),
        "no token for the result": (["a b", "b c"], r"merges\[1\]"),
        "a merge twice": (["a b", "ab c", "a b"], "repeats merge 0"),
        "three parts": (["a b c"], r"merges\[0\]"),
    }
    for label, (merges, message) in cases.items():
        path = _write(tmp_path, _small(merges, extra), label)
        tok = load_tokenizer(path)  # the merges are resolved on first use, and refused then
        with pytest.raises(TokenizerFileError, match=message):
            tok.merge_ids()
    bad_token = _small(["a b"], {"ab": 256, "a\u4e00": 300})
    with pytest.raises(TokenizerFileError, match="not in the byte-level alphabet"):
        load_tokenizer(_write(tmp_path, bad_token))


def test_small_file_read_at_once_as_one_at_a_time(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    obj = _small(["a b", "ab c", "Ġ a", "Ġa b"], {"ab": 256, "abc": 257, "Ġa": 258, "Ġab": 259})
    path = _write(tmp_path, obj)
    fast = Tokenizer.from_data(hf.data_from_hf(obj, str(path)))
    _one_at_a_time(monkeypatch)
    slow = Tokenizer.from_data(hf.data_from_hf(obj, str(path)))
    assert fast.vocab == slow.vocab and fast.merges == slow.merges
    text = "abc ab a b abcabc"
    assert fast.encode(text) == slow.encode(text)
    ref = tokenizers.Tokenizer.from_file(str(path))
    assert fast.encode(text) == ref.encode(text).ids


def _merge_all_safe_by_definition(pairs: list[tuple[int, int]], new: list[int]) -> bool:
    """Every merge that uses a token ranks after every merge that makes it."""
    return all(r_use > r_make for r_make, z in enumerate(new) for r_use, p in enumerate(pairs) if z in p)


def test_merge_all_safe_as_its_definition() -> None:
    rng = random.Random(21)
    for _ in range(300):
        n = rng.randint(0, 12)
        new = [256 + r for r in range(n)]
        pairs = [(rng.randint(0, 255 + n), rng.randint(0, 255 + n)) for _ in range(n)]
        if rng.random() < 0.5:  # merges learned in order: only earlier tokens used
            pairs = [(rng.randint(0, 255 + r), rng.randint(0, 255 + r)) for r in range(n)]
        assert _vocab.merge_all_safe(pairs, new) == _merge_all_safe_by_definition(pairs, new), (pairs, new)
