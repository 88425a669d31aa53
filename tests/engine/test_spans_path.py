"""Long mostly multi-byte text on the pure path: its pieces as byte offsets, all through the
vectorised merge at once (``Encoder._ids_spans``), checked against tiktoken.

No ``bytes`` object or cache lookup per piece: only special tokens and pieces equal to a whole
token that the merges do not make of its own bytes (tiktoken's rule; Llama 3's rank file has
588) take fixed ids, every other piece is merged.
"""

from __future__ import annotations

import cProfile
import functools
import pstats
from collections.abc import Iterator

import pytest
from hypothesis import given, settings, strategies as st

from bpe_engine import Tokenizer, tokenizer_core
from bpe_engine.encode import encoder as encoder_module, whole as whole_module

from ..conftest import data_text
from .test_pure_path import _MIXED, _real

tiktoken = pytest.importorskip("tiktoken")


@functools.cache
def _pair(name: str) -> tuple[Tokenizer, object, int]:
    if name == "o200k":
        ours, ref, offset = Tokenizer.from_tiktoken("o200k_base"), tiktoken.get_encoding("o200k_base"), 0
    else:
        ours, ref, offset = _real(name)
    ours.encoder.tables.merge_tables()  # else a lazy open sends texts to the core until then
    return ours, ref, offset


class _Spy:
    """Counts the calls of ``Encoder._ids_spans`` while active, with the pure path forced and
    the length threshold at ``threshold``."""

    def __init__(self, threshold: int) -> None:
        self.threshold = threshold
        self.calls = 0

    def __enter__(self) -> _Spy:
        spans = encoder_module.Encoder._ids_spans
        self.saved = (
            tokenizer_core._CORE_MIN,
            tokenizer_core._CORE_BUILT_MIN,
            encoder_module._SPANS_MIN,
            spans,
        )
        tokenizer_core._CORE_MIN = tokenizer_core._CORE_BUILT_MIN = 1 << 62
        encoder_module._SPANS_MIN = self.threshold

        def counted(enc: encoder_module.Encoder, *args: object) -> list[int]:
            self.calls += 1
            return spans(enc, *args)  # type: ignore[arg-type]

        encoder_module.Encoder._ids_spans = counted  # type: ignore[method-assign]
        return self

    def __exit__(self, *exc: object) -> None:
        (
            tokenizer_core._CORE_MIN,
            tokenizer_core._CORE_BUILT_MIN,
            encoder_module._SPANS_MIN,
            encoder_module.Encoder._ids_spans,  # type: ignore[method-assign]
        ) = self.saved


def _long_chinese() -> str:
    """tests/data's Chinese, forwards and backwards, with English, digits and blank lines
    between, past twice the offsets path's threshold."""
    part = data_text("chinese.txt")
    text = ""
    while len(text) < 2 * encoder_module._SPANS_MIN:
        text += part + " the 世界 2024 don't\n\n" + part[::-1]
    return text


def _expected(ref: object, offset: int, text: str) -> list[int]:
    return [i + offset for i in ref.encode_ordinary(text)]  # type: ignore[attr-defined]


@pytest.fixture
def spy() -> Iterator[_Spy]:
    with _Spy(1) as s:
        yield s


@pytest.mark.slow
@pytest.mark.parametrize("name", ["o200k", "qwen", "llama3", "tekken"])
@settings(max_examples=60, deadline=None)
@given(text=st.text(alphabet=st.sampled_from(_MIXED), min_size=1, max_size=80))
def test_short_mixed_texts_through_offsets_give_tiktokens_ids(name: str, text: str) -> None:
    """Any mostly multi-byte text (the threshold lowered to one character), cold and warm,
    with special tokens: tiktoken's ids, and the offsets path answered."""
    ours, ref, offset = _pair(name)
    text = "中文" * 8 + text + "\u05c8't" + text[::-1]
    with _Spy(1) as s:
        ours.clear_cache()
        assert ours.encode_ordinary(text) == _expected(ref, offset, text)
        assert ours.encode_ordinary(text) == _expected(ref, offset, text)
        if not offset:  # Tekken's reference matches no special tokens
            doc = "<|endoftext|>" + text + "<|endoftext|>" + text
            assert ours.encode(doc, allowed_special="all") == ref.encode(doc, allowed_special="all")  # type: ignore[attr-defined]
        assert s.calls >= 2 or not encoder_module.mostly_multibyte(text)


@pytest.mark.parametrize("name", ["o200k", "qwen", "llama3", "tekken"])
def test_long_chinese_text_takes_the_offsets_path_with_tiktokens_ids(name: str) -> None:
    """Chinese past the default threshold (tests/data's Chinese, repeated, with English, digits
    and special tokens between): tiktoken's ids, cold and again with a warm cache."""
    ours, ref, offset = _pair(name)
    text = _long_chinese()
    with _Spy(encoder_module._SPANS_MIN) as s:
        ours.clear_cache()
        assert ours.encode_ordinary(text) == _expected(ref, offset, text)
        assert ours.encode_ordinary(text) == _expected(ref, offset, text)
        if not offset:
            doc = text + "<|endoftext|>" + text[:5000] + "<|endoftext|>"
            assert ours.encode(doc, allowed_special="all") == ref.encode(doc, allowed_special="all")  # type: ignore[attr-defined]
        assert s.calls >= 2


def test_pieces_equal_to_tokens_the_merges_do_not_make_take_tiktokens_rule(spy: _Spy) -> None:
    """Llama 3's rank file has whole tokens that its merges do not make of their own bytes
    (tiktoken takes such a piece as the token); every one of them as a piece among Chinese."""
    ours, ref, _ = _pair("llama3")
    keys, unmade = ours.encoder.tables.derived("unmade_tokens", whole_module.unmade_tokens)
    assert unmade and keys.size
    words = [b.decode("utf-8") for b in unmade if b.decode("utf-8", "replace") == b.decode("utf-8", "ignore")]
    text = "中文。\n" * 3000 + "。\n".join(words) + "。\n中文"
    pieces = set(ours.encoder.tables.pretokenizer.utf8_pieces(text)[0])  # type: ignore[index]
    assert len(pieces & set(unmade)) > 100  # the rule matters for these pieces
    ours.clear_cache()
    assert ours.encode_ordinary(text) == ref.encode_ordinary(text)  # type: ignore[attr-defined]
    assert spy.calls == 1


def test_tables_without_unmade_tokens() -> None:
    """Qwen's, Tekken's and o200k's tokens are all made by their merges: no piece is looked
    up (the flat merge answers for every piece)."""
    for name in ("o200k", "qwen", "tekken"):
        ours, _, _ = _pair(name)
        keys, unmade = ours.encoder.tables.derived("unmade_tokens", whole_module.unmade_tokens)
        assert not unmade and not keys.size, name


@pytest.mark.parametrize("name", ["qwen", "llama3", "tekken"])
def test_edges_through_offsets(name: str, spy: _Spy) -> None:
    """Text that is one special token, special tokens side by side, one character, a lone
    piece of one repeated character, an empty text: tiktoken's ids."""
    ours, ref, offset = _pair(name)
    texts = ["中", "中" * 5000, "的" * 3001, "中文" * 50 + "a" * 3000, "\u3000" * 100, "。" * 999, "𝐀" * 400]
    for text in texts:
        ours.clear_cache()
        assert ours.encode_ordinary(text) == _expected(ref, offset, text), text[:10]
    assert ours.encode_ordinary("") == []
    if not offset:
        for doc in ("<|endoftext|>", "<|endoftext|><|endoftext|>中文", "中文<|endoftext|>"):
            assert ours.encode(doc, allowed_special="all") == ref.encode(doc, allowed_special="all")  # type: ignore[attr-defined]


def _python_calls(ours: Tokenizer, text: str) -> int:
    ours.clear_cache()
    prof = cProfile.Profile()
    prof.enable()
    ours.encode_ordinary(text)
    prof.disable()
    return int(pstats.Stats(prof).total_calls)  # type: ignore[attr-defined]


@pytest.mark.parametrize("name", ["qwen", "tekken"])
def test_one_huge_piece_or_one_repeated_character_costs_no_call_per_character(name: str, spy: _Spy) -> None:
    """One piece of 40 000 / 160 000 different CJK characters, and one character repeated as
    often: the number of Python calls does not grow with the length (the work is NumPy's,
    linear in the bytes: measured in docs/PERFORMANCE.md), and the ids are tiktoken's."""
    ours, ref, offset = _pair(name)
    for make in (lambda n: "".join(chr(0x4E00 + i % 20_000) for i in range(n)), lambda n: "中" * n):
        small, big = make(40_000), make(160_000)
        assert ours.encode_ordinary(big) == _expected(ref, offset, big)
        calls_small, calls_big = _python_calls(ours, small), _python_calls(ours, big)
        assert calls_big <= calls_small + 50
